"""Cards, suits, ranks, card sets and their notation.

A card is an int 0-51, suit-major: ``suit * 13 + rank``, suits C D H S (0-3) and ranks
2 3 ... 10 J Q K A (0-12). A set of cards is an int bitmask with bit ``card`` set; search code works
on the masks, and :class:`CardSet` wraps one for the public API.

Notation is rank then suit: ``QS``, ``10H``, ``AC``. Reading is case-insensitive and also takes
``T`` for ten and the suit symbols ``♣ ♦ ♥ ♠``; every form :func:`card_text` writes reads back.
Display names in English, French, German and Danish are for faces only, never for notation.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final

from atout.errors import NotationError

__all__ = [
    "FULL_PACK",
    "LANGUAGES",
    "SCHNAPSEN_PACK",
    "SUIT_MASKS",
    "CardSet",
    "Rank",
    "Suit",
    "bits",
    "card",
    "card_name",
    "card_text",
    "cards_text",
    "mask_of",
    "parse_card",
    "parse_cards",
    "rank_name",
    "rank_of",
    "suit_name",
    "suit_of",
]


class Suit(IntEnum):
    """The four suits, in card-id order."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """``C``, ``D``, ``H`` or ``S``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """``♣``, ``♦``, ``♥`` or ``♠``."""
        return SUIT_SYMBOLS[self]


class Rank(IntEnum):
    """The thirteen ranks, low to high in the natural order (Ace high)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """``2`` ... ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_LETTERS[self]


SUIT_LETTERS: Final = ("C", "D", "H", "S")
SUIT_SYMBOLS: Final = ("♣", "♦", "♥", "♠")
RANK_LETTERS: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

#: The 52-card pack in card-id order.
FULL_PACK: Final[tuple[int, ...]] = tuple(range(52))
#: Schnapsen's 20 cards: A, 10, K, Q, J of each suit (rank indices 8-12, five bits per suit).
SCHNAPSEN_PACK: Final[tuple[int, ...]] = tuple(c for c in FULL_PACK if c % 13 >= Rank.TEN)
#: Mask of every card of a suit, indexed by suit.
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0x1FFF << (13 * s) for s in range(4))


def card(rank: int, suit: int) -> int:
    """The card of this rank and suit."""
    return suit * 13 + rank


def suit_of(c: int) -> int:
    """The suit of a card (0-3)."""
    return c // 13


def rank_of(c: int) -> int:
    """The rank index of a card (0 for a two, 12 for an ace)."""
    return c % 13


def mask_of(cards: Iterable[int]) -> int:
    """The bitmask holding these cards."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


_BITS_CACHE: Final[dict[int, tuple[int, ...]]] = {}
_BITS_CACHE_LIMIT: Final = 1 << 18


def bits(mask: int) -> tuple[int, ...]:
    """The cards in a mask, ascending. Cached: search asks for the same hands again and again."""
    got = _BITS_CACHE.get(mask)
    if got is not None:
        return got
    out = []
    m = mask
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    result = tuple(out)
    if len(_BITS_CACHE) >= _BITS_CACHE_LIMIT:
        _BITS_CACHE.clear()
    _BITS_CACHE[mask] = result
    return result


# --- notation ---------------------------------------------------------------------------------

_RANK_READ: Final = {
    **{letter: r for r, letter in enumerate(RANK_LETTERS)},
    "T": Rank.TEN,
    "1": -1,  # only as the start of "10"; rejected on its own below
}
_SUIT_READ: Final = {
    "C": 0,
    "D": 1,
    "H": 2,
    "S": 3,
    "♣": 0,
    "♦": 1,
    "♥": 2,
    "♠": 3,
    "♧": 0,
    "♢": 1,
    "♡": 2,
    "♤": 3,
}


def card_text(c: int, *, symbols: bool = False, ten: str = "10") -> str:
    """The notation of a card: ``QS``; ``Q♠`` with ``symbols``; ``TH`` with ``ten="T"``."""
    if not 0 <= c < 52:
        raise ValueError(f"{c} is not a card: cards are 0-51")
    r = c % 13
    rank = ten if r == Rank.TEN else RANK_LETTERS[r]
    suit = SUIT_SYMBOLS[c // 13] if symbols else SUIT_LETTERS[c // 13]
    return rank + suit


def parse_card(text: str) -> int:
    """Read ``QS``, ``10h``, ``Th``, ``Q♠`` and the like; raise :class:`NotationError` otherwise."""
    s = text.strip().upper()
    if len(s) < 2:
        raise NotationError(_card_error(text))
    rank_part, suit_part = s[:-1], s[-1]
    suit = _SUIT_READ.get(suit_part)
    rank = _RANK_READ.get(rank_part)
    if suit is None or rank is None or rank < 0:
        raise NotationError(_card_error(text))
    return suit * 13 + rank


def _card_error(text: str) -> str:
    return (
        f"cannot read {text!r} as a card: write the rank (A K Q J 10 9 ... 2, or T for ten) "
        "then the suit (C D H S or ♣ ♦ ♥ ♠), e.g. QS, 10H, AC"
    )


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Read cards from a space- or comma-separated text, or from a sequence of card texts."""
    items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(t) for t in items]


