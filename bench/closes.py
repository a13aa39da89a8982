"""How each bot's Schnapsen closes end, by the stock they close: how many, how often won, what
the closer could expect, and the game points they net.

    python bench/closes.py --a expert --b hard [--matches 200] [--jobs 2] [--seed 1]
                           [--deal-set v1] [--worlds 256]

Plays whole matches of ``--a`` against ``--b`` on duplicate deals (the arena's, each pack in
both seatings), keeps the records, and replays them. For every close it notes the bot, the
cards left in the stock (the trump card counted) and the deal's end, and prints per bot and
stock: the closes; the share won, with its 95% interval (the arena's ``score_interval``); the
closer's odds, the weighted share of ``--worlds`` worlds drawn from its view (as the search
draws and weighs them) in which the closed deal is won under exact play, and the same share
unweighted; the share that exact play wins in the true deal; and the game points netted per
close (won less lost).

Read together: odds above the true deal's share mean the worlds misjudge the hidden cards; a
true deal's share above the share won means closes that exact play would have kept and the
closer lost in play (exact play also takes the opponent at its best, so only the closer's
cards can lose them: chosen, as they must be, without seeing the other hand, or for more game
points at a risk to the deal, since exact play here counts the deal won and not its points).
The figures say how the closes ended, not what not closing would have given. Their use is to
see quickly, before a strength run, where a bot's closes go wrong and whether a change moves
them.
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from atout.arena import Tournament, run
from atout.arena.stats import score_interval
from atout.bots.schnapsen_solve import DealSolver
from atout.core.actions import Close
from atout.record import before_each, from_dict
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.view import SchnapsenDealResult
from strength import deal_set_path


@dataclass
class Row:
    """The closes of one bot at one stock."""

    closes: int = 0
    won: int = 0
    points: int = 0  # game points won less lost
    odds: float = 0.0  # summed: the share of the closer's worlds in which the close wins
    plain: float = 0.0  # the same with the worlds unweighted
    exact: int = 0  # the closes that win the true deal under exact play from the close


def records(
    a: str, b: str, *, matches: int, jobs: int, seed: int, deal_set: str | None
) -> list[tuple[dict[str, Any], list[str]]]:
    """Whole Schnapsen matches of ``a`` against ``b`` on the arena's duplicate deals (or the
    evaluation set ``deal_set``): each match's record, and the bot in each seat."""
    t = Tournament(
        "schnapsen",
        (a, b),
        units=matches,
        duplicate=True,
        seed=seed,
        deal_set=deal_set_path("schnapsen", deal_set),
    )
    with tempfile.TemporaryDirectory() as kept:
        results = run(t, jobs=jobs, records_dir=Path(kept)).results
    out = []
    for result in results:
        assert result.record is not None
        out.append((result.record, [(a, b)[i] for i in result.seats]))
    return out


def closes(
    a: str, b: str, *, matches: int, jobs: int, seed: int, deal_set: str | None, worlds: int
) -> dict[tuple[str, int], Row]:
    """``(bot, stock) -> Row`` over the run's closes."""
    out: dict[tuple[str, int], Row] = defaultdict(Row)
    close = str(Close())
    for record, bots in records(a, b, matches=matches, jobs=jobs, seed=seed, deal_set=deal_set):
        # deal -> (closer, stock when it closed, its odds weighted and not, exact play's verdict)
        closed: dict[int, tuple[int, int, float, float, bool]] = {}
        state = None
        for state, seat, text in before_each(from_dict(record)):
            assert isinstance(state, SchnapsenState)
            if text == close:
                odds, plain, exact = _odds(state, seat, worlds)
                closed[state.deals_done] = (seat, state.stock_size, odds, plain, exact)
        assert state is not None  # the state at the end: every deal's result
        for deal, (seat, stock, odds, plain, exact) in closed.items():
            end = state.result().deals[deal]
            assert isinstance(end, SchnapsenDealResult) and end.closed_by == seat
            row = out[(bots[seat], stock)]
            row.closes += 1
            row.won += end.winner == seat
            row.points += end.points if end.winner == seat else -end.points
            row.odds += odds
            row.plain += plain
            row.exact += exact
    return out


def _odds(state: SchnapsenState, seat: int, worlds: int) -> tuple[float, float, bool]:
    """Before ``seat`` closes: the share of ``worlds`` worlds drawn from its view in which the
    closed deal is won under exact play (both seats seeing all), weighted as the search weighs
    them (``Game.world_weight``) and unweighted, and whether it is won in the true deal."""
    won = tuple(1.0 if w == seat else -1.0 for w in (0, 1) for _ in range(4))
    view = state.view(seat)
    game = state.game
    rng = random.Random(worlds)
    drawn = [game.sample_world(view, rng) for _ in range(worlds)]
    solver = DealSolver(seat, won, state)

    def wins(world: SchnapsenState) -> float:
        closed = world.clone()
        closed.step(Close(), seat)
        return (solver.value(closed, closed.deals_done) + 1) / 2

    weights = [game.world_weight(view, w) for w in drawn]
    won_in = [wins(x) for x in drawn]
    odds = sum(w * x for x, w in zip(won_in, weights, strict=True)) / sum(weights)
    return odds, sum(won_in) / worlds, wins(state) > 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="hard")
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deal-set", default=None, help="play the evaluation set (v1)")
    parser.add_argument("--worlds", type=int, default=256, help="drawn for a close's odds")
    args = parser.parse_args()
    start = time.perf_counter()
    table = closes(
        args.a,
        args.b,
        matches=args.matches,
        jobs=args.jobs,
        seed=args.seed,
        deal_set=args.deal_set,
        worlds=args.worlds,
    )
    print(f"closes: {args.a} and {args.b}, {args.matches} matches on duplicate deals")
    for bot in (args.a, args.b):
        print(f"  {bot}")
        for (who, stock), row in sorted(table.items()):
            if who != bot:
                continue
            n = row.closes
            won = score_interval([1.0] * row.won + [0.0] * (n - row.won))
            print(
                f"    stock {stock:2}: {n:4} closes,"
                f" won {won.value:.2f} [{won.low:.2f}, {won.high:.2f}]"
                f" (its odds {row.odds / n:.2f}, unweighted {row.plain / n:.2f}, exact play in"
                f" the true deal {row.exact / n:.2f}),"
                f" {row.points / n:+.2f} game points a close"
            )
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
