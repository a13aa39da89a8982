"""Environment speed against issue 14's target: steps per second of atout's reinforcement-learning
environments, beside OpenSpiel's ``rl_environment.Environment("oh_hell")`` on the same settings.

    python bench/envs.py              # 5 rounds of about 20,000 steps per figure
    python bench/envs.py --quick      # one short round of each: a smoke test

**A step** is one decision of one agent: a random legal action taken, with the observation
vector and the legal-action mask built for it (the dead agents' closing ``step(None)`` calls
are timed but not counted). Every figure plays whole matches from ``reset(seed=...)``.

- *AEC*: each game's PettingZoo environment (``schnapsen_v0``, ``seven_up_v0``,
  ``river_v0``) with its wrappers, driven by PettingZoo's own loop: ``agent_iter()``,
  ``last()`` (the acting agent's observation and mask), a uniformly random action among those
  whose mask is 1, ``step()``.
- *AEC, all observed*: the same, and every other agent's observation built at every step too,
  as OpenSpiel's ``rl_environment`` builds every player's tensor at every step.
- *Gymnasium*: :class:`atout.envs.SingleAgentEnv` for seat 0 against ``random`` bots: the
  agent's steps only (the bots' moves are inside them).
- *OpenSpiel*: ``rl_environment.Environment("oh_hell", players=4, num_tricks_fixed=c)`` for
  each round of River's 8...1...8 schedule (``river(start_cards=8)``: 15 rounds of 8, 7 ... 1
  ... 8 cards), as bench/engine.py plays it: one environment per number of cards, built before
  the clock starts, ``reset()`` per round, then ``step([action])`` with a uniformly random
  legal action of the player to act until the round ends. Its ``TimeStep`` holds every
  player's information-state tensor and legal actions at every step; the deal's chance
  outcomes are sampled inside ``reset()`` and ``step()``.

**Method** (as bench/engine.py): ``--repeat`` rounds; in each round every figure is measured
back to back, ours then OpenSpiel's. Each rate printed is the best of the rounds; the ratio
River AEC / OpenSpiel is the median of the rounds' ratios, so that a busy spell on a shared
machine hits both sides of it. Target: at least 1.0.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import atout
from atout.envs import SingleAgentEnv, river_v0, schnapsen_v0, seven_up_v0
from atout.river.rules import RiverRules

#: Which engine this process runs: "compiled" or "pure".
ENGINE: str = getattr(atout, "ENGINE", "pure")
#: River's 8...1...8 schedule for 4 players, as bench/engine.py measures it.
RIVER_RULES = "river(start_cards=8)"
#: The target of issue 14: River's AEC steps per second over OpenSpiel's.
TARGET = 1.0

ENVS: dict[str, Callable[..., Any]] = {
    "schnapsen": schnapsen_v0.env,
    "seven_up": seven_up_v0.env,
    "river": river_v0.env,
}


def aec_steps(rules: str, steps: int, *, observe_all: bool = False) -> float:
    """Steps per second of the wrapped AEC environment under PettingZoo's loop, over whole
    matches until at least ``steps`` decisions are taken."""
    name = atout.load(rules).name
    env = ENVS[name](rules=rules)
    rng = random.Random(1)
    done = seed = 0
    start = time.perf_counter()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        agents = list(env.possible_agents)
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if observe_all:
                for other in agents:
                    if other != agent:
                        env.observe(other)
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            done += 1
    return done / (time.perf_counter() - start)


def gym_steps(rules: str, steps: int) -> float:
    """Steps per second of :class:`SingleAgentEnv` for seat 0 against random bots."""
    env = SingleAgentEnv(rules=rules, seat=0, opponents="random")
    rng = random.Random(2)
    done = seed = 0
    start = time.perf_counter()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated:
            legal = np.flatnonzero(env.action_masks())
            _, _, terminated, _, _ = env.step(int(legal[int(rng.random() * len(legal))]))
            done += 1
    return done / (time.perf_counter() - start)


def openspiel_steps(schedule: tuple[int, ...], steps: int) -> float | None:
    """Steps per second of OpenSpiel's ``rl_environment`` on ``oh_hell`` for 4 players, one
    round per entry of ``schedule`` over and over until at least ``steps`` decisions are
    taken; None when OpenSpiel is not installed."""
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    envs = {
        cards: rl_environment.Environment("oh_hell", players=4, num_tricks_fixed=cards)
        for cards in set(schedule)
    }
    for env in envs.values():
        env.seed(3)
    rng = random.Random(3)
    done = 0
    start = time.perf_counter()
    while done < steps:
        for cards in schedule:
            env = envs[cards]
            timestep = env.reset()
            while not timestep.last():
                player = timestep.observations["current_player"]
                legal = timestep.observations["legal_actions"][player]
                timestep = env.step([legal[int(rng.random() * len(legal))]])
                done += 1
    return done / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, help="steps per figure and round (default 20000)")
    parser.add_argument("--repeat", type=int, help="rounds (default 5)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 300 steps, 1 round")
    args = parser.parse_args()
    steps = args.steps or (300 if args.quick else 20_000)
    k = args.repeat or (1 if args.quick else 5)
    rules = atout.load(RIVER_RULES).rules
    assert isinstance(rules, RiverRules)
    schedule = rules.schedule()

    jobs: dict[str, Callable[[], float | None]] = {
        "schnapsen AEC": lambda: aec_steps("schnapsen", steps),
        "seven_up AEC": lambda: aec_steps("seven_up", steps),
        "river 8..1..8 AEC": lambda: aec_steps(RIVER_RULES, steps),
        "river 8..1..8 AEC, all observed": lambda: aec_steps(RIVER_RULES, steps, observe_all=True),
        "schnapsen Gymnasium vs random": lambda: gym_steps("schnapsen", steps),
        "river 8..1..8 Gymnasium vs random": lambda: gym_steps(RIVER_RULES, steps),
        "OpenSpiel oh_hell rl_environment": lambda: openspiel_steps(schedule, steps),
    }
    figures: dict[str, list[float]] = {key: [] for key in jobs}
    missing: set[str] = set()
    for _ in range(k):
        for key, job in jobs.items():
            if key in missing:
                continue
            value = job()
            if value is None:
                missing.add(key)
            else:
                figures[key].append(value)

    print(
        f"Environment steps per second ({ENGINE} engine): random legal actions, the observation "
        f"and the mask built at every step;\n  about {steps:,} steps per figure, "
        f"{k} round{'s' if k > 1 else ''}, the best of the rounds; 4 players in River, "
        f"{len(schedule)} rounds of 8..1..8 cards"
    )
    for key, values in figures.items():
        if key in missing:
            print(f"  {key:<40}not installed (OpenSpiel is in the openspiel and test extras)")
        else:
            print(f"  {key:<40}{'steps/s':<10}{max(values):>10,.0f}")
    peer = "OpenSpiel oh_hell rl_environment"
    if peer in missing:
        print("Ratio River AEC / OpenSpiel: not measured (OpenSpiel is not installed)")
        return
    ours = figures["river 8..1..8 AEC"]
    ratio = statistics.median(a / b for a, b in zip(ours, figures[peer], strict=True))
    both = figures["river 8..1..8 AEC, all observed"]
    ratio_all = statistics.median(a / b for a, b in zip(both, figures[peer], strict=True))
    verdict = "met" if ratio >= TARGET else "NOT MET"
    print(
        f"Ratio River AEC / OpenSpiel oh_hell, steps/s (median of rounds): {ratio:.2f}x "
        f"(target >= {TARGET:g}x: {verdict})"
    )
    print(f"Ratio River AEC, all observed / OpenSpiel oh_hell: {ratio_all:.2f}x")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
