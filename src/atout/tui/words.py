"""Actions and results in words, for hints, the review's steps and the match's end."""

from __future__ import annotations

from atout.cards import card_text
from atout.core.actions import Action, Bid, Discard, Exchange, Play
from atout.core.state import Result, View
from atout.i18n import Translator
from atout.schnapsen.view import SchnapsenView
from atout.tui.seating import Seating

__all__ = ["action_words", "result_words"]


def action_words(action: Action, view: View | None, tr: Translator) -> str:
    """An action as a phrase: "play the queen of spades", "bid 3", "Close the stock" (the
    web table's ``actionWords``; the exchange names its Jack and trump card from ``view``)."""
    if isinstance(action, Play):
        card = tr.card_name(card_text(action.card))
        return tr("do.play_marriage" if action.marriage else "do.play", card=card)
    if isinstance(action, Discard):
        return tr("do.discard", card=tr.card_name(card_text(action.card)))
    if isinstance(action, Bid):
        return tr("bid_n", n=action.tricks)
    if isinstance(action, Exchange) and isinstance(view, SchnapsenView):
        jack = tr.card_name(card_text(view.trump * 13 + 9))
        card = tr.card_name(card_text(view.trump_card)) if view.trump_card is not None else ""
        return tr("do.exchange", jack=jack, card=card)
    return tr(f"do.{action}", jack="", card="")


def result_words(result: Result, seating: Seating) -> str:
    """Who won the match, from the reader's side: "You win the match!" or "X wins the
    match."; "The match is over" while nobody has won."""
    tr = seating.tr
    if not result.winners:
        return tr("match_over")
    if result.winners == (seating.me,):
        return tr("you_win_match")
    return tr("wins_match", who=", ".join(seating.title(s) for s in result.winners))
