"""How server processes sharing one database hear of each other's writes, and which of them
drives a table's bots.

- :class:`LocalBroker` is for a process alone with its database (the SQLite default): it hears
  nothing from outside and every table's bots are its own.
- :class:`PostgresBroker` LISTENs on :data:`~atout.server.store.CHANNEL`, where every committed
  action or seat change is NOTIFYed (by :class:`~atout.server.store.Store`, in the writing
  transaction), and hands each notice to the service, which catches the table up from the
  database and tells its own websockets. A table's bots and stand-ins are driven by the one
  process holding the table's lease, a session-level advisory lock: if that process dies,
  PostgreSQL releases the lock with its session and another process takes the lease over on
  its next try.

Nothing but the database is needed: no message bus, no sticky routing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

from sqlalchemy.engine import URL

from atout.server.store import CHANNEL

if TYPE_CHECKING:
    # Imported where a PostgreSQL URL is used (PostgresBroker), never by a SQLite server: the
    # driver and its C library cost memory and start-up time a server alone does not need.
    import psycopg

__all__ = ["Broker", "LocalBroker", "Notice", "PostgresBroker"]

log = logging.getLogger("atout.server")

#: A notice handler: ``(table id, seq, kind)``, kind ``a`` (an action) or ``s`` (a seat).
Notice = Callable[[str, int, str], Awaitable[None]]


class Broker(Protocol):
    """What the service asks of a broker."""

    #: Whether other processes may write the same tables.
    shared: bool

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Begin delivering notices."""

    async def lease(self, table_id: str) -> bool:
        """Whether this process drives the table's bots (taking the lease if it is free)."""

    async def release(self, table_id: str) -> None:
        """Give up the table's lease (its match is over)."""

    async def close(self) -> None:
        """Stop."""


class LocalBroker:
    """The broker of a process alone with its database."""

    shared = False

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Nothing to listen to."""

    async def lease(self, table_id: str) -> bool:
        """Always: every table is this process's."""
        return True

    async def release(self, table_id: str) -> None:
        """Nothing to release."""

    async def close(self) -> None:
        """Nothing to stop."""


def _lock_key(table_id: str) -> int:
    """A signed 64-bit advisory lock key for a table."""
    digest = hashlib.blake2b(f"atout-table:{table_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


class PostgresBroker:
    """LISTEN/NOTIFY and advisory-lock leases on one PostgreSQL database."""

    shared = True

    def __init__(self, url: URL) -> None:
        import psycopg

        self._psycopg = psycopg
        self._conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._task: asyncio.Task[None] | None = None
        self._leases: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._held: set[str] = set()
        self._lock = asyncio.Lock()

    async def start(self, on_notice: Notice, on_reconnect: Callable[[], Awaitable[None]]) -> None:
        """Connect, LISTEN, and keep listening (reconnecting if the connection drops)."""
        ready = asyncio.get_running_loop().create_future()
        self._task = asyncio.create_task(self._listen(on_notice, on_reconnect, ready))
        await ready

    async def _listen(
        self,
        on_notice: Notice,
        on_reconnect: Callable[[], Awaitable[None]],
        ready: asyncio.Future[None],
    ) -> None:
        first = True
        while True:
            try:
                async with await self._psycopg.AsyncConnection.connect(
                    self._conninfo, autocommit=True
                ) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if first:
                        ready.set_result(None)
                        first = False
                    else:
                        await on_reconnect()  # notices sent while we were away are lost
                    async for notice in conn.notifies():
                        table_id, seq, kind = notice.payload.split(" ")
                        await on_notice(table_id, int(seq), kind)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                if first:
                    ready.set_exception(e)
                    return
                log.warning("LISTEN connection lost (%r); reconnecting", e)
                await asyncio.sleep(1.0)

    async def _lease_connection(self) -> psycopg.AsyncConnection[tuple[object, ...]]:
        conn = self._leases
        if conn is None or conn.closed:
            # A new session holds none of the old one's locks.
            self._held.clear()
            conn = self._leases = await self._psycopg.AsyncConnection.connect(
                self._conninfo, autocommit=True
            )
        return conn

    async def lease(self, table_id: str) -> bool:
        """Take the table's advisory lock if no other session holds it."""
        if table_id in self._held:
            return True
        async with self._lock:
            try:
                conn = await self._lease_connection()
                cursor = await conn.execute(
                    "SELECT pg_try_advisory_lock(%s)", (_lock_key(table_id),)
                )
                row = await cursor.fetchone()
            except self._psycopg.OperationalError as e:
                log.warning("lease connection lost (%r)", e)
                self._leases = None
                return False
            if row is not None and row[0] is True:
                self._held.add(table_id)
                return True
            return False

    async def release(self, table_id: str) -> None:
        """Unlock the table's advisory lock."""
        async with self._lock:
            if table_id in self._held and self._leases is not None:
                self._held.discard(table_id)
                try:
                    await self._leases.execute(
                        "SELECT pg_advisory_unlock(%s)", (_lock_key(table_id),)
                    )
                except self._psycopg.OperationalError:
                    self._leases = None

    async def close(self) -> None:
        """Stop listening and drop the leases."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._leases is not None:
            await self._leases.close()
