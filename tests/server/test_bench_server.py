"""bench/server.py runs and prints the figures issue 7 asks for (a tiny run: speed is not
measured here, only that the bench keeps working against the server as it is)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[2] / "bench" / "server.py"


def test_the_server_bench_plays_and_prints_its_figures() -> None:
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--tables", "4", "--seconds", "2", "--think", "0.05"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr  # 1: errors were counted
    out = proc.stdout
    for figure in ("players' actions/s", "latency p50", "latency p95", "latency p99"):
        assert figure in out
    assert "errors                      0" in out
    actions = float(out.split("players' actions/s")[1].split()[0])
    assert actions > 0
