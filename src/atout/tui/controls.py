"""Every decision that is not a card, as a row of buttons built from the legal actions, and the
prompt that asks for it.

Schnapsen: exchange the trump Jack, close the stock, claim 66 or let the deal count as
played. Seven Up: stand or beg, give or run (the
discards are cards: the hand takes them). River: the bid picker, every number from 0 to the
cards dealt, the one the hook forbids shown struck through, disabled, and explained below.
A King or Queen that may declare a marriage (the hand marks it with the points), chosen in the
hand, asks here: declare or not. That is the one way to declare, as on the web table: a button
per marriage beside it would offer the same decision twice.

Buttons are drawn ``[Stand]``: their extent reads without colour, and the focused one is
reversed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget
from textual.widgets import Button, Static

from atout.cards import card_text
from atout.core.state import View
from atout.river.view import RiverView
from atout.schnapsen.tables import marriage_worth
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.view import SevenUpView
from atout.tui.cards import label
from atout.tui.seating import Seating

__all__ = ["Control", "Controls", "card_actions", "controls_for", "prompt_for"]


@dataclass(frozen=True)
class Control:
    """A button: its label, the action text it sends, and whether the rules refuse it now
    (``why`` then says why)."""

    label: str
    action: str
    disabled: bool = False
    why: str = ""
    primary: bool = False


def card_actions(card: int, legal: Sequence[str]) -> list[str]:
    """The legal actions that play or discard ``card`` (two for a King or Queen that may also
    declare a marriage), as the web table's ``actionsFor``."""
    text = card_text(card)
    out = []
    for action in legal:
        words = action.split()
        if words[0] in ("play", "discard") and len(words) > 1 and words[1] == text:
            out.append(action)
    return out


def prompt_for(view: View, legal: Sequence[str], seating: Seating) -> str:
    """The question the decision asks, as the web table words it."""
    tr = seating.tr
    if isinstance(view, SchnapsenView):
        if "pass" in legal:
            return tr("prompt.claim")
        if not view.trick:
            return tr("prompt.lead")
        strict = view.closed or not view.stock_size
        return tr("prompt.follow_strict") if strict else tr("prompt.follow")
    if isinstance(view, SevenUpView):
        if "stand" in legal:
            return tr("prompt.stand_or_beg")
        if "run" in legal:
            return tr("prompt.give_or_run") if "give" in legal else tr("prompt.run_only")
        if any(a.startswith("discard") for a in legal):
            n = len(view.hand or ()) - 6
            return tr("prompt.discard_one" if n == 1 else "prompt.discard", n=n)
        return tr("prompt.follow_sevenup") if view.trick else tr("prompt.lead")
    if isinstance(view, RiverView):
        if any(a.startswith("bid") for a in legal):
            return tr("prompt.bid", n=view.cards)
        return tr("prompt.follow_river") if view.trick else tr("prompt.lead")
    return ""


