"""Seven Up's search levels: determinized search in worlds drawn from the view, valued by the
chance of winning the match.

**Utility.** A point is worth more near the end of the race to 7 than at its start, and a
point for the other seat at 6 is worth more than one at 0. Every outcome is therefore valued
by :class:`MatchOdds`: the chance of winning the match from the scores after the deal, with
the next dealer, under a model of how a deal's points fall (:data:`DEAL_POINTS`, measured in
40,000 deals of ``medium`` against itself: eldest 1.86 points a deal, the dealer 1.64), worked
out once by dynamic programming over the scores, the rule book's end of the match included (the
higher score wins when both reach 7, equal scores play on). The utility is ``2 P(win) - 1``,
so it is 1 for a match won and -1 for a match lost, and a table look-up per outcome.

**Decisions.** Every legal action is valued in the same worlds (:meth:`SevenUp.sample_world`),
and the best total wins (ties to the first in the legal order):

- *the play*: each card by the exact minimax value of the rest of the tricks in the world
  (:class:`atout.sevenup.endgame.Endgame`, a few milliseconds for a whole hand);
- *stand or beg, give or run*: each answer by playing the rest of the deal in the world with
  the rules of thumb of :mod:`atout.sevenup.tactics` for both seats, runs and discards
  included;
- *discards*: the seat's possible keeps of six (the best :data:`KEEPS` by the rules of
  thumb's card scores) valued the same way, and the first card outside the best keep
  discarded; each later discard plans afresh.

``expert`` draws more worlds and weighs each by how likely the other seat's own choices make
it (:meth:`SevenUp.world_weight`: its stand or beg, give or run, discards and cards played).
``time`` bounds the thinking: once spent, the decision uses the worlds valued so far (at least
one), so a loaded machine may use fewer worlds than asked for.

**Learned inference** (``infer``, a weight from 0 to 4, off by default): each world's weight is
also multiplied by the odds :class:`atout.bots.sevenup_infer.CardModel` gives the other seat's
hand, raised to ``infer`` (a model of where the hidden cards lie, learned from self-play of
``hard``: ``bench/train_infer.py --game seven_up``); ``thumb`` says whether the rules of
thumb's weight is kept beside it (by default, as ``expert`` says). The ``expert`` level weighs
by the model alone (``infer=1, thumb=false``): paired through ``hard``, +0.007 [-0.017, +0.032]
of matches against the rules of thumb's weights, and the model beside them +0.000
(``bench/bots-figures.md``, stop 32).
"""

from __future__ import annotations

import functools
import itertools
import random
import time as clock
from collections.abc import Callable, Iterator, Sequence
from typing import Final

from atout.bots.sevenup_infer import load_model
from atout.core.actions import Action, Discard, Play
from atout.core.state import View
from atout.games import load
from atout.sevenup import tactics
from atout.sevenup.actions import DISCARD
from atout.sevenup.endgame import OUTCOMES, Endgame
from atout.sevenup.game import SevenUp
from atout.sevenup.state import SevenUpState
from atout.sevenup.tables import GOAL, HAND
from atout.sevenup.view import SevenUpView

__all__ = ["DEAL_POINTS", "KEEPS", "MatchOdds", "SevenUpSearch", "Utility", "match_odds"]

#: How a deal's points fall: ``(dealer's points, eldest's points, void)`` and its share of
#: deals, from ``medium`` against itself (shares below 0.1% left out; the rest renormalised).
DEAL_POINTS: Final = (
    (0, 3, 0.150), (0, 4, 0.065), (1, 2, 0.147), (1, 3, 0.109), (2, 1, 0.127),
    (2, 2, 0.120), (3, 0, 0.089), (3, 1, 0.098), (4, 0, 0.059), (2, 3, 0.007),
    (3, 2, 0.008), (1, 4, 0.004), (4, 1, 0.007), (5, 0, 0.004), (1, 1, 0.003),
    (0, 2, 0.0014),
)  # fmt: skip

#: How many keeps of six the discard search compares.
KEEPS: Final = 8


