"""Match records: a match as a small JSON document that replays to the same state.

A record holds the rules text, the seats (a person, or a bot's name and version), the first
dealer, the pack of every deal begun (top card first), every action in text form with the seat
that took it, and the result. It is how tables are stored, how matches are reviewed and
replayed, and how tests keep fixtures (never pickles)::

    {
      "atout": 1,
      "game": "schnapsen",
      "rules": "schnapsen(manual_claim=true)",
      "seats": [{"name": "you"}, {"name": "random", "version": "1"}],
      "dealer": 1,
      "packs": [["QS", "AH", ...], ...],
      "actions": [[0, "play QS"], [1, "play AH"], ...],
      "result": {...}
    }

``game``, ``seats``, ``dealer``, ``packs``, ``actions`` and ``result`` must be there. ``seats``
may be empty (a match whose seats were not named: ``from_state(state)``); ``result`` is the
result of the match so far, as its actions produce it (``over`` is false in a record of a match
not finished), and replaying checks it. ``rules`` may be left out for the game's default rules,
and ``atout`` (the format, :data:`FORMAT`) for this format. ``seed`` may be present too: it
lets a stored match that is still going shuffle its next deals exactly as it would have; it is
secret while the match is played. ``meta`` holds whatever the writer adds (a table's id, who
took each action); replaying ignores it.

:func:`replay` rebuilds the state and fails with :class:`~atout.errors.RecordError` naming the
field or the step at fault: an unknown option, a pack that is not the game's, a malformed or
illegal action, or a result that the actions do not produce.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from atout.cards import card_text, parse_card
from atout.core.events import Event
from atout.core.state import State
from atout.errors import IllegalAction, NotationError, PackError, RecordError, RulesError
from atout.games import load as load_game

__all__ = ["FORMAT", "Record", "Seat", "before_each", "check_end", "dump", "dumps", "from_dict",
           "from_state", "load", "loads", "replay", "start", "steps"]  # fmt: skip

#: The record format version this module writes and reads.
FORMAT = 1


@dataclass(frozen=True)
class Seat:
    """Who sat in a seat: a person (``version`` is ``None``) or a bot and its version."""

    name: str
    version: str | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name}
        if self.version is not None:
            out["version"] = self.version
        return out


@dataclass(frozen=True)
class Record:
    """A match record. Build one with :func:`from_state`, read one with :func:`load`."""

    rules: str
    dealer: int
    packs: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[int, str], ...]
    seats: tuple[Seat, ...] = ()
    result: dict[str, Any] | None = None
    seed: int | None = None
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self.rules.split("(", 1)[0].strip()

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON data."""
        out: dict[str, Any] = {
            "atout": FORMAT,
            "game": self.game,
            "rules": self.rules,
            "seats": [s.to_dict() for s in self.seats],
            "dealer": self.dealer,
            "packs": [[card_text(c) for c in p] for p in self.packs],
            "actions": [[seat, text] for seat, text in self.actions],
            "result": self.result,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.meta:
            out["meta"] = self.meta
        return out

    def replay(self) -> State:
        """The state this record leads to; see :func:`replay`."""
        return replay(self)


def from_state(
    state: State, seats: Sequence[Seat | str] = (), *, seed: bool = False, **meta: Any
) -> Record:
    """The record of a match so far. ``seats`` name who played (``Seat`` or plain names);
    ``seed=True`` stores the seed, for a match that must go on shuffling as it would have."""
    named = tuple(s if isinstance(s, Seat) else Seat(s) for s in seats)
    if named and len(named) != state.game.seats:
        raise ValueError(f"{state.game.title} has {state.game.seats} seats, not {len(named)}")
    return Record(
        rules=state.game.text,
        dealer=state.first_dealer,
        packs=tuple(tuple(p) for p in state.packs),
        actions=tuple((s, str(a)) for s, a in state.history),
        seats=named,
        result=state.result().to_dict(),
        seed=state.seed if seed else None,
        meta=dict(meta),
    )


def from_dict(data: Any) -> Record:
    """Read a record from plain JSON data, checking every field's shape."""
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    version = data.get("atout", FORMAT)
    if version != FORMAT:
        raise RecordError(f"record format {version!r} is not supported (this atout reads {FORMAT})")
    game = data.get("game")
    if not isinstance(game, str):
        raise RecordError("record field 'game' must be the game's name, such as 'schnapsen'")
    rules = data.get("rules", game)
    if not isinstance(rules, str):
        raise RecordError("record field 'rules' must be a rules text such as 'schnapsen'")
    if rules.split("(", 1)[0].strip() != game:
        raise RecordError(f"record field 'game' is {game!r} but its rules are {rules!r}")
    dealer = data.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool):
        raise RecordError("record field 'dealer' must be a seat number")
    packs_raw = data.get("packs")
    if not isinstance(packs_raw, list):
        raise RecordError("record field 'packs' must be a list of packs")
    packs = []
    for i, p in enumerate(packs_raw):
        if not isinstance(p, list) or not all(isinstance(c, str) for c in p):
            raise RecordError(f"record pack {i + 1} must be a list of card texts")
        try:
            packs.append(tuple(parse_card(c) for c in p))
        except NotationError as e:
            raise RecordError(f"record pack {i + 1}: {e}") from None
    actions_raw = data.get("actions")
    if not isinstance(actions_raw, list):
        raise RecordError("record field 'actions' must be a list of [seat, action] pairs")
    actions = []
    for i, a in enumerate(actions_raw):
        ok = (
            isinstance(a, list)
            and len(a) == 2
            and isinstance(a[0], int)
            and not isinstance(a[0], bool)
            and isinstance(a[1], str)
        )
        if not ok:
            raise RecordError(f"record step {i + 1}: {a!r} is not a [seat, action] pair")
        actions.append((a[0], a[1]))
    seats_raw = data.get("seats")
    if not isinstance(seats_raw, list):
        raise RecordError("record field 'seats' must be a list of seats ([] if not named)")
    seats = []
    for i, s in enumerate(seats_raw):
        if not isinstance(s, dict) or not isinstance(s.get("name"), str):
            raise RecordError(f"record seat {i}: give at least a 'name'")
        version = s.get("version")
        seats.append(Seat(s["name"], None if version is None else str(version)))
    result = data.get("result")
    if not isinstance(result, dict):
        raise RecordError("record field 'result' must be the match's result (an object)")
    seed = data.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        raise RecordError("record field 'seed' must be a whole number")
    meta = data.get("meta", {})
    return Record(
        rules=rules,
        dealer=dealer,
        packs=tuple(packs),
        actions=tuple(actions),
        seats=tuple(seats),
        result=result,
        seed=seed,
        meta=meta if isinstance(meta, dict) else {},
    )