def controls_for(
    view: View, legal: Sequence[str], seating: Seating, chooser: int | None = None
) -> tuple[list[Control], str]:
    """The buttons of the decision, and a note to show under them (the hook's reason, the
    Seven Up discards made). ``chooser`` is a King or Queen chosen in the hand that may lead
    with or without declaring its marriage."""
    tr = seating.tr
    out: list[Control] = []
    note = ""
    if chooser is not None and isinstance(view, SchnapsenView):
        name = tr.card_name(card_text(chooser))
        points = marriage_worth(chooser // 13, view.trump)
        text = card_text(chooser)
        out += [
            Control(
                tr("do.lead_declare", card=name, points=points),
                f"play {text} marriage",
                primary=True,
            ),
            Control(tr("do.lead_plain", card=name), f"play {text}"),
        ]
    if isinstance(view, SchnapsenView):
        if "exchange" in legal and view.trump_card is not None:
            jack = tr.card_name(card_text(view.trump * 13 + 9))
            card = tr.card_name(card_text(view.trump_card))
            out.append(Control(tr("do.exchange", jack=jack, card=card), "exchange"))
        if "close" in legal:
            out.append(Control(tr("do.close"), "close"))
        if "claim" in legal:
            out.append(Control(tr("do.claim"), "claim", primary=True))
        if "pass" in legal:
            out.append(Control(tr("do.pass"), "pass"))
    elif isinstance(view, SevenUpView):
        for word in ("stand", "beg", "give", "run"):
            if word in legal:
                primary = word == "stand" or (word == "run" and "give" not in legal)
                out.append(Control(tr(f"do.{word}"), word, primary=primary))
        if view.discards:
            note = tr("your_discards") + " " + " ".join(label(c) for c in view.discards)
    elif isinstance(view, RiverView) and any(a.startswith("bid") for a in legal):
        others = sum(b for s, b in enumerate(view.bids) if s != view.seat and b is not None)
        forbidden = [n for n in range(view.cards + 1) if f"bid {n}" not in legal]
        for n in range(view.cards + 1):
            allowed = n not in forbidden
            why = "" if allowed else tr("bid_forbidden", n=n)
            out.append(Control(str(n), f"bid {n}", disabled=not allowed, why=why))
        if len(forbidden) == 1:
            note = tr("hook_reason", n=forbidden[0], sum=others, cards=view.cards)
    return out, note


class _Button(Button):
    """A control's button: as wide as its bracketed label (the brackets show its extent, no
    padding is needed), and taking the focus when its row asks for it on mounting (the buttons
    are rebuilt for each decision, and the focus belongs on the first)."""

    def __init__(self, label: Content, **kw: Any) -> None:
        super().__init__(label, **kw)
        # Textual's CSS refuses ``line-pad: 0``, its code does not.
        self.styles.line_pad = 0

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The label's width (Textual's buttons add two columns of padding)."""
        label = self.label
        return label.cell_length if isinstance(label, Content) else len(str(label))

    def on_mount(self) -> None:
        controls = next((a for a in self.ancestors if isinstance(a, Controls)), None)
        if controls is not None and controls.focus_action == self.name:
            controls.focus_action = None
            self.focus()


class Controls(Widget):
    """The decision's buttons in rows that fit the width, and the note under them. Pressing
    one posts Textual's ``Button.Pressed``; the button's ``name`` is the action text."""

    DEFAULT_CSS = """
    Controls {
        height: auto;
    }
    Controls > Horizontal {
        height: auto;
        width: 100%;
    }
    Controls Button {
        min-width: 0;
        width: auto;
        height: 1;
        padding: 0 0;
        margin: 0 1 0 0;
    }
    Controls Button:focus {
        text-style: reverse bold;
    }
    Controls Button:disabled {
        text-style: strike;
    }
    Controls > Static {
        color: $text-muted;
        height: auto;
    }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.controls: tuple[Control, ...] = ()
        self.note = ""
        self._width = 0
        self.display = False
        #: The action of the button to focus once the buttons are mounted.
        self.focus_action: str | None = None

    def show(self, controls: Sequence[Control], note: str = "") -> bool:
        """Show these buttons and note; returns whether they changed (and were rebuilt, which
        loses the focus of a button: the caller puts it back)."""
        if tuple(controls) == self.controls and note == self.note:
            return False
        self.controls, self.note = tuple(controls), note
        self.display = bool(controls or note)
        self.refresh(recompose=True)
        return True

    def _rows(self, width: int) -> list[list[Control]]:
        """The buttons in rows that fit ``width``."""
        rows: list[list[Control]] = [[]]
        used = 0
        for control in self.controls:
            # A button is its label in brackets, and a column of margin.
            size = len(control.label) + 3
            if rows[-1] and used + size > width:
                rows.append([])
                used = 0
            rows[-1].append(control)
            used += size
        return [row for row in rows if row]

    def compose(self) -> ComposeResult:
        for row in self._rows(self._width or self.size.width or 48):
            yield Horizontal(
                *(
                    _Button(
                        Content(f"[{control.label}]"),
                        name=control.action,
                        compact=True,
                        disabled=control.disabled,
                        tooltip=control.why or None,
                        variant="primary" if control.primary else "default",
                    )
                    for control in row
                )
            )
        if self.note:
            yield Static(Content(self.note))

    def on_resize(self, event: events.Resize) -> None:
        """Lay the buttons out again if the new width changes their rows (the focus stays on
        its button)."""
        before = self._rows(self._width or 48)
        self._width = event.size.width
        if self.controls and self._rows(self._width) != before:
            focused = self.app.focused
            if isinstance(focused, _Button) and focused in self.query(_Button):
                self.focus_action = focused.name
            self.refresh(recompose=True)

    def buttons(self) -> list[Button]:
        """The buttons shown, in order."""
        return list(self.query(Button))
