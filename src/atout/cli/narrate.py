"""Events and views in English words, for the terminal and for transcripts.

Faces never compute a rule: everything said here is read off events, views and results. Each
sentence names seats through ``names`` (``["you", "the computer"]``, or the record's seats).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from atout.cards import card_text, cards_text, suit_name
from atout.core.events import (
    CardPlayed,
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
    TrickWon,
    TrumpTurned,
)
from atout.core.state import View
from atout.schnapsen.events import (
    CardDrawn,
    Claimed,
    MarriageCredited,
    MarriageDeclared,
    StockClosed,
    TrumpExchanged,
)
from atout.schnapsen.tables import STRENGTH
from atout.schnapsen.view import SchnapsenView

__all__ = ["REASONS", "describe", "status"]

#: How a Schnapsen deal was decided, in words.
REASONS = {
    "66": "reached 66",
    "last_trick": "won the last trick",
    "closer_failed": "the closer did not reach 66",
    "opponent_66_after_close": "reached 66 after the other closed",
    "wrong_claim": "the other claimed 66 wrongly",
}


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _verb(name: str, you: str, other: str) -> str:
    """``you`` for the second person, ``other`` for a third person."""
    return you if name == "you" else other


def describe(event: Event, names: Sequence[str]) -> str | None:
    """One sentence for an event, or ``None`` for events not worth a line."""
    seat = getattr(event, "seat", None)
    who = names[seat] if isinstance(seat, int) else ""
    if isinstance(event, DealStarted):
        dealer = names[event.dealer]
        return f"Deal {event.deal}: {dealer} {_verb(dealer, 'deal', 'deals')}."
    if isinstance(event, CardsDealt):
        if event.cards is None:
            return None
        return f"{_cap(who)} {_verb(who, 'are', 'is')} dealt {cards_text(event.cards)}."
    if isinstance(event, TrumpTurned):
        return f"{card_text(event.card)} is turned: {suit_name(event.suit)} are trumps."
    if isinstance(event, CardPlayed):
        return f"{_cap(who)} {_verb(who, 'play', 'plays')} {card_text(event.card)}."
    if isinstance(event, TrickWon):
        worth = f" ({event.points})" if event.points else ""
        return f"{_cap(who)} {_verb(who, 'win', 'wins')} the trick{worth}."
    if isinstance(event, CardDrawn):
        if event.card is None:
            return f"{_cap(who)} {_verb(who, 'draw', 'draws')} a card."
        face_up = " (the trump card)" if event.face_up else ""
        return f"{_cap(who)} {_verb(who, 'draw', 'draws')} {card_text(event.card)}{face_up}."
    if isinstance(event, TrumpExchanged):
        return (
            f"{_cap(who)} {_verb(who, 'exchange', 'exchanges')} {card_text(event.jack)} "
            f"for {card_text(event.card)}."
        )
    if isinstance(event, StockClosed):
        return f"{_cap(who)} {_verb(who, 'close', 'closes')} the stock."
    if isinstance(event, MarriageDeclared):
        waits = "" if event.credited else " (it counts once a trick is won)"
        return (
            f"{_cap(who)} {_verb(who, 'declare', 'declares')} {event.points} in "
            f"{suit_name(event.suit)}{waits}."
        )
    if isinstance(event, MarriageCredited):
        return f"{_cap(who)} now {_verb(who, 'count', 'counts')} {event.points} for a marriage."
    if isinstance(event, Claimed):
        verdict = "correctly" if event.correct else "wrongly"
        return f"{_cap(who)} {_verb(who, 'claim', 'claims')} 66 {verdict}, with {event.points}."
    if isinstance(event, DealEnded):
        return deal_summary(event.result.to_dict(), names)
    if isinstance(event, MatchEnded):
        if not event.winners:
            return "The match is over."
        winners = " and ".join(names[s] for s in event.winners)
        return f"{_cap(winners)} {_verb(winners, 'win', 'wins')} the match."
    return None


def deal_summary(deal: dict[str, Any], names: Sequence[str]) -> str:
    """A finished deal in a sentence (Schnapsen's per-deal result)."""
    winner = names[deal["winner"]]
    points = deal["points"]
    reason = REASONS.get(deal["reason"], deal["reason"])
    card_points = " to ".join(str(p) for p in deal["card_points"])
    plural = "s" if points != 1 else ""
    return (
        f"{_cap(winner)} {_verb(winner, 'win', 'wins')} deal {deal['deal']}: {points} game "
        f"point{plural} ({reason}; card points {card_points})."
    )


def status(view: View, names: Sequence[str]) -> list[str]:
    """The table as a few lines, from a seat's view."""
    if isinstance(view, SchnapsenView):
        return _schnapsen_status(view, names)
    return [str(view.to_dict())]


def _schnapsen_status(v: SchnapsenView, names: Sequence[str]) -> list[str]:
    me = v.seat if v.seat is not None else 0
    other = 1 - me
    trump = f"{suit_name(v.trump)} are trumps"
    if v.trump_card is not None:
        trump += f" (face up: {card_text(v.trump_card)})"
    if v.closed:
        stock = f"stock closed by {names[v.closed_by or 0]}"
    else:
        stock = f"stock {v.stock_size}" if v.stock_size else "stock exhausted"
    waiting = f" (+{v.pending[me]} waiting)" if v.pending[me] else ""
    lines = [
        f"Deal {v.deal}, {names[v.dealer]} dealt · {trump} · {stock}",
        f"To go: {names[me]} {v.to_go[me]}, {names[other]} {v.to_go[other]} · "
        f"card points: {names[me]} {v.points[me]}{waiting}, {names[other]} {v.points[other]} · "
        f"tricks {v.tricks[me]} to {v.tricks[other]}",
    ]
    if v.history:
        last = v.history[-1]
        lines.append(
            f"Last trick: {names[last.leader]} led {card_text(last.cards[0])}, "
            f"{names[1 - last.leader]} played {card_text(last.cards[1])}; "
            f"{names[last.winner]} won {last.points}"
        )
    if v.trick:
        lines.append(f"On the table: {names[v.leader]} led {card_text(v.trick[0])}")
    if v.hand is not None:
        lines.append(f"Your hand: {cards_text(_sorted_hand(v.hand, v.trump), symbols=True)}")
    return lines


def _sorted_hand(hand: Any, trump: int) -> list[int]:
    """Trumps first, then the other suits; high cards first within a suit."""
    return sorted(hand, key=lambda c: (c // 13 != trump, c // 13, -STRENGTH[c]))
