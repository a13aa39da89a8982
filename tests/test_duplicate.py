"""The duplicate challenge (atout.duplicate): a deal of a record played again from the same
cards with the expert in one seat, set beside the record's play of it."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import atout
from atout import bots
from atout import record as records
from atout.duplicate import Challenge, Duplicate, challenge
from atout.errors import RecordError

DATA = Path(__file__).parent / "data" / "coach"


def _finish(rec: records.Record, seed: int = 1) -> records.Record:
    """The record's match played to its end by ``easy`` bots from where it stops."""
    state = records.replay(rec)
    bot, rng = bots.make("easy"), random.Random(seed)
    while state.to_act is not None:
        seat = state.acting_seats[0]
        state.apply(bot.choose(state.view(seat), state.legal_actions(seat), rng), seat)
    return records.from_state(state, rec.seats)


def _match(game: str, seed: int) -> records.Record:
    state = atout.load(game).new_match(seed=seed)
    bot, rng = bots.make("easy"), random.Random(seed)
    while state.to_act is not None:
        seat = state.acting_seats[0]
        state.apply(bot.choose(state.view(seat), state.legal_actions(seat), rng), seat)
    names = ["Ann"] + ["easy"] * (state.game.seats - 1)
    return records.from_state(state, names)


def test_the_expert_bids_the_trick_its_ace_of_trumps_takes() -> None:
    """RULES.md §2 score: Ann holds AS (trumps) in a one-card round and bids 0, so she takes
    the trick and scores 1; the expert in her seat bids 1 and scores 10 + 1."""
    rec = _finish(records.load(DATA / "ace-of-trumps-bid-0.json"))
    dup = challenge(rec, 1, 2, ["random", "random", "human", "random"], seed=4)
    assert dup.played.player == "Ann" and dup.expert.player == "expert"
    assert (2, "bid 0") in dup.played.actions and (2, "bid 1") in dup.expert.actions
    assert dup.played.value == 1.0 and dup.expert.value == 11.0
    assert dup.difference == 10.0 and dup.unit == "points"
    assert dup.expert.result["bids"][2] == 1 and dup.expert.result["tricks"][2] == 1


@pytest.mark.parametrize("game", ["schnapsen", "seven_up", "river(players=3,start_cards=3)"])
def test_both_lines_start_from_the_deal_and_are_valued_as_the_game_values_a_deal(
    game: str,
) -> None:
    rec = _match(game, seed=11)
    loaded = atout.load(game)
    deal = 2
    dup = challenge(rec, deal, 0, ["human"] + ["easy"] * (loaded.seats - 1), seed=5)
    # The record's line is exactly the record's deal 2.
    state = records.start(rec)
    before = []
    for seat, text in rec.actions:
        if state.deals_done >= deal - 1:
            break
        before.append((seat, text))
        state.apply(text, seat)
    start_hand = state.view(0).to_dict()["hand"]
    assert dup.played.actions == tuple(
        rec.actions[len(before) : len(before) + len(dup.played.actions)]
    )
    whole = records.replay(rec).result().deals[deal - 1]
    assert dup.played.result == whole.to_dict()
    assert dup.played.value == loaded.deal_value(whole, 0)
    # The expert's line is legal play from the same start, to the end of that deal.
    line = records.start(rec)
    for seat, text in before:
        line.apply(text, seat)
    assert line.view(0).to_dict()["hand"] == start_hand
    for seat, text in dup.expert.actions:
        assert line.deals_done == deal - 1
        line.apply(text, seat)
    assert line.deals_done == deal
    ours = line.result().deals[deal - 1]
    assert dup.expert.result == ours.to_dict()
    assert dup.expert.value == loaded.deal_value(ours, 0)
    assert dup.difference == dup.expert.value - dup.played.value
    # It repeats exactly, and its JSON reads back.
    again = challenge(rec, deal, 0, ["human"] + ["easy"] * (loaded.seats - 1), seed=5)
    assert again == dup
    assert Duplicate.from_dict(json.loads(json.dumps(dup.to_dict()))) == dup


def test_a_challenge_asks_for_each_decision_from_the_seat_s_view() -> None:
    rec = _match("schnapsen", seed=3)
    run = Challenge(rec, 1, 1, ["human", "human"], seed=2)
    asked = 0
    while (ask := run.next()) is not None:
        assert ask.view.seat == ask.seat and ask.spec == ("expert" if ask.seat == 1 else "human")
        assert ask.view.to_dict()["hand"] is not None
        run.take(ask.seat, str(ask.legal[0]))
        asked += 1
    assert asked == len(run.result().expert.actions)


def test_what_cannot_be_challenged_is_refused() -> None:
    rec = _match("schnapsen", seed=3)
    done = records.replay(rec).deals_done
    others = ["human", "easy"]
    with pytest.raises(ValueError, match=f"deals 1 to {done}, not deal {done + 1}"):
        Challenge(rec, done + 1, 0, others)
    with pytest.raises(ValueError, match="seats 0 to 1, not 2"):
        Challenge(rec, 1, 2, others)
    with pytest.raises(ValueError, match="2 seats, not 3"):
        Challenge(rec, 1, 0, [*others, "easy"])
    edited = records.Record(rec.rules, rec.dealer, rec.packs, ((0, "play QQ"), *rec.actions[1:]))
    with pytest.raises(RecordError, match="record step 1"):
        Challenge(edited, 1, 0, others)
    run = Challenge(rec, 1, 0, others)
    with pytest.raises(ValueError, match="not over"):
        run.result()


def test_atout_analyse_duplicate_prints_both_lines_and_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from atout.cli import main

    path = tmp_path / "river.json"
    records.dump(_finish(records.load(DATA / "ace-of-trumps-bid-0.json")), path)
    assert main(["analyse", str(path), "--duplicate", "1"]) == 0
    out = capsys.readouterr().out
    assert "river(start_cards=1): deal 1 played again with the expert as Ann (seat 2)" in out
    assert "Ann: +1 points" in out and "the expert: +11 points" in out
    assert "  Ann: bid 0" in out and "  Ann: bid 1" in out
    assert "The expert made +10 points against Ann's play of these cards." in out
    assert main(["analyse", str(path), "--duplicate", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["difference"] == 10.0 and data["names"][2] == "Ann"
    assert main(["analyse", str(path), "--duplicate", "2"]) == 2
    assert "deals 1 to 1, not deal 2" in capsys.readouterr().err
