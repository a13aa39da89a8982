"""The same cards again in the browser (issue 17, section 2): from the review of a finished
match, play it again from the same cards (a new table, the same hand), ask how the expert
played the same cards (the two lines side by side with the difference), and open a record
file from the lobby (a good one opens its review, a bad one is refused with the step)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import httpx
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import ace_of_trumps_bid_0, legal_cards, wait_turn


def test_the_same_cards_are_played_again_and_beside_the_expert(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, _ann, page = ace_of_trumps_bid_0(pages, server)
    panel = page.locator("section.same-cards")
    expect(panel.locator("select.same-cards-seat")).to_have_value("2")  # Ann's own seat

    # How the expert played Ann's card: it bids the trick its ace takes.
    panel.get_by_role("button", name="Play deal 1 with the expert").click()
    verdict = panel.locator(".duel-verdict")
    expect(verdict).to_have_text(
        "The expert made 10 points more of these cards than you.", timeout=60_000
    )
    lines = panel.locator(".duel-line")
    expect(lines.nth(0)).to_contain_text("Worth +1 points")
    expect(lines.nth(0)).to_contain_text("bid 0")
    expect(lines.nth(1)).to_contain_text("The expert")
    expect(lines.nth(1)).to_contain_text("Worth +11 points")
    expect(lines.nth(1)).to_contain_text("bid 1")
    shot(page, "duplicate-review")

    # Again, from the same cards: a new table where Ann holds the ace of trumps again.
    panel.get_by_role("button", name="Play the match again from the first round").click()
    expect(page).not_to_have_url(f"{server.url}/#review={table}")
    assert "#table=" in page.url
    wait_turn(page)
    page.locator('.bids button.bid[data-action="bid 1"]').click()
    wait_turn(page)
    assert legal_cards(page) == ["AS"]


def test_a_record_file_opens_its_review_and_a_bad_one_is_refused(
    pages: Pages, server: ServerProcess, tmp_path: Path
) -> None:
    table, _ann, _page = ace_of_trumps_bid_0(pages, server)
    data = httpx.get(f"{server.url}/api/tables/{table}/record", timeout=30).json()
    good = tmp_path / "match.json"
    good.write_text(json.dumps(data))
    data["actions"][1][1] = "bid 7"
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(data))
    junk = tmp_path / "notes.json"
    junk.write_text("not json {")

    pages.allow("status of 422")  # the edited record's refusal, as the browser reports it
    page = pages.open("/")
    picker = page.locator("#record-file")
    flash = page.locator(".record-drop .flash")
    picker.set_input_files(str(junk))
    expect(flash).to_have_text("The record was refused: notes.json is not a JSON file.")
    picker.set_input_files(str(bad))
    expect(flash).to_contain_text("The record was refused: record step 2 (seat 2, 'bid 7')")
    picker.set_input_files(str(good))
    expect(page.locator(".review h1")).to_be_visible()
    assert "#review=" in page.url and table not in page.url
    expect(page.locator(".all-hands")).to_contain_text("Ann")
