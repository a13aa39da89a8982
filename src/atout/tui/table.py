"""The table: one match on the screen, and the loop that lets the computer seats move.

The screen never computes a rule: what is legal comes from the session (the state), what is
shown from the view of the seat at the screen. After every action it draws everything again
from that view (cheap: a few small widgets), tells the new events in the log, and then either
waits for a person, or starts the next computer seat's move in a thread (a strong bot thinks
for seconds; the screen stays live meanwhile). A bot's move is held back ``bot_delay`` seconds
after the previous one, and a finished trick stays in sight for longer before the next lead,
so that a person sees every card land.

The end of a deal opens its summary and the loop waits until it is closed; so does the curtain
between two people at a pass-and-play table.
"""

from __future__ import annotations

import contextlib
import copy
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.table import Table
from rich.text import Text
from textual import events, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Footer, Static
from textual.worker import get_current_worker

from atout.advice import Advice
from atout.cards import card_text, parse_card
from atout.cli.play import read_move
from atout.core.actions import Action, Discard, Play
from atout.core.events import DealEnded, Event, MatchEnded, TrickWon
from atout.core.state import View
from atout.errors import IllegalAction, NotationError
from atout.i18n import Translator, capitalise
from atout.river.view import RiverView
from atout.schnapsen.tables import marriage_worth
from atout.tui.cards import sort_hand
from atout.tui.controls import Control, Controls, card_actions, controls_for, prompt_for
from atout.tui.felt import FeltInfo
from atout.tui.hand import HandView
from atout.tui.handover import Handover
from atout.tui.keys import translate_bindings
from atout.tui.log import LogPanel
from atout.tui.review import ReviewScreen
from atout.tui.scores import ScoresPanel, SheetScreen
from atout.tui.seating import Seating
from atout.tui.seats import SeatsBar, seat_news
from atout.tui.session import Session
from atout.tui.summary import DealSummary, MatchSummary
from atout.tui.trick import TrickView, shown_trick
from atout.tui.views import dealer_of, hand_of, trump_of
from atout.tui.words import advice_words, result_words

if TYPE_CHECKING:
    from atout.tui.app import TableApp

__all__ = ["TableScreen"]

#: A finished trick stays in sight this many times the bot delay before the next lead.
TRICK_HOLD = 2.5
#: The characters a typed card is made of: ranks (``1`` for the ``10``), suits, ``m`` for a
#: marriage.
_RANKS = set("23456789TJQKA1")
_AFTER_RANK = set("0CDHS")


