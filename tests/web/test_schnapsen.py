"""Schnapsen in the browser: a whole deal against a bot by clicking, with a marriage and a
close; keyboard play; a reload in the middle of a deal; a hint."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import (
    cards,
    cards_in_hand,
    legal_cards,
    make_table,
    numbers,
    play,
    seq,
    wait_turn,
)

#: You (seat 0) lead first holding A 10 K Q of hearts and the ace of spades; the Jack of hearts
#: is turned: hearts are trumps, and nobody can beat your hearts.
PACK = cards("AH 10H KH JC QC KC JH QH AS JD QD AC 10C KD AD 10D QS KS 10S JS")


def test_a_whole_deal_by_clicking_with_a_marriage_and_a_close(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    assert cards_in_hand(page) == ["AH", "10H", "KH", "QH", "AS"]  # trumps first, A 10 K Q
    expect(page.locator(".felt")).to_contain_text("hearts")
    expect(page.locator(".felt .stock .card[aria-label='jack of hearts']")).to_be_visible()
    shot(page, "schnapsen-desktop-start")

    play(page, "AH")  # the ace of trumps wins the first trick
    wait_turn(page)
    assert len(cards_in_hand(page)) == 5  # drawn from the stock
    page.get_by_role("button", name="Close the stock").click()
    wait_turn(page)
    expect(page.locator(".felt")).to_contain_text("closed by you")
    expect(page.locator(".felt")).to_contain_text("Strict rules")

    # The King of trumps with the marriage: the page asks whether to declare.
    page.click('.hand button.card[data-card="KH"]')
    declare = page.get_by_role("button", name="Lead the king of hearts and declare 40")
    expect(declare).to_be_focused()
    plain = page.get_by_role("button", name="Lead the king of hearts without declaring")
    expect(plain).to_be_visible()
    before = seq(page)
    declare.click()
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    expect(page.locator(".log")).to_contain_text("You declare 40 in hearts.")
    shot(page, "schnapsen-desktop-marriage")

    # Lead trumps until the table recognises 66: the deal ends with the summary.
    while not page.locator("dialog[open]").count():
        page.wait_for_function(
            "() => document.querySelector('dialog[open]') ||"
            " document.querySelector('.table[data-turn=mine]')"
        )
        if page.locator("dialog[open]").count():
            break
        legal = legal_cards(page)
        play(page, next(c for c in ["QH", "10H", "AS", *legal] if c in legal))
    summary = page.locator("dialog[open]")
    expect(summary).to_contain_text("You win the deal")
    expect(summary).to_contain_text("reached 66")
    shot(page, "schnapsen-desktop-summary")
    summary.get_by_role("button", name="Continue").click()
    log = page.locator(".log")
    expect(log).to_contain_text("You close the stock.")
    expect(log).to_contain_text("You win deal 1")
    expect(page.locator(".scores")).to_contain_text("Deal 1: You")
    # Game points count down from 7: yours went down, the computer's did not.
    rows = page.locator(".scores .score-row strong.big").all_inner_texts()
    assert int(rows[0]) < 7 and rows[1] == "7"


def test_the_keyboard_plays_a_deal_and_a_reload_resumes_it(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "easy"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    # Arrow keys move along the hand; Enter plays the card in focus.
    first = page.locator(".hand button.card[tabindex='0']")
    first.focus()
    expect(first).to_have_attribute("data-card", "AH")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".hand button.card:focus")).to_have_attribute("data-card", "10H")
    page.keyboard.press("ArrowLeft")
    before = seq(page)
    page.keyboard.press("Enter")
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    wait_turn(page)
    # Typing a card's notation plays it.
    before = seq(page)
    page.keyboard.type("AS")
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    wait_turn(page)
    hand, at, log = cards_in_hand(page), seq(page), page.locator(".log").inner_text()

    page.reload()
    wait_turn(page)
    assert cards_in_hand(page) == hand and seq(page) == at
    expect(page.locator(".seats .chip")).to_contain_text("The computer")
    assert "You play the ace of hearts." in log
    # The hint (a setting, off by default) points at a legal move from this seat's view.
    expect(page.get_by_role("button", name="Hint")).to_have_count(0)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Offer hints").check()
    page.get_by_role("button", name="Close", exact=True).click()
    page.get_by_role("button", name="Hint").click()
    expect(page.locator(".hinted").first).to_be_visible()  # the card, and its marriage button
    expect(page.locator(".advice")).to_contain_text("A hint:")
    shot(page, "schnapsen-desktop-hint")


def test_claiming_66_under_manual_claim(pages: Pages, server: ServerProcess) -> None:
    table, seat = make_table(
        server.url,
        "schnapsen",
        ["human", "easy"],
        rules="schnapsen(manual_claim=true)",
        packs=[PACK],
        dealer=1,
    )
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    claim = page.get_by_role("button", name="Claim 66")
    expect(claim).to_be_visible()  # on lead one may claim at any time (wrongly, too)
    page.click('.hand button.card[data-card="KH"]')
    page.get_by_role("button", name="Lead the king of hearts and declare 40").click()
    for card in ["AH", "10H", "QH", "AS"]:
        wait_turn(page)
        if numbers(page.locator(".scores .points").inner_text())[0] >= 66:
            break
        play(page, card)
    wait_turn(page)
    expect(page.locator("dialog[open]")).to_have_count(0)  # the table does not end it
    assert numbers(page.locator(".scores .points").inner_text())[0] >= 66
    claim.click()
    expect(page.locator("dialog[open]")).to_contain_text("You win the deal")
    expect(page.locator(".log")).to_contain_text("You claim 66, rightly")


def test_the_table_reconnects_by_itself_after_the_server_comes_back(
    pages: Pages, tmp_path: Path
) -> None:
    own = ServerProcess(tmp_path, args=("--fixed-deals",)).start()
    try:
        table, seat = make_table(own.url, "schnapsen", ["human", "easy"], packs=[PACK], dealer=1)
        page = pages.open(f"/#table={table}", seats={table: seat}, base=own.url)
        # While the server is down the browser itself reports each refused connection.
        pages.allow("net::ERR_CONNECTION_REFUSED")
        wait_turn(page)
        play(page, "AH")
        wait_turn(page)
        hand, at = cards_in_hand(page), seq(page)
        own.stop()  # the network is gone, as far as the page can tell
        expect(page.locator("#banner")).to_contain_text("reconnecting")
        own.start()
        expect(page.locator("#banner")).to_be_hidden(timeout=20_000)
        wait_turn(page)
        assert cards_in_hand(page) == hand and seq(page) == at
        play(page, "AS")  # and the match goes on
    finally:
        own.stop()
