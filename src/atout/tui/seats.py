"""The other seats around the table, one chip each: the name, the dealer, how many cards, the
game's news about the seat (tricks taken, or bid and taken), and who is to act.

The seat to act is marked ``▶`` and says "thinking…" (a computer choosing its move) or "to
play" (a person, or a computer waiting for a summary to be closed): marks a monochrome
terminal shows as well as a coloured one.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.geometry import Size
from textual.widget import Widget

from atout.core.state import View
from atout.river.view import RiverView
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.view import SevenUpView
from atout.tui.seating import Seating
from atout.tui.views import dealer_of, hand_sizes

__all__ = ["SeatsBar", "seat_news"]


def seat_news(view: View, seat: int, seating: Seating) -> str:
    """What the game says about a seat this deal: "2 tricks" (Schnapsen, Seven Up), or "bid 3 ·
    took 1" (River; the bid a dash until made, "sealed" while hidden)."""
    tr = seating.tr
    if isinstance(view, SchnapsenView):
        return tr("tricks_n", n=view.tricks[seat])
    if isinstance(view, SevenUpView):
        return tr("tricks_n", n=sum(1 for t in view.tricks if t.winner == seat))
    if isinstance(view, RiverView):
        if not view.has_bid[seat]:
            bid = "\N{EN DASH}"
        else:
            made = view.bids[seat]
            bid = tr("sealed") if made is None else str(made)
        return tr("bid_tricks", bid=bid, tricks=view.tricks[seat])
    return ""


class SeatsBar(Widget):
    """The chips of the seats other than the reader's, packed into as few lines as fit."""

    DEFAULT_CSS = """
    SeatsBar {
        height: auto;
        padding: 0 0;
    }
    SeatsBar > .seats--name { text-style: bold; }
    SeatsBar > .seats--acting { color: $text-accent; text-style: bold; }
    SeatsBar > .seats--muted { color: $text-muted; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"seats--name", "seats--acting", "seats--muted"}

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: View | None = None
        self.seating: Seating | None = None
        self.acting: tuple[int, ...] = ()
        #: Whether a computer seat is choosing its move now.
        self.thinking = False

    def show(self, view: View, seating: Seating, acting: tuple[int, ...]) -> None:
        """Show the other seats of ``view``; ``acting`` are the seats whose decision it is
        (whether a computer is thinking is :attr:`thinking`)."""
        self.view, self.seating, self.acting = view, seating, acting
        self.refresh(layout=True)

    def set_thinking(self, thinking: bool) -> None:
        """Say whether a computer seat is choosing its move now."""
        if thinking != self.thinking:
            self.thinking = thinking
            self.refresh(layout=True)

    def chips(self) -> list[Text]:
        """One chip per other seat, in playing order after the reader."""
        view, seating = self.view, self.seating
        if view is None or seating is None:
            return []
        tr = seating.tr
        name_style = self.get_component_rich_style("seats--name", partial=True)
        acting_style = self.get_component_rich_style("seats--acting", partial=True)
        muted = self.get_component_rich_style("seats--muted", partial=True)
        sizes = hand_sizes(view)
        out = []
        for s in seating.others():
            chip = Text()
            if s in self.acting:
                chip.append("▶ ", acting_style)
            chip.append(seating.title(s), name_style)
            if s == dealer_of(view):
                chip.append(f" ({tr('dealer')})", muted)
            chip.append(f" · {tr('cards_n', n=sizes[s])} · {seat_news(view, s, seating)}", muted)
            if s in self.acting:
                chip.append(" · ")
                busy = seating.bots[s] and self.thinking
                chip.append(tr("thinking") if busy else tr("to_act"), acting_style)
            out.append(chip)
        return out

    def _lines(self, width: int) -> list[Text]:
        lines: list[Text] = []
        for chip in self.chips():
            if lines and len(lines[-1]) + 3 + len(chip) <= width:
                lines[-1].append(" │ ")
                lines[-1].append_text(chip)
            else:
                lines.append(chip)
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per line of chips (a chip wider than the bar wraps)."""
        return sum(max(1, -(-len(line) // max(1, width))) for line in self._lines(width)) or 1

    def render(self) -> Text:
        return Text("\n").join(self._lines(self.size.width or 80))
