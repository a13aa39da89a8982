"""The conformance kit's River parts: its checks on a round without trumps, and the River
invariant, which must catch a score sheet whose numbers do not add up."""

from __future__ import annotations

import dataclasses

import pytest

import atout
from atout import conformance
from atout.river import RiverState

from .test_rules import random_match


def test_the_kit_on_a_round_without_trumps() -> None:
    """The kit's checks on the first round of ``start_cards=13`` (all 52 cards dealt), which
    the registered variants leave out to keep the kit quick."""
    game = atout.load("river(start_cards=13)")
    conformance.check_random_play(game, 3)
    conclusive = 0
    for seed in range(12):
        conformance.check_illegal_actions(game, seed, seed * 4)
        conformance.check_clone(game, seed, seed * 4)
        conclusive += conformance.check_views_hide(game, seed, seed * 4, seed % 4)
    assert conclusive >= 6


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda r: dataclasses.replace(r, tricks=(r.cards + 1, *r.tricks[1:])), "add up to"),
        (lambda r: dataclasses.replace(r, points=(r.points[0] + 1, *r.points[1:])), "scores"),
        (lambda r: dataclasses.replace(r, totals=(r.totals[0] + 1, *r.totals[1:])), "run on"),
    ],
)
def test_the_invariant_catches_a_wrong_sheet(change: object, match: str) -> None:
    state = random_match("river(start_cards=3)", seed=1)
    check = conformance.INVARIANTS["river"]
    check(state)
    assert isinstance(state, RiverState) and callable(change)
    state._sheet = (change(state._sheet[0]), *state._sheet[1:])
    with pytest.raises(conformance.ConformanceError, match=match):
        check(state)
