"""The trick rule as a table, for the engine and its playout alike (RULES.md §2 "Play").

Cards are suit-major in the natural order (Ace high), so within a suit a higher card id is a
higher card; what needs a table is the trump.
"""

from __future__ import annotations

from typing import Final

__all__ = ["BEATS", "BIT", "PACK_SIZE", "SUIT_RANKS"]

#: A standard pack, no jokers.
PACK_SIZE: Final = 52


def _beats(best: int, card: int, trump: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far: a higher
    card of the same suit, or a trump over a card that is not a trump."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


#: ``BEATS[trump + 1][best * 52 + card]``: whether ``card`` takes the trick from ``best``
#: (``trump`` is -1 in a round without trumps).
BEATS: Final[tuple[bytes, ...]] = tuple(
    bytes(_beats(best, card, trump) for best in range(52) for card in range(52))
    for trump in range(-1, 4)
)

#: ``BIT[c]``: the mask of card ``c`` alone.
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(52))
#: ``SUIT_RANKS[pattern]``: the ranks (0 for a two … 12 for an ace) set in a suit's 13 bits,
#: upwards; the suit of ``card`` in a hand is ``hand >> (card // 13 * 13) & 0x1FFF``.
SUIT_RANKS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(13) if pattern >> r & 1) for pattern in range(1 << 13)
)
