"""The coach in the browser (issue 17, section 1): a person finishes a match, opens its
review, asks for the analysis, follows its progress, sees the graph of the evaluation and the
blunder marked on its step, in both modes; the record downloads and replays."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from atout import record as records
from tests.server.harness import ServerProcess
from tests.web.conftest import Pages
from tests.web.helpers import ace_of_trumps_bid_0


def test_a_finished_match_is_analysed_and_its_blunder_shown_on_its_step(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    _table, _ann, page = ace_of_trumps_bid_0(pages, server)
    coach = page.locator("section.coach")
    expect(coach).to_contain_text("As you saw it")
    coach.get_by_role("button", name="Analyse the match").click()
    expect(coach.locator(".coach-graph")).to_be_visible(timeout=60_000)
    expect(coach.locator(".coach-accuracy")).to_contain_text("You: accuracy 0%")
    expect(coach.locator(".coach-verdicts")).to_contain_text("Blunder: 1")
    expect(coach.locator(".coach-graph .dot.verdict-blunder")).to_have_count(1)

    # The costliest decision leads to its step, where the review says what the coach found.
    coach.locator(".coach-costliest button").first.click()
    expect(page.locator(".stepper .where")).to_contain_text("Step 2 of")
    note = page.locator(".review-step .coach-note.verdict-blunder")
    expect(note).to_contain_text("Blunder. Bid 1: +11.00; played: +1.00 (points).")
    expect(coach.locator(".coach-graph .dot.here")).to_have_count(1)
    shot(page, "coach-review")

    # With all cards open: the same verdict, a second analysis of its own.
    coach.get_by_label("All cards open").check()
    coach.get_by_role("button", name="Analyse the match").click()
    expect(coach.locator(".coach-graph .dot.verdict-blunder")).to_have_count(1, timeout=60_000)
    expect(coach.locator(".help")).to_contain_text("every card known")

    # The record downloads, and replays to the same match.
    with page.expect_download() as got:
        page.get_by_role("link", name="Download the record").click()
    path = got.value.path()
    rec = records.load(path)
    assert re.fullmatch(r"atout-[\w-]+\.json", got.value.suggested_filename)
    assert rec.actions[1] == (2, "bid 0") and records.replay(rec).is_over