class MatchOdds:
    """The chance of winning a match to 7 from each score, by dynamic programming over
    :data:`DEAL_POINTS`: ``win[a][b][d]`` for the seat with ``a`` points against ``b``, ``d``
    being 1 when that seat deals the next deal."""

    def __init__(self) -> None:
        total = sum(p for _, _, p in DEAL_POINTS)
        deals = [(x, y, p / total) for x, y, p in DEAL_POINTS]
        # (my points, the other's points, probability) when I deal (d = 1) or am eldest (0).
        mine = [[(y, x, p) for x, y, p in deals], [(x, y, p) for x, y, p in deals]]
        # Equal scores of 7 or more: the next deal with unequal points decides.
        tie = [0.5, 0.5]
        for _ in range(60):
            tie = [
                sum(p for a, b, p in mine[d] if a > b)
                + sum(p for a, b, p in mine[d] if a == b) * tie[1 - d]
                for d in (0, 1)
            ]
        self.tie = tie
        win = [[[0.5, 0.5] for _ in range(GOAL)] for _ in range(GOAL)]
        for _ in range(60):
            for a in range(GOAL):
                for b in range(GOAL):
                    for d in (0, 1):
                        win[a][b][d] = sum(
                            p * self._after(win, a + x, b + y, 1 - d) for x, y, p in mine[d]
                        )
        self.win = win

    def _after(self, win: list[list[list[float]]], a: int, b: int, d: int) -> float:
        if a >= GOAL or b >= GOAL:
            if a != b:
                return 1.0 if a > b else 0.0
            return self.tie[d]
        return win[a][b][d]

    def chance(self, mine: int, theirs: int, i_deal_next: bool) -> float:
        """The chance of winning from these scores, the match going on with that dealer (the
        scores as the last deal left them: 7 or more decides, equal scores play on)."""
        return self._after(self.win, mine, theirs, int(i_deal_next))


@functools.cache
def match_odds() -> MatchOdds:
    """The table, built once."""
    return MatchOdds()


@functools.cache
def _game(rules: str) -> SevenUp:
    game = load(rules)
    assert isinstance(game, SevenUp)
    return game


