"""Determinized search (perfect-information Monte Carlo), shared by every game.

For each of ``worlds`` worlds drawn from the seat's view (``Game.sample_world``), every legal
action is valued: exactly by alpha-beta when the world says the rest of the deal is small
(``State.is_endgame``), otherwise by the mean of ``playouts`` random playouts to the end of the
deal (the games' fast loops; playouts by a heuristic policy were tried for Schnapsen and
measured weaker). With ``weighted`` every world counts by ``Game.world_weight``: how likely the
other seats' bids and plays make it. The action with the best total wins; ties go to the first
in the legal order.

The bot sees only the view, and all its randomness comes from the ``rng`` it is given, so two
states that look the same from its seat get the same choice. ``time`` bounds the thinking: once
it is spent the bot decides on the worlds valued so far (at least one), so under heavy load a
decision may use fewer worlds than asked for.
"""

from __future__ import annotations

import functools
import random
import time as clock
from collections.abc import Callable, Sequence

from atout.bots.solve import solve
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import State, View
from atout.games import load

__all__ = ["SearchBot"]


@functools.cache
def _game(rules: str) -> Game[State]:
    return load(rules)


class SearchBot:
    """PIMC over the core protocol."""

    name = "search"
    version = "1"
    uses_view = True

    def __init__(
        self, worlds: int = 24, playouts: int = 8, time: float = 5.0, weighted: bool = False
    ) -> None:
        if worlds < 1 or playouts < 1 or time <= 0:
            raise ValueError("worlds and playouts are at least 1, time is positive")
        self.worlds = worlds
        self.playouts = playouts
        self.time = time
        self.weighted = weighted

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        totals, _ = self._totals(view, legal_actions, rng)
        best = max(range(len(legal_actions)), key=lambda i: (totals[i], -i))
        return legal_actions[best]

    def values(
        self, view: View, legal_actions: Sequence[Action], rng: random.Random
    ) -> list[float]:
        """Each legal action's value for the view's seat: its (weighted) mean over the worlds
        valued before the time ran out, in the unit of :meth:`evaluator` (by default the
        game's ``deal_value``). The coach reads these; :meth:`choose` takes the best."""
        totals, weights = self._totals(view, legal_actions, rng)
        return [t / weights for t in totals]

    def _totals(
        self, view: View, legal_actions: Sequence[Action], rng: random.Random
    ) -> tuple[list[float], float]:
        """The actions' weighted totals over the worlds, and the total weight."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator does not choose")
        game = _game(view.rules)
        deadline = clock.perf_counter() + self.time
        totals = [0.0] * len(legal_actions)
        plain = [0.0] * len(legal_actions)
        weights = 0.0
        weigh = self.weigher(view, game)
        evaluator = self.evaluators(view, rng)
        n = 0
        count = self.world_count(view)
        for n in range(count):
            world = game.sample_world(view, rng)
            weight = weigh(world)
            weights += weight
            value = evaluator(world)
            for i, action in enumerate(legal_actions):
                child = world.clone()
                child.step(action, seat)
                v = value(child)
                totals[i] += weight * v
                plain[i] += v
            if n + 1 < count and clock.perf_counter() > deadline:
                break
        if weights <= 0:  # every world unlikely: the plain means are all there is
            return plain, float(n + 1)
        return totals, weights

    def world_count(self, view: View) -> int:
        """How many worlds to draw for the view (time allowing): :attr:`worlds`, unless a
        game's search draws fewer where each costs more."""
        return self.worlds

    def weigher(self, view: View, game: Game[State]) -> Callable[[State], float]:
        """How much each world drawn for the view counts: ``Game.world_weight`` when
        ``weighted``, else 1 (a game's search may weigh them its own way)."""
        if not self.weighted:
            return lambda world: 1.0
        return lambda world: game.world_weight(view, world)

    def evaluators(
        self, view: View, rng: random.Random
    ) -> Callable[[State], Callable[[State], float]]:
        """Made once per decision: what gives each world its evaluator (:meth:`evaluator`). A
        search whose worlds can share work within a decision makes them here."""
        return lambda world: self.evaluator(view, world, rng)

    def evaluator(self, view: View, world: State, rng: random.Random) -> Callable[[State], float]:
        """How the states after the root's actions in ``world`` are valued for the view's seat
        (:meth:`value`; a game's search may value them its own way)."""
        seat = view.seat
        assert seat is not None
        start = world.deals_done
        return lambda state: self.value(state, seat, start, rng)

    def value(self, state: State, seat: int, start: int, rng: random.Random) -> float:
        """The value of a world for ``seat`` (whose deal began with ``start`` deals done): the
        deal's outcome if it is over, its exact value in an endgame, else the mean outcome of
        random playouts."""
        game = state.game
        if state.deals_done > start or state.to_act is None:
            return game.deal_value(state.result().deals[-1], seat)
        if state.is_endgame():
            return solve(state, seat)
        total = 0.0
        for _ in range(self.playouts):
            c = state.clone()
            c.playout(rng.random)
            total += game.deal_value(c.result().deals[-1], seat)
        return total / self.playouts
