"""Events: what happened, as data. ``apply`` returns them; faces render them in words.

An event may carry a card that only some seats may see (a card drawn from the stock, a hand
dealt). :meth:`Event.seen_by` gives the event as one seat (or a spectator, ``None``) may see it,
with those cards removed; the server sends each seat only that. Translations key on ``kind``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from atout.core.data import CARD, CARDS, SUIT, Data

__all__ = [
    "CardPlayed",
    "CardsDealt",
    "DealEnded",
    "DealStarted",
    "Event",
    "MatchEnded",
    "TrickWon",
    "TrumpTurned",
]


@dataclass(frozen=True, slots=True)
class Event(Data):
    """Base class of every event."""

    kind: ClassVar[str] = "event"

    def seen_by(self, viewer: int | None) -> Event:
        """This event as ``viewer`` may see it (``None``: a spectator). Public by default."""
        return self

    def to_dict(self) -> dict[str, Any]:
        return {"type": self.kind, **Data.to_dict(self)}


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """A deal begins: its number (from 1) and its dealer."""

    kind: ClassVar[str] = "deal_started"
    deal: int
    dealer: int


@dataclass(frozen=True, slots=True)
class CardsDealt(Event):
    """Cards dealt to a seat. Only that seat sees which; the others see how many."""

    kind: ClassVar[str] = "cards_dealt"
    seat: int
    count: int
    cards: tuple[int, ...] | None = field(default=None, metadata=CARDS)

    def seen_by(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else replace(self, cards=None)


@dataclass(frozen=True, slots=True)
class TrumpTurned(Event):
    """A card is turned face up; its suit is (or is proposed as) trump."""

    kind: ClassVar[str] = "trump_turned"
    card: int = field(metadata=CARD)
    suit: int = field(metadata=SUIT)


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    """A seat plays a card to the trick."""

    kind: ClassVar[str] = "card_played"
    seat: int
    card: int = field(metadata=CARD)


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    """A trick is complete: who won it, its cards in the order played, the leader, and its
    worth (card points in Schnapsen, counting values in Seven Up, 0 where cards do not count)."""

    kind: ClassVar[str] = "trick_won"
    seat: int
    leader: int
    cards: tuple[int, ...] = field(metadata=CARDS)
    points: int = 0


@dataclass(frozen=True, slots=True)
class DealEnded(Event):
    """A deal is over; ``result`` is the game's per-deal result (its ``to_dict`` is public)."""

    kind: ClassVar[str] = "deal_ended"
    deal: int
    result: Data


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over."""

    kind: ClassVar[str] = "match_ended"
    winners: tuple[int, ...]
    scores: tuple[int, ...]
