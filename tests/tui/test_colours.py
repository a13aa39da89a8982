"""The table without colour (``NO_COLOR``) and in 16 colours: nothing is told by colour alone.
Which cards may be played shows by a mark under each, suits by symbol and by letter."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
import textual.constants
from textual.filter import Monochrome

from atout.tui.cards import label
from atout.tui.hand import HandView
from tests.tui.driver import new_app, screen_text, settle, table


async def _hand_lines(app_lang: str = "en") -> tuple[list[str], list[int], list[int], object]:
    app = new_app("seven_up", seed=3, lang=app_lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # stand: the play begins
        await settle(pilot)
        hand = table(app).query_one(HandView)
        lines = screen_text(app).splitlines()
        return lines, hand.cards, sorted(hand.playable), app


def test_without_colour_the_playable_cards_are_marked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    lines, cards, playable, app = asyncio.run(_hand_lines())
    assert any(isinstance(f, Monochrome) for f in app._filters)  # type: ignore[attr-defined]
    # The strip of the hand: labels in the middle line, a dot below each playable card.
    middle = next(i for i, line in enumerate(lines) if label(cards[0]) in line)
    marks = lines[middle + 1]
    for c in cards:
        column = lines[middle].index(label(c))
        assert (marks[column + 1] == "•") == (c in playable), label(c)
    # Each suit's group carries its letter on its frame.
    assert any(f"─{letter}─" in lines[middle - 1] for letter in "CDHS")


def test_16_colours_take_the_terminals_own_theme(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "standard")
    lines, _, _, app = asyncio.run(_hand_lines())
    assert app.theme == "ansi-dark"  # type: ignore[attr-defined]
    assert any("Your hand" in line for line in lines)


def test_snapshot_without_colour(
    monkeypatch: pytest.MonkeyPatch, snap_compare: Callable[..., bool]
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = new_app("schnapsen", seed=9)

    async def run_before(pilot: object) -> None:
        await settle(pilot)  # type: ignore[arg-type]

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)
