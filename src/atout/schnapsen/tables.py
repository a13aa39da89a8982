"""Bitmask tables for Schnapsen's 20 cards, indexed by card id (0-51; -1 or 0 off the pack).

Schnapsen ranks A > 10 > K > Q > J, unlike the natural order where the ten sits below the Jack,
so "which cards of this suit beat that one" is a table here, not a shift.
"""

from __future__ import annotations

from typing import Final

from atout.cards import SCHNAPSEN_PACK, SUIT_MASKS, Rank, card

__all__ = [
    "BEATS",
    "FOLLOWER_WINS",
    "JACK",
    "KING",
    "MARRIAGE",
    "PACK_MASK",
    "POINTS",
    "QUEEN",
    "QUEENS",
    "STRENGTH",
    "SUIT",
    "SUIT_MASKS",
    "TRICK_POINTS",
    "marriage_worth",
    "marriages",
]

_ORDER: Final = (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.TEN, Rank.ACE)  # weakest first
_WORTH: Final = {Rank.JACK: 2, Rank.QUEEN: 3, Rank.KING: 4, Rank.TEN: 10, Rank.ACE: 11}

#: The trick-taking strength of a card within its suit: J 0, Q 1, K 2, 10 3, A 4.
STRENGTH: Final[tuple[int, ...]] = tuple(
    _ORDER.index(c % 13) if c in SCHNAPSEN_PACK else -1 for c in range(52)
)
#: Card points: A 11, 10 10, K 4, Q 3, J 2 (120 in the pack).
POINTS: Final[tuple[int, ...]] = tuple(_WORTH.get(Rank(c % 13), 0) for c in range(52))
#: The suit of each card.
SUIT: Final[tuple[int, ...]] = tuple(c // 13 for c in range(52))
#: For each card, the mask of the cards of its suit that beat it.
BEATS: Final[tuple[int, ...]] = tuple(
    sum(
        1 << d
        for d in SCHNAPSEN_PACK
        if d // 13 == c // 13 and STRENGTH[d] > STRENGTH[c] and STRENGTH[c] >= 0
    )
    for c in range(52)
)
#: The Jack, Queen and King of each suit.
JACK: Final[tuple[int, ...]] = tuple(card(Rank.JACK, s) for s in range(4))
QUEEN: Final[tuple[int, ...]] = tuple(card(Rank.QUEEN, s) for s in range(4))
KING: Final[tuple[int, ...]] = tuple(card(Rank.KING, s) for s in range(4))
#: The mask of a suit's King and Queen.
MARRIAGE: Final[tuple[int, ...]] = tuple((1 << KING[s]) | (1 << QUEEN[s]) for s in range(4))


def marriage_worth(suit: int, trump: int) -> int:
    """A marriage's points (RULES.md §3 "Marriages"): 20, or 40 in trumps."""
    return 40 if suit == trump else 20


#: Every Queen. A suit's King is the bit just above its Queen (ranks 10 and 11).
QUEENS: Final[int] = sum(1 << q for q in QUEEN)
assert all(k == q + 1 for k, q in zip(KING, QUEEN, strict=True))


def marriages(hand: int) -> int:
    """The Kings and Queens of ``hand`` that make a marriage (both of a suit held): one AND
    for the four suits, where a loop over :data:`MARRIAGE` takes eight lookups."""
    queens = hand & (hand >> 1) & QUEENS
    return queens | (queens << 1)


#: For each trump suit, whether the follower's card wins the trick: ``[lead * 52 + follow]``.
FOLLOWER_WINS: Final[tuple[bytes, ...]] = tuple(
    bytes(
        (STRENGTH[f] > STRENGTH[ld]) if f // 13 == ld // 13 else (f // 13 == trump)
        for ld in range(52)
        for f in range(52)
    )
    for trump in range(4)
)
#: The card points of a trick: ``[lead * 52 + follow]``.
TRICK_POINTS: Final[tuple[int, ...]] = tuple(
    POINTS[ld] + POINTS[f] for ld in range(52) for f in range(52)
)
#: The whole pack.
PACK_MASK: Final[int] = sum(1 << c for c in SCHNAPSEN_PACK)
