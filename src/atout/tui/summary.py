"""The end of a deal and the end of the match, each on a screen over the table.

A deal's summary says who won what and why (Schnapsen: the game points and the reason, with
card points and tricks; Seven Up: who scored High, Low, Jack and Game, with the cards and the
Game totals; River: each seat's bid, tricks, points and total). The match's adds who won it
and offers to play again, to review the match, or to quit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from atout.core.data import Data
from atout.core.state import Result
from atout.i18n import Translator, capitalise
from atout.river.view import RiverDealResult
from atout.schnapsen.view import SchnapsenDealResult
from atout.sevenup.view import SevenUpDealResult
from atout.tui.cards import label
from atout.tui.seating import Seating
from atout.tui.words import result_words

__all__ = ["DealSummary", "MatchSummary", "deal_lines"]

#: Seven Up's points in the order the web table's summary lists them.
_POINTS = ("turned_jack", "gift", "new_trump_jack", "high", "low", "jack", "game")


def _table(rows: Sequence[Sequence[str]]) -> list[Text]:
    """A small table: the first row and column bold, the columns aligned."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    out = []
    for r, row in enumerate(rows):
        line = Text()
        for i, cell in enumerate(row):
            text = cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i])
            line.append(text + "  ", "bold" if r == 0 or i == 0 else "")
        out.append(line)
    return out


def deal_lines(result: Data, seating: Seating) -> list[Text]:
    """A finished deal in words: a headline, then the details."""
    tr = seating.tr
    if isinstance(result, SchnapsenDealResult):
        key = "sum.you_win_deal" if result.winner == seating.me else "sum.wins_deal"
        names = [seating.title(s) for s in range(2)]
        return [
            Text(tr(key, who=seating.title(result.winner), points=result.points), "bold"),
            Text(capitalise(tr(f"reason.{result.reason}")) + "."),
            Text(""),
            *_table(
                [
                    ["", *names],
                    [tr("card_points"), *map(str, result.card_points)],
                    [tr("tricks"), *map(str, result.tricks)],
                ]
            ),
        ]
    if isinstance(result, SevenUpDealResult):
        if result.void:
            return [Text(tr("sum.void"), "bold")]
        lines = [
            Text(
                tr(
                    "sum.hand_scores",
                    a=seating.title(0),
                    pa=result.points[0],
                    b=seating.title(1),
                    pb=result.points[1],
                ),
                "bold",
            ),
            Text(""),
        ]
        cards = {"high": result.high_card, "low": result.low_card, "jack": result.jack_card}
        for k in _POINTS:
            seat = getattr(result, k)
            if seat is None:
                continue
            line = f"• {tr(f'point.{k}')}: {seating.title(seat)}"
            card = cards.get(k)
            if card is not None:
                line += f" ({label(card)})"
            if k == "game":
                line += f" ({result.game_totals[0]}\N{EN DASH}{result.game_totals[1]})"
            lines.append(Text(line))
        if result.game is None and result.counted_out is None:
            a, b = result.game_totals
            lines.append(Text("• " + tr("sum.game_tied", a=a, b=b)))
        if result.high is None and result.counted_out is None:
            lines.append(Text("• " + tr("sum.no_trump_in_play")))
        return lines
    if isinstance(result, RiverDealResult):
        seats = range(len(result.bids))
        short = len(result.bids) > 4
        names = [seating.short(s) if short else seating.title(s) for s in seats]
        return [
            Text(tr("sum.round", deal=result.deal, cards=result.cards), "bold"),
            Text(""),
            *_table(
                [
                    ["", *names],
                    [tr("bid"), *map(str, result.bids)],
                    [tr("taken"), *map(str, result.tricks)],
                    [tr("points"), *(f"+{p}" for p in result.points)],
                    [tr("total"), *map(str, result.totals)],
                ]
            ),
        ]
    return []


class SummaryBox(ModalScreen[str]):
    """A box over the table with lines of text and a row of buttons; dismissed with the name
    of the button pressed."""

    DEFAULT_CSS = """
    SummaryBox {
        align: center middle;
    }
    SummaryBox > Vertical {
        width: auto;
        min-width: 40;
        max-width: 90%;
        height: auto;
        max-height: 100%;
        border: thick $secondary;
        border-title-align: center;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    SummaryBox Static {
        width: auto;
        max-width: 100%;
    }
    SummaryBox Horizontal {
        height: auto;
        width: auto;
        margin-top: 1;
    }
    SummaryBox Button {
        min-width: 0;
        width: auto;
        height: 1;
        margin: 0 1 0 0;
    }
    SummaryBox Button:focus {
        text-style: reverse bold;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "app.focus_previous", show=False),
        # A modal screen hides the app's keys: the language switches here too.
        Binding("g", "app.language", show=False),
        Binding("right", "app.focus_next", show=False),
    ]

    def __init__(self, seating: Seating) -> None:
        super().__init__()
        self.seating = seating

    def title_text(self) -> str:
        raise NotImplementedError

    def body(self) -> list[Text]:
        raise NotImplementedError

    def buttons(self) -> list[tuple[str, str]]:
        """``(name, label)`` of each button, the first focused."""
        raise NotImplementedError

    def compose(self) -> ComposeResult:
        box = Vertical()
        box.border_title = self.title_text()
        with box:
            yield Static(Text("\n").join(self.body()))
            with Horizontal():
                for name, text in self.buttons():
                    yield Button(Content(f"[{text}]"), name=name, compact=True)

    def on_mount(self) -> None:
        self.query(Button).first().focus()

    def translate(self, tr: Translator) -> None:
        """Say it all again in ``tr``'s language."""
        self.seating = replace(self.seating, tr=tr)
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query(Button).first().focus())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(event.button.name or "")


class DealSummary(SummaryBox):
    """The end of a deal: its summary and "Continue"."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss('continue')", show=False)]

    def __init__(self, result: Data, seating: Seating) -> None:
        super().__init__(seating)
        self.result = result

    def title_text(self) -> str:
        return self.seating.tr("deal_over")

    def body(self) -> list[Text]:
        return deal_lines(self.result, self.seating)

    def buttons(self) -> list[tuple[str, str]]:
        return [("continue", self.seating.tr("continue"))]


class MatchSummary(SummaryBox):
    """The end of the match: the last deal, the winner, and what next: "again", "review",
    "quit", or "close" (stay at the table)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "dismiss('close')", show=False)]

    def __init__(self, last: Data | None, result: Result, seating: Seating) -> None:
        super().__init__(seating)
        self.last, self.result = last, result

    def title_text(self) -> str:
        return self.seating.tr("match_over")

    def body(self) -> list[Text]:
        lines = deal_lines(self.last, self.seating) if self.last is not None else []
        if lines:
            lines.append(Text(""))
        lines.append(Text(result_words(self.result, self.seating), "bold reverse"))
        return lines

    def buttons(self) -> list[tuple[str, str]]:
        tr = self.seating.tr
        return [
            ("again", tr("play_again")),
            ("review", tr("review_match")),
            ("quit", tr("quit")),
        ]
