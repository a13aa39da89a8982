"""What the browser tests do at a table: seat a browser at a table made through the API (with
the packs a test needs), wait for its turn, click cards and controls, close the summaries."""

from __future__ import annotations

import re
from typing import Any

import httpx
from playwright.sync_api import Page, expect

__all__ = [
    "cards",
    "cards_in_hand",
    "close_dialogs",
    "legal_cards",
    "make_table",
    "play",
    "wait_turn",
]


def make_table(base: str, game: str, seats: list[str], **more: Any) -> tuple[str, dict[str, Any]]:
    """A table made through the API (``packs``, ``dealer`` and ``seed`` need --fixed-deals):
    its id, and the creator's seat as the page keeps it in localStorage."""
    r = httpx.post(f"{base}/api/tables", json={"game": game, "seats": seats, **more}, timeout=30)
    assert r.status_code == 201, r.text
    made = r.json()
    return made["table"]["id"], {
        "token": made["token"],
        "seat": made["seat"],
        "invites": made["invites"],
        "game": game,
    }


def close_dialogs(page: Page) -> list[str]:
    """Close every open dialog (Continue, or Close: never Play again); the dialogs' texts."""
    texts = []
    for dialog in page.locator("dialog[open]").all():
        texts.append(dialog.inner_text())
        dialog.locator("[data-key='dlg:continue'], [data-key='dlg:close']").first.click()
    return texts


def wait_turn(page: Page, timeout: float = 15_000) -> None:
    """Wait until this seat may act (bots think meanwhile); summaries are closed on the way."""
    page.wait_for_function(
        "() => document.querySelector('dialog[open]') ||"
        " document.querySelector('.table[data-turn=mine]')",
        timeout=timeout,
    )
    if page.locator("dialog[open]").count():
        close_dialogs(page)
        wait_turn(page, timeout)


def cards_in_hand(page: Page) -> list[str]:
    """The cards of the hand shown, in order."""
    return page.eval_on_selector_all(".hand button.card", "els => els.map(e => e.dataset.card)")


def legal_cards(page: Page) -> list[str]:
    """The cards of the hand that may be played (or discarded) now."""
    return page.eval_on_selector_all(
        ".hand button.card.legal", "els => els.map(e => e.dataset.card)"
    )


def play(page: Page, card: str) -> None:
    """Click a card of the hand and wait for the table to move on."""
    seq = int(page.get_attribute(".table", "data-seq") or 0)
    page.click(f'.hand button.card[data-card="{card}"]')
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(seq))


def seq(page: Page) -> int:
    """The number of actions the table shown has applied."""
    return int(page.get_attribute(".table", "data-seq") or 0)


def cards(text: str) -> list[str]:
    """Card texts from a line of them (a pack, a hand)."""
    return text.split()


def numbers(text: str) -> list[int]:
    """The whole numbers in a text."""
    return [int(n) for n in re.findall(r"\d+", text)]
