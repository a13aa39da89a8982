"""Schnapsen's ``expert`` search: PIMC valued by the chance of winning the match, exact sooner.

It is :class:`atout.bots.search.SearchBot`'s determinized search with two changes:

**Match odds.** A deal's end is worth ``2 P(win the match) - 1`` from the match scores it leaves,
not its raw game points: one game point that wins the match is worth as much as three, and
conceding two when the opponent needs two loses it. :class:`MatchOdds` works the chance out once
by dynamic programming over the scores (each seat from 7 to go down to 0, the deal alternating),
under a model of how a deal's game points fall (:data:`DEAL_POINTS`, measured in 20,000 deals of
``medium`` against itself). The view shows the scores and the dealer, so the table of what each
of the deal's six ends (winner, 1 to 3 game points) is worth is fixed for the decision.

**Exact sooner.** In a world the stock's order is fixed, so once the stock holds at most
``exact_stock`` cards (the trump card included) the rest of the deal is valued exactly by
:class:`atout.bots.schnapsen_solve.DealSolver` (ints, a transposition table shared by the
root's actions in a world), not by random playouts; and always exactly once nothing is drawn
any more. Under ``manual_claim``, which that solver does not model, the generic
:func:`atout.bots.solve.solve` values the endgame as in ``SearchBot``.

**Draws as chance** (``chance``, off by default, on in ``expert``): the exact search then takes
the stock's face-down cards as drawn by chance (:class:`DealSolver` with ``chance=True``, the
mean over every draw) instead of in the world's order, which PIMC otherwise lets both seats
play as if they knew: a card is not led "because the Ace of trumps comes next". Those values
do not read the order, so the decision's worlds share one solver (:meth:`evaluators`).

**Solved playouts** (``solved_playouts``, off by default): a playout plays at random only
until a draw leaves ``exact_stock`` cards in the stock (or a close stops the draws), and the
exact solver values the deal from there, instead of playing it out at random to the end: the
random part is one to three tricks, not the whole deal. With ``chance``, a playout that only
finishes the trick on the table is solved by the decision's chance solver; one that plays whole
tricks first reaches too many different positions for chance values in time, and is solved in
the world's order. Paired with ``expert`` through ``hard`` on the v1 set (300 matches) it
measured +0.010 [-0.050, +0.070] at 4.5 times the thinking time, so ``expert`` leaves it off
(``bench/bots-figures.md``, stop 34).

**Fewer worlds where each is solved alone** (``exact_worlds``, 0 for off, the default): with
``exact_stock`` above four, a decision taken with more than four cards in the stock (six)
draws only that many worlds. From four cards down the opponent hands a decision can meet are
few (at most 56) and, with ``chance``, one solver serves them all, so 512 worlds cost little;
from six, every hand (up to 252) is a search of its own, drawn by chance through two draws,
and 512 worlds do not fit the time.

**Learned inference** (``infer``, a weight from 0 to 4, off by default): each world's weight
is also multiplied by the odds :class:`atout.bots.schnapsen_infer.CardModel` gives its opponent
hand, raised to ``infer``: a model of where the unseen cards lie, learned from self-play of
``hard`` (``bench/train_infer.py``).

Measured against ``hard`` (100 matches, duplicate deals, seed 5): 0.620 [0.541, 0.690] with
``exact_stock=4``. Playouts in which nobody closes (a random close fails three times in four,
so the engine's random playouts are dominated by failed closes) measured worse, 0.530
[0.446, 0.611], and were dropped.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Final

from atout.bots.schnapsen_infer import load_model
from atout.bots.schnapsen_solve import DealSolver, points_outcome
from atout.bots.search import SearchBot
from atout.bots.solve import solve
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import State, View
from atout.schnapsen.playout import random_playout
from atout.schnapsen.state import MATCH_POINTS, SchnapsenState
from atout.schnapsen.view import SchnapsenDealResult, SchnapsenView

__all__ = ["DEAL_POINTS", "MatchOdds", "SchnapsenSearch", "match_odds", "outcome_table"]

#: How a deal's game points fall: ``(the eldest wins, game points, share of deals)``, from
#: 20,000 deals of ``medium`` against itself (the eldest wins 53%).
DEAL_POINTS: Final = (
    (False, 1, 0.238),
    (False, 2, 0.175),
    (False, 3, 0.0577),
    (True, 1, 0.2662),
    (True, 2, 0.174),
    (True, 3, 0.089),
)


class MatchOdds:
    """The chance of winning a Schnapsen match from each score: ``win[a][b][d]`` for the seat
    with ``a`` game points to go against ``b`` (0 to 7), ``d`` being 1 when that seat deals the
    next deal. A seat at 0 has won (and the other has not: one deal ends at a time)."""

    def __init__(self, deal_points: Sequence[tuple[bool, int, float]] = DEAL_POINTS) -> None:
        total = sum(p for _, _, p in deal_points)
        # (I win the deal, game points, probability) when I deal (d = 1) or am eldest (d = 0).
        mine = [
            [(eldest_wins, k, p / total) for eldest_wins, k, p in deal_points],
            [(not eldest_wins, k, p / total) for eldest_wins, k, p in deal_points],
        ]
        n = MATCH_POINTS + 1
        win = [[[0.0, 0.0] for _ in range(n)] for _ in range(n)]
        for a in range(n):
            for b in range(n):
                if a == 0 and b > 0:
                    win[a][b] = [1.0, 1.0]
        # Every deal takes points off one count, so scores in increasing a + b are final.
        for s in range(2, 2 * n - 1):
            for a in range(1, n):
                b = s - a
                if not 1 <= b < n:
                    continue
                for d in (0, 1):
                    total = 0.0
                    for i_win, k, p in mine[d]:
                        if i_win:
                            total += p * win[max(0, a - k)][b][1 - d]
                        else:
                            total += p * win[a][max(0, b - k)][1 - d]
                    win[a][b][d] = total
        self.win = win

    def chance(self, mine: int, theirs: int, i_deal_next: bool) -> float:
        """The chance of winning with these counts to go, the match going on with that dealer."""
        return self.win[mine][theirs][int(i_deal_next)]


@functools.cache
def match_odds() -> MatchOdds:
    """The table, built once."""
    return MatchOdds()


def outcome_table(view: SchnapsenView) -> tuple[float, ...]:
    """What each end of the view's deal is worth to its seat, ``[winner * 4 + game points]``:
    ``2 P(win the match) - 1`` from the scores it leaves (index 0 and 4 unused)."""
    seat = view.seat
    assert seat is not None
    return _outcomes(seat, view.to_go[seat], view.to_go[1 - seat], view.dealer != seat)


@functools.cache
def _outcomes(seat: int, mine: int, theirs: int, i_deal_next: bool) -> tuple[float, ...]:
    """The table for these scores to go (built once: the search asks for it in every world)."""
    odds = match_odds()
    out = [0.0] * 8
    for w in (0, 1):
        for k in (1, 2, 3):
            a, b = (max(0, mine - k), theirs) if w == seat else (mine, max(0, theirs - k))
            out[w * 4 + k] = 2.0 * odds.chance(a, b, i_deal_next) - 1.0
    return tuple(out)


#: The largest stock (trump card counted) at which the exact stage's opponent hands are few
#: (at most 56 at four: eight cards in doubt, five of them in the opponent's hand).
CHEAP_STOCK: Final = 4


class SchnapsenSearch(SearchBot):
    """PIMC for Schnapsen, valued by match odds (or raw game points with ``match=False``), exact
    once the stock holds at most ``exact_stock`` cards. :class:`SearchBot`'s loop and contract:
    the view only, all randomness from the ``rng`` given, ``time`` bounding the thinking (at
    least one world is always valued)."""

    name = "schnapsen-search"
    version = "1"

    def __init__(
        self,
        worlds: int = 64,
        playouts: int = 16,
        time: float = 5.0,
        *,
        weighted: bool = True,
        exact_stock: int = 0,
        match: bool = True,
        infer: float = 0.0,
        chance: bool = False,
        solved_playouts: bool = False,
        exact_worlds: int = 0,
    ) -> None:
        if exact_stock < 0:
            raise ValueError("exact_stock is at least 0")
        if exact_worlds < 0:
            raise ValueError("exact_worlds is at least 0 (0: as many as worlds)")
        if not 0.0 <= infer <= 4.0:
            raise ValueError("infer is a weight from 0 (off) to 4")
        super().__init__(worlds, playouts, time, weighted)
        self.exact_stock = exact_stock
        self.match = match
        self.infer = infer
        self.chance = chance
        self.solved_playouts = solved_playouts
        self.exact_worlds = exact_worlds

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) > 1 and (not isinstance(view, SchnapsenView) or view.seat is None):
            raise ValueError("a Schnapsen seat's view is needed")
        return super().choose(view, legal_actions, rng)

    def world_count(self, view: View) -> int:
        """With ``exact_worlds``, that many worlds (at most ``worlds``) for a decision taken with
        more than :data:`CHEAP_STOCK` and at most ``exact_stock`` cards in the stock: there every
        opponent hand a world draws is solved exactly on its own, where from a stock of four or
        less the hands are few and one solver serves them all."""
        assert isinstance(view, SchnapsenView)
        if self.exact_worlds and CHEAP_STOCK < view.stock_size <= self.exact_stock:
            return min(self.worlds, self.exact_worlds)
        return self.worlds

    def weigher(self, view: View, game: Game[State]) -> Callable[[State], float]:
        """With ``infer``, each world's weight also counts the learned odds of its opponent
        hand (:class:`atout.bots.schnapsen_infer.CardModel`, tempered by ``infer``)."""
        base = super().weigher(view, game)
        if not self.infer:
            return base
        assert isinstance(view, SchnapsenView) and view.seat is not None
        model = load_model().weigher(view, self.infer)

        hand = f"hand{1 - view.seat}"

        def weight(world: State) -> float:
            return base(world) * model(world.zones()[hand])

        return weight

    def evaluators(
        self, view: View, rng: random.Random
    ) -> Callable[[State], Callable[[State], float]]:
        """With ``chance``, every world of the decision shares one solver: its values do not
        read the stock's order, and its key holds all else a world sets (both hands, the
        face-down cards left), so one table is sound for them all, and the worlds that differ
        only in the stock's order (most of them, near the end of the stock) are searched once."""
        if not self.chance:
            return super().evaluators(view, rng)
        shared: list[DealSolver | None] = []

        def evaluator(world: State) -> Callable[[State], float]:
            if not shared:
                shared.append(self._solver(view, world))
            return self._evaluator(view, world, rng, shared[0])

        return evaluator

    def evaluator(self, view: View, world: State, rng: random.Random) -> Callable[[State], float]:
        """Each state after a root action valued by :meth:`_value`, with the deal's ends read
        from the view's outcome table and one solver (one transposition table) for the world."""
        return self._evaluator(view, world, rng, self._solver(view, world))

    def _outcome(self, view: View) -> tuple[int, tuple[float, ...]]:
        """The view's seat, and what each end of its deal is worth to it (match odds, or game
        points without ``match``)."""
        assert isinstance(view, SchnapsenView)
        seat = view.seat
        assert seat is not None
        return seat, outcome_table(view) if self.match else points_outcome(seat)

    def _solver(self, view: View, world: State, chance: bool | None = None) -> DealSolver | None:
        """A solver for the view's seat and outcome table, drawing by chance as ``chance``
        says (the bot's ``chance`` by default); none under ``manual_claim``."""
        assert isinstance(world, SchnapsenState)
        if world._manual:
            return None
        seat, outcome = self._outcome(view)
        return DealSolver(seat, outcome, world, chance=self.chance if chance is None else chance)

    def _evaluator(
        self, view: View, world: State, rng: random.Random, solver: DealSolver | None
    ) -> Callable[[State], float]:
        seat, outcome = self._outcome(view)
        start = world.deals_done
        # With ``solved_playouts`` and ``chance``, playouts that play more than the rest of the
        # trick on the table before the exact stage end at positions too many and too varied
        # for chance values (medians of 9 to 50 s a decision from a stock of 8 or 10): those
        # are solved in the world's order, by a solver of the world's own, made when needed.
        ordered: list[DealSolver | None] = [] if self.chance else [solver]

        def leaves(state: SchnapsenState) -> DealSolver | None:
            if self.chance and state._lead >= 0 and state.stock_size <= self.exact_stock + 2:
                return solver
            if not ordered:
                ordered.append(self._solver(view, world, chance=False))
            return ordered[0]

        def value(state: State) -> float:
            assert isinstance(state, SchnapsenState)
            return self._value(
                state, seat, start, outcome=outcome, solver=solver, leaves=leaves, rng=rng
            )

        return value

    def _value(
        self,
        state: SchnapsenState,
        seat: int,
        start: int,
        *,
        outcome: tuple[float, ...],
        solver: DealSolver | None,
        leaves: Callable[[SchnapsenState], DealSolver | None],
        rng: random.Random,
    ) -> float:
        if state.deals_done > start or state.to_act is None:
            return _end(state, outcome)
        if solver is not None and (state.is_endgame() or state.stock_size <= self.exact_stock):
            return solver.value(state, start)
        if state.is_endgame():
            return _solve_generic(state, seat, outcome)
        # With ``solved_playouts``, random play only until the exact stage (or a close), solved
        # from there; otherwise (``stop`` -1) to the deal's end.
        solved = self.solved_playouts and solver is not None
        stop = self.exact_stock if solved else -1
        leaf = leaves(state) if solved else None
        total = 0.0
        for _ in range(self.playouts):
            c = state.clone()
            random_playout(c, rng.random, stop)
            if c.deals_done > start or c.to_act is None:
                total += _end(c, outcome)
            else:
                assert leaf is not None
                total += leaf.value(c, start)
        return total / self.playouts


def _end(state: SchnapsenState, outcome: tuple[float, ...]) -> float:
    deal = state.result().deals[-1]
    assert isinstance(deal, SchnapsenDealResult)
    return outcome[deal.winner * 4 + deal.points]


def _solve_generic(state: SchnapsenState, seat: int, outcome: tuple[float, ...]) -> float:
    """``manual_claim``: the generic solver's raw game points, read back through ``outcome``.
    Exact, because ``outcome`` ranks the ends as game points do (won by more is never worse,
    lost by more never better), and minimax commutes with an order-keeping map."""
    points = solve(state, seat)
    k = round(abs(points))
    winner = seat if points > 0 else 1 - seat
    return outcome[winner * 4 + k] if k else 0.0
