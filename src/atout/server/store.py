"""Persistence: reading and writing tables through SQLAlchemy.

:class:`Store` turns the rows of :mod:`atout.server.models` into plain frozen values
(:class:`StoredTable`, :class:`StoredSeat`) and back. Every method is a coroutine. On PostgreSQL
it runs its transaction on the store's own threads, so that a slow database server never stalls
the event loop. On SQLite it runs it at once, on the event loop's thread: appending an action is
about 15 µs of local work, and handing it to a thread and back cost more than five times that in
CPU, and more in waiting for the GIL between the two threads: under 500 tables the p99 latency
fell from 188 ms to 31-71 ms when the hop went (bench/server.py). SQLite's writes are serial
anyway, so one thread never meets a locked file. The commit that fills the WAL past SQLite's
1,000 pages checkpoints it, on the loop too: a copy within the page cache and two fsyncs, which
held the loop 3 ms at most, once every 300 actions or so, in 10,000 appends measured on this
project's 2-core machine (a median append took 19 µs). A checkpoint on another thread instead
never caught up with a steady stream of commits, and the WAL grew without end.

Writes that change a table (an action appended, a seat taken) notify, on PostgreSQL, the channel
:data:`CHANNEL` with ``"<table id> <seq> <kind>"`` (kind ``a``: an action; ``s``: a seat taken)
in the same transaction: PostgreSQL delivers it on
commit only, so every server process listening learns of exactly the committed changes.

Appending an action, the one write of every move, skips the ORM and SQLAlchemy's per-call work:
its statements are compiled once for the dialect and run on the driver's own cursor (on SQLite,
one connection kept for the purpose).

SQLite files are opened in WAL mode with ``synchronous=NORMAL``: a commit is in the log before
it returns, so a process killed at any instant loses no committed action (only a power cut could
lose the last few).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    JSON,
    DateTime,
    and_,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    or_,
    select,
    text,
    update,
)
from sqlalchemy.engine import URL, Dialect, Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.elements import ColumnElement

from atout.cards import card_text, parse_card
from atout.server import migrate
from atout.server.models import ActionRow, AnalysisRow, DealRow, PlayerRow, SeatRow, TableRow

__all__ = [
    "CHANNEL",
    "Conflict",
    "NewTable",
    "Played",
    "Store",
    "StoredPlayer",
    "StoredSeat",
    "StoredTable",
]

#: The PostgreSQL notification channel of table changes.
CHANNEL = "atout_tables"

T = TypeVar("T")

#: The most ids one ``IN (...)`` names: SQLite takes at most 32766 parameters a statement.
_BATCH = 500

#: Table statuses. A table waits for players, plays, and is over; or, waiting with nobody
#: joining longer than the server keeps such a table, it expires (and is never shown again).
WAITING, PLAYING, OVER, EXPIRED = "waiting", "playing", "over", "expired"


class Conflict(Exception):
    """Another writer committed that ``seq`` first."""


@dataclass(frozen=True)
class StoredSeat:
    """A seat as stored. ``last_seen`` is seconds since the epoch, or ``None``."""

    seat: int
    player: str
    name: str | None
    token_hash: str | None
    invite_hash: str | None
    last_seen: float | None
    #: The player (:class:`StoredPlayer`) who took the seat with their key, if any.
    player_id: str | None = None

    @property
    def is_human(self) -> bool:
        """Whether a person plays the seat."""
        return self.player == "human"


@dataclass(frozen=True)
class StoredTable:
    """A table as stored: its row, its seats, the packs of its deals begun and its actions
    (``(seat, text, by)``, the ``seq``-th at index ``seq - 1``). A listing leaves out the
    packs, the actions and the seed (``0``)."""

    id: str
    game: str
    rules: str
    dealer: int
    seed: int
    status: str
    grace: float
    standin: str
    result: dict[str, Any] | None
    created_at: float
    seq: int
    seats: tuple[StoredSeat, ...]
    packs: tuple[tuple[int, ...], ...]
    actions: tuple[tuple[int, str, str], ...]


@dataclass(frozen=True)
class StoredPlayer:
    """A player who keeps a history: an id, the name they go by, when they began (seconds
    since the epoch). Their key is known only by its hash."""

    id: str
    name: str | None
    created_at: float


@dataclass(frozen=True)
class Played:
    """A finished match a player played: the table, its game and rules, when it finished
    (seconds since the epoch), the player's ``seat``, every seat, the result, when asked for
    the actions ``(seat, text)``, and how many of the player's moves a stand-in made."""

    table_id: str
    game: str
    rules: str
    finished: float
    seat: int
    seats: tuple[StoredSeat, ...]
    result: dict[str, Any]
    actions: tuple[tuple[int, str], ...] = ()
    #: How many of the player's moves a stand-in made while they were away.
    standins: int = 0


