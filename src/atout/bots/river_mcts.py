"""Information-set Monte Carlo tree search for Up and Down the River (single observer).

One tree over the public course of the round from the seat's decision: every bid and card in
River is seen by all (bids in turn), so a node is the sequence of actions since the root, and
the seat to act there is the same in every world. Each iteration draws a world consistent with
the view (:class:`atout.river.worlds.Sampler`), walks the tree from the root choosing, among
the actions legal *in that world*, the one with the best upper confidence bound for the seat
to act (its own points: every seat plays for its own score), adds one new node, plays the
round out by the rules of thumb (:func:`atout.river.greedy.greedy_playout`: far better guesses
of how people and bots play than random cards), and credits every node on the way with the
points of the seat that chose it. The bound counts, for each action, how often it was
*available* rather than how often its parent was visited, since a card is legal only in the
worlds that give it to the seat (Cowling, Powley and Whitehouse's ISMCTS).

The root's most visited action is played. ``iterations`` bounds the search and ``time`` caps
it in seconds (the deadline is checked every few iterations), so the choice is a function of
the view and the random stream unless the machine is too slow to finish in time.

With ``infer`` a pool of ``candidates`` uniform worlds is weighed once by how likely each makes
the other seats' bids and cards (:meth:`atout.bots.river.RiverSearch._weight`), and every
iteration draws its world from the pool in proportion to those weights: worlds that fit what
the others did come up more often.
"""

from __future__ import annotations

import bisect
import math
import random
import time as clock
from collections.abc import Sequence

from atout.core.actions import Action, Bid
from atout.core.state import View
from atout.river.greedy import greedy_playout
from atout.river.state import RiverState
from atout.river.view import RiverView
from atout.river.worlds import Sampler

__all__ = ["RiverMCTS"]

#: How often (in iterations) the deadline is read.
_CHECK_EVERY = 16


class _Node:
    """An action's node: how often it was chosen, how often it was available, and the points
    of the seat that chose it, summed over the iterations through it."""

    __slots__ = ("avail", "children", "n", "total")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.n = 0
        self.avail = 1
        self.total = 0.0


class RiverMCTS:
    """ISMCTS for River; see the module's text. ``uct`` is the exploration constant, in points.
    With ``infer``, ``candidates`` uniform worlds are weighed once and the iterations draw
    from them in proportion to their weights."""

    name = "river-mcts"
    version = "1"
    uses_view = True

    def __init__(
        self,
        iterations: int = 1000,
        *,
        time: float = 1.5,
        uct: float = 6.0,
        infer: bool = False,
        candidates: int = 400,
        noise: float = 0.0,
    ) -> None:
        if iterations < 1 or time <= 0 or uct < 0 or candidates < 1:
            raise ValueError("iterations and candidates are at least 1, time is positive")
        self.iterations = iterations
        self.time = time
        self.uct = uct
        self.infer = infer
        self.candidates = candidates
        self.noise = noise

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, RiverView) or view.seat is None:
            raise ValueError("the River search plays a seat's River view")
        # Imported here: atout.bots.river builds this search for its hard and expert levels.
        from atout.bots.river import RiverSearch, river_game, sealed_bid

        game = river_game(view.rules)
        if isinstance(legal[0], Bid) and game.rules.simultaneous_bids:
            # Sealed bids: the others' bids are unseen, so the tree's nodes would not be
            # public. Bid by determinized search instead.
            return RiverSearch(worlds=max(64, self.iterations // 8), time=self.time,
                               infer=self.infer).choose(view, legal, rng)  # fmt: skip
        deadline = clock.perf_counter() + self.time
        sampler = Sampler(view)
        pool: list[RiverState] = []
        cumulative: list[float] = []
        if self.infer:
            # A pool of uniform worlds weighed once; each iteration draws one in proportion to
            # its weight (a copy: the iteration plays it on).
            weigh = RiverSearch(infer=True)
            total = 0.0
            for _ in range(self.candidates):
                world = sampler.world(game, rng, sealed_bid)
                total += weigh._weight(world, view, sampler)
                pool.append(world)
                cumulative.append(total)
            if total <= 0:
                pool = []
        root = _Node()
        allowed = set(legal)
        for i in range(self.iterations):
            if i % _CHECK_EVERY == _CHECK_EVERY - 1 and clock.perf_counter() > deadline:
                break
            if pool:
                k = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
                state = pool[min(k, len(pool) - 1)].clone()
            else:
                state = sampler.world(game, rng, sealed_bid)
            self._iterate(state, root, allowed, rng)
        best = max(
            range(len(legal)),
            key=lambda k: (root.children[legal[k]].n if legal[k] in root.children else -1, -k),
        )
        return legal[best]

    def _iterate(
        self, state: RiverState, node: _Node, allowed: set[Action], rng: random.Random
    ) -> None:
        c = self.uct
        start = state.deals_done
        path: list[tuple[_Node, int]] = []
        first = True
        while state.deals_done == start:
            mover = state._to_act
            if not isinstance(mover, int):
                break  # sealed bids still to make (or the match is over): play it out
            legal = state.legal_actions(mover)
            if first:
                legal = [a for a in legal if a in allowed]
                first = False
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                child = children.get(a)
                if child is not None:
                    child.avail += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = children[action] = _Node()
                state.step(action, mover)
                path.append((child, mover))
                break
            best_score = -math.inf
            action = legal[0]
            for a in legal:
                child = children[a]
                score = child.total / child.n + c * math.sqrt(math.log(child.avail) / child.n)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            state.step(action, mover)
            path.append((node, mover))
        if state.deals_done == start and state._to_act is not None:
            points = greedy_playout(state, self.noise, rng.random)
        else:
            points = state._sheet[start].points
        for child, mover in path:
            child.n += 1
            child.total += points[mover]
