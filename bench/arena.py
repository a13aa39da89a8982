"""Arena overhead: random against random through `atout arena`'s API, beside raw playouts.

    python bench/arena.py [--matches 4000] [--repeat 5]

Prints deals per second for Schnapsen matches played by two random bots through the arena
(bots choosing through the bot protocol, results gathered and reported) with one and with two
worker processes, and the raw rate of the same random play through the engine's protocol
(``legal_actions()`` + ``step()``, as in bench/engine.py) and its inlined playout; and the raw
loop in two processes at once, to show how much a second core gives on this machine now.

The machine is shared, so the one-process figures are given per second of this process's CPU
time as well as of the clock: the arena's share of the raw rate is taken on CPU time, which
other people's work on the machine does not change. Two processes can only be timed by the
clock; they are compared with the raw loop in two processes, timed the same way.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import atout
from atout.arena import Tournament, run
from atout.core.state import State

Rates = tuple[float, float]


def raw(matches: int, *, fast: bool) -> Rates:
    """Deals per second of random play with no arena around it: by the clock, and per second
    of CPU time."""
    game = atout.load("schnapsen")
    rng = random.Random(1)
    deals = 0
    wall, cpu = time.perf_counter(), time.process_time()
    for seed in range(matches):
        state = game.new_match(seed=seed)
        while state.to_act is not None:
            if fast:
                state.playout(rng.random)
            else:
                State.playout(state, rng.random)
        deals += state.deals_done
    return deals / (time.perf_counter() - wall), deals / (time.process_time() - cpu)


def _raw_chunk(args: tuple[int, int]) -> int:
    first, count = args
    game = atout.load("schnapsen")
    rng = random.Random(first)
    deals = 0
    for seed in range(first, first + count):
        state = game.new_match(seed=seed)
        while state.to_act is not None:
            State.playout(state, rng.random)
        deals += state.deals_done
    return deals


def raw_two_processes(matches: int) -> float:
    """Deals per second of the raw loop in two processes at once: what two cores give here."""
    with multiprocessing.get_context("fork").Pool(2) as pool:
        start = time.perf_counter()
        deals = sum(pool.map(_raw_chunk, [(0, matches // 2), (matches, matches - matches // 2)]))
        return deals / (time.perf_counter() - start)


def arena(matches: int, jobs: int) -> Rates:
    """Deals per second through the arena: by the clock, and per second of this process's CPU
    time (meaningful with one job, which plays in this process)."""
    t = Tournament("schnapsen", ("random", "random"), units=matches, duplicate=True, seed=2)
    wall, cpu = time.perf_counter(), time.process_time()
    out = run(t, jobs=jobs)
    deals = sum(len(r.deal_points) for r in out.results)
    return deals / (time.perf_counter() - wall), deals / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=4000, help="matches per run (4000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args()
    n, k = args.matches, args.repeat
    # Each round runs every measure back to back, so that a busy spell on the machine hits
    # both sides of a ratio alike; a rate printed is the best round's, a ratio the median of
    # the rounds' ratios.
    rows = []
    for _ in range(k):
        rows.append(
            (raw(n, fast=False), raw(n, fast=True), arena(n, 1), arena(n, 2)[0],
             raw_two_processes(n))
        )  # fmt: skip

    def best(f: Callable[[tuple[Any, ...]], float]) -> float:
        return max(f(r) for r in rows)

    def median(f: Callable[[tuple[Any, ...]], float]) -> float:
        return statistics.median(f(r) for r in rows)

    print(f"Schnapsen, random vs random, {n} matches per run, {k} rounds")
    print(
        f"  raw, legal+step          {best(lambda r: r[0][0]):10,.0f} deals/s"
        f"   {best(lambda r: r[0][1]):10,.0f} per CPU second"
    )
    print(
        f"  raw, inlined playout     {best(lambda r: r[1][0]):10,.0f} deals/s"
        f"   {best(lambda r: r[1][1]):10,.0f} per CPU second"
    )
    print(
        f"  arena --jobs 1           {best(lambda r: r[2][0]):10,.0f} deals/s"
        f"   {best(lambda r: r[2][1]):10,.0f} per CPU second"
    )
    print(
        f"      {median(lambda r: r[2][1] / r[0][1]):5.0%} of legal+step on CPU time "
        f"(target: 80%; {median(lambda r: r[2][0] / r[0][0]):.0%} by the clock), "
        f"{median(lambda r: r[2][1] / r[1][1]):.0%} of the inlined playout"
    )
    print(
        f"  arena --jobs 2           {best(lambda r: r[3]):10,.0f} deals/s"
        f"   {median(lambda r: r[3] / r[2][0]):5.2f}x jobs 1 by the clock, "
        f"{median(lambda r: r[3] / r[4]):.0%} of two raw processes"
    )
    print(f"  raw, two processes       {best(lambda r: r[4]):10,.0f} deals/s"
          f"   {median(lambda r: r[4] / r[0][0]):5.2f}x one process "
          "(what the machine's two cores give now)")  # fmt: skip


if __name__ == "__main__":
    main()
