"""What the browser tests do at a table: seat a browser at a table made through the API (with
the packs a test needs), wait for its turn, click cards and controls, close the summaries."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
from playwright.sync_api import Page, expect

if TYPE_CHECKING:
    from tests.server.harness import ServerProcess
    from tests.web.conftest import Pages

__all__ = [
    "ACE_OF_TRUMPS",
    "ace_of_trumps",
    "ace_of_trumps_bid_0",
    "cards",
    "cards_in_hand",
    "close_dialogs",
    "legal_cards",
    "make_table",
    "play",
    "wait_turn",
]


def make_table(
    base: str, game: str, seats: list[str], *, key: str | None = None, **more: Any
) -> tuple[str, dict[str, Any]]:
    """A table made through the API (``packs``, ``dealer`` and ``seed`` need --fixed-deals),
    by the player with ``key`` if given: its id, and the creator's seat as the page keeps it in
    localStorage."""
    headers = {"X-Player-Key": key} if key else {}
    r = httpx.post(
        f"{base}/api/tables",
        json={"game": game, "seats": seats, **more},
        headers=headers,
        timeout=30,
    )
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


#: One card each, spades trumps, and Ann (seat 2) holds AS: she takes the one trick whatever
#: is led, so a bid of 0 costs her the exact bonus, 10 points (RULES.md §2 score).
ACE_OF_TRUMPS: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "data" / "coach" / "ace-of-trumps-bid-0.json").read_text()
)


def ace_of_trumps(server: ServerProcess, key: str | None = None) -> tuple[str, dict[str, Any]]:
    """Ann's one-card River (:data:`ACE_OF_TRUMPS`), made by the player with ``key`` if given:
    the table and her seat."""
    return make_table(
        server.url,
        "river",
        ["random", "random", "human", "random"],
        key=key,
        rules=ACE_OF_TRUMPS["rules"],
        packs=ACE_OF_TRUMPS["packs"],
        dealer=ACE_OF_TRUMPS["dealer"],
        seat=2,
        name="Ann",
    )


def ace_of_trumps_bid_0(pages: Pages, server: ServerProcess) -> tuple[str, dict[str, Any], Page]:
    """Ann's one-card River (:data:`ACE_OF_TRUMPS`) played in the browser: she bids 0 and
    plays her card. The table, her seat, and a page on its review (opened by its address:
    the match-over dialog may still be on its way)."""
    table, ann = ace_of_trumps(server)
    page = pages.open(f"/#table={table}", seats={table: ann})
    wait_turn(page)
    page.locator('.bids button.bid[data-action="bid 0"]').click()
    wait_turn(page)
    play(page, legal_cards(page)[0])
    expect(page.locator(".table")).to_have_attribute("data-status", "over")
    close_dialogs(page)
    return table, ann, pages.open(f"/#review={table}", seats={table: ann})
