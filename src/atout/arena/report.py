"""The tournament report: per bot and per pair of bots, as data, text, JSON and CSV.

Per bot: units (matches or deals) played and won, deals played and won, mean points per deal
with a 95% interval, faults, and a rating. Two-seat games rate with a Bradley-Terry fit over
every pairing (Elo relative to the first bot, with a 95% interval), each duplicate group counted
once; games with more seats rate with OpenSkill's Plackett-Luce model, each unit ranking the
bots by their points. Per pair (two-seat games): units and deals won by each, each bot's mean
points per deal with its interval, the score, the Elo difference with its interval, and the
mean difference in points per deal.
"""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from typing import Any

from atout.arena.play import UnitResult
from atout.arena.stats import (
    Z95,
    Interval,
    bradley_terry,
    elo_from_score,
    mean_interval,
    score_interval,
)
from atout.arena.tournament import TournamentRun
from atout.games import load

__all__ = ["csv_text", "summarise", "text"]


def _num(x: float) -> float | None:
    """JSON has no infinities or NaN: they become null."""
    return None if math.isnan(x) or math.isinf(x) else round(x, 4) + 0.0  # no -0.0


def _interval(i: Interval) -> dict[str, float | None]:
    return {"value": _num(i.value), "low": _num(i.low), "high": _num(i.high)}


def _groups(results: list[UnitResult]) -> dict[int, list[UnitResult]]:
    out: dict[int, list[UnitResult]] = defaultdict(list)
    for r in results:
        out[r.group].append(r)
    return out


def _bot_score(r: UnitResult, bot: int) -> float | None:
    mine = [r.outcome[s] for s, b in enumerate(r.seats) if b == bot]
    return sum(mine) / len(mine) if mine else None


def summarise(run: TournamentRun) -> dict[str, Any]:
    """The whole report as plain JSON data."""
    t = run.tournament
    game = load(t.rules)
    n = len(t.bots)
    results = run.results
    units = [0] * n
    unit_wins = [0.0] * n
    deals = [0] * n
    deal_wins = [0.0] * n
    points: list[list[float]] = [[] for _ in range(n)]
    faults = [0] * n
    forfeits = [0] * n
    for r in results:
        for f in r.faults:
            faults[f.bot] += 1
        for b in r.forfeits:
            forfeits[b] += 1
        for s, b in enumerate(r.seats):
            units[b] += 1
            unit_wins[b] += r.outcome[s]
            for deal in r.deal_points:
                deals[b] += 1
                points[b].append(deal[s])
                top = max(deal)
                tied = sum(1 for v in deal if v == top)
                deal_wins[b] += 1.0 / tied if deal[s] == top else 0.0
    bots: list[dict[str, Any]] = []
    for b in range(n):
        bots.append(
            {
                "bot": b,
                "spec": t.bots[b],
                "units": units[b],
                "units_won": round(unit_wins[b], 4),
                "deals": deals[b],
                "deals_won": round(deal_wins[b], 4),
                "points_per_deal": _interval(mean_interval(points[b])),
                "faults": faults[b],
                "forfeits": forfeits[b],
            }
        )
    report: dict[str, Any] = {
        "rules": t.rules,
        "bots": list(t.bots),
        "unit": "deal" if t.deals else "match",
        "duplicate": t.duplicate,
        "seed": t.seed,
        "planned": run.planned,
        "played": len(results),
        "interrupted": run.interrupted,
        "per_bot": bots,
    }
    if game.seats == 2:
        report["pairs"] = _pairs(results, n, t.bots)
        report["rating"] = _bradley_terry(results, n)
        for b, row in enumerate(bots):
            row["elo"] = report["rating"]["elo"][b]
    else:
        report["rating"] = _openskill(results, n)
        for b, row in enumerate(bots):
            row["openskill"] = report["rating"]["players"][b]
    if run.sprt is not None:
        report["sprt"] = run.sprt
    return report


