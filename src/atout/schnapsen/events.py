"""Events only Schnapsen has (the shared ones are in :mod:`atout.core.events`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar

from atout.core.data import CARD, SUIT
from atout.core.events import Event

__all__ = ["CardDrawn", "Claimed", "MarriageCredited", "MarriageDeclared", "StockClosed",
           "TrumpExchanged"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A seat draws from the stock. Only the drawer sees the card, unless it is the face-up
    trump card, which the loser of the trick takes at the last draw in sight of both."""

    kind: ClassVar[str] = "card_drawn"
    seat: int
    card: int | None = field(default=None, metadata=CARD)
    face_up: bool = False

    def seen_by(self, viewer: int | None) -> Event:
        return self if self.face_up or viewer == self.seat else replace(self, card=None)


@dataclass(frozen=True, slots=True)
class TrumpExchanged(Event):
    """The player on lead exchanges the Jack of trumps for the face-up trump card."""

    kind: ClassVar[str] = "trump_exchanged"
    seat: int
    jack: int = field(metadata=CARD)
    card: int = field(metadata=CARD)


@dataclass(frozen=True, slots=True)
class StockClosed(Event):
    """The player on lead closes the stock; the opponent's points and tricks are recorded."""

    kind: ClassVar[str] = "stock_closed"
    seat: int
    opponent_points: int
    opponent_tricks: int


@dataclass(frozen=True, slots=True)
class MarriageDeclared(Event):
    """A marriage is declared with the King or Queen led: 20, or 40 in trumps. ``credited`` is
    false while the declarer has won no trick (the points wait for their first trick)."""

    kind: ClassVar[str] = "marriage_declared"
    seat: int
    suit: int = field(metadata=SUIT)
    card: int = field(metadata=CARD)
    points: int = 20
    credited: bool = True


@dataclass(frozen=True, slots=True)
class MarriageCredited(Event):
    """Marriage points that waited are credited as their declarer wins a first trick."""

    kind: ClassVar[str] = "marriage_credited"
    seat: int
    points: int


@dataclass(frozen=True, slots=True)
class Claimed(Event):
    """Under ``manual_claim``, a seat claims 66; ``correct`` says whether it had them."""

    kind: ClassVar[str] = "claimed"
    seat: int
    points: int
    correct: bool
