"""Train a game's card-location model (:mod:`atout.bots.card_model`) on self-play.

    .venv/bin/python bench/train_infer.py                     # Schnapsen's shipped weights
    .venv/bin/python bench/train_infer.py --game seven_up     # Seven Up's
    .venv/bin/python bench/train_infer.py --level medium --matches 200 --out /tmp/m.json

**Data.** ``--matches`` whole matches of ``--level`` against itself in ``--game`` (Schnapsen or
Seven Up), shuffled from ``--seed``. At every decision with more than one legal action whose
view leaves the other seat's hand in doubt (its unknown cards fewer than the cards it may
hold), one sample: the view's features, and for each card the view cannot place, whether the
other seat really holds it.

**Fit.** Logistic regression, one output per canonical card, with the uniform draw's log-odds
as a fixed offset (so that the weights learn what play says beyond the rules), L2-penalised,
full-batch Adam in NumPy. The matches of seeds in the last ``--held-out`` share are kept out of
the fit; the script prints their mean log-loss per card (bits) under the uniform draw and under
the model: the model's calibration.

**Output.** ``--out`` (default: the game's shipped file beside its module,
``src/atout/bots/schnapsen_infer.json`` or ``sevenup_infer.json``) holds the weights and how
they were made. The same arguments give the same file as long as no
search decision of the self-play reaches its time cap (``hard``'s 1.5 s; on this machine its
decisions take some 0.04 s). ``--samples FILE`` keeps the self-play, so that a refit with other
``--l2`` or ``--steps`` does not play it again.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import NamedTuple

import numpy as np

import atout
from atout.bots import make, schnapsen_infer, sevenup_infer
from atout.bots.card_model import CardModel
from atout.cards import bits
from atout.core.state import View
from atout.schnapsen.view import SchnapsenView
from atout.schnapsen.worlds import knowledge
from atout.sevenup.view import SevenUpView

# One sample: the active features, the canonical index of each card in doubt, and whether the
# other seat holds it; the uniform share of those cards in its hand.
Sample = tuple[list[int], list[int], list[int], float]


def _schnapsen(view: View, held: int) -> Sample | None:
    """The sample of a Schnapsen view whose opponent holds the cards of mask ``held``."""
    assert isinstance(view, SchnapsenView)
    k = knowledge(view)
    allowed = bits(k.allowed)
    slots = k.opponent_size - k.known.bit_count()
    if slots <= 0 or slots >= len(allowed):
        return None  # nothing in doubt: the opponent holds all of them, or none
    return (
        schnapsen_infer.features(view),
        [schnapsen_infer.canonical(c, view.trump) for c in allowed],
        [held >> c & 1 for c in allowed],
        slots / len(allowed),
    )


def _seven_up(view: View, held: int) -> Sample | None:
    """The sample of a Seven Up view whose other seat holds the cards of mask ``held``."""
    assert isinstance(view, SevenUpView) and view.seat is not None
    allowed = bits(sevenup_infer.allowed(view))
    slots = view.hand_sizes[1 - view.seat]
    if slots <= 0 or slots >= len(allowed):
        return None
    trump = view.turn_up // 13
    return (
        sevenup_infer.features(view),
        [sevenup_infer.canonical(c, trump) for c in allowed],
        [held >> c & 1 for c in allowed],
        slots / len(allowed),
    )


class Spec(NamedTuple):
    """What the script needs of a game: its model's class, weights file and samples."""

    model: type[CardModel]
    weights: str
    sample: Callable[[View, int], Sample | None]


GAMES = {
    "schnapsen": Spec(schnapsen_infer.CardModel, schnapsen_infer.WEIGHTS, _schnapsen),
    "seven_up": Spec(sevenup_infer.CardModel, sevenup_infer.WEIGHTS, _seven_up),
}


def play(game_name: str, level: str, seed: int) -> list[Sample]:
    """One match of ``level`` against itself; the samples of both seats' decisions."""
    sample = GAMES[game_name].sample
    game = atout.load(game_name)
    bot = make(level)
    state = game.new_match(seed=seed)
    rng = random.Random(seed)
    out: list[Sample] = []
    while state.to_act is not None:
        seat = state.to_act
        assert isinstance(seat, int)
        view = state.view(seat)
        legal = state.legal_actions()
        if len(legal) > 1:
            x = sample(view, state.zones()[f"hand{1 - seat}"])
            if x is not None:
                out.append(x)
        state.apply(bot.choose(view, legal, rng))
    return out


def _job(args: tuple[str, str, list[int]]) -> list[tuple[int, Sample]]:
    game_name, level, seeds = args
    return [(s, x) for s in seeds for x in play(game_name, level, s)]


def _samples(
    path: str | None, game_name: str, level: str, seeds: list[int], jobs: int
) -> list[tuple[int, Sample]]:
    """The samples of ``level``'s matches on ``seeds``, by seed: read from ``path`` when it
    holds them, else played (and written to ``path``)."""
    key = {"level": level, "first": seeds[0], "matches": len(seeds)}
    if game_name != "schnapsen":  # the key of Schnapsen's files predates the other games
        key["game"] = game_name
    if path and Path(path).exists():
        with gzip.open(path, "rt") as f:
            data = json.load(f)
        if data["key"] == key:
            return [(s, tuple(x)) for s, x in data["pairs"]]
    chunks = [(game_name, level, seeds[i :: jobs * 8]) for i in range(jobs * 8)]
    with ProcessPoolExecutor(jobs) as pool:
        pairs = sorted((p for part in pool.map(_job, chunks) for p in part), key=lambda p: p[0])
    if path:
        with gzip.open(path, "wt") as f:
            json.dump({"key": key, "pairs": pairs}, f)
    return pairs


