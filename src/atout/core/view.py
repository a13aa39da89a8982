"""The values every game's state hands out: views, finished tricks and match results.

They are frozen dataclasses that travel as JSON (:class:`~atout.core.data.Data`). They live
apart from :mod:`atout.core.state` because that module is compiled to native code where a C
compiler exists, and these stay plain Python classes that each game's own views and results
extend (mypyc's native classes cannot be dataclass bases of interpreted ones).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from atout.core.data import CARDS, Data

__all__ = ["Result", "TrickRecord", "View"]


@dataclass(frozen=True, slots=True)
class View(Data):
    """Base class of every game's view: what one seat (or, with ``seat=None``, a spectator) may
    know. Two states that differ only in cards this seat cannot see give equal views.

    ``rules`` is the table's canonical rules text (public: everybody at a table knows what is
    played), so that a bot given only views can load the game and reason about it."""

    seat: int | None
    """The seat this view is for (0 is the first seat); ``None``: a spectator's view, which hides
    nothing."""
    rules: str
    """The table's canonical rules text (``schnapsen(manual_claim=true)``):
    ``atout.load(view.rules)`` gives the game."""


@dataclass(frozen=True, slots=True)
class TrickRecord(Data):
    """A finished trick, as views show it: its leader, its cards in the order played, its
    winner and its worth (card points in Schnapsen, counting values for Game in Seven Up)."""

    leader: int
    """The seat that led the trick."""
    cards: tuple[int, ...] = field(metadata=CARDS)
    """The trick's cards in the order played, the lead first."""
    winner: int = 0
    """The seat that took the trick."""
    points: int = 0
    """What the trick is worth: its card points in Schnapsen, its counting values for Game in Seven
    Up, 0 in River."""


@dataclass(frozen=True, slots=True)
class Result(Data):
    """The result of a match so far.

    ``scores`` are per seat in the game's own terms (Schnapsen: game points still to go;
    Seven Up: points; River: running totals). ``deals`` holds one game-specific record per
    finished deal. ``winners`` is empty until the match is over."""

    over: bool
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    deals: tuple[Data, ...]
