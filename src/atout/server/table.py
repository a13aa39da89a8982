"""A live table: the match state rebuilt from its record, its seats, and who is listening.

A :class:`Table` is what one server process holds in memory for a stored table. It never
decides anything about the game: it asks the state who acts, what is legal, what each seat may
see, and relays the answers. It changes only through :meth:`Table.commit`, after the action is
safely stored, so memory never runs ahead of the database.

Messages (the JSON the API and the websockets send) are built here, one per viewer per step,
and shared by every socket of that viewer and by the HTTP response to the actor:

- ``snapshot``: ``{"type": "snapshot", "seq", "seat", "view", "legal", "to_act", "status"}``,
  the full current view; the first message on every (re)connect, and ``GET .../view``.
- ``update``: the same plus ``events``, the step's events as that viewer may see them; one
  per action, numbered by ``seq`` (the number of actions applied once it happened).
- ``table``: ``{"type": "table", "table": info}`` when a seat is taken or a player comes or
  goes (a player's going counts once their grace period is over: the first action after it,
  usually their stand-in's, sends it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from atout import bots
from atout import record as records
from atout.cards import CardSet
from atout.core.events import DealStarted, Event
from atout.core.game import Game
from atout.core.state import State
from atout.errors import IllegalAction, NotationError, PackError, RecordError
from atout.games import load
from atout.server.sight import Sight, seat_record
from atout.server.store import OVER, PLAYING, StoredTable

__all__ = ["Seat", "Subscriber", "Table", "summary"]

#: How many messages may wait for a slow socket before it is dropped (it reconnects and gets a
#: fresh snapshot).
QUEUE_LIMIT = 256


@dataclass
class Seat:
    """A seat at a live table. ``sockets`` counts this process's open websockets of the seat;
    ``last_seen`` (epoch seconds) is when its player last showed up."""

    seat: int
    player: str
    name: str | None
    token_hash: str | None
    invite_hash: str | None
    last_seen: float
    sockets: int = 0

    @property
    def is_human(self) -> bool:
        """Whether a person plays the seat."""
        return self.player == "human"

    @property
    def taken(self) -> bool:
        """Whether the seat has its player: a bot, or a human who holds the token."""
        return not self.is_human or self.token_hash is not None


class Subscriber:
    """One websocket's queue of message texts, in ``seq`` order."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(QUEUE_LIMIT)
        self.dropped = False

    def push(self, message: str) -> None:
        """Queue a message; a socket too slow to keep up is dropped (``None`` ends it)."""
        if self.dropped:
            return
        if self.queue.qsize() >= QUEUE_LIMIT - 1:
            self.dropped = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(message)


