"""Train River's bid model (:mod:`atout.bots.river_bid`) on rounds played by a search level.

    .venv/bin/python bench/train_river_bid.py                  # the shipped weights
    .venv/bin/python bench/train_river_bid.py --rounds 200 --out /tmp/b.json

**Data.** ``--rounds`` single rounds (the first round of a match of ``river(players=P,
start_cards=K)``: P is 4 half the time and 3, 5, 6, 7 or 8 otherwise, K uniform from 1 to the
rule book's default for P), dealt from ``--seed``. Every seat bids in turn the rules of thumb'
count (:func:`atout.river.greedy.model_bid`) moved by a random offset (0 with chance 0.4, ±1
0.2 each, ±2 0.1 each; a bid the hook forbids is drawn again), then the cards are played by
``--level``. One sample per seat: what it saw when it bid (hand, trump, turned card, place,
earlier bids), its bid and the tricks it took. The offsets are drawn apart from the cards, so
the model learns what bidding b does to a hand, not which hands were bid b.

**Fit.** A network with one hidden layer of ``--hidden`` ReLU units and a softmax over 0 … 10
tricks (the tricks above the round's cards masked), L2-penalised, full-batch Adam in NumPy.
The rounds of the last ``--held-out`` share of seeds are kept out; the script prints their
log-loss per round in bits and their exact-bid rate under the model's own bid against the
bids drawn.

**Output.** ``--out`` (default: the shipped ``src/atout/bots/river_bid.json``): the weights
and how they were made. ``--samples FILE`` keeps the played rounds (gzipped JSON lines), so
that a refit does not play them again. The same arguments give the same file as long as no
search decision reaches its time cap.
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
from atout.bots.river import forbidden_bid
from atout.bots.river_bid import (
    BID_FEATURES,
    HAND_FEATURES,
    MAX_TRICKS,
    BidModel,
    Situation,
    best_bid,
    bid_features,
)
from atout.core.actions import Bid
from atout.core.events import TrickWon
from atout.river.greedy import estimate, model_bid
from atout.river.rules import default_start
from atout.river.state import hook_bid, round_points
from atout.river.view import RiverView

#: One sample: players, cards, place, hand, trump, turned, the earlier bids, bid, tricks.
Sample = tuple[int, int, int, int, int, int, list[int], int, int]
_OFFSETS = ((-2, 0.1), (-1, 0.2), (0, 0.4), (1, 0.2), (2, 0.1))


def _offset(rng: random.Random) -> int:
    x = rng.random()
    for off, p in _OFFSETS:
        if x < p:
            return off
        x -= p
    return 0


def play(level: str, seed: int) -> list[Sample]:
    """One round dealt from ``seed``, bid around the count and played by ``level``."""
    rng = random.Random(seed)
    players = 4 if rng.random() < 0.5 else rng.choice((3, 5, 6, 7, 8))
    cards = rng.randint(1, default_start(players))
    game = atout.load(f"river(players={players},start_cards={cards})")
    state = game.new_match(seed=seed)
    bot = make(level)
    streams = [random.Random(f"{seed}:{s}") for s in range(players)]
    seen: dict[int, tuple[int, int, int, int, list[int], int]] = {}
    tricks = [0] * players
    while len(seen) < players or sum(tricks) < cards:
        to_act = state.to_act
        assert isinstance(to_act, int)
        view = state.view(to_act)
        assert isinstance(view, RiverView) and view.hand is not None
        legal = state.legal_actions()
        if isinstance(legal[0], Bid):
            hand = view.hand.mask
            trump = view.trump if view.trump is not None else -1
            turned = view.turned if view.turned is not None else -1
            allowed = {a.tricks for a in legal if isinstance(a, Bid)}
            count = estimate(hand, trump, turned, players, cards)
            base = model_bid(count, cards, forbidden_bid(legal, cards))
            while (bid := base + _offset(rng)) not in allowed:
                pass
            seat = Situation.of(view)
            seen[to_act] = (seat.place, hand, trump, turned, list(seat.earlier), bid)
            action = next(a for a in legal if isinstance(a, Bid) and a.tricks == bid)
        else:
            action = bot.choose(view, legal, streams[to_act])
        for event in state.apply(action):
            if isinstance(event, TrickWon):
                tricks[event.seat] += 1
    return [(players, cards, p, h, t, u, e, b, tricks[s])
            for s, (p, h, t, u, e, b) in sorted(seen.items())]  # fmt: skip


def _job(args: tuple[str, list[int]]) -> list[tuple[int, Sample]]:
    level, seeds = args
    return [(seed, s) for seed in seeds for s in play(level, seed)]


def _samples(path: str | None, level: str, seeds: list[int], jobs: int) -> list[tuple[int, Sample]]:
    """The rounds' samples, read from ``path`` when it holds them, else played (and kept)."""
    if path and Path(path).exists():
        with gzip.open(path, "rt") as f:
            return [(r[0], tuple(r[1])) for r in map(json.loads, f)]  # type: ignore[misc]
    chunks = [seeds[i :: jobs * 8] for i in range(jobs * 8)]
    out: list[tuple[int, Sample]] = []
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_job, [(level, c) for c in chunks if c]):
            out.extend(part)
    if path:
        with gzip.open(path, "wt") as f:
            for seed, s in out:
                f.write(json.dumps([seed, list(s)]) + "\n")
    return out


