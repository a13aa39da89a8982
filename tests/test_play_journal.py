"""``atout play`` as a person at a terminal uses it: the line mode through a real
pseudo-terminal, the record kept as the match goes, a match killed mid-deal and resumed."""

from __future__ import annotations

import os
import random
import signal
import sys
from pathlib import Path

import pexpect
import pytest

import atout
from atout import record
from atout.bots import RandomBot
from atout.cli import main
from atout.errors import IllegalAction
from atout.tui.session import Session

ATOUT = [sys.executable, "-m", "atout"]
PROMPT = r"\r\n> "


def _spawn(*args: str, cwd: Path) -> pexpect.spawn:  # type: ignore[type-arg]
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100", "LINES": "30"}
    return pexpect.spawn(
        ATOUT[0], [*ATOUT[1:], *args], cwd=str(cwd), env=env, encoding="utf-8", timeout=30
    )


def test_a_whole_schnapsen_match_through_a_pseudo_terminal(tmp_path: Path) -> None:
    """The line mode, driven as a person (or a screen reader's user) drives it: read the
    moves offered, type one (a card, or its number), until the match ends. ``--plain`` keeps
    the line mode on a terminal."""
    child = _spawn("play", "schnapsen", "--plain", "--seed", "11", "--level", "easy",
                   "--record", "m.json", cwd=tmp_path)  # fmt: skip
    child.expect("Schnapsen")
    moves = 0
    typed_card = False
    while True:
        i = child.expect([r"Your moves: ([^\r\n]*)" + PROMPT, r"wins the match\.", pexpect.EOF])
        if i != 0:
            break
        offered = child.match.group(1)
        first = offered.split(", ")[0].split(") ", 1)[1]  # "1) play QS" -> "play QS"
        if first.startswith("play ") and " " not in first[5:] and not typed_card:
            child.sendline(first.removeprefix("play "))  # a bare card: "QS"
            typed_card = True
        else:
            child.sendline("1")
        moves += 1
        assert moves < 500
    assert i == 1, child.before
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert typed_card and moves > 10
    rec = record.load(tmp_path / "m.json")
    assert rec.replay().is_over and rec.seats[0].name == "you" and rec.seed is None


def test_a_match_killed_mid_deal_resumes_to_the_same_state(tmp_path: Path) -> None:
    """Every move is in the record the moment it is made: SIGKILL the terminal mid-deal, and
    ``--resume`` continues from the same state; the rest of the match (the deals still to
    shuffle, the bots' choices) is the one the uninterrupted match plays."""
    args = ("--plain", "--seed", "5", "--level", "easy")
    whole = tmp_path / "whole.json"
    child = _spawn("play", "schnapsen", *args, "--record", str(whole), cwd=tmp_path)
    _answer_ones(child, until_over=True)

    cut = tmp_path / "cut.json"
    child = _spawn("play", "schnapsen", *args, "--record", str(cut), cwd=tmp_path)
    for _ in range(4):  # four of my moves: mid-way through the first deal
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.kill(signal.SIGKILL)
    child.close()
    kept = record.load(cut)
    assert 8 <= len(kept.actions) < 20 and kept.seed == 5 and not kept.replay().is_over
    resumed = Session.resume(cut)
    uninterrupted = record.load(whole)
    assert resumed.state.history == uninterrupted.replay().history[: len(kept.actions)]

    child = _spawn("play", "--resume", str(cut), "--plain", cwd=tmp_path)
    child.expect("The match goes on after")
    _answer_ones(child, until_over=True)
    assert record.load(cut).to_dict() == uninterrupted.to_dict()


def _answer_ones(child: pexpect.spawn, *, until_over: bool) -> None:  # type: ignore[type-arg]
    while True:
        if child.expect([PROMPT, r"wins the match\."]) == 1:
            break
        child.sendline("1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_the_journal_holds_every_move_and_never_half_a_file(tmp_path: Path) -> None:
    """After each move the file on disk is a whole record of the match so far, holding the
    seed while the match goes on (to shuffle the deals to come) and not once it is over; an
    illegal move leaves it untouched."""
    path = tmp_path / "j.json"
    game = atout.load("river(players=3,start_cards=2)")
    session = Session.new(game, [0], {1: RandomBot(), 2: RandomBot()}, seed=8, journal=path)
    rng = random.Random(1)
    while not session.is_over:
        if session.bot_to_act() is not None:
            session.play_bot(*session.think())
        else:
            before = path.read_bytes()
            with pytest.raises(IllegalAction):
                session.play("bid 9")
            assert path.read_bytes() == before
            session.play(rng.choice(session.legal()))
        rec = record.load(path)
        assert rec.actions == tuple((s, str(a)) for s, a in session.state.history)
        assert (rec.seed is None) == session.is_over
    assert not list(tmp_path.glob(".j.json.*"))  # no temporary file left behind


def test_resume_refuses_what_it_cannot_go_on_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    session = Session.new(atout.load("schnapsen"), [0], {1: RandomBot()}, seed=2, journal=path)
    session.play(session.legal()[0]) if session.person_to_act() is not None else None
    assert main(["play", "--resume", str(path), "schnapsen"]) == 2
    assert "give no game" in capsys.readouterr().err
    assert main(["play", "schnapsen", "--record", str(path)]) == 2
    assert "exists: go on with it with --resume" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text("{", encoding="utf-8")
    assert main(["play", "--resume", str(tmp_path / "bad.json")]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["play"]) == 2
    assert "name a game" in capsys.readouterr().err


def test_seats_mix_people_and_levels(capsys: pytest.CaptureFixture[str]) -> None:
    """``--seats`` names every seat: people (``you``) and bots by spec; bots alone play a
    whole match while nobody types."""
    assert main(["play", "river(players=3,start_cards=2)", "--plain", "--seed", "1",
                 "--seats", "random,easy,random"]) == 0  # fmt: skip
    out = capsys.readouterr().out
    assert "wins the match" in out or "the match is shared" in out.lower()
    assert main(["play", "schnapsen", "--seats", "you,easy,hard"]) == 2
    assert "--seats names 3 seats; Schnapsen has 2" in capsys.readouterr().err


def test_a_finished_match_resumed_in_line_mode_prints_its_story(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "m.json"
    session = Session.new(atout.load("schnapsen"), [], {0: RandomBot(), 1: RandomBot()},
                          seed=4, journal=path)  # fmt: skip
    while not session.is_over:
        session.play_bot(*session.think())
    assert main(["play", "--resume", str(path), "--plain"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("This match is over.") and "wins the match" in out
