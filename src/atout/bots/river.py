"""Up and Down the River's computer opponents, level by level (RULES.md §2).

``medium`` plays as a steady club player: it bids the tricks its hand counts for (high cards
and trumps, less what the other hands may hold over them, plus ruffs from short suits; the
hook respected by stepping to the side the count leans), then plays toward the exact bid: it
tries to win while short of its bid and ducks once on it, remembering every card played.
``easy`` counts more crudely (Aces, guarded Kings, high trumps, long trumps, voids), now and
then misjudges its hand by a trick, forgets the cards played (only the trick on the table is in
mind) and sometimes plays a card without thinking.

``hard`` and ``expert`` search the round by information-set Monte Carlo tree search
(:mod:`atout.bots.river_mcts`): worlds drawn from the view (:mod:`atout.river.worlds`: the unseen
cards dealt uniformly as the revealed voids allow), a node for each information set of the seat
to act (the public bids and cards, and that seat's own hand), each seat choosing by its own
points, the rounds played out at random past the tree. ``hard`` runs 5,000 iterations;
``expert`` 20,000, drawing its worlds in proportion to how likely they make the other seats'
bids and cards. A bid is thus chosen by the points each bid leads to when the round is played
out, under the hook and the bids already made, and a card toward the exact bid.
:class:`RiverSearch` is the determinized search (PIMC) the levels used before, measured weaker
against OpenSpiel's ISMCTS; it still bids for the tree search under sealed bids, and its world
weights serve the tree search's ``infer``.

The utility is the seat's own points in the round (:meth:`atout.river.River.deal_value`).
"""

from __future__ import annotations

import functools
import math
import random
import time as clock
from collections.abc import Sequence

from atout.bots.levels import Policy, register
from atout.cards import SUIT_MASKS, bits
from atout.core.actions import Action, Bid
from atout.core.state import View
from atout.games import load
from atout.river.actions import BID, PLAY
from atout.river.endgame import solve_round
from atout.river.game import River
from atout.river.greedy import estimate, greedy_card, greedy_playout, model_bid
from atout.river.state import RiverState
from atout.river.tables import BEATS, BIT
from atout.river.view import RiverView
from atout.river.worlds import Sampler

__all__ = ["RiverSearch", "forbidden_bid", "heuristic", "river_game", "rough_count", "sealed_bid"]


@functools.cache
def river_game(rules: str) -> River:
    """The River game of a rules text, loaded once per process (games are immutable)."""
    game = load(rules)
    assert isinstance(game, River)
    return game


def forbidden_bid(legal: Sequence[Action], cards: int) -> int:
    """The bid the hook forbids this seat (-1: none), read off the legal bids."""
    allowed = {a.tricks for a in legal if isinstance(a, Bid)}
    missing = [t for t in range(cards + 1) if t not in allowed]
    return missing[0] if missing else -1


def _best(trick: tuple[int, ...], trump: int) -> int:
    """The card winning the trick so far (-1 before the lead)."""
    beats = BEATS[trump + 1]
    best = -1
    for c in trick:
        if best < 0 or beats[best * 52 + c]:
            best = c
    return best


def rough_count(hand: int, trump: int) -> float:
    """A beginner's count of tricks: Aces, guarded Kings, high trumps, long trumps, voids."""
    total = 0.0
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    for u in range(4):
        mine = hand & SUIT_MASKS[u]
        length = mine.bit_count()
        for c in bits(mine):
            rank = c % 13
            if u == trump:
                total += 1.0 if rank >= 10 else 0.0  # A K Q of trumps
            elif rank == 12:
                total += 1.0
            elif rank == 11 and length >= 2:
                total += 0.5
        if u == trump and length > 3:
            total += length - 3
        if u != trump and trumps and length == 0:
            total += 0.5
    return total


def heuristic(careful: bool) -> Policy:
    """The rule-of-thumb player; ``careful`` is medium, otherwise easy."""

    def choose(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, RiverView) and view.seat is not None and view.hand is not None
        if len(legal) == 1:
            return legal[0]
        me = view.seat
        hand = view.hand.mask
        trump = view.trump if view.trump is not None else -1
        n = len(view.hand_sizes)
        if isinstance(legal[0], Bid):
            if careful:
                expected = estimate(hand, trump, view.turned if view.turned is not None else -1,
                                    n, view.cards)  # fmt: skip
            else:
                expected = rough_count(hand, trump) + rng.choice((-1, 0, 0, 0, 1)) * 1.0
            bid = model_bid(expected, view.cards, forbidden_bid(legal, view.cards))
            return BID[bid]
        if not careful and rng.random() < 0.12:  # a beginner's careless card
            return rng.choice(list(legal))
        gone = 0
        for c in view.trick:
            gone |= BIT[c]
        if careful:
            for t in view.history:
                for c in t.cards:
                    gone |= BIT[c]
            if view.turned is not None:
                gone |= BIT[view.turned]
        mine = view.bids[me]
        need = 1 if mine is None else mine - view.tricks[me]
        last = len(view.trick) == n - 1
        best = _best(view.trick, trump)
        card = greedy_card(hand, view.trick, best, trump=trump, need=need, gone=gone, last=last)
        return PLAY[card]

    return choose


