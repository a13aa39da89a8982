"""Train Schnapsen's card-location model (:mod:`atout.bots.schnapsen_infer`) on self-play.

    .venv/bin/python bench/train_infer.py            # the shipped weights: 2000 matches of hard
    .venv/bin/python bench/train_infer.py --level medium --matches 200 --out /tmp/m.json

**Data.** ``--matches`` whole matches of ``--level`` against itself, shuffled from ``--seed``.
At every decision with more than one legal action whose view leaves the opponent's hand in
doubt (the opponent's unknown cards fewer than the cards it may hold), one sample: the view's
features, and for each card the view cannot place, whether the opponent really holds it.

**Fit.** Logistic regression, one output per canonical card, with the uniform draw's log-odds
as a fixed offset (so that the weights learn what play says beyond the rules), L2-penalised,
full-batch Adam in NumPy. The matches of seeds in the last ``--held-out`` share are kept out of
the fit; the script prints their mean log-loss per card (bits) under the uniform draw and under
the model: the model's calibration.

**Output.** ``--out`` (default: the shipped file, ``src/atout/bots/schnapsen_infer.json``)
holds the weights and how they were made. The same arguments give the same file as long as no
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
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import numpy as np

import atout
from atout.bots import make
from atout.bots.schnapsen_infer import CARDS, FEATURES, WEIGHTS, CardModel, canonical, features
from atout.cards import bits
from atout.schnapsen.view import SchnapsenView
from atout.schnapsen.worlds import knowledge

# One sample: the active features, the canonical index of each card in doubt, and whether the
# opponent holds it; the uniform share of those cards in the opponent's hand.
Sample = tuple[list[int], list[int], list[int], float]


def play(level: str, seed: int) -> list[Sample]:
    """One match of ``level`` against itself; the samples of both seats' decisions."""
    game = atout.load("schnapsen")
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
            assert isinstance(view, SchnapsenView)
            sample = _sample(view, state.zones()[f"hand{1 - seat}"])
            if sample is not None:
                out.append(sample)
        state.apply(bot.choose(view, legal, rng))
    return out


def _sample(view: SchnapsenView, held: int) -> Sample | None:
    """The sample of a view whose opponent holds the cards of mask ``held``."""
    k = knowledge(view)
    allowed = bits(k.allowed)
    slots = k.opponent_size - k.known.bit_count()
    if slots <= 0 or slots >= len(allowed):
        return None  # nothing in doubt: the opponent holds all of them, or none
    return (
        features(view),
        [canonical(c, view.trump) for c in allowed],
        [held >> c & 1 for c in allowed],
        slots / len(allowed),
    )


def _job(args: tuple[str, list[int]]) -> list[tuple[int, Sample]]:
    level, seeds = args
    return [(s, x) for s in seeds for x in play(level, s)]


def _samples(path: str | None, level: str, seeds: list[int], jobs: int) -> list[tuple[int, Sample]]:
    """The samples of ``level``'s matches on ``seeds``, by seed: read from ``path`` when it
    holds them, else played (and written to ``path``)."""
    key = {"level": level, "first": seeds[0], "matches": len(seeds)}
    if path and Path(path).exists():
        with gzip.open(path, "rt") as f:
            data = json.load(f)
        if data["key"] == key:
            return [(s, tuple(x)) for s, x in data["pairs"]]  # type: ignore[misc]
    chunks = [(level, seeds[i :: jobs * 8]) for i in range(jobs * 8)]
    with ProcessPoolExecutor(jobs) as pool:
        pairs = sorted((p for part in pool.map(_job, chunks) for p in part), key=lambda p: p[0])
    if path:
        with gzip.open(path, "wt") as f:
            json.dump({"key": key, "pairs": pairs}, f)
    return pairs


def arrays(samples: list[Sample]) -> tuple[np.ndarray, ...]:
    """Dense features X (n x F), and per (sample, card in doubt): its row, card, label, offset."""
    x = np.zeros((len(samples), FEATURES), dtype=np.float32)
    rows, cards, labels, offsets = [], [], [], []
    for i, (active, cs, ys, u) in enumerate(samples):
        x[i, active] = 1.0
        rows += [i] * len(cs)
        cards += cs
        labels += ys
        offsets += [math.log(u / (1 - u))] * len(cs)
    return (
        x,
        np.array(rows),
        np.array(cards),
        np.array(labels, dtype=np.float64),
        np.array(offsets),
    )


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    """Mean log-loss in bits of logits ``z`` against labels ``y``."""
    p = 1.0 / (1.0 + np.exp(-z))
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log2(p) + (1 - y) * np.log2(1 - p)))


