"""Information-set Monte Carlo tree search for Up and Down the River (single observer).

Each iteration draws a world consistent with the seat's view (:class:`atout.river.worlds.Sampler`:
the others' hands), walks a tree from the seat's decision choosing, for the seat to act, the
action with the best upper confidence bound on that seat's own points (every seat plays for
its own score), adds one node, plays the round out at random and credits every node on the
way with the points of the seat that chose it (Cowling, Powley and Whitehouse's ISMCTS).

A node is an information set of the seat to act there, as in OpenSpiel's ``ISMCTSBot``: the
round's public course so far (bids are made in turn and every card is seen) and, for another
seat, the hand that seat holds in the world. The others are thus modelled as choosing with
their own cards in view, and never with the searching seat's. Sharing the others' nodes
across worlds instead (one node per public course) models them as choosing the same whatever
they hold, and measured half a point a deal weaker (``bench/bots-figures.md``).

The round is played on ints (hands as card masks, bids and tricks as lists), not through
:class:`atout.river.state.RiverState`: an iteration is a few dozen moves, and the state's log,
events and next deal would cost more than the search. The rules played here are the round's
(RULES.md §2 "Bids", "Play", "Score", the hook and ``exact_only``);
``tests/bots/test_river_bots.py`` holds them to the engine's.

``rollout`` chooses how the round is played out past the tree: ``random`` (uniform legal
moves, as OpenSpiel's evaluator) or ``greedy`` (the rules of thumb of
:mod:`atout.river.greedy`). The root's most visited action is played. ``iterations`` bounds
the search and ``time`` caps it in seconds (the clock is read every few iterations), so the
choice is a function of the view and the random stream unless the machine is too slow.

With ``infer``, a pool of ``candidates`` uniform worlds is weighed once by how likely each
makes the other seats' bids and cards (:meth:`atout.bots.river.RiverSearch._weight`), and each
iteration draws its world from the pool in proportion to those weights.

With ``bids="model"``, a seat bidding in turn in a round of at most ten cards bids by the
learned model of the tricks its hand takes (:mod:`atout.bots.river_bid`: the bid with the most
expected points) instead of by the search, whose playouts value a bid with the other seats
playing at random.

With ``others="abstract"``, another seat's information set is keyed by an abstraction of its
hand instead of the whole hand: bidding, by the tricks the rules of thumb expect the hand to
take (:func:`atout.river.greedy.estimate`, in half tricks); following suit, by its cards of
the suit led (the cards it may play); leading or void, by its whole hand still. With
``others="follow"``, only a follower's key is abstracted. A hand is drawn
afresh each iteration and is hardly ever met twice, so whole-hand nodes choose close to random,
where the abstractions recur across worlds and their statistics build up. Over whole matches
(``bench/bots-figures.md``, stop 31) ``follow`` measured level with the whole hands and
``abstract`` weaker, so the default keys by the whole hand.
"""

from __future__ import annotations

import bisect
import math
import random
import time as clock
from collections.abc import Callable, Sequence
from typing import Final

from atout.bots.river_bid import MAX_TRICKS, Situation, shipped
from atout.cards import SUIT_MASKS, bits
from atout.core.actions import Action, Bid, Play
from atout.core.state import View
from atout.river.actions import BID, PLAY
from atout.river.greedy import estimate, greedy_card, model_bid
from atout.river.state import hook_bid, round_points
from atout.river.tables import BEATS, BIT, SUIT_RANKS
from atout.river.view import RiverView
from atout.river.worlds import Sampler

__all__ = ["BID_KEY", "RiverMCTS", "Round", "action_of", "key_of"]

#: How often (in iterations) the deadline is read.
_CHECK_EVERY: Final = 16
#: A bid's key among a node's children: the card ids come first (0 … 51).
BID_KEY: Final = 64


