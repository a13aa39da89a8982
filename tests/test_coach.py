"""The coach (``atout.coach``): pinned verdicts on records whose best move is known by
hand, the same analysis for records that look the same from the seat (view mode never reads
hidden cards), and its summary's arithmetic."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import atout
from atout import record
from atout.cli import main
from atout.coach import SCALES, Analysis, Coach, Decision, analyse, people
from atout.conformance import twin
from atout.errors import RecordError

COACH = Path(__file__).parent / "data" / "coach"


def _load(name: str) -> record.Record:
    return record.load(COACH / f"{name}.json")


def _last(a: Analysis) -> Decision:
    return a.decisions[-1]


@pytest.mark.parametrize("mode", ["view", "open"])
def test_a_bid_of_0_with_the_ace_of_trumps_in_a_one_card_round_is_a_blunder_of_10(
    mode: str,
) -> None:
    # RULES.md §2 score: a trick is 1 point, an exact bid 10 more. Holding the ace of trumps
    # with one card each, the trick is Ann's whatever is led: bid 1 scores 11, bid 0 scores 1.
    rec = _load("ace-of-trumps-bid-0")
    a = analyse(rec, mode=mode, worlds=8)  # type: ignore[arg-type]
    d = _last(a)
    assert (d.seat, d.played, d.best) == (2, "bid 0", "bid 1")
    assert d.values == {"bid 0": 1.0, "bid 1": 11.0}
    assert d.loss == 10.0 and d.verdict == "blunder"
    assert a.accuracy(2) == 0.0 and a.costliest(2) == [d]


def test_the_dealer_s_bids_are_those_the_hook_allows() -> None:
    # RULES.md §2 the hook: the dealer may not bid the number that makes the bids add up to
    # the cards dealt; the coach values the legal bids only, never the forbidden one.
    state = atout.load("river(players=4,start_cards=3)").new_match(seed=4)
    dealer = state.view(0).dealer
    while state.acting_seats[0] != dealer:
        state.apply(state.legal_actions()[0], state.acting_seats[0])  # bid 0 each
    forbidden = f"bid {3 - sum(b or 0 for b in state.view(dealer).bids)}"
    legal = [str(x) for x in state.legal_actions()]
    assert forbidden not in legal and len(legal) == 3
    state.apply(legal[0], dealer)
    d = _last(analyse(record.from_state(state), [dealer], worlds=8))
    assert d.seat == dealer and list(d.values) == legal


@pytest.mark.parametrize("mode", ["view", "open"])
def test_a_marriage_not_declared_that_wins_the_deal_now_is_a_blunder(mode: str) -> None:
    # RULES.md §3 marriages: Ann has 26 or more card points and leads with the trump marriage
    # (KD QD, diamonds trumps): declaring 40 takes her to 66 and wins the deal at once, for 2
    # game points (the other side has fewer than 33). She plays KD without declaring it.
    rec = _load("marriage-not-declared")
    d = _last(analyse(rec, mode=mode, worlds=16, time=60))  # type: ignore[arg-type]
    assert d.played == "play KD" and d.best in ("play QD marriage", "play KD marriage")
    assert d.values["play QD marriage"] == d.values["play KD marriage"] == 2.0
    assert d.verdict == "blunder" and d.loss >= SCALES["schnapsen"].blunder


@pytest.mark.parametrize("mode", ["view", "open"])
def test_a_forced_win_missed_in_the_endgame_is_a_blunder_of_two_game_points(mode: str) -> None:
    # RULES.md §3: with the stock gone every card is known, and KC wins the deal (+1) whatever
    # the other side does; JD loses it (-1).
    rec = _load("forced-win-missed")
    d = _last(analyse(rec, mode=mode, worlds=16, time=60))  # type: ignore[arg-type]
    assert (d.played, d.best) == ("play JD", "play KC")
    assert d.values["play KC"] == 1.0 and d.values["play JD"] == -1.0
    assert d.loss == 2.0 and d.verdict == "blunder"


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up", "river(players=4,start_cards=3)"])
def test_records_that_look_the_same_from_a_seat_get_the_same_analysis(rules: str) -> None:
    """View mode reads the view only: two records with the seat's unseen cards in other
    places analyse alike. Open mode reads the real deal, so somewhere it tells them apart:
    the check can see a difference."""
    game = atout.load(rules)
    compared, told_apart = 0, False
    for seed in range(60):
        seat = seed % game.seats
        pair = twin(game, seed, 6 + seed % 9, seat)
        if pair is None:
            continue
        first, second = (record.from_state(s) for s in pair)
        if first.packs == second.packs:
            continue
        a = analyse(first, [seat], worlds=3, time=60, seed=seed)
        if not a.decisions:
            continue
        b = analyse(second, [seat], worlds=3, time=60, seed=seed)
        assert a.decisions == b.decisions, f"{rules} seed {seed}"
        if not told_apart:
            c = analyse(first, [seat], mode="open", seed=seed)
            d = analyse(second, [seat], mode="open", seed=seed)
            told_apart = c.decisions != d.decisions
        compared += 1
        if compared == 3 and told_apart:
            break
    assert compared == 3 and told_apart


def test_an_analysis_repeats_exactly_with_its_seed() -> None:
    rec = _load("marriage-not-declared")
    assert analyse(rec, worlds=4, seed=5) == analyse(rec, worlds=4, seed=5)


def test_the_people_are_analysed_unless_seats_are_named() -> None:
    rec = _load("forced-win-missed")
    assert people(rec) == (0,)
    assert {d.seat for d in analyse(rec, worlds=2).decisions} == {0}
    assert {d.seat for d in analyse(rec, [1], worlds=2).decisions} == {1}
    bots_only = dataclasses.replace(rec, seats=())
    assert people(bots_only) == (0, 1)
    with pytest.raises(ValueError, match="seats 0 to 1, not 2"):
        analyse(rec, [2])
    with pytest.raises(ValueError, match="'view' or 'open'"):
        analyse(rec, mode="closed")  # type: ignore[arg-type]


def test_a_record_that_does_not_replay_is_refused_with_its_step() -> None:
    rec = _load("forced-win-missed")
    bad = dataclasses.replace(rec, actions=(*rec.actions[:3], (rec.actions[3][0], "play XX")))
    with pytest.raises(RecordError, match="record step 4"):
        analyse(bad)


def test_the_summary_counts_verdicts_and_accuracy_per_deal() -> None:
    scale = SCALES["river"]

    def dec(step: int, deal: int, loss: float) -> Decision:
        v = scale.verdict(loss, best=loss == 0)
        return Decision(step, deal, 0, "bid 0", "bid 1", {"bid 0": -loss, "bid 1": 0.0}, loss, v)

    a = Analysis("river", "river", "view", (0,), scale,
                 (dec(1, 1, 0.0), dec(2, 1, 0.5), dec(3, 2, 1.0), dec(4, 2, 6.0)))  # fmt: skip
    assert [d.verdict for d in a.decisions] == ["best", "good", "inaccuracy", "blunder"]
    assert a.accuracy(0) == 50.0 and a.accuracy(0, 1) == 100.0 and a.accuracy(0, 2) == 0.0
    assert a.lost(0) == 7.5
    assert [d.step for d in a.costliest(0)] == [4, 3, 2]
    s = a.summary()["0"]
    assert s["verdicts"] == {"best": 1, "good": 1, "inaccuracy": 1, "mistake": 0, "blunder": 1}
    assert s["deals"] == {
        "1": {"accuracy": 100.0, "lost": 0.5},
        "2": {"accuracy": 0.0, "lost": 7.0},
    }
    assert a.accuracy(1) is None


def test_atout_analyse_prints_the_decisions_and_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = str(COACH / "ace-of-trumps-bid-0.json")
    assert main(["analyse", path, "--worlds", "4"]) == 0
    out = capsys.readouterr().out
    assert "step   2  Ann: bid 0 (+1.00)  blunder: bid 1 (+11.00) was 10.00 points better" in out
    assert "Ann (seat 2): 1 decision, accuracy 0%, 10.00 points lost; 1 blunder" in out
    assert main(["analyse", path, "--json", "--open"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "open" and data["names"][2] == "Ann"
    assert data["decisions"][0]["verdict"] == "blunder"
    assert data["summary"]["2"]["costliest"] == [2]
    assert main(["analyse", path, "--seat", "7"]) == 2
    assert "seats 0 to 3, not 7" in capsys.readouterr().err


def test_a_coach_values_the_steps_in_any_order_as_analyse_does() -> None:
    """The server values a record a decision at a time (a job each, maybe on several
    workers): any order gives the decisions :func:`analyse` gives, and they travel as dicts."""
    rec = _load("forced-win-missed")
    whole = analyse(rec, worlds=4, seed=2)
    coach = Coach(rec, worlds=4, seed=2)
    seats, steps = coach.plan()
    assert steps == [d.step for d in whole.decisions]
    backwards = [coach.value(step) for step in reversed(steps)]
    assert coach.analysis(seats, backwards) == whole
    again = [Decision.from_dict(d.to_dict()) for d in whole.decisions]
    assert [d.to_dict() for d in again] == [d.to_dict() for d in whole.decisions]
    with pytest.raises(ValueError, match="steps 1 to 15, not 16"):
        coach.value(16)
