"""The log: what happened, one sentence per event, in the reader's language.

Like the web table it keeps the events, not the sentences: a language switch, or (at a
pass-and-play table) another reader, tells them again. Each event is told as the reader may
see it (``event.seen_by(me)``), so nobody reads another seat's cards here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text
from textual import events
from textual.widgets import RichLog

from atout.core.events import DealStarted, Event
from atout.i18n.narrate import describe
from atout.tui.seating import Seating

__all__ = ["LogPanel"]

#: The events kept (the newest); the web table keeps as many.
LOG_SIZE = 200


class LogPanel(RichLog):
    """A scrolling log of the match's events in words."""

    DEFAULT_CSS = """
    LogPanel {
        height: 1fr;
        min-height: 3;
        border-top: solid $secondary;
        border-title-align: left;
        border-title-color: $text;
        background: $background;
        scrollbar-size-vertical: 1;
        overflow-x: hidden;
        overflow-y: auto;
        scrollbar-gutter: stable;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, min_width=1, markup=False, max_lines=4 * LOG_SIZE)
        self.can_focus = False
        self.events: list[Event] = []
        self.seating: Seating | None = None
        self._width = 0

    def tell(self, seating: Seating) -> None:
        """Tell every kept event again, as ``seating``'s reader reads them."""
        self.seating = seating
        self.border_title = seating.tr("log")
        self.clear()
        for event in self.events:
            self._write(event)

    def add(self, new: Iterable[Event]) -> None:
        """Keep and tell new events."""
        for event in new:
            self.events.append(event)
            self._write(event)
        del self.events[:-LOG_SIZE]

    def sentences(self) -> list[str]:
        """The sentences told, oldest first (for tests and the review)."""
        return [line for e in self.events if (line := self.sentence(e)) is not None]

    def sentence(self, event: Event) -> str | None:
        """One event in words, as the reader may see it; ``None`` if not worth a line."""
        seating = self.seating
        if seating is None:
            return None
        return narrate(event, seating)

    def _write(self, event: Event) -> None:
        line = self.sentence(event)
        if line is not None:
            # A new deal stands out in the log (bold needs no colour).
            style = "bold" if isinstance(event, DealStarted) else ""
            self.write(Text(line, style=style))

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the sentences again for the new width."""
        if event.size.width != self._width and self.seating is not None:
            self._width = event.size.width
            self.tell(self.seating)


def narrate(event: Event, seating: Seating) -> str | None:
    """``event`` in words for ``seating``'s reader (``None``: not worth a line)."""
    seen = event.seen_by(seating.me).to_dict()
    name: Callable[[int], str] = seating.name
    return describe(seen, seating.me, name, seating.tr)
