"""Tournaments as users run them: schedules, determinism, faults, records, the command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import atout
from atout.arena import Sprt, Tournament, run, schedule, summarise, text
from atout.cli import main

BOTS = str(Path(__file__).parent / "bots.py")


def test_duplicate_plays_every_pack_both_ways_round() -> None:
    units = schedule(3, 2, 4, duplicate=True, seed=1)
    assert len(units) == 3 * 4  # three pairs, two groups of two each
    for g in {u.group for u in units}:
        members = [u for u in units if u.group == g]
        assert len({u.seed for u in members}) == 1
        assert sorted(u.seats for u in members) == sorted(
            {members[0].seats, members[0].seats[::-1]}
        )
    assert {tuple(sorted(u.seats)) for u in units} == {(0, 1), (0, 2), (1, 2)}


def test_more_seats_rotate_and_fill() -> None:
    units = schedule(2, 4, 4, duplicate=True, seed=1)
    assert [u.seats for u in units] == [(0, 1, 0, 1), (1, 0, 1, 0)] * 2
    three = schedule(3, 3, 3, duplicate=True, seed=1)
    assert [u.seats for u in three] == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]
    with pytest.raises(atout.RulesError, match="at most 4 bots"):
        schedule(5, 4, 1, duplicate=False, seed=1)


def test_without_duplicate_seats_alternate_and_seeds_differ() -> None:
    units = schedule(2, 2, 4, duplicate=False, seed=1)
    assert [u.seats for u in units] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert len({u.seed for u in units}) == 4


@pytest.mark.parametrize(
    ("rules", "units"),
    [("schnapsen", 40), ("seven_up", 6), ("river(start_cards=3)", 4),
     ("river(players=5,start_cards=2,simultaneous_bids=true)", 5)],
)  # fmt: skip
def test_same_seed_same_results_whatever_the_jobs(rules: str, units: int) -> None:
    t = Tournament(rules, ("random", f"{BOTS}:FirstBot"), units=units, duplicate=True, seed=3)
    one = run(t, jobs=1)
    two = run(t, jobs=2)
    assert [(r.index, r.outcome, r.deal_points) for r in one.results] == [
        (r.index, r.outcome, r.deal_points) for r in two.results
    ]
    assert summarise(one) == summarise(two)


RAY_SCRIPT = """
from atout.arena import Tournament, run, summarise
t = Tournament("schnapsen", ("random", "random"), units=30, deals=True, duplicate=True, seed=4)
local = summarise(run(t, jobs=1))
ray = summarise(run(t, jobs=2, backend="ray"))
print("same" if ray == local else f"different: {ray} {local}")
"""


@pytest.mark.ray
def test_the_ray_backend_gives_the_local_results() -> None:
    """A local Ray instance with two workers plays the same tournament to the same report. It
    runs in a process of its own: Ray takes over signal handling and exit in its driver."""
    pytest.importorskip("ray")
    proc = subprocess.run(
        [sys.executable, "-c", RAY_SCRIPT],
        check=False,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "RAY_USAGE_STATS_ENABLED": "0"},
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip().splitlines()[-1] == "same", proc.stdout[-3000:]


def test_a_coin_flip_pair_has_an_interval_around_zero() -> None:
    report = summarise(run(Tournament("schnapsen", ("random", "random"), units=400, deals=True,
                                      duplicate=True, seed=7)))  # fmt: skip
    pair = report["pairs"][0]
    assert pair["elo"]["low"] < 0 < pair["elo"]["high"]
    assert (
        pair["points_per_deal_difference"]["low"] < 0 < pair["points_per_deal_difference"]["high"]
    )
    bt = report["per_bot"][1]["elo"]
    assert bt["low"] < 0 < bt["high"]


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up", "river(players=4, start_cards=3)"])
def test_a_seat_draws_the_same_numbers_whoever_sits_there(rules: str) -> None:
    """Common random numbers: on duplicate deals a seat's random stream does not depend on the
    bot in it, so two copies of the random bot play each pack's games as mirror images, and
    every duplicate group splits its wins and points evenly between them."""
    t = Tournament(rules, ("random", "random"), units=24, duplicate=True, seed=5)
    results = run(t).results
    for g in {r.group for r in results}:
        games = [r for r in results if r.group == g]
        wins = [sum(r.outcome[s] for r in games for s, b in enumerate(r.seats) if b == bot)
                for bot in (0, 1)]  # fmt: skip
        assert wins[0] == wins[1], (g, wins)
        first = games[0]
        for other in games[1:]:
            # The same seats scored the same points: the same game, whoever played it.
            assert other.deal_points == first.deal_points


def test_a_bot_at_fault_forfeits_and_the_run_goes_on() -> None:
    t = Tournament("schnapsen", ("random", f"{BOTS}:RaisingBot(after=2)", f"{BOTS}:IllegalBot"),
                   units=6, deals=True, duplicate=True)  # fmt: skip
    out = run(t)
    report = summarise(out)
    assert report["played"] == report["planned"] == 18
    raising, illegal = report["per_bot"][1], report["per_bot"][2]
    assert raising["faults"] >= 6 and raising["forfeits"] == 12
    assert illegal["faults"] >= 12 and illegal["units_won"] <= 6
    messages = {f.message for r in out.results for f in r.faults}
    assert any("my bot has a bug" in m for m in messages)
    assert any(m.startswith("illegal:") for m in messages)
    # Random always wins against the bot that always forfeits: an unbounded pair score, and
    # a large finite gap in the Bradley-Terry fit (whose prior keeps it finite).
    assert report["per_bot"][0]["units_won"] == 12
    assert (
        report["pairs"][1]["score"]["value"] == 1.0 and report["pairs"][1]["elo"]["value"] is None
    )
    assert report["per_bot"][2]["elo"]["value"] < -400
    assert f"random vs {BOTS}:IllegalBot: deals 6-0 · score +1.000" in text(report)
    assert "· Elo +inf ·" in text(report) and "(3 pairs)" in text(report)


def test_sprt_stops_when_it_decides() -> None:
    t = Tournament("schnapsen", ("random", f"{BOTS}:IllegalBot"), units=500, deals=True,
                   duplicate=True, sprt=Sprt(0, 20))  # fmt: skip
    out = run(t)
    assert out.sprt is not None and out.sprt["verdict"] == "H1 accepted"
    assert len(out.results) < out.planned
    assert "SPRT elo0=0 elo1=20" in text(summarise(out))


def test_interrupting_returns_a_partial_report() -> None:
    seen = []

    def stop_after_five(result: object) -> None:
        seen.append(result)
        if len(seen) == 5:
            raise KeyboardInterrupt

    t = Tournament("schnapsen", ("random", "random"), units=50, duplicate=True)
    out = run(t, progress=stop_after_five)
    assert out.interrupted and len(out.results) == 5
    assert "interrupted, partial report" in text(summarise(out))


def test_records_are_kept_and_replay(tmp_path: Path) -> None:
    t = Tournament("schnapsen(manual_claim=true)", ("random", "atout.bots.randombot:RandomBot"),
                   units=4, duplicate=True)  # fmt: skip
    out = run(t, records_dir=tmp_path)
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    for path, result in zip(files, out.results, strict=True):
        rec = atout.record.load(path)
        state = rec.replay()
        assert state.is_over and rec.seats[0].name == "random"
        winners = state.result().winners
        assert [1.0 if s in winners else 0.0 for s in range(2)] == result.outcome


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, table, plot = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "ladder.png"
    args = ["--deals", "40", "--duplicate", "--jobs", "2"]
    files = ["--out", str(out), "--csv", str(table), "--plot", str(plot)]
    code = main(["arena", "schnapsen", "--bots", "random,random", *args, *files])
    assert code == 0
    printed = capsys.readouterr().out
    assert "random (#0) vs random (#1): deals " in printed and " · score +0." in printed
    report = json.loads(out.read_text())
    assert report["played"] == 40 and len(report["per_bot"]) == 2
    assert table.read_text().splitlines()[0].startswith("bot,spec,units")
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,genius", "there is no bot 'genius'"),
        ("random,random(depth=2)", "takes no options"),
        (f"random,{BOTS}:Nope", "has no class 'Nope'"),
        ("random,no/such/file.py:Bot", "does not exist"),
        ("random,no_such_module:Bot", "cannot import bot module"),
    ],
)
def test_bad_specs_are_reported(
    bots: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["arena", "schnapsen", "--bots", bots, "--deals", "2"]) == 2
    assert message in capsys.readouterr().err


def test_the_command_on_seven_up_matches(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whole 7-point matches of Seven Up, a user's bot by file, the records kept (and each
    replays to its match's outcome), an SPRT reported with its LLR and bounds, CSV."""
    out, table, kept = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "records"
    code = main(["arena", "seven_up", "--bots", f"random,{BOTS}:FirstBot", "--matches", "4",
                 "--duplicate", "--seed", "5", "--records", str(kept), "--sprt", "0,50",
                 "--out", str(out), "--csv", str(table)])  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert printed.startswith("seven_up: 4 of 4 matches (duplicate)")
    assert "SPRT elo0=0 elo1=50: LLR " in printed and "[-2.94, 2.94]" in printed
    report = json.loads(out.read_text())
    assert report["unit"] == "match" and report["rating"]["model"] == "bradley-terry"
    (pair,) = report["pairs"]
    assert pair["units"] == 4 and pair["observations"] == 2 and sum(pair["wins"]) == 4
    assert sum(pair["deals_won"]) == pair["deals"] == report["per_bot"][0]["deals"]
    assert pair["points_per_deal"][0] == report["per_bot"][0]["points_per_deal"]
    files = sorted(kept.glob("*.json"))
    assert len(files) == 4
    for path in files:
        rec = atout.record.load(path)
        state = rec.replay()
        assert state.is_over and rec.game == "seven_up"
        assert {s.name for s in rec.seats} == {"random", "first"}
    rows = table.read_text().splitlines()
    assert len(rows) == 3 and rows[2].split(",")[1].endswith("bots.py:FirstBot")


