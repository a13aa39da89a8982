"""The README's claims hold: its Python example runs, and its commands parse."""

from __future__ import annotations

import os
import random
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import atout
from atout.cli import _parser

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def _python_blocks() -> list[str]:
    blocks: list[str] = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    return blocks


def test_the_python_api_in_ten_lines_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The driver loop plays a whole match of River with sealed bids (the variant where
    several seats decide at once) and writes a record that replays."""
    block = _python_blocks()[0]
    assert len(block.strip().splitlines()) <= 12
    assert "simultaneous_bids=true" in block
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    assert "'over': True" in capsys.readouterr().out
    rec = atout.record.load(tmp_path / "match.json")
    assert rec.replay().is_over and rec.rules == "river(simultaneous_bids=true)"


@pytest.mark.parametrize("rules", ["schnapsen(last_trick_ten=true)", "seven_up(gift=true)"])
def test_the_driver_loop_plays_every_game(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    block = _python_blocks()[0]
    text = re.sub(r'atout\.load\("[^"]*"\)', f"atout.load({rules!r})", block)
    assert text != block
    monkeypatch.chdir(Path(__file__).parent)
    namespace: dict[str, object] = {}
    exec(compile(text.replace('"match.json"', "__import__('io').StringIO()"), "README.md", "exec"),
         namespace)  # fmt: skip
    state = namespace["state"]
    assert isinstance(state, atout.State) and state.is_over


def test_the_readme_bot_is_a_bot_that_plays_every_game(tmp_path: Path) -> None:
    """The bot the README shows satisfies the protocol (``isinstance`` and ``mypy --strict``)
    and plays whole matches of each game with legal actions only."""
    block = _python_blocks()[1]
    namespace: dict[str, object] = {}
    exec(compile(block, "README.md", "exec"), namespace)
    bot = namespace["HighCard"]()  # type: ignore[operator]
    assert isinstance(bot, atout.Bot)
    for rules in ("schnapsen", "seven_up(gift=true)", "river(players=3,simultaneous_bids=true)"):
        state = atout.load(rules).new_match(seed=3)
        rng = random.Random(3)
        while not state.is_over:
            seat = state.acting_seats[0]
            state.apply(bot.choose(state.view(seat), state.legal_actions(seat), rng), seat)
    source = tmp_path / "highcard.py"
    source.write_text(block, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(source)],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout


def test_the_fast_path_it_names() -> None:
    """`state.clone()`, `state.step(action)` and `state.playout(rng.random)`, as written."""
    assert "`state.playout(rng.random)`" in README
    rng = random.Random(1)
    state = atout.load("seven_up(count_out=true)").new_match(seed=1)
    copy = state.clone()
    copy.step(copy.legal_actions()[0])
    state.playout(rng.random)
    assert state.deals_done == 1 and copy.deals_done == 0


@pytest.mark.parametrize(
    "line",
    [line for line in README.splitlines() if line.startswith(".venv/bin/atout ")],
)
def test_the_commands_parse(line: str) -> None:
    """Every ``.venv/bin/atout ...`` line of the README names options the command has."""
    words = shlex.split(line.split("#", maxsplit=1)[0])[1:]
    args = _parser().parse_args(words)
    if args.command in ("play", "rules") and args.game is not None:  # not with --resume
        atout.load(args.game)


def test_the_tour_commands_exist() -> None:
    for command in ("atout rules", "atout replay", "atout arena", "make play", "make test"):
        assert command in README
    assert os.path.exists(Path(__file__).parents[1] / "Makefile")
