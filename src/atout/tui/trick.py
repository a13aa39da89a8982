"""The trick in the middle of the table: who played what, in the order played, and who won it.

The view's trick is shown while cards are on the table. Once a trick is complete the table
keeps it in sight, as the web table does without animations, until the next card is led; the
reader may also ask for the last trick while a new one is being played (key ``l``). The
winner's card has a ``★`` on its frame and a caption says who won: no colour needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from atout.core.state import View
from atout.tui.cards import Cell, is_red, label, strip, strip_height, strip_width
from atout.tui.seating import Seating
from atout.tui.views import current_trick, finished_tricks

__all__ = ["Shown", "TrickView", "shown_trick"]


@dataclass(frozen=True)
class Shown:
    """A trick as the table shows it: its leader, its cards in the order played, its winner
    once complete, and whether it is a finished trick kept in sight (not the current one)."""

    leader: int
    cards: tuple[int, ...]
    winner: int | None = None
    finished: bool = False


def shown_trick(view: View, seats: int, *, last: bool = False) -> Shown | None:
    """What the trick area shows: the last finished trick when ``last`` is asked for (or when
    the table is empty after a complete trick), else the cards on the table; ``None`` when
    there is nothing to show."""
    history = finished_tricks(view)
    leader, cards = current_trick(view)
    if history and (last or not cards) and len(history[-1].cards) == seats:
        done = history[-1]
        return Shown(done.leader, done.cards, done.winner, finished=True)
    if cards:
        return Shown(leader, cards)
    return None


class TrickView(Widget):
    """The trick area: cards in columns with their players' names below."""

    DEFAULT_CSS = """
    TrickView {
        width: 1fr;
        height: 1fr;
        min-height: 6;
        border-top: solid $secondary;
        border-title-align: left;
        border-title-color: $text;
    }
    TrickView > .trick--red { color: $text-error; }
    TrickView > .trick--frame { color: $text-muted; }
    TrickView > .trick--old { text-style: dim; }
    TrickView > .trick--caption { text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "trick--red",
        "trick--frame",
        "trick--old",
        "trick--caption",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.trick: Shown | None = None
        self.seating: Seating | None = None
        self.empty = ""
        self.caption = ""

    def show(self, trick: Shown | None, seating: Seating, *, empty: str, caption: str) -> None:
        """Show ``trick`` (or ``empty``, a note, when there is none) with ``caption`` below."""
        self.trick, self.seating, self.empty, self.caption = trick, seating, empty, caption
        self.refresh()

    def render(self) -> Text:
        """Boxed cards over their players' names when they fit; one line each otherwise."""
        caption_style = self.get_component_rich_style("trick--caption", partial=True)
        if self.trick is None or self.seating is None:
            empty = Text(self.empty, style=self.get_component_rich_style("trick--old"))
            return self._centred(list(empty.wrap(self.app.console, self.size.width or 40)))
        seating, trick = self.seating, self.trick
        red = self.get_component_rich_style("trick--red", partial=True)
        frame = self.get_component_rich_style("trick--frame", partial=True)
        if trick.finished:
            frame += self.get_component_rich_style("trick--old", partial=True)
        seats = [(trick.leader + i) % seating.seats for i in range(len(trick.cards))]
        width = self.size.width or 40
        # Big cards where the area is tall enough for them, their names and the caption;
        # short names, then small cards, where the full ones do not fit.
        tall = self.size.height >= 11
        choices = [(t, n) for t in (tall, False) for n in (seating.title, seating.short)]
        lines: list[Text] = []
        for big, naming in choices if tall else choices[2:]:
            names = [naming(s) for s in seats]
            column = max(strip_width(1, tall=big), *(len(n) for n in names)) + 2
            if column * len(names) <= width:
                lines = self._boxes(
                    trick, seats=seats, names=names, column=column, red=red, frame=frame, tall=big
                )
                break
        else:
            lines = self._list(trick, seats, width, red)
        if self.caption:
            lines.append(Text(""))
            lines += Text(self.caption, style=caption_style).wrap(self.app.console, width)
        return self._centred(lines)

    def _centred(self, lines: list[Text]) -> Text:
        """The lines in the middle of the area, as a block (drawn here rather than left to
        alignment rules, so that every terminal shows the same)."""
        width, height = self.size.width or 40, self.size.height or len(lines)
        block = min(width, max(len(line) for line in lines)) if lines else 0
        left = " " * max(0, (width - block) // 2)
        out = [Text() for _ in range(max(0, (height - len(lines)) // 2))]
        for line in lines:
            line.align("left", block)
            out.append(Text(left) + line)
        return Text("\n").join(out)

    def _boxes(
        self,
        trick: Shown,
        *,
        seats: Sequence[int],
        names: Sequence[str],
        column: int,
        red: Style,
        frame: Style,
        tall: bool,
    ) -> list[Text]:
        """Each card a box, its player's name under it."""
        height = strip_height(tall=tall)
        rows = [Text() for _ in range(height + 1)]
        for card, seat, name in zip(trick.cards, seats, names, strict=True):
            mark = "★" if seat == trick.winner else ""
            cell = Cell(label(card), red if is_red(card) else Style(), below=mark)
            for i, part in enumerate(strip([cell], frame=frame, tall=tall)):
                part.align("center", column)
                rows[i].append_text(part)
            rows[height].append(name.center(column)[:column])
        return rows

    def _list(self, trick: Shown, seats: Sequence[int], width: int, red: Style) -> list[Text]:
        """``Name Q♠`` items, as many a line as fit (a big table in a small terminal)."""
        assert self.seating is not None
        lines = [Text()]
        for card, seat in zip(trick.cards, seats, strict=True):
            item = Text(f"{self.seating.short(seat)} ")
            item.append(label(card), red if is_red(card) else Style())
            if seat == trick.winner:
                item.append("★")
            if lines[-1] and len(lines[-1]) + 2 + len(item) > width:
                lines.append(Text())
            if lines[-1]:
                lines[-1].append("  ")
            lines[-1].append_text(item)
        return lines
