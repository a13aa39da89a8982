"""The engine against the plain reference model (tests/schnapsen/reference.py), on random
packs and random lines of play, in every variant: the legal sets agree at every step and the
deals end with the same winner, game points, reason and card points."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.cards import SCHNAPSEN_PACK, card_text

from .reference import Ref

VARIANTS = [
    "schnapsen",
    "schnapsen(closer_fail_tricks_at_end=true)",
    "schnapsen(manual_claim=true)",
    "schnapsen(last_trick_ten=true)",
    "schnapsen(closer_fail_tricks_at_end=true,manual_claim=true,last_trick_ten=true)",
]


def play_both(rules: str, pack: list[str], dealer: int, rng: random.Random) -> str:
    """Play one deal in the engine and the reference with the same random choices."""
    game = atout.load(rules)
    options = game.rules.to_dict()
    state = game.new_match(packs=[pack], dealer=dealer)
    ref = Ref(list(pack), dealer, **options)
    step = 0
    while ref.result is None:
        legal = sorted(str(a) for a in state.legal_actions())
        assert legal == sorted(ref.legal()), f"step {step}: {legal} != {sorted(ref.legal())}"
        assert state.to_act == ref.to_act
        action = _choose(state, legal, rng)
        state.apply(action)
        ref.apply(action)
        step += 1
        if ref.result is None:
            assert state.deals_done == 0, f"the engine ended the deal at step {step}"
    assert state.deals_done == 1, "the engine did not end the deal with the reference"
    deal = state.result().deals[0]
    assert (deal.winner, deal.points, deal.reason) == ref.result
    assert list(deal.card_points) == ref.points
    return deal.reason


def _choose(state: atout.State, legal: list[str], rng: random.Random) -> str:
    """Random, but claiming mostly when it is right, so manual-claim deals also run long."""
    if "claim" in legal:
        seat = state.to_act
        assert isinstance(seat, int)
        enough = state.view(seat).to_dict()["points"][seat] >= 66
        if rng.random() < (0.9 if enough else 0.05):
            return "claim"
        legal = [a for a in legal if a != "claim"]
    return rng.choice(legal)


@pytest.mark.parametrize("rules", VARIANTS)
@given(pack=st.permutations([card_text(c) for c in SCHNAPSEN_PACK]), dealer=st.integers(0, 1),
       seed=st.integers(0, 2**32))  # fmt: skip
def test_engine_agrees_with_the_reference(
    rules: str, pack: list[str], dealer: int, seed: int
) -> None:
    play_both(rules, pack, dealer, random.Random(seed))


@pytest.mark.parametrize("rules", VARIANTS)
def test_every_way_a_deal_ends_is_compared(rules: str) -> None:
    """Enough deals that every reason a deal can end occurs and is checked."""
    reasons: Counter[str] = Counter()
    rng = random.Random(rules)
    pack = [card_text(c) for c in SCHNAPSEN_PACK]
    for _ in range(400):
        rng.shuffle(pack)
        reasons[play_both(rules, pack, rng.randrange(2), rng)] += 1
    expected = {"66", "last_trick", "closer_failed", "opponent_66_after_close"}
    if "manual_claim" in rules:
        expected.add("wrong_claim")
    assert expected <= set(reasons), reasons
