"""A hint with its reason: the action the coach's search values highest from a seat's view,
and why, in words a player reads ("takes the trick: 21 points", "makes your bid exact").

:func:`advise` values every legal action with the coach's ``view``-mode search
(:func:`atout.coach.searcher`, on a short budget) and takes the best; :func:`explain` says why
from what the seat sees: the cards in its hand, on the table and already played, the trump,
the score and the bids. Both read the view only, never the hidden cards, so two states that
look the same from a seat get the same advice from the same stream.

A :class:`Reason` is a catalog key (``why.<key>`` in ``atout/i18n/*.json``, shared by the web
page and the terminal) and its arguments. Arguments named in :data:`CARD_ARGS` hold a card's
text (``AH``) and ``suit`` a suit's letter, for the face to name in its language; the others
are whole numbers. The advice also names the runner-up and by how much the best beats it, in
the game's currency (:data:`atout.coach.SCALES`), since "why this card" is half answered by
"and not that one".
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from atout.cards import SUIT_LETTERS, card_text
from atout.coach import SCALES, searcher
from atout.core.actions import (
    Action,
    Beg,
    Bid,
    Claim,
    Close,
    Discard,
    Exchange,
    Give,
    Pass,
    Play,
    Run,
    Stand,
)
from atout.core.game import Game
from atout.core.state import View
from atout.games import load
from atout.schnapsen.tables import POINTS, marriage_worth
from atout.sevenup.game import SevenUp
from atout.sevenup.view import SevenUpView

__all__ = ["CARD_ARGS", "HINT_TIME", "HINT_WORLDS", "Advice", "Reason", "advise", "explain"]

#: The search budget of a hint: quick enough to wait for at the table, and the coach's own
#: valuation (the same search as its ``view`` mode, fewer worlds).
HINT_WORLDS: Final = 16
HINT_TIME: Final = 0.5

#: The reason's arguments that hold a card's text (the others are numbers, or ``suit``).
CARD_ARGS: Final = ("card", "keep", "partner")

#: The card-play reasons that count points: Seven Up says them toward Game.
_TOWARD_GAME: Final = frozenset({"take", "trump_in", "let_go", "cannot_win"})


@dataclass(frozen=True)
class Reason:
    """Why an action: the catalog key under ``why.`` and its arguments (see the module)."""

    key: str
    args: dict[str, int | str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"key": self.key, "args": dict(self.args)}


@dataclass(frozen=True)
class Advice:
    """The advised ``action`` and its ``reason``; every legal action's value (in the legal
    order) in the game's ``unit``; the ``runner_up`` (the next best action, ``None`` when the
    action was the only one), the ``margin`` the advised action is worth more than it, and
    whether that is a ``close`` call (under a quarter of the game's inaccuracy, :data:`SCALES`:
    the search cannot tell them apart with any confidence)."""

    action: str
    reason: Reason
    values: dict[str, float]
    unit: str
    runner_up: str | None
    margin: float
    close: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action,
            "reason": self.reason.to_dict(),
            "values": {k: round(v, 3) for k, v in self.values.items()},
            "unit": self.unit,
            "runner_up": self.runner_up,
            "margin": round(self.margin, 3),
            "close": self.close,
        }


def advise(
    view: View,
    legal: Sequence[Action],
    rng: random.Random,
    *,
    worlds: int = HINT_WORLDS,
    time: float = HINT_TIME,
) -> Advice:
    """The action the coach's search values highest for the view's seat among ``legal`` (ties
    to the first in the legal order), with its reason. Uses only the view and ``rng``."""
    if view.seat is None:
        raise ValueError("a spectator has no decision to advise")
    if not legal:
        raise ValueError("there is no legal action to advise")
    game = load(view.rules)
    scale = SCALES[game.name]
    unit = scale.unit
    texts = [str(a) for a in legal]
    if len(legal) == 1:
        return Advice(texts[0], Reason("only"), {texts[0]: 0.0}, unit, None, 0.0, False)
    values = searcher(game.name, worlds, time).values(view, legal, rng)
    order = sorted(range(len(texts)), key=lambda i: (-values[i], i))
    best, second = order[0], order[1]
    return Advice(
        texts[best],
        explain(view, legal, legal[best]),
        dict(zip(texts, values, strict=True)),
        unit,
        texts[second],
        values[best] - values[second],
        values[best] - values[second] < scale.inaccuracy / 4,
    )


def explain(view: View, legal: Sequence[Action], action: Action) -> Reason:
    """Why ``action`` (one of ``legal``) is a good decision for the view's seat, read off the
    view: the most telling fact of the game's, or ``best`` when none applies."""
    game = load(view.rules)
    if len(legal) == 1:
        return Reason("only")
    if game.name == "schnapsen":
        return _schnapsen(view, game, action, legal)
    if game.name == "seven_up":
        return _seven_up(view, game, action, legal)
    return _river(view, game, action, legal)