def test_the_command_on_river(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """River: three bots around four seats in every rotation, single rounds; mean points per
    deal and an OpenSkill (Plackett-Luce) rating per bot, in text, JSON, CSV and the plot."""
    out, table, plot = tmp_path / "r.json", tmp_path / "r.csv", tmp_path / "ladder.svg"
    code = main(["arena", "river(start_cards=5)", "--bots", f"random,{BOTS}:FirstBot,random",
                 "--deals", "8", "--duplicate", "--jobs", "2", "--out", str(out), "--csv",
                 str(table), "--plot", str(plot)])  # fmt: skip
    assert code == 0
    printed = capsys.readouterr().out
    assert printed.startswith("river(start_cards=5): 8 of 8 deals (duplicate)")
    assert "OpenSkill mu" in printed and "random (#2): deals won" in printed
    report = json.loads(out.read_text())
    assert "pairs" not in report and report["rating"]["model"] == "plackett-luce"
    bots = report["per_bot"]
    # Four seats, every rotation of (0, 1, 2, 0): bot 0 sits twice at each table.
    assert [b["units"] for b in bots] == [16, 8, 8]
    assert sum(b["units_won"] for b in bots) == pytest.approx(8)
    for b in bots:
        assert b["points_per_deal"]["low"] <= b["points_per_deal"]["value"]
        assert b["openskill"]["sigma"] > 0
    assert len(table.read_text().splitlines()) == 4
    assert b"<svg" in plot.read_bytes()


def test_a_whole_river_per_match() -> None:
    """A River match is the whole river (2N-1 rounds); its winner has the most points."""
    t = Tournament("river(players=3,start_cards=3)", ("random", f"{BOTS}:FirstBot"), units=3,
                   duplicate=True, seed=8)  # fmt: skip
    out = run(t)
    assert len(out.results) == 3
    for r in out.results:
        assert len(r.deal_points) == 5
        totals = [sum(d[s] for d in r.deal_points) for s in range(3)]
        top = [s for s in range(3) if totals[s] == max(totals)]
        assert r.outcome == [1 / len(top) if s in top else 0.0 for s in range(3)]
