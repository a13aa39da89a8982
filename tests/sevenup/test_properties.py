"""Seven Up properties over random matches, and the conformance kit's Seven Up checks."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout import conformance
from atout.cards import CardSet, Rank
from atout.sevenup import SevenUpState

from .test_against_reference import VARIANTS

TURN_UPS = (12, 19, 26, 33, 40, 47)


def jacks_that_may_score(pack: tuple[int, ...] | list[int]) -> int:
    """How many turned Jacks can score in a deal of this pack: the first turn-up, and the
    first turn-up of another suit that a run can reach (RULES.md §1 "Stand or beg")."""
    first = pack[TURN_UPS[0]]
    jacks = first % 13 == Rank.JACK
    for pos in TURN_UPS[1:]:
        if pack[pos] // 13 != first // 13:
            return jacks + (pack[pos] % 13 == Rank.JACK)
    return jacks


@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**40))
def test_hand_totals(rules: str, seed: int) -> None:
    """At most 4 points from the play (High, Low, Jack, Game) per hand, plus the turned Jacks
    the pack allows and 1 if the dealer gave one; the scores are the deals' points added up."""
    game = atout.load(rules)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    gifts: set[int] = set()
    while state.to_act is not None:
        action = rng.choice(state.legal_actions())
        if str(action) == "give":
            gifts.add(state.view(None).to_dict()["deal"])
        state.apply(action)
    deals = state.result().to_dict()["deals"]
    for deal, pack in zip(deals, state.packs, strict=True):
        bound = 4 + jacks_that_may_score(pack) + (deal["deal"] in gifts)
        assert sum(deal["points"]) <= bound, (deal, bound)
        if deal["void"]:
            assert deal["points"] == [0, 0]
    totals = [sum(d["points"][s] for d in deals) for s in (0, 1)]
    assert list(state.result().scores) == totals
    assert max(totals) >= 7 and totals[0] != totals[1]


def test_the_hiding_check_catches_a_view_showing_the_other_discards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The kit is not vacuous on Seven Up: a view showing both seats' discards fails it."""
    honest = SevenUpState.view

    def leaky(self: SevenUpState, seat: int | None) -> atout.View:
        v = honest(self, seat)
        if seat is None:
            return v
        return dataclasses.replace(v, discards=CardSet(self._discards[0] | self._discards[1]))

    monkeypatch.setattr(SevenUpState, "view", leaky)
    game = atout.load("seven_up")
    with pytest.raises(conformance.ConformanceError, match="unseen cards"):
        for seed in range(40):
            conformance.check_views_hide(game, seed, 12, seed % 2)


def test_the_hiding_check_catches_a_view_that_depends_on_the_undealt_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view whose numbers depend on hidden cards (here: whether the next run would turn up
    the first suit again) fails too."""
    honest = SevenUpState.view

    def leaky(self: SevenUpState, seat: int | None) -> atout.View:
        v = honest(self, seat)
        upcoming = self._pack[self._pos + 6] // 13 if self._pos + 6 < 52 else -1
        return dataclasses.replace(v, cards_left=v.cards_left + (upcoming == self._trump))

    monkeypatch.setattr(SevenUpState, "view", leaky)
    game = atout.load("seven_up")
    with pytest.raises(conformance.ConformanceError, match="depends on cards"):
        for seed in range(40):
            conformance.check_views_hide(game, seed, 3, seed % 2)


@pytest.mark.patches_engine
def test_the_points_invariant_catches_a_wrong_score(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit's Seven Up invariant is not vacuous: a point scored twice fails it."""
    honest = SevenUpState._give

    def generous(self: SevenUpState, seat: int, events: list[atout.Event] | None) -> None:
        honest(self, seat, events)
        self._scores[1 - seat] += 1

    monkeypatch.setattr(SevenUpState, "_give", generous)
    game = atout.load("seven_up(gift=true)")
    with pytest.raises(conformance.ConformanceError, match="the deals add up to"):
        for seed in range(40):
            conformance.check_random_play(game, seed)