def _pair_observations(results: list[UnitResult]) -> list[tuple[int, int, float]]:
    """One ``(i, j, score of i)`` per complete duplicate group (or per unit without duplicate)."""
    out = []
    for members in _groups(results).values():
        bots = sorted(set(members[0].seats))
        if len(bots) != 2:
            continue
        i, j = bots
        scores = [_bot_score(r, i) for r in members]
        out.append((i, j, sum(s for s in scores if s is not None) / len(scores)))
    return out


def _pairs(results: list[UnitResult], n: int, specs: tuple[str, ...]) -> list[dict[str, Any]]:
    obs = _pair_observations(results)
    rows = []
    for i in range(n):
        for j in range(i + 1, n):
            scores = [s for a, b, s in obs if (a, b) == (i, j)]
            mine = [r for r in results if set(r.seats) == {i, j}]
            diffs = []
            points_i: list[float] = []
            points_j: list[float] = []
            deal_wins = [0.0, 0.0]
            for r in mine:
                si = r.seats.index(i)
                sj = r.seats.index(j)
                for d in r.deal_points:
                    diffs.append(d[si] - d[sj])
                    points_i.append(d[si])
                    points_j.append(d[sj])
                    if d[si] != d[sj]:
                        deal_wins[d[si] < d[sj]] += 1.0
                    else:
                        deal_wins = [deal_wins[0] + 0.5, deal_wins[1] + 0.5]
            wins_i = sum(_bot_score(r, i) or 0.0 for r in mine)
            score = score_interval(scores)
            rows.append(
                {
                    "bots": [i, j],
                    "specs": [specs[i], specs[j]],
                    "units": len(mine),
                    "wins": [round(wins_i, 4), round(len(mine) - wins_i, 4)],
                    "deals": len(diffs),
                    "deals_won": [round(w, 4) for w in deal_wins],
                    "points_per_deal": [
                        _interval(mean_interval(points_i)),
                        _interval(mean_interval(points_j)),
                    ],
                    "observations": len(scores),
                    "score": _interval(score),
                    "elo": _interval(
                        Interval(
                            elo_from_score(score.value),
                            elo_from_score(score.low),
                            elo_from_score(score.high),
                        )
                    ),
                    "points_per_deal_difference": _interval(mean_interval(diffs)),
                }
            )
    return rows


def _bradley_terry(results: list[UnitResult], n: int) -> dict[str, Any]:
    obs = _pair_observations(results)
    if not obs:
        return {"model": "bradley-terry", "elo": [None] * n}
    try:
        elo, se = bradley_terry(n, obs)
    except ValueError as e:
        return {"model": "bradley-terry", "elo": [None] * n, "error": str(e)}
    return {
        "model": "bradley-terry",
        "relative_to": 0,
        "elo": [
            _interval(Interval(e, e - Z95 * s, e + Z95 * s)) if b else _interval(Interval(0, 0, 0))
            for b, (e, s) in enumerate(zip(elo, se, strict=True))
        ],
    }


