"""Where the opponent's unseen Schnapsen cards lie: a learned model of the hidden cards.

The search levels draw the opponent's hand uniformly among the cards the view allows
(:func:`atout.schnapsen.worlds.sample_world`). But the opponent's own play says more than the
rules do: a player who leads a low card with the stock open, or trumps a ten, or throws a King
on an Ace, holds some cards more often than others. :class:`CardModel` puts a number on it: for
each card the observer cannot place, a score ``s_c`` such that the odds of the card being in the
opponent's hand (rather than in the stock) are the uniform odds times ``exp(s_c)``.

**The model** is logistic, one output per card, over :func:`features`: sparse 0/1 features of
the view written *relative to trump* (the trump suit is always suit 0, the other suits keep
their order), so that what is learned of one trump suit holds for all four. With every weight 0
it is the uniform draw. It reads nothing but the view.

**Use.** Exactly ``k`` of the allowed cards are in the opponent's hand in every world (the
rest lie in the stock), so under independent per-card odds a world whose opponent holds the
set ``H`` has likelihood proportional to ``prod(exp(s_c) for c in H)``: the uniform odds and
the offsets cancel. :meth:`CardModel.weigher` gives that product as a world's weight, which the
search multiplies into :func:`atout.schnapsen.worlds.world_weight`. What every game's model
shares (the weights, their file, the world weight) is :mod:`atout.bots.card_model`.

**Training** is ``bench/train_infer.py``: self-play of a level, the seat to act's view and the
opponent's real hand at each decision, a held-out log-loss against the uniform draw. The
weights ship as JSON beside this module (:data:`WEIGHTS`), stamped with the command, seed and
level that made them, so that they are reproducible and versioned with the bot.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from atout.bots import card_model
from atout.bots.card_model import offsets, trump_first
from atout.cards import bits
from atout.schnapsen.tables import STRENGTH, SUIT
from atout.schnapsen.view import SchnapsenView
from atout.schnapsen.worlds import OPEN_TRICKS, knowledge

__all__ = [
    "CARDS",
    "FEATURES",
    "OFFSETS",
    "WEIGHTS",
    "CardModel",
    "canonical",
    "features",
    "load_model",
]

#: The shipped weights (package data of :mod:`atout.bots`).
WEIGHTS: Final = "schnapsen_infer.json"

#: Canonical card index: suit relative to trump (0 = trump) times 5, plus J 0 ... A 4.
CARDS: Final = 20


def canonical(card: int, trump: int) -> int:
    """The card's index among the 20 with the trump suit first: ``suit * 5 + strength``."""
    return trump_first(SUIT[card], trump) * 5 + STRENGTH[card]


# The features' blocks: (name, size); each feature is one 0/1 entry.
_BLOCKS: Final = (
    ("hand", CARDS),  # the observer's cards
    ("opp_led_open", CARDS),  # cards the opponent led while the stock was open
    ("opp_led_strict", CARDS),  # ... once it was closed or exhausted
    ("opp_followed", CARDS),  # cards the opponent played to the observer's leads
    ("opp_leads_now", CARDS),  # the card the opponent leads to the current trick
    ("my_played", CARDS),  # cards the observer played
    ("trump_card", CARDS),  # the face-up card under the stock
    ("opp_trumped", 4),  # the opponent trumped a lead of this suit
    ("opp_threw", 4),  # ... played a third suit to it (neither followed nor trumped)
    ("opp_under", 4),  # ... followed it low
    ("opp_headed", 4),  # ... followed it high
    ("opp_marriage", 4),  # the opponent declared a marriage in this suit
    ("my_marriage", 4),
    ("stock", 6),  # the stock's size / 2 (0, 2, ... 10 cards)
    ("opp_exchanged", 1),
    ("my_exchange", 1),
    ("closed_by_opp", 1),
    ("closed_by_me", 1),
    ("on_lead", 1),  # the observer leads the current trick
    ("opp_points", 3),  # the opponent's points: below 33, 33 to 52, 53 or more
)


#: Where each block of features starts.
OFFSETS: Final = offsets(_BLOCKS)
#: The number of features.
FEATURES: Final = sum(size for _, size in _BLOCKS)


def features(view: SchnapsenView) -> list[int]:
    """The indices of the view's active features (each 0/1), seen from ``view.seat``."""
    me = view.seat
    if me is None or view.hand is None:
        raise ValueError("a spectator has no hand to infer from")
    opp = 1 - me
    trump = view.trump
    at = OFFSETS
    out = [at["hand"] + canonical(c, trump) for c in bits(view.hand.mask)]
    strict_from = view.closed_at if view.closed_at is not None else OPEN_TRICKS
    for i, t in enumerate(view.history):
        lead, follow = t.cards
        if t.leader == opp:
            block = "opp_led_open" if i < strict_from else "opp_led_strict"
            out.append(at[block] + canonical(lead, trump))
            out.append(at["my_played"] + canonical(follow, trump))
            continue
        out.append(at["my_played"] + canonical(lead, trump))
        out.append(at["opp_followed"] + canonical(follow, trump))
        s = trump_first(SUIT[lead], trump)
        if SUIT[follow] == SUIT[lead]:
            high = STRENGTH[follow] > STRENGTH[lead]
            out.append(at["opp_headed" if high else "opp_under"] + s)
        elif SUIT[follow] == trump:
            out.append(at["opp_trumped"] + s)
        else:
            out.append(at["opp_threw"] + s)
    if view.trick:
        if view.leader == opp:
            out.append(at["opp_leads_now"] + canonical(view.trick[0], trump))
        else:
            out.append(at["my_played"] + canonical(view.trick[0], trump))
    else:
        out.append(at["on_lead"])
    if view.trump_card is not None:
        out.append(at["trump_card"] + canonical(view.trump_card, trump))
    for m in view.marriages:
        block = "opp_marriage" if m.seat == opp else "my_marriage"
        out.append(at[block] + trump_first(m.suit, trump))
    out.append(at["stock"] + min(5, view.stock_size // 2))
    if view.exchange is not None:
        out.append(at["opp_exchanged" if view.exchange.seat == opp else "my_exchange"])
    if view.closed_by is not None:
        out.append(at["closed_by_opp" if view.closed_by == opp else "closed_by_me"])
    points = view.points[opp] + view.pending[opp]
    out.append(at["opp_points"] + (0 if points < 33 else 1 if points < 53 else 2))
    return sorted(set(out))


class CardModel(card_model.CardModel):
    """Schnapsen's model: ``bias[k]`` and ``weights[f][k]`` for canonical card ``k`` and
    feature ``f`` of :func:`features`; ``meta`` says how the weights were made."""

    __slots__ = ()
    cards = CARDS
    features = FEATURES

    def scores(self, view: SchnapsenView) -> dict[int, float]:
        """``s_c`` for every card the view cannot place (the opponent's unknown cards and the
        face-down stock, less the cards a void rules out): the log of the card's odds of being
        in the opponent's hand over the uniform draw's odds."""
        trump = view.trump
        doubt = {c: canonical(c, trump) for c in bits(knowledge(view).allowed)}
        return self.card_scores(features(view), doubt)

    def weigher(self, view: SchnapsenView, temper: float = 1.0) -> Callable[[int], float]:
        """A world's weight from its opponent hand (a card mask): ``exp(temper * sum(s_c))`` over
        the hand's cards the view cannot place. ``temper`` below 1 trusts the model less."""
        return self.weigher_of(self.scores(view), temper)


@functools.cache
def load_model() -> CardModel:
    """The shipped model (read once)."""
    return card_model.load(CardModel, WEIGHTS)
