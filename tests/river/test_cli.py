"""River at the terminal: the rules in four languages, ``atout play river --players 5``, the
score sheet as a table, and the events in words."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import atout
from atout.bots import RandomBot
from atout.cli import main
from atout.cli.narrate import describe, status
from atout.cli.play import play
from atout.core.events import MatchEnded
from atout.tui.session import Session

from .helpers import deal
from .helpers import play as apply_all
from .test_rules import D2, NO_TRUMP

RECORDS = Path(__file__).parent.parent / "data" / "records"
OPTIONS = ("players", "start_cards", "simultaneous_bids", "no_hook", "double_one", "exact_only")


@pytest.mark.parametrize(
    ("lang", "words"), [("en", "hook"), ("fr", "crochet"), ("de", "Haken"), ("da", "krogen")]
)
def test_rules_in_four_languages(capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    assert main(["rules", "river", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert words in out and "`bid 3`" in out and "`play QS`" in out
    assert all(f"`{option}`" in out for option in OPTIONS)
    assert out.count("\n## ") == 9  # the same sections in every language


def test_rules_lists_river(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "river: Up and Down the River (rules in en, fr, de, da)" in out
    assert "players, start_cards, simultaneous_bids" in out


def test_play_river_with_five_players_and_a_record(tmp_path: Path) -> None:
    """``atout play river --players 5``: you against four computer seats, to the end."""
    out = tmp_path / "match.json"
    proc = subprocess.run(
        [sys.executable, "-m", "atout", "play", "river", "--players", "5", "--seed", "3",
         "--record", str(out)],
        input="1\n" * 400, capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert "Up and Down the River (river(players=5))" in proc.stdout
    assert "Score sheet (bid/taken: total):" in proc.stdout and "seat 4" in proc.stdout
    assert "the match." in proc.stdout.splitlines()[-2]
    rec = atout.record.load(out)
    assert rec.rules == "river(players=5)" and len(rec.seats) == 5 and rec.replay().is_over


@pytest.mark.parametrize(
    ("argv", "match"),
    [
        (["play", "schnapsen", "--players", "3"], "Schnapsen has no players option"),
        (["play", "river(players=4)", "--players", "3"], "the number of players is given twice"),
        (["play", "river", "--players", "9"], "river is played by 3 to 8 players, not 9"),
    ],
)
def test_players_option_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], match: str
) -> None:
    assert main(argv) == 2
    assert match in capsys.readouterr().err


def test_sealed_bids_in_words_and_in_line_mode() -> None:
    """The human sees the others' sealed bids as made, not their numbers, until all are in."""
    lines: list[str] = []
    game = atout.load("river(players=3,start_cards=2,simultaneous_bids=true)")
    bots = {0: RandomBot(), 1: RandomBot()}
    state = play(Session.new(game, [2], bots, seed=1), ask=lambda _: "1", say=lines.append)
    text = "\n".join(lines)
    assert state.is_over
    assert "Seat 0 makes a sealed bid." in text and "You bid 0 (sealed)." in text
    assert "The bids: seat 0 " in text and "you 0" in text
    assert " ?/0 " in text  # the sheet shows a sealed bid as ?
    assert lines[-1].endswith("the match.")


def test_the_score_sheet_is_a_table() -> None:
    state = deal(D2, "2H", dealer=3)
    apply_all(state, "bid 0", "bid 1", "bid 1", "bid 1", "play 5C", "play 3H", "play 7H")
    apply_all(state, "play AC", "play KD", "play AS", "play 9D", "play 3D", "bid 1")
    names = ["you", "seat 1", "seat 2", "seat 3"]
    lines = status(state.view(0), names)
    assert lines[0] == "Round 2 of 3 · 1 card · you dealt · " + lines[0].split(" · ")[-1]
    assert lines[1:5] == [
        "Score sheet (bid/taken: total):",
        "  cards      you  seat 1  seat 2  seat 3",
        "      2  0/0: 10  1/0: 0  1/2: 2  1/0: 0",
        "  1 now      -/0     1/0     -/0     -/0",
    ]
    assert lines[-1].startswith("Your hand: ")


def test_events_in_words() -> None:
    names = ["you", "seat 1", "seat 2", "seat 3"]
    state = deal(NO_TRUMP, dealer=3)
    said = [describe(e, names) for e in state.opening_events()]
    assert "All 52 cards are dealt: this round has no trumps." in said
    state = deal(D2, "2H", dealer=3)
    events = apply_all(state, "bid 0", "bid 1", "bid 1", "bid 1", "play 5C", "play 3H", "play 7H",
                       "play AC", "play KD", "play AS", "play 9D", "play 3D")  # fmt: skip
    said = [describe(e, names) for e in events]
    assert said[:2] == ["You bid 0.", "Seat 1 bids 1."]
    assert "Seat 2 wins the trick." in said
    assert ("Round 1 (2 cards): you bid 0 and took 0 (10); seat 1 bid 1 and took 0 (0); seat 2 "
            "bid 1 and took 2 (2); seat 3 bid 1 and took 0 (0). Totals: you 10, seat 1 0, "
            "seat 2 2, seat 3 0.") in said  # fmt: skip
    assert describe(MatchEnded((0, 2), (5, 1, 5, 0)), names) == "You and seat 2 win the match."
    assert describe(MatchEnded((1,), (5, 9, 5, 0)), names) == "Seat 1 wins the match."


def test_replay_a_river_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "river-sealed-bids.json")]) == 0
    out = capsys.readouterr().out
    assert "The bids: " in out and out.count("Round ") == 3
