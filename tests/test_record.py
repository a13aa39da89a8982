"""Match records: JSON that replays, and clear errors naming the step for those that do not."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

import atout
from atout import record

RECORDS = Path(__file__).parent / "data" / "records"


def _data(name: str = "schnapsen-match") -> dict[str, Any]:
    return json.loads((RECORDS / f"{name}.json").read_text())  # type: ignore[no-any-return]


@pytest.mark.parametrize("path", sorted(RECORDS.glob("*.json")), ids=lambda p: p.stem)
def test_fixture_records_replay_to_their_result(path: Path) -> None:
    rec = record.load(path)
    state = rec.replay()
    assert state.is_over
    assert state.result().to_dict() == rec.result
    assert record.dumps(record.from_state(state, rec.seats)) == path.read_text()


def test_round_trip_through_text_and_files(tmp_path: Path) -> None:
    game = atout.load("schnapsen(manual_claim=true)")
    state = game.new_match(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    rec = record.from_state(state, ["ann", record.Seat("random", "1")], seed=True, note="x")
    assert record.loads(record.dumps(rec)) == rec
    path = tmp_path / "r.json"
    record.dump(rec, path)
    again = record.load(path)
    assert again == rec and again.game == "schnapsen"
    buf = io.StringIO()
    record.dump(rec, buf)
    assert record.load(io.StringIO(buf.getvalue())) == rec
    replayed = again.replay()
    assert replayed.history == state.history and replayed.view(0) == state.view(0)
    # With its seed, an unfinished record goes on shuffling exactly as the match would have.
    while state.to_act is not None:
        a = rng.choice(state.legal_actions())
        state.apply(a)
        replayed.apply(a)
    assert replayed.packs == state.packs


def _broken(change: Any, name: str = "schnapsen-match") -> str:
    data = _data(name)
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda d: d["actions"].__setitem__(3, [d["actions"][3][0], "plya QS"]),
         r"record step 4 \(seat \d, 'plya QS'\): malformed action"),
        (lambda d: d["actions"].__setitem__(0, [d["actions"][0][0], "play AS"]),
         r"record step 1 .*illegal action: you do not hold AS"),
        (lambda d: d["actions"].__setitem__(0, [1 - d["actions"][0][0], d["actions"][0][1]]),
         r"record step 1 .*illegal action: it is seat \d's turn"),
        (lambda d: d.__setitem__("actions", d["actions"][:-5]),
         r"result is not what its 82 actions produce \(after the last, step 82, in deal 6\): it "
         "was edited or truncated; result.over is true in the record, false from the actions"),
        (lambda d: d["result"]["deals"][2].__setitem__("points", 3),
         r"result.deals\[2\].points is 3 in the record, 2 from the actions"),
        (lambda d: d.__setitem__("actions", d["actions"][:20]),
         "holds 6 packs but its actions deal"),
        (lambda d: d["packs"].pop(),
         "the record holds no pack for the next deal"),
        (lambda d: d.__setitem__("rules", "schnapsen(foo=true)"),
         "record rules 'schnapsen\\(foo=true\\)': schnapsen has no option 'foo'"),
        (lambda d: d["packs"][0].__setitem__(0, d["packs"][0][1]),
         "the pack for deal 1 is not an order of the 20-card Schnapsen pack"),
        (lambda d: d["packs"][0].__setitem__(0, "ZZ"),
         "record pack 1: cannot read 'ZZ' as a card"),
        (lambda d: d.__setitem__("dealer", 5), "dealer must be a seat"),
        (lambda d: d.__setitem__("dealer", "0"), "'dealer' must be a seat number"),
        (lambda d: d["actions"].__setitem__(2, "play QS"), "record step 3: 'play QS' is not"),
        (lambda d: d.__setitem__("atout", 99), "record format 99 is not supported"),
        (lambda d: d.__setitem__("game", "river"), "field 'game' is 'river'"),
        (lambda d: d.__setitem__("seats", [{"name": "a"}]), "names 1 seats; Schnapsen has 2"),
    ],
)  # fmt: skip
def test_records_that_do_not_replay_name_the_fault(change: Any, match: str) -> None:
    with pytest.raises(atout.RecordError, match=match):
        record.loads(_broken(change)).replay()


def test_not_json_and_missing_files() -> None:
    with pytest.raises(atout.RecordError, match="not valid JSON"):
        record.loads('{"rules": ')
    with pytest.raises(atout.RecordError, match="a record is a JSON object"):
        record.loads("[]")
    with pytest.raises(atout.RecordError, match="cannot read the record"):
        record.load("/nonexistent/record.json")


def test_steps_yield_events_as_they_happened() -> None:
    rec = record.load(RECORDS / "schnapsen-match.json")
    kinds = [e.kind for _s, _seat, _t, events in record.steps(rec) for e in events]
    assert kinds.count("deal_ended") == len(rec.packs)
    assert kinds[-1] == "match_ended"


# --- records that must not pass (issue 15) ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000,
        "{" + '"a":{' * 100_000,
        '{"game": "schnapsen", "meta": ' + "[" * 100_000 + "]" * 100_000 + "}",
    ],
    ids=["brackets", "objects", "inside"],
)
def test_json_nested_past_any_record_is_a_clear_error(text: str) -> None:
    with pytest.raises(atout.RecordError, match="nests deeper than"):
        record.loads(text)


@pytest.mark.parametrize("key", ["game", "seats", "result", "dealer", "packs", "actions"])
def test_a_record_without_a_field_names_it(key: str) -> None:
    data = _data()
    del data[key]
    with pytest.raises(atout.RecordError, match=f"record field '{key}'"):
        record.from_dict(data)


@pytest.mark.parametrize(
    ("key", "value"),
    [("game", None), ("game", 3), ("seats", None), ("seats", {}), ("result", None),
     ("result", []), ("result", "won")],
)  # fmt: skip
def test_a_record_field_of_the_wrong_kind_names_it(key: str, value: Any) -> None:
    data = _data()
    data[key] = value
    with pytest.raises(atout.RecordError, match=f"record field '{key}'"):
        record.from_dict(data)


def test_records_written_now_read_back_with_their_optional_fields() -> None:
    """A record of a match made without seat names (``from_state(state)``) has ``"seats":
    []``; one of an unfinished match has that match's result so far; ``seed``, ``meta`` and the
    format number ``atout`` may be left out, and ``rules`` for the game's defaults."""
    state = atout.load("seven_up").new_match(seed=3)
    rng = random.Random(3)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    rec = record.from_state(state)
    data = json.loads(record.dumps(rec))
    assert data["seats"] == [] and data["result"]["over"] is False
    assert record.loads(record.dumps(rec)).replay().history == state.history
    del data["atout"]
    assert record.from_dict(data) == rec
    del data["rules"]  # the game's default rules
    assert record.from_dict(data) == rec


def test_check_end_finds_an_edited_result_after_stepping() -> None:
    """:func:`record.steps` replays step by step; :func:`record.check_end` then checks what
    :func:`record.replay` checks: the packs dealt and the stored result."""
    data = _data()
    data["result"]["deals"][2]["points"] = 3
    rec = record.from_dict(data)
    last = record.start(rec)
    for state, _seat, _text, _events in record.steps(rec):
        last = state
    with pytest.raises(atout.RecordError, match=r"result.deals\[2\].points is 3"):
        record.check_end(rec, last)
