"""How far Schnapsen decisions fall short of clairvoyant play, by stock, and which of several bots
decides better at the same positions.

    python bench/regret.py --a expert --b hard [--matches 100] [--jobs 2] [--seed 1]
                           [--deal-set v1] [--stocks 2,4,6] [--variants SPEC,SPEC,...]
                           [--played N]

Plays whole matches of ``--a`` against ``--b`` on duplicate deals (the arena's), keeps the
records and replays them. At every decision with a choice taken with a stock (trump card
counted) in ``--stocks``, and not yet in the endgame, each legal action is valued as a
clairvoyant would value it: by :class:`atout.bots.schnapsen_solve.DealSolver` in the true deal
(both hands known, the face-down cards drawn by chance, ends worth the match odds of
``expert``'s :func:`atout.bots.schnapsen_search.outcome_table`). A decision's *regret* is the
best action's value less the chosen one's, in that unit (``2 P(win the match) - 1``).

It prints, per bot and stock, the decisions and their regret (in all, per decision and per
match, the closes' share of it). With ``--variants``, every variant chooses at ``--a``'s
positions in those stocks, each from the same random stream; where they differ, each choice is
valued so, and each variant after the first is compared with the first: the positions where
it chose otherwise, and its mean gain per position with a 95% interval (and per match).

The unit is the chance of the match, so a gain per match of 0.02 is a share of matches won
about 0.01 higher, *if the clairvoyant's values were the truth*. They are not: a line that
needs the hidden cards guessed is worth less than a clairvoyant says, so a variant that solves
more of the deal exactly (as the clairvoyant does) is flattered. The comparison is paired and
sees small differences quickly; its use is to find and rank changes worth a strength run
(``strength.py paired``), not to replace it. Unlike decisions at stock 4 or less, those at 6
take the solver a tenth of a second or more each, and at 8 or 10 seconds.

``--played N`` values the variants' differing choices without the clairvoyant: each choice is
followed by ``N`` continuations of the true deal (its real stock order), ``--a`` in the seat
and ``--b`` in the other seeing only their views, the same random streams after every choice,
and is worth the mean of the deal's ends in the same unit. That is what the choice is worth
*with these bots playing on*; it costs the bots' thinking, where the clairvoyant costs the
solver's.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import defaultdict
from multiprocessing import get_context
from typing import Any

from atout.bots import make
from atout.bots.base import Bot
from atout.bots.loader import split_specs
from atout.bots.schnapsen_search import outcome_table
from atout.bots.schnapsen_solve import DealSolver
from atout.core.actions import Action, Close
from atout.record import before_each, from_dict
from atout.schnapsen.layout import HAND
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.view import SchnapsenView
from atout.schnapsen.worlds import knowledge, world
from closes import records

# One position: (match, decision's index in it, bot's name, state, seat, the action it took).
Position = tuple[int, int, str, SchnapsenState, int, str]

# The positions, the variants and the continuations' bots (--a's seat, the other) and count,
# set before the worker processes fork (they inherit them).
_POSITIONS: list[Position] = []
_VARIANTS: list[Bot] = []
_PLAYERS: list[Bot] = []
_PLAYED: list[int] = [0]


def positions(played: list[tuple[dict[str, Any], list[str]]], stocks: set[int]) -> list[Position]:
    """Every decision with a choice at those stocks, before the endgame, in record order."""
    out: list[Position] = []
    for m, (record, bots) in enumerate(played):
        for i, (state, seat, text) in enumerate(before_each(from_dict(record))):
            assert isinstance(state, SchnapsenState)
            if state.stock_size not in stocks or state.is_endgame():
                continue
            if len(state.legal_actions(seat)) > 1:
                out.append((m, i, bots[seat], state.clone(), seat, text))
    return out


def clairvoyant(state: SchnapsenState, seat: int) -> tuple[SchnapsenState, DealSolver]:
    """The true deal as a world of the seat's view (so that an action ending the match's last
    recorded deal is followed by a shuffled one, not a missing pack), and its solver."""
    view = state.view(seat)
    assert isinstance(view, SchnapsenView)
    stock = state._stock[state._stock_pos :]
    if len(stock) != knowledge(view).stock_size:
        raise AssertionError("the face-down stock does not match the view")
    true = world(state.game, view, state._seats[HAND + 1 - seat], stock)
    return true, DealSolver(seat, outcome_table(view), true, chance=True)


def values(state: SchnapsenState, seat: int, actions: list[Action]) -> dict[str, float]:
    """Each action's clairvoyant value for the seat."""
    true, solver = clairvoyant(state, seat)
    out = {}
    for action in actions:
        child = true.clone()
        child.step(action, seat)
        out[str(action)] = solver.value(child, true.deals_done)
    return out


