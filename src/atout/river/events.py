"""Events only River has (the shared ones are in :mod:`atout.core.events`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import ClassVar

from atout.core.events import Event

__all__ = ["BidMade", "BidsRevealed", "NoTrump"]


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    """A seat bids a number of tricks. A ``sealed`` bid (``simultaneous_bids``) is seen by
    its bidder only; the others learn that the seat has bid, and see ``tricks`` as ``None``
    until :class:`BidsRevealed`."""

    kind: ClassVar[str] = "bid_made"
    seat: int
    tricks: int | None
    sealed: bool = False

    def seen_by(self, viewer: int | None) -> Event:
        return replace(self, tricks=None) if self.sealed and viewer != self.seat else self


@dataclass(frozen=True, slots=True)
class BidsRevealed(Event):
    """Under ``simultaneous_bids``, the last seat has bid: every bid is shown, by seat."""

    kind: ClassVar[str] = "bids_revealed"
    bids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class NoTrump(Event):
    """The round deals all 52 cards: no card is left to turn, and it is played without
    trumps."""

    kind: ClassVar[str] = "no_trump"
    deal: int
