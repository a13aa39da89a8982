"""The inlined random playout makes exactly the choices of the generic protocol loop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.core.state import State
from atout.schnapsen import SchnapsenState
from atout.schnapsen.playout import random_playout

from .test_against_reference import VARIANTS


@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**32))
def test_playout_equals_the_generic_loop(rules: str, seed: int) -> None:
    game = atout.load(rules)
    fast = game.new_match(seed=seed)
    slow = fast.clone()
    r1, r2 = random.Random(seed), random.Random(seed)
    while fast.to_act is not None:
        fast.playout(r1.random)
        State.playout(slow, r2.random)
        assert fast == slow
        assert fast.deals_done == slow.deals_done
    assert r1.random() == r2.random()  # the same number of draws


def test_playout_from_the_middle_of_a_deal() -> None:
    game = atout.load("schnapsen")
    rng = random.Random(3)
    for seed in range(200):
        state = game.new_match(seed=seed)
        for _ in range(seed % 9):
            state.step(rng.choice(state.legal_actions()))
        other = state.clone()
        state.playout(random.Random(seed).random)
        State.playout(other, random.Random(seed).random)
        assert state == other


@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**32), stop=st.sampled_from([0, 2, 4, 6, 8]))
def test_a_stopped_playout_stops_at_the_exact_stage_and_plays_on_the_same(
    rules: str, seed: int, stop: int
) -> None:
    """Stopped at ``stop``, a playout is between tricks, after the first draw that leaves at
    most ``stop`` cards in the stock, or a close, or the deal's end; played on from there, it
    ends in the state of the playout never stopped, with the same random numbers drawn."""
    game = atout.load(rules)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    for _ in range(seed % 9):
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, SchnapsenState)
    whole, stopped = state.clone(), state.clone()
    r1, r2 = random.Random(seed), random.Random(seed)
    whole.playout(r1.random)
    random_playout(stopped, r2.random, stop)
    if stopped.deals_done == state.deals_done:
        assert stopped.view(0).trick == ()
        if not stopped.is_endgame():
            # The stock shrinks by two a trick: the first draw that reaches ``stop`` stopped it.
            first = stop if state.stock_size > stop else state.stock_size - 2
            assert stopped.stock_size == first
        elif stopped._closed_by >= 0 and state._closed_by < 0:
            # A close stops it before any draw reaches ``stop``.
            assert stopped.stock_size > stop or stopped.stock_size == state.stock_size
        random_playout(stopped, r2.random)
    assert stopped == whole
    assert r1.random() == r2.random()