class TableScreen(Screen[None]):
    """The table of one match (``session``), shown from the seat of the person at the screen
    (the person to act, at a pass-and-play table), or as a spectator when only bots play."""

    # Textual declares the breakpoints without ClassVar: an override must do the same.
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-wide")]  # noqa: RUF012

    DEFAULT_CSS = """
    TableScreen #title {
        height: 1;
        background: $primary-muted;
        color: $text;
        text-style: bold;
        padding: 0 1;
    }
    TableScreen #body { height: 1fr; }
    TableScreen #main { width: 1fr; padding: 0 1; }
    TableScreen #side { width: 30; padding: 0 1 0 0; }
    TableScreen.-wide #side { width: 44; }
    TableScreen #felt { height: 1fr; min-height: 5; }
    TableScreen #prompt { height: auto; text-style: bold; }
    TableScreen #flash { height: auto; color: $text-warning; }
    TableScreen #flash.-empty { display: none; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "key.hint"),
        Binding("l", "last_trick", "key.last_trick"),
        Binding("s", "sheet", "key.sheet"),
        Binding("escape", "cancel", show=False),
    ]

    def __init__(self, session: Session, *, bot_delay: float = 0.4) -> None:
        super().__init__()
        self.session = session
        self.bot_delay = bot_delay
        self.viewer = session.me
        self.chooser: int | None = None
        self.typed = ""
        #: The note under the controls (a refusal, a hint), made again in the language of the
        #: moment it is shown.
        self.note: Callable[[], str] | None = None
        self.hinted: Action | None = None
        self.last_open = False
        self.thinking = False
        self.paused = False
        self.hold = 0.0
        self._decision: tuple[int, int | None, int | None] | None = None
        self._told: tuple[str, int | None] | None = None

    @property
    def tr(self) -> Translator:
        """The table's language of the moment (the app's: it switches with ``g``)."""
        return self.table_app.tr

    @property
    def table_app(self) -> TableApp:
        """The app, as the terminal table's (imported here: the app imports this module)."""
        from atout.tui.app import TableApp

        app = self.app
        assert isinstance(app, TableApp)
        return app

    @property
    def seating(self) -> Seating:
        """The names as the person at the screen reads them."""
        bots = [sit.bot is not None for sit in self.session.seats]
        return Seating.of(self.tr, bots, self.viewer)

    # -- building -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="body"):
            with Vertical(id="main"):
                yield SeatsBar(id="seats")
                with Horizontal(id="felt"):
                    yield FeltInfo(id="felt-info")
                    yield TrickView(id="trick")
                yield Static(id="prompt")
                yield Controls(id="controls")
                yield Static(id="flash", classes="-empty")
                yield HandView(id="hand")
            with Vertical(id="side"):
                yield ScoresPanel(id="scores")
                yield LogPanel(id="log")
        yield Footer()

    def on_mount(self) -> None:
        log = self.query_one(LogPanel)
        log.events = _past_events(self.session)
        translate_bindings(self, self.tr)
        self.draw()
        self.advance()

    def translate(self, tr: Translator) -> None:
        """Say everything again in ``tr``'s language (the app switched)."""
        del tr  # the screen reads the app's translator
        translate_bindings(self, self.tr)
        self.refresh_bindings()
        self.draw()

    # -- drawing --------------------------------------------------------------------------

    def my_turn(self) -> int | None:
        """The seat at the screen if it is that seat's decision now."""
        person = self.session.person_to_act()
        return person if person is not None and person == self.viewer else None

    def legal(self) -> list[str]:
        """The legal actions of the seat at the screen, as text (none when not its turn)."""
        seat = self.my_turn()
        return [] if seat is None else [str(a) for a in self.session.legal(seat)]

    def view(self) -> View:
        """The view of the seat at the screen (a spectator's when only computers play)."""
        if self.viewer is None:
            return self.session.state.view(None)
        return self.session.view(self.viewer)

    def draw(self) -> None:
        """Draw the whole table from the view of the seat at the screen."""
        session, tr, seating = self.session, self.tr, self.seating
        view = self.view()
        seats = session.game.seats
        legal = self.legal()
        mine = self.my_turn() is not None
        # The title bar: the game and where the match stands; the language on the right.
        title = Table.grid(expand=True)
        title.add_column()
        title.add_column(justify="right")
        if isinstance(view, RiverView):
            where = f"{tr('round')} {tr('round_of', n=view.deal, of=view.rounds)}"
        else:
            where = capitalise(tr("deal_n", n=getattr(view, "deal", 1)))
        title.add_row(f"{tr(f'game.{session.game.name}')} · {where}", tr.lang.upper())
        self.query_one("#title", Static).update(title)

        self.query_one(SeatsBar).show(view, seating, session.state.acting_seats)
        self.query_one(FeltInfo).show(view, seating)

        trick = self.query_one(TrickView)
        shown = shown_trick(view, seats, last=self.last_open)
        caption = ""
        if shown is not None and shown.winner is not None:
            if shown.winner == seating.me:
                caption = tr("you_won_trick")
            else:
                caption = tr("won_trick", who=seating.title(shown.winner))
        plays = any(a.startswith("play") for a in legal)
        empty = tr("your_lead_here") if plays else tr("trick_empty")
        trick.border_title = (
            tr("last_trick") if shown is not None and shown.finished else tr("trick")
        )
        trick.show(shown, seating, empty=empty, caption=caption)

        self.query_one("#prompt", Static).update(Text(self._prompt(view, legal, seating)))
        controls = self.query_one(Controls)
        buttons, note = controls_for(view, legal, seating, self.chooser) if mine else ([], "")
        if session.is_over:
            buttons = [
                Control(tr("play_again"), "@again", primary=True),
                Control(tr("review_match"), "@review"),
                Control(tr("quit"), "@quit"),
            ]
        changed = controls.show(buttons, note)
        self._show_note()

        hand = self.query_one(HandView)
        cards = sort_hand(hand_of(view), trump_of(view), session.game.name)
        playable = [c for c in cards if card_actions(c, legal)]
        trump = trump_of(view)
        # A King or Queen that may declare: the points under it (chosen, it asks: declare?).
        marriages = {
            c: marriage_worth(c // 13, trump)
            for c in playable
            if trump is not None and f"play {card_text(c)} marriage" in legal
        }
        hand.show(
            cards,
            playable=playable,
            deciding=bool(playable),
            trump=trump,
            empty=tr("spectating") if self.viewer is None else tr("no_cards"),
            marriages=marriages,
        )
        # The turn first: a title too long for a small terminal loses its end.
        parts = [("▶ " if mine else "") + tr("your_hand")]
        if mine:
            parts.append(tr("your_turn").upper())
        if self.viewer is not None:
            parts.append(seat_news(view, self.viewer, seating))
            if dealer_of(view) == self.viewer:
                parts.append(tr("dealer"))
        parts.append(tr("cards_n", n=len(cards)))
        hand.border_title = " · ".join(parts)
        hand.display = self.viewer is not None

        self.query_one(ScoresPanel).show(view, seating, session.state.result().deals)
        told = (tr.lang, self.viewer)
        if told != self._told:
            self._told = told
            self.query_one(LogPanel).tell(seating)
        self._focus(changed)

    def _prompt(self, view: View, legal: Sequence[str], seating: Seating) -> str:
        tr = self.tr
        if self.session.is_over:
            return result_words(self.session.state.result(), seating)
        if self.viewer is None:
            return tr("spectating")
        if legal:
            return prompt_for(view, legal, seating)
        waiting = [s for s in self.session.state.acting_seats if s != self.viewer]
        if waiting:
            return tr("waiting_for", who=", ".join(seating.name(s) for s in waiting))
        return ""

    def _show_note(self) -> None:
        """The line under the controls: a refusal or a hint, and what has been typed."""
        parts = [self.note()] if self.note is not None else []
        if self.typed:
            parts.append(self.tr("typed", text=self.typed))
        flash = self.query_one("#flash", Static)
        flash.update(Text("  ".join(parts)))
        flash.set_class(not parts, "-empty")

    def _focus(self, rebuilt: bool) -> None:
        """Put the focus where the decision is, when a new decision begins (or its buttons were
        rebuilt under the focus): on the hand for a card, else on the first button."""
        decision = (len(self.session.state.history), self.chooser, self.viewer)
        if decision == self._decision and not rebuilt:
            return
        self._decision = decision
        hand = self.query_one(HandView)
        if self.my_turn() is not None and hand.playable and self.chooser is None:
            hand.focus()
            return
        controls = self.query_one(Controls)
        enabled = [c for c in controls.controls if not c.disabled]
        if not enabled:
            if hand.display:
                hand.focus()
            return
        if rebuilt:
            # The buttons are mounted at the next refresh: the first takes the focus then.
            controls.focus_action = enabled[0].action
        else:
            for button in controls.buttons():
                if button.name == enabled[0].action:
                    button.focus()

    def say(self, text: str | Callable[[], str]) -> None:
        """Show a note under the controls until the table moves on: a text, or a function
        that words it in the table's language of the moment."""
        self.note = text if callable(text) else lambda: text
        self._show_note()

    # -- the loop -------------------------------------------------------------------------

    def advance(self) -> None:
        """Let the match go on: start the next computer seat's move, unless a person is to act,
        a summary or the curtain is open, a move is already being chosen, or it is over."""
        if self.paused or self.thinking or self.session.is_over:
            return
        if self.session.bot_to_act() is None:
            return
        self.thinking = True
        self.query_one(SeatsBar).set_thinking(True)
        # The bot thinks on a copy of the match, so that a person deciding at the same time
        # (River's sealed bids) cannot change the state under it.
        snapshot = copy.copy(self.session)
        snapshot.state = self.session.state.clone()
        snapshot.journal = None
        self._think(snapshot, self.hold, len(self.session.state.history))

    @work(thread=True, group="bot", exit_on_error=True)
    def _think(self, snapshot: Session, hold: float, turn: int) -> None:
        """Choose the computer seat's move (in a thread), wait out the rest of ``hold``, and
        hand the move to the screen."""
        start = time.monotonic()
        seat, action = snapshot.think()
        rest = hold - (time.monotonic() - start)
        if rest > 0:
            time.sleep(rest)
        self._deliver(self._bot_chose, seat, action, turn)

    def _deliver(self, callback: Callable[..., None], *args: object) -> None:
        """Run ``callback`` on the screen's thread with what a worker thread found, unless the
        worker was cancelled or the app has closed meanwhile (the person quit while a bot was
        thinking: its move is dropped, as the journal never had it)."""
        if get_current_worker().is_cancelled:
            return
        with contextlib.suppress(RuntimeError):  # the app is no longer running
            self.app.call_from_thread(callback, *args)

    def _bot_chose(self, seat: int, action: Action, turn: int) -> None:
        self.thinking = False
        self.query_one(SeatsBar).set_thinking(False)
        if len(self.session.state.history) != turn:
            # Someone acted meanwhile: the move was chosen for a table that has changed.
            self.advance()
            return
        self.took(self.session.play_bot(seat, action))

    def act(self, action: str) -> None:
        """A person's action: applied, or refused with the reason under the controls."""
        seat = self.my_turn()
        if seat is None or self.paused:
            return
        try:
            events = self.session.play(action, seat)
        except (IllegalAction, NotationError) as e:
            self.say(capitalise(str(e)) + ".")
            return
        self.took(events)

    def took(self, new: list[Event]) -> None:
        """What follows an action: the log, the table drawn again, the summaries, the curtain,
        and the next move."""
        self.chooser = None
        self.hinted = None
        self.note = None
        self.last_open = False
        self.query_one(LogPanel).add(new)
        trick_done = any(isinstance(e, TrickWon) for e in new)
        self.hold = self.bot_delay * (TRICK_HOLD if trick_done else 1)
        ended = next((e for e in new if isinstance(e, DealEnded)), None)
        over = next((e for e in new if isinstance(e, MatchEnded)), None)
        if over is not None:
            self.paused = True
            self.draw()
            last = ended.result if ended is not None else None
            summary = MatchSummary(last, self.session.state.result(), self.seating)
            self.app.push_screen(summary, self._after_match)
        elif ended is not None:
            # The summary is read by whoever sits at the screen now; the terminal changes
            # hands (if it does) once it is closed.
            self.paused = True
            self.draw()
            self.app.push_screen(DealSummary(ended.result, self.seating), self._after_deal)
        elif self._next_viewer():
            self._hand_over()
        else:
            self.draw()
            self.advance()

    def _next_viewer(self) -> bool:
        """At a pass-and-play table, turn the screen to the person to act; says whether the
        terminal changes hands (the curtain goes up first)."""
        person = self.session.person_to_act()
        if len(self.session.people) < 2 or person is None or person == self.viewer:
            return False
        self.viewer = person
        return True

    def _hand_over(self) -> None:
        """The curtain, naming the person to act; the table is drawn for them once they are
        there."""
        self.paused = True

        def resume(_: None = None) -> None:
            self.paused = False
            self.draw()
            self.advance()

        seat = self.viewer if self.viewer is not None else 0
        self.app.push_screen(Handover(seat, self.tr), resume)

    def _after_deal(self, _: str | None = None) -> None:
        self.paused = False
        self.hold = 0.0
        if self._next_viewer():
            self._hand_over()
            return
        self.draw()
        self.advance()

    def _after_match(self, choice: str | None = None) -> None:
        self.paused = False
        self.draw()
        self.choose_after_match(choice or "close")

    def choose_after_match(self, choice: str) -> None:
        """What the match's end offered: ``again``, ``review``, ``quit`` (``close``: stay)."""
        if choice == "again":
            new = self.session.again()
            self.table_app.session = new
            self.app.switch_screen(TableScreen(new, bot_delay=self.bot_delay))
        elif choice == "review":
            self.app.push_screen(ReviewScreen(self.session.record(), self.tr))
        elif choice == "quit":
            self.app.exit(0)

    # -- a person's input -----------------------------------------------------------------

    def on_hand_view_chosen(self, message: HandView.Chosen) -> None:
        """A card chosen in the hand."""
        self.choose_card(message.card)

    def choose_card(self, card: int) -> None:
        """Play (or discard) a card; a King or Queen that may declare asks first; a card that
        may not be played says why."""
        seat = self.my_turn()
        if seat is None or self.paused:
            return
        actions = card_actions(card, self.legal())
        if len(actions) > 1:
            self.chooser = card
            self.draw()
            return
        if actions:
            self.act(actions[0])
            return
        try:
            # Not playable: ask the rules why (the line mode's reading of a bare card).
            self.act(str(read_move(self.session.game, self.session.state, seat, card_text(card))))
        except (IllegalAction, NotationError) as e:
            self.say(capitalise(str(e)) + ".")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A control: an action text, or one of the match's end (``@again`` …)."""
        event.stop()
        name = event.button.name or ""
        if name.startswith("@"):
            self.choose_after_match(name[1:])
        else:
            self.act(name)

    def on_key(self, event: events.Key) -> None:
        """Typed cards: a rank, then a suit (``QS``, ``10H``, ``th``), ``m`` to declare a
        marriage, Enter to play; a number and Enter to bid. A suit letter or ``h``/``s`` is
        the hint or the score sheet unless it follows a rank."""
        char = (event.character or "").upper()
        if event.key == "enter" and self.typed:
            self._submit()
        elif event.key == "backspace" and self.typed:
            self.typed = self.typed[:-1]
        elif char in _RANKS and len(self.typed) < 4:
            self.typed += char
        elif self.typed and (char in _AFTER_RANK or char == "M"):
            self.typed += " M" if char == "M" else char
        else:
            return
        event.stop()
        event.prevent_default()
        with contextlib.suppress(NotationError):
            # A card held, typed in full: the cursor shows it before Enter plays it.
            self.query_one(HandView).point_at(parse_card(self.typed))
        self._show_note()

    def _submit(self) -> None:
        text, self.typed = self.typed, ""
        seat = self.my_turn()
        if seat is None:
            self._show_note()
            return
        if text.isdigit():
            # A number is a bid (the line mode would read it as the number of a move).
            self.act(f"bid {int(text)}")
            return
        try:
            action = read_move(self.session.game, self.session.state, seat, text)
        except (IllegalAction, NotationError) as e:
            self.say(capitalise(str(e)) + ".")
            return
        self.act(str(action))

    # -- keys -----------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The score sheet key is River's only."""
        if action == "sheet":
            return isinstance(self.session.state.view(None), RiverView)
        return True

    def action_hint(self) -> None:
        """Ask for a hint and its reason (in a thread)."""
        if self.typed:
            return  # ``h`` after a rank was a suit: on_key took it
        seat = self.my_turn()
        if seat is None or self.paused:
            return
        self.say(lambda: self.tr("thinking"))
        snapshot = copy.copy(self.session)
        snapshot.state = self.session.state.clone()
        snapshot.journal = None
        self._hint(snapshot, len(self.session.state.history))

    @work(thread=True, group="hint", exclusive=True, exit_on_error=True)
    def _hint(self, snapshot: Session, turn: int) -> None:
        advice = snapshot.hint()
        self._deliver(self._hinted, advice, turn)

    def _hinted(self, advice: Advice, turn: int) -> None:
        if len(self.session.state.history) != turn or self.my_turn() is None:
            return
        game = self.session.game
        action = self.hinted = game.parse_action(advice.action)
        view = self.view()
        self.say(lambda: advice_words(advice, view, game, self.tr))
        if isinstance(action, (Play, Discard)):
            hand = self.query_one(HandView)
            hand.point_at(action.card)
            if not (isinstance(action, Play) and action.marriage):
                hand.focus()
                return
        for button in self.query_one(Controls).buttons():
            if button.name == str(action):
                button.focus()

    def action_last_trick(self) -> None:
        """Show the last finished trick while a new one is played, or hide it again."""
        self.last_open = not self.last_open
        self.draw()

    def action_sheet(self) -> None:
        """River's score sheet, full size."""
        view = self.view()
        if isinstance(view, RiverView):
            self.app.push_screen(SheetScreen(view, self.seating))

    def action_cancel(self) -> None:
        """Escape: forget what was typed, the marriage question, the last trick shown."""
        self.typed = ""
        self.chooser = None
        self.last_open = False
        self.note = None
        self.draw()
        self._show_note()


def _past_events(session: Session) -> list[Event]:
    """The events of the match so far (a resumed match's log starts where it stood)."""
    from atout import record as records

    rec = session.record()
    state = records.start(rec)
    out = list(state.opening_events())
    for _, _, _, evs in records.steps(rec):
        out += evs
    return out[-200:]
