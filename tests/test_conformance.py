"""The conformance kit over every registered game and each of its variants."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout import conformance
from atout.games import game_class
from atout.schnapsen.layout import HAND

CASES = [text for name in atout.names() for text in game_class(name).variants()]
SEEDS = st.integers(0, 2**40)


@pytest.mark.parametrize("rules", CASES)
@given(seed=SEEDS)
def test_random_play_ends_conserving_cards(rules: str, seed: int) -> None:
    conformance.check_random_play(atout.load(rules), seed)


@pytest.mark.parametrize("rules", CASES)
@given(seed=SEEDS, steps=st.integers(0, 60))
def test_illegal_actions_raise_and_change_nothing(rules: str, seed: int, steps: int) -> None:
    conformance.check_illegal_actions(atout.load(rules), seed, steps)


@pytest.mark.parametrize("rules", CASES)
@given(seed=SEEDS, steps=st.integers(0, 60))
def test_clone_is_independent(rules: str, seed: int, steps: int) -> None:
    conformance.check_clone(atout.load(rules), seed, steps)


@pytest.mark.parametrize("rules", CASES)
@settings(max_examples=15)
@given(seed=SEEDS)
def test_record_replays_every_view(rules: str, seed: int) -> None:
    conformance.check_record_replay(atout.load(rules), seed)


@pytest.mark.parametrize("rules", CASES)
def test_views_hide_what_the_seat_cannot_see(rules: str) -> None:
    game = atout.load(rules)
    conclusive = 0
    for seed in range(60):
        for seat in range(game.seats):
            conclusive += conformance.check_views_hide(game, seed, seed % 40, seat)
    # The check must actually compare other worlds most of the time, or it proves nothing.
    assert conclusive >= 60


def test_the_hiding_check_catches_a_leaky_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The kit is not vacuous: a view that shows the other hand fails it."""
    from atout.schnapsen.state import SchnapsenState

    honest = SchnapsenState.view

    def leaky(self: SchnapsenState, seat: int | None) -> atout.View:
        v = honest(self, seat)
        if seat is None:
            return v
        return dataclasses.replace(v, hand=atout.CardSet(self._seats[HAND] | self._seats[HAND + 1]))

    monkeypatch.setattr(SchnapsenState, "view", leaky)
    game = atout.load("schnapsen")
    with pytest.raises(conformance.ConformanceError, match="unseen cards"):
        for seed in range(20):
            conformance.check_views_hide(game, seed, 10, 1)


def test_the_hiding_check_catches_a_view_that_depends_on_the_stock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A view whose numbers depend on hidden cards (here: the stock's points) fails too."""
    from atout.schnapsen.state import SchnapsenState
    from atout.schnapsen.tables import POINTS

    honest = SchnapsenState.view

    def leaky(self: SchnapsenState, seat: int | None) -> atout.View:
        v = honest(self, seat)
        hidden = sum(POINTS[c] for c in self._stock[self._stock_pos :])
        return dataclasses.replace(v, stock_size=hidden)

    monkeypatch.setattr(SchnapsenState, "view", leaky)
    game = atout.load("schnapsen")
    with pytest.raises(conformance.ConformanceError, match="depends on cards"):
        for seed in range(20):
            conformance.check_views_hide(game, seed, 4, 0)
