"""Strength of the computer opponents, with the arena's duplicate deals and 95% intervals.

    python bench/strength.py ladder [--games schnapsen,seven_up,river] [--matches 100]
                                    [--rungs random,easy,medium,hard,expert]
    python bench/strength.py rdeep [--levels hard,expert] [--peers 16x4,32x8] [--matches 200]
    python bench/strength.py paired --games seven_up --a expert --b hard --against medium
                                    [--matches 200] [--deals]
    python bench/strength.py dealsets [--games ...]   # writes bench/data/dealsets/GAME-v1.jsonl.gz

``--deal-set v1`` (ladder, paired) plays the fixed evaluation deals of bench/data/dealsets
instead of deals shuffled from ``--seed``: the packs are written down, so figures from different
versions of the code, or of the shuffle, are measured on the same cards. ``dealsets`` makes
them (their seed is fixed: running it again writes the same files).

``ladder`` plays each level against the one below it (random < easy < medium < hard < expert,
or the ``--rungs`` given) in every game, whole matches on duplicate deals, and prints the score
of the stronger level (its share of the matches won) and its Elo difference with the interval
(the issue asks for it to be clear of even). For River (four seats) it prints points per deal:
bench/strength_river.py's ladder gives the interval of the difference.

``rdeep`` plays 7-to-0 Schnapsen matches in the `schnapsen` package's engine (its rules: no
closing) against its RdeepBot(16, 4) and RdeepBot(32, 8), the first leader alternating, and
prints the share of matches won with a 95% interval (targets: hard >= 65% against (16, 4),
expert >= 75%). River against OpenSpiel's ISMCTS is bench/strength_river.py.

``paired`` compares two bots (two levels, or two versions of one) through a third: ``--a``
against ``--against``, then ``--b`` against it, on the same duplicate deals and, seat by seat,
the same random numbers (the arena's common random numbers), so that the two runs part only
where ``a`` and ``b`` decide differently. It prints each one's share of the matches won (of
points per deal for River), their difference with a 95% interval over the paired duplicate
groups, and the variance reduction: the variance of the difference were the two runs played
on independent deals, over the variance of the paired difference (how many times fewer
matches the paired design needs for the same interval). Each side's progress, at every tenth of
its units, goes to stderr: a run of hundreds of matches takes an hour.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from multiprocessing import get_context
from pathlib import Path

import atout
from atout.arena import Tournament, UnitResult, dealset, run, summarise
from atout.bots import make
from atout.bots.loader import split_specs

LADDER = ("random", "easy", "medium", "hard", "expert")
DEAL_SETS = Path(__file__).parent / "data" / "dealsets"
#: Each game's evaluation set: entries (duplicate groups) and packs per entry. Schnapsen's
#: longest match is 13 deals (at least one point a deal: 6 + 6 + 1); River's is its schedule
#: of 19 rounds; Seven Up has no bound, and 12 deals covers every match of 2,000 played at
#: random (the longest took 7). Gzipped: random orders of cards hardly compress further.
SET_SIZES = {"schnapsen": (400, 13), "seven_up": (400, 12), "river": (200, 19)}
SET_SEED = 2026


def engine_line() -> str:
    """Which engine the bots run on: the search levels' time caps bind on the pure one (a stale
    build falls back to it with a warning), which makes them weaker, not only slower."""
    return f"atout {atout.__version__}, the {atout.ENGINE} engine"


def deal_set_path(game: str, version: str | None) -> str | None:
    """The file of ``game``'s evaluation set ``version`` (None for seeded deals)."""
    return None if version is None else str(DEAL_SETS / f"{game}-{version}.jsonl.gz")


def write_deal_sets(games: list[str]) -> None:
    DEAL_SETS.mkdir(parents=True, exist_ok=True)
    for game in games:
        entries, packs = SET_SIZES[game]
        path = deal_set_path(game, "v1")
        assert path is not None
        dealset.dump(dealset.make(game, f"{game}-v1", entries, packs, SET_SEED), path)
        print(f"  {path}: {entries} entries of {packs} packs")


