"""A learned model of the tricks a River hand takes, and the bid it chooses (RULES.md §2).

For a seat about to bid in turn, :class:`BidModel` gives the chance of each number of tricks
the seat will take *when it bids b and plays toward b*, for every b: a small network (one
hidden layer) over the hand written relative to trump, the table (players, cards, the seat's
place in the bidding, the bids already made) and the candidate bid. It is trained by
``bench/train_river_bid.py`` on rounds played by the ``hard`` search, in which the bids were
drawn around the rules of thumb's count (:func:`atout.river.greedy.estimate`) so that every bid
near a hand's worth is seen with the play that follows it; since the bid drawn depends on the
hand only through the features, the chances it learns are those of bidding b, not of hands that
happen to be bid b.

:func:`BidModel.choose` bids the legal number with the most expected points under the round's
score (a trick a point, 10 more when exact; under ``exact_only`` nothing unless exact), which
weighs the chance of being exact against the tricks: the bid the score asks for, where the
search levels judged bids by playouts in which the other seats play at random.

The weights are package data (``river_bid.json``, written by the training script with the
command, seed and held-out log-loss); the forward pass is plain Python, so that playing needs
no NumPy. The model reads only what the bidding seat sees: its hand, the turned card and the
earlier bids.
"""

from __future__ import annotations

import functools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

from atout.cards import Rank
from atout.river.greedy import estimate
from atout.river.state import round_points
from atout.river.view import RiverView

__all__ = [
    "BID_FEATURES",
    "HAND_FEATURES",
    "MAX_TRICKS",
    "BidModel",
    "Situation",
    "best_bid",
    "bid_features",
    "shipped",
]

#: The most tricks a River round deals (10 cards a seat at most by the rule book's defaults;
#: rounds of more cards are read as 10).
MAX_TRICKS: Final = 10
#: The names of the hand and table features, in order (the model's first inputs).
HAND_FEATURES: Final = (
    "estimate", "fair", "cards", "players", "place", "dealer", "earlier", "earlier_excess",
    "left_for_me", "no_trump", "trumps", "trump_a", "trump_k", "trump_q", "trump_j",
    "trump_10", "trumps_low", "side_aces", "side_kings", "guarded_kings", "side_queens",
    "voids", "singletons", "doubletons", "longest_side", "estimate_share",
)  # fmt: skip
#: The names of the bid's features, appended to the hand's for each candidate bid.
BID_FEATURES: Final = ("bid", "bid_less_estimate", "bid_off", "bid_off_squared", "bid_zero",
                       "bid_share", "bid_less_fair")  # fmt: skip

