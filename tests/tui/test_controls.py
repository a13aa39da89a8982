"""The decisions that are not a card, read off the legal actions: the prompt and the buttons of
each, and the discards taken in the hand. Positions are reached by playing random legal moves
from fixed seeds, then the table opens on the match where it stands."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from atout.i18n import Translator
from atout.tui.app import TableApp
from atout.tui.controls import controls_for, prompt_for
from atout.tui.hand import HandView
from atout.tui.log import LogPanel
from atout.tui.seating import Seating
from atout.tui.session import Session
from tests.tui.driver import new_session, screen_text, settle, table

TR = Translator("en", extra="terminal")


def reach(game: str, wanted: Callable[[list[str]], bool], *, seeds: int = 60) -> Session:
    """A match where seat 0, a person, faces a decision whose legal actions ``wanted``
    accepts, reached by random moves (the person's) and random bots."""
    for seed in range(seeds):
        session = new_session(game, seed=seed)
        rng = random.Random(seed)
        while not session.is_over:
            seat = session.person_to_act()
            if seat is None:
                session.play_bot(*session.think())
                continue
            legal = [str(a) for a in session.legal()]
            if wanted(legal):
                return session
            session.play(rng.choice(legal), seat)
    raise AssertionError(f"no seed of {game} reaches the decision")


def _controls(session: Session) -> tuple[str, list[tuple[str, str]], str]:
    view = session.view(0)
    legal = [str(a) for a in session.legal()]
    seating = Seating.of(TR, [False, True], 0)
    buttons, note = controls_for(view, legal, seating)
    return prompt_for(view, legal, seating), [(b.label, b.action) for b in buttons], note


def test_stand_or_beg() -> None:
    prompt, buttons, _ = _controls(reach("seven_up", lambda legal: "stand" in legal))
    assert prompt == "Stand (keep this trump) or beg (ask for another)?"
    assert buttons == [("Stand", "stand"), ("Beg", "beg")]


def test_give_or_run() -> None:
    session = reach("seven_up(gift=true)", lambda legal: "give" in legal)
    prompt, buttons, _ = _controls(session)
    assert prompt == "Eldest begs: give one point, or run the cards?"
    assert buttons == [("Give one point", "give"), ("Run the cards", "run")]


def test_claim_or_count_as_played() -> None:
    session = reach("schnapsen(manual_claim=true)", lambda legal: "pass" in legal)
    prompt, buttons, _ = _controls(session)
    assert prompt.startswith("The last trick is yours. Do you have 66?")
    assert buttons == [("Claim 66", "claim"), ("Count as played", "pass")]


def test_close_and_claim_on_lead() -> None:
    session = reach("schnapsen(manual_claim=true)", lambda legal: "close" in legal)
    _, buttons, _ = _controls(session)
    assert ("Close the stock", "close") in buttons and ("Claim 66", "claim") in buttons


def test_discards_are_cards_of_the_hand() -> None:
    session = reach("seven_up", lambda legal: any(a.startswith("discard") for a in legal))
    prompt, buttons, _ = _controls(session)
    assert prompt.startswith("Discard down to 6")
    assert buttons == []

    async def go() -> tuple[int, int, str, list[str]]:
        app = TableApp(session, lang="en", bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            hand = table(app).query_one(HandView)
            before = len(hand.cards)
            assert hand.has_focus and set(hand.playable) == set(hand.cards)
            await pilot.press("enter")
            await settle(pilot)
            log = table(app).query_one(LogPanel).sentences()
            return before, len(hand.cards), screen_text(app), log

    before, after, text, log = asyncio.run(go())
    assert after == before - 1
    assert any(line.startswith("You discard the ") for line in log)
    # A resumed match's log starts with the deal as it was dealt.
    assert log[0].startswith("Deal 1:")
    if "Discard down to 6" in text:
        assert "Your discards:" in text