def ladder(games: list[str], rungs: list[str], matches: int, jobs: int, seed: int, *,
           deal_set: str | None) -> None:  # fmt: skip
    print(f"ladder: {matches} matches per pair, duplicate deals" + _on(deal_set))
    for game in games:
        for weak, strong in itertools.pairwise(rungs):
            start = time.perf_counter()
            t = Tournament(game, (strong, weak), units=matches, duplicate=True, seed=seed,
                           deal_set=deal_set_path(game, deal_set))  # fmt: skip
            report = summarise(run(t, jobs=jobs))
            pair = report["pairs"][0] if "pairs" in report else None
            took = time.perf_counter() - start
            if pair is not None:
                s, e = pair["score"], pair["elo"]
                clear = "clear" if s["low"] is not None and s["low"] > 0.5 else "NOT CLEAR"
                print(f"  {game:10} {strong:7} vs {weak:7} score {s['value']:.3f} "
                      f"[{s['low']:.3f}, {s['high']:.3f}] Elo {_num(e['value'])} "
                      f"[{_num(e['low'])}, {_num(e['high'])}] {clear}  ({took:.0f} s)")  # fmt: skip
            else:
                rows = {r["spec"]: r for r in report["per_bot"]}
                a, b = rows[strong]["points_per_deal"], rows[weak]["points_per_deal"]
                print(f"  {game:10} {strong:7} {a['value']:.2f}/deal vs {weak:7} "
                      f"{b['value']:.2f}/deal  ({took:.0f} s)")  # fmt: skip


def _num(x: float | None) -> str:
    return "inf" if x is None else f"{x:+.0f}"


def _on(deal_set: str | None) -> str:
    return f" (the evaluation set {deal_set})" if deal_set else ""


