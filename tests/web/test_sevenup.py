"""Seven Up in the browser: a hand through beg, run and the discards, played to its score."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import cards, cards_in_hand, legal_cards, make_table, play, seq, wait_turn

#: You are eldest (seat 0): A K Q J 10 9 of spades. The deuce of hearts is turned; you beg; the
#: dealer runs the cards (3H 4H 3D to you) and turns the deuce of diamonds: diamonds are trumps,
#: and your three of diamonds is the only one in play (High and Low).
PACK = cards(
    "AS KS QS 2C 3C 4C JS 10S 9S 5C 6C 7C 2H 3H 4H 3D 8C 9C 10C 2D 5H 4D 5D 6D 7D 8D 9D 10D "
    "JD QD KD AD 6H 7H 8H 9H 10H JH QH KH AH 8S 7S 6S 5S 4S 3S 2S JC QC KC AC"
)


def test_a_hand_through_beg_run_and_discards(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "seven_up", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    expect(page.locator(".felt")).to_contain_text("Proposed trump")
    expect(page.locator(".decide .prompt")).to_contain_text("Stand")
    shot(page, "sevenup-desktop-stand-or-beg")
    before = seq(page)
    page.get_by_role("button", name="Beg").click()
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    wait_turn(page)
    log = page.locator(".log")
    expect(log).to_contain_text("You beg.")
    expect(log).to_contain_text("runs the cards.")
    expect(page.locator(".felt")).to_contain_text("Trumps diamonds")
    # The begged turn-up lies beside the pack, out of play.
    expect(page.locator(".felt .rejected .card[aria-label='two of hearts']")).to_be_visible()

    # Nine cards: discard three, one at a time, choosing by click.
    assert len(cards_in_hand(page)) == 9
    expect(page.locator(".decide .prompt")).to_contain_text("choose 3 more")
    shot(page, "sevenup-desktop-discard")
    for card in ["3H", "4H", "9S"]:
        play(page, card)
        expect(page.locator(".decide .discards")).to_contain_text("Your discards")
    wait_turn(page)
    assert len(cards_in_hand(page)) == 6
    expect(log).to_contain_text("You discard the three of hearts.")
    expect(log).to_contain_text("The computer discards a card.")  # its discards stay hidden

    # Six tricks, then the hand's High, Low, Jack and Game.
    while not page.locator("dialog[open]").count():
        page.wait_for_function(
            "() => document.querySelector('dialog[open]') ||"
            " document.querySelector('.table[data-turn=mine]')"
        )
        if page.locator("dialog[open]").count():
            break
        play(page, legal_cards(page)[0])
    summary = page.locator("dialog[open]")
    expect(summary).to_contain_text("Points this hand: You")
    expect(summary).to_contain_text("High: You (3♦)")
    expect(summary).to_contain_text("Low: You (3♦)")
    expect(summary).to_contain_text("Game")
    shot(page, "sevenup-desktop-summary")
    summary.get_by_role("button", name="Continue").click()
    expect(page.locator(".scores table.hands")).to_contain_text("High")
    expect(log).to_contain_text("Hand 1 is scored: High: you, Low: you")
    scores = page.locator(".scores .score-row strong.big").all_inner_texts()
    assert sum(int(s) for s in scores) >= 1
