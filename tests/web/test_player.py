"""You, over time, in the browser (issue 17, section 3): a new player starts a history from the
lobby (a key shown once, no password), finishes matches, and finds them on their page with the
statistics, the rating against the computer and its graph, the next level to try, a link to
each review; the key moves the history to another browser."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import Client, ServerProcess, Table
from tests.server.play import play as play_api
from tests.web.conftest import Pages
from tests.web.helpers import ace_of_trumps, close_dialogs, legal_cards, play, wait_turn


def _schnapsen_match(base: str, key: str) -> str:
    """A Schnapsen match against ``random``, made with the player's key and played to its end
    through the API."""

    async def run() -> str:
        client = Client(base)
        r = await client.http.post(
            "/api/tables",
            json={"game": "schnapsen", "seats": ["human", "random"]},
            headers={"X-Player-Key": key},
        )
        made = r.json()
        table = Table(made["table"]["id"], {0: made["token"]})
        await play_api(client, table, "schnapsen", seed=3)
        await client.aclose()
        return table.id

    # In a thread of its own: Playwright's sync API keeps an event loop running in this one.
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def test_a_player_keeps_a_history_a_rating_and_takes_it_to_another_browser(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    page = pages.open("/")
    panel = page.locator("section.player-panel")
    panel.get_by_label("Your name").fill("Ann")
    panel.get_by_role("button", name="Start my history").click()
    key = panel.locator(".player-key .key").inner_text()
    assert len(key) >= 40
    assert page.evaluate("localStorage.getItem('atout.player')") == key
    expect(panel).to_contain_text("Playing as Ann.")

    # A River round at the table, in the browser: the lobby's key goes with the table.
    river, ann = ace_of_trumps(server, key)
    page.evaluate("s => localStorage.setItem('atout.seats', JSON.stringify(s))", {river: ann})
    page.goto(f"/#table={river}")
    wait_turn(page)
    page.locator('.bids button.bid[data-action="bid 1"]').click()
    wait_turn(page)
    play(page, legal_cards(page)[0])
    expect(page.locator(".table")).to_have_attribute("data-status", "over")
    close_dialogs(page)
    schnapsen = _schnapsen_match(server.url, key)

    page.goto("/#me")
    expect(page.locator(".player-page h1")).to_have_text("Ann: history and rating")
    rows = page.locator(".history .table-row")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_have_attribute("data-table", schnapsen)  # newest first
    expect(rows.nth(1)).to_contain_text("Up and Down the River")
    expect(rows.nth(1)).to_contain_text("won (")
    expect(rows.nth(1)).to_contain_text("\u201311\u2013")  # seat 2, the ace of trumps: 1 + 10
    # River: an exact bid in its one round.
    river_row = page.locator('.game-stats[data-game="river"] tr[data-level="random"]')
    expect(river_row).to_contain_text("100%")
    # Schnapsen: rated after one match, a graph, and a level to try.
    rating = page.locator('.rating[data-game="schnapsen"]')
    expect(rating.locator(".rating-value")).to_contain_text("after 1 matches")
    expect(rating.locator(".rating-graph circle")).to_have_count(1)
    expect(rating).to_contain_text("next level to try:")
    expect(page.locator('.rating[data-game="seven_up"]')).to_contain_text(
        "Not rated yet · next level to try: easy"
    )
    shot(page, "player-page")
    # Each match leads to its review.
    rows.nth(1).get_by_role("link", name="Review the match").click()
    expect(page.locator(".review h1")).to_be_visible()

    # Another browser, the same player: the key brings the history.
    other = pages.open("/")
    other_panel = other.locator("section.player-panel")
    other_panel.get_by_label("Or your player key from another device:").fill(key)
    other_panel.get_by_role("button", name="Use this key").click()
    expect(other_panel).to_contain_text("Playing as Ann.")
    other.goto("/#me")
    expect(other.locator(".history .table-row")).to_have_count(2)
    # A key nobody has is refused and not kept.
    pages.allow("status of 403")
    third = pages.open("/")
    third.locator("#player-key").fill("not-a-key")
    third.get_by_role("button", name="Use this key").click()
    expect(third.locator("section.player-panel .error")).to_contain_text("No player has this key")
    assert third.evaluate("localStorage.getItem('atout.player')") is None
