"""Seven Up's computer opponents: legal and fair at every level, the rules of thumb, the exact
endgame and the match odds the search levels value outcomes by."""

from __future__ import annotations

import functools
import itertools
import random

import pytest

import atout
from atout.bots import make
from atout.bots.sevenup_search import MatchOdds, Utility, match_odds
from atout.bots.solve import solve
from atout.conformance import check_fair_choice, twin
from atout.core.actions import Beg, Discard, Play, Stand
from atout.sevenup import SevenUpState, SevenUpView
from atout.sevenup.endgame import Endgame, outcome_index
from atout.sevenup.tables import GOAL, JACK

from ..sevenup.helpers import deal, play

LEVELS = ["random", "easy", "medium", "hard", "expert"]
VARIANTS = [
    "seven_up",
    "seven_up(gift=true)",
    "seven_up(free_discard=true,tens_only_game=true)",
    "seven_up(count_out=true,dealt_low=true,tie_game_to_eldest=true)",
]


@functools.cache
def twins(per_stage: int) -> list[tuple[int, SevenUpState, SevenUpState]]:
    """Pairs of states that look the same from the seat to act (the cards it has not seen
    dealt otherwise), ``per_stage`` of them at each stage of a deal with a real choice, the
    variants taking turns."""
    out: list[tuple[int, SevenUpState, SevenUpState]] = []
    found: dict[str, int] = {}
    want = ("stand_or_beg", "give_or_run", "discard", "play")
    seed = 0
    while any(found.get(stage, 0) < per_stage for stage in want) and seed < 5000:
        seed += 1
        rules = VARIANTS[seed % len(VARIANTS)]
        seat = seed // len(VARIANTS) % 2
        pair = twin(atout.load(rules), seed, seed % 40, seat=seat)
        if pair is None or pair[0].to_act != seat or len(pair[0].legal_actions()) < 2:
            continue
        a, b = pair
        assert isinstance(a, SevenUpState) and isinstance(b, SevenUpState)
        stage = a.view(seat).to_dict()["stage"]
        if found.get(stage, 0) < per_stage:
            found[stage] = found.get(stage, 0) + 1
            out.append((seat, a, b))
    assert all(found.get(stage, 0) == per_stage for stage in want), found
    return out


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_chooses_legally_and_fairly(level: str) -> None:
    """A level only returns legal actions, and for two states that look the same from its
    seat, with the same seed, it chooses the same action, at every stage of a deal and under
    every variant."""
    fast = level in ("random", "easy", "medium")
    # A generous time bound, so that only the numbers of worlds bound the search: a bound
    # reached under load would end one search of the pair sooner than the other.
    bot = make(level if fast else f"{level}(time=100)")
    for i, (seat, a, b) in enumerate(twins(12 if fast else 1)):
        assert check_fair_choice(bot, (a, b), seat, i)


@pytest.mark.parametrize("level", ["easy", "medium"])
@pytest.mark.parametrize("rules", VARIANTS)
def test_heuristic_levels_play_whole_matches(level: str, rules: str) -> None:
    game = atout.load(rules)
    bots = [make(level), make("random")]
    rng = random.Random(3)
    for seed in range(6):
        state = game.new_match(seed=seed)
        while state.to_act is not None:
            seat = state.to_act
            assert isinstance(seat, int)
            legal = state.legal_actions()
            choice = bots[(seat + seed) % 2].choose(state.view(seat), legal, rng)
            assert choice in legal
            state.apply(choice)


@pytest.mark.parametrize("rules", ["seven_up(gift=true)", "seven_up(count_out=true)"])
def test_search_levels_play_a_whole_match(rules: str) -> None:
    game = atout.load(rules)
    bots = [make("hard(time=0.05)"), make("expert(time=0.05)")]
    rng = random.Random(4)
    state = game.new_match(seed=5)
    while state.to_act is not None:
        seat = state.to_act
        assert isinstance(seat, int)
        legal = state.legal_actions()
        choice = bots[seat].choose(state.view(seat), legal, rng)
        assert choice in legal
        state.apply(choice)


def test_a_seed_makes_the_choice_a_function_of_the_view() -> None:
    state = deal("AH 3H KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")
    play(state, "stand", "play 10D")
    bot = make("hard(seed=4)")
    view, legal = state.view(1), state.legal_actions()
    assert len({bot.choose(view, legal, random.Random(i)) for i in range(4)}) == 1


def _choice(level: str, state: SevenUpState) -> str:
    seat = state.to_act
    assert isinstance(seat, int)
    return str(make(level).choose(state.view(seat), state.legal_actions(), random.Random(1)))


def test_medium_stands_on_two_trumps_or_the_ace_and_begs_on_less() -> None:
    assert _choice("medium", deal("3H 5H KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")) == "stand"
    assert _choice("medium", deal("AH 4C KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")) == "stand"
    assert _choice("medium", deal("KH 4C KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")) == "beg"
    # A beginner judges by the honours: the lone King looks good, two low trumps do not.
    assert _choice("easy", deal("KH 4C KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")) == "stand"
    assert _choice("easy", deal("3H 5H KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")) == "beg"


