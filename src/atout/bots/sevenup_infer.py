"""Where the other seat's unseen Seven Up cards lie: a learned model of the hidden cards.

The search levels draw the other seat's hand uniformly among the hidden cards its voids allow
(:func:`atout.sevenup.worlds.sample_world`); ``expert`` then weighs each world by how likely the
rules of thumb make the other seat's choices (:func:`atout.sevenup.worlds.world_weight`). But
the other seat is rarely the rules of thumb: a searcher who stands holds the proposed suit's
high trumps more often than the rules say, one who leads a low card or throws a ten says
something of the cards it keeps. :class:`CardModel` learns it from play: for each hidden card
the view's features score the odds of its being in the other seat's hand rather than among its
discards or the undealt cards (:mod:`atout.bots.card_model`).

**Features** (:func:`features`) are 0/1 entries of the view written *relative to the turn-up's
suit* (the trump, or the suit proposed as trump before it is settled: always suit 0; the other
suits keep their order): the seat's own cards, discards and plays, the other seat's leads and
follows (and how it followed each suit: low, high, trumping, throwing), the turn-up's rank and
the rejected turn-ups, who stood or begged on which suit, the runs, the tricks played and the
scores near the goal. It reads nothing but the view.

**Training** is ``bench/train_infer.py --game seven_up``: self-play of a level, the seat to
act's view and the other seat's real hand at each decision, a held-out log-loss against the
uniform draw. The weights ship as JSON beside this module (:data:`WEIGHTS`), stamped with the
command, seed and level that made them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Final

from atout.bots import card_model
from atout.bots.card_model import offsets, trump_first
from atout.cards import bits
from atout.games import load
from atout.sevenup.game import SevenUp
from atout.sevenup.rules import SevenUpRules
from atout.sevenup.tables import SUIT
from atout.sevenup.view import SevenUpView
from atout.sevenup.worlds import knowledge

__all__ = ["CARDS", "FEATURES", "OFFSETS", "WEIGHTS", "CardModel", "allowed", "canonical",
           "features", "load_model"]  # fmt: skip

#: The shipped weights (package data of :mod:`atout.bots`).
WEIGHTS: Final = "sevenup_infer.json"

#: Canonical card index: suit relative to the turn-up's (0) times 13, plus the rank 2 0 ... A 12.
CARDS: Final = 52


def canonical(card: int, trump: int) -> int:
    """The card's index among the 52 with the turn-up's suit first: ``suit * 13 + rank``."""
    return trump_first(card // 13, trump) * 13 + card % 13


# The features' blocks: (name, size); each feature is one 0/1 entry.
_BLOCKS: Final = (
    ("hand", CARDS),  # the observer's cards
    ("my_discards", CARDS),
    ("my_played", CARDS),  # cards the observer played this deal
    ("opp_led", CARDS),  # cards the other seat led
    ("opp_followed", CARDS),  # cards it played to the observer's leads
    ("opp_leads_now", CARDS),  # the card it leads to the current trick
    ("rejected", CARDS),  # turn-ups rejected by a beg
    ("turn_up", 13),  # the turn-up's rank (its suit is suit 0)
    ("opp_trumped", 4),  # the other seat trumped a lead of this suit
    ("opp_threw", 4),  # ... played a third suit to it
    ("opp_under", 4),  # ... followed it low
    ("opp_headed", 4),  # ... followed it high
    ("opp_eldest", 1),  # the other seat is eldest
    ("opp_stood", 1),  # ... and stood
    ("opp_begged", 4),  # ... and begged on the suit first proposed (relative suit)
    ("opp_gave", 1),  # the other seat dealt and gave one (variant gift)
    ("opp_ran", 4),  # ... and ran when it might have given, on the suit first proposed
    ("runs", 4),  # the cards were run 0, 1, 2, 3 or more times
    ("tricks", 7),  # tricks finished this deal: 0 ... 6
    ("on_lead", 1),  # the observer leads the current trick
    ("opp_near", 1),  # the other seat has 5 points or more
    ("me_near", 1),  # the observer has 5 points or more
)


#: Where each block of features starts.
OFFSETS: Final = offsets(_BLOCKS)
#: The number of features.
FEATURES: Final = sum(size for _, size in _BLOCKS)


def features(view: SevenUpView) -> list[int]:
    """The indices of the view's active features (each 0/1), seen from ``view.seat``."""
    me = view.seat
    if me is None or view.hand is None or view.discards is None:
        raise ValueError("a spectator has no hand to infer from")
    opp = 1 - me
    trump = SUIT[view.turn_up]
    at = OFFSETS
    out = [at["hand"] + canonical(c, trump) for c in bits(view.hand.mask)]
    out += [at["my_discards"] + canonical(c, trump) for c in bits(view.discards.mask)]
    for t in view.tricks:
        lead, follow = t.cards
        if t.leader == opp:
            out.append(at["opp_led"] + canonical(lead, trump))
            out.append(at["my_played"] + canonical(follow, trump))
            continue
        out.append(at["my_played"] + canonical(lead, trump))
        out.append(at["opp_followed"] + canonical(follow, trump))
        s = trump_first(SUIT[lead], trump)
        if SUIT[follow] == SUIT[lead]:
            out.append(at["opp_headed" if follow % 13 > lead % 13 else "opp_under"] + s)
        elif SUIT[follow] == trump:
            out.append(at["opp_trumped"] + s)
        else:
            out.append(at["opp_threw"] + s)
    if view.trick:
        block = "opp_leads_now" if view.leader == opp else "my_played"
        out.append(at[block] + canonical(view.trick[0], trump))
    elif view.stage == "play":
        out.append(at["on_lead"])
    out += [at["rejected"] + canonical(c, trump) for c in view.rejected]
    out.append(at["turn_up"] + view.turn_up % 13)
    runs = len(view.rejected)
    proposed = trump_first(SUIT[view.rejected[0] if runs else view.turn_up], trump)
    # What eldest and the dealer chose, as world_weight reads it: eldest's only points before
    # the tricks come from a gift.
    gave = view.deal_points[view.eldest] > 0
    begged = runs > 0 or gave or view.stage == "give_or_run"
    if view.eldest == opp:
        out.append(at["opp_eldest"])
        if begged:
            out.append(at["opp_begged"] + proposed)
        elif view.stage != "stand_or_beg":
            out.append(at["opp_stood"])
    elif gave:
        out.append(at["opp_gave"])
    elif runs and _rules(view.rules).gift:
        out.append(at["opp_ran"] + proposed)
    out.append(at["runs"] + min(runs, 3))
    out.append(at["tricks"] + len(view.tricks))
    if view.scores[opp] >= 5:
        out.append(at["opp_near"])
    if view.scores[me] >= 5:
        out.append(at["me_near"])
    return sorted(set(out))


