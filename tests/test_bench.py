"""The benchmarks run and print the figures the issues ask for (tiny runs: speed is not
measured here, only that ``make bench`` keeps working)."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).parents[1] / "bench"


def _proc(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH / script), *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )


def _run(script: str, *args: str) -> str:
    return _proc(script, *args).stdout


def test_engine_bench_prints_every_game() -> None:
    """Every row of issue 13's table, both engines where the compiled one is built."""
    out = _run("engine.py", "--quick")
    assert "Schnapsen, random play" in out and "atout legal+apply" in out and "deals/s" in out
    assert "clone()+apply()" in out and "clone()+step()" in out
    assert "Schnapsen exact solver" in out and "nodes/s" in out
    assert "Seven Up, random play" in out and "hands/s" in out
    assert "8..1..8  atout legal+apply" in out and "8..1..8  OpenSpiel oh_hell" in out
    assert "Issue 13 targets" in out
    # The schnapsen package is in the bench extra only; OpenSpiel is in the test extra too.
    assert "ratio, deals/s: legal+apply" in out or "schnapsen (PyPI)         not installed" in out


def test_arena_bench_prints_both_job_counts() -> None:
    out = _run("arena.py", "--matches", "40", "--repeat", "1")
    assert "arena --jobs 1" in out and "of legal+step on CPU time (target: 80%" in out
    assert "arena --jobs 2" in out and "x jobs 1 by the clock" in out and "of two raw" in out


def test_paired_strength_prints_the_difference_and_the_variance_reduction() -> None:
    """Issue 18's paired design: two bots through a third on the same deals and numbers."""
    games = "schnapsen,river"
    bots = ["--a", "easy", "--b", "random", "--against", "random"]
    out = _run("strength.py", "paired", "--games", games, *bots, "--matches", "8", "--deals")
    assert "schnapsen  share of deals won: easy" in out and "random" in out
    assert "river      points per deal: easy" in out
    assert out.count("variance reduction") == 2 and "over 4 duplicate groups" in out
    assert out.splitlines()[0].endswith(" engine")  # the engine the figures were made on


def test_paired_strength_on_the_evaluation_set() -> None:
    """``--deal-set v1`` plays the shipped evaluation deals of bench/data/dealsets."""
    bots = ["--a", "easy", "--b", "random", "--against", "random"]
    proc = _proc("strength.py", "paired", "--games", "seven_up", *bots, "--matches", "4",
                 "--deals", "--deal-set", "v1")  # fmt: skip
    assert "(the evaluation set v1)" in proc.stdout and "over 2 duplicate groups" in proc.stdout
    # Progress goes to stderr, each tenth of each side's run (here every unit of four).
    assert "seven_up, a: 4/4, " in proc.stderr and "seven_up, b: 1/4, " in proc.stderr


def test_the_river_ladder_on_the_evaluation_set() -> None:
    """River's ladder plays the shipped evaluation deals with ``--deal-set v1``."""
    out = _run("strength_river.py", "ladder", "--rules", "river", "--levels", "random,easy",
               "--units", "2", "--first-round", "--jobs", "1", "--deal-set", "v1")  # fmt: skip
    assert out.splitlines()[0].endswith(" engine")
    assert "easy vs random: 2 first rounds" in out and "points per round" in out


@pytest.mark.parametrize("game", ["schnapsen", "seven_up"])
def test_the_card_model_trains_and_writes_weights_the_bot_reads(game: str, tmp_path: Path) -> None:
    """Issue 18's inference model: self-play, a fit, the held-out log-loss, a loadable file."""
    import json

    from atout.bots import schnapsen_infer, sevenup_infer

    model_class = {"schnapsen": schnapsen_infer, "seven_up": sevenup_infer}[game].CardModel
    out = tmp_path / "model.json"
    samples = tmp_path / "samples.json.gz"
    args = ["--game", game, "--level", "medium", "--matches", "10", "--jobs", "1", "--steps", "20"]
    printed = _run("train_infer.py", *args, "--out", str(out), "--samples", str(samples))
    assert f"10 matches of medium ({game})" in printed and "bits uniform" in printed
    model = model_class.from_dict(json.loads(out.read_text()))
    assert model.meta["level"] == "medium" and model.meta["matches"] == 10
    assert model.meta["game"] == game
    assert any(w != 0.0 for row in model.weights for w in row)
    # The samples kept are read back: the same fit, without playing again.
    again = _run("train_infer.py", *args, "--out", str(out), "--samples", str(samples))
    assert again.splitlines()[1:3] == printed.splitlines()[1:3]


