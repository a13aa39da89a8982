"""Four languages: every string exists in each, the page follows the browser's language, and
switching at the table re-says everything (controls, cards, the log, the rules)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import make_table, play, wait_turn
from tests.web.test_schnapsen import PACK


def test_every_language_has_every_string(pages: Pages) -> None:
    page = pages.open("/")
    expect(page.locator("h1")).to_contain_text("Play Schnapsen")
    assert page.evaluate("window.atout.missingKeys()") == []


def test_the_page_follows_the_browsers_language(pages: Pages) -> None:
    page = pages.open("/", locale="de-AT")
    expect(page.locator("h1")).to_contain_text("Spiel Schnapsen")
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.get_by_label("Zehn für den letzten Stich")).to_be_visible()
    danish = pages.open("/", locale="da-DK")
    expect(danish.locator("h1")).to_contain_text("Op og ned ad floden")


def test_switching_to_french_at_the_table(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    play(page, "AH")
    wait_turn(page)
    expect(page.get_by_role("button", name="Close the stock")).to_be_visible()

    page.locator("#lang").select_option("fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.get_by_role("button", name="Fermer le talon")).to_be_visible()
    expect(page.locator(".decide .prompt")).to_contain_text("À vous")
    expect(page.locator(".hand button.card[data-card='KH']")).to_have_accessible_name(
        "roi de cœur, jouable"
    )
    expect(page.locator(".log")).to_contain_text("Vous jouez l\u2019as de cœur.")
    expect(page.locator(".scores h2")).to_have_text("Points de partie restants")
    shot(page, "schnapsen-desktop-french")

    page.get_by_role("button", name="Règles").click()
    rules = page.locator("dialog.rules")
    expect(rules.locator("h2").first).to_have_text("Les règles du Schnapsen")
    expect(rules).to_contain_text("Mariages")  # the French rule book, not the English
    rules.get_by_role("button", name="Fermer").click()

    page.reload()  # the choice is kept
    wait_turn(page)
    expect(page.get_by_role("button", name="Fermer le talon")).to_be_visible()
