"""Seven Up's computer opponents, level by level (RULES.md §1).

``medium`` plays as a sound club player, by the rules of thumb of :mod:`atout.sevenup.tactics`: it
stands with two trumps or more, or the Ace or Jack alone, and begs otherwise; under ``gift`` the
dealer gives one on the same count of its own trumps in the turned suit; it keeps trumps and Game
counters when it discards; it draws trumps with a master trump, banks the Jack and the Low by
trumping plain leads, and wins the tricks that hold counting values. It remembers every card gone.
``easy`` plays the same game with a beginner's mistakes: it forgets the cards played (only the one
on the table is in mind), does not count Game (a Ten is one more low card to it), judges a trump
suit by its honours (standing on a lone King, begging with two low trumps), and now and then plays a
card without thinking.

``hard`` and ``expert`` search (:mod:`atout.bots.sevenup_search`): every decision is valued in
worlds drawn from the view, the tricks solved exactly, and every outcome by the chance of
winning the match it leaves. ``expert`` draws more worlds and weighs each by the odds a model
learned from ``hard``'s play gives the other seat's hand (:mod:`atout.bots.sevenup_infer`).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

from atout.bots.levels import Policy, register
from atout.bots.sevenup_search import SevenUpSearch
from atout.cards import Rank
from atout.core.actions import Action, Beg, Discard, Give, Play, Run, Stand
from atout.core.state import View
from atout.games import load
from atout.sevenup import tactics
from atout.sevenup.actions import BEG, DISCARD, GIVE, PLAY, RUN, STAND
from atout.sevenup.game import SevenUp
from atout.sevenup.tables import SUIT, SUIT_MASKS
from atout.sevenup.view import SevenUpView
from atout.sevenup.worlds import played_by

__all__ = ["heuristic"]

_FULL = (1 << 52) - 1
#: How often a beginner plays a card without thinking.
_CARELESS = 0.15


def _beginner_likes(hand: int, trump: int) -> bool:
    """A beginner's judgement of the proposed trump: any honour (Ace, King, Queen, Jack) or
    three trumps. It stands on a lone King or Queen, and begs with two low trumps."""
    trumps = hand & SUIT_MASKS[trump]
    return trumps.bit_count() >= 3 or trumps >> (13 * trump + Rank.JACK) != 0


@functools.cache
def _game(rules: str) -> SevenUp:
    game = load(rules)
    assert isinstance(game, SevenUp)
    return game


def _seen(view: SevenUpView) -> int:
    """The cards the seat has seen this deal: its hand and discards, the turn-ups, the cards
    played."""
    assert view.hand is not None and view.discards is not None
    played = played_by(view)
    seen = view.hand.mask | view.discards.mask | played[0] | played[1] | 1 << view.turn_up
    for c in view.rejected:
        seen |= 1 << c
    return seen


def heuristic(careful: bool) -> Policy:
    """The rule-based player; ``careful`` is medium, otherwise easy."""

    def choose(view: View, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(view, SevenUpView) and view.seat is not None
        assert view.hand is not None
        if len(legal) == 1:
            return legal[0]
        hand = view.hand.mask
        trump = SUIT[view.turn_up]
        first = legal[0]
        if isinstance(first, (Stand, Beg)):
            strong = tactics.stands(hand, trump) if careful else _beginner_likes(hand, trump)
            return STAND if strong else BEG
        if isinstance(first, (Give, Run)):
            if careful:
                return GIVE if tactics.give_one(hand, trump, view.scores[view.eldest]) else RUN
            return GIVE if _beginner_likes(hand, trump) else RUN
        values = _game(view.rules).values if careful else tactics.RANK_VALUE
        if isinstance(first, Discard):
            kept = tactics.keep(hand, trump, values)
            return DISCARD[(hand & ~kept).bit_length() - 1]
        assert isinstance(first, Play)
        if not careful and rng.random() < _CARELESS:
            return rng.choice(list(legal))
        if careful:
            unseen = _FULL & ~_seen(view)
        else:  # a beginner remembers only the card on the table
            unseen = _FULL & ~hand & ~(1 << view.trick[0] if view.trick else 0)
        if not view.trick:
            return PLAY[tactics.lead(hand, trump, unseen, values=values, careful=careful)]
        mask = 0
        for a in legal:
            assert isinstance(a, Play)
            mask |= 1 << a.card
        led = view.trick[0]
        choice = tactics.follow(hand, mask, led, trump, unseen, values=values, careful=careful)
        return PLAY[choice]

    return choose


@register("seven_up", "easy")
def _easy(time: float | None = None) -> Policy:
    return heuristic(careful=False)


@register("seven_up", "medium")
def _medium(time: float | None = None) -> Policy:
    return heuristic(careful=True)


@register("seven_up", "hard")
def _hard(time: float = 1.5) -> Policy:
    return SevenUpSearch(expert=False, time=time).choose


@register("seven_up", "expert")
def _expert(time: float = 5.0) -> Policy:
    # Worlds weighed by the card model learned from hard's play, not the rules of thumb: paired
    # through hard, +0.007 [-0.017, +0.032] (bench/bots-figures.md, stop 32).
    return SevenUpSearch(expert=True, time=time, infer=1.0, thumb=False).choose
