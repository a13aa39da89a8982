"""Actions: small frozen values with a stable text form.

``str(action)`` is the text used by the CLI, the API and records (``play QS``, ``bid 3``,
``close``), and each game's ``parse_action`` reads it back. Actions compare by value, so a parsed
action equals the one in ``legal_actions()``. Each game accepts only the kinds its rules use.

An action may be *hidden*: the other seats learn that it happened but not what it was (a Seven
Up discard). :meth:`Action.masked` is the text they see, with unseen cards written ``??``. An
action that is not hidden may still be *sealed* for a while: a choice made in a decision several
seats take at once (River's ``simultaneous_bids``) stays masked to the other seats until all of
them have chosen (see :meth:`atout.core.state.State.history_for`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.cards import card_text

__all__ = [
    "Action",
    "Beg",
    "Bid",
    "Claim",
    "Close",
    "Discard",
    "Exchange",
    "Give",
    "Pass",
    "Play",
    "Run",
    "Stand",
]


class Action:
    """Base class of every action."""

    __slots__ = ()
    #: Whether other seats see only :meth:`masked` (the default: everyone sees the action).
    hidden: ClassVar[bool] = False

    def masked(self) -> str:
        """The text a seat other than the actor sees while the action is hidden or sealed."""
        return str(self)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card to the trick (``play QS``). In Schnapsen the player on lead may declare a
    marriage with the King or Queen led (``play KH marriage``)."""

    card: int
    marriage: bool = False

    def __str__(self) -> str:
        text = "play " + card_text(self.card)
        return text + " marriage" if self.marriage else text


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid a number of tricks (``bid 3``). Public once made, except while bids are sealed
    (made at once, then shown together): then the other seats see ``bid ??``."""

    tricks: int

    def __str__(self) -> str:
        return f"bid {self.tricks}"

    def masked(self) -> str:
        return "bid ??"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard a card face down (``discard 5H``); the other seat sees ``discard ??``."""

    hidden: ClassVar[bool] = True
    card: int

    def __str__(self) -> str:
        return "discard " + card_text(self.card)

    def masked(self) -> str:
        return "discard ??"


@dataclass(frozen=True, slots=True)
class _Word(Action):
    """An action that is a single word."""

    word: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Exchange(_Word):
    """Schnapsen: exchange the Jack of trumps for the face-up trump card."""

    word: ClassVar[str] = "exchange"


@dataclass(frozen=True, slots=True)
class Close(_Word):
    """Schnapsen: close the stock."""

    word: ClassVar[str] = "close"


@dataclass(frozen=True, slots=True)
class Claim(_Word):
    """Schnapsen under ``manual_claim``: claim to have reached 66."""

    word: ClassVar[str] = "claim"


@dataclass(frozen=True, slots=True)
class Pass(_Word):
    """Decline an optional decision (Schnapsen under ``manual_claim``: do not claim now)."""

    word: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class Stand(_Word):
    """Seven Up: eldest accepts the turned suit as trump."""

    word: ClassVar[str] = "stand"


@dataclass(frozen=True, slots=True)
class Beg(_Word):
    """Seven Up: eldest rejects the turned suit."""

    word: ClassVar[str] = "beg"


@dataclass(frozen=True, slots=True)
class Give(_Word):
    """Seven Up under ``gift``: the dealer gives eldest one point and the turned suit stays."""

    word: ClassVar[str] = "give"


@dataclass(frozen=True, slots=True)
class Run(_Word):
    """Seven Up: the dealer runs the cards (deals three more each and turns again)."""

    word: ClassVar[str] = "run"
