"""The inlined random playout makes exactly the choices of the generic protocol loop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.core.state import State

from .test_against_reference import VARIANTS


@pytest.mark.parametrize("rules", [*VARIANTS, "river"])
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


@pytest.mark.parametrize(
    "rules", ["river", "river(players=7,start_cards=3,simultaneous_bids=true)"]
)
def test_playout_from_the_middle_of_a_round(rules: str) -> None:
    """From any point, in the bidding (sealed bids half made, too) or in a trick."""
    game = atout.load(rules)
    rng = random.Random(3)
    for seed in range(200):
        state = game.new_match(seed=seed)
        for _ in range(seed % 23):
            to_act = state.to_act
            seat = to_act if isinstance(to_act, int) else rng.choice(sorted(to_act or ()))
            state.step(rng.choice(state.legal_actions(seat)), seat)
        other = state.clone()
        state.playout(random.Random(seed).random)
        State.playout(other, random.Random(seed).random)
        assert state == other
