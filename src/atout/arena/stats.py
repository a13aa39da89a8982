"""The statistics of a tournament: intervals, Elo from a Bradley-Terry fit, the SPRT.

All intervals are 95%. Scores are in [0, 1] per game (1 a win, 0 a loss, a share of a tie).
With duplicate deals the unit of evidence is the *pair* (or group) of games played on the same
cards, whose mean score is one observation: this is what removes the luck of the deal from the
variance, as engine testers do with pentanomial statistics.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = [
    "Interval",
    "bradley_terry",
    "elo_from_score",
    "mean_interval",
    "score_from_elo",
    "score_interval",
    "sprt_bounds",
    "sprt_llr",
]

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    """A value with its 95% interval."""

    value: float
    low: float
    high: float

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean with a normal 95% interval (the sample is large in every use here)."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Interval(mean, -math.inf, math.inf)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


def score_interval(scores: Sequence[float]) -> Interval:
    """The mean of scores in [0, 1] with a 95% interval that stays honest on small samples.

    The interval is the normal one of the sample with one win and one loss added (as Agresti
    and Coull add successes and failures to a proportion), kept within [0, 1]: a handful of
    duplicate pairs that all happen to score the same then get a wide interval rather than one
    of zero width, while a large sample's interval is the plain normal one. The value is the
    plain mean."""
    n = len(scores)
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    padded = [*scores, 0.0, 1.0]
    m = len(padded)
    centre = sum(padded) / m
    var = sum((v - centre) ** 2 for v in padded) / (m - 1)
    half = Z95 * math.sqrt(var / m)
    return Interval(sum(scores) / n, max(0.0, centre - half), min(1.0, centre + half))


def elo_from_score(score: float) -> float:
    """The Elo difference that gives this expected score (±inf at 1 and 0)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """The expected score at this Elo difference."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def bradley_terry(
    n: int, observations: Sequence[tuple[int, int, float]], prior: float = 0.5
) -> tuple[list[float], list[float]]:
    """Maximum-likelihood Bradley-Terry strengths of ``n`` players as Elo relative to player 0,
    with each rating's standard error (that of its difference from player 0), from
    observations ``(i, j, s)``: i scored ``s`` in [0, 1] against j in one game (or in one
    duplicate pair, counted once).

    ``prior`` adds that many virtual draws between every pair of players who met, so that a
    player who won every game gets a large finite rating rather than an infinite one.
    Fitted by Newton's method on the log-likelihood; standard errors from its Hessian."""
    wins = [[0.0] * n for _ in range(n)]
    games = [[0.0] * n for _ in range(n)]
    for i, j, s in observations:
        wins[i][j] += s
        wins[j][i] += 1.0 - s
        games[i][j] += 1.0
        games[j][i] += 1.0
    for i in range(n):
        for j in range(n):
            if i != j and games[i][j]:
                wins[i][j] += prior / 2
                games[i][j] += prior
    theta = [0.0] * n  # natural-log strengths; theta[0] is held at 0 during the fit
    for _ in range(100):
        grad = [0.0] * n
        hess = [[0.0] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if i == j or not games[i][j]:
                    continue
                p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
                grad[i] += wins[i][j] - games[i][j] * p
                w = games[i][j] * p * (1.0 - p)
                hess[i][i] -= w
                hess[i][j] += w
        step = _solve([row[1:] for row in hess[1:]], [-g for g in grad[1:]])
        for k, d in enumerate(step, start=1):
            theta[k] += d
        if max((abs(d) for d in step), default=0.0) < 1e-10:
            break
    info = [[-h for h in row[1:]] for row in hess[1:]]
    cov = _inverse(info)
    variances = [0.0] + [cov[k][k] for k in range(n - 1)]
    scale = 400.0 / math.log(10.0)
    elo = [t * scale for t in theta]
    se = [math.sqrt(max(v, 0.0)) * scale for v in variances]
    return elo, se


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve a x = b by Gaussian elimination with partial pivoting (small, dense)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-300:
            raise ValueError("the players are not all connected by games")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def _inverse(a: list[list[float]]) -> list[list[float]]:
    n = len(a)
    cols = [_solve(a, [1.0 if r == c else 0.0 for r in range(n)]) for c in range(n)]
    return [[cols[c][r] for c in range(n)] for r in range(n)]


def sprt_bounds(alpha: float = 0.05, beta: float = 0.05) -> tuple[float, float]:
    """The SPRT's lower and upper log-likelihood-ratio bounds (-2.94, 2.94 at 5%/5%)."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_llr(scores: Sequence[float], elo0: float, elo1: float) -> float:
    """The generalised SPRT log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0)
    from observed scores (games, or duplicate pairs' mean scores), in the normal approximation
    engine testers use: ``n (s1 - s0) (2 x - s0 - s1) / (2 var)``."""
    n = len(scores)
    if n < 2:
        return 0.0
    x = sum(scores) / n
    var = sum((s - x) ** 2 for s in scores) / n
    if var <= 0:
        var = 1e-6
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2 * x - s0 - s1) / (2 * var)
