"""The terminal table's app: the table (or the review) as its screen, the keys every screen
shares (the rules, the language, the key help, quitting), and the language the table speaks.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from atout.i18n import LANGUAGES, Translator
from atout.river.view import RiverView
from atout.tui.keys import KeysScreen, translate_bindings
from atout.tui.review import ReviewScreen
from atout.tui.rules import RulesScreen
from atout.tui.session import Session
from atout.tui.table import TableScreen

__all__ = ["TableApp"]


class TableApp(App[int]):
    """A match at the terminal: ``session`` played (or, with ``review``, its record stepped
    through) in ``lang``. ``bot_delay`` is the pause, in seconds, after a computer seat's
    move before the next one (0 in tests). The app's return code is 0."""

    TITLE = "atout"
    ENABLE_COMMAND_PALETTE = False

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "rules", "key.rules"),
        Binding("g", "language", "key.language"),
        Binding("question_mark", "keys", "key.keys", key_display="?"),
        Binding("ctrl+q", "quit", "key.quit", priority=True),
    ]

    def __init__(
        self, session: Session, *, lang: str, review: bool = False, bot_delay: float = 0.4
    ) -> None:
        super().__init__()
        self.session = session
        self.review = review
        self.bot_delay = bot_delay
        self.tr = Translator(lang, extra="terminal")

    def on_mount(self) -> None:
        if not self.no_color and self.console.color_system in ("standard", "windows"):
            # A 16-colour terminal: the theme of the terminal's own colours reads best there
            # (Textual's default theme, brought down to 16 colours, greys the background).
            # Not without colour: Textual's monochrome filter, chosen at start, expects its
            # own theme.
            self.theme = "ansi-dark"
        translate_bindings(self, self.tr)
        if self.review and self.session.is_over:
            self.push_screen(ReviewScreen(self.session.record(), self.tr))
            return
        self.push_screen(TableScreen(self.session, bot_delay=self.bot_delay))
        if self.review:
            # Every hand lies face up in the review: not while the match is being played.
            self.notify(self.tr("review_not_over"))

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: every screen open says everything again."""
        self.tr = Translator(lang, extra="terminal")
        translate_bindings(self, self.tr)
        for screen in self.screen_stack:
            translate = getattr(screen, "translate", None)
            if callable(translate):
                translate(self.tr)
        self.screen.refresh_bindings()

    def action_language(self) -> None:
        """The next language: English, French, German, Danish, and round again."""
        i = LANGUAGES.index(self.tr.lang) if self.tr.lang in LANGUAGES else -1
        self.set_language(LANGUAGES[(i + 1) % len(LANGUAGES)])

    def action_rules(self) -> None:
        """The rules of the game, in the table's language."""
        if isinstance(self.screen, RulesScreen):
            return
        game = self.session.game
        self.push_screen(RulesScreen(game.name, self.tr(f"game.{game.name}"), self.tr))

    def action_keys(self) -> None:
        """The key help."""
        if isinstance(self.screen, KeysScreen):
            return
        river = isinstance(self.session.state.view(None), RiverView)
        review = isinstance(self.screen, ReviewScreen)
        self.push_screen(KeysScreen(self.tr, review=review, river=river))
