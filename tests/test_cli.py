"""The ``atout`` command as a user meets it: rules, replay, and a game in line mode."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.bots import RandomBot, make
from atout.cli import main
from atout.cli.play import play, read_move
from atout.tui.session import Session

RECORDS = Path(__file__).parent / "data" / "records"


def test_rules_lists_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert "schnapsen: Schnapsen" in out and "manual_claim" in out


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Closing"), ("fr", "atout"), ("de", "Talon"), ("da", "trumf")],
)
def test_rules_in_four_languages(capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    assert main(["rules", "schnapsen", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert words.lower() in out.lower()
    assert "66" in out and "manual_claim" in out


def test_rules_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "chess"]) == 2
    assert "there is no game 'chess'" in capsys.readouterr().err
    assert main(["rules", "schnapsen", "--lang", "xx"]) == 2
    assert "written in en" in capsys.readouterr().err


def test_replay_prints_a_transcript(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(RECORDS / "schnapsen-match.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "schnapsen"
    assert out[2].startswith("Deal 1: ")
    assert any("is turned:" in line for line in out)
    assert sum(line.startswith("Deal ") for line in out) == 6
    assert "wins the match" in out[-1]


def test_replay_into_a_pipe_closed_early_stops_quietly() -> None:
    """``atout replay m.json | head -1``: when the reader has gone away, no traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "atout", "replay", str(RECORDS / "river-three-players.json")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before the transcript is written: the write meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141 and "Traceback" not in err, err


def test_replay_of_a_bad_record_names_the_step(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (RECORDS / "schnapsen-match.json").read_text().replace('"play ', '"plya ', 1)
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    assert main(["replay", str(bad)]) == 2
    err = capsys.readouterr()
    assert "record step" in err.err and "malformed action" in err.err and err.out == ""


def test_read_move_shorthands() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(seed=1)
    seat = state.to_act
    assert isinstance(seat, int)
    legal = state.legal_actions()
    assert read_move(game, state, seat, "1") == legal[0]
    card = str(legal[0]).split()[1]
    assert read_move(game, state, seat, card.lower()) == legal[0]
    assert read_move(game, state, seat, f"play {card}") == legal[0]
    with pytest.raises(atout.IllegalAction, match="there is no move 99"):
        read_move(game, state, seat, "99")
    with pytest.raises(atout.NotationError):
        read_move(game, state, seat, "hello")


def test_a_whole_match_in_line_mode() -> None:
    """A scripted player: bad input is refused with the reason and asked again."""
    answers = iter(["hello", "play 2C", "?", "moves"] + ["1"] * 2000)
    lines: list[str] = []
    game = atout.load("schnapsen")
    state = play(
        Session.new(game, [0], {1: RandomBot()}, seed=4),
        ask=lambda _: next(answers),
        say=lines.append,
    )
    assert state.is_over
    text = "\n".join(lines)
    assert "Cannot read 'hello' as a Schnapsen action" in text
    assert "You do not hold 2C" in text
    assert "Your hand:" in text and "To go:" in text and "Your moves:" in text
    assert "the match." in lines[-1]


def test_quitting_and_end_of_input() -> None:
    lines: list[str] = []
    game = atout.load("schnapsen")
    state = play(Session.new(game, [0], {1: RandomBot()}, seed=4), ask=lambda _: "quit",
                 say=lines.append)  # fmt: skip
    assert not state.is_over and lines[-1] == "You leave the table."

    def eof(_: str) -> str:
        raise EOFError

    state = play(Session.new(game, [1], {0: RandomBot()}, seed=4), ask=eof, say=lines.append)
    assert not state.is_over


def test_the_installed_command_plays_and_records(tmp_path: Path) -> None:
    """``atout play`` as a subprocess, driven on stdin, writing a record that replays."""
    out = tmp_path / "match.json"
    proc = subprocess.run(
        [sys.executable, "-m", "atout", "play", "schnapsen", "--seed", "3", "--record", str(out)],
        input="1\n" * 400,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert "wins the match" in proc.stdout
    rec = atout.record.load(out)
    assert rec.replay().is_over and rec.seats[0].name == "you"


def test_bots_by_spec() -> None:
    assert isinstance(make("random"), RandomBot)
    with pytest.raises(atout.RulesError, match="there is no bot 'genius'"):
        make("genius")
    with pytest.raises(atout.RulesError, match="takes no options"):
        make("random(depth=3)")


def test_play_against_a_level(tmp_path: Path) -> None:
    """``atout play GAME --level LEVEL`` seats that level; the record names it."""
    out = tmp_path / "match.json"
    subprocess.run(
        [sys.executable, "-m", "atout", "play", "schnapsen", "--level", "hard", "--seed", "5",
         "--record", str(out)],
        input="1\n" * 400, capture_output=True, text=True, timeout=120, check=True,
    )  # fmt: skip
    rec = atout.record.load(out)
    assert rec.seats[1].name == "hard" and rec.replay().is_over


def _replay_of(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> tuple[int, str, str]:
    path = tmp_path / "r.json"
    path.write_text(text, encoding="utf-8")
    status = main(["replay", str(path)])
    said = capsys.readouterr()
    return status, said.out, said.err


def _edited(change: Any) -> str:
    data = json.loads((RECORDS / "schnapsen-match.json").read_text())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("[" * 100_000, "the record is not valid JSON: it nests deeper than"),
        (_edited(lambda d: d["result"]["deals"][2].__setitem__("points", 3)),
         r"result.deals[2].points is 3 in the record, 2 from the actions"),
        (_edited(lambda d: d["result"].__setitem__("winners", [1 - d["result"]["winners"][0]])),
         "result.winners[0] is"),
        (_edited(lambda d: d.__setitem__("actions", d["actions"][:-5])),
         "result.over is true in the record, false from the actions"),
        (_edited(lambda d: d.pop("game")), "record field 'game'"),
        (_edited(lambda d: d.pop("seats")), "record field 'seats'"),
        (_edited(lambda d: d.pop("result")), "record field 'result'"),
    ],
    ids=["nested", "points", "winners", "truncated", "no-game", "no-seats", "no-result"],
)  # fmt: skip
def test_replay_of_a_record_that_must_not_pass_says_why_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str
) -> None:
    status, out, err = _replay_of(tmp_path, capsys, text)
    assert status == 2 and out == ""
    assert err.startswith("atout: ") and err.count("\n") == 1, err
    assert words in err


@pytest.mark.parametrize(
    "name",
    ["\x1b[2J\x1b[31mAnn", "Ann\x00", "Ann\x9b31m", "Ann\u202eexe.txt", "\u2066Ann\u2069",
     "A\u200bnn", "Ann\u2028Bo", "Ann\x7f", "Ann\ud800"],
)  # fmt: skip
def test_replay_shows_control_characters_in_names_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """A record may come from anywhere: a name that would drive the terminal is shown, escaped,
    never sent to it."""
    text = _edited(lambda d: d["seats"][0].__setitem__("name", name))
    status, out, err = _replay_of(tmp_path, capsys, text)
    assert status == 0, err
    assert all(ch.isprintable() or ch == "\n" for ch in out), repr(out)
    escaped = "".join(ch if ch.isprintable() else f"\\u{ord(ch):04x}" for ch in name)
    escaped = re.sub(r"\\u00([0-9a-f]{2})", r"\\x\1", escaped)
    assert f"Seats: 0: {escaped}, 1:" in out
    assert out.count(escaped) > 1  # in the seats, and wherever the narration names them