def _openskill(results: list[UnitResult], n: int) -> dict[str, Any]:
    """Plackett-Luce ratings: each unit ranks the bots (teams of their seats) by points."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        return {"model": "plackett-luce", "error": "needs the arena extra (openskill)"}
    model = PlackettLuce()
    players = [model.rating(name=str(b)) for b in range(n)]
    for r in sorted(results, key=lambda r: r.index):
        present = sorted(set(r.seats))
        if len(present) < 2:
            continue
        totals = {b: 0.0 for b in present}
        for deal in r.deal_points:
            for s, b in enumerate(r.seats):
                totals[b] += deal[s]
        teams = [[players[b]] for b in present]
        scores = [totals[b] for b in present]
        rated = model.rate(teams, scores=scores)
        for b, team in zip(present, rated, strict=True):
            players[b] = team[0]
    return {
        "model": "plackett-luce",
        "players": [
            {"mu": _num(p.mu), "sigma": _num(p.sigma), "ordinal": _num(p.ordinal())}
            for p in players
        ],
    }


def text(report: dict[str, Any]) -> str:
    """The report as a few readable lines."""
    units = "matches" if report["unit"] == "match" else "deals"
    lines = [f"{report['rules']}: {report['played']} of {report['planned']} {units}"]
    if report["duplicate"]:
        lines[0] += " (duplicate)"
    if report["interrupted"]:
        lines[0] += " — interrupted, partial report"

    def fmt(i: dict[str, Any], digits: int = 2) -> str:
        v, lo, hi = i["value"], i["low"], i["high"]
        if v is None:
            return "n/a"
        if lo is None or hi is None:
            return f"{v:+.{digits}f}"
        return f"{v:+.{digits}f} [{lo:+.{digits}f}, {hi:+.{digits}f}]"

    def elo(pair: dict[str, Any]) -> str:
        """The pair's Elo; a score of 0 or 1 is an infinite difference (null in JSON)."""
        score = pair["score"]["value"]
        if pair["elo"]["value"] is None and score in (0.0, 1.0):
            return "+inf" if score == 1.0 else "-inf"
        return fmt(pair["elo"], 0)

    specs = report["bots"]

    def label(b: int) -> str:
        """A bot's spec, with its number when another bot has the same spec."""
        return f"{specs[b]} (#{b})" if specs.count(specs[b]) > 1 else specs[b]

    for row in report["per_bot"]:
        rating = ""
        if "elo" in row and row["elo"] is not None:
            reference = row["bot"] == report["rating"].get("relative_to")
            rating = " · Elo 0 (the reference)" if reference else f" · Elo {fmt(row['elo'], 0)}"
        if "openskill" in row:
            o = row["openskill"]
            rating = f" · OpenSkill mu {o['mu']:.2f} sigma {o['sigma']:.2f}"
        won = f"{units} won {row['units_won']:g}/{row['units']}"
        if report["unit"] == "match":
            won += f" · deals won {row['deals_won']:g}/{row['deals']}"
        lines.append(
            f"  {label(row['bot'])}: {won}"
            f" · points/deal {fmt(row['points_per_deal'])}{rating}"
            + (f" · faults {row['faults']} (forfeits {row['forfeits']})" if row["faults"] else "")
        )
    for p in report.get("pairs", []):
        a, b = (label(x) for x in p["bots"])
        won = f"{units} {p['wins'][0]:g}-{p['wins'][1]:g}"
        if report["unit"] == "match":
            won += f", deals {p['deals_won'][0]:g}-{p['deals_won'][1]:g}"
        lines.append(
            f"  {a} vs {b}: {won} · score {fmt(p['score'], 3)} · Elo {elo(p)}"
            f" · points/deal difference {fmt(p['points_per_deal_difference'])}"
            f" ({p['observations']} {'pair' if report['duplicate'] else 'game'}"
            f"{'' if p['observations'] == 1 else 's'})"
        )
    if "sprt" in report:
        s = report["sprt"]
        lines.append(
            f"  SPRT elo0={s['elo0']:g} elo1={s['elo1']:g}: LLR {s['llr']:.2f} "
            f"[{s['lower']:.2f}, {s['upper']:.2f}] after {s['observations']}: {s['verdict']}"
        )
    return "\n".join(lines)


def csv_text(report: dict[str, Any]) -> str:
    """One row per bot."""
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(
        ["bot", "spec", "units", "units_won", "deals", "deals_won", "points_per_deal",
         "points_low", "points_high", "rating", "rating_low", "rating_high", "faults"]
    )  # fmt: skip
    for row in report["per_bot"]:
        p = row["points_per_deal"]
        if row.get("elo"):
            r = row["elo"]
            rating = (r["value"], r["low"], r["high"])
        elif "openskill" in row:
            o = row["openskill"]
            rating = (o["mu"], o["mu"] - 2 * o["sigma"], o["mu"] + 2 * o["sigma"])
        else:
            rating = (None, None, None)
        w.writerow(
            [row["bot"], row["spec"], row["units"], row["units_won"], row["deals"],
             row["deals_won"], p["value"], p["low"], p["high"], *rating, row["faults"]]
        )  # fmt: skip
    return buf.getvalue()
