"""A finished match, step by step, from its record: every hand face up, the trick, the felt,
the scores, and the step's action and events in words (the web table's review).

``←`` ``→`` step, ``Home`` ``End`` go to the ends, ``PgUp`` ``PgDn`` to the start of the
previous or next deal; ``Escape`` leaves.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from atout import record as records
from atout.cards import CardSet
from atout.core.events import DealStarted, Event
from atout.core.state import State
from atout.errors import NotationError
from atout.i18n import Translator
from atout.tui.cards import is_red, label, sort_hand
from atout.tui.felt import FeltInfo
from atout.tui.keys import translate_bindings
from atout.tui.log import narrate
from atout.tui.scores import ScoresPanel
from atout.tui.seating import Seating
from atout.tui.trick import TrickView, shown_trick
from atout.tui.views import trump_of
from atout.tui.words import action_words

__all__ = ["ReviewScreen", "Step", "replay_steps"]


@dataclass(frozen=True)
class Step:
    """The match after one action (step 0: before the first): the state then, who acted and
    what (text), and the events it made happen."""

    state: State
    seat: int | None
    action: str | None
    events: tuple[Event, ...]


def replay_steps(rec: records.Record) -> tuple[list[Step], list[int]]:
    """Every step of a record (a copy of the state after each), and the steps at which a deal
    begins, as the server's review replays it."""
    first = records.start(rec)
    out = [Step(first.clone(), None, None, tuple(first.opening_events()))]
    starts = [0]
    for i, (state, seat, text, events) in enumerate(records.steps(rec), start=1):
        if any(isinstance(e, DealStarted) for e in events):
            starts.append(i)
        out.append(Step(state.clone(), seat, text, tuple(events)))
    return out, starts


