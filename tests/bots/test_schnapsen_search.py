"""Schnapsen's expert search: the int solver against the generic one, the match odds, the bot."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

import atout
from atout.bots import schnapsen_search
from atout.bots.schnapsen_search import (
    DEAL_POINTS,
    MatchOdds,
    SchnapsenSearch,
    match_odds,
    outcome_table,
)
from atout.bots.schnapsen_solve import DealSolver, points_outcome
from atout.bots.search import SearchBot
from atout.bots.solve import solve
from atout.core.actions import Play
from atout.core.game import Game
from atout.core.state import State, View
from atout.schnapsen import SchnapsenState, SchnapsenView
from atout.schnapsen.layout import TAKEN
from atout.schnapsen.playout import random_playout
from atout.schnapsen.state import MATCH_POINTS

from ..schnapsen.helpers import deal, play

RULES = [
    "schnapsen",
    "schnapsen(closer_fail_tricks_at_end=true,last_trick_ten=true)",
    "schnapsen(last_trick_ten=true)",
]


def _positions(rules: str, count: int, max_stock: int, seed: int) -> list[SchnapsenState]:
    """Positions of random play with at most ``max_stock`` cards in the stock, closes included
    (random play closes often), some mid-trick and some in later deals of the match."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: list[SchnapsenState] = []
    while len(out) < count:
        state = game.new_match(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 40)):
            if state.to_act is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is not None and state.stock_size <= max_stock:
            assert isinstance(state, SchnapsenState)
            out.append(state)
    return out


@pytest.mark.parametrize("rules", RULES)
def test_the_int_solver_equals_the_generic_one(rules: str) -> None:
    """On random positions, endgames and the last draws alike, both solvers give the same
    game points for either seat."""
    for i, state in enumerate(_positions(rules, 250, 4, seed=len(rules))):
        seat = i % 2
        solver = DealSolver(seat, points_outcome(seat), state)
        assert solver.value(state, state.deals_done) == solve(state.clone(), seat), i


def test_one_solver_serves_a_world_and_its_children() -> None:
    """The transposition table shared by the children of one world gives each child the value
    a fresh solver gives it (and the generic solver)."""
    checked = 0
    for i, state in enumerate(_positions("schnapsen", 60, 6, seed=11)):
        seat = state.to_act
        assert isinstance(seat, int)
        shared = DealSolver(seat, points_outcome(seat), state)
        start = state.deals_done
        for action in state.legal_actions():
            child = state.clone()
            child.step(action, seat)
            fresh = DealSolver(seat, points_outcome(seat), state).value(child, start)
            assert shared.value(child, start) == fresh, i
            if state.stock_size <= 2:
                want = (
                    child.game.deal_value(child.result().deals[-1], seat)
                    if child.deals_done > start
                    else solve(child.clone(), seat)
                )
                assert fresh == want
                checked += 1
    assert checked > 20


def _chance_reference(state: SchnapsenState, seat: int, start: int) -> float:
    """The deal's value for ``seat`` with the draws taken as chance, written plainly over the
    engine's own moves: a following card that ends a trick with two or more face-down cards
    left is valued as the mean over every ordered pair (the winner's card, the loser's) put on
    top of the stock (RULES.md §3: the winner draws the top card, then the loser the next);
    once no draw is left to chance, the known-order solver (held to the generic one above)."""
    if state.deals_done > start or state.to_act is None:
        return state.game.deal_value(state.result().deals[-1], seat)
    pos = state._stock_pos
    face_down = state._stock[pos:]
    if state.is_endgame() or len(face_down) < 2:
        return DealSolver(seat, points_outcome(seat), state).value(state, start)
    mover = state.to_act
    assert isinstance(mover, int)
    values = []
    for action in state.legal_actions():
        if state._lead < 0:  # a lead, a marriage, the exchange or a close: no trick ends
            child = state.clone()
            child.step(action, mover)
            values.append(_chance_reference(child, seat, start))
            continue
        total = 0.0
        pairs = [(a, b) for a in face_down for b in face_down if a != b]
        for a, b in pairs:
            child = state.clone()
            rest = tuple(c for c in face_down if c not in (a, b))
            child._stock = (*state._stock[:pos], a, b, *rest)
            child.step(action, mover)
            total += _chance_reference(child, seat, start)
        values.append(total / len(pairs))
    return max(values) if mover == seat else min(values)


