"""Crash safety: a server process killed with SIGKILL in the middle of a match (once while an
action is in flight, once between requests) starts again on its database, every table resumes,
and the match goes on to exactly the result an uninterrupted match gives: the same actions
from the same seed, the same packs dealt after the restart (the stored seed shuffles them),
the same result. On SQLite and on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Callable

import httpx
import psycopg
import pytest

from atout import record as records
from atout.cards import card_text
from atout.games import load
from tests.server.harness import Client, ServerProcess, Table
from tests.server.play import choose

SEED = 11


def _stored_seed(server: ServerProcess, table: str) -> int:
    """The table's secret seed, read from the database the way only the server may."""
    if server.db is None:
        db = sqlite3.connect(server.data / "atout.db")
        try:
            row = db.execute("SELECT seed FROM tables WHERE id = ?", (table,)).fetchone()
        finally:
            db.close()
    else:
        with psycopg.connect(server.db) as conn:
            row = conn.execute("SELECT seed FROM tables WHERE id = %s", (table,)).fetchone()
    assert row is not None
    return int(row[0])


async def _step(client: Client, table: Table) -> bool:
    """One deterministic action by the seat to act; False once the match is over."""
    info = (await client.http.get(f"/api/tables/{table.id}")).json()
    if info["status"] == "over":
        return False
    seat = info["to_act"][0]
    auth = {"Authorization": f"Bearer {table.tokens[seat]}"}
    view = (await client.http.get(f"/api/tables/{table.id}/view", headers=auth)).json()
    action = choose(view["seq"], view["legal"], SEED)
    r = await client.http.post(
        f"/api/tables/{table.id}/actions",
        json={"action": action, "seq": view["seq"]},
        headers=auth,
    )
    assert r.status_code == 200, r.text
    return True


async def _kill_in_flight(client: Client, table: Table, server: ServerProcess) -> None:
    """Post the next action and kill the server while it may be handling it."""
    info = (await client.http.get(f"/api/tables/{table.id}")).json()
    seat = info["to_act"][0]
    auth = {"Authorization": f"Bearer {table.tokens[seat]}"}
    view = (await client.http.get(f"/api/tables/{table.id}/view", headers=auth)).json()
    post = asyncio.create_task(
        client.http.post(
            f"/api/tables/{table.id}/actions",
            json={"action": choose(view["seq"], view["legal"], SEED), "seq": view["seq"]},
            headers=auth,
        )
    )
    await asyncio.sleep(0.002)
    server.kill()
    with contextlib.suppress(httpx.HTTPError):
        await post  # applied or not: the restarted server's seq tells


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_killed_server_resumes_every_table_and_the_match_ends_as_if_uninterrupted(
    db: str, servers: Callable[[str | None], ServerProcess], request: pytest.FixtureRequest
) -> None:
    url = None if db == "sqlite" else request.getfixturevalue("postgres").database()
    server = servers(url)
    asyncio.run(_crash(server))


async def _crash(server: ServerProcess) -> None:
    client = Client(server.url)
    table = await client.table("schnapsen", None, ["human", "human"])
    waiting = await client.create("seven_up", ["human", "human"])
    bots = await client.create("river", ["hard(time=0.01)"] * 3, rules="river(players=3)")
    seed = _stored_seed(server, table.id)

    # The uninterrupted match: the same seed, the same choices.
    state = load("schnapsen").new_match(seed=seed)
    while state.to_act is not None:
        seat = state.to_act
        assert isinstance(seat, int)
        legal = [str(a) for a in state.legal_actions(seat)]
        state.apply(choose(len(state.history), legal, SEED), seat)
    expected = records.from_state(state).to_dict()
    steps = len(expected["actions"])
    # The second kill comes just before the action that begins the last deal: its pack is
    # shuffled by the restarted server, from the stored seed.
    deals = [
        len(s.packs) for s, _seat, _text, _events in records.steps(records.from_dict(expected))
    ]
    last_start = deals.index(deals[-1])  # that action is the (last_start + 1)-th
    assert deals[-1] > 1 and last_start > steps // 3 + 1

    for _ in range(steps // 3):
        assert await _step(client, table)
    await _kill_in_flight(client, table, server)
    bots_seq = (await _info(server, bots["table"]["id"]))["seq"]
    server.start()
    await client.aclose()
    client = Client(server.url)
    while (await _info(server, table.id))["seq"] < last_start:
        assert await _step(client, table)
    server.kill()  # between requests
    server.start()
    await client.aclose()
    client = Client(server.url)
    while await _step(client, table):
        pass
    full = (await client.http.get(f"/api/tables/{table.id}/record")).json()
    await client.aclose()

    assert full["actions"] == expected["actions"]
    assert full["packs"] == [[card_text(c) for c in p] for p in state.packs]
    assert full["result"] == expected["result"]
    assert records.replay(records.from_dict(full)).result() == state.result()

    # The other tables resumed too: the waiting one still waits, the bots play on.
    still = await _info(server, waiting["table"]["id"])
    assert still["status"] == "waiting" and still["free_seats"] == [1]
    async with httpx.AsyncClient(base_url=server.url) as http:
        joined = await http.post(
            f"/api/tables/{still['id']}/join", json={"invite": waiting["invites"][0]["code"]}
        )
        assert joined.status_code == 200
    deadline = time.monotonic() + 30
    while (await _info(server, bots["table"]["id"]))["seq"] <= bots_seq + 2:
        assert time.monotonic() < deadline, "the bots' table did not resume"
        await asyncio.sleep(0.1)


async def _info(server: ServerProcess, table: str) -> dict[str, object]:
    """A table's summary; while the server is down, the last one the database holds."""
    if server.proc is not None and server.proc.poll() is not None:
        if server.db is None:
            db = sqlite3.connect(server.data / "atout.db")
            try:
                row = db.execute("SELECT seq FROM tables WHERE id = ?", (table,)).fetchone()
            finally:
                db.close()
        else:
            with psycopg.connect(server.db) as conn:
                row = conn.execute("SELECT seq FROM tables WHERE id = %s", (table,)).fetchone()
        assert row is not None
        return {"seq": row[0]}
    async with httpx.AsyncClient(base_url=server.url) as http:
        info: dict[str, object] = (await http.get(f"/api/tables/{table}")).json()
        return info
