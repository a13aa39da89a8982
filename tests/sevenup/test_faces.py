"""Seven Up as a user meets it: ``atout rules``, ``atout play`` in line mode, transcripts."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import atout
from atout.bots import RandomBot
from atout.cli import main
from atout.cli.narrate import describe, seven_up_deal_summary, status
from atout.cli.play import play, read_move
from atout.sevenup.events import CardTurned, Discarded
from atout.sevenup.view import SevenUpDealResult
from atout.tui.session import Session

from .helpers import deal
from .test_rules import BEG, BEG_RUN, D1, VOID_HANDS

RECORDS = Path(__file__).parent.parent / "data" / "records"
NAMES = ["you", "the computer"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Stand or beg"), ("fr", "mendie"), ("de", "betteln"), ("da", "tigger")],
)
def test_rules_in_four_languages(capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    assert main(["rules", "seven_up", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert words.lower() in out.lower()
    for move in ("`stand`", "`beg`", "`give`", "`run`", "`discard 5H`", "`play QS`"):
        assert move in out
    for variant in atout.load("seven_up").rules.option_names():
        assert f"`{variant}`" in out


def test_rules_lists_seven_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    assert "seven_up: Seven Up (rules in en, fr, de, da)" in capsys.readouterr().out


def test_a_bare_card_is_the_move_asked_for() -> None:
    """The line-mode shorthand asks the legal moves which verb a bare card stands for."""
    game = atout.load("seven_up")
    state = deal(*BEG, [BEG_RUN])
    parse = game.parse_action
    state.apply("beg")
    assert read_move(game, state, 0, "as") == parse("discard AS")
    with pytest.raises(atout.IllegalAction, match="you do not hold 5C"):
        read_move(game, state, 0, "5c")
    for a in ("discard AS", "discard 9C", "discard 9D", "discard 2C", "discard 5C", "6C"):
        state.apply(read_move(game, state, state.to_act, a))  # type: ignore[arg-type]
    assert read_move(game, state, 0, "kd") == parse("play KD")
    assert read_move(game, state, 0, "2") == state.legal_actions()[1]
    with pytest.raises(atout.IllegalAction, match="eldest has already decided"):
        read_move(game, state, 0, "stand")
    with pytest.raises(atout.NotationError, match="as a Seven Up action"):
        read_move(game, state, 0, "KX")


def test_status_lines() -> None:
    state = deal(*BEG, [BEG_RUN])
    lines = status(state.view(0), NAMES)
    assert lines[0] == (
        "Deal 1, the computer dealt, you eldest · turn-up 7H: hearts proposed as trumps · "
        "39 cards undealt"
    )
    assert lines[1] == "Score: you 0, the computer 0 (7 to win)"
    assert "You stand or beg." in lines and lines[-1].startswith("Your hand: ")
    state.apply("beg")
    state.apply("discard AS")
    lines = status(state.view(0), NAMES)
    assert "spades are trumps (turn-up 8S)" in lines[0] and "Set aside: 7H" in lines
    assert lines[-1] == "Your discards: A♠"
    assert not any("A♠" in line for line in status(state.view(1), NAMES))


def test_every_seven_up_event_is_told() -> None:
    state = deal(*BEG[:2], "JH", ["JS"], rules="seven_up(gift=true)")
    events = state.opening_events() + state.apply("beg") + state.apply("run")
    events += state.apply("discard AS")
    lines = [describe(e.seen_by(0), NAMES) for e in events]
    own = [line for e, line in zip(events, lines, strict=True) if "sevenup" in type(e).__module__]
    assert len(own) == 7 and all(own), own
    said = "\n".join(line or "" for line in lines)
    assert "JH is turned up: hearts are proposed as trumps." in said
    assert "The computer turns the Jack: 1 point." in said
    assert "You beg." in said and "The computer runs the cards." in said
    assert "JS is turned up: spades are trumps." in said
    assert "The computer turns the Jack of the new trumps: 1 point." in said
    assert "You discard AS." in said
    hidden = next(e for e in events if isinstance(e, Discarded)).seen_by(1)
    assert describe(hidden, ["seat 0", "seat 1"]) == "Seat 0 discards a card."
    state = deal(*D1, rules="seven_up(gift=true)")
    gift = state.apply("beg") + state.apply("give")
    assert describe(gift[-1], NAMES) == "The computer gives you one point: hearts stay trumps."
    state = deal(*D1, ["8H", "KC"])
    turned = [e for e in state.apply("beg") if isinstance(e, CardTurned)]
    assert describe(turned[0], NAMES) == "8H is turned up: hearts again, so it is set aside."
    assert describe(state.apply("discard AH")[0], NAMES) == "You discard AH."


def test_deal_summaries() -> None:
    state = deal(*VOID_HANDS, "JH", ["2H", "3H", "4H", "5H", "6H"])
    state.apply("beg")
    void = state.result().deals[0]
    assert isinstance(void, SevenUpDealResult)
    assert seven_up_deal_summary(void, NAMES).startswith("Deal 1 is void: the pack ran out")
    rec = atout.record.load(RECORDS / "seven_up-gift-count-out.json")
    last = rec.replay().result().deals[-1]
    assert isinstance(last, SevenUpDealResult)
    line = seven_up_deal_summary(last, NAMES)
    assert line == (
        "Deal 4 scores you 1, the computer 2 (gift you; High the computer (KS); Low the "
        "computer (9S)). The computer counts out on low."
    )


def test_replay_prints_a_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "seven_up-match.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "seven_up"
    assert sum(line.startswith("Deal ") for line in out) == 3
    assert sum("scores" in line for line in out) == 3
    assert "wins the match" in out[-1]


def test_a_whole_match_in_line_mode() -> None:
    """A scripted player: bad input is refused with the reason and asked again."""
    answers = iter(["hello", "play 2C", "moves"] + ["1"] * 3000)
    lines: list[str] = []
    game = atout.load("seven_up(gift=true)")
    state = play(
        Session.new(game, [0], {1: RandomBot()}, seed=4),
        ask=lambda _: next(answers),
        say=lines.append,
    )
    assert state.is_over
    text = "\n".join(lines)
    assert "Cannot read 'hello' as a Seven Up action" in text
    assert "Your hand:" in text and "Score:" in text and "Your moves:" in text
    assert "is turned up" in text and "the match." in lines[-1]


def test_the_installed_command_plays_and_records(tmp_path: Path) -> None:
    """``atout play seven_up`` as a subprocess, driven on stdin, writing a record that replays."""
    out = tmp_path / "match.json"
    proc = subprocess.run(
        [sys.executable, "-m", "atout", "play", "seven_up", "--seed", "3", "--record", str(out)],
        input="1\n" * 600,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "wins the match" in proc.stdout
    rec = atout.record.load(out)
    assert rec.replay().is_over and rec.seats[0].name == "you"
