"""Waiting tables expire (issue "Hardening the table server for the open internet"): a table
still waiting for players that nobody joined for the server's ``waiting_ttl`` leaves the lobby
at once, is marked expired by the service's periodic round (on any process sharing the
database), is not resumed by a restarted server, and answers 410 ``expired``, saying so, to
whoever asks for it (a websocket: close code 4410). A seat taken restarts the wait.

Nothing here sleeps through a wait: a table is made old by writing an older time in its row,
as if it had been made (or last joined) that long ago.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, select, update
from sqlalchemy.engine import URL, make_url
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from atout.server.botpool import BotPool
from atout.server.broker import LocalBroker
from atout.server.errors import Forbidden
from atout.server.limits import Expired
from atout.server.models import TableRow
from atout.server.service import TableService
from atout.server.settings import Settings, database_url
from atout.server.store import EXPIRED, PLAYING, WAITING, Store
from tests.server.harness import ServerProcess

HOUR = 3600.0


def _age(url: URL, table_id: str, seconds: float) -> None:
    """Make the table look as if it was made, or last joined, ``seconds`` ago."""
    engine = create_engine(url)
    try:
        with engine.begin() as conn:
            then = datetime.fromtimestamp(time.time() - seconds, UTC)
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=then))
    finally:
        engine.dispose()


def _status(url: URL, table_id: str) -> str:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            return str(conn.scalar(select(TableRow.status).where(TableRow.id == table_id)))
    finally:
        engine.dispose()


@asynccontextmanager
async def _services(
    url: URL, ttl: float = HOUR, count: int = 1
) -> AsyncIterator[list[TableService]]:
    """``count`` started services on one store (as server processes on one database would
    be), with a waiting ttl of ``ttl``; stopped at the end."""
    store = Store(url)
    store.open()
    pool = BotPool(1, 30.0)  # random bots decide in-process: no worker starts
    services = [
        TableService(Settings(db=url, waiting_ttl=ttl), store, LocalBroker(), pool)
        for _ in range(count)
    ]
    try:
        for service in services:
            await service.start()
        yield services
    finally:
        for service in services:
            await service.stop()
        pool.close()
        store.close()


async def _create(service: TableService, *players: str) -> tuple[str, list[str]]:
    """A table with these players, its creator at the first human seat: its id and invites."""
    made = await service.create(
        "river" if len(players) > 2 else "schnapsen",
        f"river(players={len(players)})" if len(players) > 2 else None,
        players=players,
        seat=None,
        name=None,
        grace=None,
        standin=None,
    )
    return made.table.id, list(made.invites.values())


async def _listed(service: TableService) -> set[str]:
    return {t["id"] for t in await service.listing([WAITING, PLAYING], 200)}


def _url(tmp_path: Path) -> URL:
    return make_url(f"sqlite:///{tmp_path / 'atout.db'}")


def test_a_waiting_table_nobody_joined_leaves_the_lobby_then_expires(tmp_path: Path) -> None:
    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url) as (service,):
            old, [invite] = await _create(service, "human", "human")
            new, _ = await _create(service, "human", "human")
            playing, _ = await _create(service, "human", "random")
            _age(url, old, HOUR + 1)
            _age(url, playing, 2 * HOUR)  # playing: however long ago, it never expires
            # The lobby leaves it out at once, before any round marks it.
            assert await _listed(service) == {new, playing}
            assert old in service._drivers
            assert await service.expire_waiting(time.time()) == [old]
            assert _status(url, old) == EXPIRED
            assert old not in service._tables and old not in service._drivers
            for ask in (
                service.table(old),
                service.join(old, invite, None),
            ):
                with pytest.raises(Expired, match=r"this table expired unjoined after 1 h"):
                    await ask
            assert await service.expire_waiting(time.time()) == []  # once is enough
            await service.table(new)
            await service.table(playing)

    asyncio.run(run())


def test_an_expired_table_is_not_resumed_after_a_restart(tmp_path: Path) -> None:
    url = _url(tmp_path)

    async def first() -> tuple[str, str]:
        async with _services(url) as (service,):
            old, _ = await _create(service, "human", "human")
            new, _ = await _create(service, "human", "human")
            return old, new

    async def restarted(old: str, new: str) -> None:
        async with _services(url) as (service,):
            assert old not in service._tables and old not in service._drivers
            assert new in service._tables and new in service._drivers  # resumed
            assert await service.store.unfinished() == [new]
            assert await _listed(service) == {new}
            with pytest.raises(Expired):
                await service.table(old)

    old, new = asyncio.run(first())
    _age(url, old, 2 * HOUR)  # the server was down meanwhile: no round marked it
    asyncio.run(restarted(old, new))
    assert _status(url, old) == EXPIRED


def test_a_seat_taken_restarts_the_wait(tmp_path: Path) -> None:
    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url) as (service,):
            table, invites = await _create(service, "human", "human", "human")
            _age(url, table, HOUR - 60)
            await service.join(table, invites[0], None)  # one of two free seats: still waits
            later = time.time() + HOUR - 120  # past the first wait, within the second
            assert await service.expire_waiting(later) == []
            assert table in await _listed(service)
            assert await service.expire_waiting(time.time() + HOUR + 1) == [table]

    asyncio.run(run())


def test_an_expired_table_takes_no_player(tmp_path: Path) -> None:
    """The store refuses the join, even from a process that still holds the table as
    waiting: an expired table never starts."""
    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url) as (service,):
            table, [invite] = await _create(service, "human", "human")
            assert await service.store.expire(time.time() + 1) == [table]  # as another would
            with pytest.raises(Forbidden):
                await service.join(table, invite, None)
            assert _status(url, table) == EXPIRED

    asyncio.run(run())


def test_a_table_expired_by_another_process_leaves_this_ones_memory(tmp_path: Path) -> None:
    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url, count=2) as (one, other):
            table, _ = await _create(one, "human", "human")
            await other.table(table)  # the other process holds it too
            _age(url, table, HOUR + 1)
            assert await one.expire_waiting(time.time()) == [table]
            assert table in other._tables
            assert await other.expire_waiting(time.time()) == [table]  # its next round
            assert table not in other._tables and table not in other._drivers
            with pytest.raises(Expired):
                await other.table(table)

    asyncio.run(run())


def test_a_waiting_ttl_of_0_keeps_waiting_tables(tmp_path: Path) -> None:
    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url, ttl=0) as (service,):
            table, _ = await _create(service, "human", "human")
            _age(url, table, 1000 * HOUR)
            assert await service.expire_waiting(time.time()) == []
            assert table in await _listed(service)

    asyncio.run(run())


# --- a server process ------------------------------------------------------------------------


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_server_restarted_after_the_wait_answers_410_for_the_table(
    db: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    """``atout serve --waiting-ttl``: the restarted server lists the table no more, and
    answers every request for it with 410 ``expired`` (a websocket: 4410)."""
    given = None if db == "sqlite" else request.getfixturevalue("postgres").database()
    server = ServerProcess(tmp_path, given, args=("--waiting-ttl", "3600"))
    try:
        _restarted_after_the_wait(server, given)
    finally:
        server.stop()


def _restarted_after_the_wait(server: ServerProcess, given: str | None) -> None:
    server.start()
    body = {"game": "schnapsen", "seats": ["human", "human"]}
    old = httpx.post(f"{server.url}/api/tables", json=body).json()
    new = httpx.post(f"{server.url}/api/tables", json=body).json()
    server.stop()
    _age(database_url(given, server.data), old["table"]["id"], HOUR + 1)
    server.start()
    table = old["table"]["id"]
    with httpx.Client(base_url=server.url, timeout=30) as http:
        listed = [t["id"] for t in http.get("/api/tables").json()["tables"]]
        assert table not in listed and new["table"]["id"] in listed
        auth = {"Authorization": f"Bearer {old['token']}"}
        for r in (
            http.get(f"/api/tables/{table}"),
            http.get(f"/api/tables/{table}/view", headers=auth),
            http.post(f"/api/tables/{table}/join", json={"invite": old["invites"][0]["code"]}),
            http.post(f"/api/tables/{table}/actions", json={"action": "x", "seq": 0}, headers=auth),
        ):
            assert r.status_code == 410, r.text
            assert r.json() == {
                "error": "expired",
                "detail": "this table expired unjoined after 1 h: nobody took its free seats",
            }
    with connect(f"{server.ws_url}/api/tables/{table}/ws") as ws:
        ws.send(json.dumps({"token": None}))
        message = json.loads(ws.recv(timeout=10))
        assert message["type"] == "error" and message["error"] == "expired"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4410


def test_a_table_expired_a_week_ago_is_deleted_with_its_seats(tmp_path: Path) -> None:
    """An expired table answers 410 for :data:`KEEP_EXPIRED` (a week), then the service's
    round deletes it, seats and all, so that tables nobody joined do not pile up; a table
    expired more recently, and the tables in play, are kept."""
    from atout.server.models import SeatRow
    from atout.server.service import KEEP_EXPIRED

    url = _url(tmp_path)

    async def run() -> None:
        async with _services(url) as (service,):
            old, _ = await _create(service, "human", "human")
            recent, _ = await _create(service, "human", "human")
            playing, _ = await _create(service, "human", "random")
            now = time.time()
            assert await service.expire_waiting(now + HOUR + 1) == sorted([old, recent])
            _age(url, old, KEEP_EXPIRED + 1)  # it expired more than a week ago
            await service.expire_waiting(time.time())
            assert _status(url, old) == "None" and _status(url, recent) == EXPIRED
            assert _status(url, playing) == PLAYING
            engine = create_engine(url)
            try:
                with engine.connect() as conn:
                    seats = conn.scalars(select(SeatRow.table_id).distinct()).all()
            finally:
                engine.dispose()
            assert sorted(seats) == sorted([recent, playing])

    asyncio.run(run())