def start(record: Record) -> State:
    """The match a record begins, before any action."""
    try:
        game = load_game(record.rules)
    except (RulesError, NotationError) as e:
        raise RecordError(f"record rules {record.rules!r}: {e}") from None
    if record.seats and len(record.seats) != game.seats:
        raise RecordError(
            f"the record names {len(record.seats)} seats; {game.title} has {game.seats}"
        )
    try:
        return game.new_match(
            seed=record.seed if record.seed is not None else 0,
            packs=record.packs,
            dealer=record.dealer,
            shuffle=record.seed is not None,
        )
    except ValueError as e:  # PackError, or a dealer that is no seat
        raise RecordError(f"record: {e}") from None


def _apply(state: State, step: int, seat: int, text: str) -> list[Event]:
    """Apply one recorded action, naming the step if it fails."""
    where = f"record step {step} (seat {seat}, {text!r})"
    try:
        return state.apply(text, seat)
    except NotationError as e:
        raise RecordError(f"{where}: malformed action: {e}") from None
    except IllegalAction as e:
        raise RecordError(f"{where}: illegal action: {e}") from None
    except PackError as e:
        raise RecordError(f"{where}: the record holds no pack for the next deal ({e})") from None


def steps(record: Record) -> Iterator[tuple[State, int, str, list[Event]]]:
    """Replay a record step by step: yields the state after each action (the same object each
    time), with the seat, the action text and its events. Raises :class:`RecordError` naming
    the step that fails."""
    state = start(record)
    for i, (seat, text) in enumerate(record.actions, start=1):
        events = _apply(state, i, seat, text)
        yield state, seat, text, events


