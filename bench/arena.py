"""Arena overhead: random against random through `atout arena`'s API, beside raw playouts.

    python bench/arena.py [--matches 4000] [--repeat 5]

Prints deals per second for Schnapsen matches played by two random bots through the arena
(bots choosing through the bot protocol, results gathered and reported) with one and with two
worker processes, and the raw rate of the same random play through the engine's protocol
(``legal_actions()`` + ``step()``, as in bench/engine.py) and its inlined playout; and the raw
loop in two processes at once, to show how much a second core gives on this machine.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import time

import atout
from atout.arena import Tournament, run
from atout.core.state import State


def raw(matches: int, *, fast: bool) -> float:
    """Deals per second of random play with no arena around it."""
    game = atout.load("schnapsen")
    rng = random.Random(1)
    deals = 0
    start = time.perf_counter()
    for seed in range(matches):
        state = game.new_match(seed=seed)
        while state.to_act is not None:
            if fast:
                state.playout(rng.random)
            else:
                State.playout(state, rng.random)
        deals += state.deals_done
    return deals / (time.perf_counter() - start)


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


def arena(matches: int, jobs: int) -> float:
    """Deals per second through the arena."""
    t = Tournament("schnapsen", ("random", "random"), units=matches, duplicate=True, seed=2)
    start = time.perf_counter()
    out = run(t, jobs=jobs)
    elapsed = time.perf_counter() - start
    return sum(len(r.deal_points) for r in out.results) / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=4000, help="matches per run (4000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args()
    n, k = args.matches, args.repeat
    # Each round runs every measure back to back, so that a busy spell on the machine (other
    # people's work on its two cores) hits both sides of a ratio alike; a rate printed is the
    # best round's, a ratio the median of the rounds' ratios.
    rows = []
    for _ in range(k):
        rows.append(
            (raw(n, fast=False), raw(n, fast=True), arena(n, 1), arena(n, 2), raw_two_processes(n))
        )
    protocol, kernel, one, two, machine = (max(r[i] for r in rows) for i in range(5))
    of_protocol = statistics.median(r[2] / r[0] for r in rows)
    of_kernel = statistics.median(r[2] / r[1] for r in rows)
    speedup = statistics.median(r[3] / r[2] for r in rows)
    cores = statistics.median(r[4] / r[0] for r in rows)
    print(f"Schnapsen, random vs random, {n} matches per run, {k} rounds")
    print(f"  raw, legal+step          {protocol:10,.0f} deals/s")
    print(f"  raw, inlined playout     {kernel:10,.0f} deals/s")
    print(f"  arena --jobs 1           {one:10,.0f} deals/s   {of_protocol:5.0%} of legal+step "
          f"(target: 80%), {of_kernel:4.0%} of the inlined playout")  # fmt: skip
    print(f"  arena --jobs 2           {two:10,.0f} deals/s   {speedup:5.2f}x jobs 1")
    print(f"  raw, two processes       {machine:10,.0f} deals/s   {cores:5.2f}x one "
          "(what this machine's two cores give now)")  # fmt: skip


if __name__ == "__main__":
    main()
