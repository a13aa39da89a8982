"""The search's playouts without closing make exactly the choices of the generic loop over the
legal actions less ``close``, and never close."""

from __future__ import annotations

import random

import pytest

import atout
from atout.bots.schnapsen_playout import playout_without_close
from atout.core.actions import Close
from atout.schnapsen import SchnapsenState

VARIANTS = [
    "schnapsen",
    "schnapsen(manual_claim=true)",
    "schnapsen(closer_fail_tricks_at_end=true,last_trick_ten=true)",
]


def _reference(state: SchnapsenState, random: random.Random) -> None:
    """Uniform among the legal actions in the engine's order, closing left out."""
    start = state.deals_done
    while state.deals_done == start and state.to_act is not None:
        legal = [a for a in state.legal_actions() if not isinstance(a, Close)]
        state.step(legal[int(random.random() * len(legal))])


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_playout_equals_the_generic_loop_without_closing(rules: str) -> None:
    game = atout.load(rules)
    rng = random.Random(len(rules))
    for seed in range(300):
        state = game.new_match(seed=seed)
        assert isinstance(state, SchnapsenState)
        for _ in range(seed % 12):  # from the middle of a deal too, after a close or not
            if state.to_act is None:
                break
            state.step(rng.choice(state.legal_actions()))
        if state.to_act is None:
            continue
        closed = state._closed_by
        other = state.clone()
        r1, r2 = random.Random(seed), random.Random(seed)
        playout_without_close(state, r1.random)
        _reference(other, r2)
        assert state == other
        assert r1.random() == r2.random()  # the same number of draws
        deal = state.result().deals[-1]
        assert deal.closed_by == (closed if closed >= 0 else None)
