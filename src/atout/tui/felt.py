"""The felt beside the trick: what lies on the table besides it, game by game.

Schnapsen: the trump suit, the trump card under the stock and the stock's size (or who closed
it), and the strict rules once they apply. Seven Up: the turn-up, proposed or settled as trump,
the cards left in the pack and the turn-ups set aside. River: the round of the match, the cards
each seat was dealt and the turned trump.
"""

from __future__ import annotations

from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from atout.core.state import View
from atout.river.view import RiverView
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.view import SevenUpView
from atout.tui.cards import Cell, back_cell, is_red, label, strip, strip_height
from atout.tui.seating import Seating

__all__ = ["FeltInfo"]

_SYMBOLS = "♣♦♥♠"


class FeltInfo(Widget):
    """Facts and face-up cards of the deal (not the trick)."""

    DEFAULT_CSS = """
    FeltInfo {
        width: auto;
        max-width: 28;
        height: auto;
        padding: 0 1 0 0;
    }
    FeltInfo > .felt--red { color: $text-error; }
    FeltInfo > .felt--frame { color: $text-muted; }
    FeltInfo > .felt--label { color: $text-muted; }
    FeltInfo > .felt--value { text-style: bold; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "felt--red",
        "felt--frame",
        "felt--label",
        "felt--value",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: View | None = None
        self.seating: Seating | None = None

    def show(self, view: View, seating: Seating) -> None:
        """Show the felt of ``view`` (names from ``seating``)."""
        self.view, self.seating = view, seating
        self.refresh(layout=True)

    def render(self) -> Text:
        view, seating = self.view, self.seating
        if view is None or seating is None:
            return Text()
        lines: list[Text] = []
        if isinstance(view, SchnapsenView):
            lines = self._schnapsen(view, seating)
        elif isinstance(view, SevenUpView):
            lines = self._seven_up(view, seating)
        elif isinstance(view, RiverView):
            lines = self._river(view, seating)
        return Text("\n").join(lines)

    # -- pieces ------------------------------------------------------------------------------

    def _fact(self, name: str, value: str) -> Text:
        """``Trumps: ♦ diamonds``."""
        assert self.seating is not None
        label_text = self.seating.tr("fact_label", name=name)
        text = Text(
            label_text + " ", style=self.get_component_rich_style("felt--label", partial=True)
        )
        text.append(value, style=self.get_component_rich_style("felt--value", partial=True))
        return text

    def _card(self, card: int) -> Cell:
        red = self.get_component_rich_style("felt--red", partial=True)
        return Cell(label(card), red if is_red(card) else Style())

    def _cards(self, *groups: list[Cell]) -> list[Text]:
        """Single cards (or piles) side by side, each in its own frame; big where the felt is
        tall enough."""
        frame = self.get_component_rich_style("felt--frame", partial=True)
        parent = self.parent
        tall = isinstance(parent, Widget) and parent.size.height >= 12
        rows = [Text() for _ in range(strip_height(tall=tall))]
        for i, group in enumerate(g for g in groups if g):
            for row, part in zip(rows, strip(group, frame=frame, tall=tall), strict=True):
                if i:
                    row.append(" ")
                row.append_text(part)
        return rows if any(rows) else []

    def _suit(self, suit: int) -> str:
        assert self.seating is not None
        return f"{_SYMBOLS[suit]} {self.seating.tr.suit('CDHS'[suit])}"

    # -- the games ---------------------------------------------------------------------------

    def _schnapsen(self, view: SchnapsenView, seating: Seating) -> list[Text]:
        tr = seating.tr
        lines = [self._fact(tr("trumps"), self._suit(view.trump))]
        face_down = view.stock_size - (1 if view.trump_card is not None else 0)
        under: list[Cell] = []
        if view.stock_size > 0:
            if view.trump_card is not None:
                under = [self._card(view.trump_card)]
            elif view.closed:
                under = [back_cell()]
        pile = [back_cell(face_down)] if view.stock_size > 0 and face_down > 0 else []
        lines += self._cards(under, pile)
        if view.closed and view.closed_by is not None:
            stock = tr("stock_closed_by", who=seating.name(view.closed_by))
        elif view.stock_size:
            stock = tr("stock_n", n=view.stock_size)
        else:
            stock = tr("stock_empty")
        lines.append(self._fact(tr("stock"), stock))
        if view.closed or not view.stock_size:
            lines.append(Text(tr("strict_rules"), style="italic"))
        return lines

    def _seven_up(self, view: SevenUpView, seating: Seating) -> list[Text]:
        tr = seating.tr
        suit = view.trump if view.trump is not None else view.turn_up // 13
        name = tr("trumps") if view.trump is not None else tr("proposed_trump")
        lines = [self._fact(name, self._suit(suit))]
        pile = [back_cell(view.cards_left)] if view.cards_left else []
        lines += self._cards([self._card(view.turn_up)], pile)
        lines.append(self._fact(tr("pack"), tr("pack_n", n=view.cards_left)))
        if view.rejected:
            red = self.get_component_rich_style("felt--red", partial=True)
            aside = Text(tr("set_aside") + " ", style=self.get_component_rich_style("felt--label"))
            for c in view.rejected:
                aside.append(label(c) + " ", red if is_red(c) else Style())
            lines.append(aside)
        return lines

    def _river(self, view: RiverView, seating: Seating) -> list[Text]:
        tr = seating.tr
        lines = [
            self._fact(tr("round"), tr("round_of", n=view.deal, of=view.rounds)),
            self._fact(tr("cards_each"), str(view.cards)),
            self._fact(
                tr("trumps"), self._suit(view.trump) if view.trump is not None else tr("no_trumps")
            ),
        ]
        if view.turned is not None:
            lines += self._cards([self._card(view.turned)])
        return lines