class ReviewScreen(Screen[None]):
    """The review of a finished match's record. ``me`` is the reader's seat (named "you"),
    ``None`` when the record has no person's seat."""

    # Textual declares the breakpoints without ClassVar: an override must do the same.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012

    DEFAULT_CSS = """
    ReviewScreen #title {
        height: 1;
        background: $primary-muted;
        text-style: bold;
        padding: 0 1;
    }
    ReviewScreen #body { height: 1fr; }
    ReviewScreen #main { width: 1fr; padding: 0 1; }
    ReviewScreen #side { width: 30; padding: 0 1 0 0; }
    ReviewScreen.-wide #side { width: 44; }
    ReviewScreen #where { height: auto; text-style: bold; }
    ReviewScreen #said { height: auto; max-height: 6; color: $text-muted; }
    ReviewScreen #felt { height: 1fr; min-height: 6; }
    ReviewScreen #hands {
        height: auto;
        border-top: solid $secondary;
        border-title-align: left;
        border-title-color: $text;
    }
    ReviewScreen .red { color: $text-error; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "go(-1)", "key.previous"),
        Binding("right", "go(1)", "key.next"),
        Binding("home", "to(0)", show=False),
        Binding("end", "to(-1)", show=False),
        Binding("pageup", "deal(-1)", show=False),
        Binding("pagedown", "deal(1)", show=False),
        Binding("escape", "leave", "key.leave"),
    ]

    def __init__(self, rec: records.Record, tr: Translator) -> None:
        super().__init__()
        self.rec, self.tr = rec, tr
        self.steps, self.starts = replay_steps(rec)
        self.step = 0
        bots = [seat.version is not None for seat in rec.seats] or [True] * self._seats
        people = [s for s, bot in enumerate(bots) if not bot]
        self.bots = tuple(bots)
        self.me = people[0] if people else None

    @property
    def _seats(self) -> int:
        return self.steps[0].state.game.seats

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield Static(id="where")
                yield Static(id="said")
                with Horizontal(id="felt"):
                    yield FeltInfo(id="felt-info")
                    yield TrickView(id="trick")
                yield Static(id="hands")
            with Vertical(id="side"):
                yield ScoresPanel(id="scores")
        yield Footer()

    def on_mount(self) -> None:
        self.translate(self.tr)

    def translate(self, tr: Translator) -> None:
        """Show it all in ``tr``'s language."""
        self.tr = tr
        translate_bindings(self, tr)
        self.refresh_bindings()
        self.show()

    @property
    def seating(self) -> Seating:
        return Seating.of(self.tr, self.bots, self.me)

    def show(self) -> None:
        """Draw the current step."""
        tr, seating = self.tr, self.seating
        step = self.steps[self.step]
        state = step.state
        view = state.view(None)
        deal = sum(1 for s in self.starts if s <= self.step)
        title = tr("review_title", game=tr(f"game.{state.game.name}"))
        where = tr("step_of", n=self.step, of=len(self.steps) - 1) + " · " + tr("deal_n", n=deal)
        self.query_one("#title", Static).update(Text(title))
        self.query_one("#where", Static).update(Text(where))
        said: list[str] = []
        if step.seat is None or step.action is None:
            said.append(tr("step_start"))
        else:
            before = self.steps[self.step - 1].state.view(None)
            try:
                action = state.game.parse_action(step.action)
                words = action_words(action, before, tr)
            except NotationError:
                words = step.action
            said.append(tr("step_action", who=seating.title(step.seat), action=words))
        said += [line for e in step.events if (line := narrate(e, seating)) is not None]
        self.query_one("#said", Static).update(Text("\n").join(Text(s) for s in said))
        self.query_one(FeltInfo).show(view, seating)
        trick = self.query_one(TrickView)
        shown = shown_trick(view, self._seats)
        trick.border_title = tr("trick")
        caption = ""
        if shown is not None and shown.winner is not None:
            caption = (
                tr("you_won_trick")
                if shown.winner == seating.me
                else tr("won_trick", who=seating.title(shown.winner))
            )
        trick.show(shown, seating, empty=tr("trick_empty"), caption=caption)
        hands = self.query_one("#hands", Static)
        hands.border_title = tr("hands_all")
        hands.update(self._hands(state, seating))
        self.query_one(ScoresPanel).show(view, seating, state.result().deals)

    def _hands(self, state: State, seating: Seating) -> Table:
        """Every seat's hand, sorted as its player holds it."""
        view = state.view(None)
        trump = trump_of(view)
        zones = state.zones()
        table = Table.grid(padding=(0, 1))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        red = Style(color="red")
        for s in range(self._seats):
            cards = sort_hand(CardSet(zones.get(f"hand{s}", 0)), trump, state.game.name)
            line = Text()
            for i, c in enumerate(cards):
                if i and c // 13 != cards[i - 1] // 13:
                    line.append("│ ", "dim")
                line.append(label(c), red if is_red(c) else Style())
                line.append(" ")
            table.add_row(seating.title(s), line if cards else Text(self.tr("no_cards"), "dim"))
        return table

    # -- keys -------------------------------------------------------------------------------

    def action_go(self, by: int) -> None:
        """Step ``by`` steps (clamped to the match)."""
        self._to(self.step + by)

    def action_to(self, step: int) -> None:
        """Go to step ``step`` (-1: the last)."""
        self._to(len(self.steps) - 1 if step < 0 else step)

    def action_deal(self, by: int) -> None:
        """Go to the start of the previous (-1) or next (1) deal; back from inside a deal goes
        to its own start first."""
        if by < 0:
            earlier = [s for s in self.starts if s < self.step]
            self._to(earlier[-1] if earlier else 0)
        else:
            later = [s for s in self.starts if s > self.step]
            self._to(later[0] if later else len(self.steps) - 1)

    def _to(self, step: int) -> None:
        step = max(0, min(len(self.steps) - 1, step))
        if step != self.step:
            self.step = step
            self.show()

    def action_leave(self) -> None:
        """Back to the table, or out of the app if the review is all it shows."""
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit(0)
