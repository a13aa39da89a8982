"""The table service: every operation of the API, on live tables backed by the store.

One :class:`TableService` per server process. It keeps the tables it has touched in memory
(:class:`~atout.server.table.Table`), and for each unfinished one a driver task
(:mod:`atout.server.driver`) that plays its bots and stand-ins.

Applying an action, whoever chose it:

1. under the table's lock, check the ``seq`` the action was chosen on (catching up from the
   database first if another process may have moved on);
2. let the engine apply it to a copy of the state (its refusal, with its reason, is the 422);
3. append it to the action log; if another writer committed that ``seq`` first, the
   database's unique ``(table, seq)`` refuses it, the table catches up and the answer is 409;
4. only then adopt the new state and send each subscriber its own update.

Tokens are 256 random bits from :mod:`secrets`, invites 128; the database holds only their
SHA-256, so a stolen database admits nobody, and no response ever lists them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from atout import record as records
from atout.cards import parse_cards
from atout.coach import Coach, Decision, Mode
from atout.core.state import State
from atout.duplicate import Challenge
from atout.errors import IllegalAction, NotationError, PackError, RecordError, RulesError
from atout.games import load
from atout.server import driver, heap, players
from atout.server.botpool import BotPool, check_spec
from atout.server.broker import Broker
from atout.server.errors import (
    BadRecord,
    BadTable,
    Busy,
    Forbidden,
    Illegal,
    Malformed,
    NotFound,
    NotOver,
    NotStarted,
    NotYourTurn,
    Stale,
    Unauthorized,
)
from atout.server.limits import Expired, duration
from atout.server.settings import Settings
from atout.server.store import (
    EXPIRED,
    OVER,
    PLAYING,
    WAITING,
    Conflict,
    NewTable,
    Store,
    StoredPlayer,
    StoredSeat,
    StoredTable,
)
from atout.server.table import Subscriber, Table, summary
from atout.server.tutorials import TUTORIALS

__all__ = ["Created", "TableService", "hash_secret"]

log = logging.getLogger("atout.server")

#: How often (seconds) presence is written to a shared database, at most, per seat.
PRESENCE_EVERY = 5.0
#: How long (seconds) a finished table that no socket watches stays in memory after it was
#: last asked for; the database keeps it, and the next request reads it back.
FORGET_AFTER = 600.0
#: How long (seconds) an expired table is kept, answering 410 to an invite link sent before it
#: expired; then it is deleted, seats and all (a week).
KEEP_EXPIRED = 7 * 86400.0
#: How often (seconds) the service looks for such tables, and for waiting tables that expire.
FORGET_EVERY = 60.0
#: The coach's search per decision: worlds, and seconds at most (a bot's decision's time).
COACH_WORLDS = 32
COACH_TIME = 2.0
#: The finished matches a player's statistics and rating are read from: the most recent.
PROGRESS_MATCHES = 1000


@dataclass
class Coaching:
    """An analysis under way in this process: decisions valued so far, of how many, and what
    went wrong if it stopped."""

    done: int = 0
    total: int = 0
    error: str | None = None


def hash_secret(secret: str) -> str:
    """The SHA-256 of a token or invite, as stored. Text that is no UTF-8 (a lone surrogate,
    which JSON's ``\\ud800`` can carry) hashes too, to a digest no stored secret has."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Created:
    """A new table, the creator's seat and token (``None`` if no seat is human), and an invite
    code per other human seat."""

    table: Table
    seat: int | None
    token: str | None
    invites: dict[int, str]


class TableService:
    """The tables of one server process."""

    def __init__(self, settings: Settings, store: Store, broker: Broker, pool: BotPool) -> None:
        self.settings = settings
        self.store = store
        self.broker = broker
        self.pool = pool
        self._tables: dict[str, Table] = {}
        self._loading: dict[str, asyncio.Future[Table | None]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}
        self._heartbeat: asyncio.Task[None] | None = None
        self._forgetter: asyncio.Task[None] | None = None
        self._seen_written: dict[tuple[str, int], float] = {}
        #: When (monotonic seconds) each table in memory was last asked for.
        self._used: dict[str, float] = {}
        #: The analyses under way here, by table id and mode, and their tasks.
        self._coaching: dict[tuple[str, str], Coaching] = {}
        self._coaches: set[asyncio.Task[None]] = set()

    # --- life cycle ----------------------------------------------------------------------

    async def start(self) -> None:
        """Listen for other processes' writes and resume every unfinished table but those
        that waited unjoined past the settings' ``waiting_ttl``: they expire first."""
        await self.broker.start(self._on_notice, self._on_reconnect)
        await self.expire_waiting(time.time())
        for table_id in await self.store.unfinished():
            try:
                await self.table(table_id)
            except Exception:
                log.exception("table %s does not resume", table_id)
        if self.broker.shared:
            self._heartbeat = asyncio.create_task(self._beat())
        self._forgetter = asyncio.create_task(self._forget_loop())

    async def stop(self) -> None:
        """Stop every driver and the broker."""
        tasks = [*self._drivers.values(), *self._coaches]
        for task in (self._heartbeat, self._forgetter):
            if task is not None:
                tasks.append(task)
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.broker.close()

    def _drive(self, table: Table) -> None:
        if not table.over and table.id not in self._drivers:
            task = asyncio.create_task(driver.drive(self, table), name=f"table {table.id}")
            self._drivers[table.id] = task
            task.add_done_callback(lambda _t: self._drivers.pop(table.id, None))

    # --- finding tables ------------------------------------------------------------------

    async def table(self, table_id: str) -> Table:
        """The live table of that id, loaded and replayed on first use. 404 if none; 410 if
        it expired (see :meth:`expire_waiting`)."""
        table = self._tables.get(table_id)
        if table is not None and table.status == EXPIRED:
            # Another process expired it, and this one read the status since.
            self._drop(table_id)
            raise self._expired()
        if table is None:
            loading = self._loading.get(table_id)
            if loading is None:
                loading = self._loading[table_id] = asyncio.ensure_future(self._load(table_id))
                loading.add_done_callback(lambda _t: self._loading.pop(table_id, None))
            table = await asyncio.shield(loading)
        if table is None:
            raise NotFound(f"there is no table {table_id!r}")
        self._used[table_id] = time.monotonic()
        return table

    def forget_idle(self, now: float) -> list[str]:
        """Drop from memory the finished tables that no socket watches and that nobody asked
        for in the :data:`FORGET_AFTER` seconds before ``now`` (monotonic); their ids. A
        finished table never changes, so the copy read back later is the same: without this,
        a long-running server would hold every match it ever served."""
        gone = []
        for table_id, table in list(self._tables.items()):
            if (
                table.over
                and table_id not in self._drivers
                and not table.lock.locked()
                and not any(table.subscribers.values())
                and now - self._used.get(table_id, now) >= FORGET_AFTER
            ):
                del self._tables[table_id]
                self._used.pop(table_id, None)
                gone.append(table_id)
        if gone:
            forgotten = set(gone)
            for key in [k for k in self._seen_written if k[0] in forgotten]:
                del self._seen_written[key]
        return gone

    async def _forget_loop(self) -> None:
        while True:
            await asyncio.sleep(FORGET_EVERY)
            self.forget_idle(time.monotonic())
            # What was freed since, returned to the system (in a thread: the trim walks
            # every arena, and the loop serves tables meanwhile).
            await asyncio.to_thread(heap.trim)
            try:
                await self.expire_waiting(time.time())
            except Exception:
                log.exception("waiting tables not expired")  # the next round tries again

    async def expire_waiting(self, now: float) -> list[str]:
        """Expire the waiting tables nobody joined in the settings' ``waiting_ttl`` seconds
        before ``now`` (epoch seconds; a ttl of 0 keeps them), and drop from memory every
        expired table this process holds, whichever process expired it; their ids. Each
        process runs this every :data:`FORGET_EVERY` seconds, so a table expires within
        that of its time on any number of processes sharing a database."""
        ttl = self.settings.waiting_ttl
        if ttl <= 0:
            return []
        held = [t.id for t in self._tables.values() if t.status in (WAITING, EXPIRED)]
        gone = await self.store.expire(now - ttl, held, purge_before=now - KEEP_EXPIRED)
        for table_id in gone:
            self._drop(table_id)
        return gone

    def _drop(self, table_id: str) -> None:
        """Forget an expired table: stop its driver, close its sockets (they reconnect, and
        learn it expired)."""
        table = self._tables.pop(table_id, None)
        self._used.pop(table_id, None)
        task = self._drivers.pop(table_id, None)
        if task is not None:
            task.cancel()
        if table is not None:
            for subs in table.subscribers.values():
                for sub in subs:
                    if not sub.dropped:
                        sub.dropped = True
                        sub.queue.put_nowait(None)
        for key in [k for k in self._seen_written if k[0] == table_id]:
            del self._seen_written[key]

    def _expired(self) -> Expired:
        """The 410 for an expired table, naming this server's wait (it was expired by a
        server keeping the same settings, in all likelihood)."""
        ttl = self.settings.waiting_ttl
        after = f" after {duration(ttl)}" if ttl > 0 else ""
        return Expired(f"this table expired unjoined{after}: nobody took its free seats")

    async def _load(self, table_id: str) -> Table | None:
        stored = await self.store.load(table_id)
        if stored is None:
            return None
        if stored.status == EXPIRED:
            raise self._expired()
        table = self._tables.get(table_id)
        if table is None:
            table = self._tables[table_id] = Table(stored, time.time())
            # A table stored before the least grace was enforced (or under a lower one) gets
            # it now: its players are not left to a stand-in between two requests.
            table.grace = max(table.grace, self.settings.min_grace)
            self._drive(table)
        return table

    async def listing(self, statuses: Sequence[str], limit: int) -> list[dict[str, Any]]:
        """The public summaries of the newest tables of these statuses; never a waiting table
        past the settings' ``waiting_ttl``, even before it is marked expired."""
        now = time.time()
        ttl = self.settings.waiting_ttl
        out = []
        for stored in await self.store.listing(statuses, limit, now - ttl if ttl > 0 else None):
            if stored.status == OVER:
                out.append(_stored_summary(stored))  # over: its row says all a summary says
                continue
            with contextlib.suppress(Expired):  # expired since the query: not shown
                out.append((await self.table(stored.id)).info(now))
        return out

    # --- creating and joining ------------------------------------------------------------

    async def create(
        self,
        game: str,
        rules: str | None,
        *,
        players: Sequence[str],
        seat: int | None,
        name: str | None,
        grace: float | None,
        standin: str | None,
        packs: Sequence[Sequence[str]] | None = None,
        dealer: int | None = None,
        seed: int | None = None,
        player: str | None = None,
    ) -> Created:
        """A new table. ``players`` has one entry per seat: ``human`` or a bot spec; the
        creator sits in ``seat`` (by default the first human seat). ``packs`` (the first
        deals' packs), ``dealer`` and ``seed`` fix the match's chance, on a server whose
        settings allow ``fixed_deals`` only; a restart forgets given packs not dealt yet.
        A ``grace`` shorter than the settings' ``min_grace`` is refused (422, naming it).
        ``player``: the creator's player id (:meth:`player`), kept with their seat."""
        least = self.settings.min_grace
        if grace is not None and not grace >= least:
            # Worded as the schema words its own bounds: the field, then what it should be.
            raise Malformed(
                f"body.grace: Input should be greater than or equal to {least:g} (seconds a "
                "player may be away before a stand-in plays; this server's least)"
            )
        try:
            loaded = load(rules if rules is not None else game)
        except (RulesError, NotationError) as e:
            raise BadTable(str(e)) from None
        if loaded.name != game:
            raise BadTable(f"the rules {loaded.text!r} are not a rules text of {game!r}")
        if len(players) != loaded.seats:
            raise BadTable(f"{loaded.rules.text} has {loaded.seats} seats, not {len(players)}")
        limit = self.settings.max_bot_time
        try:
            specs = [p.strip() if p.strip() == "human" else check_spec(p, limit) for p in players]
            standin_spec = check_spec(standin or self.settings.standin, limit)
        except (RulesError, NotationError) as e:
            raise BadTable(str(e)) from None
        humans = [i for i, p in enumerate(specs) if p == "human"]
        if seat is None and humans:
            seat = humans[0]
        if seat is not None and seat not in humans:
            raise BadTable(f"seat {seat} is not a human seat: the creator sits at a human seat")
        if (packs, dealer, seed) != (None, None, None) and not self.settings.fixed_deals:
            raise BadTable("this server deals every table itself: packs, dealer and seed are "
                           "taken only by a server started with --fixed-deals")  # fmt: skip
        try:
            # Without them, the seed and the first dealer come from `secrets`.
            state = loaded.new_match(seed, packs, dealer)
        except (PackError, NotationError, ValueError) as e:
            raise BadTable(str(e)) from None
        grace = max(self.settings.grace, least) if grace is None else grace
        return await self._open(
            state, specs, seat, name, grace=grace, standin=standin_spec, player=player
        )

    async def _open(
        self,
        state: State,
        specs: Sequence[str],
        seat: int | None,
        name: str | None,
        *,
        grace: float,
        standin: str,
        player: str | None = None,
    ) -> Created:
        """Store and start a table for the match ``state`` begins, its players already
        checked: one ``human`` or bot spec per seat, the creator (player ``player``, if
        known) at ``seat``."""
        humans = [i for i, p in enumerate(specs) if p == "human"]
        token = secrets.token_urlsafe(32) if seat is not None else None
        invites = {i: secrets.token_urlsafe(16) for i in humans if i != seat}
        # One instant, to the microsecond the database keeps: the table reads back the same.
        created = datetime.now(UTC)
        now = created.timestamp()
        stored_seats = tuple(
            StoredSeat(
                seat=i,
                player=p,
                name=name if i == seat else None,
                token_hash=hash_secret(token) if i == seat and token else None,
                invite_hash=hash_secret(invites[i]) if i in invites else None,
                last_seen=now if i == seat else None,
                player_id=player if i == seat else None,
            )
            for i, p in enumerate(specs)
        )
        new = await self._store_new(
            state,
            status=WAITING if invites else PLAYING,
            grace=grace,
            standin=standin,
            seats=stored_seats,
            created=created,
        )
        table = self._adopt(new, now)
        self._drive(table)
        return Created(table, seat, token, invites)

    async def _store_new(
        self,
        state: State,
        *,
        status: str,
        grace: float,
        standin: str,
        seats: tuple[StoredSeat, ...],
        created: datetime,
        by: str = "",
    ) -> NewTable:
        """Write a new table for ``state`` under a fresh id: the match as it begins, or, for
        a finished match (a record opened), with its actions (each marked ``by``) and result."""
        over = state.to_act is None
        while True:
            new = NewTable(
                id=secrets.token_urlsafe(6),
                game=state.game.name,
                rules=state.game.text,
                dealer=state.first_dealer,
                seed=state.seed,
                status=status,
                grace=grace,
                standin=standin,
                seats=seats,
                packs=tuple(tuple(p) for p in state.packs),
                created_at=created,
                actions=tuple((s, str(a), by) for s, a in state.history),
                result=state.result().to_dict() if over else None,
            )
            if await self.store.create(new):
                return new

    def _adopt(self, new: NewTable, now: float) -> Table:
        """The table just stored, in memory."""
        table = Table(
            StoredTable(
                id=new.id,
                game=new.game,
                rules=new.rules,
                dealer=new.dealer,
                seed=new.seed,
                status=new.status,
                grace=new.grace,
                standin=new.standin,
                result=new.result,
                created_at=now,
                seq=len(new.actions),
                seats=new.seats,
                packs=new.packs,
                actions=new.actions,
            ),
            now,
        )
        self._tables[table.id] = table
        self._used[table.id] = time.monotonic()
        return table

    async def tutorial(self, game: str, name: str | None) -> Created:
        """The guided first match of ``game`` (:data:`~atout.server.tutorials.TUTORIALS`):
        its fixed first deal against the ``easy`` bot, the caller at seat 0. The server
        chooses the pack, so it needs no ``--fixed-deals``. 404 for a game without one."""
        tutorial = TUTORIALS.get(game)
        if tutorial is None:
            raise NotFound(f"there is no tutorial for {game!r}; there are: {', '.join(TUTORIALS)}")
        # The later deals' seed comes from `secrets`, as any table's.
        state = load(tutorial.rules).new_match(None, [parse_cards(tutorial.pack)], tutorial.dealer)
        grace = max(self.settings.grace, self.settings.min_grace)
        standin = check_spec(self.settings.standin, self.settings.max_bot_time)
        return await self._open(state, tutorial.seats, 0, name, grace=grace, standin=standin)

    async def again(
        self, table: Table, deal: int, seat: int, name: str | None, player: str | None = None
    ) -> Created:
        """A new match that starts from the packs of a finished table's deal ``deal`` (and
        deals the packs after it in turn, then shuffles), with that deal's dealer, the same
        rules and the same players, the caller at ``seat``. If ``seat`` was a bot's, that
        bot takes the first seat a person had (the caller's other seat, at a table of one
        person against bots). The packs come from the server's own record, not the caller,
        so this is open on any server: every card of a finished match is public (its review
        shows them). Up and Down the River starts again from its first round only: a round's
        number of cards is the schedule's."""
        if not table.over:
            raise NotOver("a deal is played again once the match is over")
        game = table.game
        done = table.state.deals_done
        if not 1 <= deal <= done:
            raise BadTable(f"the match played deals 1 to {done}, not deal {deal}")
        if game.name == "river" and deal != 1:
            raise BadTable(
                "Up and Down the River is played again from its first round (deal 1): each "
                "round's number of cards comes from the schedule"
            )
        if not 0 <= seat < game.seats:
            raise BadTable(f"{game.title} has seats 0 to {game.seats - 1}, not {seat}")
        specs = [s.player for s in table.seats]
        if specs[seat] != "human":
            person = next((i for i, p in enumerate(specs) if p == "human"), None)
            if person is not None:
                specs[person] = specs[seat]
            specs[seat] = "human"
        # Every game's deal result names its dealer.
        dealer = int(table.state.result().to_dict()["deals"][deal - 1]["dealer"])
        # The seed (for the deals past the packs given) comes from `secrets`.
        state = game.new_match(None, table.state.packs[deal - 1 :], dealer)
        return await self._open(
            state, specs, seat, name, grace=table.grace, standin=table.standin, player=player
        )

    async def open_record(self, data: Any) -> Table:
        """A finished table made from a record (its JSON data), to review and analyse: the
        record is replayed and checked first, and a bad one is refused (422 ``bad_record``)
        naming the field or the step at fault. A seat the record names as a person, or as a
        bot this server does not have, is a person's seat of that name; the others keep
        their bot. Nobody was given its seats' tokens: nobody sits down at it."""
        try:
            rec = records.from_dict(data)
            state = records.replay(rec)
        except RecordError as e:
            raise BadRecord(str(e)) from None
        if state.to_act is not None:
            raise BadRecord(
                f"the record's match is not over (after its {len(rec.actions)} actions, seat "
                f"{state.acting_seats[0]} is to act): a finished match is reviewed"
            )
        seats = []
        for i in range(state.game.seats):
            named = rec.seats[i] if rec.seats else records.Seat(f"seat {i}")
            player = "human"
            if named.version is not None:
                with contextlib.suppress(RulesError, NotationError):
                    player = check_spec(named.name, self.settings.max_bot_time)
            person = player == "human"
            if person and (len(named.name) > 40 or not named.name.isprintable()):
                # isprintable() is False for every category UNPRINTABLE holds, and spaces
                # other than " ": a name a page or a terminal would act on, not show.
                raise BadRecord(f"seats[{i}].name is longer than 40 characters or holds "
                                "characters that are not printable")  # fmt: skip
            # A person's seat is taken, by a token nobody was given: nobody sits down there.
            taken = hash_secret(secrets.token_urlsafe(32)) if person else None
            seats.append(StoredSeat(i, player, named.name if person else None, taken, None, None))
        created = datetime.now(UTC)
        new = await self._store_new(
            state,
            status=OVER,
            grace=self.settings.grace,
            standin=self.settings.standin,
            seats=tuple(seats),
            created=created,
            by="record",
        )
        return self._adopt(new, created.timestamp())

    async def join(
        self, table_id: str, invite: str, name: str | None, player: str | None = None
    ) -> tuple[Table, int, str]:
        """Take the free seat an invite opens (for player ``player``, if known): the table,
        the seat and its new token."""
        table = await self.table(table_id)
        token = secrets.token_urlsafe(32)
        taken = await self.store.join(
            table_id, hash_secret(invite), hash_secret(token), name, player
        )
        if taken is None:
            raise Forbidden("this invite opens no free seat of the table (used, or not its own)")
        seat, _status = taken
        await self._refresh_seats(table)
        return table, seat, token

    async def _refresh_seats(self, table: Table) -> None:
        """Read the seats and status again (another process, or this one, took a seat)."""
        seats, status = await self.store.seats(table.id)
        changed = False
        for stored, live in zip(seats, table.seats, strict=True):
            if stored.token_hash != live.token_hash or stored.name != live.name:
                live.token_hash, live.invite_hash, live.name = (
                    stored.token_hash,
                    stored.invite_hash,
                    stored.name,
                )
                changed = True
            if stored.last_seen is not None and stored.last_seen > live.last_seen:
                live.last_seen = stored.last_seen
        if status != table.status and not table.over:
            table.status = status
            changed = True
        if changed:
            table.bump()
            table.announce(time.time())

    # --- who is asking -------------------------------------------------------------------

    async def authenticate(self, table: Table, token: str | None, *, required: bool) -> int | None:
        """The seat a token is for, or ``None`` (a spectator) if there is no token and none is
        ``required``. 401 without a token where one is needed; 403 for a token that is not
        one of this table's (after reading the seats again: it may be minutes old)."""
        if not token:
            if required:
                raise Unauthorized("this needs your seat's token: Authorization: Bearer TOKEN")
            return None
        digest = hash_secret(token)
        for attempt in range(2):
            for s in table.seats:
                if s.token_hash is not None and hmac.compare_digest(s.token_hash, digest):
                    await self.seen(table, s.seat)
                    return s.seat
            if attempt == 0:
                await self._refresh_seats(table)
        raise Forbidden("this token is not one of this table's seats")

    async def seen(self, table: Table, seat: int) -> None:
        """A seat's player has shown up: note it (and, on a shared database, store it now
        and then), and wake the table if a stand-in was playing for them."""
        now = time.time()
        s = table.seats[seat]
        was_away = table.is_away(seat, now)
        s.last_seen = now
        if was_away:
            table.bump()
            table.announce(now)
        if self.broker.shared:
            key = (table.id, seat)
            if now - self._seen_written.get(key, 0.0) >= PRESENCE_EVERY:
                self._seen_written[key] = now
                await self.store.touch(table.id, [seat], now)

    def subscribe(self, table: Table, viewer: int | None) -> Subscriber:
        """A websocket's subscription; a seat's open socket keeps its player present."""
        sub = table.subscribe(viewer)
        if viewer is not None:
            seat = table.seats[viewer]
            seat.sockets += 1
            seat.last_seen = time.time()
            table.bump()
            table.announce(seat.last_seen)
        return sub

    async def unsubscribe(self, table: Table, sub: Subscriber) -> None:
        """The socket is gone; the seat's grace period starts when its last socket goes."""
        table.unsubscribe(sub)
        if sub.viewer is not None:
            seat = table.seats[sub.viewer]
            seat.sockets -= 1
            seat.last_seen = time.time()
            table.bump()
            table.announce(seat.last_seen)
            if self.broker.shared:
                await self.store.touch(table.id, [sub.viewer], seat.last_seen)

    async def refresh_presence(self, table: Table) -> None:
        """Read every seat's last presence from the shared database (sockets held by other
        processes refresh it there)."""
        if self.broker.shared:
            await self._refresh_seats(table)

    async def _beat(self) -> None:
        """Keep the seats with sockets on this process present in the shared database."""
        while True:
            await asyncio.sleep(PRESENCE_EVERY)
            now = time.time()
            for table in list(self._tables.values()):
                seats = [s.seat for s in table.seats if s.sockets > 0]
                if seats and not table.over:
                    try:
                        await self.store.touch(table.id, seats, now)
                    except Exception:
                        log.exception("presence of table %s not stored", table.id)

    # --- playing -------------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, seq: int, by: str = "seat") -> str:
        """Apply ``seat``'s action ``text``, chosen on the state after ``seq`` actions, and
        return the seat's ``update`` message. 409 if ``seq`` is stale or the table waits for
        players; 422 if the action is malformed or illegal."""
        async with table.lock:
            if seq > table.seq and self.broker.shared:
                await self._catch_up(table)
            if table.status == WAITING:
                raise NotStarted("the table waits for players to take its free seats")
            if seq != table.seq:
                raise Stale(
                    f"the table has moved on: {table.seq} actions are applied, not {seq}",
                    seq=table.seq,
                )
            try:
                state, canonical, events = table.try_apply(seat, text)
            except NotationError as e:
                raise Malformed(str(e)) from None
            except IllegalAction as e:
                raise Illegal(str(e)) from None
            result = state.result().to_dict() if state.to_act is None else None
            try:
                await self.store.append(
                    table.id,
                    seq + 1,
                    seat=seat,
                    action=canonical,
                    by=by,
                    packs=table.new_packs(state),
                    result=result,
                )
            except Conflict:
                await self._catch_up(table)
                raise Stale(
                    f"another action was applied first: {table.seq} actions are applied",
                    seq=table.seq,
                ) from None
            table.commit(state, events, by)
            table.broadcast(events)
            message = table.update(seat, events)
        if table.over:
            await self.broker.release(table.id)
        return message

    async def hint(self, table: Table, seat: int, seq: int) -> dict[str, Any]:
        """A hint for ``seat`` on the state after ``seq`` actions: the action the coach's
        search values highest and why (:meth:`atout.advice.Advice.to_dict`), from that seat's
        view and legal actions only, like any bot. 409 if ``seq`` is stale or the seat has
        nothing to decide; 503 if the pool could not answer in time."""
        if seq != table.seq:
            raise Stale(f"the table has moved on: {table.seq} actions are applied", seq=table.seq)
        if table.status != PLAYING or seat not in table.acting():
            raise NotYourTurn("a hint is for the seat whose decision it is")
        view = table.state.view(seat)
        legal = table.state.legal_actions(seat)
        try:
            # A person asked: the hint waits in the table's queue, among the people's tables.
            return await self.pool.advise(view, legal, secrets.randbits(63), table=table.id)
        except (TimeoutError, BrokenProcessPool) as e:
            raise Busy(f"no hint could be found in time ({e}); ask again") from e

    # --- the coach ------------------------------------------------------------------------

    async def analysis(self, table: Table, mode: str) -> dict[str, Any]:
        """Where the coach's analysis of a finished table stands in ``mode``: ``none`` (not
        asked for), ``running`` (``done`` of ``total`` decisions valued), ``done`` (with the
        ``analysis``), or ``failed`` (with the ``error``). 409 while the match is played:
        the coach reads the seats' decisions, which reveal what they held."""
        if not table.over:
            raise NotOver("the coach analyses a match once it is over")
        kept = await self.store.analysis(table.id, mode)
        if kept is not None:
            n = len(kept.get("decisions", ()))
            return {"mode": mode, "status": "done", "done": n, "total": n, "analysis": kept,
                    "error": None}  # fmt: skip
        job = self._coaching.get((table.id, mode))
        out: dict[str, Any] = {"mode": mode, "status": "none", "done": 0, "total": 0,
                               "analysis": None, "error": None}  # fmt: skip
        if job is not None:
            status = "failed" if job.error is not None else "running"
            out |= {"status": status, "done": job.done, "total": job.total, "error": job.error}
        return out

    async def analyse(
        self, table: Table, mode: str, count: Callable[[], None] = lambda: None
    ) -> dict[str, Any]:
        """Start the coach on a finished table in ``mode`` unless it is running or done (a
        failed one starts again); where it stands (:meth:`analysis`). Each decision is a job
        of the bot pool, queued as a bots-only table's decision is: the analysis never holds
        up a table where a person plays. ``count`` is called just before a new analysis
        starts (the caller's quota), and may refuse it by raising."""
        now = await self.analysis(table, mode)
        if now["status"] in ("running", "done"):
            return now
        count()
        job = self._coaching[(table.id, mode)] = Coaching()
        task = asyncio.create_task(self._coach(table, mode, job), name=f"coach {table.id}")
        self._coaches.add(task)
        task.add_done_callback(self._coaches.discard)
        return await self.analysis(table, mode)

    async def _coach(self, table: Table, mode: str, job: Coaching) -> None:
        key = (table.id, mode)
        try:
            rec = records.from_state(table.state, table.record_seats())
            how: Mode = "open" if mode == "open" else "view"
            coach = Coach(rec, mode=how, worlds=COACH_WORLDS, time=COACH_TIME, seed=table.seed)
            seats, steps = coach.plan()
            job.total = len(steps)
            text = json.dumps(rec.to_dict())
            decisions = []
            for step in steps:
                data = await self.pool.coach(
                    text,
                    step,
                    mode=how,
                    seed=table.seed,
                    worlds=COACH_WORLDS,
                    seconds=COACH_TIME,
                    table=table.id,
                )
                decisions.append(Decision.from_dict(data))
                job.done += 1
            await self.store.save_analysis(
                table.id, mode, coach.analysis(seats, decisions).to_dict()
            )
            self._coaching.pop(key, None)
        except asyncio.CancelledError:
            self._coaching.pop(key, None)
            raise
        except Exception as e:
            log.exception("table %s: the coach stopped", table.id)
            job.error = f"the analysis stopped: {e}"

    async def duplicate(self, table: Table, deal: int, seat: int) -> dict[str, Any]:
        """Where the duplicate challenge of ``seat`` in ``deal`` of a finished table stands:
        ``none`` (not asked for), ``running`` (``done`` decisions made), ``done`` (with the
        ``duplicate``: :meth:`atout.duplicate.Duplicate.to_dict`) or ``failed`` (with the
        ``error``). 409 while the match is played."""
        if not table.over:
            raise NotOver("the duplicate challenge plays a deal again once the match is over")
        key = f"duplicate:{deal}:{seat}"
        out: dict[str, Any] = {"deal": deal, "seat": seat, "status": "none", "done": 0,
                               "duplicate": None, "error": None}  # fmt: skip
        kept = await self.store.analysis(table.id, key)
        if kept is not None:
            done = len(kept["expert"]["actions"])
            return out | {"status": "done", "done": done, "duplicate": kept}
        job = self._coaching.get((table.id, key))
        if job is not None:
            status = "failed" if job.error is not None else "running"
            out |= {"status": status, "done": job.done, "error": job.error}
        return out

    async def challenge(
        self, table: Table, deal: int, seat: int, count: Callable[[], None] = lambda: None
    ) -> dict[str, Any]:
        """Start the duplicate challenge (:mod:`atout.duplicate`) of ``seat`` in ``deal`` of
        a finished table, unless it is running or done: the deal played again from the same
        cards with the expert in that seat and every other seat's bot (another person's
        seat: the table's stand-in). Each decision is a bots-only decision of the pool. 422
        for a deal the match did not finish or a seat with no decision in it. ``count`` is
        called just before a new challenge starts, as for :meth:`analyse`."""
        now = await self.duplicate(table, deal, seat)
        if now["status"] in ("running", "done"):
            return now
        rec = records.from_state(table.state, table.record_seats())
        others = [table.standin if s.is_human else s.player for s in table.seats]
        try:
            run = Challenge(rec, deal, seat, others, seed=table.seed)
        except ValueError as e:
            raise BadTable(str(e)) from None
        count()
        key = f"duplicate:{deal}:{seat}"
        job = self._coaching[(table.id, key)] = Coaching()
        task = asyncio.create_task(self._challenge(table, key, run, job), name=f"{key} {table.id}")
        self._coaches.add(task)
        task.add_done_callback(self._coaches.discard)
        return await self.duplicate(table, deal, seat)

    async def _challenge(self, table: Table, key: str, run: Challenge, job: Coaching) -> None:
        try:
            while (ask := run.next()) is not None:
                text, problem = await self.pool.choose(
                    ask.spec, ask.view, ask.legal, ask.seed, table=f"{table.id} {key}", human=False
                )
                if problem is not None:
                    # A random stand-in move would be no expert's play: say so instead.
                    raise RuntimeError(problem)
                run.take(ask.seat, text)
                job.done += 1
            await self.store.save_analysis(table.id, key, run.result().to_dict())
            self._coaching.pop((table.id, key), None)
        except asyncio.CancelledError:
            self._coaching.pop((table.id, key), None)
            raise
        except Exception as e:
            log.exception("table %s: the %s challenge stopped", table.id, key)
            job.error = f"the challenge stopped: {e}"

    # --- players --------------------------------------------------------------------------

    async def register(self, name: str | None) -> tuple[StoredPlayer, str]:
        """A new player and their key (256 random bits), which only its SHA-256 keeps: shown
        to them this once, to keep in the browser and copy to another device."""
        key = secrets.token_urlsafe(32)
        while True:
            player = StoredPlayer(secrets.token_urlsafe(9), name, time.time())
            if await self.store.add_player(player, hash_secret(key)):
                return player, key

    async def player(self, key: str | None) -> StoredPlayer | None:
        """The player a key names: ``None`` without a key; 403 for a key nobody has."""
        if key is None:
            return None
        found = await self.store.player(hash_secret(key))
        if found is None:
            raise Forbidden("no player has this key")
        return found

    async def rename(self, player: StoredPlayer, name: str | None) -> StoredPlayer:
        """The name the player goes by, changed."""
        await self.store.rename_player(player.id, name)
        return StoredPlayer(player.id, name, player.created_at)

    async def history(self, player: StoredPlayer, limit: int) -> list[dict[str, Any]]:
        """The player's finished matches, newest first (:func:`players.history`). A match
        being played is not in it: its seats' cards are still hidden."""
        return players.history(await self.store.played(player.id, limit))

    async def progress(self, player: StoredPlayer) -> dict[str, Any]:
        """The player's statistics per game and level, and their rating per game with its
        course and the next level to try (:mod:`atout.server.players`), over their last
        :data:`PROGRESS_MATCHES` finished matches."""
        played = await self.store.played(player.id, PROGRESS_MATCHES, actions=True)
        rated = players.ratings(played)
        for game in players.ANCHORS:
            rated.setdefault(game, players.unrated(game))
        return {"statistics": players.statistics(played), "ratings": rated}

    async def _catch_up(self, table: Table) -> None:
        """Apply the actions other processes stored since this table's ``seq`` (call with the
        table's lock held)."""
        for seq, seat, text, by in await self.store.tail(table.id, table.seq):
            if seq != table.seq + 1:
                break
            state, _canonical, events = table.try_apply(seat, text)
            table.commit(state, events, by)
            table.broadcast(events)
        if table.status == WAITING:
            await self._refresh_seats(table)

    async def _on_notice(self, table_id: str, seq: int, kind: str) -> None:
        """Another process (or this one: its own notices come back) wrote to a table."""
        table = self._tables.get(table_id)
        if table is None:
            return  # not loaded here: whoever asks for it loads it fresh
        try:
            if kind == "a" and seq > table.seq:
                async with table.lock:
                    await self._catch_up(table)
            elif kind == "s":
                await self._refresh_seats(table)
        except Exception:
            log.exception("table %s does not catch up", table_id)

    async def _on_reconnect(self) -> None:
        """The LISTEN connection was lost for a while: catch every table up."""
        for table in list(self._tables.values()):
            try:
                async with table.lock:
                    await self._catch_up(table)
                await self._refresh_seats(table)
            except Exception:
                log.exception("table %s does not catch up", table.id)


def _stored_summary(stored: StoredTable) -> dict[str, Any]:
    """The public summary of a table not loaded in this process, from its row alone."""
    return summary(
        table_id=stored.id,
        game=stored.game,
        rules=stored.rules,
        status=stored.status,
        seq=stored.seq,
        to_act=(),
        grace=stored.grace,
        standin=stored.standin,
        created_at=stored.created_at,
        result=stored.result,
        seats=[
            {
                "seat": s.seat,
                "player": s.player,
                "name": s.name,
                "taken": not s.is_human or s.token_hash is not None,
                "present": not s.is_human,
                "standin": False,
            }
            for s in stored.seats
        ],
    )
