"""``atout arena``: a tournament between bots, with a progress bar and a report.

atout arena schnapsen --bots random,random --matches 200 --duplicate --jobs 2
atout arena river --bots random,random --deals 100 --out results.json --plot ladder.png
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from atout.arena import Sprt, Tournament, csv_text, run, summarise, text
from atout.arena.play import UnitResult
from atout.bots.loader import split_specs

__all__ = ["add_parser", "main"]


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand."""
    a = sub.add_parser("arena", help="play a tournament between bots and rate them")
    a.add_argument("game", help="a game or rules text, e.g. schnapsen or 'river(players=5)'")
    a.add_argument(
        "--bots",
        required=True,
        help="comma-separated bot specs: random, hard(time=0.2), file.py:Class, pkg.mod:Class",
    )
    count = a.add_mutually_exclusive_group(required=True)
    count.add_argument("--matches", type=int, help="whole matches per line-up of bots")
    count.add_argument("--deals", type=int, help="single deals per line-up of bots")
    a.add_argument("--duplicate", action="store_true", help="play every pack in every seating")
    a.add_argument(
        "--deal-set",
        metavar="FILE",
        help="play a fixed deal set's packs (implies --duplicate); see atout.arena.dealset",
    )
    a.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    a.add_argument("--seed", type=int, default=0, help="the tournament's seed (default 0)")
    a.add_argument("--backend", choices=("local", "ray"), default="local")
    a.add_argument("--address", help="a Ray cluster's address (with --backend ray)")
    a.add_argument("--sprt", metavar="ELO0,ELO1", help="stop when an SPRT between two bots decides")
    a.add_argument("--out", metavar="FILE", help="write the report as JSON")
    a.add_argument("--csv", metavar="FILE", help="write one row per bot as CSV")
    a.add_argument("--records", metavar="DIR", help="keep every match's record in DIR")
    a.add_argument("--plot", metavar="FILE", help="draw the rating ladder (PNG, SVG, ...)")


def main(args: argparse.Namespace) -> int:
    """Run the tournament the arguments describe."""
    sprt = None
    if args.sprt:
        try:
            elo0, elo1 = (float(x) for x in args.sprt.split(","))
        except ValueError:
            raise ValueError("--sprt takes two Elo numbers: ELO0,ELO1 (e.g. 0,10)") from None
        sprt = Sprt(elo0, elo1)
    t = Tournament(
        rules=args.game,
        bots=tuple(split_specs(args.bots)),
        units=args.matches if args.matches is not None else args.deals,
        deals=args.deals is not None,
        duplicate=args.duplicate or args.deal_set is not None,
        seed=args.seed,
        sprt=sprt,
        deal_set=args.deal_set,
    )
    t.check()
    planned = len(t.schedule())
    try:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
    except ImportError:
        raise ValueError("atout arena needs the arena extra: pip install 'atout[arena]'") from None
    faults = 0
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("faults {task.fields[faults]}"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        transient=True,
        console=None,
        disable=not sys.stderr.isatty(),
    ) as progress:
        task = progress.add_task(t.rules, total=planned, faults=0)

        def tick(result: UnitResult) -> None:
            nonlocal faults
            faults += len(result.faults)
            progress.update(task, advance=1, faults=faults)

        outcome = run(
            t,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            records_dir=Path(args.records) if args.records else None,
            progress=tick,
        )
    report = summarise(outcome)
    print(text(report))
    for r in outcome.results:
        for f in r.faults[:3]:
            where = f"unit {f.unit}, seat {f.seat}, step {f.step}"
            print(f"  fault: {t.bots[f.bot]} in {where}: {f.message}")
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    if args.csv:
        Path(args.csv).write_text(csv_text(report), encoding="utf-8")
    if args.plot:
        from atout.arena.plot import ladder

        ladder(report, Path(args.plot))
    return 130 if outcome.interrupted else 0