@functools.cache
def _rules(name: str) -> SevenUpRules:
    game = load(name)
    assert isinstance(game, SevenUp)
    return game.rules


def allowed(view: SevenUpView) -> int:
    """The hidden cards the other seat's hand may hold (its voids under the view's rules)."""
    return knowledge(view, free_discard=_rules(view.rules).free_discard).allowed


class CardModel(card_model.CardModel):
    """Seven Up's model: ``bias[k]`` and ``weights[f][k]`` for canonical card ``k`` and
    feature ``f`` of :func:`features`; ``meta`` says how the weights were made."""

    __slots__ = ()
    cards = CARDS
    features = FEATURES

    def scores(self, view: SevenUpView) -> dict[int, float]:
        """``s_c`` for every hidden card the other seat's hand may hold: the log of the card's
        odds of being in that hand over the uniform draw's odds."""
        trump = SUIT[view.turn_up]
        doubt = {c: canonical(c, trump) for c in bits(allowed(view))}
        return self.card_scores(features(view), doubt)

    def weigher(self, view: SevenUpView, temper: float = 1.0) -> Callable[[int], float]:
        """A world's weight from the other seat's hand (a card mask): ``exp(temper * sum(s_c))``
        over the hand's hidden cards. ``temper`` below 1 trusts the model less."""
        return self.weigher_of(self.scores(view), temper)


@functools.cache
def load_model() -> CardModel:
    """The shipped model (read once)."""
    return card_model.load(CardModel, WEIGHTS)
