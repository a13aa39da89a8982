"""Seven Up, two bots compared decision by decision rather than match by match.

``tricks A B``: duels over the tricks alone. Positions at the start of the tricks come from
``medium`` bidding and discarding; each is played out twice, A in each seat and B in the other,
and the figure is A's trick points (High, Low, Jack, Game) less B's, per deal, with a 95%
interval over positions. The bids being the same for both, this measures the card play only,
with far less noise than whole matches.

``agree``: on the stand-or-beg and discard positions of ``medium``'s games, how often ``hard``
chooses as ``expert`` does, and as ``hard`` itself does under another seed (the noise floor).

Usage: ``python bench/sevenup_duel.py tricks SPEC_A SPEC_B --positions 150 --seed 1`` and
``python bench/sevenup_duel.py agree --positions 150``.
"""

from __future__ import annotations

import argparse
import random
import time

import atout
from atout.arena.stats import mean_interval
from atout.bots import make
from atout.core.actions import Play
from atout.sevenup import SevenUpState


def _to_tricks(game: atout.Game[atout.State], seed: int, rng: random.Random) -> SevenUpState | None:
    """A match's first deal bid and discarded by ``medium``, stopped at its first card (None
    if the deal ended before the tricks, void)."""
    medium = make("medium")
    state = game.new_match(seed=seed)
    assert isinstance(state, SevenUpState)
    while state.to_act is not None and not isinstance(state.legal_actions()[0], Play):
        seat = state.to_act
        assert isinstance(seat, int)  # one seat acts at a time in Seven Up
        state.apply(medium.choose(state.view(seat), state.legal_actions(seat), rng))
    return None if state.to_act is None or state.deals_done else state


def tricks(a_spec: str, b_spec: str, positions: int, seed: int, rules: str) -> None:
    game = atout.load(rules)
    a, b = make(a_spec), make(b_spec)
    rng = random.Random(seed)
    diffs: list[float] = []
    start = time.perf_counter()
    m = 0
    while len(diffs) < positions:
        m += 1
        state = _to_tricks(game, seed * 100_000 + m, rng)
        if state is None:
            continue
        before = state._deal_points()
        total = 0
        for a_seat in (0, 1):
            c = state.clone()
            r = random.Random(seed * 7 + m)
            while c.deals_done == 0 and c.to_act is not None:
                seat = c.to_act
                assert isinstance(seat, int)
                bot = a if seat == a_seat else b
                c.apply(bot.choose(c.view(seat), c.legal_actions(seat), r))
            after = c.result().deals[-1].points  # type: ignore[attr-defined]
            total += (after[a_seat] - before[a_seat]) - (after[1 - a_seat] - before[1 - a_seat])
        diffs.append(total / 2)
    d = mean_interval(diffs)
    print(f"{a_spec} vs {b_spec}, {rules}: {positions} positions, A's trick points less B's "
          f"per deal {d.value:+.3f} [{d.low:+.3f}, {d.high:+.3f}] "
          f"({time.perf_counter() - start:.0f} s)")  # fmt: skip


def agree(positions: int) -> None:
    game = atout.load("seven_up")
    medium, hard, expert = make("medium"), make("hard"), make("expert")
    rng = random.Random(1)
    counts: dict[str, list[int]] = {}
    seen = m = 0
    while seen < positions:
        m += 1
        state = game.new_match(seed=500_000 + m)
        while state.to_act is not None and state.deals_done == 0:
            seat = state.to_act
            assert isinstance(seat, int)
            legal = state.legal_actions(seat)
            view = state.view(seat)
            stage = view.to_dict()["stage"]
            if len(legal) > 1 and stage in ("stand_or_beg", "discard"):
                h1 = hard.choose(view, legal, random.Random(m))
                h2 = hard.choose(view, legal, random.Random(m + 10**6))
                e = expert.choose(view, legal, random.Random(m + 2 * 10**6))
                c = counts.setdefault(stage, [0, 0, 0])
                c[0] += 1
                c[1] += h1 == h2
                c[2] += h1 == e
                seen += 1
            state.apply(medium.choose(view, legal, rng))
    for stage, (n, same, with_expert) in counts.items():
        print(f"{stage}: {n} positions; hard agrees with hard under another seed "
              f"{same / n:.1%}, with expert {with_expert / n:.1%}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("tricks", help="duels over the tricks of the same positions")
    one.add_argument("a")
    one.add_argument("b")
    one.add_argument("--positions", type=int, default=150)
    one.add_argument("--seed", type=int, default=1)
    one.add_argument("--rules", default="seven_up")
    two = sub.add_parser("agree", help="how often hard chooses as expert does")
    two.add_argument("--positions", type=int, default=150)
    args = parser.parse_args()
    if args.command == "tricks":
        tricks(args.a, args.b, args.positions, args.seed, args.rules)
    else:
        agree(args.positions)


if __name__ == "__main__":
    main()
