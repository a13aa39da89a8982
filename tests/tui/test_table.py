"""The table's decisions and panels: marriages, the exchange, the hook, hints, the last trick,
the rules, the keys, the score sheet, the language, resizing, watching and pass and play."""

from __future__ import annotations

import asyncio

from textual.widgets import Button

from atout.tui.controls import Controls
from atout.tui.hand import HandView
from atout.tui.handover import Handover
from atout.tui.keys import KeysScreen
from atout.tui.log import LogPanel
from atout.tui.rules import RulesScreen
from atout.tui.scores import SheetScreen
from atout.tui.summary import DealSummary, MatchSummary
from atout.tui.table import TableScreen
from tests.tui.driver import new_app, screen_text, settle, table, take_turn

# Seeds found for the decisions they bring (random computer seats).
MARRIAGE_SEED = 9  # Schnapsen: eldest's first lead may declare 20 in diamonds
EXCHANGE_SEED = 10  # Schnapsen: eldest may exchange the trump Jack at once
HOOK_SEED = 3  # River (3 players, 3 cards): the reader deals, and may not bid 0


def run(coro: object) -> object:
    return asyncio.run(coro)  # type: ignore[arg-type]


def test_a_marriage_is_marked_in_the_hand_and_a_king_asks() -> None:
    """One way to declare (issue 17 §4.8): no marriage buttons beside the hand; the King and
    Queen that may declare carry the points, and the one chosen asks."""

    async def go() -> tuple[list[str], list[str], list[str]]:
        app = new_app("schnapsen", seed=MARRIAGE_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            screen = table(app)
            offered = [str(b.label) for b in screen.query_one(Controls).buttons()]
            # The King of diamonds chosen in the hand: lead it with or without declaring.
            hand = screen.query_one(HandView)
            assert hand.marriages == {11 + 13 * 1: 20, 10 + 13 * 1: 20}
            assert str(hand.render()).count("20") == 2
            king = next(c for c in hand.cards if c == 11 + 13 * 1)
            await pilot.press(*["right"] * (hand.cards.index(king) - hand.cursor), "enter")
            await pilot.pause()
            asked = [str(b.label) for b in screen.query_one(Controls).buttons()]
            await pilot.press("enter")
            await settle(pilot)
            return offered, asked, table(app).query_one(LogPanel).sentences()

    offered, asked, log = run(go())  # type: ignore[misc]
    assert not any("Marriage" in label or "declare" in label for label in offered), offered
    assert "[Close the stock]" in offered
    assert asked[:2] == [
        "[Lead the king of diamonds and declare 20]",
        "[Lead the king of diamonds without declaring]",
    ]
    assert any("declare 20 in diamonds" in line for line in log)


def test_exchange_names_its_cards() -> None:
    async def go() -> tuple[list[str], str]:
        app = new_app("schnapsen", seed=EXCHANGE_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            controls = table(app).query_one(Controls)
            labels = [str(b.label) for b in controls.buttons()]
            exchange = next(b for b in controls.buttons() if b.name == "exchange")
            await pilot.click(exchange)
            await settle(pilot)
            return labels, "\n".join(table(app).query_one(LogPanel).sentences())

    labels, log = run(go())  # type: ignore[misc]
    assert any(label.startswith("[Exchange the jack of") for label in labels)
    assert "You exchange the jack of" in log


def test_the_hook_is_shown_and_explained() -> None:
    async def go() -> tuple[list[tuple[str, bool]], str]:
        app = new_app("river(players=3,start_cards=3)", seed=HOOK_SEED)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            buttons = table(app).query_one(Controls).buttons()
            # The disabled button cannot be pressed; the first allowed one has the focus.
            assert isinstance(app.focused, Button) and app.focused.name == "bid 1"
            return [(str(b.label), b.disabled) for b in buttons], screen_text(app)

    buttons, text = run(go())  # type: ignore[misc]
    assert buttons == [("[0]", True), ("[1]", False), ("[2]", False), ("[3]", False)]
    assert "You deal, so you bid last and may not bid 0" in " ".join(text.split())


def test_a_hint_points_at_a_card() -> None:
    async def go() -> tuple[str, int | None, object]:
        app = new_app("schnapsen", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("h")
            await settle(pilot)
            for _ in range(100):
                if table(app).hinted is not None:
                    break
                await pilot.pause(0.02)
            screen = table(app)
            return screen_text(app), screen.query_one(HandView).current, screen.hinted

    text, current, hinted = run(go())  # type: ignore[misc]
    assert "A hint: play the " in text
    # Why, and the next best (atout.advice): the note wraps under the controls.
    assert "Next best: " in " ".join(text.split())
    assert getattr(hinted, "card", None) == current


def test_typing_h_after_a_rank_is_hearts_not_a_hint() -> None:
    async def go() -> tuple[str, object]:
        app = new_app("schnapsen", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("j", "h")
            await pilot.pause()
            return screen_text(app), table(app).hinted

    text, hinted = run(go())  # type: ignore[misc]
    assert "Typed: JH" in text
    assert hinted is None


def test_the_last_trick_on_demand() -> None:
    async def go() -> tuple[str, str]:
        app = new_app("river(players=3)", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            # Play until a trick is under way with a finished one before it.
            for _ in range(40):
                screen = table(app)
                view = screen.session.view(0)
                if getattr(view, "history", ()) and getattr(view, "trick", ()):
                    break
                await take_turn(pilot)
            before = screen_text(app)
            await pilot.press("l")
            await pilot.pause()
            return before, screen_text(app)

    before, after = run(go())  # type: ignore[misc]
    assert "The last trick" not in before
    assert "The last trick" in after and "won the trick" in after


def test_rules_keys_and_sheet_screens() -> None:
    async def go() -> list[tuple[type, str]]:
        app = new_app("river(players=3)", seed=3)
        seen = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for key in ("r", "question_mark", "s"):
                await pilot.press(key)
                await pilot.pause(0.2)
                seen.append((type(app.screen), screen_text(app)))
                await pilot.press("escape")
                await pilot.pause()
                assert isinstance(app.screen, TableScreen)
        return seen

    (rules, rules_text), (keys, keys_text), (sheet, sheet_text) = run(go())  # type: ignore[misc]
    assert rules is RulesScreen and "The rules of Up and Down the River" in rules_text
    assert keys is KeysScreen and "Type a card and press Enter" in keys_text
    assert sheet is SheetScreen and "Total" in sheet_text and "▶ 10" in sheet_text


def test_the_language_switches_everything() -> None:
    async def go() -> list[str]:
        app = new_app("schnapsen", seed=3)
        texts = []
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(4):
                await pilot.press("g")
                await pilot.pause()
                texts.append(screen_text(app))
        return texts

    fr, de, da, en = run(go())  # type: ignore[misc]
    assert "Votre main" in fr and "Vous recevez 3 cartes." in fr and "Conseil" in fr
    assert "Atout :" in fr and "Points de partie restants" in fr
    assert "Deine Hand" in de and "Tipp" in de
    assert "Din hånd" in da
    assert "Your hand" in en and "You are dealt 3 cards." in en


def test_resizing_changes_the_layout() -> None:
    async def go() -> tuple[int, int, str]:
        app = new_app("river", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            narrow = table(app).query_one("#side").size.width
            await pilot.resize_terminal(120, 40)
            await pilot.pause(0.2)
            wide = table(app).query_one("#side").size.width
            return narrow, wide, screen_text(app)

    narrow, wide, text = run(go())  # type: ignore[misc]
    assert narrow < wide
    # At 120 columns the River score sheet is a panel of the table.
    assert "Total" in text and "▶ 10" in text


def test_watching_bots() -> None:
    async def go() -> tuple[str, str]:
        app = new_app("seven_up", seed=3, people=())
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, (DealSummary, MatchSummary))
            summary = screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            return summary, screen_text(app)

    summary, table_text = run(go())  # type: ignore[misc]
    assert "The deal is over" in summary
    assert "You are watching this table." in table_text


def test_pass_and_play_hides_the_table_between_people() -> None:
    async def go() -> tuple[list[int | None], str]:
        app = new_app("schnapsen", seed=3, people=(0, 1))
        viewers = []
        curtain = ""
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(6):
                viewers.append(table(app).viewer)
                await take_turn(pilot)
                if isinstance(app.screen, Handover):
                    curtain = screen_text(app)
                    await pilot.press("enter")
                    await settle(pilot)
        return viewers, curtain

    viewers, curtain = run(go())  # type: ignore[misc]
    assert set(viewers) == {0, 1}
    assert "Pass the terminal to Player" in curtain
    # The curtain covers the table: no card of either hand shows.
    assert "╭─" not in curtain


def test_a_whole_match_then_again() -> None:
    async def go() -> tuple[str, str]:
        app = new_app("schnapsen", seed=4)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(400):
                if isinstance(app.screen, MatchSummary):
                    break
                if isinstance(app.screen, DealSummary):
                    await pilot.press("enter")
                    await settle(pilot)
                    continue
                await take_turn(pilot)
            else:
                raise AssertionError("the match did not end")
            over = screen_text(app)
            await pilot.press("enter")  # Play again
            await settle(pilot)
            return over, screen_text(app)

    over, again = run(go())  # type: ignore[misc]
    assert "The match is over" in over
    assert "wins the match" in over or "You win the match" in over
    assert "[Play again]" in over and "[Review the match]" in over
    assert "Deal 1" in again


def test_computer_moves_are_paced() -> None:
    """Each computer move waits ``bot_delay`` after the one before, so that a person sees
    every card land."""

    async def go() -> tuple[float, int]:
        # The reader deals: both computer seats bid first.
        app = new_app("river(players=3,start_cards=3)", seed=HOOK_SEED)
        app.bot_delay = 0.1
        loop = asyncio.get_running_loop()
        async with app.run_test(size=(80, 24)) as pilot:
            start = loop.time()
            await settle(pilot)
            elapsed = loop.time() - start
            bots_moved = len(table(app).session.state.history)
        return elapsed, bots_moved

    elapsed, bots_moved = run(go())  # type: ignore[misc]
    assert bots_moved >= 2
    # The first move waits for nothing; each after it for the delay.
    assert elapsed >= 0.1 * (bots_moved - 1)


def test_the_language_switches_under_a_summary_and_the_keys() -> None:
    async def go() -> tuple[str, str]:
        app = new_app("seven_up", seed=3)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            for _ in range(40):
                if isinstance(app.screen, DealSummary):
                    break
                await take_turn(pilot)
            await pilot.press("g")
            await pilot.pause()
            summary = screen_text(app)
            await pilot.press("enter")
            await settle(pilot)
            await pilot.press("question_mark")
            await pilot.pause()
            await pilot.press("g")
            await pilot.pause()
            return summary, screen_text(app)

    summary, keys = run(go())  # type: ignore[misc]
    assert "La donne est terminée" in summary and "[Continuer]" in summary
    assert "Tasten" in keys and "Eine Karte deiner Hand wählen" in keys
