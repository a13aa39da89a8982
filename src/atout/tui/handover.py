"""Pass and play: between two people at one terminal, a curtain over the table while the
terminal changes hands, so that nobody sees the other's cards."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from atout.i18n import Translator, capitalise

__all__ = ["Handover"]


class Handover(ModalScreen[None]):
    """The curtain ("Pass the terminal to Player 2"): the table hidden until the person of
    ``seat`` presses Enter."""

    DEFAULT_CSS = """
    Handover {
        align: center middle;
        background: $background;
    }
    Handover > Vertical {
        width: auto;
        height: auto;
        border: thick $secondary;
        padding: 1 2;
    }
    Handover Static { width: auto; text-style: bold; }
    Handover Button { min-width: 0; width: auto; height: 1; margin-top: 1; }
    Handover Button:focus { text-style: reverse bold; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", show=False),
        # A modal screen hides the app's keys: the language switches here too.
        Binding("g", "app.language", show=False),
    ]

    def __init__(self, seat: int, tr: Translator) -> None:
        super().__init__()
        self.seat, self.tr = seat, tr

    def compose(self) -> ComposeResult:
        who = capitalise(self.tr("player_n", n=self.seat + 1))
        with Vertical():
            yield Static(Content(self.tr("handover", who=who)))
            yield Button(Content(f"[{self.tr('handover_ready', who=who)}]"), compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def translate(self, tr: Translator) -> None:
        """The curtain's words again, in ``tr``'s language."""
        self.tr = tr
        self.refresh(recompose=True)
        self.call_after_refresh(lambda: self.query_one(Button).focus())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None)