def test_the_chance_solver_is_the_mean_over_the_draws() -> None:
    """``DealSolver(chance=True)`` (C and Python alike) gives the plain expectimax over the
    draws, the stock's order unread; at the last face-down card, or with the stock closed, it
    is the known-order solver, there being nothing left to chance."""
    states = _positions("schnapsen", 200, 4, seed=21)
    checked = {True: 0, False: 0}
    for i, state in enumerate(states):
        seat = i % 2
        start = state.deals_done
        left = len(state._stock) - state._stock_pos
        chancy = not state.is_endgame() and left >= 2
        if chancy and checked[True] >= 3:
            continue
        got = DealSolver(seat, points_outcome(seat), state, chance=True).value(state, start)
        if chancy:
            assert got == pytest.approx(_chance_reference(state, seat, start), abs=1e-12), i
            shuffled = state.clone()  # another order of the same face-down cards
            shuffled._stock = state._stock[: state._stock_pos] + tuple(
                sorted(state._stock[state._stock_pos :], reverse=True)
            )
            solver = DealSolver(seat, points_outcome(seat), shuffled, chance=True)
            assert solver.value(shuffled, start) == got
        else:
            assert got == DealSolver(seat, points_outcome(seat), state).value(state, start), i
        checked[chancy] += 1
    assert checked == {True: 3, False: checked[False]} and checked[False] > 50


class _WorldBySolver(SchnapsenSearch):
    """The chance search with a solver of its own in every world, as without ``chance``."""

    evaluators = SearchBot.evaluators


