"""Tables for Seven Up on the full 52-card pack, indexed by card id (0-51), and the rule book's
numbers (RULES.md §1).

Seven Up ranks the cards in their natural order, A high ... 2 low, which is the card-id order
within a suit: of two cards of one suit the higher id is the higher card, and the highest or
lowest trump of a mask is its highest or lowest bit.
"""

from __future__ import annotations

from typing import Final

from atout.cards import SUIT_MASKS, Rank, card

__all__ = ["DEALT", "GOAL", "HAND", "JACK", "NO_GIFT_FROM", "RUN_SIZE", "SUIT", "SUIT_MASKS",
           "TENS_VALUE", "VALUE", "counting_total"]  # fmt: skip

#: The first to this many points wins the match.
GOAL: Final = 7
#: Each hand is played with this many cards (and discarded down to it after a run).
HAND: Final = 6
#: Cards a deal hands out before eldest decides: 6 to each player and the turn-up.
DEALT: Final = 2 * HAND + 1
#: Cards a run takes: 3 to each player and a new turn-up.
RUN_SIZE: Final = 7
#: The dealer may not give one when eldest has this many points or more (``gift``).
NO_GIFT_FROM: Final = 6

#: Counting values for Game (RULES.md §1 "Scoring a hand"): A 4, K 3, Q 2, J 1, and every other
#: card its face value (10 counts 10, 9 counts 9, ... 2 counts 2).
_WORTH: Final = {Rank.ACE: 4, Rank.KING: 3, Rank.QUEEN: 2, Rank.JACK: 1}
VALUE: Final[tuple[int, ...]] = tuple(_WORTH.get(Rank(c % 13), c % 13 + 2) for c in range(52))
#: Counting values under ``tens_only_game``: A 4, K 3, Q 2, J 1, 10 counts 10, 9 ... 2 count 0.
TENS_VALUE: Final[tuple[int, ...]] = tuple(
    _WORTH.get(Rank(c % 13), 10 if c % 13 == Rank.TEN else 0) for c in range(52)
)
#: The suit of each card.
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
#: The Jack of each suit.
JACK: Final[tuple[int, ...]] = tuple(card(Rank.JACK, s) for s in range(4))


def _per_rank_mask(values: tuple[int, ...]) -> tuple[int, ...]:
    """The total of every set of ranks of one suit (a 13-bit mask), from per-card values: each
    mask's total is that of the mask without its lowest rank, plus that rank's value."""
    totals = [0] * (1 << 13)
    for m in range(1, 1 << 13):
        low = m & -m
        totals[m] = totals[m ^ low] + values[low.bit_length() - 1]
    return tuple(totals)


# Game totals are taken on every hand: four lookups instead of a loop over the cards.
_TOTAL: Final = _per_rank_mask(VALUE)
_TENS_TOTAL: Final = _per_rank_mask(TENS_VALUE)


def counting_total(mask: int, *, tens_only: bool = False) -> int:
    """The counting values of the cards in ``mask`` for Game (``tens_only``: under
    ``tens_only_game``). The values depend on rank only, so each suit is one lookup."""
    table = _TENS_TOTAL if tens_only else _TOTAL
    return (
        table[mask & 0x1FFF]
        + table[mask >> 13 & 0x1FFF]
        + table[mask >> 26 & 0x1FFF]
        + table[mask >> 39 & 0x1FFF]
    )
