"""``atout analyse RECORD``: the coach's reading of a recorded match (:mod:`atout.coach`),
as text or as JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from atout import record
from atout.cli.transcript import printable
from atout.coach import Analysis, Decision, analyse, people
from atout.duplicate import Duplicate, challenge

__all__ = ["add_parser", "duplicate_lines", "lines", "main"]


def add_parser(sub: Any) -> None:
    """Add the ``analyse`` command to the ``atout`` parser's subcommands."""
    p = sub.add_parser(
        "analyse",
        help="the coach: every decision of a recorded match valued by the expert search",
        description=(
            "Value each decision with a choice that a seat made in a recorded match, against "
            "the best one, in the game's own points (Schnapsen: game points of the deal; Seven "
            "Up: points of the hand; River: points of the round), and mark inaccuracies, "
            "mistakes and blunders. By default from each seat's view at the time (what the "
            "player knew); --open values the real deal with every card known."
        ),
    )
    p.add_argument("file", help="a record written by atout (JSON)")
    p.add_argument(
        "--seat",
        type=int,
        action="append",
        help="a seat to analyse (repeat for several; default: the seats people played, or all)",
    )
    p.add_argument("--open", action="store_true", help="with all cards open (the real deal)")
    p.add_argument("--worlds", type=int, default=32, help="worlds searched per decision (32)")
    p.add_argument(
        "--time", type=float, default=2.0, help="seconds of search per decision at most (2)"
    )
    p.add_argument("--seed", type=int, default=0, help="the search's seed (0)")
    p.add_argument("--json", action="store_true", help="print the analysis as JSON")
    p.add_argument(
        "--duplicate",
        type=int,
        metavar="DEAL",
        help="the duplicate challenge instead: deal DEAL played again from the same cards with "
        "the expert in the seat (--seat, default the first person's), beside the record's play",
    )
    p.add_argument(
        "--others",
        default="medium",
        help="with --duplicate, the bot in the seats the record names as people (medium)",
    )


def main(args: argparse.Namespace) -> int:
    rec = record.load(args.file)
    if not 0 <= args.seed < 2**63:
        raise ValueError("--seed is a whole number from 0 to 2**63 - 1")
    if args.duplicate is not None:
        return _duplicate(rec, args)
    show = sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show:
            print(f"\ranalysed {done} of {total} decisions", end="", file=sys.stderr, flush=True)

    result = analyse(
        rec,
        args.seat,
        mode="open" if args.open else "view",
        worlds=args.worlds,
        time=args.time,
        seed=args.seed,
        progress=progress,
    )
    if show:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    names = _names(rec, result)
    if args.json:
        out = result.to_dict()
        out["names"] = names
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print("\n".join(printable(line) for line in lines(result, names)))
    return 0


def _duplicate(rec: record.Record, args: argparse.Namespace) -> int:
    """The duplicate challenge of one seat in one deal (:mod:`atout.duplicate`): the record's
    bots keep their seats (by name), the other people's seats get ``--others``."""
    seat = args.seat[0] if args.seat else people(rec)[0]
    n = record.start(rec).game.seats
    names = [rec.seats[i].name if rec.seats else f"seat {i}" for i in range(n)]
    others = [
        rec.seats[i].name if rec.seats and rec.seats[i].version is not None else args.others
        for i in range(n)
    ]
    dup = challenge(rec, args.duplicate, seat, others, seed=args.seed)
    if args.json:
        print(json.dumps(dup.to_dict() | {"names": names}, ensure_ascii=False, indent=1))
    else:
        print("\n".join(printable(line) for line in duplicate_lines(dup, names)))
    return 0


def duplicate_lines(dup: Duplicate, names: Sequence[str]) -> Iterator[str]:
    """A duplicate challenge as text: each line of play, then the difference."""
    who = names[dup.seat]
    yield f"{dup.rules}: deal {dup.deal} played again with the expert as {who} (seat {dup.seat})"
    for title, line in ((who, dup.played), ("the expert", dup.expert)):
        yield ""
        yield f"{title}: {line.value:+g} {dup.unit}"
        for seat, text in line.actions:
            yield f"  {names[seat]}: {text}"
    yield ""
    yield f"The expert made {dup.difference:+g} {dup.unit} against {who}'s play of these cards."


def _names(rec: record.Record, result: Analysis) -> list[str]:
    n = len(rec.seats) or 1 + max(result.seats, default=0)
    return [rec.seats[i].name if rec.seats else f"seat {i}" for i in range(n)]


def lines(result: Analysis, names: Sequence[str]) -> Iterator[str]:
    """The analysis as text: the decisions deal by deal, then each seat's summary."""
    s = result.scale
    how = (
        "from each seat's view at the time (the expert search)"
        if result.mode == "view"
        else "with all cards open (the real deal, every card known)"
    )
    yield f"{result.rules}: the coach, {how}"
    yield (
        f"Values in {s.unit}. A decision that loses {s.inaccuracy} or more against the best is "
        f"an inaccuracy; {s.mistake} or more, a mistake; {s.blunder} or more, a blunder."
    )
    for deal in result.deals:
        yield ""
        yield f"Deal {deal}"
        for d in result.of(deal=deal):
            yield "  " + _line(d, names, s.unit)
    for seat in result.seats:
        yield ""
        yield from _summary(result, seat, names[seat])


def _line(d: Decision, names: Sequence[str], unit: str) -> str:
    mine = d.values[d.played]
    text = f"step {d.step:>3}  {names[d.seat]}: {d.played} ({mine:+.2f})"
    if d.verdict == "best":
        return f"{text}  best"
    return f"{text}  {d.verdict}: {d.best} ({d.values[d.best]:+.2f}) was {d.loss:.2f} {unit} better"


def _summary(result: Analysis, seat: int, name: str) -> Iterator[str]:
    chosen = result.of(seat)
    if not chosen:
        yield f"{name} (seat {seat}) had no decision with a choice."
        return
    marked = ("inaccuracy", "mistake", "blunder")
    counts = {v: sum(1 for d in chosen if d.verdict == v) for v in marked}
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    marks = ", ".join(f"{n} {v if n == 1 else plural[v]}" for v, n in counts.items() if n)
    many = "decision" if len(chosen) == 1 else "decisions"
    yield (
        f"{name} (seat {seat}): {len(chosen)} {many}, accuracy {result.accuracy(seat):.0f}%, "
        f"{result.lost(seat):.2f} {result.scale.unit} lost" + (f"; {marks}" if marks else "")
    )
    for deal in result.deals:
        acc = result.accuracy(seat, deal)
        if acc is not None:
            yield f"  deal {deal}: accuracy {acc:.0f}%, {result.lost(seat, deal):.2f} lost"
    costly = result.costliest(seat)
    if costly:
        yield "  The costliest decisions:"
        for d in costly:
            yield (
                f"    step {d.step} (deal {d.deal}): {d.played} instead of {d.best}, "
                f"{d.loss:.2f} {result.scale.unit} ({d.verdict})"
            )