def test_the_worlds_of_a_decision_share_the_chance_solver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``chance`` one solver serves every world of a decision (the order of the stock
    unread), and the actions' values are those of a solver for each world."""
    made: list[DealSolver] = []

    def counted(*args: Any, **kwargs: Any) -> DealSolver:
        made.append(DealSolver(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(schnapsen_search, "DealSolver", counted)
    compared = 0
    for i, state in enumerate(_positions("schnapsen", 400, 4, seed=5)):
        seat = state.to_act
        assert isinstance(seat, int)
        legal = state.legal_actions()
        if state.is_endgame() or len(state._stock) - state._stock_pos < 2 or len(legal) < 2:
            continue
        options = {"worlds": 12, "playouts": 1, "time": 60, "exact_stock": 4, "chance": True}
        view = state.view(seat)
        made.clear()
        shared = SchnapsenSearch(**options).values(view, legal, random.Random(i))
        assert len(made) == 1
        apart = _WorldBySolver(**options).values(view, legal, random.Random(i))
        assert len(made) == 1 + 12
        assert shared == pytest.approx(apart, abs=1e-12), i
        compared += 1
        if compared == 6:
            break
    assert compared == 6


def test_solved_playouts_are_random_down_to_the_exact_stage_and_solved_from_there() -> None:
    """With ``solved_playouts`` a playout plays at random only until the stock holds
    ``exact_stock`` cards, and is solved from there: by chance when it only finished the trick
    on the table, in the world's order when it played whole tricks first."""
    kinds = {True: 0, False: 0}
    differs = {True: 0, False: 0}
    for i, state in enumerate(_positions("schnapsen", 300, 8, seed=11)):
        seat = state.to_act
        assert isinstance(seat, int)
        if state.is_endgame() or state.stock_size <= 4:
            continue
        view = state.view(seat)
        bot = SchnapsenSearch(
            worlds=1, playouts=3, exact_stock=4, chance=True, solved_playouts=True
        )
        value = bot.evaluators(view, random.Random(i))(state)(state)
        by_chance = state._lead >= 0 and state.stock_size == 6
        outcome = outcome_table(view)
        solvers = [DealSolver(seat, outcome, state, chance=c) for c in (by_chance, not by_chance)]
        rng = random.Random(i)
        sums = [0.0, 0.0]
        for _ in range(3):
            c = state.clone()
            random_playout(c, rng.random, 4)
            for k, solver in enumerate(solvers):
                if c.deals_done > state.deals_done:
                    sums[k] += schnapsen_search._end(c, outcome)
                else:
                    assert c.stock_size == 4 or c.is_endgame()
                    sums[k] += solver.value(c, state.deals_done)
        assert value == pytest.approx(sums[0] / 3, abs=1e-12), i
        kinds[by_chance] += 1
        differs[by_chance] += abs(sums[0] - sums[1]) > 1e-9
    # Both kinds were met, and for each the other kind of solver would have been caught.
    assert min(kinds.values()) >= 5 and min(differs.values()) >= 1, (kinds, differs)


def test_the_solver_reads_its_outcome_table() -> None:
    """Valued by a table that only counts deals won, the solver gives 1 or 0, and 1 exactly
    when the game points say the seat wins."""
    for i, state in enumerate(_positions("schnapsen", 80, 4, seed=3)):
        seat = i % 2
        won = tuple(1.0 if w == seat else 0.0 for w in (0, 1) for _ in range(4))
        v = DealSolver(seat, won, state).value(state, state.deals_done)
        assert v == (1.0 if solve(state.clone(), seat) > 0 else 0.0)


def test_manual_claim_is_refused_by_the_int_solver() -> None:
    state = _positions("schnapsen(manual_claim=true)", 1, 10, seed=1)[0]
    with pytest.raises(ValueError):
        DealSolver(0, points_outcome(0), state)


def test_match_odds_limits_symmetry_and_order() -> None:
    odds = match_odds()
    n = MATCH_POINTS
    for b in range(1, n + 1):
        assert odds.chance(0, b, True) == odds.chance(0, b, False) == 1.0
        assert odds.chance(b, 0, True) == odds.chance(b, 0, False) == 0.0
    for a in range(1, n + 1):
        for b in range(1, n + 1):
            for d in (True, False):
                p = odds.chance(a, b, d)
                assert 0 < p < 1
                # One of the two wins; the other deals next when this one does not.
                assert p + odds.chance(b, a, not d) == pytest.approx(1.0)
                if a > 1:
                    assert odds.chance(a - 1, b, d) > p  # fewer to go is better
                if b > 1:
                    assert odds.chance(a, b - 1, d) < p
    # The eldest wins more deals in the model, so the first to lead has the edge at 7-7.
    assert odds.chance(n, n, False) > 0.5 > odds.chance(n, n, True)
    eldest = sum(p for e, _, p in DEAL_POINTS if e) / sum(p for _, _, p in DEAL_POINTS)
    assert odds.chance(1, 1, False) == pytest.approx(eldest)


def test_one_deal_matches_are_won_by_who_wins_the_deal() -> None:
    """With every deal worth the whole match the odds are the chance of winning one deal."""
    odds = MatchOdds(((True, 3, 0.6), (False, 3, 0.4)))
    assert odds.chance(3, 3, False) == pytest.approx(0.6)
    assert odds.chance(3, 3, True) == pytest.approx(0.4)
    # Two deals to win in a row, the first as eldest and the second as dealer.
    assert odds.chance(4, 3, False) == pytest.approx(0.6 * 0.4)


def test_the_outcome_table_ranks_the_deals_ends() -> None:
    """Won by more is never worse, lost by more never better; at 1 to go each a win is a
    match won (+1) and any loss at the other's 1 to go a match lost (-1)."""
    state = deal("AH KH QS JC 10D", "10H QH KS JD AC", "QC", "KD AS JH 10C QD KC 10S AD JS")
    view = state.view(0)
    assert isinstance(view, SchnapsenView)
    out = outcome_table(view)
    assert out[1] < out[2] < out[3] and out[5] > out[6] > out[7] and out[5] < out[1]
    state._to_go = (1, 1)
    view = state.view(0)
    assert isinstance(view, SchnapsenView)
    assert outcome_table(view)[1:4] == (1.0, 1.0, 1.0)
    assert outcome_table(view)[5:8] == (-1.0, -1.0, -1.0)


@pytest.mark.parametrize(("chance", "solved"), [(False, False), (True, False), (True, True)])
@pytest.mark.parametrize("rules", ["schnapsen", "schnapsen(manual_claim=true)"])
def test_the_search_plays_legal_moves_and_fairly(rules: str, chance: bool, solved: bool) -> None:
    """A choice is legal and a function of the view and the stream (the same view from two
    states with the unseen cards elsewhere gives the same choice)."""
    from atout.conformance import check_fair_choice, twin

    game = atout.load(rules)
    bot = SchnapsenSearch(
        worlds=8, playouts=4, time=60, exact_stock=4, chance=chance, solved_playouts=solved
    )
    compared = 0
    for seed in range(60):
        pair = twin(game, seed, 2 + seed % 14, seat=seed % 2)
        if pair is not None and check_fair_choice(bot, pair, seed % 2, seed):
            compared += 1
    assert compared >= 10


def test_the_search_takes_a_sure_win() -> None:
    """Leading the trump marriage reaches 66 at once (the seat has 30 and a trick): the search
    declares it rather than play on."""
    state = deal("AH KC QC JS 10D", "10H QH KS JD AC", "JC", "KD AS JH 10C QD KH 10S AD QS")
    play(state, "play AH", "play 10H")  # seat 0: 21 points and a trick
    state._seats[TAKEN] = 30  # as if a marriage had been credited before
    view = state.view(0)
    bot = SchnapsenSearch(worlds=4, playouts=2, time=60)
    legal = state.legal_actions()
    choice = bot.choose(view, legal, random.Random(1))
    assert isinstance(choice, Play) and choice.marriage


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError):
        SchnapsenSearch(worlds=0)
    with pytest.raises(ValueError):
        SchnapsenSearch(exact_stock=-1)
    with pytest.raises(ValueError):
        SchnapsenSearch(exact_worlds=-1)


class _CountedWorlds(SchnapsenSearch):
    """The search, counting the worlds it weighs (one call per world drawn)."""

    drawn = 0

    def weigher(self, view: View, game: Game[State]) -> Callable[[State], float]:
        base = super().weigher(view, game)

        def weight(world: State) -> float:
            self.drawn += 1
            return base(world)

        return weight


def test_exact_worlds_draws_fewer_worlds_only_where_each_is_solved_on_its_own() -> None:
    """With ``exact_stock=6`` and ``exact_worlds``, a decision at a stock of six draws
    ``exact_worlds`` worlds; one at eight (random playouts) or at four or less (one solver for
    all the hands) draws ``worlds``; and never more than ``worlds``."""
    seen: dict[int, int] = {}
    for i, state in enumerate(_positions("schnapsen", 300, 10, seed=12)):
        seat = state.to_act
        assert isinstance(seat, int)
        legal = state.legal_actions()
        if len(legal) < 2 or state.stock_size in seen or state.stock_size not in (2, 4, 6, 8):
            continue
        bot = _CountedWorlds(worlds=6, playouts=1, time=60, exact_stock=6, exact_worlds=3)
        bot.choose(state.view(seat), legal, random.Random(i))
        seen[state.stock_size] = bot.drawn
        assert (
            SchnapsenSearch(worlds=2, exact_worlds=3, exact_stock=6).world_count(state.view(seat))
            == 2
        )
    assert seen == {2: 6, 4: 6, 6: 3, 8: 6}


def test_time_bounds_the_search_in_every_stage() -> None:
    """Asked for far more worlds than it can value, the search stops once its time is spent,
    with the stock full, in the exact stage (at most four cards) and in the endgame."""
    import time

    bot = SchnapsenSearch(worlds=10**6, playouts=64, time=0.2, exact_stock=4)
    stocks = set()
    for state in _positions("schnapsen", 40, 10, seed=8):
        seat = state.to_act
        assert isinstance(seat, int)
        legal = state.legal_actions()
        if len(legal) < 2 or state.stock_size in stocks:
            continue
        stocks.add(state.stock_size)
        start = time.perf_counter()
        assert bot.choose(state.view(seat), legal, random.Random(1)) in legal
        assert time.perf_counter() - start < 1.5
    assert {0, 4} <= stocks and len(stocks) >= 4


def test_expert_is_this_search() -> None:
    from atout.bots import make
    from atout.bots.levels import Level

    bot = make("expert")
    assert isinstance(bot, Level)
    search = getattr(bot._policy("schnapsen"), "__self__", None)
    assert isinstance(search, SchnapsenSearch) and search.exact_stock == 4 and search.match
    assert search.chance and search.worlds == 512


def test_manual_claim_endgames_read_the_generic_solver_through_the_table() -> None:
    """Under ``manual_claim`` the generic solver's game points are mapped to the table's ends:
    the seat's own game points back through the points table, a win or a loss through a table
    that only counts deals won."""
    from atout.bots.schnapsen_search import _solve_generic

    checked = 0
    for i, state in enumerate(_positions("schnapsen(manual_claim=true)", 120, 10, seed=4)):
        if not state.is_endgame():
            continue
        seat = i % 2
        points = solve(state.clone(), seat)
        assert _solve_generic(state.clone(), seat, points_outcome(seat)) == points
        won = tuple(1.0 if w == seat else -1.0 for w in (0, 1) for _ in range(4))
        assert _solve_generic(state.clone(), seat, won) == (1.0 if points > 0 else -1.0)
        checked += 1
    assert checked >= 20
