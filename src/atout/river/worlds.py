"""Worlds consistent with a River view: the unseen cards dealt out at random, for search.

What a seat knows of the cards it cannot see (RULES.md §2):

- the cards it has seen are not hidden: its hand, the turned trump card, every card played
  this round (the finished tricks and the trick on the table);
- the unseen cards are the other seats' hands (their sizes are public) and the undealt stock;
- a seat that did not follow suit holds no card of the suit led, for the rest of the round
  (there are no draws in River): each such answer reveals a void.

A world deals the unseen cards uniformly among all the deals that respect those facts. The
count of deals is worked out suit by suit: only the seats with a void are constrained, so a
dynamic programme over them (the cards left in each suit as its state) counts, for every way
of giving a constrained seat its number of cards of each suit, the deals that complete it;
the unconstrained seats and the stock then share the rest at random, in as many ways whatever
the suits left. Drawing each seat's suit counts with probability proportional to those
counts, then the cards of each suit uniformly, gives every consistent deal the same chance.

Bids sealed under ``simultaneous_bids`` are no part of the view: a world gives each seat that
has sealed a bid one drawn uniformly from 0 to the round's cards, unless the caller supplies a
model of how seats bid. :class:`Sampler` does the counting once per view and then draws as
many worlds as asked; :func:`world` builds the state, whose view for the seat equals the real
view.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import comb
from typing import TYPE_CHECKING, Any

from atout.cards import SUIT_MASKS, bits
from atout.river.rules import PACK_SIZE
from atout.river.state import RiverState
from atout.river.tables import BEATS
from atout.river.view import RiverView

if TYPE_CHECKING:
    from atout.river.game import River

__all__ = ["Sampler", "SealedBid", "played_by", "sample_world", "voids", "world"]

#: A model of a sealed bid: ``(world, seat) -> bid`` for a seat whose bid the view hides, given
#: the world with that seat's hand dealt (every sealed bid still unset, -1).
SealedBid = Callable[[RiverState, int], int]

_FULL = (1 << PACK_SIZE) - 1


def played_by(view: RiverView) -> list[int]:
    """The cards each seat has played this round (finished tricks and the table), as masks."""
    n = len(view.hand_sizes)
    out = [0] * n
    for t in view.history:
        for i, c in enumerate(t.cards):
            out[(t.leader + i) % n] |= 1 << c
    for i, c in enumerate(view.trick):
        out[(view.leader + i) % n] |= 1 << c
    return out


def voids(view: RiverView) -> list[int]:
    """By seat, the suits it has shown it lacks this round (by not following), as a mask of the
    cards of those suits."""
    n = len(view.hand_sizes)
    out = [0] * n
    tricks = [(t.leader, t.cards) for t in view.history]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0] // 13
        for i in range(1, len(cards)):
            if cards[i] // 13 != led:
                out[(leader + i) % n] |= SUIT_MASKS[led]
    return out


def _compositions(size: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way of writing ``size`` as a sum of one number per suit, each at most its cap."""
    out: list[tuple[int, ...]] = []

    def fill(i: int, left: int, prefix: tuple[int, ...]) -> None:
        if i == len(caps) - 1:
            if left <= caps[i]:
                out.append((*prefix, left))
            return
        rest = sum(caps[i + 1 :])
        for x in range(max(0, left - rest), min(caps[i], left) + 1):
            fill(i + 1, left - x, (*prefix, x))

    fill(0, size, ())
    return out