class _Stat:
    """An action's record at an information set: how often it was chosen there and the
    points of the seat that chose it, summed over those iterations."""

    __slots__ = ("n", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0


class _Info:
    """An information set of the seat to act: how often the search chose there, and each
    action's record."""

    __slots__ = ("actions", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.actions: dict[int, _Stat] = {}


class _Public:
    """A public course of the round: its information sets (by the hand of the seat to act;
    -1 for the searching seat, whose hand the course fixes) and the courses after it."""

    __slots__ = ("children", "infosets")

    def __init__(self) -> None:
        self.children: dict[int, _Public] = {}
        self.infosets: dict[int, _Info] = {}


class Round:
    """A River round in progress, on ints: what a search iteration plays on. Built from a view
    and the hands of a world (:meth:`from_view`), then played with :meth:`legal` and
    :meth:`step` on action keys (a card id, or :data:`BID_KEY` + a bid)."""

    __slots__ = (
        "best",
        "best_seat",
        "bids",
        "cards",
        "dealer",
        "exact_only",
        "gone",
        "hands",
        "hook",
        "left",
        "mover",
        "n",
        "table",
        "tricks",
        "trump",
        "turned",
        "unbid",
    )

    def __init__(self) -> None:
        self.n = self.cards = self.dealer = 0
        self.trump = self.turned = -1  # -1: a round without trumps
        self.hook = self.exact_only = False
        self.hands: list[int] = []  # by seat, the cards held now
        self.bids: list[int] = []  # by seat, -1 until made
        self.unbid = 0  # how many bids are still to make
        self.tricks: list[int] = []  # by seat, the tricks taken
        self.table: tuple[int, ...] = ()  # the trick's cards so far, led first
        self.mover = 0
        self.best = self.best_seat = -1  # the card winning the trick so far, and its seat
        self.gone = 0  # the cards out of play: played, and the turned one
        self.left = 0  # the tricks not yet finished; 0 once the round is over

    @classmethod
    def from_view(cls, view: RiverView, hands: Sequence[int], *, hook: bool, exact_only: bool
                  ) -> Round:  # fmt: skip
        """The view's round with these hands (every seat's cards now)."""
        r = cls()
        n = r.n = len(hands)
        r.hands = list(hands)
        r.cards = view.cards
        r.dealer = view.dealer
        r.trump = view.trump if view.trump is not None else -1
        r.turned = view.turned if view.turned is not None else -1
        r.hook = hook
        r.exact_only = exact_only
        r.bids = [b if b is not None else -1 for b in view.bids]
        r.unbid = r.bids.count(-1)
        r.tricks = list(view.tricks)
        r.table = tuple(view.trick)
        gone = BIT[r.turned] if r.turned >= 0 else 0
        for t in view.history:
            for c in t.cards:
                gone |= BIT[c]
        for c in r.table:
            gone |= BIT[c]
        r.gone = gone
        beats = BEATS[r.trump + 1]
        r.best, r.best_seat = -1, -1
        for i, c in enumerate(r.table):
            if r.best < 0 or beats[r.best * 52 + c]:
                r.best, r.best_seat = c, (view.leader + i) % n
        r.left = r.cards - len(view.history)
        r.mover = view.to_act[0]
        return r

    def copy(self, hands: Sequence[int] | None = None) -> Round:
        """A copy to play on, with other hands if given."""
        r = Round.__new__(Round)
        r.n, r.cards, r.dealer, r.trump, r.turned = (self.n, self.cards, self.dealer,
                                                     self.trump, self.turned)  # fmt: skip
        r.hook, r.exact_only, r.unbid, r.left = self.hook, self.exact_only, self.unbid, self.left
        r.table, r.mover, r.gone = self.table, self.mover, self.gone
        r.best, r.best_seat = self.best, self.best_seat
        r.hands = list(self.hands if hands is None else hands)
        r.bids = self.bids[:]
        r.tricks = self.tricks[:]
        return r

    def forbidden(self) -> int:
        """The bid the hook forbids the seat to bid now (-1: none). The dealer bids last."""
        if not self.hook or self.mover != self.dealer:
            return -1
        return hook_bid(self.cards, self.bids)

    def legal(self) -> list[int]:
        """The keys of the legal actions of the seat to act."""
        if self.unbid:
            forbidden = self.forbidden()
            return [BID_KEY + b for b in range(self.cards + 1) if b != forbidden]
        hand = self.hands[self.mover]
        if self.table:
            follow = hand & SUIT_MASKS[self.table[0] // 13]
            if follow:
                return list(bits(follow))
        return list(bits(hand))

    def abstraction(self, hand: int, *, bids: bool = True) -> int:
        """The key of the seat to act's information set for ``hand`` under ``others="abstract"``
        (with ``bids`` false, as under ``others="follow"``, a bidder keeps its whole hand; see
        the module's text). Within one public course every key is of one kind, bar a follower
        void in the suit, whose whole hand holds none of it: the kinds never meet."""
        if self.unbid:
            if not bids:
                return hand
            expected = estimate(hand, self.trump, self.turned, self.n, self.cards)
            return -2 - int(expected * 2 + 0.5)  # below -1, the searching seat's key
        if self.table:
            held = hand & SUIT_MASKS[self.table[0] // 13]
            if held:
                return held
        return hand

    def step(self, key: int) -> None:
        """Play the seat to act's action; :attr:`left` is 0 once the round is over."""
        seat = self.mover
        n = self.n
        if key >= BID_KEY:
            self.bids[seat] = key - BID_KEY
            self.unbid -= 1
            # Bids go left from the dealer's left; the dealer's left leads the first trick.
            self.mover = (seat + 1) % n if self.unbid else (self.dealer + 1) % n
            return
        self.hands[seat] ^= BIT[key]
        self.gone |= BIT[key]
        if not self.table or BEATS[self.trump + 1][self.best * 52 + key]:
            self.best, self.best_seat = key, seat
        self.table += (key,)
        if len(self.table) < n:
            self.mover = (seat + 1) % n
            return
        winner = self.best_seat
        self.tricks[winner] += 1
        self.table = ()
        self.mover = winner
        self.left -= 1

    def points(self) -> tuple[int, ...]:
        """The round's points by seat, once it is over (RULES.md §2 "Score")."""
        return round_points(self.bids, self.tricks, self.exact_only)

    def random_playout(self, random: Callable[[], float]) -> None:
        """Play the round out with uniformly random legal moves (inlined on locals: this is
        the inner loop of the search)."""
        while self.unbid:
            keys = self.legal()
            self.step(keys[int(random() * len(keys))])
        n, hands, tricks = self.n, self.hands, self.tricks
        beats = BEATS[self.trump + 1]
        table, best, best_seat, mover = self.table, self.best, self.best_seat, self.mover
        left = self.left
        while left:
            hand = hands[mover]
            if table:
                shift = table[0] // 13 * 13
                ranks = SUIT_RANKS[hand >> shift & 0x1FFF]
                if ranks:  # follow suit: a random card of the suit led
                    c = shift + ranks[int(random() * len(ranks))]
                else:
                    cards = bits(hand)
                    c = cards[int(random() * len(cards))]
                hands[mover] = hand ^ BIT[c]
                if beats[best * 52 + c]:
                    best, best_seat = c, mover
                table += (c,)
                if len(table) == n:
                    tricks[best_seat] += 1
                    table = ()
                    mover = best_seat
                    left -= 1
                else:
                    mover = (mover + 1) % n
            else:
                cards = bits(hand)
                c = cards[int(random() * len(cards))]
                hands[mover] = hand ^ BIT[c]
                table, best, best_seat = (c,), c, mover
                mover = (mover + 1) % n
        # Only the points are read after a playout: the cards gone are left as they were.
        self.table, self.best, self.best_seat, self.mover, self.left = (), best, best_seat, mover, 0

    def greedy_playout(self) -> None:
        """Play the round out by the rules of thumb (:mod:`atout.river.greedy`)."""
        n = self.n
        while self.unbid:
            hand = self.hands[self.mover]
            expected = estimate(hand, self.trump, self.turned, n, self.cards)
            self.step(BID_KEY + model_bid(expected, self.cards, self.forbidden()))
        while self.left:
            seat = self.mover
            card = greedy_card(self.hands[seat], self.table, self.best, trump=self.trump,
                               need=self.bids[seat] - self.tricks[seat], gone=self.gone,
                               last=len(self.table) == n - 1)  # fmt: skip
            self.step(card)


def _model_bid(view: RiverView, legal: Sequence[Action], *, exact_only: bool) -> Action:
    """The legal bid with the most expected points under the learned bid model
    (:mod:`atout.bots.river_bid`), for a seat bidding in turn."""
    allowed = [a.tricks for a in legal if isinstance(a, Bid)]
    bid = shipped().choose(Situation.of(view), allowed, exact_only=exact_only)
    return next(a for a in legal if isinstance(a, Bid) and a.tricks == bid)


def key_of(action: Action) -> int:
    """The key of an action (see :class:`Round`)."""
    if isinstance(action, Bid):
        return BID_KEY + action.tricks
    assert isinstance(action, Play)
    return action.card


def action_of(key: int) -> Action:
    """The action of a key."""
    return BID[key - BID_KEY] if key >= BID_KEY else PLAY[key]


class RiverMCTS:
    """ISMCTS for River; see the module's text. ``uct`` is the exploration constant, in points.
    With ``infer``, ``candidates`` uniform worlds are weighed once and the iterations draw
    from them in proportion to their weights."""

    name = "river-mcts"
    version = "2"
    uses_view = True

    def __init__(
        self,
        iterations: int = 1000,
        *,
        time: float = 1.5,
        uct: float = 5.0,
        infer: bool = False,
        candidates: int = 400,
        rollout: str = "random",
        bids: str = "search",
        others: str = "hand",
    ) -> None:
        if iterations < 1 or time <= 0 or uct < 0 or candidates < 1:
            raise ValueError("iterations and candidates are at least 1, time is positive")
        if rollout not in {"random", "greedy"}:
            raise ValueError('rollout is "random" or "greedy"')
        if bids not in {"search", "model"}:
            raise ValueError('bids is "search" or "model"')
        if others not in {"hand", "follow", "abstract"}:
            raise ValueError('others is "hand", "follow" or "abstract"')
        self.iterations = iterations
        self.time = time
        self.uct = uct
        self.infer = infer
        self.candidates = candidates
        self.rollout = rollout
        self.bids = bids
        self.others = others
        #: The tree of the last decision searched (its root), for tests and analysis.
        self.last_root: _Public | None = None

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
        if isinstance(legal[0], Bid) and self.bids == "model" and view.cards <= MAX_TRICKS:
            return _model_bid(view, legal, exact_only=game.rules.exact_only)
        deadline = clock.perf_counter() + self.time
        sampler = Sampler(view)
        hook, exact_only = game.rules.hook, game.rules.exact_only
        pool: list[list[int]] = []
        cumulative: list[float] = []
        if self.infer:
            # A pool of uniform worlds weighed once; each iteration draws one in proportion to
            # its weight.
            weigh = RiverSearch(infer=True)
            total = 0.0
            for _ in range(self.candidates):
                world = sampler.world(game, rng, sealed_bid)
                total += weigh._weight(world, view, sampler)
                pool.append(list(world._hands))
                cumulative.append(total)
            if total <= 0:
                pool = []
        root = self.last_root = _Public()
        greedy = self.rollout == "greedy"
        abstract = self.others != "hand"
        abstract_bids = self.others == "abstract"
        # The round as the view shows it; each iteration plays a copy with a world's hands.
        base = Round.from_view(view, [0] * len(view.hand_sizes), hook=hook, exact_only=exact_only)
        for i in range(self.iterations):
            if i % _CHECK_EVERY == _CHECK_EVERY - 1 and clock.perf_counter() > deadline:
                break
            if pool:
                k = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
                hands = pool[min(k, len(pool) - 1)]
            else:
                hands = sampler.hands(rng)[0]
            self._iterate(
                base.copy(hands),
                root,
                view.seat,
                rng.random,
                greedy=greedy,
                abstract=abstract,
                abstract_bids=abstract_bids,
            )
        mine = root.infosets.get(-1)
        counts = mine.actions if mine is not None else {}
        keys = [key_of(a) for a in legal]
        best = max(
            range(len(legal)),
            key=lambda k: (counts[keys[k]].n if keys[k] in counts else -1, -k),
        )
        return legal[best]

    def _iterate(
        self,
        r: Round,
        node: _Public,
        me: int,
        random: Callable[[], float],
        *,
        greedy: bool,
        abstract: bool,
        abstract_bids: bool,
    ) -> None:
        c = self.uct
        path: list[tuple[_Stat, int]] = []
        while r.left:
            mover = r.mover
            if mover == me:
                hand = -1
            else:
                hand = r.hands[mover]
                if abstract:
                    hand = r.abstraction(hand, bids=abstract_bids)
            info = node.infosets.get(hand)
            if info is None:
                # A new information set: the search leaves the tree here.
                node.infosets[hand] = _Info()
                break
            legal = r.legal()
            actions = info.actions
            untried = [a for a in legal if a not in actions]
            if untried:
                action = untried[int(random() * len(untried))]
                stat = actions[action] = _Stat()
            else:
                log_visits = math.log(info.visits)
                best_score = -math.inf
                action = legal[0]
                for a in legal:
                    s = actions[a]
                    score = s.total / s.n + c * math.sqrt(log_visits / s.n)
                    if score > best_score:
                        best_score, action = score, a
                stat = actions[action]
            info.visits += 1
            stat.n += 1
            path.append((stat, mover))
            r.step(action)
            child = node.children.get(action)
            if child is None:
                child = node.children[action] = _Public()
            node = child
        if r.left:
            if greedy:
                r.greedy_playout()
            else:
                r.random_playout(random)
        points = r.points()
        for stat, mover in path:
            stat.total += points[mover]