class RiverSearch:
    """Determinized search for River: bids and cards valued by playouts in sampled worlds.

    ``worlds`` worlds per decision (at most; ``time`` seconds bound the thinking, at least one
    world is always valued); the last ``endgame`` tricks are searched exactly; ``infer``
    weights worlds by the likelihood of the other seats' bids and cards this round."""

    name = "river-search"
    version = "1"
    uses_view = True

    def __init__(
        self,
        worlds: int = 64,
        *,
        time: float = 1.5,
        endgame: int = 2,
        infer: bool = False,
        bid_spread: float = 1.2,
        off_policy: float = 0.4,
    ) -> None:
        if worlds < 1 or time <= 0 or endgame < 0:
            raise ValueError("worlds is at least 1, time is positive, endgame at least 0")
        self.worlds = worlds
        self.time = time
        self.endgame = endgame
        self.infer = infer
        self.bid_spread = bid_spread
        self.off_policy = off_policy

    def choose(self, view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        if not isinstance(view, RiverView) or view.seat is None:
            raise ValueError("the River search plays a seat's River view")
        game = river_game(view.rules)
        deadline = clock.perf_counter() + self.time
        me = view.seat
        sampler = Sampler(view)
        totals = [0.0] * len(legal)
        weight_sum = 0.0
        bidding = isinstance(legal[0], Bid)
        cards_left = view.cards - len(view.history)
        exact = not bidding and cards_left <= self.endgame
        for n in range(self.worlds):
            world = sampler.world(game, rng, sealed_bid)
            weight = self._weight(world, view, sampler) if self.infer else 1.0
            if weight > 0.0:
                weight_sum += weight
                for i, action in enumerate(legal):
                    child = world.clone()
                    child.step(action, me)
                    points = solve_round(child) if exact else greedy_playout(child)
                    totals[i] += weight * points[me]
            if n + 1 < self.worlds and clock.perf_counter() > deadline and weight_sum > 0:
                break
        best = max(range(len(legal)), key=lambda i: (totals[i], -i))
        return legal[best]

    def _weight(self, world: RiverState, view: RiverView, sampler: Sampler) -> float:
        """How likely the world makes the other seats' bids and cards this round, relative to
        the others (a product of per-decision likelihoods under the rules of thumb)."""
        me = view.seat
        n = len(view.hand_sizes)
        cards = view.cards
        trump = view.trump if view.trump is not None else -1
        turned = view.turned if view.turned is not None else -1
        hands = [h.mask if h is not None else 0 for h in (world.view(s).hand for s in range(n))]
        dealt = [hands[s] | sampler.played[s] for s in range(n)]
        log_w = 0.0
        # Bids in turn, left of the dealer first: each near the count of the seat's hand.
        spread = 2 * self.bid_spread**2
        hook = river_game(view.rules).rules.hook
        total = 0
        for k in range(n):
            s = (view.dealer + 1 + k) % n
            made = view.bids[s]
            if made is None:
                continue
            bid: int = made
            forbidden = cards - total if k == n - 1 and hook else -1
            total += bid
            if s == me:
                continue
            expected = estimate(dealt[s], trump, turned, n, cards)
            norm = sum(
                math.exp(-((b - expected) ** 2) / spread)
                for b in range(cards + 1)
                if b != forbidden
            )
            log_w += -((bid - expected) ** 2) / spread - math.log(norm)
        if all(b is not None for b in view.bids):
            log_w += self._play_likelihood(view, dealt, trump, turned)
        return math.exp(log_w)

    def _play_likelihood(self, view: RiverView, dealt: list[int], trump: int, turned: int) -> float:
        """The log likelihood of the other seats' cards this round: a card the rules of thumb
        would have played counts 1, any other ``off_policy``."""
        me = view.seat
        n = len(dealt)
        hands = dealt[:]
        bids = view.bids
        taken = [0] * n
        gone = BIT[turned] if turned >= 0 else 0
        miss = math.log(self.off_policy)
        log_l = 0.0
        tricks = [(t.leader, t.cards) for t in view.history]
        if view.trick:
            tricks.append((view.leader, view.trick))
        beats = BEATS[trump + 1]
        for leader, table in tricks:
            best, best_seat = -1, -1
            for k, c in enumerate(table):
                s = (leader + k) % n
                hand = hands[s]
                if s != me:
                    legal = hand & SUIT_MASKS[table[0] // 13] if k else 0
                    legal = legal or hand
                    if legal & (legal - 1):
                        bid = bids[s]
                        assert bid is not None
                        guess = greedy_card(hand, table[:k], best, trump=trump, need=bid - taken[s],
                                            gone=gone, last=k == n - 1)  # fmt: skip
                        if guess != c:
                            log_l += miss
                hands[s] = hand ^ BIT[c]
                gone |= BIT[c]
                if best < 0 or beats[best * 52 + c]:
                    best, best_seat = c, s
            if len(table) == n:
                taken[best_seat] += 1
        return log_l


def sealed_bid(world: RiverState, seat: int) -> int:
    """A sealed bid in a world: what the seat's hand counts for."""
    view = world.view(seat)
    assert view.hand is not None
    trump = view.trump if view.trump is not None else -1
    turned = view.turned if view.turned is not None else -1
    expected = estimate(view.hand.mask, trump, turned, len(view.hand_sizes), view.cards)
    return model_bid(expected, view.cards, -1)


@register("river", "easy")
def _easy(time: float | None = None) -> Policy:
    return heuristic(careful=False)


@register("river", "medium")
def _medium(time: float | None = None) -> Policy:
    return heuristic(careful=True)


@register("river", "hard")
def _hard(time: float = 1.5) -> Policy:
    from atout.bots.river_mcts import RiverMCTS

    return RiverMCTS(iterations=5000, time=time).choose


@register("river", "expert")
def _expert(time: float = 5.0) -> Policy:
    from atout.bots.river_mcts import RiverMCTS

    return RiverMCTS(iterations=20000, time=time, infer=True).choose
