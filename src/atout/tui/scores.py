"""The scores as players of each game keep them.

Schnapsen: the game points each seat still needs, counting down from 7 (``●`` pips, the number
beside), the reader's card points with a marriage waiting for a first trick, and the deals won
so far. Seven Up: the race to 7, this hand's points so far, and a row per hand of who scored
High, Low, Jack and Game. River: the score sheet, a row per round (its number of cards) and a
column per seat, each cell the bid over the tricks taken (``✓`` when made) and the total; where
the side column is too narrow for it, the standings, and the sheet on a screen of its own
(key ``s``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.geometry import Size
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from atout.core.data import Data
from atout.core.state import View
from atout.i18n import Translator
from atout.river.view import RiverView
from atout.schnapsen.view import SchnapsenDealResult, SchnapsenView
from atout.sevenup.view import SevenUpDealResult, SevenUpView
from atout.tui.seating import Seating

__all__ = ["ScoresPanel", "SheetScreen", "river_sheet", "scores_title", "sheet_width"]

#: Seven Up's four points of a hand, in the order they are counted.
_POINTS = ("high", "low", "jack", "game")
#: Deals of a match listed under the Schnapsen scores (the newest).
_DEALS_SHOWN = 3


def pips(filled: int, total: int = 7) -> str:
    """``●●●○○○○``: a score racing to (or down from) 7, readable without colour."""
    filled = max(0, min(total, filled))
    return "●" * filled + "○" * (total - filled)


def scores_title(view: View, seating: Seating) -> str:
    """The heading of the scores panel."""
    tr = seating.tr
    if isinstance(view, SchnapsenView):
        return tr("game_points_to_go")
    if isinstance(view, SevenUpView):
        return tr("race_to_7")
    return tr("score_sheet")


def _me(view: View) -> int:
    return view.seat if view.seat is not None else 0


def _race(rows: Sequence[tuple[str, int, int]], width: int) -> list[Text]:
    """``Name  ●●●○○○○  3`` lines, names cut to fit."""
    room = max(4, width - 11)
    name_width = min(room, max(len(name) for name, _, _ in rows))
    out = []
    for name, filled, number in rows:
        line = Text(name[:name_width].ljust(name_width) + " ")
        line.append(pips(filled))
        line.append(f" {number:>2}", "bold")
        out.append(line)
    return out


def schnapsen_scores(
    view: SchnapsenView, seating: Seating, deals: Sequence[Data], width: int
) -> list[Text]:
    """Game points to go, the reader's card points, the last deals."""
    tr = seating.tr
    me = _me(view)
    order = [me, 1 - me]
    lines = _race([(seating.title(s), view.to_go[s], view.to_go[s]) for s in order], width)
    if view.seat is not None:
        points = Text(tr("your_points", n=view.points[me]))
        if view.pending[me]:
            points.append(" " + tr("waiting_points", n=view.pending[me]))
        lines.append(points)
    for d in deals[-_DEALS_SHOWN:]:
        if isinstance(d, SchnapsenDealResult):
            reason = tr(f"reason.{d.reason}")
            who = seating.title(d.winner)
            line = tr("deal_line", deal=d.deal, who=who, points=d.points, reason=reason)
            lines.append(Text(line, style="dim"))
    return lines


