"""Driving the terminal table in tests: a table for a game with fixed seeds and fast bots, a
wait for the table to settle (the computer seats' moves run in threads), the text on the
screen, and a person's turn taken by keys, a typed card or a click."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from textual.pilot import Pilot
from textual.widgets import Button

from atout import bots, games
from atout.cards import card_text
from atout.tui.app import TableApp
from atout.tui.hand import HandView
from atout.tui.handover import Handover
from atout.tui.session import Session
from atout.tui.summary import DealSummary, MatchSummary
from atout.tui.table import TableScreen

#: How long a test waits for the table to settle before it fails (seconds).
PATIENCE = 20.0


def new_session(
    game: str, *, seed: int = 1, people: Iterable[int] = (0,), bot: str = "random"
) -> Session:
    """A new match of ``game`` (a rules text) with computer seats at ``bot`` level."""
    g = games.load(game)
    mine = tuple(people)
    others = {s: bots.make(bot) for s in range(g.seats) if s not in mine}
    return Session.new(g, mine, others, seed=seed)


def new_app(game: str, *, seed: int = 1, lang: str = "en", **kw: object) -> TableApp:
    """The terminal table of a new match, computer moves without a pause."""
    session = new_session(game, seed=seed, **kw)  # type: ignore[arg-type]
    return TableApp(session, lang=lang, bot_delay=0)


def table(app: TableApp) -> TableScreen:
    """The table screen (under any summary open over it)."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, TableScreen):
            return screen
    raise AssertionError("no table screen")


async def settle(pilot: Pilot[int]) -> None:
    """Wait until the table waits for a person, shows a summary or the curtain, or the match
    is over, and the screen has caught up."""
    app = pilot.app
    assert isinstance(app, TableApp)
    loop = asyncio.get_running_loop()
    deadline = loop.time() + PATIENCE
    while loop.time() < deadline:
        await pilot.pause()
        screen = app.screen
        if isinstance(screen, (DealSummary, MatchSummary, Handover)):
            break
        if isinstance(screen, TableScreen) and not screen.thinking:
            session = screen.session
            if session.is_over or session.person_to_act() is not None:
                break
    else:
        raise AssertionError("the table did not settle")
    await pilot.pause()
    await pilot.pause()


def screen_text(app: TableApp) -> str:
    """Every line of the screen on top, as plain text."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def take_turn(pilot: Pilot[int], *, how: str = "keys") -> str:
    """The person's decision, made as a person would: a card chosen by the arrows and Enter
    (``how="keys"``), typed (``"typed"``) or clicked (``"click"``); any other decision by
    Enter on the button in focus. Returns what was done (``card QS`` or ``button bid 2``)."""
    app = pilot.app
    assert isinstance(app, TableApp)
    screen = table(app)
    hand = screen.query_one(HandView)
    if hand.playable and hand.has_focus:
        target = next(c for c in hand.cards if c in hand.playable)
        text = card_text(target)
        if how == "typed":
            # Tens are typed T, as the rule book allows; the suit in lower case.
            typed = ("T" if text.startswith("10") else text[0]) + text[-1].lower()
            await pilot.press(*typed, "enter")
        elif how == "click":
            spot = hand.spot(target)
            assert spot is not None
            await pilot.click(hand, offset=spot)
        else:
            steps = hand.cards.index(target) - hand.cursor
            key = "right" if steps > 0 else "left"
            await pilot.press(*[key] * abs(steps), "enter")
        await settle(pilot)
        return f"card {text}"
    focused = app.focused
    assert isinstance(focused, Button), f"nothing to decide with: focus on {focused!r}"
    name = focused.name
    await pilot.press("enter")
    await settle(pilot)
    return f"button {name}"
