"""Fixed Schnapsen deals for the rule tests, written as hands rather than as pack orders."""

from __future__ import annotations

import atout
from atout.cards import SCHNAPSEN_PACK, card_text, parse_cards
from atout.schnapsen import SchnapsenState


def pack(eldest: str, dealer: str, trump: str, stock: str = "") -> list[str]:
    """The pack that deals these hands (five cards each, in dealing order) and turns ``trump``;
    ``stock`` lists the face-down stock in draw order, the rest following in card order."""
    e, d = parse_cards(eldest), parse_cards(dealer)
    t = parse_cards(trump)
    s = parse_cards(stock)
    assert len(e) == 5 and len(d) == 5 and len(t) == 1
    rest = [c for c in SCHNAPSEN_PACK if c not in {*e, *d, *t, *s}]
    order = e[:3] + d[:3] + t + e[3:] + d[3:] + s + rest
    return [card_text(c) for c in order]


def deal(
    eldest: str,
    dealer: str,
    trump: str,
    stock: str = "",
    *,
    rules: str = "schnapsen",
    more: list[list[str]] | None = None,
) -> SchnapsenState:
    """A match whose first deal is this one, seat 1 dealing (so seat 0 is eldest and leads)."""
    game = atout.load(rules)
    state = game.new_match(
        seed=1, packs=[pack(eldest, dealer, trump, stock), *(more or [])], dealer=1
    )
    assert isinstance(state, SchnapsenState)
    return state


def play(state: SchnapsenState, *actions: str) -> list[atout.Event]:
    """Apply actions in order (each by the seat to act); all their events."""
    events: list[atout.Event] = []
    for a in actions:
        events += state.apply(a)
    return events


def texts(actions: list[atout.Action]) -> list[str]:
    return [str(a) for a in actions]
