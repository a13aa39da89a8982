"""Cards as the terminal draws them: labels (``Q♠``), the order a hand is held in, and the
box-drawn strips that the hand, the trick and the felt are made of.

A card is never told by colour alone: every label carries its suit's symbol (``♣ ♦ ♥ ♠``), and
the hand writes each suit's letter (the one typed to play it: ``QS``) on the frame of its
group, so that a monochrome terminal, or a reader who does not see red, reads every card.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from rich.style import Style
from rich.text import Text

from atout.cards import SUIT_LETTERS, card_text, rank_of, suit_of

__all__ = [
    "CELL",
    "PLAIN",
    "TALL_CELL",
    "TALL_SCREEN",
    "Cell",
    "back_cell",
    "is_red",
    "label",
    "sort_hand",
    "strip",
    "strip_height",
    "strip_width",
]

#: The columns inside one card of a strip: the widest label, ``10♥``, fills them.
CELL: Final = 3

#: No style: what a plain card is drawn in.
PLAIN: Final = Style()

_CLUBS, _DIAMONDS, _HEARTS, _SPADES = range(4)
#: Schnapsen holds a suit A 10 K Q J: the Ten ranks just below the Ace there.
_SCHNAPSEN_ORDER: Final = {12: 0, 8: 1, 11: 2, 10: 3, 9: 4}


def label(card: int) -> str:
    """The short label of a card: ``Q♠``, ``10♥``."""
    return card_text(card, symbols=True)


def is_red(card: int) -> bool:
    """Whether the card is a heart or a diamond (drawn red where the terminal has colour)."""
    return suit_of(card) in (_DIAMONDS, _HEARTS)


def sort_hand(cards: Iterable[int], trump: int | None, game: str) -> list[int]:
    """A hand in the order players hold it, as the web table's ``sortHand``: trumps first, then
    the other suits alternating colours, high cards first within a suit (Schnapsen's Ten just
    below its Ace). Without trumps: spades, hearts, clubs, diamonds."""
    if trump is None:
        order = [_SPADES, _HEARTS, _CLUBS, _DIAMONDS]
    else:
        order = [trump, *_alternating(trump)]

    def within(c: int) -> int:
        if game == "schnapsen":
            return _SCHNAPSEN_ORDER.get(rank_of(c), 5)
        return 12 - rank_of(c)

    return sorted(cards, key=lambda c: (order.index(suit_of(c)), within(c)))


def _alternating(trump: int) -> list[int]:
    """The suits after trumps, so that no two of one colour sit side by side where avoidable."""
    black, red = [_SPADES, _CLUBS], [_HEARTS, _DIAMONDS]
    is_red_trump = trump in red
    same = [s for s in (red if is_red_trump else black) if s != trump]
    other = black if is_red_trump else red
    return [other[0], *same, other[1]]


def suit_letter(suit: int) -> str:
    """``C``, ``D``, ``H`` or ``S``: what a player types for the suit."""
    return SUIT_LETTERS[suit]


@dataclass(frozen=True)
class Cell:
    """One card of a strip: its label and its style, the style of the card's whole face
    (the cursor's reverse), a mark drawn on the frame below it (``•`` under a card that may be
    played: a mark that needs no colour), and whether it lies face down (``text`` is then
    what its back shows: nothing, or a pile's size)."""

    text: str
    style: Style = PLAIN
    fill: Style = PLAIN
    below: str = ""
    back: bool = False


def back_cell(count: int | None = None, style: Style = PLAIN) -> Cell:
    """A face-down card, showing ``count`` (a pile's size) if given."""
    return Cell("" if count is None else str(count), style, back=True)


_LIGHT: Final = "╭╮╰╯─│┬┴"
_HEAVY: Final = "┏┓┗┛━┃┳┻"
#: The columns inside one card of a tall strip (the big cards of a big terminal).
TALL_CELL: Final = 5
#: The lines from which a terminal is tall enough for big cards.
TALL_SCREEN: Final = 34


def strip_width(cards: int, *, tall: bool = False) -> int:
    """The columns a strip of ``cards`` cards takes: each card three (five when tall), plus
    the frames."""
    return ((TALL_CELL if tall else CELL) + 1) * cards + 1


def strip_height(*, tall: bool = False) -> int:
    """The lines a strip takes: three, or five when tall."""
    return 5 if tall else 3


def _face(cell: Cell, tall: bool) -> list[Text]:
    """The inside of a card, line by line: ``Q♠`` on one line, or, tall, the rank in two
    corners and the suit in the middle."""
    width = TALL_CELL if tall else CELL
    if cell.back:
        shade = Text("░" * width, cell.fill + cell.style)
        if not cell.text:
            return [shade.copy() for _ in range(3 if tall else 1)]
        count = Text(cell.text.center(width), cell.fill + cell.style)
        return [shade.copy(), count, shade.copy()] if tall else [count]
    if not tall:
        text = Text(cell.text, cell.fill + cell.style)
        text.append(" " * (width - len(cell.text)), cell.fill)
        return [text]
    rank, suit = cell.text[:-1], cell.text[-1]
    lines = []
    for left, glyph in ((0, rank), ((width - 1) // 2, suit), (width - len(rank), rank)):
        line = Text(" " * left, cell.fill)
        line.append(glyph, cell.fill + cell.style)
        line.append(" " * (width - left - len(glyph)), cell.fill)
        lines.append(line)
    return lines


def strip(
    cells: Sequence[Cell],
    *,
    heavy: bool = False,
    title: str = "",
    frame: Style = PLAIN,
    tall: bool = False,
) -> list[Text]:
    """A group of cards drawn side by side in one frame, three lines high (five when
    ``tall``, the rank in two corners and the suit between)::

        ╭─S─┬───╮
        │K♠ │Q♠ │
        ╰─•─┴───╯

    ``title`` (a suit letter, at most three characters) is written on the top frame of the
    first card; ``heavy`` draws the frame in heavy lines (the trump group, without colour)."""
    tl, tr, bl, br, h, v, tj, bj = _HEAVY if heavy else _LIGHT
    width = TALL_CELL if tall else CELL
    inner = 3 if tall else 1
    top, bottom = Text(tl, frame), Text(bl, frame)
    rows = [Text(v, frame) for _ in range(inner)]
    for i, cell in enumerate(cells):
        head = title.center(width, h) if i == 0 and title else h * width
        foot = cell.below.center(width, h) if cell.below else h * width
        last = i == len(cells) - 1
        top.append(head + (tr if last else tj), frame)
        for row, line in zip(rows, _face(cell, tall), strict=True):
            row.append_text(line)
            row.append(v, frame)
        bottom.append(foot + (br if last else bj), frame)
    return [top, *rows, bottom]
