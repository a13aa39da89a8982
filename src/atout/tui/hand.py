"""The hand: the reader's cards in a row of box-drawn strips, one per suit, played by keys or
by the mouse.

``←`` ``→`` ``Home`` ``End`` move the cursor, ``Enter`` chooses the card under it, a click
chooses the card clicked; either posts :class:`HandView.Chosen` and the table decides what the
card does (play it, discard it, or ask about a marriage). Typed cards (``QS``) are the
table's: it reads them for every widget, then points the cursor here.

Which cards may be played is shown three ways, none of them colour: a bold, underlined label,
a ``•`` on the frame below the card, and (while the decision is about cards) the others dimmed.
The trump suit's group is framed in heavy lines, and each group's frame carries its suit's
letter.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from itertools import groupby
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset, Size
from textual.message import Message
from textual.widget import Widget

from atout.cards import suit_of
from atout.tui.cards import (
    CELL,
    TALL_CELL,
    TALL_SCREEN,
    Cell,
    is_red,
    label,
    strip,
    strip_height,
    strip_width,
    suit_letter,
)

__all__ = ["HandView"]


class HandView(Widget, can_focus=True):
    """The reader's hand. Fill it with :meth:`show`; it posts :class:`Chosen` when a card is
    chosen, whether or not it may be played (the table says why not)."""

    DEFAULT_CSS = """
    HandView {
        height: auto;
        min-height: 2;
        border-top: solid $secondary;
        border-title-align: left;
        border-title-color: $text;
        padding: 0 0;
    }
    HandView:focus {
        border-top: heavy $accent;
        border-title-style: bold;
    }
    HandView > .hand--red { color: $text-error; }
    HandView > .hand--legal { text-style: bold underline; }
    HandView > .hand--dim { text-style: dim; }
    HandView > .hand--cursor { text-style: reverse bold; }
    HandView > .hand--frame { color: $text-muted; }
    HandView > .hand--trump { color: $text; text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hand--red",
        "hand--legal",
        "hand--dim",
        "hand--cursor",
        "hand--frame",
        "hand--trump",
    }

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", show=False),
        Binding("right", "move(1)", show=False),
        Binding("home", "edge(0)", show=False),
        Binding("end", "edge(-1)", show=False),
        Binding("enter", "choose", show=False),
    ]

    class Chosen(Message):
        """A card was chosen (Enter or a click)."""

        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.cards: list[int] = []
        self.playable: frozenset[int] = frozenset()
        self.marriages: dict[int, int] = {}
        self.deciding = False
        self.trump: int | None = None
        self.empty = ""
        self.cursor = 0
        # Where each card was drawn at the last render: (row, first column, last column, card).
        self._spots: list[tuple[int, int, int, int]] = []
        # Whether the last render drew big cards.
        self._tall = False

    # -- filling ----------------------------------------------------------------------------

    def show(
        self,
        cards: Sequence[int],
        *,
        playable: Collection[int] = (),
        deciding: bool = False,
        trump: int | None = None,
        empty: str = "",
        marriages: Mapping[int, int] | None = None,
    ) -> None:
        """Show ``cards`` (in the order given), marking ``playable``, and under a King or
        Queen that may declare its marriage the points it would (``marriages``); ``deciding``
        dims the others (the decision is about cards). The cursor stays on its card while the
        card is held; when it is not, or when a card decision begins on a card that may not be
        played, it goes to the first playable card."""
        held = self.cards[self.cursor] if self.cards else None
        was_deciding = self.deciding
        self.cards = list(cards)
        self.playable = frozenset(playable)
        self.marriages = dict(marriages or {})
        self.deciding = deciding
        self.trump = trump
        self.empty = empty
        if held in self.cards:
            self.cursor = self.cards.index(held)
        else:
            self.cursor = min(self.cursor, max(0, len(self.cards) - 1))
        moved_on = held not in self.cards or (deciding and not was_deciding)
        if moved_on and self.current not in self.playable:
            first = next((i for i, c in enumerate(self.cards) if c in self.playable), None)
            if first is not None:
                self.cursor = first
        self.refresh(layout=True)

    @property
    def current(self) -> int | None:
        """The card under the cursor (``None``: an empty hand)."""
        return self.cards[self.cursor] if self.cards else None

    def point_at(self, card: int) -> None:
        """Put the cursor on ``card`` if it is held."""
        if card in self.cards:
            self.cursor = self.cards.index(card)
            self.refresh()

    def spot(self, card: int) -> Offset | None:
        """Where ``card``'s label was drawn, relative to the widget's corner (a click there
        chooses it); ``None`` for a card not shown."""
        top = self.content_region.y - self.region.y
        left = self.content_region.x - self.region.x
        middle = strip_height(tall=self._tall) // 2
        for row, first, _, c in self._spots:
            if c == card:
                return Offset(left + first + 1, top + row + middle)
        return None

    # -- keys and mouse ---------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Move the cursor ``step`` cards, stopping at the ends."""
        if self.cards:
            self.cursor = max(0, min(len(self.cards) - 1, self.cursor + step))
            self.refresh()

    def action_edge(self, end: int) -> None:
        """Put the cursor on the first card (0) or the last (-1)."""
        if self.cards:
            self.cursor = 0 if end == 0 else len(self.cards) - 1
            self.refresh()

    def action_choose(self) -> None:
        """Choose the card under the cursor."""
        if self.current is not None:
            self.post_message(self.Chosen(self.current))

    def on_click(self, event: events.Click) -> None:
        """Choose the card clicked (a click on the frame between two cards counts for the
        card to its left)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        height = strip_height(tall=self._tall)
        for row, first, last, card in self._spots:
            if row <= offset.y < row + height and first <= offset.x <= last:
                self.cursor = self.cards.index(card)
                self.refresh()
                self.post_message(self.Chosen(card))
                return

    # -- drawing ----------------------------------------------------------------------------

    def _rows(self, width: int, *, tall: bool = False) -> list[list[list[int]]]:
        """The cards laid out in rows that fit ``width``: each row a list of suit groups, a
        group wider than a row cut where it must be."""
        per_card = (TALL_CELL if tall else CELL) + 1
        rows: list[list[list[int]]] = [[]]
        used = 0
        for _, suit_cards in groupby(self.cards, key=suit_of):
            group = list(suit_cards)
            while group:
                gap = 1 if rows[-1] else 0
                room = (width - used - gap - 1) // per_card
                if room < len(group) and rows[-1]:
                    # A new row rather than a group cut in two, where the group fits in one.
                    rows.append([])
                    used = 0
                    continue
                part, group = group[: max(1, room)], group[max(1, room) :]
                rows[-1].append(part)
                used += gap + strip_width(len(part), tall=tall)
                if group:
                    rows.append([])
                    used = 0
        return [row for row in rows if row]

    def _is_tall(self, width: int) -> bool:
        """Big cards: on a tall terminal, when the hand fits in one row of them."""
        if not self.is_mounted or self.screen.size.height < TALL_SCREEN:
            return False
        return len(self._rows(width, tall=True)) == 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Three lines per row of cards, five for big ones (one for an empty hand's note)."""
        if not self.cards:
            return 1
        tall = self._is_tall(width)
        return strip_height(tall=tall) * len(self._rows(width, tall=tall))

    def render(self) -> Text:
        """The strips, row by row."""
        if not self.cards:
            return Text(self.empty, style=self.get_component_rich_style("hand--dim"))
        red = self.get_component_rich_style("hand--red", partial=True)
        legal = self.get_component_rich_style("hand--legal", partial=True)
        dim = self.get_component_rich_style("hand--dim", partial=True)
        cursor = self.get_component_rich_style("hand--cursor", partial=True)
        frame = self.get_component_rich_style("hand--frame", partial=True)
        trump_frame = self.get_component_rich_style("hand--trump", partial=True)
        focused = self.has_focus
        width = self.size.width or 80
        tall = self._tall = self._is_tall(width)
        height = strip_height(tall=tall)
        per_card = (TALL_CELL if tall else CELL) + 1
        lines: list[Text] = []
        self._spots = []
        shown_suits: set[int] = set()
        for r, row in enumerate(self._rows(width, tall=tall)):
            parts: list[list[Text]] = []
            x = 0
            for group in row:
                suit = suit_of(group[0])
                cells = []
                for k, c in enumerate(group):
                    style = Style()
                    if is_red(c):
                        style += red
                    if c in self.playable:
                        style += legal
                    elif self.deciding:
                        style += dim
                    fill = cursor if focused and c == self.current else Style()
                    points = self.marriages.get(c)
                    mark = str(points) if points else "•" if c in self.playable else ""
                    cells.append(Cell(label(c), style, fill, mark))
                    self._spots.append(
                        (height * r, x + 1 + per_card * k, x + per_card * (k + 1), c)
                    )
                is_trump = suit == self.trump
                # A suit cut over two rows is named once, where it starts.
                title = "" if suit in shown_suits else suit_letter(suit)
                shown_suits.add(suit)
                group_frame = trump_frame if is_trump else frame
                parts.append(
                    strip(cells, heavy=is_trump, title=title, frame=group_frame, tall=tall)
                )
                x += strip_width(len(group), tall=tall) + 1
            for i in range(height):
                line = Text()
                for j, part in enumerate(parts):
                    if j:
                        line.append(" ")
                    line.append_text(part[i])
                lines.append(line)
        return Text("\n").join(lines)

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()
