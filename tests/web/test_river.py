"""Up and Down the River in the browser: the hook disables the dealer's forbidden bid; two
players in two browsers meet at one table by invite link, play it to its end, review it and
play again."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import (
    cards,
    close_dialogs,
    legal_cards,
    make_table,
    numbers,
    play,
    seq,
    wait_turn,
)

#: Three cards each, dealt one at a time from seat 1; you (seat 0) deal and get A K Q of
#: spades, the five of spades is turned: the others hold low cards of one suit each and will
#: hardly bid a trick.
LOW = cards("2C 2D 2H AS 3C 3D 3H KS 4C 4D 4H QS 5S")


def river_pack() -> list[str]:
    """The whole 52-card pack: LOW on top, the rest in any order."""
    rest = [r + s for s in "CDHS" for r in cards("2 3 4 5 6 7 8 9 10 J Q K A")]
    return LOW + [c for c in rest if c not in LOW]


def test_the_hook_disables_the_dealers_forbidden_bid(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(
        server.url,
        "river",
        ["human", "medium", "medium", "medium"],
        rules="river(start_cards=3)",
        packs=[river_pack()],
        dealer=0,
    )
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)  # the three others bid first; the dealer bids last
    expect(page.locator(".decide .prompt")).to_contain_text("how many tricks")
    bids = page.locator(".bids button.bid")
    expect(bids).to_have_count(4)  # 0 to 3
    forbidden = page.locator(".bids button.bid[disabled]")
    expect(forbidden).to_have_count(1)
    n = int(forbidden.inner_text())
    note = page.locator("#hook-note").inner_text()
    said = numbers(note)
    assert said[0] == n and said[2] == 3 and said[1] + n == 3, note  # may not bid n: others + n = 3
    assert "(the hook)" in note
    expect(forbidden).to_have_accessible_name(f"{n}: not allowed (the hook)")
    shot(page, "river-desktop-hook")

    allowed = page.locator(".bids button.bid:not([disabled])")
    before = seq(page)
    allowed.first.click()
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    # Play the round out: whatever is legal, by clicking.
    while not page.locator("dialog[open]").count():
        page.wait_for_function(
            "() => document.querySelector('dialog[open]') ||"
            " document.querySelector('.table[data-turn=mine]')"
        )
        if page.locator("dialog[open]").count():
            break
        play(page, legal_cards(page)[0])
    expect(page.locator("dialog[open]")).to_contain_text("Round 1 (3 cards) is over.")
    close_dialogs(page)
    sheet = page.locator("table.sheet")
    expect(sheet.locator("tbody tr.done")).to_have_count(1)
    expect(sheet.locator("tbody tr.now th")).to_have_text("2")  # round 2 deals 2 cards
    shot(page, "river-desktop-sheet")


def step(page: Page) -> bool:
    """Take this page's turn if it has one (a bid or a card); whether it acted."""
    close_dialogs(page)
    if page.locator(".table[data-turn=mine]").count() == 0:
        return False
    bid = page.locator(".bids button.bid:not([disabled])")
    if bid.count():
        bid.first.click()
        return True
    legal = legal_cards(page)
    if legal:
        play(page, legal[0])
        return True
    return False


def test_two_browsers_meet_by_invite_link_play_a_round_review_it_and_play_again(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    ann = pages.open("/")
    ann.get_by_role("radio", name="Up and Down the River").check()
    ann.locator("#opt-players").select_option("3")
    ann.locator("#opt-start_cards").select_option("1")  # one round of one card: the whole match
    ann.locator("#seat-1").select_option("human")
    ann.locator("#seat-2").select_option("easy")
    ann.locator("#your-name").fill("Ann")
    ann.get_by_role("button", name="Create the table").click()
    link = ann.locator(".invite-link")
    expect(link).to_have_count(1)
    invite = link.input_value()
    assert re.search(r"#table=[\w-]+&invite=[\w-]+$", invite), invite
    expect(ann.locator(".decide .prompt")).to_contain_text("Waiting for 1 more player")
    shot(ann, "river-desktop-waiting")

    bea = pages.open(invite)
    expect(bea.locator("h1")).to_contain_text("Up and Down the River")
    bea.locator("#join-name").fill("Bea")
    bea.get_by_role("button", name="Take the seat").click()
    expect(bea.locator(".table")).to_have_attribute("data-status", "playing")
    expect(ann.locator(".table")).to_have_attribute("data-status", "playing")
    expect(ann.locator(".seats")).to_contain_text("Bea")
    expect(bea.locator(".seats")).to_contain_text("Ann")

    for _ in range(200):
        if all(p.locator(".table[data-status=over]").count() for p in (ann, bea)):
            break
        if not (step(ann) or step(bea)):
            ann.wait_for_timeout(50)
    for p in (ann, bea):
        expect(p.locator(".table")).to_have_attribute("data-status", "over")
        expect(p.locator("table.sheet tbody tr.done")).to_have_count(1)
        close_dialogs(p)
    shot(bea, "river-desktop-over")

    # Bea reviews the match step by step, every hand shown.
    bea.get_by_role("link", name="Review the match").click()
    expect(bea.locator(".stepper .where")).to_contain_text("Step 0 of 6")  # 3 bids, 3 cards
    expect(bea.locator(".all-hands .review-hand")).to_have_count(3)
    bea.get_by_role("button", name="Next step").click()
    expect(bea.locator(".stepper .where")).to_contain_text("Step 1 of 6")
    expect(bea.locator(".review-step")).to_contain_text(re.compile(r"bids? \d"))
    bea.keyboard.press("End")
    expect(bea.locator(".stepper .where")).to_contain_text("Step 6 of 6")
    shot(bea, "river-desktop-review")

    # Ann plays again: a new table with the same players, waiting for a new invitee.
    first = ann.evaluate("location.hash")
    ann.get_by_role("button", name="Play again").click()
    expect(ann.locator(".invite-link")).to_have_count(1)
    assert ann.evaluate("location.hash") != first
    assert ann.locator(".invite-link").input_value() != invite
