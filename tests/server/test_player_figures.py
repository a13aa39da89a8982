"""A player's statistics and rating (atout.server.players) from fixed finished matches: each
figure counted as the rule book scores a deal, the rating anchored at the levels' measured
ratings, climbing on wins and falling on losses."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest

from atout.server import players
from atout.server.store import Played, StoredSeat


def _seats(*specs: str) -> tuple[StoredSeat, ...]:
    return tuple(StoredSeat(i, p, None, None, None, None) for i, p in enumerate(specs))


def _played(
    game: str,
    specs: tuple[str, ...],
    result: dict[str, Any],
    actions: tuple[tuple[int, str], ...] = (),
    *,
    seat: int = 0,
    n: int = 0,
) -> Played:
    return Played(f"t{n}", game, game, 1000.0 + n, seat, _seats(*specs), result, actions)


def test_levels_count_bots_of_one_level_apart_from_mixed_and_people() -> None:
    assert players.level_of(_played("schnapsen", ("human", "hard(time=1)"), {})) == "hard"
    assert players.level_of(_played("river", ("human", "easy", "hard", "easy"), {})) == "mixed"
    assert players.level_of(_played("river", ("human", "easy", "human", "easy"), {})) == "people"


def test_schnapsen_figures() -> None:
    """RULES.md §3: a deal is worth 1 to 3 game points to its winner; the closer wins or loses
    it by the close."""
    result = {
        "winners": [0],
        "scores": [0, 4],
        "deals": [
            {"winner": 0, "points": 3, "closed_by": 0},
            {"winner": 1, "points": 2, "closed_by": 0},
            {"winner": 0, "points": 2, "closed_by": None},
            {"winner": 0, "points": 2, "closed_by": 1},
        ],
    }
    actions = ((0, "play KD marriage"), (1, "play QS marriage"), (0, "play QH marriage"),
               (0, "play KH"))  # fmt: skip
    stats = players.statistics([_played("schnapsen", ("human", "easy"), result, actions)])
    row = stats["schnapsen"]["easy"]
    assert row["matches"] == 1 and row["wins"] == 1 and row["win_rate"] == 1.0
    assert row["deals"] == 4 and row["points_per_deal"] == (3 - 2 + 2 + 2) / 4
    assert row["marriages"] == 2 and row["closes"] == 2 and row["closes_won"] == 1


def test_seven_up_and_river_figures() -> None:
    seven = {"winners": [1], "scores": [5, 7],
             "deals": [{"points": [1, 3]}, {"points": [4, 4]}]}  # fmt: skip
    actions = ((0, "beg"), (1, "give"), (0, "stand"), (0, "beg"), (1, "run"))
    stats = players.statistics([_played("seven_up", ("human", "medium"), seven, actions)])
    row = stats["seven_up"]["medium"]
    assert row["wins"] == 0 and row["points_per_deal"] == 2.5 and row["begs"] == 2
    river = {"winners": [2], "scores": [21, 3, 30],
             "deals": [{"bids": [1, 0, 2], "tricks": [1, 1, 1], "points": [11, 1, 1]},
                       {"bids": [0, 1, 1], "tricks": [0, 0, 2], "points": [10, 0, 2]}]}  # fmt: skip
    stats = players.statistics([_played("river", ("human", "easy", "easy"), river)])
    row = stats["river"]["easy"]
    assert row["exact_bids"] == 2 and row["exact_bid_rate"] == 1.0
    assert row["points_per_deal"] == 10.5 and row["wins"] == 0


def _schnapsen(level: str, won: bool, n: int) -> Played:
    return _played("schnapsen", ("human", level), {"winners": [0 if won else 1], "deals": []}, n=n)


def test_the_rating_climbs_on_wins_falls_on_losses_and_is_anchored() -> None:
    wins = players.ratings([_schnapsen("hard", True, n) for n in range(6)])["schnapsen"]
    assert wins["matches"] == 6 and [p["table"] for p in wins["points"]] == [
        f"t{n}" for n in range(6)
    ]
    mus = [p["mu"] for p in wins["points"]]
    assert mus == sorted(mus) and mus[0] > players.START_MU
    sigmas = [p["sigma"] for p in wins["points"]]
    assert sigmas == sorted(sigmas, reverse=True)
    # Beating hard again and again: rated above hard, so expert is the level to try.
    assert wins["mu"] > players.ANCHORS["schnapsen"]["hard"] and wins["next"] == "expert"
    losses = players.ratings([_schnapsen("easy", False, n) for n in range(6)])["schnapsen"]
    assert losses["mu"] < players.ANCHORS["schnapsen"]["easy"] and losses["next"] == "easy"
    # A loss to a strong level costs less than a loss to a weak one.
    lost_hard = players.ratings([_schnapsen("expert", False, 0)])["schnapsen"]["mu"]
    lost_easy = players.ratings([_schnapsen("easy", False, 0)])["schnapsen"]["mu"]
    assert lost_easy < lost_hard < players.START_MU
    # Not rated: against people, against bots of several levels.
    assert players.ratings([_played("river", ("human", "easy", "human"), {"winners": [0]})]) == {}
    assert players.ratings([_schnapsen("mixed", True, 0)]) == {}


def test_the_anchors_are_the_ladder_s_measured_shares_on_an_elo_scale() -> None:
    """Each anchor is the one below plus 400 log10(p / (1 - p)) of the measured share p."""
    measured = {
        "schnapsen": [0.940, 0.790, 0.720, 0.635],
        "seven_up": [0.817, 0.650, 0.717, 0.483],
        "river": [0.9025, 0.5975, 0.770, 0.5025],
    }
    for game, shares in measured.items():
        anchors = players.ANCHORS[game]
        for (low, high), p in zip(itertools.pairwise(players.ORDER), shares, strict=True):
            step = 400 * math.log10(p / (1 - p))
            assert anchors[high] - anchors[low] == pytest.approx(step, abs=1), (game, high)
    # The scale is Elo's: a player who wins 76% of their matches against a level settles some
    # 200 points above it (400 log10(0.76 / 0.24)), one who wins 24% some 200 below.
    rng = random.Random(7)
    for share, above in [(0.76, 200), (0.24, -200)]:
        played = [_schnapsen("hard", rng.random() < share, n) for n in range(400)]
        rating = players.ratings(played)["schnapsen"]
        assert abs(rating["mu"] - players.ANCHORS["schnapsen"]["hard"] - above) < 100, rating
        assert rating["sigma"] < 70


def _river_match(rng: random.Random, above: float, n: int) -> Played:
    """Four seats, the player's 10 ** (above / 400) times as strong as each hard bot's: the
    places drawn as Plackett-Luce (Elo's multi-seat model) draws them, first place first."""
    weights = {0: 10 ** (above / 400), 1: 1.0, 2: 1.0, 3: 1.0}
    scores = [0, 0, 0, 0]
    for points in (40, 30, 20, 10):
        seat = rng.choices(list(weights), list(weights.values()))[0]
        scores[seat] = points
        del weights[seat]
    result = {"winners": [scores.index(40)], "scores": scores, "deals": []}
    return _played("river", ("human", "hard", "hard", "hard"), result, n=n)


def test_river_rates_the_player_s_place_among_four_on_the_same_elo_scale() -> None:
    """River is rated by places (the most points first) against three bots of one level, with
    the anchors' scale: a player as strong as 200 Elo points above hard settles there, though
    a four-seat match is a different model from the two-seat one the anchors are Elo's in."""

    def rated(scores: list[int]) -> float:
        result = {"winners": [scores.index(max(scores))], "scores": scores}
        played = _played("river", ("human", "easy", "easy", "easy"), result)
        mu: float = players.ratings([played])["river"]["mu"]
        return mu

    won, second, last = rated([30, 20, 10, 0]), rated([20, 30, 10, 0]), rated([0, 30, 10, 20])
    assert won > second > last and last < players.START_MU
    rng = random.Random(11)
    for above in (200, -200):
        played = [_river_match(rng, above, n) for n in range(400)]
        rating = players.ratings(played)["river"]
        assert abs(rating["mu"] - players.ANCHORS["river"]["hard"] - above) < 100, rating
        assert rating["sigma"] < 70


def test_a_match_a_stand_in_played_in_is_marked_and_not_counted() -> None:
    """Issue 17 §4.2: a result stand-ins helped decide is not all the player's own."""
    own = _schnapsen("hard", True, 0)
    helped = Played("t1", "schnapsen", "schnapsen", 1001.0, 0, own.seats,
                    {"winners": [0], "deals": []}, (), standins=3)  # fmt: skip
    assert [m["standin"] for m in players.history([own, helped])] == [3, 0]
    assert players.statistics([own, helped])["schnapsen"]["hard"]["matches"] == 1
    assert players.ratings([own, helped])["schnapsen"]["matches"] == 1
