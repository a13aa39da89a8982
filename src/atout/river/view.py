"""What one River seat may know, the score sheet's rows, and the per-round result."""

from __future__ import annotations

from dataclasses import dataclass, field

from atout.cards import CardSet
from atout.core.data import CARD, CARDS, SUIT, Data
from atout.core.state import TrickRecord, View

__all__ = ["RiverDealResult", "RiverView", "RoundScore"]


@dataclass(frozen=True, slots=True)
class RoundScore(Data):
    """One row of the score sheet: a finished round (``deal``, from 1), its number of cards,
    its dealer and turned trump card (``None``: played without trumps), and by seat the bids,
    the tricks taken, the points scored and the running totals after it."""

    deal: int
    cards: int
    dealer: int
    trump_card: int | None = field(metadata=CARD)
    bids: tuple[int, ...]
    tricks: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RiverDealResult(RoundScore):
    """A finished round as the match result holds it: its score sheet row and, by seat, the
    cards dealt (all of them played, so public once the round is over)."""

    hands: tuple[tuple[int, ...], ...] = field(metadata=CARDS)


@dataclass(frozen=True, slots=True)
class RiverView(View):
    """A seat's view of the current round (the last one once the match is over).

    ``to_act`` lists the seats whose decision it is: one, or several while sealed bids are
    made. ``hand`` is ``None`` for a spectator. ``turned`` is the turned trump card and
    ``trump`` its suit (both ``None`` in a round that deals all 52 cards). ``bids`` holds each
    seat's bid where this seat may see it (``None``: not made, or sealed), ``has_bid`` whether
    each seat has bid. ``trick`` is the cards on the table in the order played, led by
    ``leader``; ``history`` the round's finished tricks (worth 0: cards do not count here);
    ``tricks`` the tricks taken this round;
    ``scores`` the running totals before this round; ``sheet`` the finished rounds.
    """

    deal: int
    rounds: int
    cards: int
    dealer: int
    to_act: tuple[int, ...]
    leader: int
    hand: CardSet | None
    hand_sizes: tuple[int, ...]
    trump: int | None = field(metadata=SUIT)
    turned: int | None = field(metadata=CARD)
    bids: tuple[int | None, ...]
    has_bid: tuple[bool, ...]
    trick: tuple[int, ...] = field(metadata=CARDS)
    history: tuple[TrickRecord, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    sheet: tuple[RoundScore, ...]
    match_over: bool
