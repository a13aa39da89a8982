"""The inlined random playout makes exactly the choices of the generic protocol loop."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.core.state import State

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


@pytest.mark.parametrize("rules", ["seven_up", "seven_up(gift=true)"])
def test_playout_from_every_stage_of_a_deal(rules: str) -> None:
    """From the stand or beg, the give or run, the discards and the tricks (led or not)."""
    game = atout.load(rules)
    rng = random.Random(3)
    stages = set()
    for seed in range(200):
        state = game.new_match(seed=seed)
        for _ in range(seed % 19):
            state.step(rng.choice(state.legal_actions()))
        stages.add(state.view(0).stage)
        other = state.clone()
        state.playout(random.Random(seed).random)
        State.playout(other, random.Random(seed).random)
        assert state == other
    expected = {"stand_or_beg", "discard", "play"} | ({"give_or_run"} if "gift" in rules else set())
    assert expected <= stages
