"""Seven Up's learned card-location model: its features read the view only, relative to the
turn-up's suit; its weights turn into world weights as the odds say; the shipped model loads
and is stamped; and the search that uses it stays fair."""

from __future__ import annotations

import math
import random

import pytest

import atout
from atout.bots.sevenup_infer import (
    CARDS,
    FEATURES,
    OFFSETS,
    CardModel,
    allowed,
    canonical,
    features,
    load_model,
)
from atout.bots.sevenup_search import SevenUpSearch
from atout.cards import FULL_PACK, bits, parse_card
from atout.conformance import check_fair_choice, twin
from atout.sevenup import SevenUpState, SevenUpView

from ..sevenup.helpers import deal, play


def _view(state: SevenUpState, seat: int) -> SevenUpView:
    view = state.view(seat)
    assert isinstance(view, SevenUpView)
    return view


@pytest.mark.parametrize("trump", range(4))
def test_canonical_puts_trump_first_and_keeps_every_card(trump: int) -> None:
    indices = sorted(canonical(c, trump) for c in FULL_PACK)
    assert indices == list(range(CARDS))
    for c in FULL_PACK:
        assert (canonical(c, trump) < 13) == (c // 13 == trump)
        assert canonical(c, trump) % 13 == c % 13  # the rank is kept: 2 0 ... A 12


def _after_a_throw() -> SevenUpState:
    # Hearts proposed (3H turned); eldest (seat 0) stands and leads AC; the dealer (seat 1),
    # holding no club and no heart, throws 2S: a third suit (RULES.md §1 "Play").
    state = deal("AC KC QC JC 10C 9C", "2S 3S 4S 5S 6S 2D", "3H")
    play(state, "stand", "play AC", "play 2S")
    return state


def test_features_name_what_the_other_seat_did_relative_to_the_turn_up() -> None:
    view = _view(_after_a_throw(), 0)
    active = set(features(view))
    hearts = 2
    clubs_rel = 1  # clubs (0) sits below hearts: suit 1 once the turn-up's suit is suit 0
    assert OFFSETS["opp_followed"] + canonical(parse_card("2S"), hearts) in active
    assert OFFSETS["my_played"] + canonical(parse_card("AC"), hearts) in active
    assert OFFSETS["hand"] + canonical(parse_card("KC"), hearts) in active
    assert OFFSETS["opp_threw"] + clubs_rel in active
    assert OFFSETS["opp_trumped"] + clubs_rel not in active
    assert OFFSETS["turn_up"] + 1 in active  # the 3 is rank 1 (2 is 0)
    assert OFFSETS["tricks"] + 1 in active and OFFSETS["on_lead"] in active
    assert OFFSETS["runs"] + 0 in active
    # Seat 0 is eldest and stood: for the dealer's view the other seat stood.
    assert OFFSETS["opp_eldest"] not in active
    dealer = set(features(_view(_after_a_throw(), 1)))
    assert OFFSETS["opp_eldest"] in dealer and OFFSETS["opp_stood"] in dealer
    assert OFFSETS["opp_led"] + canonical(parse_card("AC"), hearts) in dealer
    assert all(0 <= f < FEATURES for f in active | dealer)


def test_a_beg_is_read_on_the_suit_first_proposed() -> None:
    """Eldest begs on hearts; the run turns a club, so clubs are trump and hearts, the suit
    begged on, are suit 2 relative to clubs (RULES.md §1 "Stand or beg")."""
    state = deal("AC KC QC JC 10C 9C", "2S 3S 4S 5S 6S 2D", "3H", [("4D 5D 6D", "7D 8D 9D", "2C")])
    play(state, "beg")
    dealer = _view(state, 1)
    assert dealer.trump == 0 and dealer.rejected == (parse_card("3H"),)
    active = set(features(dealer))
    assert OFFSETS["opp_begged"] + 2 in active and OFFSETS["opp_stood"] not in active
    assert OFFSETS["runs"] + 1 in active
    assert OFFSETS["rejected"] + canonical(parse_card("3H"), 0) in active


def test_the_same_view_gives_the_same_features_whatever_is_hidden() -> None:
    """Features read the view: a twin state (the unseen cards elsewhere) gives the same ones."""
    game = atout.load("seven_up")
    compared = 0
    for seed in range(80):
        seat = seed % 2
        pair = twin(game, seed, 2 + seed % 12, seat)
        if pair is None or pair[0].to_act is None:
            continue
        a, b = (s.view(seat) for s in pair)
        assert isinstance(a, SevenUpView) and isinstance(b, SevenUpView)
        assert features(a) == features(b)
        compared += 1
    assert compared >= 20


def test_a_card_with_higher_odds_weighs_its_worlds_up_by_those_odds() -> None:
    view = _view(_after_a_throw(), 0)
    x, y, rest = bits(allowed(view))[:3]
    zero = CardModel.zero()
    bias = list(zero.bias)
    bias[canonical(x, 2)] = math.log(3.0)
    weigh = CardModel(bias, zero.weights).weigher(view)
    assert weigh((1 << x) | (1 << rest)) / weigh((1 << y) | (1 << rest)) == pytest.approx(3.0)
    half = CardModel(bias, zero.weights).weigher(view, 0.5)
    assert half(1 << x) / half(1 << y) == pytest.approx(math.sqrt(3.0))
    # With every weight 0 the model is the uniform draw: every world weighs 1.
    assert zero.weigher(view)((1 << x) | (1 << rest)) == pytest.approx(1.0)


def test_the_voids_shown_leave_the_cards_out_of_doubt() -> None:
    """The dealer threw a spade to a club lead: it holds no club and no heart (the default
    follow rule), so no club or heart is scored for its hand."""
    view = _view(_after_a_throw(), 0)
    doubt = set(load_model().scores(view))
    assert doubt == set(bits(allowed(view)))
    assert not any(c // 13 in (0, 2) for c in doubt)


def test_a_model_of_the_wrong_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="biases"):
        CardModel([0.0] * 3, [[0.0] * CARDS for _ in range(FEATURES)])


def test_the_shipped_model_loads_and_says_how_it_was_made() -> None:
    model = load_model()
    assert len(model.bias) == CARDS and len(model.weights) == FEATURES
    assert model.meta["command"].startswith("bench/train_infer.py --game seven_up")
    held_out = model.meta["held_out_log_loss_bits"]
    assert held_out["model"] < held_out["uniform"]  # it beats the uniform draw on held-out play


def test_a_beg_makes_the_suit_begged_on_less_likely() -> None:
    """What the shipped model learned from ``hard``'s play: an eldest who begged on a suit
    (RULES.md §1 "Stand or beg": it refused that suit as trump) holds fewer of its cards than
    of the other plain suits'."""
    w = load_model().weights
    for s in (1, 2, 3):  # the suit begged on, relative to the new trump (never the trump)
        row = w[OFFSETS["opp_begged"] + s]
        begged = sum(row[s * 13 + r] for r in range(13)) / 13
        others = [sum(row[t * 13 + r] for r in range(13)) / 13 for t in (1, 2, 3) if t != s]
        assert begged < 0 and all(begged < o for o in others)


def test_the_search_with_the_model_chooses_fairly_and_legally() -> None:
    game = atout.load("seven_up")
    bot = SevenUpSearch(expert=False, time=60, play_worlds=8, bid_worlds=8, discard_worlds=8,
                        infer=1.0)  # fmt: skip
    compared = 0
    for seed in range(200):
        if compared == 6:
            break
        pair = twin(game, seed, 1 + seed % 14, seed % 2)
        if pair is not None and check_fair_choice(bot, pair, seed % 2, seed):
            compared += 1
    assert compared == 6


def test_infer_multiplies_the_model_odds_into_the_world_weights() -> None:
    """``infer`` weighs each world by the model's odds of the other hand, the same worlds
    drawn; ``thumb=false`` leaves the rules of thumb out; ``infer`` out of range is refused."""
    game = atout.load("seven_up")
    state = _after_a_throw()
    view = _view(state, 0)
    model = load_model().weigher(view, 1.0)
    thumb = SevenUpSearch(expert=True, time=1)._worlds(game, view, random.Random(3))
    both = SevenUpSearch(expert=True, time=1, infer=1.0)._worlds(game, view, random.Random(3))
    learned = SevenUpSearch(expert=True, time=1, infer=1.0, thumb=False)._worlds(
        game, view, random.Random(3)
    )
    ratios = set()
    for _ in range(20):
        (w1, a), (w2, b), (w3, c) = next(thumb), next(both), next(learned)
        assert w1.zones() == w2.zones() == w3.zones()
        odds = model(w1._hands[1])
        assert b == pytest.approx(a * odds) and c == pytest.approx(odds)
        ratios.add(round(odds, 9))
    assert len(ratios) > 1
    for bad in (-1.0, 5.0):
        with pytest.raises(ValueError, match="infer"):
            SevenUpSearch(expert=True, time=1, infer=bad)