def test_the_bid_model_trains_and_writes_weights_the_bot_reads(tmp_path: Path) -> None:
    """Issue 18's River bid model: rounds played, a fit, the held-out figures, a loadable file."""
    import json

    from atout.bots.river_bid import BidModel

    out = tmp_path / "model.json"
    samples = tmp_path / "samples.json.gz"
    args = ["--level", "medium", "--rounds", "10", "--jobs", "1", "--steps", "20"]
    printed = _run("train_river_bid.py", *args, "--out", str(out), "--samples", str(samples))
    assert "of 10 rounds" in printed and "held-out log-loss" in printed and "exact" in printed
    model = BidModel(json.loads(out.read_text()))
    assert model.meta["level"] == "medium" and model.meta["rounds"] == 10
    assert any(w != 0.0 for row in model.w1 for w in row)
    # The rounds kept are read back: the same fit, without playing again.
    again = _run("train_river_bid.py", *args, "--out", str(out), "--samples", str(samples))
    assert again.splitlines()[1:3] == printed.splitlines()[1:3]


@pytest.mark.parametrize("sees", ["all", "hand"])
def test_the_seven_up_ceiling_runs_whole_matches_both_ways(sees: str) -> None:
    """``sevenup_duel.py ceiling``: the share of whole matches of a searcher that sees the
    other hand (and the stock's order), each played with the seats swapped, with its
    interval."""
    out = _run("sevenup_duel.py", "ceiling", "easy", "--matches", "2", "--jobs", "1",
               "--sees", sees)  # fmt: skip
    line = out.strip().splitlines()[-1]
    assert line.startswith(f"hard seeing {sees} vs easy: 2 matches played twice (seats swapped)")
    share = float(line.split("match share ")[1].split()[0])
    assert share in (0.0, 0.25, 0.5, 0.75, 1.0)


_CLOSER = '''
import random


class Closer:
    """Closes the stock whenever it may, else plays at random."""

    name = "closer"
    version = "1"

    def choose(self, view, legal_actions, rng: random.Random):
        closes = [a for a in legal_actions if str(a) == "close"]
        return closes[0] if closes else rng.choice(legal_actions)
'''


def test_the_closes_bench_counts_each_close_at_its_stock(tmp_path: Path) -> None:
    """``closes.py``: a bot that closes whenever it may closes at its first lead of each deal:
    with the whole stock left (ten cards: twenty less two hands of five) when it is eldest, two
    cards fewer for each trick it lost before; each deal at most once. Wins and game points are
    those the records' deals give the closer; its odds and exact play's verdict are shares."""
    bot = tmp_path / "closer.py"
    bot.write_text(_CLOSER)
    spec = f"{bot}:Closer"
    out = _run("closes.py", "--a", spec, "--b", "easy", "--matches", "4", "--seed", "2")
    lines = out.strip().splitlines()
    assert lines[0] == f"closes: {spec} and easy, 4 matches on duplicate deals"
    assert lines[1] == f"  {spec}"
    rows = {}
    for line in lines[2 : lines.index("  easy")]:
        stock, row = line.split(":", 1)
        rows[int(stock.split()[1])] = row
        assert "won " in row and "game points a close" in row
        odds = float(row.split("its odds ")[1].split(",")[0])
        plain = float(row.split("unweighted ")[1].split(",")[0])
        exact = float(row.split("the true deal ")[1].split(")")[0])
        assert 0.0 <= odds <= 1.0 and 0.0 <= plain <= 1.0 and 0.0 <= exact <= 1.0
    assert set(rows) <= {4, 6, 8, 10} and 10 in rows
    # Eldest in at least one deal of each of the 4 matches, it closed then with 10 cards left.
    assert int(rows[10].split("closes")[0]) >= 4


def test_the_decision_times_of_one_stage_of_the_deal() -> None:
    """``bots.py --stock``: Schnapsen's decisions at that stock only; other games say no."""
    out = _run("bots.py", "--games", "schnapsen,seven_up", "--levels", "medium",
               "--decisions", "3", "--stock", "6")  # fmt: skip
    assert "3 decisions per row, with 6 cards in the stock" in out.splitlines()[0]
    assert "schnapsen  medium" in out and "seven_up   medium  not available: --stock" in out


def test_a_sure_close_has_odds_one_and_a_hopeless_one_odds_zero() -> None:
    """The closes bench's odds: eldest holding every trump but the one under the stock, and the
    trump marriage, wins a closed deal in every world (odds 1, and in the true deal); the other
    seat, dealt the same cards against it, can win no closed deal (its odds 0)."""
    from .schnapsen.helpers import deal

    sys.path.insert(0, str(BENCH))
    try:
        from closes import _odds
    finally:
        sys.path.remove(str(BENCH))
    strong = "AC 10C KC QC AH"
    weak = "10H QH KS JD AD"
    stock = "KD AS JH 10D QD KH 10S QS JS"
    assert _odds(deal(strong, weak, "JC", stock), 0, 32) == (1.0, 1.0, True)
    assert _odds(deal(weak, strong, "JC", stock), 0, 32) == (0.0, 0.0, False)