class Table:
    """A stored table replayed into memory. ``seq`` counts the actions applied."""

    def __init__(self, stored: StoredTable, now: float) -> None:
        self.id = stored.id
        self.game: Game[State] = load(stored.rules)
        self.seed = stored.seed
        self.status = stored.status
        self.grace = stored.grace
        self.standin = stored.standin
        self.created_at = stored.created_at
        # Everyone gets a full grace period after a restart before a stand-in plays for them.
        self.seats = [
            Seat(s.seat, s.player, s.name, s.token_hash, s.invite_hash, max(s.last_seen or 0, now))
            for s in stored.seats
        ]
        self.state = self._replay(stored)
        self._sight: Sight | None = None
        self.seq = stored.seq
        self.by = [by for _seat, _text, by in stored.actions]
        self.lock = asyncio.Lock()
        self.subscribers: dict[int | None, set[Subscriber]] = {}
        self._messages: dict[int | None, str] = {}
        self.version = 0
        self._changed = asyncio.Event()
        self._review: tuple[list[_Step], list[int]] | None = None
        self._steps: list[list[Event]] | None = None
        self._told_away: frozenset[int] = frozenset()

    def _replay(self, stored: StoredTable) -> State:
        rec = records.Record(
            rules=stored.rules,
            dealer=stored.dealer,
            packs=stored.packs,
            actions=tuple((seat, text) for seat, text, _by in stored.actions),
            seed=stored.seed,
        )
        state = records.start(rec)
        for step, (seat, text) in enumerate(rec.actions, start=1):
            try:
                state.apply(text, seat)
            except (IllegalAction, NotationError, PackError) as e:
                raise RecordError(f"table {stored.id} step {step}: {e}") from None
        if len(state.packs) != len(stored.packs):
            raise RecordError(f"table {stored.id}: its actions deal {len(state.packs)} packs")
        return state

    @property
    def sight(self) -> Sight:
        """What each viewer saw dealt, for the records read during play: worked out on first
        use by replaying the match, then kept up step by step. Most tables are never asked,
        and working it out at every step was a sixth of the cost of a move."""
        if self._sight is None:
            rec = records.from_state(self.state, seed=True)
            sight = Sight(records.start(rec))
            for state, _seat, _text, events in records.steps(rec):
                sight.see(events, state)
            self._sight = sight
        return self._sight

    # --- what the state says -------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the match is over."""
        return self.state.to_act is None

    def acting(self) -> tuple[int, ...]:
        """The seats whose decision it is, lowest first."""
        to_act = self.state.to_act
        if to_act is None:
            return ()
        return (to_act,) if isinstance(to_act, int) else tuple(sorted(to_act))

    def legal(self, viewer: int | None) -> list[str]:
        """The texts of the actions ``viewer`` may take now (none for a spectator or a seat
        not to act)."""
        if viewer is None or viewer not in self.acting():
            return []
        return [str(a) for a in self.state.legal_actions(viewer)]

    def try_apply(self, seat: int, text: str) -> tuple[State, str, list[Event]]:
        """The state after ``seat`` takes the action ``text``, the action's canonical text and
        its events, leaving this table as it is. The engine's
        :class:`~atout.errors.NotationError` or :class:`~atout.errors.IllegalAction` says why
        not."""
        action = self.game.parse_action(text)
        state = self.state.clone()
        events = state.apply(action, seat)
        return state, str(action), events

    def commit(self, state: State, events: Sequence[Event], by: str) -> None:
        """Adopt the state an action (stored as the ``seq + 1``-th) led to. A player whose
        grace period ran out since the table last said who is away is announced now, before
        the step's update: nothing else tells the others that a stand-in plays for them."""
        self.state = state
        self.seq += 1
        self.by.append(by)
        if self._sight is not None:
            self._sight.see(events, state)
        if self._steps is not None:
            self._steps.append(list(events))
        if state.to_act is None:
            self.status = OVER
        self._messages = {}
        self.bump()
        now = time.time()
        if self._away(now) != self._told_away:
            self.announce(now)

    def new_packs(self, state: State) -> list[tuple[int, tuple[int, ...]]]:
        """The deals ``state`` has begun that this table's state has not, with their packs."""
        packs = state.packs
        return [(i, tuple(packs[i])) for i in range(len(self.state.packs), len(packs))]

    # --- presence ------------------------------------------------------------------------

    def is_away(self, seat: int, now: float) -> bool:
        """Whether a human seat's player has been gone longer than the grace period."""
        s = self.seats[seat]
        return s.is_human and s.sockets == 0 and now - s.last_seen >= self.grace

    def paused(self, now: float) -> bool:
        """Whether the match waits for its people: it has human seats and every one of their
        players is away (see :mod:`atout.server.driver`)."""
        humans = [s for s in self.seats if s.is_human]
        return bool(humans) and all(self.is_away(s.seat, now) for s in humans)

    def _away(self, now: float) -> frozenset[int]:
        """The human seats whose players are away now."""
        return frozenset(s.seat for s in self.seats if self.is_away(s.seat, now))

    def is_free(self) -> bool:
        """Whether a human seat still waits for its player."""
        return any(not s.taken for s in self.seats)

    @property
    def has_people(self) -> bool:
        """Whether any seat is a human seat (else only bots play here)."""
        return any(s.is_human for s in self.seats)

    def attended(self, now: float) -> bool:
        """Whether a person plays here now: a human seat's player is present (an open socket
        on this process, or seen within the grace period). The bot pool serves such tables'
        decisions first. A table whose people are all away, its stand-ins playing, is not:
        otherwise a human seat taken once and left would be enough to put a table of slow
        bots ahead of every bots-only table, among the tables people wait at."""
        return any(s.is_human and s.taken and not self.is_away(s.seat, now) for s in self.seats)

    # --- change notification -------------------------------------------------------------

    def bump(self) -> None:
        """Wake whoever waits for this table to change."""
        self.version += 1
        self._changed.set()
        self._changed = asyncio.Event()

    async def wait(self, version: int, timeout: float | None) -> None:
        """Wait until the table changes after ``version``, or ``timeout`` seconds pass."""
        if self.version != version:
            return
        changed = self._changed
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(changed.wait(), timeout)

    # --- messages ------------------------------------------------------------------------

    def _body(self, kind: str, viewer: int | None) -> dict[str, Any]:
        return {
            "type": kind,
            "seq": self.seq,
            "seat": viewer,
            "status": self.status,
            "to_act": list(self.acting()),
            "legal": self.legal(viewer),
            "view": self.state.view(viewer).to_dict(),
        }

    def snapshot(self, viewer: int | None) -> str:
        """The ``snapshot`` message for ``viewer`` (JSON text)."""
        return json.dumps(self._body("snapshot", viewer))

    def update(self, viewer: int | None, events: Sequence[Event] = ()) -> str:
        """The ``update`` message of the latest step for ``viewer`` (JSON text), built once per
        viewer and step: call it with the step's events first."""
        message = self._messages.get(viewer)
        if message is None:
            body = self._body("update", viewer)
            body["events"] = [e.seen_by(viewer).to_dict() for e in events]
            message = self._messages[viewer] = json.dumps(body)
        return message

    def broadcast(self, events: Sequence[Event]) -> None:
        """Send the latest step to every subscriber, each viewer its own message."""
        for viewer, subs in self.subscribers.items():
            if subs:
                message = self.update(viewer, events)
                for sub in subs:
                    sub.push(message)

    def announce(self, now: float) -> None:
        """Send the table's public summary to every subscriber."""
        message = json.dumps({"type": "table", "table": self.info(now)})
        self._told_away = self._away(now)
        for subs in self.subscribers.values():
            for sub in subs:
                sub.push(message)

    def subscribe(self, viewer: int | None) -> Subscriber:
        """A new subscriber for ``viewer``, its snapshot already queued: no step can fall
        between the snapshot and the first update."""
        sub = Subscriber(viewer)
        sub.push(self.snapshot(viewer))
        self.subscribers.setdefault(viewer, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        """Forget a subscriber."""
        self.subscribers.get(sub.viewer, set()).discard(sub)

    # --- what the API shows --------------------------------------------------------------

    def info(self, now: float) -> dict[str, Any]:
        """The public summary: never a token, an invite or the seed. A seat's ``standin``
        says a stand-in plays for its absent player; ``paused``, that every person is away
        and the match waits for one."""
        paused = self.status == PLAYING and self.paused(now)
        return summary(
            table_id=self.id,
            game=self.game.name,
            rules=self.game.text,
            status=self.status,
            seq=self.seq,
            to_act=self.acting(),
            grace=self.grace,
            standin=self.standin,
            created_at=self.created_at,
            result=self.state.result().to_dict() if self.over else None,
            seats=[
                {
                    "seat": s.seat,
                    "player": s.player,
                    "name": s.name,
                    "taken": s.taken,
                    "present": (not s.is_human) or (s.taken and not self.is_away(s.seat, now)),
                    "standin": s.taken and self.is_away(s.seat, now) and not paused,
                }
                for s in self.seats
            ],
            paused=paused,
        )

    def events(self, viewer: int | None) -> list[list[dict[str, Any]]]:
        """The events of every step so far as ``viewer`` was sent them (``seen_by``): the
        match's opening first, then one list per action, so that a page opened late (a reload,
        another device, a spectator) can tell what happened as if it had watched. Worked out
        on first use by replaying the match, then kept up step by step, as :attr:`sight` is."""
        if self._steps is None:
            rec = records.from_state(self.state, seed=True)
            steps = [records.start(rec).opening_events()]
            steps += [events for _state, _seat, _text, events in records.steps(rec)]
            self._steps = steps
        return [[e.seen_by(viewer).to_dict() for e in step] for step in self._steps]

    def record_seats(self) -> tuple[records.Seat, ...]:
        """Who sits where, as records name them: a person by name, a bot by spec and version."""
        return tuple(_record_seat(s) for s in self.seats)

    def review(self, step: int) -> dict[str, Any]:
        """Step ``step`` of the finished match (0: before the first action), as
        :class:`~atout.server.schemas.ReviewOut` describes it, replayed from the record. The
        replay is kept, so walking through a match replays it once. Only once the match is
        over (every card is then public): the caller checks :attr:`over`."""
        if self._review is None:
            self._review = _replay_steps(records.from_state(self.state, self.record_seats()))
        states, starts = self._review
        step = max(0, min(step, len(states) - 1))
        state, seat, text, events = states[step]
        zones = state.zones()
        hands = [zones.get(f"hand{s}", 0) for s in range(self.game.seats)]
        return {
            "step": step,
            "steps": len(states) - 1,
            "seat": seat,
            "action": text,
            "events": [e.to_dict() for e in events],
            "view": state.view(None).to_dict(),
            "hands": [CardSet(h).texts() for h in hands],
            "deals": starts,
        }

    def record(self, viewer: int | None) -> dict[str, Any]:
        """The whole record once the match is over; before, the record as ``viewer`` may
        read it (unseen cards ``??``)."""
        if not self.over:
            data = seat_record(self.state, self.record_seats(), self.sight, viewer)
            data["meta"]["table"] = self.id
            return data
        rec = records.from_state(self.state, self.record_seats(), table=self.id, by=self.by)
        return rec.to_dict()


def summary(
    *,
    table_id: str,
    game: str,
    rules: str,
    status: str,
    seq: int,
    to_act: Iterable[int],
    grace: float,
    standin: str,
    created_at: float,
    result: dict[str, Any] | None,
    seats: list[dict[str, Any]],
    paused: bool = False,
) -> dict[str, Any]:
    """A table's public summary, as ``GET /api/tables`` and ``GET /api/tables/{id}`` show it."""
    return {
        "id": table_id,
        "game": game,
        "rules": rules,
        "status": status,
        "seq": seq,
        "to_act": list(to_act),
        "free_seats": [s["seat"] for s in seats if not s["taken"]],
        "seats": seats,
        "grace": grace,
        "standin": standin,
        "created_at": created_at,
        "result": result,
        "paused": paused,
    }


#: A replayed step: the state after it, the seat and action text (``None`` at the start), and
#: the events it made happen.
_Step = tuple[State, int | None, str | None, list[Event]]


def _replay_steps(rec: records.Record) -> tuple[list[_Step], list[int]]:
    """Every step of a record (a copy of the state after each), and the steps at which a deal
    begins."""
    state = records.start(rec)
    steps: list[_Step] = [(state.clone(), None, None, state.opening_events())]
    starts = [0]
    for i, (seat, text) in enumerate(rec.actions, start=1):
        events = state.apply(text, seat)
        if any(isinstance(e, DealStarted) for e in events):
            starts.append(i)
        steps.append((state.clone(), seat, text, events))
    return steps, starts


def _record_seat(seat: Seat) -> records.Seat:
    if seat.is_human:
        return records.Seat(seat.name or f"seat {seat.seat}")
    return records.Seat(seat.player, bots.make(seat.player).version)