class Data(NamedTuple):
    """Samples as dense arrays: features ``x`` (n x F), and per sample and canonical card
    whether the card is in doubt (``mask``) and held (``y``); the uniform log-odds ``off``."""

    x: np.ndarray
    mask: np.ndarray
    y: np.ndarray
    off: np.ndarray


def arrays(samples: list[Sample], features: int, cards: int) -> Data:
    """The samples as :class:`Data`."""
    n = len(samples)
    x = np.zeros((n, features), dtype=np.float64)
    mask = np.zeros((n, cards), dtype=np.float64)
    y = np.zeros((n, cards), dtype=np.float64)
    off = np.zeros((n, 1), dtype=np.float64)
    for i, (active, cs, ys, u) in enumerate(samples):
        x[i, active] = 1.0
        mask[i, cs] = 1.0
        y[i, cs] = ys
        off[i, 0] = math.log(u / (1 - u))
    return Data(x, mask, y, off)


def log_loss(z: np.ndarray, data: Data) -> float:
    """Mean log-loss in bits, over the cards in doubt, of logits ``z`` against the labels."""
    p = np.clip(1.0 / (1.0 + np.exp(-z)), 1e-9, 1 - 1e-9)
    bits_ = -(data.y * np.log2(p) + (1 - data.y) * np.log2(1 - p))
    return float((bits_ * data.mask).sum() / data.mask.sum())


def logits(data: Data, b: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Each sample's logit for each canonical card (meaningful where the card is in doubt)."""
    z: np.ndarray = data.off + b + data.x @ w
    return z


def fit(data: Data, l2: float, steps: int, lr: float) -> tuple[np.ndarray, np.ndarray]:
    """Full-batch Adam on the penalised mean log-loss over the cards in doubt; returns
    (bias, weights)."""
    cards = data.mask.shape[1]
    w = np.zeros((data.x.shape[1], cards), dtype=np.float64)
    b = np.zeros(cards, dtype=np.float64)
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    n = float(data.mask.sum())
    for t in range(1, steps + 1):
        # d loss / d z, where the card is in doubt
        g = (1.0 / (1.0 + np.exp(-logits(data, b, w))) - data.y) * data.mask
        gw = data.x.T @ g / n + l2 * w
        gb = g.sum(axis=0) / n
        for i, (p, grad) in enumerate(((w, gw), (b, gb))):
            m[i] = 0.9 * m[i] + 0.1 * grad
            v[i] = 0.999 * v[i] + 0.001 * grad * grad
            p -= lr * (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-8)
    return b, w


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", choices=sorted(GAMES), default="schnapsen")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--held-out", type=float, default=0.2)
    ap.add_argument("--l2", type=float, default=3e-4)
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--out", help="the weights file (default: the game's shipped one)")
    ap.add_argument(
        "--samples",
        help="keep the self-play samples in this file (.json.gz) and "
        "read them from it when it holds the same game, level, matches and seed",
    )
    args = ap.parse_args()
    spec = GAMES[args.game]
    out = args.out or str(Path(atout.__file__).parent / "bots" / spec.weights)
    start = time.perf_counter()
    base = random.Random(args.seed).randrange(2**32)
    seeds = [base + i for i in range(args.matches)]
    pairs = _samples(args.samples, args.game, args.level, seeds, args.jobs)
    cut = seeds[int(len(seeds) * (1 - args.held_out))]
    train = [x for s, x in pairs if s < cut]
    test = [x for s, x in pairs if s >= cut]
    played = time.perf_counter() - start
    print(
        f"{args.matches} matches of {args.level} ({args.game}): {len(train)} training and "
        f"{len(test)} held-out decisions ({played:.0f} s)"
    )
    tr = arrays(train, spec.model.features, spec.model.cards)
    te = arrays(test, spec.model.features, spec.model.cards)
    b, w = fit(tr, args.l2, args.steps, args.lr)
    held_out: dict[str, float] = {}
    for name, d in (("training", tr), ("held-out", te)):
        held_out = {
            "uniform": log_loss(d.off + np.zeros_like(d.y), d),
            "model": log_loss(logits(d, b, w), d),
        }
        u, m = held_out["uniform"], held_out["model"]
        print(
            f"  {name}: {int(d.mask.sum())} cards in doubt; log-loss per card {u:.4f} "
            f"bits uniform, {m:.4f} model ({100 * (u - m) / u:.1f}% less)"
        )
    meta = {
        "command": "bench/train_infer.py " + " ".join(sys.argv[1:]),
        "game": args.game,
        "level": args.level,
        "matches": args.matches,
        "seed": args.seed,
        "held_out_log_loss_bits": held_out,
    }
    model = spec.model(
        [round(float(v), 4) for v in b], [[round(float(v), 4) for v in row] for row in w], meta
    )
    Path(out).write_text(json.dumps(model.to_dict(), separators=(",", ":")) + "\n")
    print(f"  wrote {out} ({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