class Utility:
    """What the end of the current deal is worth to the view's seat: ``2 P(win) - 1``."""

    __slots__ = ("_tables", "base", "count_out", "odds", "outcomes", "seat")

    def __init__(self, view: SevenUpView, count_out: bool) -> None:
        assert view.seat is not None
        self.seat = view.seat
        self.odds = match_odds()
        # The scores when the deal began: this deal's points so far taken back.
        self.base = (
            view.scores[0] - view.deal_points[0],
            view.scores[1] - view.deal_points[1],
        )
        self.count_out = count_out
        self._tables: dict[tuple[int, int, int], list[float]] = {}
        self.outcomes = self.outcomes_at(view.scores, view.eldest)

    def _value(self, scores: Sequence[int], next_dealer: int) -> float:
        me = self.seat
        return 2 * self.odds.chance(scores[me], scores[1 - me], next_dealer == me) - 1

    def outcomes_at(self, start: Sequence[int], eldest: int) -> list[float]:
        """The value of each outcome of the tricks (:func:`atout.sevenup.endgame.outcome_index`
        numbers them) from the match scores ``start`` as the tricks begin, the points counted
        in the rule book's order."""
        key = (start[0], start[1], eldest)
        table = self._tables.get(key)
        if table is not None:
            return table
        out = [0.0] * OUTCOMES
        me = self.seat
        for i in range(OUTCOMES):
            owners = (i // 27 % 3, i // 9 % 3, i // 3 % 3, i % 3)
            scores = list(start)
            decided = 0.0
            for code in owners:
                if code:
                    scores[code - 1] += 1
                    if self.count_out and scores[code - 1] >= GOAL:
                        decided = 1.0 if code - 1 == me else -1.0
                        break
            out[i] = decided or self._value(scores, eldest)
        self._tables[key] = out
        return out

    def of_state(self, state: SevenUpState) -> float:
        """The value once the world's deal is over (the match, perhaps)."""
        if state._to_act is None:
            return 1.0 if state._winners() == (self.seat,) else -1.0
        deal = state._deals[-1]
        scores = (self.base[0] + deal.points[0], self.base[1] + deal.points[1])
        return self._value(scores, deal.dealer if deal.void else 1 - deal.dealer)


def _keep_score(trump: int, values: tuple[int, ...]) -> Callable[[tuple[int, ...]], int]:
    """The rules of thumb's worth of a keep: the sum of its cards' scores."""

    def score(keep: tuple[int, ...]) -> int:
        return sum(tactics.keep_score(c, trump, values) for c in keep)

    return score


class SevenUpSearch:
    """PIMC for Seven Up: the level's numbers of worlds, and how it weighs them: by the rules of
    thumb (``thumb``, by default ``expert``) to the power ``sharpen`` of
    :meth:`SevenUp.world_weight` (above 1 trusts the other seat's choices more, below 1 less),
    and by the learned card model to the power ``infer``."""

    name = "sevenup-search"
    version = "1"
    uses_view = True

    def __init__(
        self,
        *,
        expert: bool,
        time: float,
        play_worlds: int | None = None,
        bid_worlds: int | None = None,
        discard_worlds: int | None = None,
        solve_tricks: bool = False,
        keeps: int | None = None,
        sharpen: float = 1.0,
        infer: float = 0.0,
        thumb: bool | None = None,
    ) -> None:
        if time <= 0:
            raise ValueError("time is a positive number of seconds")
        if not 0.0 < sharpen <= 8.0:
            raise ValueError("sharpen is a power above 0, at most 8")
        if not 0.0 <= infer <= 4.0:
            raise ValueError("infer is a weight from 0 (off) to 4")
        self.expert = expert
        self.thumb = expert if thumb is None else thumb
        self.infer = infer
        self.time = time
        self.play_worlds = play_worlds or (400 if expert else 150)
        self.bid_worlds = bid_worlds or (2500 if expert else 1000)
        self.discard_worlds = discard_worlds or (400 if expert else 150)
        self.keeps = keeps or (12 if expert else KEEPS)
        self.solve_tricks = solve_tricks
        self.sharpen = sharpen

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action with the best total value over the worlds."""
        if len(legal) == 1:
            return legal[0]
        assert isinstance(view, SevenUpView) and view.seat is not None
        game = _game(view.rules)
        deadline = clock.perf_counter() + self.time
        utility = Utility(view, game.rules.count_out)
        worlds = self._worlds(game, view, rng)
        first = legal[0]
        if isinstance(first, Play):
            return self._play(view, legal, worlds, utility, deadline)
        if isinstance(first, Discard):
            return self._discard(view, worlds, utility, deadline)
        return self._answer(view, legal, worlds, utility, deadline)

    def _worlds(
        self, game: SevenUp, view: SevenUpView, rng: random.Random
    ) -> Iterator[tuple[SevenUpState, float]]:
        assert view.seat is not None
        other = 1 - view.seat
        model = load_model().weigher(view, self.infer) if self.infer else None
        while True:
            world = game.sample_world(view, rng)
            weight = 1.0
            if self.thumb:
                weight = game.world_weight(view, world)
                if self.sharpen != 1.0:
                    weight **= self.sharpen
            if model is not None:
                weight *= model(world._hands[other])
            yield world, weight

    def _best(self, totals: list[float]) -> int:
        return max(range(len(totals)), key=lambda i: (totals[i], -i))

    def _play(
        self,
        view: SevenUpView,
        legal: Sequence[Action],
        worlds: Iterator[tuple[SevenUpState, float]],
        utility: Utility,
        deadline: float,
    ) -> Action:
        seat = view.seat
        assert seat is not None
        cards = [a.card for a in legal if isinstance(a, Play)]
        totals = [0.0] * len(legal)
        for n, (world, weight) in enumerate(worlds):
            solver = Endgame(world, seat, utility.outcomes)
            for i, c in enumerate(cards):
                totals[i] += weight * solver.value(world, c)
            if n + 1 >= self.play_worlds or clock.perf_counter() > deadline:
                break
        return legal[self._best(totals)]

    def _rest(self, state: SevenUpState, utility: Utility, start: int) -> float:
        """The value of the rest of a world's deal: the decisions before the tricks by the
        rules of thumb, then the tricks by the rules of thumb too, or (``solve_tricks``)
        solved exactly."""
        if len(state._deals) == start and state._to_act is not None:
            if not self.solve_tricks:
                tactics.playout(state)
            elif tactics.prepare(state):
                seat = utility.seat
                table = utility.outcomes_at(state._scores, 1 - state._dealer)
                return Endgame(state, seat, table).value(state)
        return utility.of_state(state)

    def _answer(
        self,
        view: SevenUpView,
        legal: Sequence[Action],
        worlds: Iterator[tuple[SevenUpState, float]],
        utility: Utility,
        deadline: float,
    ) -> Action:
        """Stand or beg; give or run."""
        seat = view.seat
        totals = [0.0] * len(legal)
        for n, (world, weight) in enumerate(worlds):
            start = len(world._deals)
            for i, action in enumerate(legal):
                child = world.clone()
                child.step(action, seat)
                totals[i] += weight * self._rest(child, utility, start)
            if n + 1 >= self.bid_worlds or clock.perf_counter() > deadline:
                break
        return legal[self._best(totals)]

    def _discard(
        self,
        view: SevenUpView,
        worlds: Iterator[tuple[SevenUpState, float]],
        utility: Utility,
        deadline: float,
    ) -> Action:
        seat = view.seat
        assert view.hand is not None and seat is not None
        hand = view.hand.mask
        trump = view.turn_up // 13
        values = _game(view.rules).values
        cards = [c for c in range(52) if hand >> c & 1]
        keeps = sorted(
            itertools.combinations(cards, HAND), key=_keep_score(trump, values), reverse=True
        )[: self.keeps]
        throws = [[c for c in cards if c not in keep] for keep in keeps]
        totals = [0.0] * len(keeps)
        for n, (world, weight) in enumerate(worlds):
            start = len(world._deals)
            for i, throw in enumerate(throws):
                child = world.clone()
                for c in throw:
                    child.step(DISCARD[c], seat)
                totals[i] += weight * self._rest(child, utility, start)
            if n + 1 >= self.discard_worlds or clock.perf_counter() > deadline:
                break
        return DISCARD[throws[self._best(totals)][0]]
