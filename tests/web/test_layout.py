"""Each game's table fits a 360 px phone and a desktop, in light and dark; the screenshots
are kept in ``tests/web/screenshots/`` to be looked at."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import DESKTOP, PHONE, Pages

TABLES = {
    "schnapsen": ("schnapsen", ["human", "medium"]),
    "sevenup": ("seven_up", ["human", "medium"]),
    "river": ("river(players=6)", ["human", "easy", "easy", "easy", "easy", "easy"]),
}


def fits(page: Page, width: int) -> None:
    """Nothing sticks out sideways."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("name", list(TABLES))
def test_each_table_fits_a_phone_and_a_desktop(
    name: str, pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    rules, seats = TABLES[name]
    lobby = pages.open("/", viewport=PHONE)
    fits(lobby, PHONE["width"])
    game = rules.split("(")[0]
    lobby.locator(f"#game-{game}").check()
    if game == "river":
        lobby.locator("#opt-players").select_option("6")
    for s in range(1, len(seats)):
        lobby.locator(f"#seat-{s}").select_option(seats[s])
    if name == "schnapsen":
        shot(lobby, "lobby-phone")
    lobby.get_by_role("button", name="Create the table").click()
    expect(lobby.locator(".hand button.card").first).to_be_visible()
    table = lobby.evaluate("location.hash")
    shot(lobby, f"{name}-phone")
    fits(lobby, PHONE["width"])
    # Every control and card is a button with a name; the hand is one tab stop.
    for button in lobby.locator("main button").all():
        assert (button.get_attribute("aria-label") or button.inner_text()).strip()

    seat = lobby.evaluate("JSON.parse(localStorage.getItem('atout.seats'))")
    for scheme in ("light", "dark"):
        page = pages.open(f"/{table}", viewport=DESKTOP, scheme=scheme, seats=seat)
        expect(page.locator(".hand button.card").first).to_be_visible()
        shot(page, f"{name}-desktop-{scheme}")
        fits(page, DESKTOP["width"])


def test_tricks_animate_unless_the_system_asks_for_less_motion(
    pages: Pages, server: ServerProcess
) -> None:
    page = pages.open("/", motion="no-preference")
    page.get_by_role("button", name="Create the table").click()  # Schnapsen against medium
    expect(page.locator(".table")).to_have_attribute("data-turn", "mine", timeout=20_000)
    legal = page.locator(".hand button.card.legal").first
    legal.click()
    # A King or Queen of a marriage held asks first whether to declare it (the deal is random).
    plain = page.get_by_role("button", name=re.compile("without declaring"))
    expect(page.locator(".trick .played").or_(plain).first).to_be_visible()
    if plain.is_visible():
        plain.click()
    # The card flies in; a finished trick stays a moment, then leaves. A click skips it.
    expect(page.locator(".trick .played").first).to_be_visible()
    page.locator(".felt").click()
    expect(page.locator(".table")).to_have_attribute("data-turn", "mine", timeout=20_000)
