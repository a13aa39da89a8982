"""Who sits where, in words: the names the table, the log and the summaries give each seat.

The reader's own seat is "you"; facing one computer it is "the computer"; around a bigger
table seats go by number ("computer 3", "player 2"), as on the web table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from atout.i18n import Translator, capitalise

__all__ = ["Seating"]


@dataclass(frozen=True)
class Seating:
    """The names of a table's seats as ``me`` (``None``: a spectator) reads them in ``tr``'s
    language. ``bots[s]`` says whether seat ``s`` is a computer's."""

    tr: Translator
    bots: tuple[bool, ...]
    me: int | None

    @classmethod
    def of(cls, tr: Translator, bots: Sequence[bool], me: int | None) -> Seating:
        """The seating of a table whose computer seats are ``bots``."""
        return cls(tr, tuple(bots), me)

    @property
    def seats(self) -> int:
        """How many seats the table has."""
        return len(self.bots)

    def name(self, seat: int) -> str:
        """The seat's name inside a sentence: "you", "the computer", "computer 3"."""
        if seat == self.me:
            return self.tr("you")
        if self.bots[seat]:
            if sum(self.bots) == 1 and self.seats == 2:
                return self.tr("the_computer")
            return self.tr("computer_n", n=seat + 1)
        return self.tr("player_n", n=seat + 1)

    def title(self, seat: int) -> str:
        """The seat's name at the start of a line: "You", "The computer"."""
        return capitalise(self.name(seat))

    def short(self, seat: int) -> str:
        """A name for a narrow column: "You", "Comp." facing one computer, else "#3"."""
        if seat == self.me:
            return capitalise(self.tr("you"))
        if self.seats == 2 and self.bots[seat] and sum(self.bots) == 1:
            return self.tr("computer_short")
        return self.tr("seat_short", n=seat + 1)

    def others(self) -> list[int]:
        """The other seats in playing order, starting after the reader's (from seat 0 for a
        spectator)."""
        start = 0 if self.me is None else self.me
        order = [(start + i) % self.seats for i in range(self.seats)]
        return [s for s in order if s != self.me]