def before_each(record: Record) -> Iterator[tuple[State, int, str]]:
    """Replay a record step by step, yielding the state *before* each action (the same
    object each time, about to take the action: clone it to keep it) with the seat and the
    action text; at the end the record is checked as :func:`replay` checks it. Raises
    :class:`RecordError` naming the step that fails."""
    state = start(record)
    for i, (seat, text) in enumerate(record.actions, start=1):
        yield state, seat, text
        _apply(state, i, seat, text)
    check_end(record, state)


def replay(record: Record) -> State:
    """The state a record leads to, checked against the record's packs and result."""
    state = start(record)
    for i, (seat, text) in enumerate(record.actions, start=1):
        _apply(state, i, seat, text)
    check_end(record, state)
    return state


def check_end(record: Record, state: State) -> None:
    """Check the state after a record's last action (from :func:`steps`) against the
    record: every pack it holds dealt, and its result (if it states one) the one the actions
    produce. Raises :class:`RecordError` saying where they part."""
    used = len(state.packs)
    if used != len(record.packs):
        raise RecordError(
            f"the record holds {len(record.packs)} packs but its actions deal {used}: "
            "it was edited or truncated"
        )
    if record.result is not None and state.result().to_dict() != record.result:
        raise RecordError(
            f"the record's result is not what its {len(record.actions)} actions produce (after "
            f"the last, step {len(record.actions)}, in deal {used}): it was edited or truncated; "
            + _first_difference(record.result, state.result().to_dict())
        )


def _first_difference(said: Any, got: Any, where: str = "result") -> str:
    """Where two results part, in words: the first field (in the result's order) that differs."""
    if isinstance(said, dict) and isinstance(got, dict):
        for key in [*got, *(k for k in said if k not in got)]:
            if said.get(key) != got.get(key):
                return _first_difference(said.get(key), got.get(key), f"{where}.{key}")
    if isinstance(said, list) and isinstance(got, list) and len(said) == len(got):
        for i, (a, b) in enumerate(zip(said, got, strict=True)):
            if a != b:
                return _first_difference(a, b, f"{where}[{i}]")
    if isinstance(said, list) and isinstance(got, list) and where.endswith(".deals"):
        return f"the record has {len(said)} finished deals, its actions finish {len(got)}"
    return f"{where} is {json.dumps(said)} in the record, {json.dumps(got)} from the actions"


def loads(text: str) -> Record:
    """Read a record from JSON text."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"the record is not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError(
            "the record is not valid JSON: it nests deeper than a record does "
            "(brackets or braces inside each other by the thousand)"
        ) from None
    return from_dict(data)


def load(source: str | Path | IO[str]) -> Record:
    """Read a record from a file path or an open text file."""
    if isinstance(source, (str, Path)):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as e:
            raise RecordError(f"cannot read the record {str(source)!r}: {e.strerror}") from None
    else:
        text = source.read()
    return loads(text)


def dumps(record: Record) -> str:
    """The record as JSON text: a line per field, per pack and per action, so that diffs and
    reviews stay readable."""
    parts = []
    for key, value in record.to_dict().items():
        if key in ("packs", "actions") and value:
            rows = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
            parts.append(f"  {json.dumps(key)}: [\n{rows}\n  ]")
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


def dump(record: Record, dest: str | Path | IO[str]) -> None:
    """Write a record to a file path or an open text file."""
    text = dumps(record)
    if isinstance(dest, (str, Path)):
        Path(dest).write_text(text, encoding="utf-8")
    else:
        dest.write(text)
