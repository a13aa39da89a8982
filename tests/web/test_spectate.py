"""Watching a table in the browser: a spectator opens a table's link without a seat, is told it
is watching, sees only what is public (the turned trump; no card of either hand), and follows
the play as it happens."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import make_table, play, seq, wait_turn
from tests.web.test_schnapsen import PACK


def _card_labels(page: Page) -> set[str]:
    """The names of every card the page shows face up (a face-down card has no name)."""
    labels = page.eval_on_selector_all(
        ".card[aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    return {label for label in labels if " of " in label}


def test_a_spectator_sees_only_public_cards_and_follows_the_play(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    player = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(player)
    watcher = pages.open(f"/#table={table}")
    expect(watcher.locator(".decide .prompt")).to_have_text("You are watching this table.")
    expect(watcher.locator(".hand")).to_have_count(0)
    expect(watcher.locator(".table")).to_have_attribute("data-seq", str(seq(player)))
    # Before any card is played only the turned trump is public.
    assert _card_labels(watcher) == {"jack of hearts"}
    shot(watcher, "spectator-start")

    play(player, "AH")  # the medium bot answers; the trick is over
    wait_turn(player)
    expect(watcher.locator(".table")).to_have_attribute("data-seq", str(seq(player)))
    expect(watcher.locator(".log")).to_contain_text("ace of hearts")
    # The player's hand (the A K Q 10 of hearts and the ace of spades, then a card drawn)
    # never shows on the watcher's page, save the ace just played.
    hidden = {"ten of hearts", "king of hearts", "queen of hearts", "ace of spades"}
    assert not _card_labels(watcher) & hidden
    assert not any(name in watcher.locator("body").inner_text() for name in hidden)
