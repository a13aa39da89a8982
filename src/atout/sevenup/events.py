"""Events only Seven Up has (the shared ones are in :mod:`atout.core.events`)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import ClassVar, Final

from atout.core.data import CARD, SUIT
from atout.core.events import Event

__all__ = ["PROPOSED", "REJECTED", "TRUMP", "Begged", "CardTurned", "CardsRun", "Discarded",
           "GiftGiven", "JackTurned", "Stood"]  # fmt: skip

#: ``CardTurned.outcome``: the deal's first turn-up, whose suit is proposed as trump.
PROPOSED: Final = "proposed"
#: ``CardTurned.outcome``: a turn-up after a run whose suit differs from the first: it is trump.
TRUMP: Final = "trump"
#: ``CardTurned.outcome``: a turn-up after a run of the first suit again: rejected, out of play.
REJECTED: Final = "rejected"


@dataclass(frozen=True, slots=True)
class CardTurned(Event):
    """A card is turned face up, in sight of both: at the deal (``run`` 0, ``outcome``
    ``proposed``) or after the dealer's ``run``-th run (``trump`` if its suit differs from the
    first turned suit, else ``rejected``)."""

    kind: ClassVar[str] = "card_turned"
    card: int = field(metadata=CARD)
    suit: int = field(metadata=SUIT)
    run: int = 0
    outcome: str = PROPOSED


@dataclass(frozen=True, slots=True)
class JackTurned(Event):
    """The dealer turns a Jack and scores 1: at the deal, or as the new trump after a run
    (``new_trump``). A Jack of the rejected suit scores nothing and makes no such event."""

    kind: ClassVar[str] = "jack_turned"
    seat: int
    card: int = field(metadata=CARD)
    new_trump: bool = False


@dataclass(frozen=True, slots=True)
class Stood(Event):
    """Eldest stands: the turned suit is trump."""

    kind: ClassVar[str] = "stood"
    seat: int
    suit: int = field(metadata=SUIT)


@dataclass(frozen=True, slots=True)
class Begged(Event):
    """Eldest begs: the dealer must run the cards (or, under ``gift``, may give one)."""

    kind: ClassVar[str] = "begged"
    seat: int


@dataclass(frozen=True, slots=True)
class GiftGiven(Event):
    """Under ``gift`` the dealer gives one: eldest (``to``) scores 1 and ``suit`` stays trump."""

    kind: ClassVar[str] = "gift_given"
    seat: int
    to: int
    suit: int = field(metadata=SUIT)


@dataclass(frozen=True, slots=True)
class CardsRun(Event):
    """The dealer runs the cards (the ``run``-th time this deal): three more to each player,
    then a card turned (the ``CardsDealt`` and ``CardTurned`` events follow)."""

    kind: ClassVar[str] = "cards_run"
    seat: int
    run: int = 1


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A seat discards a card face down. Only that seat sees which."""

    kind: ClassVar[str] = "discarded"
    seat: int
    card: int | None = field(default=None, metadata=CARD)

    def seen_by(self, viewer: int | None) -> Event:
        return self if viewer == self.seat else replace(self, card=None)
