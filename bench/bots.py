"""Thinking time per decision, per game and level, on one core.

    python bench/bots.py [--games schnapsen,seven_up,river] [--decisions 150]
                         [--levels hard,expert] [--stock 8]

Each level plays against `medium` from fresh random deals (its seat alternating) until it has
made ``--decisions`` decisions with a real choice (more than one legal action), after one
untimed decision that imports the game's bot module; the script prints the median, 90th
percentile and maximum seconds per decision. Targets (issue 6): `hard` median <= 0.5 s and
max <= 2 s; `expert` median <= 2 s and max <= 6 s; `easy` and `medium` <= 10 ms.

``--stock N`` (Schnapsen) times only the decisions taken with ``N`` cards in the stock, the trump
card counted: a stage of the deal on its own (10 to 6, the search's playouts; 4 and 2, its exact
stage; 0, the endgame), for a change that costs in one stage and not in the others.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import atout
from atout.bots import make
from atout.bots.loader import split_specs

TARGETS = {"easy": (0.01, 0.01), "medium": (0.01, 0.01), "hard": (0.5, 2.0), "expert": (2.0, 6.0)}


def times(
    rules: str, level: str, decisions: int, seed: int, stock: int | None = None
) -> list[float]:
    """Seconds per decision of ``level`` against medium (with ``stock``, only of the decisions
    taken with that many cards in the stock)."""
    game = atout.load(rules)
    rng = random.Random(seed)
    # One untimed decision first: it imports the game's bot module and fills its caches.
    warm = game.new_match(seed=seed)
    first = warm.to_act if isinstance(warm.to_act, int) else min(warm.to_act or (0,))
    make(level).choose(warm.view(first), warm.legal_actions(first), random.Random(seed))
    if stock is not None and not hasattr(warm, "stock_size"):
        raise ValueError("--stock is Schnapsen's")
    out: list[float] = []
    match = 0
    while len(out) < decisions:
        state = game.new_match(seed=rng.getrandbits(32))
        mine = match % game.seats
        match += 1
        bots = [make(level if s == mine else "medium") for s in range(game.seats)]
        while state.to_act is not None and len(out) < decisions:
            to_act = state.to_act
            seat = to_act if isinstance(to_act, int) else min(to_act)
            legal = state.legal_actions(seat)
            view = state.view(seat)
            start = time.perf_counter()
            action = bots[seat].choose(view, legal, rng)
            spent = time.perf_counter() - start
            here = stock is None or getattr(state, "stock_size", None) == stock
            if seat == mine and len(legal) > 1 and here:
                out.append(spent)
            state.step(action, seat)
            if state.deals_done >= 2:
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="schnapsen,seven_up,river")
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--decisions", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stock", type=int, default=None, help="Schnapsen: cards in the stock")
    args = parser.parse_args()
    at = "" if args.stock is None else f", with {args.stock} cards in the stock"
    print(f"seconds per decision, {args.decisions} decisions per row{at}, one core")
    print(f"  {'game':10} {'level':7} {'median':>8} {'p90':>8} {'max':>8}  target (median, max)")
    for rules in args.games.split(","):
        for level in split_specs(args.levels):
            try:
                spent = times(rules, level, args.decisions, args.seed, args.stock)
            except (TypeError, ValueError) as e:
                print(f"  {rules:10} {level:7} not available: {e}")
                continue
            spent.sort()
            med = statistics.median(spent)
            p90 = spent[int(0.9 * (len(spent) - 1))]
            top = spent[-1]
            goal = TARGETS.get(level)  # a bot spec other than a level has no target
            verdict = ""
            if goal is not None:
                ok = "ok" if med <= goal[0] and top <= goal[1] else "MISSED"
                verdict = f"({goal[0]:g}, {goal[1]:g}) {ok}"
            print(f"  {rules:10} {level:7} {med:8.4f} {p90:8.4f} {top:8.4f}  {verdict}")


if __name__ == "__main__":
    main()
