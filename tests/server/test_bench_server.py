"""bench/server.py runs and prints the figures issues 7 and 15 ask for (a tiny run: speed and
memory are not judged here, only that the bench keeps working against the server as it is)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).parents[2] / "bench" / "server.py"


def test_the_server_bench_plays_and_prints_its_figures() -> None:
    proc = subprocess.run(
        [
            sys.executable,
            str(BENCH),
            "--tables",
            "4",
            "--seconds",
            "2",
            "--think",
            "0.05",
            "--rss-every",
            "0.25",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr  # 1: errors were counted
    out = proc.stdout
    for figure in ("players' actions/s", "latency p50", "latency p95", "latency p99"):
        assert figure in out
    figures = {line[:21].strip(): line[21:].split() for line in out.splitlines()}
    assert figures["errors"] == ["0"]
    assert float(figures["players' actions/s"][0]) > 0
    # The memory after the warm-up and at the end, and its slope, are measured figures.
    assert float(figures["server RSS end"][0]) > 10
    assert figures["RSS slope"][0] != "+nan"


def test_the_memory_slope_is_the_least_squares_slope_per_minute() -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_server", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["bench_server"] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    # 0.5 MB a second is 30 MB a minute, whatever the noise around the line averages to.
    samples = [(t, 100 + 0.5 * t + (1 if t % 2 else -1)) for t in range(0, 60, 5)]
    assert abs(bench.slope(samples) - 30) < 2
    assert abs(bench.slope([(t, 80.0) for t in range(10)])) < 1e-9
    assert bench.slope([(0.0, 1.0)]) != bench.slope([(0.0, 1.0)])  # nan: one sample
