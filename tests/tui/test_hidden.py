"""The screen shows nothing of another seat's hidden cards: at every decision of a deal, no
card still in another hand appears, by label (``Q♠``) or by name ("queen of spades"), unless
everybody has seen it (Schnapsen's turned trump card, a marriage's partner)."""

from __future__ import annotations

import asyncio

import pytest

from atout.cards import card_text
from atout.i18n import Translator
from atout.schnapsen.view import SchnapsenView
from atout.tui.cards import label
from atout.tui.summary import DealSummary
from tests.tui.driver import new_app, screen_text, settle, table, take_turn


def _public(view: object) -> set[int]:
    """Cards in a hand that every seat has seen."""
    if isinstance(view, SchnapsenView):
        seen = {view.turned}
        for m in view.marriages:
            seen |= {m.suit * 13 + 10, m.suit * 13 + 11}
        if view.exchange is not None:
            seen.add(view.exchange.card)
        return seen
    return set()


async def _check_a_deal(game: str, seed: int) -> int:
    """Play a deal at a wide terminal (not so tall that hands are drawn in big cards, whose
    rank and suit lie apart), checking the screen at each decision; returns how many screens
    were checked."""
    app = new_app(game, seed=seed)
    tr = Translator("en", extra="terminal")
    checked = 0
    async with app.run_test(size=(120, 30)) as pilot:
        await settle(pilot)
        for _ in range(100):
            if isinstance(app.screen, DealSummary):
                break
            session = table(app).session
            zones = session.state.zones()
            public = _public(session.view(0))
            text = screen_text(app)
            # The check can see cards: the reader's own are all there.
            mine = [c for c in range(52) if zones.get("hand0", 0) >> c & 1]
            assert all(label(c) in text for c in mine)
            for seat in range(1, session.game.seats):
                hidden = [c for c in range(52) if zones.get(f"hand{seat}", 0) >> c & 1]
                for c in hidden:
                    if c in public:
                        continue
                    assert label(c) not in text, f"seat {seat}'s {label(c)} is on the screen"
                    name = tr.card_name(card_text(c))
                    assert name not in text, f"seat {seat}'s {name} is on the screen"
            checked += 1
            await take_turn(pilot)
    return checked


@pytest.mark.parametrize(("game", "seed"), [("schnapsen", 9), ("seven_up", 3), ("river", 3)])
def test_no_hidden_card_on_the_screen(game: str, seed: int) -> None:
    assert asyncio.run(_check_a_deal(game, seed)) >= 3
