"""A finished match's record opens in the review: every hand face up, the step's action and
events in words, stepping with the arrows, Home, End and the deal keys."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from atout.tui.app import TableApp
from atout.tui.review import ReviewScreen, replay_steps
from atout.tui.session import Session
from tests.tui.driver import new_session, screen_text


def finished(game: str, tmp_path: Path, seed: int = 5) -> Session:
    """A match played to its end by random moves, kept in a journal, and resumed from it."""
    session = new_session(game, seed=seed)
    session.journal = tmp_path / "match.json"
    rng = random.Random(seed)
    while not session.is_over:
        seat = session.person_to_act()
        if seat is not None:
            session.play(rng.choice(session.legal()), seat)
        else:
            session.play_bot(*session.think())
    return Session.resume(tmp_path / "match.json")


def test_replay_steps_start_before_the_first_action(tmp_path: Path) -> None:
    session = finished("seven_up", tmp_path)
    steps, starts = replay_steps(session.record())
    assert steps[0].action is None and steps[0].events
    assert len(steps) == len(session.state.history) + 1
    assert starts[0] == 0 and len(starts) == len(session.state.result().deals)
    assert steps[-1].state.is_over


def test_review_steps_through_the_match(tmp_path: Path) -> None:
    session = finished("schnapsen", tmp_path)
    total = len(session.state.history)

    async def go() -> list[str]:
        app = TableApp(session, lang="en", review=True, bot_delay=0)
        shots = []
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)
            shots.append(screen_text(app))
            for keys in (["right"], ["right", "right", "left"], ["end"], ["home", "pagedown"]):
                await pilot.press(*keys)
                await pilot.pause()
                shots.append(screen_text(app))
            await pilot.press("escape")
            await pilot.pause()
        return shots

    start, one, two, end, deal2 = asyncio.run(go())
    assert f"Step 0 of {total} · deal 1" in start
    assert "The deal before the first move." in start
    assert "Every hand" in start and "The computer" in start and "You" in start
    assert f"Step 1 of {total}" in one and ": play the " in one
    assert f"Step 2 of {total}" in two
    assert f"Step {total} of {total}" in end
    assert "win the match" in end or "wins the match" in end
    assert "deal 2" in deal2 and "deals." in deal2