class Sampler:
    """The worlds consistent with one view: counted once, then drawn as often as asked.

    ``hidden`` is the mask of unseen cards; ``sizes`` each other seat's hand size (the seat's
    own is 0 here); ``excluded`` by seat the cards it cannot hold; ``stock_size`` the undealt
    cards. :attr:`count` is the number of consistent deals of the unseen cards."""

    def __init__(self, view: RiverView) -> None:
        if view.seat is None or view.hand is None:
            raise ValueError("a spectator has no hand to build worlds around")
        if view.match_over:
            raise ValueError("the match is over: there is no round to build worlds in")
        self.view = view
        me = self.seat = view.seat
        n = self.n = len(view.hand_sizes)
        done = played_by(view)
        seen = view.hand.mask
        for m in done:
            seen |= m
        if view.turned is not None:
            seen |= 1 << view.turned
        self.played = done
        self.hidden = _FULL & ~seen
        self.sizes = [0 if s == me else view.hand_sizes[s] for s in range(n)]
        dealt = view.cards * n
        self.stock_size = PACK_SIZE - dealt - (1 if dealt < PACK_SIZE else 0)
        if sum(self.sizes) + self.stock_size != self.hidden.bit_count():
            raise ValueError("no world fits this view: its cards do not add up")
        void = voids(view)
        self.excluded = [0 if s == me else void[s] & self.hidden for s in range(n)]
        # Only seats with a void constrain the deal; the others and the stock share the rest.
        self.constrained = [s for s in range(n) if self.excluded[s] and self.sizes[s]]
        self.free = [s for s in range(n) if s != me and s not in self.constrained]
        self._left = tuple((self.hidden & SUIT_MASKS[u]).bit_count() for u in range(4))
        self._ways: dict[tuple[int, tuple[int, ...]], int] = {}
        self._options: dict[
            tuple[int, tuple[int, ...]], tuple[list[tuple[int, ...]], list[int]]
        ] = {}
        self.count = self._count(0, self._left) * self._free_ways()
        if self.count == 0:
            raise ValueError("no world fits this view: the voids leave no deal")

    def _free_ways(self) -> int:
        """The deals of the cards left after the constrained seats among the others."""
        left = sum(self.sizes[s] for s in self.free) + self.stock_size
        ways = 1
        for s in self.free:
            ways *= comb(left, self.sizes[s])
            left -= self.sizes[s]
        return ways

    def _choices(self, i: int, left: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int]]:
        """The suit counts constrained seat ``i`` may take with ``left`` cards per suit, and the
        number of deals of the constrained seats from ``i`` on that each one leaves."""
        key = (i, left)
        got = self._options.get(key)
        if got is None:
            seat = self.constrained[i]
            caps = tuple(0 if self.excluded[seat] & SUIT_MASKS[u] else left[u] for u in range(4))
            options: list[tuple[int, ...]] = []
            weights: list[int] = []
            for x in _compositions(self.sizes[seat], caps):
                rest = tuple(left[u] - x[u] for u in range(4))
                w = self._count(i + 1, rest)
                if w:
                    for u in range(4):
                        w *= comb(left[u], x[u])
                    options.append(x)
                    weights.append(w)
            got = self._options[key] = (options, weights)
        return got

    def _count(self, i: int, left: tuple[int, ...]) -> int:
        if i == len(self.constrained):
            return 1
        key = (i, left)
        got = self._ways.get(key)
        if got is None:
            got = self._ways[key] = sum(self._choices(i, left)[1])
        return got

    def hands(self, rng: random.Random) -> tuple[list[int], int]:
        """A uniform draw of the unseen cards: every seat's hand (the seat's own as seen) and
        the stock, as masks."""
        hands = [0] * self.n
        assert self.view.hand is not None
        hands[self.seat] = self.view.hand.mask
        pool = [list(bits(self.hidden & SUIT_MASKS[u])) for u in range(4)]
        left = self._left
        for i, seat in enumerate(self.constrained):
            options, weights = self._choices(i, left)
            x = options[_pick(weights, rng)]
            hand = 0
            for u in range(4):
                if x[u]:
                    for c in rng.sample(pool[u], x[u]):
                        hand |= 1 << c
                        pool[u].remove(c)
            hands[seat] = hand
            left = tuple(left[u] - x[u] for u in range(4))
        rest = pool[0] + pool[1] + pool[2] + pool[3]
        rng.shuffle(rest)
        at = 0
        for seat in self.free:
            hand = 0
            for c in rest[at : at + self.sizes[seat]]:
                hand |= 1 << c
            hands[seat] = hand
            at += self.sizes[seat]
        stock = 0
        for c in rest[at:]:
            stock |= 1 << c
        return hands, stock

    def world(self, game: River, rng: random.Random, sealed: SealedBid | None = None) -> RiverState:
        """A world drawn uniformly from those consistent with the view (sealed bids drawn
        uniformly, or from ``sealed``)."""
        hands, stock = self.hands(rng)
        stock_cards = list(bits(stock))
        rng.shuffle(stock_cards)
        return world(game, self.view, hands, stock_cards, rng=rng, sealed=sealed)


