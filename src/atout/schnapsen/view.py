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
    """The deal's number in the match, from 1."""
    dealer: int
    """The seat that dealt this deal; the other seat (eldest) leads the first trick."""
    to_act: int | None
    """The seat whose decision it is; ``None`` once the match is over."""
    leader: int
    """The seat that leads (or led) the current trick."""
    hand: CardSet | None
    """This seat's cards; ``None`` in a spectator's view."""
    hand_sizes: tuple[int, int]
    """How many cards each seat holds."""
    trump: int = field(metadata=SUIT)
    """The trump suit (0-3: clubs, diamonds, hearts, spades)."""
    trump_card: int | None = field(metadata=CARD)
    """The face-up trump card under the stock; ``None`` once taken (by the exchange or the last
    draw) or after a close."""
    turned: int = field(metadata=CARD)
    """The card turned for trump at the deal (public from the start, wherever it went later)."""
    stock_size: int
    """How many cards the stock holds, the face-up trump card included."""
    closed: bool
    """Whether the stock is closed (by a close, RULES.md §3 "Closing"); play follows the strict
    rules from then on."""
    closed_by: int | None
    """The seat that closed the stock; ``None`` when nobody did."""
    closed_at: int | None
    """How many tricks were finished when the stock was closed; ``None`` when not closed."""
    close_record: tuple[int, int] | None
    """The closer's opponent's card points and tricks at the close (both players saw them); ``None``
    when not closed."""
    trick: tuple[int, ...] = field(metadata=CARDS)
    """The cards on the table in the order played, led by ``leader``."""
    points: tuple[int, int]
    """The card points each seat has credited: the cards it captured and its credited marriages."""
    pending: tuple[int, int]
    """Marriage points each seat declared before taking a trick, credited at its first trick."""
    tricks: tuple[int, int]
    """How many tricks each seat has taken this deal."""
    to_go: tuple[int, int]
    """The game points each seat still needs (the match runs from 7 to 0)."""
    history: tuple[TrickRecord, ...]
    """The finished tricks of this deal, oldest first, with their card points."""
    marriages: tuple[MarriageRecord, ...]
    """The marriages declared this deal, in order."""
    exchange: ExchangeRecord | None
    """The trump Jack exchange of this deal; ``None`` when nobody made it."""
    claim_pending: bool
    """Under ``manual_claim``: the last trick is played and its winner, to act, may still claim
    66 (``claim``) or not (``pass``) before the deal is settled. Elsewhere a claim is simply one
    of the legal actions of the player on lead, and nothing is pending (RULES.md §3
    `manual_claim`)."""
    match_over: bool
    """Whether the match is over."""


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
