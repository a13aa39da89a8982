"""The benchmarks run and print the figures the issues ask for (tiny runs: speed is not
measured here, only that ``make bench`` keeps working)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[1] / "bench"


def _run(script: str, *args: str) -> str:
    proc = subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return proc.stdout


def test_engine_bench_prints_every_game() -> None:
    out = _run("engine.py", "--deals", "40", "--repeat", "1")
    assert "Schnapsen, random play" in out and "atout playout" in out and "deals/s" in out
    assert "clone()+apply()" in out
    assert "Seven Up, random play" in out and "hands/s" in out
    assert " 8 cards  atout playout" in out and "10 cards  atout playout" in out
    # The peers are in the test and bench extras: OpenSpiel always, the schnapsen package when
    # the bench extra is installed.
    assert "OpenSpiel oh_hell" in out and "ratio: playout" in out
    assert "ratio, deals/s" in out or "schnapsen (PyPI)         not installed" in out


def test_arena_bench_prints_both_job_counts() -> None:
    out = _run("arena.py", "--matches", "40", "--repeat", "1")
    assert "arena --jobs 1" in out and "of legal+step on CPU time (target: 80%" in out
    assert "arena --jobs 2" in out and "x jobs 1 by the clock" in out and "of two raw" in out