def arrays(samples: list[Sample]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Inputs (hand and bid features), the tricks taken, and the mask of possible tricks."""
    x, y, mask = [], [], []
    for players, cards, place, hand, trump, turned, earlier, bid, taken in samples:
        base = Situation(hand, trump, turned, players, cards, place, tuple(earlier)).features()
        x.append(base + bid_features(bid, base[0], base[1], cards))
        y.append(min(taken, MAX_TRICKS))
        mask.append([t <= cards for t in range(MAX_TRICKS + 1)])
    return np.array(x), np.array(y), np.array(mask)


def _forward(p: dict[str, np.ndarray], x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, ...]:
    pre = x @ p["w1"] + p["b1"]
    h = np.maximum(pre, 0.0)
    z = h @ p["w2"] + p["b2"]
    z = np.where(mask, z, -1e9)
    z -= z.max(axis=1, keepdims=True)
    prob = np.exp(z)
    prob /= prob.sum(axis=1, keepdims=True)
    return pre, h, prob


def fit(x: np.ndarray, y: np.ndarray, mask: np.ndarray, *, hidden: int, l2: float, steps: int,
        lr: float, seed: int) -> dict[str, np.ndarray]:  # fmt: skip
    """Full-batch Adam on the mean cross-entropy plus ``l2`` times the squared weights."""
    rng = np.random.default_rng(seed)
    n_in = x.shape[1]
    p = {
        "w1": rng.normal(0, 1 / math.sqrt(n_in), (n_in, hidden)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 1 / math.sqrt(hidden), (hidden, MAX_TRICKS + 1)),
        "b2": np.zeros(MAX_TRICKS + 1),
    }
    m = {k: np.zeros_like(v) for k, v in p.items()}
    v = {k: np.zeros_like(v) for k, v in p.items()}
    onehot = np.eye(MAX_TRICKS + 1)[y]
    n = len(y)
    for step in range(1, steps + 1):
        pre, h, prob = _forward(p, x, mask)
        dz = (prob - onehot) / n
        grads = {"w2": h.T @ dz + 2 * l2 * p["w2"], "b2": dz.sum(axis=0)}
        dh = dz @ p["w2"].T * (pre > 0)
        grads["w1"] = x.T @ dh + 2 * l2 * p["w1"]
        grads["b1"] = dh.sum(axis=0)
        for k, g in grads.items():
            m[k] = 0.9 * m[k] + 0.1 * g
            v[k] = 0.999 * v[k] + 0.001 * g * g
            p[k] -= lr * (m[k] / (1 - 0.9**step)) / (np.sqrt(v[k] / (1 - 0.999**step)) + 1e-8)
    return p


def bits_per_round(
    p: dict[str, np.ndarray], x: np.ndarray, y: np.ndarray, mask: np.ndarray
) -> float:
    """The mean log-loss of the tricks taken, in bits."""
    prob = _forward(p, x, mask)[2]
    return float(-np.mean(np.log2(prob[np.arange(len(y)), y] + 1e-12)))


def _by_the_model(model: BidModel, samples: list[Sample]) -> tuple[float, float, float]:
    """On these rounds: the mean chance the model gave the drawn bid of being exact (to set
    beside how often it was), and, for the bid the model would make (the hook respected), its
    chance of being exact and its expected points."""
    said, own, points = [], [], []
    for players, cards, place, hand, trump, turned, earlier, bid, _ in samples:
        seat = Situation(hand, trump, turned, players, cards, place, tuple(earlier))
        base = seat.features()
        said.append(model.tricks(base + bid_features(bid, base[0], base[1], cards), cards)[bid])
        forbidden = hook_bid(cards, earlier) if place == players - 1 else -1
        legal = [b for b in range(cards + 1) if b != forbidden]
        value = model.expected_points(seat, legal)
        mine = best_bid(value)
        chances = model.tricks(base + bid_features(mine, base[0], base[1], cards), cards)
        own.append(chances[mine])
        points.append(value[mine])
    return float(np.mean(said)), float(np.mean(own)), float(np.mean(points))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--rounds", type=int, default=1800)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--held-out", type=float, default=0.2)
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--l2", type=float, default=3e-3)
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--lr", type=float, default=0.01)
    parser.add_argument("--samples", help="a gzipped JSON-lines file to keep the rounds in")
    parser.add_argument(
        "--out", default=str(Path(atout.__file__).parent / "bots" / "river_bid.json")
    )
    args = parser.parse_args()

    start = time.perf_counter()
    seeds = [args.seed * 1_000_000 + i for i in range(args.rounds)]
    data = _samples(args.samples, args.level, seeds, args.jobs)
    played = time.perf_counter() - start
    cut = seeds[int(len(seeds) * (1 - args.held_out))]
    train = [s for seed, s in data if seed < cut]
    test = [s for seed, s in data if seed >= cut]
    x, y, mask = arrays(train)
    mean, scale = x.mean(axis=0), x.std(axis=0) + 1e-6
    p = fit((x - mean) / scale, y, mask, hidden=args.hidden, l2=args.l2, steps=args.steps,
            lr=args.lr, seed=args.seed)  # fmt: skip
    tx, ty, tmask = arrays(test)
    held = bits_per_round(p, (tx - mean) / scale, ty, tmask)
    # The reference: the tricks' spread around the bid drawn, learned from the training rounds.
    spread = np.bincount(np.clip(y - x[:, len(HAND_FEATURES)].astype(int) + MAX_TRICKS, 0,
                                 2 * MAX_TRICKS), minlength=2 * MAX_TRICKS + 1) + 1.0  # fmt: skip
    spread /= spread.sum()
    off = np.clip(ty - tx[:, len(HAND_FEATURES)].astype(int) + MAX_TRICKS, 0, 2 * MAX_TRICKS)
    base_bits = float(-np.mean(np.log2(spread[off])))
    weights = {k: v.tolist() for k, v in p.items()} | {
        "mean": mean.tolist(),
        "scale": scale.tolist(),
    }
    model = BidModel(weights)  # type: ignore[arg-type]
    exact_drawn = float(np.mean([s[7] == s[8] for s in test]))
    mean_points = float(np.mean([round_points((s[7],), (s[8],), False)[0] for s in test]))
    said, own, own_points = _by_the_model(model, test)
    weights["meta"] = {
        "command": "bench/train_river_bid.py " + " ".join(sys.argv[1:]),
        "level": args.level,
        "rounds": args.rounds,
        "samples": [len(train), len(test)],
        "held_out_bits": round(held, 4),
        "bid_offset_bits": round(base_bits, 4),
        "features": list(HAND_FEATURES + BID_FEATURES),
    }
    Path(args.out).write_text(json.dumps(weights, separators=(",", ":")) + "\n")
    print(f"{len(data)} samples of {args.rounds} rounds ({played:.0f} s of play); "
          f"{len(train)} to train, {len(test)} held out")  # fmt: skip
    print(f"held-out log-loss {held:.4f} bits a round; the spread around the bid drawn alone "
          f"{base_bits:.4f}")  # fmt: skip
    print(f"held out, the bids drawn: exact {exact_drawn:.3f} (the model said {said:.3f}), "
          f"{mean_points:.2f} points; the model's own bids, by its chances: exact {own:.3f}, "
          f"{own_points:.2f} points")  # fmt: skip
    print(f"wrote {args.out} ({time.perf_counter() - start:.0f} s in all)")


if __name__ == "__main__":
    main()
