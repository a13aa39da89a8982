"""Train a masked PPO policy for Schnapsen on the CPU, then rate it in the arena.

    pip install -e '.[train]'     # atout[envs], sb3-contrib (MaskablePPO) and torch (CPU)
    python examples/train_schnapsen.py --minutes 15 --out schnapsen_ppo.zip
    python examples/train_schnapsen.py --evaluate schnapsen_ppo.zip --matches 200

**Training.** :class:`atout.envs.SingleAgentEnv` puts the policy in one seat of a Schnapsen
match and atout bots in the other; four copies run side by side (the policy in seat 0 and in
seat 1, against ``random`` and against ``easy``), so that it learns both seats and more than
one opponent. Its observation is the seat's view encoded by :mod:`atout.envs.encoding`; its
action mask is ``action_masks()``, which MaskablePPO reads so that it only ever samples a legal
action. The reward is per deal (the game points the deal was worth to the seat, scaled), a
denser signal than the match's win or loss. Training stops after ``--minutes`` of wall time or
``--steps`` steps, whichever comes first.

**Evaluation.** :class:`PolicyBot` wraps a trained policy as an atout bot (it sees only its
seat's view, like every bot), so the arena rates it like any other: duplicate matches (each
pack played in both seatings) against ``random``, ``easy`` and ``medium``, with the match score
and its 95% interval from the arena's paired statistics.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import atout
from atout.arena import Tournament, run, summarise
from atout.envs import SingleAgentEnv
from atout.envs.encoding import encoding

RULES = "schnapsen"
#: The training opponents, each in both seats.
TRAINING_OPPONENTS = ("random", "easy")
#: Where the arena's PolicyBots find the model to load.
MODEL_VARIABLE = "ATOUT_PPO_MODEL"
#: The opponents the trained policy is rated against.
EVALUATION_OPPONENTS = ("random", "easy", "medium")


def make_env(seat: int, opponent: str, seed: int) -> Any:
    """One training environment: the policy in ``seat`` against the bot ``opponent``."""
    from stable_baselines3.common.monitor import Monitor

    env = SingleAgentEnv(rules=RULES, seat=seat, opponents=opponent, reward="deal")
    env.reset(seed=seed)
    return Monitor(env)


def train(steps: int, minutes: float, seed: int = 0, verbose: int = 1) -> Any:
    """A MaskablePPO model trained for at most ``steps`` steps and ``minutes`` of wall time."""
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    class Deadline(BaseCallback):  # type: ignore[misc,unused-ignore]  # untyped without the extra
        """Stops training once the wall-clock budget is spent."""

        def __init__(self, seconds: float) -> None:
            super().__init__()
            self.end = time.monotonic() + seconds

        def _on_step(self) -> bool:
            return time.monotonic() < self.end

    envs: list[Callable[[], Any]] = [
        functools.partial(make_env, seat, opponent, seed + 100 * i)
        for i, (seat, opponent) in enumerate(
            (seat, opponent) for opponent in TRAINING_OPPONENTS for seat in (0, 1)
        )
    ]
    vec = DummyVecEnv(envs)
    model = MaskablePPO(
        "MlpPolicy",
        vec,
        n_steps=512,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.99,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [256, 256]},
        seed=seed,
        verbose=verbose,
        device="cpu",
    )
    model.learn(total_timesteps=steps, callback=Deadline(minutes * 60))
    return model


@functools.cache
def _load(path: str) -> Any:
    """A saved model, loaded once per process (the arena builds a bot per match)."""
    from sb3_contrib import MaskablePPO

    return MaskablePPO.load(path, device="cpu")


class PolicyBot:
    """A trained policy as an atout bot: it encodes its seat's view and the legal actions as
    the environments do and plays the policy's most likely legal action."""

    name = "ppo"
    version = "1"

    def __init__(self, model: str | Any = None) -> None:
        # A spec's option cannot hold a path, so the arena's bots find the model through the
        # environment (set by evaluate(), inherited by worker processes).
        if model is None:
            model = os.environ[MODEL_VARIABLE]
        self.model = _load(model) if isinstance(model, str) else model

    def choose(
        self, view: atout.View, legal_actions: Sequence[atout.Action], rng: random.Random
    ) -> atout.Action:
        code = encoding(view.rules)
        obs = code.observation(view)
        mask = code.mask(legal_actions).astype(bool)
        action, _ = self.model.predict(obs, action_masks=mask, deterministic=True)
        chosen = code.actions[int(np.asarray(action).item())]
        return chosen if chosen in legal_actions else legal_actions[0]


def evaluate(model_path: str, matches: int, seed: int = 1) -> list[dict[str, Any]]:
    """The policy's match score against each evaluation opponent over ``matches`` duplicate
    matches, with the arena's 95% interval."""
    os.environ[MODEL_VARIABLE] = str(Path(model_path).resolve())
    spec = f"{Path(__file__).resolve()}:PolicyBot"
    rows = []
    for opponent in EVALUATION_OPPONENTS:
        report = summarise(
            run(Tournament(RULES, (spec, opponent), units=matches, duplicate=True, seed=seed))
        )
        pair = report["pairs"][0]
        score = pair["score"]
        rows.append(
            {
                "opponent": opponent,
                "matches": pair["units"],
                "won": pair["wins"][0],
                "score": score["value"],
                "low": score["low"],
                "high": score["high"],
                "faults": report["per_bot"][0]["faults"],
            }
        )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    """Train (unless ``--evaluate`` names a saved model), save, then evaluate."""
    a = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    a.add_argument("--minutes", type=float, default=15.0, help="training wall time (15)")
    a.add_argument("--steps", type=int, default=10_000_000, help="training steps at most")
    a.add_argument("--out", default="schnapsen_ppo.zip", help="where to save the model")
    a.add_argument("--evaluate", metavar="MODEL", help="only evaluate this saved model")
    a.add_argument("--matches", type=int, default=200, help="matches per opponent (200)")
    a.add_argument("--seed", type=int, default=0)
    args = a.parse_args(argv)
    path = args.evaluate
    if path is None:
        start = time.monotonic()
        model = train(args.steps, args.minutes, seed=args.seed)
        model.save(args.out)
        path = args.out
        print(f"trained {model.num_timesteps:,} steps in {(time.monotonic() - start) / 60:.1f} "
              f"min; saved {path}")  # fmt: skip
    for row in evaluate(path, args.matches, seed=args.seed + 1):
        print(f"vs {row['opponent']:<7} won {row['won']:.0f}/{row['matches']} matches, "
              f"score {row['score']:.3f} [{row['low']:.3f}, {row['high']:.3f}] (95%), "
              f"faults {row['faults']}")  # fmt: skip


if __name__ == "__main__":
    main()