def seven_up_scores(
    view: SevenUpView, seating: Seating, deals: Sequence[Data], width: int
) -> list[Text]:
    """The race to 7, this hand so far, and who scored what in each hand."""
    tr = seating.tr
    me = _me(view)
    order = [me, 1 - me]
    lines = _race([(seating.title(s), view.scores[s], view.scores[s]) for s in order], width)
    if any(view.deal_points):
        lines.append(Text(tr("this_hand", a=view.deal_points[me], b=view.deal_points[1 - me])))
    hands = [d for d in deals if isinstance(d, SevenUpDealResult) and not d.void]
    if hands:
        heads = [tr(f"point.{k}") for k in _POINTS]
        cell = max(5, *(len(h) for h in heads), *(len(seating.short(s)) for s in (0, 1)))
        cell = min(cell, max(3, (width - 4) // 4 - 1))
        head = Text("  # ", style="bold")
        for h in heads:
            head.append(h[:cell].ljust(cell) + " ", style="bold")
        lines.append(head)
        for d in hands[-_DEALS_SHOWN:]:
            row = Text(str(d.deal).rjust(3) + " ")
            for k in _POINTS:
                seat = getattr(d, k)
                who = "\N{EN DASH}" if seat is None else seating.short(seat)
                row.append(who[:cell].ljust(cell) + " ")
            lines.append(row)
    return lines


def schedule(view: RiverView) -> list[int]:
    """The cards of every round of the match: N … 1 … N (the one-card round twice when the
    match has 2N rounds), as the web table's score sheet lists them."""
    if view.sheet:
        n = view.sheet[0].cards
    elif view.deal == 1:
        n = view.cards
    else:
        return [row.cards for row in view.sheet] + [view.cards]
    down = list(range(n, 0, -1))
    twice = view.rounds == 2 * n
    up = [i + 1 if twice else i + 2 for i in range(view.rounds - n)]
    return down + up


#: The columns of a score sheet cell (``2/2✓ 12``), and the gap between two cells.
_CELL = 7
_GAP = 2


def sheet_width(view: RiverView) -> int:
    """The columns the full score sheet needs."""
    return 7 + len(view.hand_sizes) * (_CELL + _GAP)


def river_sheet(view: RiverView, seating: Seating) -> list[Text]:
    """The score sheet: a row per round, ``bid/taken`` (``✓`` when made) and the total per
    seat, the current round marked ``▶``, the totals at the foot."""
    tr = seating.tr
    seats = len(view.hand_sizes)
    gap = " " * _GAP
    titles = [seating.title(s) for s in range(seats)]
    fits = max(len(t) for t in titles) <= _CELL
    names = titles if fits else [seating.short(s) for s in range(seats)]
    head = Text(tr("cards")[:6].ljust(7), style="bold")
    for name in names:
        head.append(name[:_CELL].ljust(_CELL) + gap, style="bold")
    lines = [head]
    for i, cards in enumerate(schedule(view)):
        done = view.sheet[i] if i < len(view.sheet) else None
        now = done is None and i == view.deal - 1 and not view.match_over
        row = Text(("▶" if now else " ") + str(cards).rjust(3) + "   ", style="bold" if now else "")
        for s in range(seats):
            if done is not None:
                made = done.bids[s] == done.tricks[s]
                bt = f"{done.bids[s]}/{done.tricks[s]}" + ("✓" if made else "")
                total = str(done.totals[s])
                room = max(1, _CELL - len(bt) - len(total))
                row.append(bt + " " * room + total, Style(dim=not made))
                row.append(gap)
            elif now:
                made_bid = view.bids[s]
                bid = "?" if made_bid is None else str(made_bid)
                if not view.has_bid[s]:
                    bid = "\N{EN DASH}"
                row.append(f"{bid}/{view.tricks[s]}".ljust(_CELL) + gap)
            else:
                row.append(" " * (_CELL + _GAP))
        lines.append(row)
    foot = Text(tr("total")[:6].ljust(7), style="bold")
    totals = view.sheet[-1].totals if view.sheet else (0,) * seats
    for s in range(seats):
        foot.append(str(totals[s]).rjust(_CELL) + gap, style="bold")
    lines.append(foot)
    return lines


def river_standings(view: RiverView, seating: Seating, width: int) -> list[Text]:
    """The totals so far and this round's bid over tricks, a line per seat."""
    tr = seating.tr
    totals = view.sheet[-1].totals if view.sheet else (0,) * len(view.hand_sizes)
    rows = []
    for s in range(len(view.hand_sizes)):
        bid = (
            "\N{EN DASH}"
            if not view.has_bid[s]
            else "?"
            if view.bids[s] is None
            else str(view.bids[s])
        )
        rows.append((seating.title(s), f"{bid}/{view.tricks[s]}", totals[s]))
    name_width = min(max(4, width - 12), max(len(r[0]) for r in rows))
    lines = []
    for name, bt, total in rows:
        line = Text(name[:name_width].ljust(name_width) + " " + bt.rjust(5) + " ")
        line.append(str(total).rjust(4), "bold")
        lines.append(line)
    lines.append(Text(tr("sheet_key"), style="dim"))
    return lines


class ScoresPanel(Widget):
    """The side column's scores, for the game being played."""

    DEFAULT_CSS = """
    ScoresPanel {
        height: auto;
        border-top: solid $secondary;
        border-title-align: left;
        border-title-color: $text;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: View | None = None
        self.seating: Seating | None = None
        self.deals: tuple[Data, ...] = ()

    def show(self, view: View, seating: Seating, deals: Sequence[Data]) -> None:
        """Show the scores of ``view``, with the match's finished ``deals``."""
        self.view, self.seating, self.deals = view, seating, tuple(deals)
        self.border_title = scores_title(view, seating)
        self.refresh(layout=True)

    def lines(self, width: int) -> list[Text]:
        view, seating = self.view, self.seating
        if view is None or seating is None:
            return []
        if isinstance(view, SchnapsenView):
            return schnapsen_scores(view, seating, self.deals, width)
        if isinstance(view, SevenUpView):
            return seven_up_scores(view, seating, self.deals, width)
        if isinstance(view, RiverView):
            if width >= sheet_width(view):
                return river_sheet(view, seating)
            return river_standings(view, seating, width)
        return []

    def _wrapped(self, width: int) -> list[Text]:
        """The lines, each wrapped to ``width``."""
        out: list[Text] = []
        for line in self.lines(width):
            out += line.wrap(self.app.console, max(1, width))
        return out

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(1, len(self._wrapped(width)))

    def render(self) -> Text:
        return Text("\n").join(self._wrapped(self.size.width or 30))


class SheetScreen(ModalScreen[None]):
    """River's score sheet on a screen of its own (key ``s``; ``Escape`` closes it)."""

    DEFAULT_CSS = """
    SheetScreen {
        align: center middle;
    }
    SheetScreen > VerticalScroll {
        width: auto;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        overflow-y: auto;
        border: round $secondary;
        border-title-align: center;
        padding: 0 1;
        background: $surface;
    }
    SheetScreen Static {
        width: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,s,q", "dismiss", show=False),
        # A modal screen hides the app's keys: the language switches here too.
        Binding("g", "app.language", show=False),
    ]

    def __init__(self, view: RiverView, seating: Seating) -> None:
        super().__init__()
        self.view, self.seating = view, seating

    def compose(self) -> ComposeResult:
        tr = self.seating.tr
        sheet = river_sheet(self.view, self.seating)
        legend = Text(tr("sheet_legend_tui"), style="dim")
        width = max(len(line) for line in sheet)
        body = Text("\n").join([*sheet, *legend.wrap(self.app.console, width)])
        body.no_wrap = True
        box = VerticalScroll(Static(body))
        box.border_title = tr("score_sheet")
        box.border_subtitle = tr("close_key")
        yield box

    def on_mount(self) -> None:
        # The arrows scroll a sheet taller than the terminal.
        self.query_one(VerticalScroll).focus()

    def translate(self, tr: Translator) -> None:
        """The sheet again, in ``tr``'s language."""
        self.seating = replace(self.seating, tr=tr)
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one(VerticalScroll).focus())