def _pick(weights: list[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to the (big integer) weights."""
    r = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            return i
    raise AssertionError("the weights sum to more than their parts")


def sample_world(game: River, view: RiverView, rng: random.Random) -> RiverState:
    """A world drawn uniformly from those consistent with the view."""
    return Sampler(view).world(game, rng)


def world(
    game: River,
    view: RiverView,
    hands: list[int],
    stock: list[int],
    *,
    rng: random.Random,
    sealed: SealedBid | None = None,
) -> RiverState:
    """The state of the current round with these hands (each seat's cards now) and this stock
    (the undealt cards after the turned one, in pack order). Sealed bids are drawn from
    ``rng`` (or from ``sealed``); later rounds are shuffled from a seed drawn from ``rng``.
    Earlier rounds are no part of the world beyond their rows on the score sheet."""
    assert view.seat is not None
    n = len(hands)
    rules = game.rules
    done = played_by(view)
    dealt = [hands[s] | done[s] for s in range(n)]
    cards = view.cards
    pack: list[int] = []
    order = [list(bits(dealt[(view.dealer + 1 + k) % n])) for k in range(n)]
    for j in range(cards):
        for k in range(n):
            pack.append(order[k][j])
    if view.turned is not None:
        pack.append(view.turned)
    pack += stock
    s = RiverState()  # blank, filled below
    first_dealer = (view.dealer - (view.deal - 1)) % n
    s._init_match(game, rng.getrandbits(63), (), first_dealer, shuffle=True)
    s._n = n
    s._schedule = game.schedule
    s._sealed = rules.simultaneous_bids
    s._hook = rules.hook
    s._exact_only = rules.exact_only
    s._scores = view.scores
    s._sheet = view.sheet
    s._deal_no = view.deal
    # The shuffles of later rounds are numbered on from this one.
    s._packs = ((),) * (view.deal - 1) + (tuple(pack),)
    s._dealer = view.dealer
    s._cards = cards
    s._hands = list(hands)
    s._turned = view.turned if view.turned is not None else -1
    s._trump = view.trump if view.trump is not None else -1
    s._tricks = list(view.tricks)
    played = 0
    log: tuple[Any, ...] | None = None
    for t in view.history:
        for c in t.cards:
            played |= 1 << c
        log = (log, t.leader, t.cards, t.winner)
    s._played = played
    s._trick_log = log
    s._leader = view.leader
    s._table = view.trick
    best, best_seat = -1, -1
    beats = BEATS[s._trump + 1]
    for i, c in enumerate(view.trick):
        if best < 0 or beats[best * 52 + c]:
            best, best_seat = c, (view.leader + i) % n
    s._best, s._best_seat = best, best_seat
    bidding = not all(view.has_bid)
    s._bids = [b if b is not None else -1 for b in view.bids]
    if bidding and rules.simultaneous_bids:
        s._to_act = frozenset(view.to_act)
        hidden = [t for t in range(n) if view.has_bid[t] and view.bids[t] is None]
        bids = [sealed(s, t) if sealed is not None else rng.randint(0, cards) for t in hidden]
        for seat, b in zip(hidden, bids, strict=True):
            s._bids[seat] = b
    else:
        s._to_act = view.to_act[0]
    return s