def cards_text(cards: Iterable[int], *, symbols: bool = False) -> str:
    """Cards as space-separated notation, in the given order."""
    return " ".join(card_text(c, symbols=symbols) for c in cards)


# --- card sets --------------------------------------------------------------------------------


class CardSet:
    """An immutable set of cards over an int bitmask, like python-chess's ``SquareSet``.

    Iterates in card-id order; ``str()`` gives the notation (``"QS 10H"``) and :meth:`parse`
    reads it back. Set operators take other card sets or raw masks."""

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: Iterable[int] | int = 0) -> None:
        if isinstance(cards, int):
            if cards < 0 or cards >> 52:
                raise ValueError(f"{cards:#x} is not a card mask")
            mask = cards
        else:
            mask = mask_of(cards)
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def parse(cls, text: str | Iterable[str]) -> CardSet:
        """Read a card set from notation (``"QS 10H"`` or ``["QS", "10H"]``)."""
        return cls(parse_cards(text))

    @property
    def mask(self) -> int:
        """The bitmask."""
        return self._mask

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __iter__(self) -> Iterator[int]:
        return iter(bits(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, c: object) -> bool:
        return isinstance(c, int) and 0 <= c < 52 and bool(self._mask >> c & 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._mask == other._mask
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("CardSet", self._mask))

    def _other(self, other: CardSet | int) -> int:
        return other._mask if isinstance(other, CardSet) else other

    def __or__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask | self._other(other))

    def __and__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask & self._other(other))

    def __sub__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask & ~self._other(other))

    def __xor__(self, other: CardSet | int) -> CardSet:
        return CardSet(self._mask ^ self._other(other))

    def issubset(self, other: CardSet | int) -> bool:
        """Whether every card here is in ``other``."""
        return self._mask & ~self._other(other) == 0

    def of_suit(self, suit: int) -> CardSet:
        """The cards of one suit."""
        return CardSet(self._mask & SUIT_MASKS[suit])

    def texts(self) -> list[str]:
        """Card texts in card-id order (for JSON)."""
        return [card_text(c) for c in bits(self._mask)]

    def __str__(self) -> str:
        return cards_text(bits(self._mask))

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})" if self._mask else "CardSet()"


# --- display names ----------------------------------------------------------------------------

#: Languages with display names, rule books and (later) table texts.
LANGUAGES: Final = ("en", "fr", "de", "da")

_RANK_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": (
        "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "jack", "queen", "king", "ace",
    ),
    "fr": (
        "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix",
        "valet", "dame", "roi", "as",
    ),
    # Schnapsen's own names: Ass, Zehn, König, Dame, Bube.
    "de": (
        "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn",
        "Bube", "Dame", "König", "Ass",
    ),
    "da": (
        "to", "tre", "fire", "fem", "seks", "syv", "otte", "ni", "ti",
        "knægt", "dame", "konge", "es",
    ),
}  # fmt: skip
_SUIT_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("clubs", "diamonds", "hearts", "spades"),
    "fr": ("trèfle", "carreau", "cœur", "pique"),
    "de": ("Kreuz", "Karo", "Herz", "Pik"),
    "da": ("klør", "ruder", "hjerter", "spar"),
}


def _lang(lang: str) -> str:
    if lang not in _RANK_NAMES:
        raise ValueError(f"no card names in {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def rank_name(rank: int, lang: str = "en") -> str:
    """The name of a rank: ``queen``, ``dame``, ``Dame``, ``dame``."""
    return _RANK_NAMES[_lang(lang)][rank]


def suit_name(suit: int, lang: str = "en") -> str:
    """The name of a suit: ``hearts``, ``cœur``, ``Herz``, ``hjerter``."""
    return _SUIT_NAMES[_lang(lang)][suit]


def card_name(c: int, lang: str = "en") -> str:
    """The spoken name of a card: ``queen of spades``, ``dame de pique``, ``Pik-Dame``,
    ``spar dame``."""
    rank, suit = rank_name(c % 13, lang), suit_name(c // 13, lang)
    if lang == "en":
        return f"{rank} of {suit}"
    if lang == "fr":
        return f"{rank} de {suit}"
    if lang == "de":
        return f"{suit}-{rank}"
    return f"{suit} {rank}"
