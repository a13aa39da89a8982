"""The keys, in the reader's language: the footer's descriptions, and the key help (``?``).

Bindings are declared with a catalog key as their description (``"key.hint"``), which
:func:`translate_bindings` replaces with its translation, again at each language switch, so
that Textual's footer speaks the table's language.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.dom import DOMNode
from textual.screen import ModalScreen
from textual.widgets import Static

from atout.i18n import Translator

__all__ = ["KeysScreen", "translate_bindings"]

#: The key help: the keys as written, and the catalog key of what they do. ``river`` rows only
#: for River, ``review`` rows only in the review.
_TABLE_KEYS = (
    ("← → Home End", "help.move"),
    ("Enter", "help.enter"),
    ("QS 10H TH · Enter", "help.type"),
    ("KH m · Enter", "help.marriage"),
    ("Tab ⇧Tab", "help.tab"),
    ("h", "help.hint"),
    ("l", "help.last"),
    ("s", "help.sheet"),
    ("r", "help.rules"),
    ("g", "help.language"),
    ("Esc", "help.escape"),
    ("?", "help.keys"),
    ("^q", "help.quit"),
)
_REVIEW_KEYS = (
    ("← →", "help.step"),
    ("Home End", "help.ends"),
    ("PgUp PgDn", "help.deals"),
    ("r", "help.rules"),
    ("g", "help.language"),
    ("Esc", "help.leave_review"),
    ("?", "help.keys"),
    ("^q", "help.quit"),
)


def translate_bindings(node: DOMNode, tr: Translator) -> None:
    """Give each of ``node``'s bindings declared with a catalog key as description (``key.``)
    that key's translation."""
    keys: dict[tuple[str, str], str] = {}
    for cls in reversed(type(node).__mro__):
        declared = cls.__dict__.get("BINDINGS")
        if not declared:
            continue
        for binding in Binding.make_bindings(declared):
            if binding.description.startswith("key."):
                keys[binding.key, binding.action] = binding.description
    table = node._bindings.key_to_bindings
    for key, bindings in table.items():
        table[key] = [
            replace(b, description=tr(keys[b.key, b.action])) if (b.key, b.action) in keys else b
            for b in bindings
        ]


class KeysScreen(ModalScreen[None]):
    """Every key of the table (or of the review) and what it does."""

    DEFAULT_CSS = """
    KeysScreen {
        align: center middle;
    }
    KeysScreen > Vertical {
        width: 100%;
        max-width: 96;
        height: auto;
        max-height: 100%;
        overflow-y: auto;
        border: round $secondary;
        border-title-align: center;
        background: $surface;
        padding: 0 1;
    }
    KeysScreen Static {
        width: 100%;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,enter", "dismiss", show=False),
        # A modal screen hides the app's keys: the language switches here too.
        Binding("g", "app.language", show=False),
    ]

    def __init__(self, tr: Translator, *, review: bool = False, river: bool = False) -> None:
        super().__init__()
        self.tr, self.review, self.river = tr, review, river

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold", no_wrap=True)
        table.add_column()
        for keys, what in _REVIEW_KEYS if self.review else _TABLE_KEYS:
            if what != "help.sheet" or self.river:
                table.add_row(keys, self.tr(what))
        box = Vertical(Static(table))
        box.border_title = self.tr("keys_title")
        box.border_subtitle = self.tr("close_key")
        yield box

    def translate(self, tr: Translator) -> None:
        """The keys again, in ``tr``'s language."""
        self.tr = tr
        self.refresh(recompose=True)
