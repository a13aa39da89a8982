"""Schnapsen's learned card-location model: its features read the view only, trump-relative; its
weights turn into world weights as the odds say; the shipped model loads and is stamped; and
the search that uses it stays fair."""

from __future__ import annotations

import math
import random

import pytest

import atout
from atout.bots.schnapsen_infer import (
    CARDS,
    FEATURES,
    OFFSETS,
    CardModel,
    canonical,
    features,
    load_model,
)
from atout.bots.schnapsen_search import SchnapsenSearch
from atout.cards import SCHNAPSEN_PACK, bits, parse_card
from atout.conformance import check_fair_choice, twin
from atout.schnapsen import SchnapsenView
from atout.schnapsen.worlds import knowledge

from ..schnapsen.helpers import deal, play


def _zero() -> CardModel:
    return CardModel([0.0] * CARDS, [[0.0] * CARDS for _ in range(FEATURES)])


@pytest.mark.parametrize("trump", range(4))
def test_canonical_puts_trump_first_and_keeps_every_card(trump: int) -> None:
    indices = sorted(canonical(c, trump) for c in SCHNAPSEN_PACK)
    assert indices == list(range(CARDS))
    ace = next(c for c in SCHNAPSEN_PACK if c // 13 == trump and canonical(c, trump) == 4)
    assert atout.card_text(ace)[0] == "A"  # J 0 ... A 4 within a suit
    for c in SCHNAPSEN_PACK:
        assert (canonical(c, trump) < 5) == (c // 13 == trump)


def _view_after_a_throw() -> SchnapsenView:
    # Hearts are trump (QH turned). Seat 0 leads AC; seat 1 throws JS (neither clubs nor trump).
    state = deal("AC 10C KC QD JD", "AS 10S KS QS JS", "QH")
    play(state, "play AC", "play JS")
    view = state.view(0)
    assert isinstance(view, SchnapsenView)
    return view


def test_features_name_what_the_opponent_did_relative_to_trump() -> None:
    view = _view_after_a_throw()
    active = set(features(view))
    hearts = 2
    clubs_rel = 1  # clubs (0) sits below hearts: suit 1 once trump is suit 0
    assert OFFSETS["opp_followed"] + canonical(parse_card("JS"), hearts) in active
    assert OFFSETS["my_played"] + canonical(parse_card("AC"), hearts) in active
    assert OFFSETS["opp_threw"] + clubs_rel in active
    assert OFFSETS["opp_trumped"] + clubs_rel not in active
    assert OFFSETS["on_lead"] in active
    assert OFFSETS["stock"] + 4 in active  # 8 cards left in the stock
    assert OFFSETS["trump_card"] + canonical(parse_card("QH"), hearts) in active
    assert all(0 <= f < FEATURES for f in active)


def test_the_same_view_gives_the_same_features_whatever_is_hidden() -> None:
    """Features read the view: a twin state (the unseen cards elsewhere) gives the same ones."""
    game = atout.load("schnapsen")
    compared = 0
    for seed in range(60):
        pair = twin(game, seed, 3 + seed % 9, seed % 2)
        if pair is None or pair[0].to_act is None:
            continue
        a, b = (s.view(seed % 2) for s in pair)
        assert isinstance(a, SchnapsenView) and isinstance(b, SchnapsenView)
        assert features(a) == features(b)
        compared += 1
    assert compared >= 20


def test_a_card_with_higher_odds_weighs_its_worlds_up_by_those_odds() -> None:
    view = _view_after_a_throw()
    k = knowledge(view)
    x, y = bits(k.allowed)[:2]
    model = _zero()
    bias = list(model.bias)
    bias[canonical(x, view.trump)] = math.log(3.0)
    weigh = CardModel(bias, model.weights).weigher(view)
    others = k.allowed & ~(1 << x) & ~(1 << y)
    rest = next(iter(bits(others)))
    assert weigh((1 << x) | (1 << rest)) / weigh((1 << y) | (1 << rest)) == pytest.approx(3.0)
    # Tempered by a half: the square root of the odds.
    half = CardModel(bias, model.weights).weigher(view, 0.5)
    assert half(1 << x) / half(1 << y) == pytest.approx(math.sqrt(3.0))
    # With every weight 0 the model is the uniform draw: every world weighs 1.
    assert _zero().weigher(view)((1 << x) | (1 << rest)) == pytest.approx(1.0)


def test_a_model_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="biases"):
        CardModel([0.0] * 3, [[0.0] * CARDS for _ in range(FEATURES)])


def test_the_shipped_model_loads_and_says_how_it_was_made() -> None:
    model = load_model()
    assert len(model.bias) == CARDS and len(model.weights) == FEATURES
    assert model.meta["command"].startswith("bench/train_infer.py")
    held_out = model.meta["held_out_log_loss_bits"]
    assert held_out["model"] < held_out["uniform"]  # it beats the uniform draw on held-out play
    assert any(w != 0.0 for row in model.weights for w in row)


def test_infer_is_bounded() -> None:
    with pytest.raises(ValueError, match="infer"):
        SchnapsenSearch(infer=-1.0)


def test_the_search_with_the_model_chooses_fairly_and_legally() -> None:
    """Two states that look the same from the seat get the same choice (the model reads the
    view), and the choice is legal."""
    game = atout.load("schnapsen")
    bot = SchnapsenSearch(worlds=16, playouts=2, time=60, exact_stock=4, infer=1.0)
    compared = 0
    for seed in range(200):
        if compared == 4:
            break
        pair = twin(game, seed, 2 + seed % 11, seed % 2)
        if pair is not None and check_fair_choice(bot, pair, seed % 2, seed):
            compared += 1
    assert compared == 4


def test_the_model_changes_the_weights_the_search_uses() -> None:
    """With ``infer`` the worlds of one view no longer weigh alike."""
    view = _view_after_a_throw()
    game = atout.load("schnapsen")
    plain = SchnapsenSearch(infer=0.0).weigher(view, game)
    learned = SchnapsenSearch(infer=1.0).weigher(view, game)
    rng = random.Random(3)
    worlds = [game.sample_world(view, rng) for _ in range(20)]
    ratios = {round(learned(w) / plain(w), 9) for w in worlds if plain(w) > 0}
    assert len(ratios) > 1