def test_the_regret_bench_prints_each_stock_and_each_variant() -> None:
    """``regret.py``: regrets are never negative (the best action's is 0); a variant that is the
    first one again never chooses otherwise and gains exactly nothing."""
    out = _run("regret.py", "--a", "hard", "--b", "easy", "--matches", "2", "--stocks", "2,4",
               "--variants", "hard,hard,medium")  # fmt: skip
    lines = out.strip().splitlines()
    assert lines[0] == "regret against clairvoyant play: hard and easy, 2 matches"
    stocks = [line for line in lines if " stock " in line]
    assert stocks and all(" regret " in line for line in stocks)
    assert all(float(line.split(" regret ")[1].split()[0]) >= 0 for line in stocks)
    assert "  variants at hard's" in out
    same, other = (line for line in lines if line.startswith("    "))
    assert same.startswith("    hard: chose otherwise at 0, gain +0.00000")
    assert other.startswith("    medium: chose otherwise at ")


def test_the_regret_bench_values_choices_by_continuations() -> None:
    """``--played N``: the variants' choices valued by the bots playing the deal on."""
    out = _run("regret.py", "--a", "hard", "--b", "easy", "--matches", "2", "--stocks", "4",
               "--variants", "hard,hard,medium", "--played", "2")  # fmt: skip
    assert "(hard first; 2 continuations each):" in out
    same, other = (line for line in out.splitlines() if line.startswith("    "))
    assert same.startswith("    hard: chose otherwise at 0, gain +0.00000")
    assert other.startswith("    medium: chose otherwise at ")


def _regret_bench() -> Any:
    """``bench/regret.py`` as a module (it imports its neighbour ``closes.py``)."""
    sys.path.insert(0, str(BENCH))
    try:
        import regret
    finally:
        sys.path.remove(str(BENCH))
    return regret


def _decisions_at(stock: int, seeds: int) -> Iterator[tuple[Any, int]]:
    """A fixed deal played at random down to ``stock``, seed by seed: each state where a seat
    decides there in the first deal, before the endgame, with that seat."""
    from .schnapsen.helpers import deal

    for seed in range(seeds):
        state = deal("AC 10C KC QC AH", "10H QH KS JD AD", "JC", "KD AS JH 10D QD KH 10S QS JS")
        rng = random.Random(seed)
        while state.stock_size > stock and state.to_act is not None:
            state.step(rng.choice(state.legal_actions()))
        seat, first = state.to_act, not state.deals_done
        if isinstance(seat, int) and first and state.stock_size == stock and not state.is_endgame():
            yield state, seat


def test_the_continuations_play_the_true_deal_on() -> None:
    """A continuation is the real deal played on, its real stock order included, by the bots
    given (here both playing their first legal action), worth its end in match odds."""
    from atout.bots.schnapsen_search import outcome_table

    class First:
        def choose(self, view: object, legal: list[Any], rng: random.Random) -> Any:
            return legal[0]

    played = _regret_bench().played
    checked = 0
    for state, seat in _decisions_at(6, 30):
        legal = state.legal_actions(seat)
        table = outcome_table(state.view(seat))
        direct = {}
        for action in legal:
            child = state.clone()
            child.step(action, seat)
            while child.deals_done == 0 and child.to_act is not None:
                child.step(child.legal_actions()[0])
            end = child._deals[0]
            direct[str(action)] = table[end.winner * 4 + end.points]
        assert played(state, seat, legal, [First(), First()], n=2, seed=checked) == direct
        checked += 1
    assert checked >= 10


def test_the_clairvoyant_values_are_the_true_deal_solved() -> None:
    """The bench rebuilds the true deal from the seat's view and the real hidden cards: its
    values are the solver's on the real state, action by action."""
    from atout.bots.schnapsen_search import outcome_table
    from atout.bots.schnapsen_solve import DealSolver

    values = _regret_bench().values
    checked = 0
    for state, seat in _decisions_at(4, 40):
        legal = state.legal_actions(seat)
        solver = DealSolver(seat, outcome_table(state.view(seat)), state, chance=True)
        direct = {}
        for action in legal:
            child = state.clone()
            child.step(action, seat)
            direct[str(action)] = solver.value(child, 0)
        assert values(state, seat, legal) == pytest.approx(direct, abs=1e-12)
        checked += 1
    assert checked >= 10
