"""What one Seven Up seat may know, and the per-deal result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from atout.cards import CardSet
from atout.core.data import CARD, CARDS, SUIT, Data
from atout.core.state import TrickRecord, View

__all__ = ["DISCARDING", "GIVE_OR_RUN", "PLAYING", "STAGES", "STAND_OR_BEG", "SevenUpDealResult",
           "SevenUpView"]  # fmt: skip

#: The stages of a deal, as views name them, in the order they come ("over" once the match is).
STAGES: Final = ("stand_or_beg", "give_or_run", "discard", "play", "over")
#: The engine's stage numbers: indices into :data:`STAGES`. The trump is settled from
#: DISCARDING on.
STAND_OR_BEG: Final = 0
GIVE_OR_RUN: Final = 1
DISCARDING: Final = 2
PLAYING: Final = 3


@dataclass(frozen=True, slots=True)
class SevenUpView(View):
    """A seat's view of the current deal (the last one once the match is over).

    ``hand`` and ``discards`` are the seat's own (``None`` for a spectator); of the other seat
    only the sizes show. ``turn_up`` is the face-up card whose suit is trump, or proposed as
    trump while ``stage`` is ``stand_or_beg`` or ``give_or_run``; ``trump`` is ``None`` until
    the suit is settled. ``rejected`` are the turn-ups rejected by a beg, in the order turned.
    ``cards_left`` counts the undealt cards. ``scores`` are the match points as they stand,
    those already scored this deal included; ``deal_points`` are this deal's so far.
    ``trick`` holds the cards on the table in the order played, led by ``leader``; ``tricks``
    the finished tricks, each worth its counting values for Game.
    """

    deal: int
    """The deal's number in the match, from 1."""
    dealer: int
    """The seat that dealt this deal."""
    eldest: int
    """The dealer's opponent, who stands or begs and leads the first trick."""
    to_act: int | None
    """The seat whose decision it is; ``None`` once the match is over."""
    stage: str
    """Where the deal is: ``stand_or_beg``, ``give_or_run``, ``discard``, ``play``, or ``over`` once
    the match is."""
    hand: CardSet | None = field(metadata=CARDS)
    """This seat's cards; ``None`` in a spectator's view."""
    discards: CardSet | None = field(metadata=CARDS)
    """The cards this seat discarded after a run (hidden from the other seat); ``None`` for a
    spectator."""
    hand_sizes: tuple[int, int]
    """How many cards each seat holds."""
    discard_counts: tuple[int, int]
    """How many cards each seat has discarded."""
    turn_up: int = field(metadata=CARD)
    """The face-up card whose suit is trump, or is proposed as trump while ``stage`` is
    ``stand_or_beg`` or ``give_or_run``."""
    rejected: tuple[int, ...] = field(metadata=CARDS)
    """The turn-ups rejected by a beg, in the order turned."""
    trump: int | None = field(metadata=SUIT)
    """The trump suit (0-3: clubs, diamonds, hearts, spades); ``None`` until it is settled."""
    cards_left: int
    """How many cards are not dealt."""
    leader: int
    """The seat that leads (or led) the current trick."""
    trick: tuple[int, ...] = field(metadata=CARDS)
    """The cards on the table in the order played, led by ``leader``."""
    tricks: tuple[TrickRecord, ...]
    """The finished tricks of this deal, oldest first, each worth its counting values for Game."""
    scores: tuple[int, int]
    """The match points as they stand, those already scored this deal included (the match is to
    7)."""
    deal_points: tuple[int, int]
    """The points scored this deal so far."""
    match_over: bool
    """Whether the match is over."""


@dataclass(frozen=True, slots=True)
class SevenUpDealResult(Data):
    """One finished deal: its points per seat and who scored each of them.

    ``turned_jack`` (the first turn-up was a Jack), ``new_trump_jack`` (a Jack turned as the
    new trump after a run), ``high``, ``low``, ``jack`` and ``game`` name the seat that scored
    the point, or ``None`` for nobody; ``gift`` names eldest if the dealer gave one.
    ``high_card``, ``low_card`` and ``jack_card`` are the highest and lowest trumps in play and
    the Jack of trumps, ``None`` when not in play (with no trump in play only Game scores);
    ``game_totals`` are the counting values each seat captured, and Game goes to nobody when
    they are equal (unless ``tie_game_to_eldest``).

    A ``void`` deal (the pack could not supply another run before a new suit turned up)
    scores nothing: every point is ``None``, ``trump`` too. Under ``count_out``,
    ``counted_out`` names the point that took the winner to 7, and the points after it in the
    counting order were never counted (they show ``None``)."""

    deal: int
    dealer: int
    void: bool
    trump: int | None = field(metadata=SUIT)
    points: tuple[int, int]
    turned_jack: int | None
    gift: int | None
    new_trump_jack: int | None
    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    high_card: int | None = field(metadata=CARD)
    low_card: int | None = field(metadata=CARD)
    jack_card: int | None = field(metadata=CARD)
    game_totals: tuple[int, int]
    counted_out: str | None
