"""River's learned bid model (atout.bots.river_bid) and the tree search bidding by it."""

from __future__ import annotations

import math
import random

import pytest

import atout
from atout.bots.river_bid import (
    BID_FEATURES,
    HAND_FEATURES,
    MAX_TRICKS,
    BidModel,
    Situation,
    shipped,
)
from atout.bots.river_mcts import RiverMCTS
from atout.cards import parse_cards
from atout.conformance import twin
from atout.core.actions import Bid
from atout.river import RiverView

from ..river.helpers import deal, play

INPUTS = len(HAND_FEATURES) + len(BID_FEATURES)


def _fixed(chances: list[float], hidden: int = 4) -> BidModel:
    """A model that gives these chances of 0, 1, 2 … tricks whatever the hand and bid."""
    b2 = [math.log(p) if p > 0 else -50.0 for p in chances]
    b2 += [-50.0] * (MAX_TRICKS + 1 - len(b2))
    return BidModel({
        "mean": [0.0] * INPUTS, "scale": [1.0] * INPUTS,
        "w1": [[0.0] * hidden for _ in range(INPUTS)], "b1": [0.0] * hidden,
        "w2": [[0.0] * (MAX_TRICKS + 1) for _ in range(hidden)], "b2": b2,
    })  # fmt: skip


def _view(state: atout.State, seat: int) -> RiverView:
    view = state.view(seat)
    assert isinstance(view, RiverView)
    return view


def test_the_situation_reads_the_place_and_the_earlier_bids_off_the_view() -> None:
    """RULES.md §2 "Bids": bidding starts left of the dealer and goes left; the dealer last."""
    state = deal(["AS KS QS", "2C 3C 4C", "AH KH QH", "2D 3D 4D"], "5S", dealer=3)
    first = Situation.of(_view(state, 0))
    assert (first.place, first.earlier, first.players, first.cards) == (0, (), 4, 3)
    assert first.trump == 3 and first.turned == parse_cards("5S")[0]
    play(state, "bid 3", "bid 0", "bid 2")
    dealer = Situation.of(_view(state, 3))
    assert (dealer.place, dealer.earlier) == (3, (3, 0, 2))
    features = dict(zip(HAND_FEATURES, dealer.features(), strict=True))
    assert features["dealer"] == 1.0 and features["earlier"] == pytest.approx(5 / 3)
    assert features["trumps"] == 0 and features["voids"] == 2  # 2D 3D 4D: no clubs, no hearts
    mine = dict(zip(HAND_FEATURES, first.features(), strict=True))
    assert (mine["trumps"], mine["trump_a"], mine["trump_k"], mine["trump_q"]) == (3, 1, 1, 1)


def test_sealed_bids_have_no_situation() -> None:
    game = atout.load("river(start_cards=3,simultaneous_bids=true)")
    state = game.new_match(seed=2)
    seat = (_view(state, 0).dealer + 2) % 4
    with pytest.raises(ValueError, match="sealed"):
        Situation.of(_view(state, seat))


def test_the_bid_chosen_has_the_most_expected_points_by_the_score() -> None:
    """RULES.md §2 "Score": a trick a point and 10 more for an exact bid; under exact_only
    nothing but 10 + tricks when exact."""
    state = deal(["AS KS QS", "2C 3C 4C", "AH KH QH", "2D 3D 4D"], "5S", dealer=3)
    seat = Situation.of(_view(state, 0))
    model = _fixed([0.1, 0.2, 0.4, 0.3])
    value = model.expected_points(seat, [0, 1, 2, 3])
    mean = 0.2 + 0.8 + 0.9
    assert value == pytest.approx({b: mean + 10 * p for b, p in enumerate([0.1, 0.2, 0.4, 0.3])})
    assert model.choose(seat, [0, 1, 2, 3]) == 2
    assert model.choose(seat, [0, 1, 3]) == 3  # 2 forbidden (the hook): the next best chance
    exact = model.expected_points(seat, [0, 1, 2, 3], exact_only=True)
    assert exact == pytest.approx({0: 1.0, 1: 2.2, 2: 4.8, 3: 3.9})
    # Equal chances of 1 and 2 tricks: the standard score takes the lower bid, exact_only the
    # bid whose exact tricks are worth more.
    even = _fixed([0.0, 0.5, 0.5])
    assert even.choose(seat, [1, 2]) == 1 and even.choose(seat, [1, 2], exact_only=True) == 2


def test_no_more_tricks_than_the_round_has() -> None:
    state = deal(["AS", "2C", "AH", "2D"], "5S", dealer=3)
    chances = _fixed([0.1] * 11).tricks(Situation.of(_view(state, 0)).features() + [0.0] * 7, 1)
    assert chances == pytest.approx([0.5, 0.5])


def test_a_model_of_the_wrong_shape_is_refused() -> None:
    model = _fixed([1.0])
    weights = {"mean": model.mean[:-1], "scale": model.scale, "w1": model.w1, "b1": model.b1,
               "w2": model.w2, "b2": model.b2}  # fmt: skip
    with pytest.raises(ValueError, match="features"):
        BidModel(weights)


def test_the_shipped_model_bids_by_the_hand() -> None:
    """Three top trumps in a round of three bid three; three low cards of a plain suit bid
    none; and the shipped model says how it was made and beats the bid alone on held-out
    rounds."""
    model = shipped()
    assert str(model.meta["command"]).startswith("bench/train_river_bid.py")
    held, alone = model.meta["held_out_bits"], model.meta["bid_offset_bits"]
    assert isinstance(held, float) and isinstance(alone, float) and held < alone
    state = deal(["AS KS QS", "2C 3C 4C", "AH KH QH", "2D 3D 4D"], "5S", dealer=3)
    assert model.choose(Situation.of(_view(state, 0)), [0, 1, 2, 3]) == 3
    play(state, "bid 3")
    assert model.choose(Situation.of(_view(state, 1)), [0, 1, 2, 3]) == 0


def test_the_search_bids_by_the_model_legally_and_by_the_view() -> None:
    """RiverMCTS(bids="model") bids a legal number (never the one the hook forbids the
    dealer), the model's, and the same for two states that look the same from its seat."""
    game = atout.load("river(start_cards=5)")
    bot = RiverMCTS(iterations=50, time=30, bids="model")
    compared = 0
    for seed in range(100):
        state = game.new_match(seed=seed)
        while isinstance(state.legal_actions()[0], Bid):
            seat = state.to_act
            assert isinstance(seat, int)
            legal = state.legal_actions()
            choice = bot.choose(_view(state, seat), legal, random.Random(seed))
            assert choice in legal
            allowed = [a.tricks for a in legal if isinstance(a, Bid)]
            assert isinstance(choice, Bid)
            assert choice.tricks == shipped().choose(Situation.of(_view(state, seat)), allowed)
            state.apply(choice)
        seat = seed % 4
        pair = twin(game, seed, seed % 4, seat)
        if pair is None or pair[0].to_act != seat:
            continue
        a, b = pair
        first = bot.choose(a.view(seat), a.legal_actions(seat), random.Random(seed))
        assert first == bot.choose(b.view(seat), b.legal_actions(seat), random.Random(seed))
        compared += 1
        if compared == 6:
            break
    assert compared == 6


def test_bids_is_checked() -> None:
    with pytest.raises(ValueError, match="bids"):
        RiverMCTS(bids="guess")
