"""The rules of the game being played, as ``atout rules`` prints them, in the reader's
language, on a screen of their own (key ``r``; ``Escape`` goes back to the table)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static

from atout import rulebook
from atout.i18n import Translator
from atout.tui.keys import translate_bindings

__all__ = ["RulesScreen"]


class RulesScreen(Screen[None]):
    """The rule book's text for ``game`` (its registered name) in ``tr``'s language (English
    where the rules are not written in it)."""

    DEFAULT_CSS = """
    RulesScreen > Static {
        height: 1;
        background: $primary-muted;
        color: $text;
        text-style: bold;
        padding: 0 1;
    }
    RulesScreen > VerticalScroll {
        padding: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q", "app.pop_screen", "key.back"),
    ]

    def __init__(self, game: str, title: str, tr: Translator) -> None:
        super().__init__()
        self.game, self.title_text, self.tr = game, title, tr

    def compose(self) -> ComposeResult:
        lang = self.tr.lang if self.tr.lang in rulebook.languages(self.game) else "en"
        yield Static(self.tr("rules_of", game=self.title_text))
        with VerticalScroll():
            yield Markdown(rulebook.text(self.game, lang))
        yield Footer()

    def on_mount(self) -> None:
        translate_bindings(self, self.tr)
        # The text scrolls with the arrows and page keys once its box has the focus.
        self.query_one(VerticalScroll).focus()

    def translate(self, tr: Translator) -> None:
        """The rules again, in ``tr``'s language."""
        self.tr = tr
        translate_bindings(self, tr)
        self.refresh_bindings()
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one(VerticalScroll).focus())