# --- what every trick game shares --------------------------------------------------------------


def _seen(view: Any) -> set[int]:
    """The cards out of the others' reach: the seat's hand, the finished tricks, the table.
    (Seven Up's views call the finished tricks ``tricks``; the others' ``history``.)"""
    seen = set(view.hand or ())
    history = view.tricks if isinstance(view, SevenUpView) else view.history
    for trick in history:
        seen.update(trick.cards)
    seen.update(view.trick)
    return seen


def _master(game: Game[Any], view: Any, card: int) -> bool:
    """Whether no card left unseen ranks above ``card`` in its suit."""
    seen = _seen(view)
    suit = card // 13
    return all(
        other in seen
        for other in range(suit * 13, suit * 13 + 13)
        if other % 13 in game.rank_order and game.strength(other) > game.strength(card)
    )


def _winning(game: Game[Any], trick: Sequence[int], card: int, trump: int | None) -> bool:
    """Whether ``card``, played now, beats every card on the table so far."""
    best = trick[game.trick_winner(trick, trump)]
    return game.beats(card, best, trump, led=trick[0] // 13)


def _keep(hand: Sequence[int], card: int, worth: Sequence[int]) -> int | None:
    """The card of ``hand`` (not ``card``) worth the most, if any is worth anything."""
    others = [c for c in hand if c != card and worth[c] > 0]
    return max(others, key=lambda c: (worth[c], c), default=None)


def _could_win(game: Game[Any], view: Any, legal: Sequence[Action], trump: int | None) -> bool:
    """Whether any card the seat may play now would beat the table so far."""
    return any(isinstance(a, Play) and _winning(game, view.trick, a.card, trump) for a in legal)


def _follow_or_lead(
    game: Game[Any],
    view: Any,
    card: int,
    legal: Sequence[Action],
    *,
    trump: int | None,
    worth: Sequence[int],
) -> Reason:
    """The reasons common to Schnapsen's and Seven Up's card play: a trick taken (and what it
    holds); one let go though it could be taken, keeping the best card; one that cannot be
    taken, given the least; a lead that cannot be beaten in its suit; a low lead keeping the
    best card."""
    text = card_text(card)
    kept = _keep(list(view.hand or ()), card, worth)
    if view.trick:
        lead = view.trick[0]
        points = worth[lead] + worth[card]
        if _winning(game, view.trick, card, trump):
            ruffed = card // 13 == trump and lead // 13 != trump
            return Reason("trump_in" if ruffed else "take", {"card": text, "points": points})
        if _could_win(game, view, legal, trump):
            if kept is not None:
                return Reason("let_go", {"card": text, "points": points, "keep": card_text(kept)})
            return Reason("best")
        least = min(worth[a.card] for a in legal if isinstance(a, Play))
        if worth[card] == least:
            return Reason("cannot_win", {"card": text, "points": points})
        return Reason("best")
    if _master(game, view, card):
        return Reason("lead_master", {"card": text})
    if kept is not None and worth[card] < worth[kept]:
        return Reason("lead_low", {"card": text, "keep": card_text(kept)})
    return Reason("best")


# --- each game's reasons ---------------------------------------------------------------------


def _schnapsen(view: Any, game: Game[Any], action: Action, legal: Sequence[Action]) -> Reason:
    """Schnapsen: the exchange, the close, a claim, a marriage, and the card play, in card
    points (RULES.md §3)."""
    me = view.seat
    points = view.points[me] + view.pending[me]
    if isinstance(action, Exchange):
        return Reason("exchange", {"card": card_text(view.trump_card)})
    if isinstance(action, Close):
        return Reason("close", {"points": points})
    if isinstance(action, Claim):
        return Reason("claim", {"points": points})
    if isinstance(action, Pass):
        return Reason("no_claim", {"points": points})
    assert isinstance(action, Play)
    card = action.card
    if action.marriage:
        partner = card + 1 if card % 13 == 10 else card - 1  # the Queen's King, the King's Queen
        worth = marriage_worth(card // 13, view.trump)
        return Reason("marriage", {"partner": card_text(partner), "points": worth})
    if view.trick and _winning(game, view.trick, card, view.trump):
        lead = view.trick[0]
        total = points + POINTS[lead] + POINTS[card]
        if total >= 66:
            return Reason("reach_66", {"card": card_text(card), "points": total})
    return _follow_or_lead(game, view, card, legal, trump=view.trump, worth=POINTS)


def _seven_up(view: Any, game: Game[Any], action: Action, legal: Sequence[Action]) -> Reason:
    """Seven Up: stand or beg, give or run, the discards, and the card play: the Jack of
    trumps (a point to whoever takes it) and the counting values for Game (RULES.md §1)."""
    turned = SUIT_LETTERS[view.turn_up // 13]
    if isinstance(action, Stand):
        return Reason("stand", {"suit": turned})
    if isinstance(action, Beg):
        return Reason("beg", {"suit": turned})
    if isinstance(action, Give):
        return Reason("give_point", {"suit": turned})
    if isinstance(action, Run):
        return Reason("run", {"suit": turned})
    if isinstance(action, Discard):
        return Reason("discard", {"card": card_text(action.card)})
    assert isinstance(action, Play)
    card, trump = action.card, view.trump
    jack = None if trump is None else trump * 13 + 9
    taken = view.trick and jack in (card, view.trick[0])
    if jack is not None and taken and _winning(game, view.trick, card, trump):
        return Reason("take_jack", {"card": card_text(card)})
    if jack is not None and card == jack and not view.trick and _master(game, view, card):
        return Reason("save_jack", {"card": card_text(card)})
    assert isinstance(game, SevenUp)
    reason = _follow_or_lead(game, view, card, legal, trump=trump, worth=game.values)
    if reason.key in _TOWARD_GAME:  # the same facts, counted toward Game, not card points
        return Reason(f"{reason.key}_game", reason.args)
    return reason


def _river(view: Any, game: Game[Any], action: Action, legal: Sequence[Action]) -> Reason:
    """Up and Down the River: the bid (and the hook that forbids one) and the card play
    against the bid: tricks still needed, or the bid made and to be kept exact (RULES.md §2)."""
    me = view.seat
    if isinstance(action, Bid):
        allowed = {a.tricks for a in legal if isinstance(a, Bid)}
        barred = [n for n in range(view.cards + 1) if n not in allowed]
        if barred:
            return Reason("bid_hook", {"bid": action.tricks, "barred": barred[0]})
        return Reason("bid", {"bid": action.tricks, "cards": view.cards})
    assert isinstance(action, Play)
    card, trump = action.card, view.trump
    bid, got = view.bids[me], view.tricks[me]
    need = bid - got
    text = card_text(card)
    if view.trick:
        wins = _winning(game, view.trick, card, trump)
        if wins and need == 1:
            return Reason("make_exact", {"card": text, "bid": bid})
        if wins and need > 1:
            return Reason("take_needed", {"card": text, "need": need})
        if not wins and need <= 0:
            return Reason("stay_exact", {"card": text, "bid": bid})
        if not wins and _could_win(game, view, legal, trump):
            return Reason("save_strength", {"card": text, "need": need})
        if (
            wins
            and need <= 0
            and all(_winning(game, view.trick, a.card, trump) for a in legal if isinstance(a, Play))
        ):
            return Reason("cannot_duck", {"card": text})
        return Reason("best")
    lowest = card == min((c for c in view.hand if c // 13 == card // 13), key=game.strength)
    if need > 0 and _master(game, view, card):
        return Reason("lead_master", {"card": text})
    if need > 0 and lowest:
        return Reason("lead_probe", {"card": text, "need": need})
    if need <= 0 and lowest:
        return Reason("lead_under", {"card": text, "bid": bid})
    return Reason("best")