def _ticker(label: str, units: int) -> Callable[[UnitResult], None]:
    """A progress callback: a line on stderr each tenth of the units, with the first bot's
    score so far and the time taken (a paired run is two long runs that print nothing else)."""
    start, done, score = time.perf_counter(), 0, 0.0
    step = max(1, units // 10)

    def tick(result: UnitResult) -> None:
        nonlocal done, score
        done += 1
        mine = [result.outcome[s] for s, b in enumerate(result.seats) if b == 0]
        score += sum(mine) / len(mine)
        if done % step == 0 or done == units:
            took = time.perf_counter() - start
            print(f"    {label}: {done}/{units}, {score / done:.3f} so far ({took:.0f} s)",
                  file=sys.stderr, flush=True)  # fmt: skip

    return tick


def _group_scores(game: str, bots: tuple[str, str], *, matches: int, deals: bool, jobs: int,
                  seed: int, deal_set: str | None, label: str) -> dict[int, float]:  # fmt: skip
    """Bot 0's mean result per duplicate group: its share of the matches won, or for River (more
    than two seats) its points per deal."""
    t = Tournament(game, bots, units=matches, deals=deals, duplicate=True, seed=seed,
                   deal_set=deal_set_path(game, deal_set))  # fmt: skip
    per_group: dict[int, list[float]] = {}
    for r in run(t, jobs=jobs, progress=_ticker(label, matches)).results:
        seats = [s for s, b in enumerate(r.seats) if b == 0]
        if len(r.seats) == 2:
            value = sum(r.outcome[s] for s in seats)
        else:
            points = [p for deal in r.deal_points for s, p in enumerate(deal) if s in seats]
            value = sum(points) / max(1, len(r.deal_points)) / len(seats)
        per_group.setdefault(r.group, []).append(value)
    return {g: sum(v) / len(v) for g, v in per_group.items()}


def paired(games: list[str], a: str, b: str, against: str, *, matches: int, deals: bool,
           jobs: int, seed: int, deal_set: str | None) -> None:  # fmt: skip
    unit = "deals" if deals else "matches"
    print(f"paired: {a} and {b}, each against {against}, {matches} {unit} on the same duplicate "
          "deals and random numbers" + _on(deal_set))  # fmt: skip
    for game in games:
        start = time.perf_counter()
        x = _group_scores(game, (a, against), matches=matches, deals=deals, jobs=jobs, seed=seed,
                          deal_set=deal_set, label=f"{game}, a")  # fmt: skip
        y = _group_scores(game, (b, against), matches=matches, deals=deals, jobs=jobs, seed=seed,
                          deal_set=deal_set, label=f"{game}, b")  # fmt: skip
        groups = sorted(x)
        n = len(groups)
        diffs = [x[g] - y[g] for g in groups]
        mean = sum(diffs) / n
        var_paired = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        mx, my = sum(x.values()) / n, sum(y.values()) / n
        var_x = sum((x[g] - mx) ** 2 for g in groups) / (n - 1)
        var_y = sum((y[g] - my) ** 2 for g in groups) / (n - 1)
        half = 1.96 * math.sqrt(var_paired / n)
        reduction = (var_x + var_y) / var_paired if var_paired > 0 else math.inf
        what = f"share of {unit} won" if "river" not in game else "points per deal"
        took = time.perf_counter() - start
        hx, hy = 1.96 * math.sqrt(var_x / n), 1.96 * math.sqrt(var_y / n)
        print(f"  {game:10} {what}: {a} {mx:.3f} [{mx - hx:.3f}, {mx + hx:.3f}], {b} {my:.3f} "
              f"[{my - hy:.3f}, {my + hy:.3f}]; difference {mean:+.3f} "
              f"[{mean - half:+.3f}, {mean + half:+.3f}] over {n} duplicate groups; variance "
              f"reduction {reduction:.1f}x against unpaired runs  ({took:.0f} s)")  # fmt: skip


def _rdeep_job(level: str, samples: int, depth: int, seed: int, matches: int) -> list[bool]:
    from schnapsen_peer import peer_bot
    from schnapsen_peer import run as peer_run

    return peer_run(lambda: make(level), lambda r: peer_bot("rdeep", r, samples, depth),
                    matches, seed)  # fmt: skip


def rdeep(levels: list[str], peers: list[tuple[int, int]], matches: int, jobs: int,
          seed: int) -> None:  # fmt: skip
    print(f"Schnapsen in the `schnapsen` package's engine, {matches} 7-to-0 matches per row")
    for level in levels:
        for samples, depth in peers:
            start = time.perf_counter()
            per_job = max(1, matches // (jobs * 4))
            seeds = [seed * 100_000 + i for i in range(0, matches, per_job)]
            job = partial(_rdeep_job, level, samples, depth, matches=per_job)
            with get_context("fork").Pool(jobs) as pool:
                won = [w for chunk in pool.map(job, seeds) for w in chunk][:matches]
            n = len(won)
            p = sum(won) / n
            half = 1.96 * math.sqrt(p * (1 - p) / n)
            took = time.perf_counter() - start
            print(f"  {level:7} vs RdeepBot({samples}, {depth}): won {sum(won)}/{n} = {p:.1%} "
                  f"[{p - half:.1%}, {p + half:.1%}]  ({took:.0f} s)")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("ladder", "rdeep", "paired", "dealsets"))
    parser.add_argument("--games", default="schnapsen,seven_up,river")
    parser.add_argument("--levels", default="hard,expert", help="rdeep: the levels to play")
    parser.add_argument("--peers", default="16x4,32x8", help="rdeep: RdeepBot samples x depth")
    parser.add_argument("--rungs", default=",".join(LADDER), help="ladder: weakest first")
    parser.add_argument("--a", default="expert", help="paired: the first bot")
    parser.add_argument("--b", default="hard", help="paired: the second bot")
    parser.add_argument("--against", default="medium", help="paired: the bot both play")
    parser.add_argument("--deals", action="store_true", help="paired: single deals, not matches")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deal-set", help="ladder, paired: play the evaluation set (v1)")
    args = parser.parse_args()
    random.seed(args.seed)
    print(engine_line())
    if args.what == "ladder":
        ladder(args.games.split(","), split_specs(args.rungs), args.matches, args.jobs, args.seed,
               deal_set=args.deal_set)  # fmt: skip
    elif args.what == "paired":
        paired(args.games.split(","), args.a, args.b, args.against, matches=args.matches,
               deals=args.deals, jobs=args.jobs, seed=args.seed,
               deal_set=args.deal_set)  # fmt: skip
    elif args.what == "dealsets":
        write_deal_sets(args.games.split(","))
    else:
        peers = [(int(a), int(b)) for a, b in (p.split("x") for p in args.peers.split(","))]
        rdeep(split_specs(args.levels), peers, args.matches, args.jobs, args.seed)


if __name__ == "__main__":
    main()
