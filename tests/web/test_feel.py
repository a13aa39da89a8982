"""How the table feels (issue 17, §4 item 11), in the browser: a forced last card plays by
itself, the card size is a setting (larger on a wide screen), sounds are off until asked for,
dealt and drawn cards arrive in the hand (not when the system asks for less motion), and a
deal's summary may close by itself instead of waiting for Continue."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import PHONE, Pages
from tests.web.helpers import (
    ace_of_trumps,
    cards_in_hand,
    legal_cards,
    make_table,
    play,
    wait_turn,
)
from tests.web.test_schnapsen import PACK

BID_1 = '.bids button.bid[data-action="bid 1"]'
#: How many of the hand's cards are coming into it now (the page's own animations, not the
#: style sheet's transitions).
MOVING_CARDS = """() => document.getAnimations().filter(
    (a) => a.constructor === Animation && a.effect?.target?.matches?.(".hand .card")).length"""


def test_a_forced_last_card_plays_by_itself_unless_the_setting_is_off(
    pages: Pages, server: ServerProcess
) -> None:
    # Ann's one-card River round: once she has bid, her only card is her only move.
    table, ann = ace_of_trumps(server)
    page = pages.open(f"/#table={table}", seats={table: ann}, prefs={"autoPlay": True})
    wait_turn(page)
    page.locator(BID_1).click()
    expect(page.locator(".table")).to_have_attribute("data-status", "over")
    expect(page.locator(".log")).to_contain_text("You play the ace of spades.")

    table, ann = ace_of_trumps(server)
    page = pages.open(f"/#table={table}", seats={table: ann})  # the tests' default: off
    wait_turn(page)
    page.locator(BID_1).click()
    wait_turn(page)
    time.sleep(1.5)  # twice the page's pause before it plays a forced card
    expect(page.locator(".table")).to_have_attribute("data-turn", "mine")
    assert legal_cards(page) == ["AS"]


def _card_width(page: Page) -> float:
    box = page.locator(".hand button.card").first.bounding_box()
    assert box is not None
    return box["width"]


def test_the_card_size_is_a_setting_and_larger_on_a_wide_screen(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    assert _card_width(page) == 86  # "auto" at 1280 px (68 px before: a hand of 360 px)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Card size").select_option("large")
    assert _card_width(page) == 100
    page.get_by_label("Card size").select_option("small")
    assert _card_width(page) == 68
    page.get_by_label("Card size").select_option("large")
    shot(page, "feel-settings")
    page.get_by_role("button", name="Close", exact=True).click()
    shot(page, "feel-large-cards-desktop")
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    assert _card_width(page) == 62  # large, on a phone: still one row of five
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "feel-large-cards-phone")


def test_sounds_are_off_by_default_and_played_when_asked_for(
    pages: Pages, server: ServerProcess
) -> None:
    for asked in (False, True):
        table, seat = make_table(
            server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1
        )
        page = pages.open(f"/#table={table}", seats={table: seat}, prefs={"sounds": asked})
        wait_turn(page)
        play(page, "AH")
        wait_turn(page)
        played = page.evaluate("window.atout.sounds()")
        if asked:
            # Your turn at the start and after the trick; your card and the computer's; the
            # trick gathered.
            assert played.count("turn") == 2 and "card" in played and "trick" in played
        else:
            assert played == []


def test_dealt_and_drawn_cards_arrive_unless_the_system_asks_for_less_motion(
    pages: Pages, server: ServerProcess
) -> None:
    for motion in ("no-preference", "reduce"):
        table, seat = make_table(
            server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1
        )
        page = pages.open(f"/#table={table}", seats={table: seat}, motion=motion)
        wait_turn(page)
        hand = cards_in_hand(page)
        play(page, "AH")
        wait_turn(page)
        drawn = [c for c in cards_in_hand(page) if c not in hand]
        assert len(drawn) == 1, (hand, drawn)
        # The drawn card came into the hand moving, once; not at all under reduced motion.
        arrived = drawn[0] if motion == "no-preference" else ""
        expect(page.locator(".hand")).to_have_attribute("data-arrived", arrived)
        # A later render (a setting changed) draws the hand again, standing still.
        page.get_by_role("button", name="Settings").click()
        page.get_by_label("Four-colour deck").check()
        page.get_by_role("button", name="Close", exact=True).click()
        assert page.evaluate(MOVING_CARDS) == 0


def test_a_deals_summary_waits_for_continue_unless_the_setting_is_off(
    pages: Pages, server: ServerProcess
) -> None:
    # River from 2 cards: 2, 1, 2. The first round's summary waits for Continue, or with the
    # pause off closes by itself and the next round's bid comes up.
    for pause in (True, False):
        table, seat = make_table(
            server.url,
            "river",
            ["human", "random", "random"],
            rules="river(players=3,start_cards=2)",
        )
        page = pages.open(
            f"/#table={table}", seats={table: seat}, prefs={"dealPause": pause, "autoPlay": True}
        )
        page.wait_for_selector(".table[data-turn=mine]")
        while not page.locator("dialog[open]").count():
            page.wait_for_function(
                "() => document.querySelector('dialog[open]') ||"
                " document.querySelector('.table[data-turn=mine]')"
            )
            if page.locator("dialog[open]").count():
                break
            bids = page.locator(".bids button.bid:not([disabled])")
            if bids.count():
                bids.first.click()
            elif legal_cards(page):
                page.click(f'.hand button.card[data-card="{legal_cards(page)[0]}"]')
            page.wait_for_timeout(100)
        summary = page.locator("dialog[open]")
        expect(summary).to_contain_text("Round 1")
        if pause:
            time.sleep(3.5)
            expect(summary).to_be_visible()
        else:
            expect(page.locator("dialog[open]")).to_have_count(0, timeout=5_000)
            page.wait_for_selector(".table[data-turn=mine]")
            expect(page.locator(".table")).to_contain_text("Round 2 of 3")
