"""A whole deal of each game played at an 80x24 terminal as a person plays it: cards by the
arrows and Enter, one typed, one clicked; every other decision a button taken with Enter. The
hand shrinks, the log grows, and the deal's summary comes up."""

from __future__ import annotations

import asyncio

import pytest

from atout.tui.hand import HandView
from atout.tui.log import LogPanel
from atout.tui.summary import DealSummary
from tests.tui.driver import new_app, screen_text, settle, table, take_turn

GAMES = ["schnapsen", "seven_up", "river(players=3)"]


async def _play_a_deal(game: str) -> tuple[list[str], str, int]:
    """Play the first deal; returns what was done, the summary's text, the log's length."""
    app = new_app(game, seed=3)
    done: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        log = screen.query_one(LogPanel)
        hand = screen.query_one(HandView)
        told = len(log.sentences())
        assert told > 0, "the deal is told before the first move"
        cards_done = 0
        for _ in range(200):
            if isinstance(app.screen, DealSummary):
                break
            before = len(hand.cards)
            how = {1: "typed", 2: "click"}.get(cards_done, "keys")
            what = await take_turn(pilot, how=how)
            done.append(what)
            if what.startswith("card") and not isinstance(app.screen, DealSummary):
                cards_done += 1
                # Schnapsen draws from the stock after a trick: the hand is back to five.
                assert len(hand.cards) <= before
            assert len(log.sentences()) > told
            told = len(log.sentences())
        else:
            raise AssertionError("the deal did not end")
        summary = screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert not isinstance(app.screen, DealSummary)
        return done, summary, told


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_by_keys(game: str) -> None:
    done, summary, told = asyncio.run(_play_a_deal(game))
    assert sum(d.startswith("card") for d in done) >= 3
    assert told > 10
    assert "The deal is over" in summary
    if game == "schnapsen":
        assert "game point" in summary
    elif game == "seven_up":
        assert "Points this hand" in summary or "void" in summary
        assert any(d in ("button stand", "button beg") for d in done)
    else:
        assert "Round 1 (10 cards) is over." in summary
        assert any(d.startswith("button bid") for d in done)


async def _refusal() -> str:
    app = new_app("seven_up", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Stand or beg is asked: a card is no answer, and the table says why.
        screen = table(app)
        hand = screen.query_one(HandView)
        hand.focus()
        await pilot.press("enter")
        await pilot.pause()
        return screen_text(app)


def test_a_card_that_may_not_be_played_says_why() -> None:
    text = asyncio.run(_refusal())
    assert "Stand (keep this trump) or beg" in text
    assert "stand" in text.lower()


async def _bid_by_number() -> tuple[str, list[int | None]]:
    app = new_app("river(players=3,start_cards=3)", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        session = screen.session
        legal = [str(a) for a in session.legal()]
        assert any(a.startswith("bid") for a in legal)
        bid = next(a for a in legal if a.startswith("bid")).split()[1]
        await pilot.press(*bid, "enter")
        await settle(pilot)
        view = session.view(0)
        return bid, list(getattr(view, "bids", ()))


def test_a_number_and_enter_bid() -> None:
    bid, bids = asyncio.run(_bid_by_number())
    assert bids[0] == int(bid)
