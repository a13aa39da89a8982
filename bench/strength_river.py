"""River's computer opponents against OpenSpiel's ISMCTS in its ``oh_hell``, and the ladder.

    python bench/strength_river.py ismcts [--level hard] [--tricks 8,10] [--deals 200] [--leaky]
    python bench/strength_river.py ladder [--levels easy,medium,hard] [--units 40] [--first-round]
                                          [--deal-set v1]

``ismcts``: OpenSpiel's ``oh_hell`` for 4 players and a fixed number of tricks (one round,
hook on, a point a trick and 10 for an exact bid: RULES.md §2's scoring). Our bot sits in two
opposite seats, OpenSpiel's C++ ``ISMCTSBot`` (1,000 simulations, UCT constant 5, a random
rollout to evaluate, unlimited world samples, the most visited action) in the other two. Every
deal is played twice, our bots in seats 0 and 2, then in 1 and 3 (the seats alternate on the
same cards and dealer), so each deal is one duplicate observation: the difference between our
side's and ISMCTS's mean points per seat per deal, with a 95% interval over the deals.

The game is played in OpenSpiel; our bot sees the view of a parallel atout River state dealt
the same cards (tests/river/test_openspiel.py has the mapping) into which every OpenSpiel
action is mirrored, and its action is mapped back. At the end both engines' points must agree.

Fair worlds (the default): ``oh_hell``'s ``ResampleFromInfostate`` in open-spiel 2.0.2, which
ISMCTS draws its worlds with, deals the other players only cards that really were dealt to them,
never a card of the stock (2,000 draws at a first bid: no stock card among the 24 dealt, where a
uniform draw deals 10.6 on average), so the shipped ISMCTS knows which cards are out of play:
worth about two points a deal to it here. At each ISMCTS decision the bench therefore hands it a
copy of the round whose cards unseen by its seat are drawn anew, uniformly as the voids shown
allow (:func:`fair_state`; its own information state is checked equal to the real one), and
ISMCTS resamples from that. Its worlds within one decision then share the cards drawn out of
play (its resampler only moves the others' cards between them), less variety than a fresh
uniform draw per simulation: ``atout.bots.river_mcts:RiverMCTS(iterations=1000)``, the same
algorithm with a fresh uniform draw each iteration (given the shipped leak instead, it drew
level with the shipped ISMCTS: -0.36 [-0.82, +0.11] over 160 deals), scores 0.78 [0.28, 1.28]
points a deal more than ISMCTS on fair worlds. ``--leaky`` hands ISMCTS the real state, as
shipped.

``ladder``: each level against the one below in our own engine, with the arena: whole matches
(a match of 4 players plays 19 rounds, 10 cards down to 1 and back), duplicate (the same packs
with the two bots' seats swapped), and per pair the mean difference in points per round.
"""

from __future__ import annotations

import argparse
import itertools
import multiprocessing
import random
import statistics
import time
from dataclasses import dataclass
from functools import partial

import pyspiel

import atout
from atout.arena import Tournament, run
from atout.arena.stats import mean_interval
from atout.bots import make
from atout.bots.loader import split_specs
from atout.cards import FULL_PACK, bits
from atout.core.actions import Action, Bid, Play
from atout.core.state import seeded_int
from atout.river import RiverDealResult
from atout.river.actions import BID, PLAY
from atout.river.view import RiverView
from atout.river.worlds import Sampler, played_by

PLAYERS = 4
#: OpenSpiel's suit index for each of ours (C D H S -> C D S H), and back (the same swap).
OS_SUIT = (0, 1, 3, 2)
#: OpenSpiel's bids are actions 52 + n.
BID_BASE = 52