def fit(data: tuple[np.ndarray, ...], l2: float, steps: int, lr: float) -> tuple[np.ndarray, ...]:
    """Full-batch Adam on the penalised log-loss; returns (bias, weights)."""
    x, rows, cards, y, off = data
    # Each card's samples' features, gathered once: the weights of a card see only its samples.
    parts = [(np.flatnonzero(cards == c), x[rows[cards == c]]) for c in range(CARDS)]
    w = np.zeros((FEATURES, CARDS))
    b = np.zeros(CARDS)
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    n = len(y)
    z = np.empty(n)
    for t in range(1, steps + 1):
        for c, (at, xc) in enumerate(parts):
            z[at] = off[at] + b[c] + xc @ w[:, c]
        g = 1.0 / (1.0 + np.exp(-z)) - y  # d loss / d z
        gw = np.stack([xc.T @ g[at] for at, xc in parts], axis=1) / n + l2 * w
        gb = np.bincount(cards, weights=g, minlength=CARDS) / n
        for i, (p, grad) in enumerate(((w, gw), (b, gb))):
            m[i] = 0.9 * m[i] + 0.1 * grad
            v[i] = 0.999 * v[i] + 0.001 * grad * grad
            p -= lr * (m[i] / (1 - 0.9**t)) / (np.sqrt(v[i] / (1 - 0.999**t)) + 1e-8)
    return b, w


def logits(data: tuple[np.ndarray, ...], b: np.ndarray, w: np.ndarray) -> np.ndarray:
    x, rows, cards, _, off = data
    return off + b[cards] + np.einsum("ij,ij->i", x[rows], w[:, cards].T)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--level", default="hard")
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--held-out", type=float, default=0.2)
    ap.add_argument("--l2", type=float, default=3e-4)
    ap.add_argument("--steps", type=int, default=400)
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--out", default=str(Path(atout.__file__).parent / "bots" / WEIGHTS))
    ap.add_argument(
        "--samples",
        help="keep the self-play samples in this file (.json.gz) and "
        "read them from it when it holds the same level, matches and seed",
    )
    args = ap.parse_args()
    start = time.perf_counter()
    base = random.Random(args.seed).randrange(2**32)
    seeds = [base + i for i in range(args.matches)]
    pairs = _samples(args.samples, args.level, seeds, args.jobs)
    cut = seeds[int(len(seeds) * (1 - args.held_out))]
    train = [x for s, x in pairs if s < cut]
    test = [x for s, x in pairs if s >= cut]
    played = time.perf_counter() - start
    print(
        f"{args.matches} matches of {args.level}: {len(train)} training and {len(test)} "
        f"held-out decisions ({played:.0f} s)"
    )
    tr, te = arrays(train), arrays(test)
    b, w = fit(tr, args.l2, args.steps, args.lr)
    for name, d in (("training", tr), ("held-out", te)):
        uniform = log_loss(d[4], d[3])
        model = log_loss(logits(d, b, w), d[3])
        print(
            f"  {name}: {len(d[3])} cards in doubt; log-loss per card {uniform:.4f} bits "
            f"uniform, {model:.4f} model ({100 * (uniform - model) / uniform:.1f}% less)"
        )
    meta = {
        "command": "bench/train_infer.py " + " ".join(sys.argv[1:]),
        "level": args.level,
        "matches": args.matches,
        "seed": args.seed,
        "held_out_log_loss_bits": {
            "uniform": log_loss(te[4], te[3]),
            "model": log_loss(logits(te, b, w), te[3]),
        },
    }
    model = CardModel(
        [round(float(v), 4) for v in b], [[round(float(v), 4) for v in row] for row in w], meta
    )
    Path(args.out).write_text(json.dumps(model.to_dict(), separators=(",", ":")) + "\n")
    print(f"  wrote {args.out} ({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
