"""What a new player met at the web table (issue 17, section 4), each a browser test: an
opponent gone away and their stand-in shown on the seat; a deal's summary before the next deal's
controls; the event log rebuilt after a reload and for a spectator; each language's letters in
the card corners and the Danish rule book; the review's actions in words; the creator told that
the table waits for the invited player; one way to declare a marriage; the rules from the
lobby; the join page naming who invites, the variant and the seat; the marriage's pair named in
the log."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.server.harness import ServerProcess
from tests.web.conftest import PHONE, Pages
from tests.web.helpers import (
    ace_of_trumps,
    cards,
    cards_in_hand,
    close_dialogs,
    legal_cards,
    make_table,
    play,
    seq,
    wait_turn,
)
from tests.web.test_schnapsen import PACK


def both_widths(page: Page, shot: Callable[[Page, str], Path], name: str) -> None:
    """A screenshot at the page's own (desktop) width, then one at 360 px."""
    size = page.viewport_size
    shot(page, f"{name}-desktop")
    page.set_viewport_size({"width": PHONE["width"], "height": PHONE["height"]})
    shot(page, f"{name}-phone")
    if size is not None:
        page.set_viewport_size(size)


def join(base: str, table: str, invite: dict[str, Any], name: str) -> dict[str, Any]:
    """Take the invite's seat through the API: the seat as the page keeps it."""
    r = httpx.post(
        f"{base}/api/tables/{table}/join", json={"invite": invite["code"], "name": name}, timeout=30
    )
    assert r.status_code == 200, r.text
    got = r.json()
    return {"token": got["token"], "seat": got["seat"], "game": got["table"]["game"]}


# --- 1. an opponent who leaves ----------------------------------------------------------------


