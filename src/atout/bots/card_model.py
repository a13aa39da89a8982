"""A learned model of where a game's unseen cards lie: the part every game shares.

For each card the observer cannot place, a score ``s_c`` such that the odds of the card being
in the other seat's hand (rather than elsewhere among the hidden cards: a stock, discards, the
undealt cards) are the uniform draw's odds times ``exp(s_c)``. The model is logistic, one
output per *canonical* card (the game writes cards relative to trump, so that what is learned
of one trump suit holds for all four), over sparse 0/1 features of a seat's view: with every
weight 0 it is the uniform draw.

**Use.** A world deals the other seat a set ``H`` of the cards in doubt, the same number in
every world, so under independent per-card odds its likelihood is proportional to
``prod(exp(s_c) for c in H)``: the uniform odds and the offsets cancel. :meth:`CardModel.weigher`
gives that product as a world's weight.

Each game's module (:mod:`atout.bots.schnapsen_infer`, :mod:`atout.bots.sevenup_infer`)
subclasses :class:`CardModel` with its sizes and the features of its view; the training script
is ``bench/train_infer.py``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from importlib import resources
from typing import Any, ClassVar, TypeVar

from atout.cards import bits

__all__ = ["CardModel", "load", "offsets", "trump_first"]

M = TypeVar("M", bound="CardModel")


def trump_first(suit: int, trump: int) -> int:
    """The suit's place once trump is moved first (the other suits keep their order): how the
    games' models write a card relative to trump."""
    return 0 if suit == trump else suit + (1 if suit < trump else 0)


def offsets(blocks: Sequence[tuple[str, int]]) -> dict[str, int]:
    """Where each block of features starts, the blocks being ``(name, size)`` in order."""
    at, out = 0, {}
    for name, size in blocks:
        out[name] = at
        at += size
    return out


class CardModel:
    """The logistic model: ``bias[k]`` and ``weights[f][k]`` for canonical card ``k`` and
    feature ``f``; ``meta`` says how the weights were made. Subclasses set :attr:`cards` and
    :attr:`features`, the sizes every model of their game has."""

    __slots__ = ("bias", "meta", "weights")

    #: How many canonical cards the game has.
    cards: ClassVar[int]
    #: How many features its views have.
    features: ClassVar[int]

    def __init__(
        self,
        bias: Sequence[float],
        weights: Sequence[Sequence[float]],
        meta: dict[str, Any] | None = None,
    ) -> None:
        n, f = self.cards, self.features
        if len(bias) != n or len(weights) != f or any(len(w) != n for w in weights):
            raise ValueError(f"a card model has {n} biases and {f} x {n} weights")
        self.bias = tuple(float(b) for b in bias)
        self.weights = tuple(tuple(float(x) for x in w) for w in weights)
        self.meta = dict(meta or {})

    @classmethod
    def zero(cls: type[M]) -> M:
        """The uniform draw: every weight 0."""
        return cls([0.0] * cls.cards, [[0.0] * cls.cards for _ in range(cls.features)])

    @classmethod
    def from_dict(cls: type[M], data: dict[str, Any]) -> M:
        return cls(data["bias"], data["weights"], data.get("meta"))

    def to_dict(self) -> dict[str, Any]:
        return {
            "meta": self.meta,
            "bias": list(self.bias),
            "weights": [list(w) for w in self.weights],
        }

    def card_scores(self, active: Sequence[int], doubt: dict[int, int]) -> dict[int, float]:
        """``s_c`` for each card ``c`` of ``doubt`` (card: its canonical index), given the
        view's active features."""
        w = self.weights
        return {c: self.bias[i] + sum(w[f][i] for f in active) for c, i in doubt.items()}

    @staticmethod
    def weigher_of(scores: dict[int, float], temper: float = 1.0) -> Callable[[int], float]:
        """A world's weight from the other seat's hand (a card mask): ``exp(temper * sum(s_c))``
        over the hand's cards in doubt. ``temper`` below 1 trusts the model less."""
        mean = sum(scores.values()) / len(scores) if scores else 0.0
        # Centred, so that the weights stay near 1 (only their ratios matter).
        table = {c: temper * (s - mean) for c, s in scores.items()}

        def weight(hand: int) -> float:
            return math.exp(sum(table.get(c, 0.0) for c in bits(hand)))

        return weight


def load(cls: type[M], name: str) -> M:
    """The model of class ``cls`` shipped as ``name`` (package data of :mod:`atout.bots`)."""
    text = resources.files("atout.bots").joinpath(name).read_text(encoding="utf-8")
    return cls.from_dict(json.loads(text))
