"""The arena's statistics against known answers."""

from __future__ import annotations

import math
import random

import pytest

from atout.arena.stats import (
    bradley_terry,
    elo_from_score,
    mean_interval,
    score_from_elo,
    score_interval,
    sprt_bounds,
    sprt_llr,
)


def test_elo_and_score_are_inverse() -> None:
    for elo in (-400, -100, 0, 50, 200):
        assert elo_from_score(score_from_elo(elo)) == pytest.approx(elo)
    assert score_from_elo(0) == 0.5
    assert elo_from_score(0.76) == pytest.approx(200, abs=1)
    assert elo_from_score(1.0) == math.inf and elo_from_score(0.0) == -math.inf


def test_mean_interval_of_a_known_sample() -> None:
    i = mean_interval([0.0, 1.0] * 50)
    assert i.value == 0.5
    # sd 0.5025..., n 100: half-width 1.96 * 0.0503 = 0.0985
    assert i.high - i.value == pytest.approx(0.0985, abs=1e-3)


def test_bradley_terry_recovers_a_known_gap() -> None:
    """Bot 1 beats bot 0 with p = 0.76 (200 Elo); bot 2 is bot 0's equal."""
    rng = random.Random(1)
    p = score_from_elo(200)
    obs = []
    for _ in range(4000):
        obs.append((1, 0, 1.0 if rng.random() < p else 0.0))
        obs.append((2, 0, 1.0 if rng.random() < 0.5 else 0.0))
    elo, se = bradley_terry(3, obs)
    assert elo[0] == 0
    assert abs(elo[1] - 200) < 1.96 * se[1] * 1.5
    assert abs(elo[2]) < 1.96 * se[2] * 1.5
    assert 5 < se[1] < 15


def test_bradley_terry_a_perfect_record_is_large_and_finite() -> None:
    elo, _se = bradley_terry(2, [(1, 0, 1.0)] * 200)
    assert 600 < elo[1] < math.inf


def test_sprt_decides_each_way() -> None:
    lower, upper = sprt_bounds()
    assert (lower, upper) == pytest.approx((-2.944, 2.944), abs=1e-3)
    rng = random.Random(2)
    strong = [1.0 if rng.random() < score_from_elo(100) else 0.0 for _ in range(2000)]
    assert sprt_llr(strong, 0, 50) > upper
    even = [1.0 if rng.random() < 0.5 else 0.0 for _ in range(4000)]
    assert sprt_llr(even, 0, 50) < lower


def test_score_interval_of_a_known_sample() -> None:
    """A large sample gets the normal interval; a few pairs that all scored alike do not get
    one of zero width (one win and one loss are added for the interval)."""
    big = score_interval([0.0, 1.0] * 200)
    normal = mean_interval([0.0, 1.0] * 200)
    assert big.value == 0.5 and big.low == pytest.approx(normal.low, abs=1e-3)
    few = score_interval([0.5, 0.5, 0.5])
    # [0.5, 0.5, 0.5, 0, 1]: mean 0.5, variance 0.125, half-width 1.96 * sqrt(0.125 / 5).
    assert few.value == 0.5 and few.low == pytest.approx(0.5 - 0.3099, abs=1e-3)
    perfect = score_interval([1.0] * 3)
    assert perfect.value == 1.0 and perfect.high == 1.0 and 0.3 < perfect.low < 0.5