def test_an_opponent_who_leaves_is_shown_away_with_a_bot_playing_for_them(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, ann = make_table(
        server.url, "schnapsen", ["human", "human"], packs=[PACK], dealer=1, grace=1, name="Ann"
    )
    bea = join(server.url, table, ann["invites"][0], "Bea")
    page = pages.open(f"/#table={table}", seats={table: ann})
    other = pages.open(f"/#table={table}", seats={table: bea})
    wait_turn(page)
    expect(other.locator(".table")).to_have_attribute("data-status", "playing")
    chip = page.locator(".seats .chip", has_text="Bea")
    expect(chip).not_to_contain_text("away")
    other.context.close()  # Bea leaves
    play(page, "AH")  # Bea's turn: after the grace period her stand-in plays
    expect(chip).to_contain_text("away: a bot plays for them")
    wait_turn(page)
    expect(chip).to_contain_text("away: a bot plays for them")
    both_widths(page, shot, "new-player-1-away")


# --- 3. the summary before the next deal -------------------------------------------------------


def river_pack(top: str) -> list[str]:
    """A whole 52-card pack: ``top`` first, the rest in any order."""
    first = cards(top)
    rest = [r + s for s in "CDHS" for r in cards("2 3 4 5 6 7 8 9 10 J Q K A")]
    return first + [c for c in rest if c not in first]


#: Two cards each, dealt one at a time from seat 2 (seat 1 deals): seat 2 holds the only trumps
#: (A K of spades, the deuce turned) and takes both tricks; seat 1 plays the deal's last card.
#: The next round is dealt by seat 2: you (seat 0) bid first.
RIVER = river_pack("AS 3C 3D KS 4C 4D 2S")


def test_the_deals_summary_comes_before_the_next_deals_controls(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(
        server.url,
        "river",
        ["human", "medium", "medium"],
        rules="river(players=3,start_cards=2)",
        packs=[RIVER, river_pack(""), river_pack("")],
        dealer=1,
    )
    page = pages.open(f"/#table={table}", seats={table: seat}, motion="no-preference")
    wait_turn(page)
    before = seq(page)
    page.locator(".bids button.bid:not([disabled])").first.click()
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    wait_turn(page)
    play(page, legal_cards(page)[0])
    wait_turn(page)
    # Note every state the page passes through once the last trick begins.
    page.evaluate(
        """() => {
        window.seen = [];
        const note = () => {
          const table = document.querySelector('.table');
          window.seen.push({
            seq: Number(table?.dataset.seq), turn: table?.dataset.turn,
            dialog: !!document.querySelector('dialog[open]'),
            bids: document.querySelectorAll('.bids button.bid:not([disabled])').length,
          });
        };
        new MutationObserver(note).observe(document.body,
          { subtree: true, childList: true, attributes: true });
      }"""
    )
    last = seq(page)
    play(page, legal_cards(page)[0])  # then seat 1's card ends the round
    summary = page.locator("dialog[open]")
    expect(summary).to_contain_text("Round 1 (2 cards) is over.")
    seen = page.evaluate("window.seen")
    opened = next(i for i, s in enumerate(seen) if s["dialog"])
    early = [s for s in seen[:opened] if s["seq"] > last + 1 and (s["turn"] == "mine" or s["bids"])]
    assert early == [], f"the next round's controls were live before its summary: {early}"
    # Behind the summary the next round waits; closing it makes the bid live.
    expect(page.locator(".table")).not_to_have_attribute("data-turn", "mine")
    both_widths(page, shot, "new-player-3-summary-first")
    close_dialogs(page)
    expect(page.locator(".table")).to_have_attribute("data-turn", "mine")
    expect(page.locator(".bids button.bid:not([disabled])").first).to_be_visible()


# --- 4. the log after a reload, a rejoin, and for a spectator ----------------------------------


def test_the_log_is_rebuilt_after_a_reload_a_rejoin_and_for_a_spectator(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    play(page, "AH")
    wait_turn(page)
    log = page.locator(".log li")
    said = log.all_inner_texts()
    assert said[:4] == [
        "Deal 1: the computer deals.",
        "You are dealt 3 cards.",
        "The jack of hearts is turned: hearts are trumps.",
        "You are dealt 2 cards.",
    ]
    assert "You play the ace of hearts." in said

    page.reload()
    wait_turn(page)
    expect(log).to_have_count(len(said))
    assert log.all_inner_texts() == said

    again = pages.open(f"/#table={table}", seats={table: seat})  # another browser, same seat
    wait_turn(again)
    assert again.locator(".log li").all_inner_texts() == said

    watcher = pages.open(f"/#table={table}")
    expect(watcher.locator(".table")).to_have_attribute("data-seq", str(seq(page)))
    watched = watcher.locator(".log li")
    expect(watched.first).to_have_text("Deal 1: the computer deals.")
    expect(watcher.locator(".log")).to_contain_text(
        "The jack of hearts is turned: hearts are trumps."
    )
    expect(watcher.locator(".log")).to_contain_text("Player 1 plays the ace of hearts.")
    expect(watcher.locator(".log")).not_to_contain_text("dealt")  # nobody's cards are its news
    both_widths(page, shot, "new-player-4-log-after-reload")
    both_widths(watcher, shot, "new-player-4-log-spectator")


# --- 5. each language's letters ------------------------------------------------------------------


def corner(page: Page, card: str) -> str:
    """The letter in the corner of a card of the hand."""
    text = page.locator(f'.hand button.card[data-card="{card}"] svg text.rank').first
    return text.text_content() or ""


def test_card_corners_and_the_danish_rules_use_each_languages_letters(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    letters = {"en-GB": ("K", "Q"), "fr-FR": ("R", "D"), "de-DE": ("K", "D"), "da-DK": ("K", "D")}
    for locale, (king, queen) in letters.items():
        page = pages.open(f"/#table={table}", seats={table: seat}, locale=locale)
        wait_turn(page)
        assert (corner(page, "KH"), corner(page, "QH")) == (king, queen), locale
        assert corner(page, "AH") == "A" and corner(page, "10H") == "10"
        # The notation never changes: the card is still QH, its action still "play QH".
        expect(page.locator('.hand button.card[data-card="QH"]')).to_have_count(1)
        if locale == "fr-FR":
            both_widths(page, shot, "new-player-5-french-corners")
        if locale == "da-DK":
            page.locator("#rules-button").click()
            rules = page.locator("dialog.rules")
            expect(rules).to_contain_text("A 11 · 10 10 · K 4 · D 3 · B 2")
            expect(rules).not_to_contain_text("Q 3")
            both_widths(page, shot, "new-player-5-danish-rules")
            page.keyboard.press("Escape")
    # The Jacks: a deal of the same pack seen from the other seat holds them.
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=0)
    for locale, jack in {"en-GB": "J", "fr-FR": "V", "de-DE": "B", "da-DK": "B"}.items():
        page = pages.open(f"/#table={table}", seats={table: seat}, locale=locale)
        expect(page.locator(".hand button.card").first).to_be_visible()
        assert corner(page, "JC") == jack, locale


# --- 6. the review's actions in words ------------------------------------------------------------


def finished(base: str, table: str) -> None:
    """Wait until a table of bots has played its match out."""
    deadline = time.monotonic() + 60
    while httpx.get(f"{base}/api/tables/{table}", timeout=30).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)


def test_the_review_says_the_actions_in_words(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, _ = make_table(
        server.url,
        "river",
        ["random", "random", "random"],
        rules="river(players=3,start_cards=1)",
        packs=[RIVER],
        dealer=1,
        seed=7,
    )
    finished(server.url, table)
    page = pages.open(f"/#review={table}")
    expect(page.locator(".stepper .where")).to_contain_text("Step 0 of 6")
    raw = re.compile(r"\b(play|discard) (10|[2-9JQKA])[CDHS]\b")
    for n in range(1, 7):
        page.get_by_role("button", name="Next step").click()
        expect(page.locator(".stepper .where")).to_contain_text(f"Step {n} of 6")
        prompt = page.locator(".review-step .prompt").inner_text()
        assert not raw.search(prompt), prompt
        if n > 3:  # the cards
            assert re.search(r": play the \w+ of \w+$", prompt), prompt
    both_widths(page, shot, "new-player-6-review")
    page.locator("#lang").select_option("de")
    # The card with its article, in the case the sentence needs ("den Pik-König spielen").
    expect(page.locator(".review-step .prompt")).to_contain_text(
        re.compile(r": (der|die|das|den) \S+ spielen$")
    )
    page.locator("#lang").select_option("fr")
    french = re.compile(r": jouer (le |la |l’)")  # noqa: RUF001 (the apostrophe)
    expect(page.locator(".review-step .prompt")).to_contain_text(french)


# --- 7. the creator waits for the invited player -------------------------------------------------


def test_the_creator_is_told_the_table_waits_for_the_invited_player(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "human"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    expect(page.locator(".table")).to_have_attribute("data-status", "waiting")
    expect(page.locator(".hand button.card")).to_have_count(5)
    expect(page.locator(".trick-area")).to_contain_text("Waiting for player 2")
    expect(page.locator(".trick-area")).not_to_contain_text("Your lead")
    expect(page.locator(".hand-panel")).not_to_contain_text("your turn")
    expect(page.locator(".hand button.card.legal")).to_have_count(0)
    both_widths(page, shot, "new-player-7-waiting")


# --- 8. one way to declare a marriage ------------------------------------------------------------


def test_a_marriage_is_declared_one_way(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, seat = make_table(server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=1)
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    decide = page.locator(".decide")
    expect(decide.get_by_role("button", name=re.compile("marriage|declare", re.I))).to_have_count(0)
    king = page.locator('.hand button.card[data-card="KH"]')
    # Its name as every card's; its description (and a mark on it) tells of the marriage.
    expect(king).to_have_accessible_name("king of hearts, playable")
    expect(king).to_have_accessible_description("may declare its marriage (40)")
    expect(king.locator(".mark")).to_have_text("40")
    expect(decide.locator(".prompt")).to_contain_text("marriage")
    king.focus()
    page.keyboard.press("Enter")  # the card asks: declare or not
    declare = decide.get_by_role("button", name="Lead the king of hearts and declare 40")
    expect(declare).to_be_focused()
    expect(decide.get_by_role("button", name=re.compile("marriage|declar", re.I))).to_have_count(2)
    expect(decide.locator(".chooser")).to_have_accessible_name("king of hearts")
    both_widths(page, shot, "new-player-8-marriage")
    before = seq(page)
    page.keyboard.press("Enter")
    expect(page.locator(".table")).not_to_have_attribute("data-seq", str(before))
    expect(page.locator(".log")).to_contain_text("You declare 40 in hearts (it counts once")


# --- 10. the rules from the lobby, the join page, the marriage's pair ---------------------------


def test_the_lobby_opens_each_games_rules_in_the_pages_language(
    pages: Pages, shot: Callable[[Page, str], Path]
) -> None:
    page = pages.open("/")
    both_widths(page, shot, "new-player-10-lobby")
    page.get_by_role("button", name="The rules of Seven Up").click()
    rules = page.locator("dialog.rules")
    expect(rules.locator("h2").first).to_have_text("The rules of Seven Up")
    expect(rules).to_contain_text("High")
    both_widths(page, shot, "new-player-10-lobby-rules")
    rules.get_by_role("button", name="Close").click()
    expect(page.get_by_role("button", name="The rules of Schnapsen")).to_be_visible()
    expect(page.get_by_role("button", name="The rules of Up and Down the River")).to_be_visible()
    french = pages.open("/", locale="fr-FR")
    french.get_by_role("button", name="Les règles du Schnapsen").click()
    expect(french.locator("dialog.rules")).to_contain_text("Mariages")


def test_the_join_page_names_the_inviter_the_variant_and_the_seat(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    table, ann = make_table(
        server.url,
        "schnapsen",
        ["human", "human"],
        rules="schnapsen(last_trick_ten=true)",
        name="Ann",
    )
    code = ann["invites"][0]["code"]
    page = pages.open(f"/#table={table}&invite={code}")
    panel = page.locator(".join")
    expect(panel).to_contain_text("Ann invites you")
    expect(panel).to_contain_text("Ten for the last trick")
    expect(panel.locator(".join-seats li")).to_have_text(
        ["Seat 1: Ann", "Seat 2: you, with this invite"]
    )
    both_widths(page, shot, "new-player-10-join")


def test_the_computers_marriage_names_both_cards_of_the_pair(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    # The same pack dealt by you: the computer leads holding A 10 K Q of hearts, hearts trumps.
    table, seat = make_table(
        server.url, "schnapsen", ["human", "medium"], packs=[PACK], dealer=0, seed=1
    )
    page = pages.open(f"/#table={table}", seats={table: seat})
    wait_turn(page)
    log = page.locator(".log")
    expect(log).to_contain_text("The computer declares 40 in hearts")
    expect(log).to_contain_text("the king and queen of hearts")
    both_widths(page, shot, "new-player-10-marriage-log")


def test_the_hint_says_why_and_is_not_styled_as_an_error(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    # Item 9. Ann holds the ace of trumps in a one-card round (RULES.md §2 score: an exact
    # bid scores 10 more): the hint is bid 1, because the trick is hers, and bid 0 is worth
    # 10 points less.
    table, ann = ace_of_trumps(server)
    page = pages.open(f"/#table={table}", seats={table: ann})
    wait_turn(page)
    page.get_by_role("button", name="Settings").click()
    page.get_by_label("Offer hints").check()
    page.get_by_role("button", name="Close", exact=True).click()
    page.get_by_role("button", name="Hint").click()
    advice = page.locator(".advice")
    expect(advice).to_have_text(
        "A hint: bid 1. Your hand looks good for 1 trick of 1: the bid with the best expected"
        " score. Next best: bid 0 (10 points less)."
    )
    expect(advice).to_have_attribute("role", "status")
    expect(page.locator(".flash")).to_be_empty()
    bid_1 = page.locator('.bids button.bid[data-action="bid 1"]')
    expect(bid_1).to_have_class(re.compile("hinted"))
    colours = page.evaluate(
        """() => [getComputedStyle(document.querySelector('.advice')).color,
                  getComputedStyle(document.querySelector('.flash')).color]"""
    )
    assert colours[0] != colours[1], "the hint is in the colour of the refusals"
    both_widths(page, shot, "new-player-9-hint")
    # In French the same reason, in French words.
    page.locator("#lang").select_option("fr")
    page.get_by_role("button", name="Conseil").click()
    expect(page.locator(".advice")).to_contain_text("Votre main vaut 1 levée sur 1")


def test_a_guided_first_game_explains_each_decision_and_advises(
    pages: Pages, server: ServerProcess, shot: Callable[[Page, str], Path]
) -> None:
    # Item 11: "Learn to play" in the lobby starts the tutorial deal (atout.server.tutorials:
    # you lead holding QC KC, the trump Jack JH, JD and AS); each decision comes with its
    # explanation the first time, and the coach's advice comes unasked.
    page = pages.open("/")
    page.get_by_role("button", name="Learn to play Schnapsen: a guided first match").click()
    wait_turn(page)
    assert sorted(cards_in_hand(page)) == sorted(cards("QC KC JD JH AS"))
    guide = page.locator(".guide")
    expect(guide).to_contain_text("Schnapsen is played with 20 cards")
    expect(page.locator(".advice")).to_contain_text("A hint: ")
    both_widths(page, shot, "new-player-11-tutorial")
    play(page, "AS")
    wait_turn(page)
    # The next decision brings the next explanation: the marriage on lead, or how to follow
    # while the stock is open.
    expect(guide).to_contain_text(re.compile("a marriage|need not follow suit"))
    expect(page.locator(".advice")).to_contain_text("A hint: ")
