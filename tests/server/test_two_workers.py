"""Two workers: two server processes on one PostgreSQL database serve one table. The table is
created on one and joined on the other; moves are posted alternately to each, every one is
applied in order, and every websocket, on either worker, delivers every update (each worker
learns of the other's writes by LISTEN/NOTIFY), exactly the engine's view for its viewer."""

from __future__ import annotations

import asyncio
import contextlib
import time

from atout import record as records
from tests.server.harness import Client, ServerProcess, Socket, Table
from tests.server.knowledge import Knowledge, check_socket
from tests.server.play import choose


def test_moves_posted_alternately_to_two_workers_all_apply_and_reach_every_socket(
    pg_pair: tuple[ServerProcess, ServerProcess],
) -> None:
    asyncio.run(_two(*pg_pair))


async def _two(a: ServerProcess, b: ServerProcess) -> None:
    clients = (Client(a.url), Client(b.url))
    made = await clients[0].create("seven_up", ["human", "human"])
    table_id = made["table"]["id"]
    joined = await clients[1].join(table_id, made["invites"][0]["code"])
    table = Table(table_id, {0: made["token"], 1: joined["token"]})
    deadline = time.monotonic() + 10
    while (await clients[0].http.get(f"/api/tables/{table_id}")).json()["status"] != "playing":
        assert time.monotonic() < deadline, "worker a never heard that the seat was taken"
        await asyncio.sleep(0.01)
    async with contextlib.AsyncExitStack() as stack:
        sockets: list[tuple[int | None, Socket]] = []
        for client in clients:
            for viewer, token in [*table.tokens.items(), (None, None)]:
                sock = await stack.enter_async_context(client.socket(table_id, viewer, token))
                sockets.append((viewer, sock))
        posted = []
        current = 0  # the worker that applied the last action knows the table best
        while True:
            info = (await clients[current].http.get(f"/api/tables/{table_id}")).json()
            if info["status"] == "over":
                break
            seat = info["to_act"][0]
            auth = {"Authorization": f"Bearer {table.tokens[seat]}"}
            view = (
                await clients[current].http.get(f"/api/tables/{table_id}/view", headers=auth)
            ).json()
            action = choose(view["seq"], view["legal"], 3)
            other = 1 - current
            r = await clients[other].http.post(
                f"/api/tables/{table_id}/actions",
                json={"action": action, "seq": view["seq"]},
                headers=auth,
            )
            assert r.status_code == 200, r.text
            assert r.json()["seq"] == view["seq"] + 1
            posted.append([seat, action])
            current = other
        for _viewer, sock in sockets:
            await sock.until_seq(len(posted))
    records_seen = [(await c.http.get(f"/api/tables/{table_id}/record")).json() for c in clients]
    assert records_seen[0] == records_seen[1]
    assert records_seen[0]["actions"] == posted
    knowledge = Knowledge.of(records.from_dict(records_seen[0]))
    for viewer, sock in sockets:
        check_socket(knowledge, viewer, sock.messages)
    for c in clients:
        await c.aclose()
