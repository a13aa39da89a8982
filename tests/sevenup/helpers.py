"""Fixed Seven Up deals for the rule tests, written as hands rather than as pack orders."""

from __future__ import annotations

from collections.abc import Sequence

import atout
from atout.cards import FULL_PACK, card_text, parse_cards
from atout.sevenup import SevenUpState

#: A run: the turn-up alone (the six cards dealt before it come from the rest of the pack, in
#: card order), or eldest's three cards, the dealer's three and the turn-up.
Run = str | tuple[str, str, str]


def pack(eldest: str, dealer: str, turn_up: str, runs: Sequence[Run] = ()) -> list[str]:
    """The pack that deals these hands (six cards each, in dealing order: eldest gets the 1st to
    3rd and 7th to 9th cards) and turns ``turn_up``, then runs the cards as ``runs`` say; the
    other cards follow in card order."""
    e, d, t = parse_cards(eldest), parse_cards(dealer), parse_cards(turn_up)
    assert len(e) == 6 and len(d) == 6 and len(t) == 1
    named = [*e, *d, *t]
    for run in runs:
        named += parse_cards(" ".join(run) if isinstance(run, tuple) else run)
    assert len(set(named)) == len(named), "a card is named twice"
    rest = [c for c in FULL_PACK if c not in named]
    order = e[:3] + d[:3] + e[3:] + d[3:] + t
    for run in runs:
        if isinstance(run, tuple):
            order += parse_cards(run[0]) + parse_cards(run[1]) + parse_cards(run[2])
        else:
            order += rest[:6] + parse_cards(run)
            rest = rest[6:]
    order += rest
    assert sorted(order) == list(FULL_PACK)
    return [card_text(c) for c in order]


def deal(
    eldest: str,
    dealer: str,
    turn_up: str,
    runs: Sequence[Run] = (),
    *,
    rules: str = "seven_up",
    more: Sequence[Sequence[str]] = (),
    scores: tuple[int, int] | None = None,
) -> SevenUpState:
    """A match whose first deal is this one, seat 1 dealing (so seat 0 is eldest and leads).

    ``scores`` starts the match at those points: reaching them through whole hands would bury
    the rule under test in lines of play that have nothing to do with it. The engine keeps the
    match score in ``_scores`` (see :mod:`atout.sevenup.state`); a turned Jack in the first deal
    has already added its point."""
    game = atout.load(rules)
    state = game.new_match(seed=1, packs=[pack(eldest, dealer, turn_up, runs), *more], dealer=1)
    assert isinstance(state, SevenUpState)
    if scores is not None:
        state._scores = [scores[0] + state._scores[0], scores[1] + state._scores[1]]
    return state


def play(state: atout.State, *actions: str) -> list[atout.Event]:
    """Apply actions in order (each by the seat to act); all their events."""
    events: list[atout.Event] = []
    for a in actions:
        events += state.apply(a)
    return events


def texts(actions: Sequence[atout.Action]) -> list[str]:
    return [str(a) for a in actions]


def last_deal(state: atout.State) -> dict[str, object]:
    """The newest finished deal's result, as plain data."""
    return state.result().deals[-1].to_dict()  # type: ignore[no-any-return]
