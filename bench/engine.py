"""Engine speed: random playouts, side by side with the peer engines where they exist.

    make bench                      # installs the `bench` extra, then runs this
    python bench/engine.py --deals 5000

For Schnapsen it prints, on one core:

- full deals per second playing uniformly random legal actions, through the inlined playout
  (what search rollouts use) and through the public protocol (``legal_actions()`` + ``step()``);
  every deal includes shuffling and dealing it, as the peer's does;
- microseconds per ``clone()`` + ``apply()`` and per ``clone()`` + ``step()`` on positions from
  random play;
- the same number of deals of the `schnapsen` package from PyPI (its engine, RandBot against
  RandBot), when it is installed, and the ratio. Its rules have no closing, so its deals run
  longer on average; the ratio of actions per second is printed too.

For Seven Up (no peer engine to compare with) it prints the same rates of our engine: hands
per second through the inlined playout and through the protocol (a void deal counts as a hand),
and the clone-and-apply times.

For Up and Down the River it prints full random rounds per second for 4 players with 8 and with
10 cards (each a new match's first round: the shuffle, the deal, the bids and every trick, and the
next round dealt as the round ends), through the inlined playout and through the protocol, beside
OpenSpiel's ``oh_hell`` on the same settings, driven through its Python API as a program would
drive it (``legal_actions()`` and ``apply_action()`` at every step, the chance steps of the deal
included, each choice uniformly random), and the ratio.

Each rate is the best of ``--repeat`` rounds; each ratio is the median over the rounds of
the two engines measured back to back, so that other work on the machine cancels out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import atout
from atout.core.state import State


def best(repeat: int, run: Callable[[], float]) -> float:
    """The best (largest) rate of ``repeat`` runs."""
    return max(run() for _ in range(repeat))


def playouts(rules: str, deals: int) -> tuple[float, float]:
    """Deals and actions per second through the inlined playout, whole matches at a time."""
    game = atout.load(rules)
    rng = random.Random(1)
    done = actions = 0
    start = time.perf_counter()
    seed = 0
    while done < deals:
        state = game.new_match(seed=seed)
        seed += 1
        while state.to_act is not None and done < deals:
            state.playout(rng.random)
            done += 1
        actions += len(state.history)
    elapsed = time.perf_counter() - start
    return done / elapsed, actions / elapsed


def protocol(rules: str, deals: int) -> float:
    """Deals per second through ``legal_actions()`` and ``step()``."""
    game = atout.load(rules)
    rng = random.Random(2)
    done = 0
    start = time.perf_counter()
    seed = 0
    while done < deals:
        state = game.new_match(seed=seed)
        seed += 1
        while state.to_act is not None and done < deals:
            State.playout(state, rng.random)
            done += 1
    return done / (time.perf_counter() - start)


def positions(rules: str, n: int) -> list[State]:
    """Positions met in random play."""
    game = atout.load(rules)
    rng = random.Random(3)
    out: list[State] = []
    seed = 0
    while len(out) < n:
        state = game.new_match(seed=seed)
        seed += 1
        while state.to_act is not None and len(out) < n:
            out.append(state.clone())
            state.step(rng.choice(state.legal_actions()))
    return out


def clone_apply_us(states: list[State], *, events: bool) -> float:
    """Microseconds per clone() then apply() (or step()) of the first legal action."""
    moves = [s.legal_actions()[0] for s in states]
    start = time.perf_counter()
    if events:
        for s, a in zip(states, moves, strict=True):
            s.clone().apply(a)
    else:
        for s, a in zip(states, moves, strict=True):
            s.clone().step(a)
    return (time.perf_counter() - start) / len(states) * 1e6


def peer_schnapsen(deals: int) -> tuple[float, float] | None:
    """Deals and moves per second of the `schnapsen` package, RandBot against RandBot."""
    try:
        from schnapsen.bots import RandBot  # type: ignore[import-not-found]
        from schnapsen.game import SchnapsenGamePlayEngine  # type: ignore[import-not-found]
    except ImportError:
        return None
    moves = 0

    class Counting(RandBot):  # type: ignore[misc]
        def get_move(self, perspective: object, leader_move: object) -> object:
            nonlocal moves
            moves += 1
            return super().get_move(perspective, leader_move)

    engine = SchnapsenGamePlayEngine()
    rng = random.Random(4)
    one, two = Counting(random.Random(5)), Counting(random.Random(6))
    start = time.perf_counter()
    for _ in range(deals):
        engine.play_game(one, two, rng)
    elapsed = time.perf_counter() - start
    return deals / elapsed, moves / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=4000, help="deals per run (default 4000)")
    parser.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    args = parser.parse_args()
    n, k = args.deals, args.repeat
    schnapsen_report(n, k)
    seven_up_report(n, k)
    river_report(n, k)


def schnapsen_report(n: int, k: int) -> None:
    """Schnapsen's rates, and the peer engine's when it is installed."""
    print(f"Schnapsen, random play, {n} deals per run, {k} rounds, one core")
    # Each round runs every engine back to back, so that a busy spell on the machine hits
    # both sides of a ratio; the ratio printed is the median of the rounds' ratios.
    rounds = []
    for _ in range(k):
        rounds.append((playouts("schnapsen", n), protocol("schnapsen", n), peer_schnapsen(n)))
    deals_s = max(r[0][0] for r in rounds)
    actions_s = max(r[0][1] for r in rounds)
    protocol_s = max(r[1] for r in rounds)
    states = positions("schnapsen", 20_000)
    apply_us = min(clone_apply_us(states, events=True) for _ in range(k))
    step_us = min(clone_apply_us(states, events=False) for _ in range(k))
    print(f"  atout playout            {deals_s:10,.0f} deals/s  {actions_s:10,.0f} actions/s")
    print(f"  atout legal+step         {protocol_s:10,.0f} deals/s")
    print(f"  atout clone()+apply()    {apply_us:10.2f} us   (events built, checked)")
    print(f"  atout clone()+step()     {step_us:10.2f} us   (no events: the search path)")
    peers = [r[2] for r in rounds if r[2] is not None]
    if not peers:
        print("  schnapsen (PyPI)         not installed: `make bench` installs the bench extra")
        return
    peer_deals = max(p[0] for p in peers)
    peer_moves = max(p[1] for p in peers)
    print(f"  schnapsen 0.0.5 RandBot  {peer_deals:10,.0f} deals/s  {peer_moves:10,.0f} moves/s")
    playout_ratio = statistics.median(r[0][0] / r[2][0] for r in rounds if r[2])
    protocol_ratio = statistics.median(r[1] / r[2][0] for r in rounds if r[2])
    action_ratio = statistics.median(r[0][1] / r[2][1] for r in rounds if r[2])
    print(f"  ratio, deals/s:   playout {playout_ratio:5.1f}x   legal+step "
          f"{protocol_ratio:5.1f}x   (target: 10x)")  # fmt: skip
    print(f"  ratio, actions/s: playout {action_ratio:5.1f}x")


def seven_up_report(n: int, k: int) -> None:
    """Seven Up's rates: hands per second (one deal each, void deals included)."""
    print(f"Seven Up, random play, {n} hands per run, {k} rounds, one core (no peer engine)")
    rounds = [(playouts("seven_up", n), protocol("seven_up", n)) for _ in range(k)]
    hands_s = max(r[0][0] for r in rounds)
    actions_s = max(r[0][1] for r in rounds)
    protocol_s = max(r[1] for r in rounds)
    states = positions("seven_up", 20_000)
    apply_us = min(clone_apply_us(states, events=True) for _ in range(k))
    step_us = min(clone_apply_us(states, events=False) for _ in range(k))
    print(f"  atout playout            {hands_s:10,.0f} hands/s  {actions_s:10,.0f} actions/s")
    print(f"  atout legal+step         {protocol_s:10,.0f} hands/s")
    print(f"  atout clone()+apply()    {apply_us:10.2f} us   (events built, checked)")
    print(f"  atout clone()+step()     {step_us:10.2f} us   (no events: the search path)")


