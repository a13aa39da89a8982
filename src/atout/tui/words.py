"""Actions and results in words, for hints, the review's steps and the match's end."""

from __future__ import annotations

from typing import Any

from atout.advice import CARD_ARGS, Advice
from atout.cards import card_text
from atout.core.actions import Action, Bid, Discard, Exchange, Play
from atout.core.game import Game
from atout.core.state import Result, View
from atout.i18n import Translator
from atout.schnapsen.view import SchnapsenView
from atout.tui.seating import Seating

__all__ = ["action_words", "advice_words", "result_words"]


def action_words(action: Action, view: View | None, tr: Translator) -> str:
    """An action as a phrase: "play the queen of spades", "bid 3", "Close the stock" (the
    web table's ``actionWords``; the exchange names its Jack and trump card from ``view``)."""
    if isinstance(action, Play):
        # The card as an object, with its article where the language has one.
        card = tr.card_phrase(card_text(action.card))
        return tr("do.play_marriage" if action.marriage else "do.play", card=card)
    if isinstance(action, Discard):
        return tr("do.discard", card=tr.card_phrase(card_text(action.card)))
    if isinstance(action, Bid):
        return tr("bid_n", n=action.tricks)
    if isinstance(action, Exchange) and isinstance(view, SchnapsenView):
        jack = tr.card_name(card_text(view.trump * 13 + 9))
        card = tr.card_name(card_text(view.trump_card)) if view.trump_card is not None else ""
        return tr("do.exchange", jack=jack, card=card)
    return tr(f"do.{action}", jack="", card="")


def advice_words(advice: Advice, view: View | None, game: Game[Any], tr: Translator) -> str:
    """A hint in words: the move, why, and the next best (the web table's ``adviceWords``;
    the reason's arguments as :mod:`atout.advice` says)."""
    args: dict[str, Any] = dict(advice.reason.args)
    for name in CARD_ARGS:
        if name in args:
            args[name] = tr.card_phrase(str(args[name]))
    if "suit" in args:
        args["suit"] = tr.suit(str(args["suit"]))
    words = [
        tr("hint_says", action=action_words(game.parse_action(advice.action), view, tr)),
        tr.cap(f"why.{advice.reason.key}", **args),
    ]
    if advice.runner_up is not None:
        alt = action_words(game.parse_action(advice.runner_up), view, tr)
        if advice.close:
            words.append(tr("why.close_call", alt=alt))
        else:
            # Schnapsen counts in game points (a deal is worth 1 to 3), the others in points.
            schnapsen = advice.unit == "game points"
            by = f"{advice.margin:.{2 if schnapsen else 1}f}".rstrip("0").rstrip(".")
            if tr.lang != "en":
                by = by.replace(".", ",")  # the decimal comma of French, German and Danish
            key = "why.margin.schnapsen" if schnapsen else "why.margin"
            words.append(tr(key, alt=alt, by=by))
    return " ".join(words)


def result_words(result: Result, seating: Seating) -> str:
    """Who won the match, from the reader's side: "You win the match!" or "X wins the
    match."; "The match is over" while nobody has won."""
    tr = seating.tr
    if not result.winners:
        return tr("match_over")
    if result.winners == (seating.me,):
        return tr("you_win_match")
    return tr("wins_match", who=", ".join(seating.title(s) for s in result.winners))
