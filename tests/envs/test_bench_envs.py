"""bench/envs.py runs and prints every figure (a tiny run: speed is not measured here, only
that the benchmark keeps working)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")

BENCH = Path(__file__).parents[2] / "bench" / "envs.py"


def test_envs_bench_quick() -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    out = proc.stdout
    for row in ("schnapsen AEC", "seven_up AEC", "river 8..1..8 AEC", "Gymnasium vs random"):
        assert row in out
    assert "steps/s" in out
    # OpenSpiel is in the test extra, so the ratio is printed.
    assert "OpenSpiel oh_hell rl_environment" in out
    assert "Ratio River AEC / OpenSpiel oh_hell" in out and "target >= 1x" in out