def test_medium_banks_the_jack_and_keeps_trumps_when_it_discards() -> None:
    """Trumping a plain lead with the Jack wins the trick (nothing is played after it), so
    medium saves its Jack so. After a run it throws low plain cards, not its trumps."""
    state = deal("AS 2S 3D 4C 9C 9D", "QS JH 10H KH 2C 2D", "7H")
    play(state, "stand", "play AS")
    assert _choice("medium", state) == "play JH"
    begged = deal("AS 2S 3H 4H 9C 9D", "QS 5S 10H KH 2C 2D", "7H",
                  [("KD QD 3D", "5C 6C 7C", "8S")])  # fmt: skip
    play(begged, "beg")
    thrown = []
    while begged.view(0).stage == "discard" and begged.to_act == 0:
        choice = make("medium").choose(begged.view(0), begged.legal_actions(), random.Random(1))
        assert isinstance(choice, Discard)
        thrown.append(choice.card)
        begged.apply(choice)
    assert all(c // 13 != 3 for c in thrown), "a trump (spades) was thrown"
    assert len(thrown) == 3


def _points_table(seat: int) -> list[float]:
    out = [0.0] * 81
    for owners in itertools.product([None, 0, 1], repeat=4):
        pts = [sum(o == s for o in owners) for s in (0, 1)]
        out[outcome_index(*owners)] = float(pts[seat] - pts[1 - seat])
    return out


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_endgame_agrees_with_the_generic_alpha_beta(rules: str) -> None:
    """With the deal's points as the utility, the Seven Up solver gives the value the core
    protocol's alpha-beta (:mod:`atout.bots.solve`) gives, from the position and after each
    card, on positions with four tricks or fewer to go (``is_endgame``)."""
    game = atout.load(rules)
    rng = random.Random(8)
    checked = 0
    for m in range(150):
        state = game.new_match(seed=m)
        assert isinstance(state, SevenUpState)
        while state.to_act is not None and not state.is_endgame():
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is None or state.deals_done or rng.random() < 0.5:
            continue
        seat = rng.randrange(2)
        pre = state._deal_points()
        offset = pre[seat] - pre[1 - seat]
        solver = Endgame(state, seat, _points_table(seat))
        assert solver.value(state) == solve(state, seat) - offset
        for action in state.legal_actions():
            assert isinstance(action, Play)
            child = state.clone()
            child.step(action)
            if child.deals_done:
                continue
            assert solver.value(state, action.card) == solve(child, seat) - offset
        checked += 1
    assert checked >= 20


def test_the_match_odds_fit_the_race_to_seven() -> None:
    odds = match_odds()
    assert isinstance(odds, MatchOdds)
    for a, b in itertools.product(range(GOAL), repeat=2):
        for d in (False, True):
            # One seat's chance is the other's chance of losing; more points never hurt.
            assert odds.chance(a, b, d) + odds.chance(b, a, not d) == pytest.approx(1.0)
            if a + 1 < GOAL:
                assert odds.chance(a + 1, b, d) >= odds.chance(a, b, d)
    assert 0.4 < odds.chance(0, 0, True) < 0.6
    assert odds.chance(7, 3, True) == 1.0 and odds.chance(8, 9, False) == 0.0
    # Equal scores of 7 or more play on; a point at 6-6 decides more than one at 0-0.
    assert 0.4 < odds.chance(7, 7, True) < 0.6
    swing_late = odds.chance(6, 5, True) - odds.chance(5, 6, True)
    swing_early = odds.chance(1, 0, True) - odds.chance(0, 1, True)
    assert swing_late > 1.4 * swing_early


def test_the_utility_counts_out_in_the_rule_books_order() -> None:
    """Under count_out, at 6 to 6 the first point counted (High before Low) wins the match."""
    state = deal("AH 3H KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H", scores=(6, 6),
                 rules="seven_up(count_out=true)")  # fmt: skip
    play(state, "stand")
    view = state.view(0)
    assert isinstance(view, SevenUpView)
    utility = Utility(view, count_out=True)
    assert utility.outcomes[outcome_index(0, 1, 1, 1)] == 1.0
    assert utility.outcomes[outcome_index(1, 0, 0, 0)] == -1.0
    # Without count_out the higher score wins: 8 to 7.
    plain = Utility(view, count_out=False)
    assert plain.outcomes[outcome_index(1, 0, 0, 0)] == 1.0


def test_hard_and_expert_weigh_standing() -> None:
    """With the Ace, King and Jack of the proposed suit eldest stands; with no trump and no
    high card it begs."""
    strong = deal("AH KH JH 4S 10D 2C", "QH 9H KD 4D 10C 5S", "7H")
    weak = deal("2C 3C 4S 5S 6D 7D", "AH KH JH QD 10C 9S", "7H")
    for level in ("hard", "expert"):
        bot = make(level)
        first = bot.choose(strong.view(0), strong.legal_actions(), random.Random(2))
        second = bot.choose(weak.view(0), weak.legal_actions(), random.Random(2))
        assert isinstance(first, Stand) and isinstance(second, Beg)
    assert JACK[2] == atout.parse_card("JH")