def played(state: SchnapsenState, seat: int, actions: list[Action], players: list[Bot], *,
           n: int, seed: int) -> dict[str, float]:  # fmt: skip
    """Each action's value for the seat as ``players`` (the seat's bot, the other's) play the true
    deal on from it: the mean over ``n`` continuations of the deal's end worth, continuation
    ``r`` drawing from the same random streams whatever the action."""
    true, _ = clairvoyant(state, seat)
    table = outcome_table(state.view(seat))
    start = true.deals_done
    out = {}
    for action in actions:
        total = 0.0
        for r in range(n):
            child = true.clone()
            child.step(action, seat)
            rngs = [random.Random(seed * 100 + r * 2 + s) for s in (0, 1)]
            while child.deals_done == start and not child.is_over:
                s = child.acting_seats[0]
                bot = players[0] if s == seat else players[1]
                choice = bot.choose(child.view(s), child.legal_actions(s), rngs[s])
                parsed = child.game.parse_action(choice) if isinstance(choice, str) else choice
                child.step(parsed, s)
            d = child._deals[start]
            total += table[d.winner * 4 + d.points]
        out[str(action)] = total / n
    return out


def _regret(k: int) -> tuple[str, int, float, bool]:
    """The bot's regret at position ``k``: (bot, stock, regret, whether it closed)."""
    _, _, bot, state, seat, text = _POSITIONS[k]
    v = values(state, seat, state.legal_actions(seat))
    return bot, state.stock_size, max(v.values()) - v[text], text == str(Close())


def _choices(k: int) -> tuple[list[str], dict[str, float]]:
    """Each variant's choice at position ``k``, and the choices' values where they differ."""
    m, i, _, state, seat, _ = _POSITIONS[k]
    view = state.view(seat)
    legal = state.legal_actions(seat)
    chosen: list[Action] = []
    for bot in _VARIANTS:
        choice = bot.choose(view, legal, random.Random(m * 10_000 + i))
        chosen.append(state.game.parse_action(choice) if isinstance(choice, str) else choice)
    names = [str(a) for a in chosen]
    if len(set(names)) == 1:
        return names, {}
    distinct = list({str(a): a for a in chosen}.values())
    if _PLAYED[0]:
        return names, played(state, seat, distinct, _PLAYERS, n=_PLAYED[0], seed=m * 10_000 + i)
    return names, values(state, seat, distinct)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="hard")
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deal-set", default=None, help="play the evaluation set (v1)")
    parser.add_argument("--stocks", default="2,4,6", help="the stocks whose decisions count")
    parser.add_argument("--variants", default=None, help="bot specs to compare at --a's positions")
    parser.add_argument("--played", type=int, default=0,
                        help="value choices by N continuations, not the solver")  # fmt: skip
    args = parser.parse_args()
    start = time.perf_counter()
    stocks = {int(s) for s in args.stocks.split(",")}
    specs = split_specs(args.variants) if args.variants else []
    played = records(args.a, args.b, matches=args.matches, jobs=args.jobs, seed=args.seed,
                     deal_set=args.deal_set)  # fmt: skip
    _POSITIONS[:] = positions(played, stocks)
    _VARIANTS[:] = [make(spec) for spec in specs]
    _PLAYERS[:] = [make(args.a), make(args.b)]
    _PLAYED[0] = args.played
    mine = [k for k, p in enumerate(_POSITIONS) if p[2] == args.a]
    with get_context("fork").Pool(args.jobs) as pool:
        regrets = pool.map(_regret, range(len(_POSITIONS)), chunksize=4)
        choices = pool.map(_choices, mine, chunksize=4) if specs else []
    print(f"regret against clairvoyant play: {args.a} and {args.b}, {args.matches} matches")
    rows: dict[tuple[str, int], list[float]] = defaultdict(lambda: [0, 0.0, 0, 0.0])
    for bot, stock, r, closed in regrets:
        row = rows[(bot, stock)]
        row[0] += 1
        row[1] += r
        row[2] += closed
        row[3] += r if closed else 0.0
    for (bot, stock), (n, total, closes, lost) in sorted(rows.items()):
        print(f"  {bot} stock {stock:2}: {n:5} decisions, regret {total:7.2f}"
              f" ({total / n:.4f} a decision, {total / args.matches:.3f} a match);"
              f" {closes} closes, {lost:.2f} of it")  # fmt: skip
    if specs:
        n = len(choices)
        how = f"{args.played} continuations each" if args.played else "clairvoyant values"
        print(f"  variants at {args.a}'s {n} decisions ({specs[0]} first; {how}):")
        for j, spec in enumerate(specs[1:], 1):
            gains = [v[c[j]] - v[c[0]] for c, v in choices if v]
            other = sum(1 for c, _ in choices if c[j] != c[0])
            mean = sum(gains) / n
            sd = math.sqrt(max(0.0, sum(g * g for g in gains) / n - mean * mean))
            half = 1.96 * sd / math.sqrt(n)
            print(f"    {spec}: chose otherwise at {other}, gain {mean:+.5f}"
                  f" [{mean - half:+.5f}, {mean + half:+.5f}] a decision,"
                  f" {sum(gains) / args.matches:+.3f} a match")  # fmt: skip
    print(f"  ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