def river_rounds(cards: int, rounds: int, *, inlined: bool = True) -> float:
    """River rounds per second, 4 players and ``cards`` cards each: a new match per round,
    played to the round's end by the inlined playout or by ``legal_actions()`` + ``step()``."""
    game = atout.load(f"river(start_cards={cards})")
    rng = random.Random(5)
    start = time.perf_counter()
    for seed in range(rounds):
        state = game.new_match(seed=seed)
        if inlined:
            state.playout(rng.random)
        else:
            State.playout(state, rng.random)
    return rounds / (time.perf_counter() - start)


def openspiel_rounds(cards: int, rounds: int) -> float | None:
    """OpenSpiel ``oh_hell`` rounds per second on the same settings, every step (chance ones
    too) through ``legal_actions()`` and ``apply_action()`` with a uniformly random choice."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": cards})
    rng = random.Random(6)
    start = time.perf_counter()
    for _ in range(rounds):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    return rounds / (time.perf_counter() - start)


def river_report(n: int, k: int) -> None:
    """River's rounds per second beside OpenSpiel's ``oh_hell``, when it is installed."""
    print(f"Up and Down the River, 4 players, random play, {n} rounds per run, {k} runs, one core")
    for cards in (8, 10):
        # The engines run back to back in each run, as for Schnapsen; the ratio is the median.
        runs = [
            (river_rounds(cards, n), river_rounds(cards, n, inlined=False),
             openspiel_rounds(cards, n))
            for _ in range(k)
        ]  # fmt: skip
        ours = max(r[0] for r in runs)
        protocol_s = max(r[1] for r in runs)
        print(f"  {cards:2} cards  atout playout       {ours:10,.0f} rounds/s")
        print(f"  {cards:2} cards  atout legal+step    {protocol_s:10,.0f} rounds/s")
        peers = [r[2] for r in runs if r[2] is not None]
        if not peers:
            print("            OpenSpiel               not installed: it is in the test extra")
            continue
        print(f"  {cards:2} cards  OpenSpiel oh_hell   {max(peers):10,.0f} rounds/s")
        ratio = statistics.median(r[0] / r[2] for r in runs if r[2])
        protocol_ratio = statistics.median(r[1] / r[2] for r in runs if r[2])
        print(f"  {cards:2} cards  ratio: playout {ratio:5.2f}x   legal+step "
              f"{protocol_ratio:5.2f}x   (target: 1x)")  # fmt: skip


if __name__ == "__main__":
    main()
