"""The README's claims hold: its Python example runs, and its commands parse."""

from __future__ import annotations

import os
import random
import re
import shlex
from pathlib import Path

import pytest

import atout
from atout.cli import _parser

README = (Path(__file__).parents[1] / "README.md").read_text(encoding="utf-8")


def test_the_python_api_in_ten_lines_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (block,) = re.findall(r"```python\n(.*?)```", README, re.DOTALL)
    assert len(block.strip().splitlines()) <= 12
    monkeypatch.chdir(tmp_path)
    exec(compile(block, "README.md", "exec"), {})
    assert "'over': True" in capsys.readouterr().out
    rec = atout.record.load(tmp_path / "match.json")
    assert rec.replay().is_over and rec.rules == "schnapsen(last_trick_ten=true)"


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
    if args.command in ("play", "rules"):
        atout.load(args.game)


def test_the_tour_commands_exist() -> None:
    for command in ("atout rules", "atout replay", "atout arena", "make play", "make test"):
        assert command in README
    assert os.path.exists(Path(__file__).parents[1] / "Makefile")