@dataclass(frozen=True)
class NewTable:
    """What creating a table writes: the row's fields, the seats and the first deal's pack.
    ``created_at`` is also when the creator's seat was last seen. A table made from a record
    (:meth:`TableService.open_record <atout.server.service.TableService.open_record>`) also
    writes its ``actions`` (``(seat, text, by)``) and, finished, its ``result``."""

    id: str
    game: str
    rules: str
    dealer: int
    seed: int
    status: str
    grace: float
    standin: str
    seats: tuple[StoredSeat, ...]
    packs: tuple[tuple[int, ...], ...]
    created_at: datetime
    actions: tuple[tuple[int, str, str], ...] = ()
    result: dict[str, Any] | None = None


def _epoch(when: datetime | None) -> float | None:
    if when is None:
        return None
    if when.tzinfo is None:  # SQLite hands back naive datetimes; they were stored in UTC
        when = when.replace(tzinfo=UTC)
    return when.timestamp()


class _Raw:
    """A statement compiled once for a dialect and run on a bare DBAPI cursor: appending to
    the action log is the hot path, and SQLAlchemy's work per call (cache keys, parameter
    processing, result objects) cost more than the database's own."""

    def __init__(self, statement: Any, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        #: The order of the parameters for a positional paramstyle (SQLite's ``?``).
        self.order: list[str] | None = (
            list(compiled.positiontup or ()) if dialect.positional else None
        )

    def params(self, values: dict[str, Any]) -> Any:
        """The parameters in the form the driver takes for this statement."""
        return tuple(values[k] for k in self.order) if self.order is not None else values


class _HotPath:
    """The statements of :meth:`Store.append`, compiled for one dialect, and the converters
    of the values whose columns have a type SQLAlchemy would convert (times, JSON)."""

    def __init__(self, dialect: Dialect) -> None:
        self.insert_action = _Raw(insert(ActionRow), dialect)
        self.insert_deal = _Raw(insert(DealRow), dialect)
        moved = update(TableRow).where(
            TableRow.id == bindparam("table"), TableRow.seq == bindparam("before")
        )
        self.advance = _Raw(
            moved.values(seq=bindparam("new_seq"), updated_at=bindparam("now")), dialect
        )
        self.finish = _Raw(
            moved.values(
                seq=bindparam("new_seq"),
                updated_at=bindparam("now"),
                status=bindparam("new_status"),
                result=bindparam("new_result"),
            ),
            dialect,
        )
        self.notify = _Raw(
            select(func.pg_notify(bindparam("channel"), bindparam("payload"))), dialect
        )
        time = DateTime(timezone=True).dialect_impl(dialect).bind_processor(dialect)
        data = JSON().dialect_impl(dialect).bind_processor(dialect)
        self.time: Callable[[datetime], Any] = time or (lambda v: v)
        self.json: Callable[[Any], Any] = data or (lambda v: v)


def _now() -> datetime:
    return datetime.now(UTC)


def _pack_text(pack: Sequence[int]) -> str:
    return " ".join(card_text(c) for c in pack)


def _pack(text_: str) -> tuple[int, ...]:
    return tuple(parse_card(c) for c in text_.split())


def _seat(row: SeatRow) -> StoredSeat:
    return StoredSeat(
        seat=row.seat,
        player=row.player,
        name=row.name,
        token_hash=row.token_hash,
        invite_hash=row.invite_hash,
        last_seen=_epoch(row.last_seen),
        player_id=row.player_id,
    )


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class Store:
    """The tables of one database. :meth:`open` migrates the schema; :meth:`close` ends it."""

    def __init__(self, url: URL) -> None:
        self.url = url
        self.is_postgres = url.get_backend_name() == "postgresql"
        if url.get_backend_name() == "sqlite":
            database = url.database
            if database and database != ":memory:":
                Path(database).parent.mkdir(parents=True, exist_ok=True)
            self.engine: Engine = create_engine(
                url, connect_args={"check_same_thread": False, "timeout": 10}
            )
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_size=8, max_overflow=4, pool_pre_ping=True)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._hot = _HotPath(self.engine.dialect)
        #: SQLite's appends keep one connection rather than check one out of the pool (and
        #: reset it) every time.
        self._kept: PoolProxiedConnection | None = None
        dbapi = self.engine.dialect.dbapi
        #: What the driver raises when the action log's key refuses a row.
        self._integrity_errors: tuple[type[BaseException], ...] = (
            (IntegrityError, dbapi.IntegrityError) if dbapi is not None else (IntegrityError,)
        )
        #: PostgreSQL's transactions' threads (SQLite's run on the loop).
        self._executor = (
            ThreadPoolExecutor(6, thread_name_prefix="atout-db") if self.is_postgres else None
        )

    def open(self) -> None:
        """Create or upgrade the schema (blocking: call it before serving)."""
        migrate.upgrade(self.engine)
        if not self.is_postgres:
            self._kept = self.engine.raw_connection()

    def close(self) -> None:
        """Finish pending work and close every connection."""
        if self._executor is not None:
            self._executor.shutdown(wait=True)
        if self._kept is not None:
            self._kept.close()
            self._kept = None
        self.engine.dispose()

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._executor is None:
            return fn(*args)  # SQLite: on the loop's thread (see the module's docstring)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, functools.partial(fn, *args))

    def _notify(self, session: Session, table_id: str, seq: int, kind: str) -> None:
        if self.is_postgres:
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": f"{table_id} {seq} {kind}"},
            )

    # --- tables ---------------------------------------------------------------------------

    async def create(self, table: NewTable) -> bool:
        """Write a new table; ``False`` if its id is taken (draw another)."""
        return await self._run(self._create, table)

    def _create(self, table: NewTable) -> bool:
        now = table.created_at
        try:
            with self._sessions.begin() as session:
                session.add(
                    TableRow(
                        id=table.id,
                        game=table.game,
                        rules=table.rules,
                        dealer=table.dealer,
                        seed=table.seed,
                        status=table.status,
                        seq=len(table.actions),
                        grace=table.grace,
                        standin=table.standin,
                        result=table.result,
                        created_at=now,
                        updated_at=now,
                    )
                )
                session.flush()
                for s in table.seats:
                    session.add(
                        SeatRow(
                            table_id=table.id,
                            seat=s.seat,
                            player=s.player,
                            name=s.name,
                            token_hash=s.token_hash,
                            invite_hash=s.invite_hash,
                            last_seen=now if s.token_hash else None,
                            player_id=s.player_id,
                        )
                    )
                for i, pack in enumerate(table.packs):
                    session.add(DealRow(table_id=table.id, deal=i, pack=_pack_text(pack)))
                for seq, (seat, text, by) in enumerate(table.actions, start=1):
                    session.add(
                        ActionRow(
                            table_id=table.id,
                            seq=seq,
                            seat=seat,
                            action=text,
                            by=by,
                            created_at=now,
                        )
                    )
        except IntegrityError:
            return False
        return True

    async def load(self, table_id: str) -> StoredTable | None:
        """A whole table, or ``None`` if there is none of that id."""
        return await self._run(self._load, table_id)

    def _load(self, table_id: str) -> StoredTable | None:
        with self._sessions() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            deals = session.scalars(
                select(DealRow).where(DealRow.table_id == table_id).order_by(DealRow.deal)
            ).all()
            actions = session.execute(
                select(ActionRow.seat, ActionRow.action, ActionRow.by)
                .where(ActionRow.table_id == table_id)
                .order_by(ActionRow.seq)
            ).all()
            return StoredTable(
                id=row.id,
                game=row.game,
                rules=row.rules,
                dealer=row.dealer,
                seed=row.seed,
                status=row.status,
                grace=row.grace,
                standin=row.standin,
                result=row.result,
                created_at=_epoch(row.created_at) or 0.0,
                seq=len(actions),
                seats=tuple(_seat(s) for s in seats),
                packs=tuple(_pack(d.pack) for d in deals),
                actions=tuple((a.seat, a.action, a.by) for a in actions),
            )

    async def tail(self, table_id: str, after: int) -> list[tuple[int, int, str, str]]:
        """The actions after the ``after``-th, as ``(seq, seat, text, by)``, in order."""
        return await self._run(self._tail, table_id, after)

    def _tail(self, table_id: str, after: int) -> list[tuple[int, int, str, str]]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(ActionRow.seq, ActionRow.seat, ActionRow.action, ActionRow.by)
                .where(ActionRow.table_id == table_id, ActionRow.seq > after)
                .order_by(ActionRow.seq)
            ).all()
            return [(r.seq, r.seat, r.action, r.by) for r in rows]

    async def append(
        self,
        table_id: str,
        seq: int,
        *,
        seat: int,
        action: str,
        by: str,
        packs: Sequence[tuple[int, tuple[int, ...]]],
        result: dict[str, Any] | None,
    ) -> None:
        """Append the ``seq``-th action and the packs of the deals it began; with ``result``
        the match is over. Raises :class:`Conflict` if that ``seq`` is already written."""
        await self._run(
            functools.partial(
                self._append,
                table_id,
                seq,
                seat=seat,
                action=action,
                by=by,
                packs=packs,
                result=result,
            )
        )

    def _append(
        self,
        table_id: str,
        seq: int,
        *,
        seat: int,
        action: str,
        by: str,
        packs: Sequence[tuple[int, tuple[int, ...]]],
        result: dict[str, Any] | None,
    ) -> None:
        hot = self._hot
        now = hot.time(_now())
        raw = self._kept or self.engine.raw_connection()
        try:
            cursor = raw.cursor()
            try:
                # The primary key (table_id, seq) decides a race here.
                cursor.execute(
                    hot.insert_action.sql,
                    hot.insert_action.params(
                        {
                            "table_id": table_id,
                            "seq": seq,
                            "seat": seat,
                            "action": action,
                            "by": by,
                            "created_at": now,
                        }
                    ),
                )
                if packs:
                    cursor.executemany(
                        hot.insert_deal.sql,
                        [
                            hot.insert_deal.params(
                                {"table_id": table_id, "deal": deal, "pack": _pack_text(pack)}
                            )
                            for deal, pack in packs
                        ],
                    )
                values: dict[str, Any] = {
                    "table": table_id,
                    "before": seq - 1,
                    "new_seq": seq,
                    "now": now,
                }
                if result is None:
                    cursor.execute(hot.advance.sql, hot.advance.params(values))
                else:
                    values.update(new_status=OVER, new_result=hot.json(result))
                    cursor.execute(hot.finish.sql, hot.finish.params(values))
                if cursor.rowcount != 1:
                    raise Conflict
                if self.is_postgres:
                    cursor.execute(
                        hot.notify.sql,
                        hot.notify.params({"channel": CHANNEL, "payload": f"{table_id} {seq} a"}),
                    )
            finally:
                cursor.close()
            raw.commit()
        except self._integrity_errors:
            raw.rollback()
            raise Conflict from None
        except BaseException:
            raw.rollback()
            raise
        finally:
            if raw is not self._kept:
                raw.close()  # back to the pool

    async def join(
        self,
        table_id: str,
        invite_hash: str,
        token_hash: str,
        name: str | None,
        player_id: str | None = None,
    ) -> tuple[int, str] | None:
        """Take the free seat this invite opens (for the player ``player_id``, if given):
        ``(seat, table status)``, or ``None`` if no free seat of the table has that invite, or
        the table no longer waits (it expired). The table starts once no human seat is free."""
        return await self._run(self._join, table_id, invite_hash, token_hash, name, player_id)

    def _join(
        self,
        table_id: str,
        invite_hash: str,
        token_hash: str,
        name: str | None,
        player_id: str | None,
    ) -> tuple[int, str] | None:
        now = _now()
        with self._sessions.begin() as session:
            seat = session.scalar(
                select(SeatRow.seat).where(
                    SeatRow.table_id == table_id,
                    SeatRow.invite_hash == invite_hash,
                    SeatRow.token_hash.is_(None),
                )
            )
            if seat is None:
                return None
            # Only a waiting table takes players, and a seat taken restarts its wait (see
            # expire). Writing the table's row first also locks it on PostgreSQL until this
            # commits: an expiry on another process waits for the join, or the join finds the
            # table expired, never half of each.
            waiting = session.execute(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.status == WAITING)
                .values(updated_at=now)
            )
            if waiting.rowcount != 1:  # type: ignore[attr-defined]
                return None
            taken = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash.is_(None),
                )
                .values(
                    token_hash=token_hash,
                    invite_hash=None,
                    name=name,
                    last_seen=now,
                    player_id=player_id,
                )
            )
            if taken.rowcount != 1:  # type: ignore[attr-defined]
                return None  # taken by a concurrent join
            free = session.scalar(
                select(func.count())
                .select_from(SeatRow)
                .where(
                    SeatRow.table_id == table_id,
                    SeatRow.player == "human",
                    SeatRow.token_hash.is_(None),
                )
            )
            status = session.scalar(select(TableRow.status).where(TableRow.id == table_id))
            if free == 0 and status == WAITING:
                status = PLAYING
                session.execute(
                    update(TableRow)
                    .where(TableRow.id == table_id)
                    .values(status=PLAYING, updated_at=now)
                )
            seq = session.scalar(select(TableRow.seq).where(TableRow.id == table_id)) or 0
            self._notify(session, table_id, seq, "s")
            return seat, str(status)

    async def seats(self, table_id: str) -> tuple[tuple[StoredSeat, ...], str]:
        """The table's seats and status as stored now."""
        return await self._run(self._seats, table_id)

    def _seats(self, table_id: str) -> tuple[tuple[StoredSeat, ...], str]:
        with self._sessions() as session:
            rows = session.scalars(
                select(SeatRow).where(SeatRow.table_id == table_id).order_by(SeatRow.seat)
            ).all()
            status = session.scalar(select(TableRow.status).where(TableRow.id == table_id))
            return tuple(_seat(r) for r in rows), str(status)

    async def touch(self, table_id: str, seats: Sequence[int], when: float) -> None:
        """Record that these seats' players were present at ``when`` (epoch seconds)."""
        await self._run(self._touch, table_id, list(seats), when)

    def _touch(self, table_id: str, seats: list[int], when: float) -> None:
        if not seats:
            return
        with self._sessions.begin() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat.in_(seats))
                .values(last_seen=datetime.fromtimestamp(when, UTC))
            )

    async def listing(
        self, statuses: Sequence[str], limit: int, waiting_since: float | None = None
    ) -> list[StoredTable]:
        """The newest tables of these statuses, at most ``limit``, without their actions or
        packs (a listing never replays). With ``waiting_since`` (epoch seconds), a waiting
        table nobody joined since then is left out: it expires at the next :meth:`expire`."""
        return await self._run(self._listing, list(statuses), limit, waiting_since)

    def _listing(
        self, statuses: list[str], limit: int, waiting_since: float | None
    ) -> list[StoredTable]:
        shown: ColumnElement[bool] = TableRow.status.in_(statuses)
        if waiting_since is not None:
            fresh = TableRow.updated_at >= datetime.fromtimestamp(waiting_since, UTC)
            shown = and_(shown, or_(TableRow.status != WAITING, fresh))
        with self._sessions() as session:
            rows = session.scalars(
                select(TableRow)
                .where(shown)
                .order_by(TableRow.created_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            ids = [r.id for r in rows]
            seats: dict[str, list[StoredSeat]] = {i: [] for i in ids}
            if ids:
                for s in session.scalars(
                    select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)
                ):
                    seats[s.table_id].append(_seat(s))
            return [
                StoredTable(
                    id=r.id,
                    game=r.game,
                    rules=r.rules,
                    dealer=r.dealer,
                    seed=0,  # a listing never carries the secret
                    status=r.status,
                    grace=r.grace,
                    standin=r.standin,
                    result=r.result,
                    created_at=_epoch(r.created_at) or 0.0,
                    seq=r.seq,
                    seats=tuple(seats[r.id]),
                    packs=(),
                    actions=(),
                )
                for r in rows
            ]

    async def unfinished(self) -> list[str]:
        """The ids of every table waiting for players or playing: neither over nor expired."""
        return await self._run(self._unfinished)

    def _unfinished(self) -> list[str]:
        with self._sessions() as session:
            return list(
                session.scalars(
                    select(TableRow.id)
                    .where(TableRow.status.in_([WAITING, PLAYING]))
                    .order_by(TableRow.id)
                )
            )

    # --- players ------------------------------------------------------------------------------

    async def add_player(self, player: StoredPlayer, key_hash: str) -> bool:
        """Write a new player; ``False`` if the id (or the key) is taken: draw another."""
        return await self._run(self._add_player, player, key_hash)

    def _add_player(self, player: StoredPlayer, key_hash: str) -> bool:
        try:
            with self._sessions.begin() as session:
                session.add(
                    PlayerRow(
                        id=player.id,
                        key_hash=key_hash,
                        name=player.name,
                        created_at=datetime.fromtimestamp(player.created_at, UTC),
                    )
                )
        except IntegrityError:
            return False
        return True

    async def player(self, key_hash: str) -> StoredPlayer | None:
        """The player whose key has this hash, if any."""
        return await self._run(self._player, key_hash)

    def _player(self, key_hash: str) -> StoredPlayer | None:
        with self._sessions() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.key_hash == key_hash))
            if row is None:
                return None
            return StoredPlayer(row.id, row.name, _epoch(row.created_at) or 0.0)

    async def rename_player(self, player_id: str, name: str | None) -> None:
        """Change the name a player goes by (their seats keep the names they were taken with)."""
        await self._run(self._rename_player, player_id, name)

    def _rename_player(self, player_id: str, name: str | None) -> None:
        with self._sessions.begin() as session:
            session.execute(update(PlayerRow).where(PlayerRow.id == player_id).values(name=name))

    async def played(self, player_id: str, limit: int, actions: bool = False) -> list[Played]:
        """The player's finished matches, the newest ``limit`` of them, oldest first (as a
        rating reads them); each with its action log if ``actions``."""
        return await self._run(self._played, player_id, limit, actions)

    def _played(self, player_id: str, limit: int, actions: bool) -> list[Played]:
        with self._sessions() as session:
            found = session.execute(
                select(TableRow, SeatRow.seat)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id, TableRow.status == OVER)
                .order_by(TableRow.updated_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            ids = [row.id for row, _seat in found]
            mine = {row.id: seat for row, seat in found}
            seats: dict[str, list[StoredSeat]] = {i: [] for i in ids}
            logs: dict[str, list[tuple[int, str]]] = {i: [] for i in ids}
            standins: dict[str, int] = dict.fromkeys(ids, 0)
            for start in range(0, len(ids), _BATCH):
                batch = ids[start : start + _BATCH]
                for seat_row in session.scalars(
                    select(SeatRow).where(SeatRow.table_id.in_(batch)).order_by(SeatRow.seat)
                ):
                    seats[seat_row.table_id].append(_seat(seat_row))
                for table_id, seat, count in session.execute(
                    select(ActionRow.table_id, ActionRow.seat, func.count())
                    .where(ActionRow.table_id.in_(batch), ActionRow.by.like("standin:%"))
                    .group_by(ActionRow.table_id, ActionRow.seat)
                ):
                    if mine[table_id] == seat:
                        standins[table_id] = count
                if actions:
                    for a in session.execute(
                        select(ActionRow.table_id, ActionRow.seat, ActionRow.action)
                        .where(ActionRow.table_id.in_(batch))
                        .order_by(ActionRow.table_id, ActionRow.seq)
                    ):
                        logs[a.table_id].append((a.seat, a.action))
            return [
                Played(
                    table_id=row.id,
                    game=row.game,
                    rules=row.rules,
                    finished=_epoch(row.updated_at) or 0.0,
                    seat=seat,
                    seats=tuple(seats[row.id]),
                    result=dict(row.result or {}),
                    actions=tuple(logs[row.id]),
                    standins=standins[row.id],
                )
                for row, seat in reversed(found)
            ]

    # --- the coach's analyses ----------------------------------------------------------------

    async def analysis(self, table_id: str, mode: str) -> dict[str, Any] | None:
        """The stored analysis of a table in ``mode``, if it was made."""
        return await self._run(self._analysis, table_id, mode)

    def _analysis(self, table_id: str, mode: str) -> dict[str, Any] | None:
        with self._sessions() as session:
            data = session.scalar(
                select(AnalysisRow.data).where(
                    AnalysisRow.table_id == table_id, AnalysisRow.mode == mode
                )
            )
            return None if data is None else dict(data)

    async def save_analysis(self, table_id: str, mode: str, data: dict[str, Any]) -> dict[str, Any]:
        """Keep a table's analysis in ``mode``, unless one is kept already (another process
        made it meanwhile): the one kept, either way. A table is analysed once."""
        return await self._run(self._save_analysis, table_id, mode, data)

    def _save_analysis(self, table_id: str, mode: str, data: dict[str, Any]) -> dict[str, Any]:
        try:
            with self._sessions.begin() as session:
                session.add(AnalysisRow(table_id=table_id, mode=mode, data=data, created_at=_now()))
        except IntegrityError:
            kept = self._analysis(table_id, mode)
            if kept is None:  # not a duplicate: the table is gone
                raise
            return kept
        return data

    async def expire(
        self, before: float, held: Sequence[str] = (), *, purge_before: float | None = None
    ) -> list[str]:
        """Mark as expired every waiting table nobody joined since ``before`` (epoch seconds:
        made then, or its last seat taken then); the ids of those, and of the tables among
        ``held`` that were already expired (by another process), sorted. With
        ``purge_before``, delete the tables that expired before then, seats and all: a server
        open to anyone must not keep every table never joined forever."""
        return await self._run(self._expire, before, list(held), purge_before)

    def _expire(self, before: float, held: list[str], purge_before: float | None) -> list[str]:
        with self._sessions.begin() as session:
            if purge_before is not None:
                # Seats, deals and actions go with their table (ON DELETE CASCADE).
                session.execute(
                    delete(TableRow).where(
                        TableRow.status == EXPIRED,
                        TableRow.updated_at < datetime.fromtimestamp(purge_before, UTC),
                    )
                )
            # One statement, so that a table joined meanwhile (its row written, on PostgreSQL
            # locked until the join commits) is judged on what the join wrote.
            marked = session.scalars(
                update(TableRow)
                .where(
                    TableRow.status == WAITING,
                    TableRow.updated_at < datetime.fromtimestamp(before, UTC),
                )
                .values(status=EXPIRED, updated_at=_now())
                .returning(TableRow.id)
            ).all()
            found = set(marked)
            for i in range(0, len(held), _BATCH):
                found.update(
                    session.scalars(
                        select(TableRow.id).where(
                            TableRow.id.in_(held[i : i + _BATCH]), TableRow.status == EXPIRED
                        )
                    )
                )
            return sorted(found)
