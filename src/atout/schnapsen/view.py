"""What one Schnapsen seat may know, and the per-deal result."""

from __future__ import annotations

from dataclasses import dataclass, field

from atout.cards import CardSet
from atout.core.data import CARD, CARDS, SUIT, Data
from atout.core.state import TrickRecord, View

__all__ = ["ExchangeRecord", "MarriageRecord", "SchnapsenDealResult", "SchnapsenView",
           "TrickRecord"]  # fmt: skip


@dataclass(frozen=True, slots=True)
class MarriageRecord(Data):
    """A marriage declared this deal: who, which suit, the card led (its partner was shown),
    its points, and the number of tricks finished before it (where it stands in the history)."""

    seat: int
    suit: int = field(metadata=SUIT)
    card: int = field(metadata=CARD)
    points: int = 20
    before_trick: int = 0


@dataclass(frozen=True, slots=True)
class ExchangeRecord(Data):
    """The trump Jack exchange: who, the Jack given, and the trump card taken (now in hand)."""

    seat: int
    jack: int = field(metadata=CARD)
    card: int = field(metadata=CARD)
    before_trick: int = 0


@dataclass(frozen=True, slots=True)
class SchnapsenView(View):
    """A seat's view of the current deal (the last one once the match is over).

    ``hand`` is ``None`` for a spectator. ``points`` are the card points each seat has
    credited (captured cards plus credited marriages), ``pending`` the marriage points waiting
    for a first trick. ``trump_card`` is the face-up card under the stock, ``None`` once taken
    or after a close; ``turned`` is the card turned at the deal, public from the start.
    ``trick`` holds the cards on the table in the order played, led by ``leader``.
    After a close, ``closed_at`` is the number of tricks finished when the stock was closed
    and ``close_record`` the closer's opponent's points and tricks at that moment (public:
    both players saw them).
    """

    deal: int
    dealer: int
    to_act: int | None
    leader: int
    hand: CardSet | None
    hand_sizes: tuple[int, int]
    trump: int = field(metadata=SUIT)
    trump_card: int | None = field(metadata=CARD)
    turned: int = field(metadata=CARD)
    stock_size: int
    closed: bool
    closed_by: int | None
    closed_at: int | None
    close_record: tuple[int, int] | None
    trick: tuple[int, ...] = field(metadata=CARDS)
    points: tuple[int, int]
    pending: tuple[int, int]
    tricks: tuple[int, int]
    to_go: tuple[int, int]
    history: tuple[TrickRecord, ...]
    marriages: tuple[MarriageRecord, ...]
    exchange: ExchangeRecord | None
    claim_pending: bool
    match_over: bool


@dataclass(frozen=True, slots=True)
class SchnapsenDealResult(Data):
    """One finished deal: who won it, the game points scored and why.

    ``reason`` is ``66`` (the winner reached 66, recognised or claimed), ``last_trick`` (the
    stock was played out with nobody at 66), ``closer_failed``, ``opponent_66_after_close`` or
    ``wrong_claim``. ``card_points`` are the credited points per seat at the end."""

    deal: int
    dealer: int
    winner: int
    points: int
    reason: str
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    closed_by: int | None
    claimed_by: int | None
