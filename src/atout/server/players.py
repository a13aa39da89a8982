"""A player over time: the history, statistics and rating read from their finished matches.

Nothing here touches the database: :class:`~atout.server.store.Played` values in, plain JSON
data out. Everything is worked out from each match's stored result and actions when asked, so
it always agrees with the matches themselves (a match is never copied into a summary).

**Stand-ins.** A match in which a stand-in bot made some of the player's moves (they were
away past the grace period while another person played on) is in the history, marked with how
many, and counts in neither the statistics nor the rating: its result is not all theirs.

**Levels.** A match counts under the level of the computer opponents it was played against:
the bots' level (``hard(time=1)`` is ``hard``) when every other seat is that level, ``mixed``
when the bots are of several levels, and ``people`` when another person played.

**Rating.** A rating per game, against the computer levels only, by the Plackett-Luce model
of OpenSkill (the same model the arena rates bots with) on an Elo scale: a new player starts
at 1500 ± 350 (two sigmas of 700: nothing is known yet), and :data:`ANCHORS` fixes each level
at the rating measured for it in the arena, where it is not updated. The model's ``beta`` is
chosen per number of seats (:func:`beta`) so that a seat's chance to win is Elo's: rated
``r_i``, seat ``i`` wins with chance ``10 ** (r_i / 400)`` over the sum of every seat's, which
with two seats ``D`` points apart is ``1 / (1 + 10 ** (-D / 400))``. Each match against bots
of one level moves the player's rating by the result (the seats ranked by the match's final
scores: in Up and Down the River the most points first), most while little is known.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any, Final

from atout.server.store import Played

__all__ = [
    "ANCHORS",
    "ORDER",
    "START_MU",
    "START_SIGMA",
    "beta",
    "history",
    "level_of",
    "ratings",
    "statistics",
    "suggest",
    "unrated",
]

#: The levels from weakest to strongest, as suggestions climb them.
ORDER: Final = ("random", "easy", "medium", "hard", "expert")

#: Each level's rating per game, on an Elo scale with ``random`` at 1000: each level is the
#: one below plus the Elo difference of their measured share of matches won
#: (``400 * log10(p / (1 - p))``), from the ladder in ``bench/bots-figures.md`` (whole matches,
#: duplicate deals): Schnapsen easy/random 0.940, medium/easy 0.790, hard/medium 0.720,
#: expert/hard 0.635 (stop 13's 200 matches); Seven Up 0.817, 0.650, 0.717 and expert/hard
#: 0.483 (level with hard: its interval holds 0.5); River (four seats, two of each level, the
#: short river 4-3-2-1-2-3-4, 200 matches a pair: the share of matches a higher level's seat
#: won, which under this model is the pairwise share) 0.9025, 0.5975, 0.770 and expert/hard
#: 0.5025 (level).
ANCHORS: Final[dict[str, dict[str, float]]] = {
    "schnapsen": {"random": 1000, "easy": 1478, "medium": 1708, "hard": 1872, "expert": 1968},
    "seven_up": {"random": 1000, "easy": 1260, "medium": 1368, "hard": 1529, "expert": 1517},
    "river": {"random": 1000, "easy": 1387, "medium": 1455, "hard": 1665, "expert": 1667},
}
#: A new player's rating and its uncertainty (as Glicko starts).
START_MU: Final = 1500.0
START_SIGMA: Final = 350.0
#: The anchors' uncertainty: small, and they are never updated.
ANCHOR_SIGMA: Final = 1.0
#: The drift a rating may make between matches (a player learns).
TAU: Final = 5.0


def beta(seats: int) -> float:
    """Plackett-Luce's performance spread on the Elo scale for a match of ``seats`` seats.
    The model weighs seat ``i`` by ``exp(mu_i / c)``, with ``c ** 2`` the sum over the seats
    of ``sigma ** 2 + beta ** 2``; for settled ratings ``c = beta * sqrt(seats)``, and the
    weight is Elo's ``10 ** (mu_i / 400)`` when ``c = 400 / ln 10``. One ``beta`` for every
    seat count would stretch a River rating away from the anchors by ``sqrt(seats / 2)``."""
    return 400 / (math.log(10) * math.sqrt(seats))


def level_of(played: Played) -> str:
    """The level a match counts under (see the module's text)."""
    others = [s for s in played.seats if s.seat != played.seat]
    if any(s.is_human for s in others):
        return "people"
    levels = {s.player.split("(", 1)[0].strip() for s in others}
    return levels.pop() if len(levels) == 1 else "mixed"


def _won(played: Played) -> bool:
    return played.seat in played.result.get("winners", ())


def _places(played: Played) -> list[float]:
    """Each seat's place in a finished match, 0 first, seats level sharing one: in Up and
    Down the River by the final scores (the most first), elsewhere the winner before the
    other seat."""
    if played.game == "river":
        scores = played.result["scores"]
        return [float(sum(1 for other in scores if other > mine)) for mine in scores]
    winners = played.result.get("winners", ())
    return [0.0 if seat in winners else 1.0 for seat in range(len(played.seats))]


def _deal_points(game: str, deal: dict[str, Any], seat: int) -> float:
    """What a finished deal was worth to ``seat``: Schnapsen's game points won (positive) or
    conceded (negative); Seven Up's and River's points scored."""
    if game == "schnapsen":
        points = float(deal["points"])
        return points if deal["winner"] == seat else -points
    return float(deal["points"][seat])


def history(played: Iterable[Played]) -> list[dict[str, Any]]:
    """Every match, newest first: the table (its review), game, rules, when it finished, the
    player's seat, the opponents (a bot's spec, or a person's name), the level, the final
    scores, whether the player won, and how many of their moves a stand-in made."""
    out = []
    for p in played:
        out.append(
            {
                "table": p.table_id,
                "game": p.game,
                "rules": p.rules,
                "finished": p.finished,
                "seat": p.seat,
                "opponents": [
                    {"seat": s.seat, "player": s.player, "name": s.name}
                    for s in p.seats
                    if s.seat != p.seat
                ],
                "level": level_of(p),
                "scores": p.result.get("scores", []),
                "won": _won(p),
                "standin": p.standins,
            }
        )
    return out[::-1]


def statistics(played: Iterable[Played]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per game, then per level: matches, wins and the win rate, deals and the points per
    deal (:func:`_deal_points`); for Schnapsen the marriages declared and the closes made and
    won; for Seven Up the begs; for River the share of exact bids. Needs each match's actions
    (for the marriages and begs)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for p in played:
        if p.standins:
            continue  # not all the player's own play
        row = out.setdefault(p.game, {}).setdefault(level_of(p), _blank(p.game))
        me = p.seat
        deals = p.result.get("deals", [])
        row["matches"] += 1
        row["wins"] += _won(p)
        row["deals"] += len(deals)
        row["points"] += sum(_deal_points(p.game, d, me) for d in deals)
        if p.game == "schnapsen":
            row["marriages"] += sum(1 for s, a in p.actions if s == me and a.endswith(" marriage"))
            row["closes"] += sum(1 for d in deals if d.get("closed_by") == me)
            row["closes_won"] += sum(
                1 for d in deals if d.get("closed_by") == me and d["winner"] == me
            )
        elif p.game == "seven_up":
            row["begs"] += sum(1 for s, a in p.actions if s == me and a == "beg")
        elif p.game == "river":
            row["exact_bids"] += sum(1 for d in deals if d["bids"][me] == d["tricks"][me])
    for levels in out.values():
        for row in levels.values():
            row["win_rate"] = row["wins"] / row["matches"]
            row["points_per_deal"] = row["points"] / row["deals"] if row["deals"] else None
            if "exact_bids" in row:
                row["exact_bid_rate"] = row["exact_bids"] / row["deals"] if row["deals"] else None
            del row["points"]
    return out


def _blank(game: str) -> dict[str, Any]:
    row: dict[str, Any] = {"matches": 0, "wins": 0, "deals": 0, "points": 0.0}
    extra = {
        "schnapsen": {"marriages": 0, "closes": 0, "closes_won": 0},
        "seven_up": {"begs": 0},
        "river": {"exact_bids": 0},
    }
    row.update(extra.get(game, {}))
    return row


def ratings(played: Sequence[Played]) -> dict[str, dict[str, Any]]:
    """Per game with anchors (:data:`ANCHORS`): the rating after the matches played against
    one level of bots, oldest first (``mu`` and ``sigma``), its course (``points``: one per
    rated match, with the table, when, the level and the rating after it), the matches rated,
    the anchors, and the ``next`` level to try: the weakest level rated above the player, or
    the strongest. A game played against no bots has no entry."""
    from openskill.models import PlackettLuce  # the server extra

    models: dict[int, PlackettLuce] = {}
    out: dict[str, dict[str, Any]] = {}
    for p in played:
        anchors = ANCHORS.get(p.game)
        level = level_of(p)
        if anchors is None or level not in anchors or p.standins:
            continue
        n = len(p.seats)
        model = models.get(n) or models.setdefault(
            n, PlackettLuce(mu=START_MU, sigma=START_SIGMA, beta=beta(n), tau=TAU)
        )
        entry = out.setdefault(p.game, {"mu": START_MU, "sigma": START_SIGMA, "points": []})
        # The player's seat among the bots', each bot at its level's anchor (not updated).
        seats = [
            model.rating(mu=entry["mu"], sigma=entry["sigma"])
            if seat == p.seat
            else model.rating(mu=anchors[level], sigma=ANCHOR_SIGMA)
            for seat in range(len(p.seats))
        ]
        teams = model.rate([[r] for r in seats], ranks=_places(p))
        won = _won(p)
        entry["mu"], entry["sigma"] = teams[p.seat][0].mu, teams[p.seat][0].sigma
        point = {"table": p.table_id, "finished": p.finished, "level": level, "won": won}
        entry["points"].append(
            point | {"mu": round(entry["mu"], 1), "sigma": round(entry["sigma"], 1)}
        )
    for game, entry in out.items():
        anchors = ANCHORS[game]
        entry["matches"] = len(entry["points"])
        entry["mu"], entry["sigma"] = round(entry["mu"], 1), round(entry["sigma"], 1)
        entry["anchors"] = dict(anchors)
        entry["next"] = suggest(game, entry["mu"])
    return out


def unrated(game: str) -> dict[str, Any]:
    """The rating entry of a game not played against the bots yet: the start, and ``easy``
    to begin with."""
    return {"mu": START_MU, "sigma": START_SIGMA, "points": [], "matches": 0,
            "anchors": dict(ANCHORS[game]), "next": "easy"}  # fmt: skip


def suggest(game: str, mu: float) -> str:
    """The level to try next: the weakest level (climbing :data:`ORDER`, ``random`` aside)
    rated above ``mu``, or the strongest if none is."""
    anchors = ANCHORS[game]
    levels = [lv for lv in ORDER[1:] if lv in anchors]
    return next((lv for lv in levels if anchors[lv] > mu), levels[-1])