# Ranks are bits of a suit's 13 (a two is bit 0, an Ace bit 12).
_ACE, _KING, _QUEEN, _JACK, _TEN = (
    int(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
)


@dataclass(frozen=True, slots=True)
class Situation:
    """What a seat sees when it bids in turn: its hand (a card mask), the trump suit and the
    turned card (-1 and -1 in a round without trumps), the players, the round's cards, its
    ``place`` in the bidding (0 first, ``players - 1`` the dealer) and the bids made before
    it, in order."""

    hand: int
    trump: int
    turned: int
    players: int
    cards: int
    place: int
    earlier: tuple[int, ...]

    @classmethod
    def of(cls, view: RiverView) -> Situation:
        """The situation of a seat's view while it bids in turn."""
        if view.seat is None or view.hand is None:
            raise ValueError("a bid is made from a seat's view")
        n = len(view.hand_sizes)
        place = (view.seat - view.dealer - 1) % n
        earlier = tuple(view.bids[(view.dealer + 1 + i) % n] for i in range(place))
        if None in earlier:
            raise ValueError("the earlier bids are not in view (sealed bids)")
        return cls(
            view.hand.mask,
            view.trump if view.trump is not None else -1,
            view.turned if view.turned is not None else -1,
            n, view.cards, place, tuple(b for b in earlier if b is not None),
        )  # fmt: skip

    def features(self) -> list[float]:
        """The hand and table features (:data:`HAND_FEATURES`)."""
        hand, trump, players, cards = self.hand, self.trump, self.players, self.cards
        est = estimate(hand, trump, self.turned, players, cards)
        fair = cards / players
        made = sum(self.earlier)
        suits = [(hand >> (13 * u)) & 0x1FFF for u in range(4)]
        t = suits[trump] if trump >= 0 else 0
        side = [suits[u] for u in range(4) if u != trump]
        lengths = [s.bit_count() for s in side]
        top = 1 << _ACE | 1 << _KING | 1 << _QUEEN | 1 << _JACK | 1 << _TEN
        return [
            est,
            fair,
            cards / MAX_TRICKS,
            players / 8,
            self.place / max(1, players - 1),
            1.0 if self.place == players - 1 else 0.0,
            made / cards,
            (made - len(self.earlier) * fair) / cards,
            (cards - made) / cards,
            1.0 if trump < 0 else 0.0,
            t.bit_count(),
            t >> _ACE & 1,
            t >> _KING & 1,
            t >> _QUEEN & 1,
            t >> _JACK & 1,
            t >> _TEN & 1,
            (t & ~top).bit_count(),
            sum(s >> _ACE & 1 for s in side),
            sum(s >> _KING & 1 for s in side),
            sum(1 for s in side if s >> _KING & 1 and s.bit_count() >= 2),
            sum(s >> _QUEEN & 1 for s in side),
            sum(1 for n in lengths if n == 0),
            sum(1 for n in lengths if n == 1),
            sum(1 for n in lengths if n == 2),
            max(lengths) / cards,
            est / cards,
        ]


def bid_features(bid: int, est: float, fair: float, cards: int) -> list[float]:
    """The features of a candidate bid for a hand whose count is ``est``."""
    off = bid - est
    return [bid, off, abs(off), off * off, 1.0 if bid == 0 else 0.0, bid / cards, bid - fair]


class BidModel:
    """The tricks a bidding seat takes by the bid it makes; see the module's text. ``weights``
    is the JSON object the training script writes: ``mean`` and ``scale`` of the inputs,
    ``w1`` (one row per input), ``b1``, ``w2`` (one row per hidden unit), ``b2``."""

    def __init__(self, weights: dict[str, object]) -> None:
        def matrix(key: str) -> list[list[float]]:
            value = weights[key]
            assert isinstance(value, list)
            return [[float(x) for x in row] for row in value]

        def vector(key: str) -> list[float]:
            value = weights[key]
            assert isinstance(value, list)
            return [float(x) for x in value]

        self.mean = vector("mean")
        self.scale = vector("scale")
        self.w1 = matrix("w1")
        self.b1 = vector("b1")
        self.w2 = matrix("w2")
        self.b2 = vector("b2")
        inputs = len(HAND_FEATURES) + len(BID_FEATURES)
        if not (len(self.mean) == len(self.scale) == len(self.w1) == inputs
                and len(self.w2) == len(self.b1) == len(self.w1[0])
                and len(self.b2) == len(self.w2[0]) == MAX_TRICKS + 1):  # fmt: skip
            raise ValueError("the bid model's weights do not match its features")
        meta = weights.get("meta", {})
        #: Where the weights came from (the training command and its figures).
        self.meta: dict[str, object] = meta if isinstance(meta, dict) else {}

    def tricks(self, inputs: Sequence[float], cards: int) -> list[float]:
        """The chance of each number of tricks from 0 to ``cards`` (at most ``MAX_TRICKS``)
        for one row of inputs (hand features, then a bid's)."""
        x = [(v - m) / s for v, m, s in zip(inputs, self.mean, self.scale, strict=True)]
        hidden = list(self.b1)
        for v, row in zip(x, self.w1, strict=True):
            if v:
                for j, w in enumerate(row):
                    hidden[j] += v * w
        h = [v if v > 0 else 0.0 for v in hidden]  # ReLU
        top = min(cards, MAX_TRICKS)
        logits = list(self.b2[: top + 1])
        for v, row in zip(h, self.w2, strict=True):
            if v:
                for k in range(top + 1):
                    logits[k] += v * row[k]
        peak = max(logits)
        odds = [math.exp(z - peak) for z in logits]
        total = sum(odds)
        return [p / total for p in odds]

    def expected_points(
        self, seat: Situation, bids: Sequence[int], *, exact_only: bool = False
    ) -> dict[int, float]:
        """For each bid of ``bids``, the round's expected points to the bidding seat."""
        base = seat.features()
        est, fair, cards = base[0], base[1], seat.cards
        out: dict[int, float] = {}
        for b in bids:
            p = self.tricks(base + bid_features(b, est, fair, cards), cards)
            out[b] = sum(q * round_points((b,), (t,), exact_only)[0] for t, q in enumerate(p))
        return out

    def choose(self, seat: Situation, bids: Sequence[int], *, exact_only: bool = False) -> int:
        """The bid of ``bids`` (the legal ones) with the most expected points; the lower bid
        of two equal."""
        return best_bid(self.expected_points(seat, bids, exact_only=exact_only))


def best_bid(value: dict[int, float]) -> int:
    """The bid with the most expected points of ``value`` (by bid); the lower bid of two
    equal."""
    return max(sorted(value), key=lambda b: value[b] - 1e-9 * b)


@functools.cache
def shipped() -> BidModel:
    """The model shipped with atout (``river_bid.json``), loaded once per process."""
    text = resources.files("atout.bots").joinpath("river_bid.json").read_text(encoding="utf-8")
    return BidModel(json.loads(text))
