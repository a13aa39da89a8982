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
    """The round's number in the match, from 1."""
    rounds: int
    """How many rounds the match has (its schedule: down the river and up again)."""
    cards: int
    """How many cards each seat was dealt this round."""
    dealer: int
    """The seat that dealt this round; it bids last, under the hook."""
    to_act: tuple[int, ...]
    """The seats whose decision it is: one, or several while sealed bids are made; empty once the
    match is over."""
    leader: int
    """The seat that leads (or led) the current trick."""
    hand: CardSet | None
    """This seat's cards; ``None`` in a spectator's view."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    trump: int | None = field(metadata=SUIT)
    """The trump suit (0-3: clubs, diamonds, hearts, spades); ``None`` in a round that deals all 52
    cards."""
    turned: int | None = field(metadata=CARD)
    """The turned card that names trumps; ``None`` when there is none."""
    bids: tuple[int | None, ...]
    """Each seat's bid where this seat may see it; ``None``: not made yet, or sealed."""
    has_bid: tuple[bool, ...]
    """Whether each seat has bid this round (sealed bids included)."""
    trick: tuple[int, ...] = field(metadata=CARDS)
    """The cards on the table in the order played, led by ``leader``."""
    history: tuple[TrickRecord, ...]
    """The round's finished tricks, oldest first (worth 0: cards do not count here)."""
    tricks: tuple[int, ...]
    """The tricks each seat has taken this round."""
    scores: tuple[int, ...]
    """The running totals before this round."""
    sheet: tuple[RoundScore, ...]
    """The score sheet: one row per finished round."""
    match_over: bool
    """Whether the match is over."""