def os_card(c: int) -> int:
    """OpenSpiel's id (rank * 4 + its suit) of our card (suit * 13 + rank)."""
    return c % 13 * 4 + OS_SUIT[c // 13]


def our_card(a: int) -> int:
    return OS_SUIT[a % 4] * 13 + a // 4


def os_action(action: Action) -> int:
    if isinstance(action, Bid):
        return BID_BASE + action.tricks
    assert isinstance(action, Play)
    return os_card(action.card)


def our_action(a: int) -> Action:
    return BID[a - BID_BASE] if a >= BID_BASE else PLAY[our_card(a)]


def os_chances(pack: list[int], cards: int, dealer: int) -> list[int]:
    """OpenSpiel's chance actions for a round our pack deals: the number of tricks, the
    dealer, the cards in its dealing order (position i to player i % players), the turned card."""
    n = PLAYERS
    order = [pack[(i // n) * n + (i % n - dealer - 1) % n] for i in range(cards * n)]
    return [cards, dealer, *(os_card(c) for c in [*order, pack[cards * n]])]


def fair_state(
    game: pyspiel.Game, mirror: atout.core.state.State, seat: int, rng: random.Random
) -> pyspiel.State:
    """The OpenSpiel round as ``seat`` may know it: its own cards and everything public as
    they are, the cards it has not seen (the others' hands and the stock) drawn anew
    (:class:`atout.river.worlds.Sampler`, uniform and consistent with the voids shown).

    ``oh_hell``'s ``ResampleFromInfostate`` in open-spiel 2.0.2 deals the other players only
    cards that were really dealt to them, never a card of the stock: its ISMCTS knows which
    cards are out of play. Handing it this state instead, it knows only which cards a fair
    draw put out of play."""
    view = mirror.view(seat)
    assert isinstance(view, RiverView)
    sampler = Sampler(view)
    hands, stock = sampler.hands(rng)
    done = played_by(view)
    n, cards = PLAYERS, view.cards
    dealt = [sorted(bits(hands[s] | done[s])) for s in range(n)]
    pack = [dealt[(view.dealer + 1 + k) % n][j] for j in range(cards) for k in range(n)]
    assert view.turned is not None
    pack += [view.turned, *bits(stock)]
    state = game.new_initial_state()
    for chance in os_chances(pack, cards, view.dealer):
        state.apply_action(chance)
    return state


def play_game(  # noqa: PLR0917 - one deal's settings, passed positionally by partial()
    level: str,
    ours: tuple[int, ...],
    pack: list[int],
    dealer: int,
    cards: int,
    seed: int,
    sims: int,
    uct: float,
    leaky: bool = False,
) -> tuple[RiverDealResult, list[float]]:
    """One round of oh_hell, our bot in seats ``ours``: the round as our engine scored it
    (bids, tricks, points by seat), and the seconds of each of our bot's decisions that had a
    choice."""
    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": cards})
    theirs = game.new_initial_state()
    chances = os_chances(pack, cards, dealer)
    for chance in chances:
        assert theirs.is_chance_node() and chance in theirs.legal_actions()
        theirs.apply_action(chance)
    mirror = atout.load(f"river(start_cards={cards})").new_match(seed=0, packs=[pack],
                                                                 dealer=dealer)  # fmt: skip
    bots = {s: make(level) for s in ours}
    rngs = {s: random.Random(seeded_int(seed, f"ours:{s}")) for s in ours}
    ismcts = {
        s: pyspiel.ISMCTSBot(
            seeded_int(seed, f"ismcts:{s}", 3),
            pyspiel.RandomRolloutEvaluator(1, seeded_int(seed, f"rollout:{s}", 3)),
            uct,
            sims,
            -1,
            pyspiel.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        for s in range(PLAYERS)
        if s not in ours
    }
    fair_rng = random.Random(seeded_int(seed, f"fair:{ours}"))
    spent: list[float] = []
    while not theirs.is_terminal():
        seat = theirs.current_player()
        assert mirror.to_act == seat
        legal = mirror.legal_actions()
        assert sorted(os_action(a) for a in legal) == sorted(theirs.legal_actions())
        if seat in bots:
            start = time.perf_counter()
            action = bots[seat].choose(mirror.view(seat), legal, rngs[seat])
            if len(legal) > 1:
                spent.append(time.perf_counter() - start)
            chosen = os_action(action)
        elif leaky:
            chosen = ismcts[seat].step(theirs)
            action = our_action(chosen)
        else:
            # A state with the unseen cards drawn fairly, then the round's bids and cards.
            fair = fair_state(game, mirror, seat, fair_rng)
            for a in theirs.history()[len(chances) :]:
                fair.apply_action(a)
            assert fair.information_state_string(seat) == theirs.information_state_string(seat)
            chosen = ismcts[seat].step(fair)
            action = our_action(chosen)
        theirs.apply_action(chosen)
        mirror.step(action, seat)
    returns = list(theirs.returns())
    deal = mirror.result().deals[0]
    assert isinstance(deal, RiverDealResult)
    assert list(deal.points) == returns, "the engines disagree on the points"
    return deal, spent


@dataclass
class DealPair:
    """A deal played both ways round: per side (ours, ISMCTS) the mean points per seat, the
    exact bids, the bids; and our bot's decision times."""

    points: tuple[float, float]
    exact: tuple[int, int]
    bids: tuple[list[int], list[int]]
    spent: list[float]


def play_deal(  # noqa: PLR0917 - passed positionally by partial()
    level: str, cards: int, sims: int, uct: float, leaky: bool, seed: int
) -> DealPair:
    """A deal played both ways round, our bots in seats 0 and 2, then in 1 and 3."""
    rng = random.Random(seed)
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    dealer = rng.randrange(PLAYERS)
    points = [0.0, 0.0]
    exact = [0, 0]
    bids: tuple[list[int], list[int]] = ([], [])
    spent: list[float] = []
    for side in ((0, 2), (1, 3)):
        deal, times = play_game(level, side, pack, dealer, cards, seed, sims, uct, leaky)
        spent += times
        for s in range(PLAYERS):
            k = 0 if s in side else 1
            points[k] += deal.points[s] / 4
            exact[k] += deal.bids[s] == deal.tricks[s]
            bids[k].append(deal.bids[s])
    return DealPair((points[0], points[1]), (exact[0], exact[1]), bids, spent)


def ismcts_main(args: argparse.Namespace) -> None:
    print(
        f"oh_hell, {PLAYERS} players, our {args.level} in two seats vs ISMCTS "
        f"({args.sims} simulations, UCT {args.uct:g}, "
        f"{'leaky' if args.leaky else 'fair'} worlds) in two, seats alternating on each deal"
    )
    for cards in (int(t) for t in args.tricks.split(",")):
        seeds = [seeded_int(args.seed, f"deal:{cards}:{i}", 4) for i in range(args.deals)]
        work = partial(play_deal, args.level, cards, args.sims, args.uct, args.leaky)
        start = time.perf_counter()
        if args.jobs > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
                results = pool.map(work, seeds, chunksize=1)
        else:
            results = [work(s) for s in seeds]
        ours = [r.points[0] for r in results]
        theirs = [r.points[1] for r in results]
        diff = mean_interval([a - b for a, b in zip(ours, theirs, strict=True)])
        spent = sorted(t for r in results for t in r.spent)
        seats = 4 * len(results)
        exact = [sum(r.exact[k] for r in results) / seats for k in (0, 1)]
        bid = [statistics.mean(b for r in results for b in r.bids[k]) for k in (0, 1)]
        print(f"  {cards} tricks, {len(results)} deals x 2 seatings "
              f"({time.perf_counter() - start:.0f} s):")  # fmt: skip
        print(f"    {args.level:7} {statistics.mean(ours):6.2f} points per deal per seat, "
              f"{exact[0]:.0%} bids exact, mean bid {bid[0]:.2f}")  # fmt: skip
        print(f"    ISMCTS  {statistics.mean(theirs):6.2f} points per deal per seat, "
              f"{exact[1]:.0%} bids exact, mean bid {bid[1]:.2f}")  # fmt: skip
        print(f"    difference {diff.value:+.2f}, 95% interval [{diff.low:+.2f}, {diff.high:+.2f}]")
        print(f"    our decisions: median {statistics.median(spent):.3f} s, max {spent[-1]:.3f} s")


def ladder_main(args: argparse.Namespace) -> None:
    # The sibling script, on the path when this one runs as a script; imported here because
    # tests load this module from its file alone, for its OpenSpiel mapping.
    from strength import deal_set_path

    levels = split_specs(args.levels)
    unit = "first rounds" if args.first_round else "matches"
    print(f"{args.rules}: each level against the one below, {args.units} duplicate {unit}")
    for low, high in itertools.pairwise(levels):
        start = time.perf_counter()
        t = Tournament(
            args.rules, (high, low), units=args.units, duplicate=True, seed=args.seed,
            deals=args.first_round, deal_set=deal_set_path("river", args.deal_set),
        )  # fmt: skip
        result = run(t, jobs=args.jobs)
        # Per duplicate group: the higher level's mean points per round less the lower's.
        groups: dict[int, list[float]] = {}
        for r in result.results:
            for deal in r.deal_points:
                mine = [deal[s] for s, b in enumerate(r.seats) if b == 0]
                other = [deal[s] for s, b in enumerate(r.seats) if b == 1]
                groups.setdefault(r.group, []).append(
                    statistics.mean(mine) - statistics.mean(other)
                )
        diff = mean_interval([statistics.mean(v) for v in groups.values()])
        wins = sum(
            sum(r.outcome[s] for s, b in enumerate(r.seats) if b == 0) for r in result.results
        )
        print(f"  {high} vs {low}: {len(result.results)} {unit} "
              f"({time.perf_counter() - start:.0f} s), {high} points per round "
              f"{diff.value:+.2f} [{diff.low:+.2f}, {diff.high:+.2f}], match wins "
              f"{wins:.1f} of {len(result.results) * 2} seats")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("ismcts", help="against OpenSpiel's ISMCTS in oh_hell")
    one.add_argument("--level", default="hard")
    one.add_argument("--tricks", default="8,10")
    one.add_argument("--deals", type=int, default=200)
    one.add_argument("--sims", type=int, default=1000)
    one.add_argument("--uct", type=float, default=5.0)
    one.add_argument("--jobs", type=int, default=2)
    one.add_argument(
        "--leaky",
        action="store_true",
        help="let ISMCTS resample as open-spiel 2.0.2 does (it knows which cards are in the stock)",
    )
    one.add_argument("--seed", type=int, default=1)
    two = sub.add_parser("ladder", help="each level against the one below, in our engine")
    two.add_argument("--rules", default="river")
    two.add_argument("--levels", default="easy,medium,hard,expert")
    two.add_argument("--units", type=int, default=40)
    two.add_argument(
        "--first-round", action="store_true", help="play only the first round of each unit"
    )
    two.add_argument("--jobs", type=int, default=2)
    two.add_argument("--seed", type=int, default=1)
    two.add_argument(
        "--deal-set", help="play the evaluation set of this version (v1) instead of --seed's deals"
    )
    args = parser.parse_args()
    from strength import engine_line  # the sibling script, as in ladder_main

    print(engine_line())
    if args.command == "ismcts":
        ismcts_main(args)
    else:
        ladder_main(args)


if __name__ == "__main__":
    main()
