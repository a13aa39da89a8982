"""The table of each game at 80x24 and at 120x40, compared with stored screenshots (SVG files
in ``__snapshots__``; ``pytest --snapshot-update`` writes them again: look at them before
keeping them). Fixed seeds, random computer seats, no pause after their moves: the screen
waits for the person's first decision of the deal (or, for River, of its first tricks)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot

from tests.tui.driver import new_app, settle, take_turn

SIZES = [(80, 24), (120, 40)]
#: (rules, seed, decisions taken before the screenshot)
TABLES = {
    "schnapsen": ("schnapsen", 3, 3),
    "seven_up": ("seven_up", 3, 2),
    "river": ("river", 3, 3),
}


def _after(turns: int) -> Callable[[Pilot[int]], object]:
    async def run_before(pilot: Pilot[int]) -> None:
        await settle(pilot)
        for _ in range(turns):
            await take_turn(pilot)

    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game", list(TABLES))
def test_table(game: str, size: tuple[int, int], snap_compare: Callable[..., bool]) -> None:
    rules, seed, turns = TABLES[game]
    app = new_app(rules, seed=seed)
    assert snap_compare(app, terminal_size=size, run_before=_after(turns))


def test_deal_summary(snap_compare: Callable[..., bool]) -> None:
    async def to_the_summary(pilot: Pilot[int]) -> None:
        await settle(pilot)
        for _ in range(40):
            if type(pilot.app.screen).__name__ == "DealSummary":
                return
            await take_turn(pilot)

    app = new_app("seven_up", seed=3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=to_the_summary)


def test_french(snap_compare: Callable[..., bool]) -> None:
    app = new_app("schnapsen", seed=9, lang="fr")
    assert snap_compare(app, terminal_size=(80, 24), run_before=_after(0))
