"""Fixed River deals for the rule tests, written as hands rather than as pack orders."""

from __future__ import annotations

from collections.abc import Sequence

import atout
from atout.cards import FULL_PACK, card_text, parse_cards
from atout.river import RiverState


def pack(hands: Sequence[str], turned: str = "", dealer: int = 0) -> list[str]:
    """The pack that deals these hands (``hands[s]`` is seat ``s``'s, in the order dealt: one
    card at a time, starting left of ``dealer``) and turns ``turned``; the stock follows in
    card order."""
    n = len(hands)
    cards = [parse_cards(h) for h in hands]
    k = len(cards[0])
    assert all(len(h) == k for h in cards)
    order = [cards[(dealer + 1 + i) % n][j] for j in range(k) for i in range(n)]
    order += parse_cards(turned)
    assert len(order) == 52 or turned, "name the turned card when the stock is not empty"
    order += [c for c in FULL_PACK if c not in set(order)]
    return [card_text(c) for c in order]


def deal(
    hands: Sequence[str],
    turned: str = "",
    *,
    dealer: int,
    rules: str | None = None,
    more: list[list[str]] | None = None,
) -> RiverState:
    """A match whose first round deals these hands (the rules default to the players and
    start_cards the hands imply)."""
    n, k = len(hands), len(hands[0].split())
    game = atout.load(rules or f"river(players={n},start_cards={k})")
    assert game.seats == n and game.rules.schedule()[0] == k  # type: ignore[attr-defined]
    state = game.new_match(seed=1, packs=[pack(hands, turned, dealer), *(more or [])],
                           dealer=dealer)  # fmt: skip
    assert isinstance(state, RiverState)
    return state


def play(state: atout.State, *actions: str) -> list[atout.Event]:
    """Apply actions in order (each by the seat to act); all their events."""
    events: list[atout.Event] = []
    for a in actions:
        events += state.apply(a)
    return events


def texts(actions: list[atout.Action]) -> list[str]:
    return [str(a) for a in actions]


def seat_to_act(state: atout.State) -> int:
    """The one seat to act (a test helper for rounds bid in turn)."""
    to_act = state.to_act
    assert isinstance(to_act, int)
    return to_act
