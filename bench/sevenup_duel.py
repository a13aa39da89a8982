"""Seven Up, two bots compared decision by decision rather than match by match.

``tricks A B``: duels over the tricks alone. Positions at the start of the tricks come from
``medium`` bidding and discarding; each is played out twice, A in each seat and B in the other,
and the figure is A's trick points (High, Low, Jack, Game) less B's, per deal, with a 95%
interval over positions. The bids being the same for both, this measures the card play only,
with far less noise than whole matches.

``ceiling SPEC``: whole matches of an omniscient searcher against SPEC (``hard``), each match's
deals played twice with the seats swapped. The omniscient searcher is ``hard``'s search whose
every world is the true one: it sees the other hand and the stock's order, and decides as
``hard`` does with nothing hidden. Its match share measures what the hidden cards cost a
searcher of ``hard``'s kind: the most that seeing better through them (a card model, more or
weighed worlds) could win. With ``--sees hand`` it sees the other hand and discards but not
the stock's order (worlds with the undealt cards shuffled, ``hard``'s counts of them): what a
perfect card model would give. A diagnostic, never a level (a bot sees only its seat's view).

``agree``: on the stand-or-beg and discard positions of ``medium``'s games, how often ``hard``
chooses as ``expert`` does, and as ``hard`` itself does under another seed (the noise floor).

Usage: ``python bench/sevenup_duel.py tricks SPEC_A SPEC_B --positions 150 --seed 1`` and
``python bench/sevenup_duel.py agree --positions 150`` and ``python bench/sevenup_duel.py ceiling
hard --matches 100 --seed 1 --jobs 2``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import atout
from atout.arena.stats import mean_interval
from atout.bots import make
from atout.bots.sevenup_search import SevenUpSearch
from atout.cards import bits
from atout.core.actions import Play
from atout.sevenup import SevenUpState
from atout.sevenup.game import SevenUp
from atout.sevenup.view import SevenUpView
from atout.sevenup.worlds import world


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


class _Omniscient(SevenUpSearch):
    """``hard``'s search in worlds that hold the truth (:attr:`truth`, set before each
    decision): the one true world with ``stock``, else worlds with the other seat's true hand
    and discards and the undealt cards in a random order (and ``hard``'s counts of worlds)."""

    def __init__(self, *, stock: bool) -> None:
        if stock:
            super().__init__(expert=False, time=5.0, play_worlds=1, bid_worlds=1, discard_worlds=1)
        else:
            super().__init__(expert=False, time=5.0)
        self.stock = stock
        self.truth: SevenUpState | None = None

    def _worlds(
        self, game: SevenUp, view: SevenUpView, rng: random.Random
    ) -> Iterator[tuple[SevenUpState, float]]:
        truth = self.truth
        assert truth is not None and view.seat is not None
        zones, other = truth.zones(), 1 - view.seat
        undealt = list(bits(zones["undealt"]))
        while True:
            if self.stock:
                yield truth.clone(), 1.0
            else:
                rng.shuffle(undealt)
                hand, discards = zones[f"hand{other}"], zones[f"discards{other}"]
                yield world(game, view, hand, discards, tuple(undealt), rng=rng), 1.0


def _ceiling_match(spec: str, seed: int, stock: bool, m: int) -> float:
    """The seeing searcher's share of match ``m``, played twice with the seats swapped."""
    game = atout.load("seven_up")
    other, seer = make(spec), _Omniscient(stock=stock)
    won = 0.0
    for seer_seat in (0, 1):
        state = game.new_match(seed=seed * 100_000 + m)
        assert isinstance(state, SevenUpState)
        streams = [random.Random(f"{seed}:{m}:{s}") for s in (0, 1)]
        while state.to_act is not None:
            seat = state.to_act
            assert isinstance(seat, int)
            seer.truth = state
            bot = seer if seat == seer_seat else other
            state.apply(bot.choose(state.view(seat), state.legal_actions(seat), streams[seat]))
        winners = state.result().winners
        won += (seer_seat in winners) / len(winners)
    return won / 2


def ceiling(spec: str, matches: int, seed: int, jobs: int, sees: str) -> None:
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        job = partial(_ceiling_match, spec, seed, sees == "all")
        shares = list(pool.map(job, range(matches)))
    d = mean_interval(shares)
    took = time.perf_counter() - start
    print(f"hard seeing {sees} vs {spec}: {matches} matches played twice (seats swapped), match "
          f"share {d.value:.3f} [{d.low:.3f}, {d.high:.3f}] ({took:.0f} s)")  # fmt: skip


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
    three = sub.add_parser("ceiling", help="an omniscient searcher's match share against SPEC")
    three.add_argument("spec")
    three.add_argument("--matches", type=int, default=100)
    three.add_argument("--seed", type=int, default=1)
    three.add_argument("--jobs", type=int, default=2)
    seeing = "all: the other hand and the stock's order; hand: the other hand only"
    three.add_argument("--sees", choices=("all", "hand"), default="all", help=seeing)
    args = parser.parse_args()
    if args.command == "tricks":
        tricks(args.a, args.b, args.positions, args.seed, args.rules)
    elif args.command == "ceiling":
        ceiling(args.spec, args.matches, args.seed, args.jobs, args.sees)
    else:
        agree(args.positions)


if __name__ == "__main__":
    main()
