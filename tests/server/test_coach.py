"""The coach on the server: a finished table's analysis runs in the bot pool, is kept with the
table (analysed once, on SQLite and PostgreSQL), is refused while the match is played (the
decisions would tell what the seats held), and a server killed mid-analysis starts it again
when asked."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from atout import record as records
from atout.coach import Coach
from tests.server.harness import Client, ServerProcess
from tests.server.play import play

RULES = "river(players=3,start_cards=2)"


async def _until_done(client: Client, table: str, mode: str, timeout: float = 120) -> Any:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        r = await client.http.get(f"/api/tables/{table}/analysis", params={"mode": mode})
        assert r.status_code == 200, r.text
        body = r.json()
        seen.append(body["status"])
        if body["status"] == "done":
            return body, seen
        assert body["status"] == "running", body
        assert 0 <= body["done"] <= body["total"]
        await asyncio.sleep(0.05)
    raise AssertionError(f"no analysis in {timeout} s: {seen[-5:]}")


def test_a_finished_table_is_analysed_once_in_the_pool_and_kept(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        table = await client.table("river", RULES, ["human", "easy", "medium"])
        r = await client.http.get(f"/api/tables/{table.id}/analysis")
        assert r.status_code == 409 and r.json()["error"] == "not_over"
        r = await client.http.post(f"/api/tables/{table.id}/analysis", json={})
        assert r.status_code == 409
        await play(client, table, RULES, seed=3)

        r = await client.http.get(f"/api/tables/{table.id}/analysis")
        assert r.json() == {"mode": "view", "status": "none", "done": 0, "total": 0,
                            "analysis": None, "error": None}  # fmt: skip
        r = await client.http.post(f"/api/tables/{table.id}/analysis", json={"mode": "view"})
        assert r.status_code == 202 and r.json()["status"] in ("running", "done")
        body, _seen = await _until_done(client, table.id, "view")
        analysis = body["analysis"]

        # The decisions are those of the person's seat with a choice, valued over the legal
        # actions of the time.
        rec = records.from_dict((await client.http.get(f"/api/tables/{table.id}/record")).json())
        seats, steps = Coach(rec).plan()
        assert seats == (0,) and analysis["seats"] == [0]
        assert [d["step"] for d in analysis["decisions"]] == steps and steps
        for d in analysis["decisions"]:
            assert d["played"] == rec.actions[d["step"] - 1][1]
            assert d["played"] in d["values"] and d["best"] in d["values"]
        assert body["done"] == body["total"] == len(steps)
        assert analysis["summary"]["0"]["decisions"] == len(steps)

        # Asked again, it is the one kept, not a second analysis.
        r = await client.http.post(f"/api/tables/{table.id}/analysis", json={"mode": "view"})
        assert r.status_code == 202 and r.json()["status"] == "done"
        assert r.json()["analysis"] == analysis

        # With all cards open: a second analysis, its own.
        await client.http.post(f"/api/tables/{table.id}/analysis", json={"mode": "open"})
        body, _seen = await _until_done(client, table.id, "open")
        assert body["analysis"]["mode"] == "open"
        assert [d["step"] for d in body["analysis"]["decisions"]] == steps

        r = await client.http.post(f"/api/tables/{table.id}/analysis", json={"mode": "closed"})
        assert r.status_code == 422
        await client.aclose()

    asyncio.run(run())


def test_a_server_killed_mid_analysis_analyses_again_when_asked(
    servers: Callable[[str | None], ServerProcess],
) -> None:
    server = servers(None)
    rules = "river(players=4)"  # 19 rounds: an analysis of some length

    async def run(phase: str, table_id: str = "") -> str:
        client = Client(server.url)
        try:
            if phase == "start":
                table = await client.table("river", rules, ["human", "easy", "easy", "easy"])
                await play(client, table, rules, seed=4)
                r = await client.http.post(f"/api/tables/{table.id}/analysis", json={})
                assert r.status_code == 202 and r.json()["status"] == "running", r.text
                return table.id
            r = await client.http.get(f"/api/tables/{table_id}/analysis")
            # The job died with the process (unless it was quicker than the kill): nothing
            # half written, and asking again makes it.
            assert r.json()["status"] in ("none", "done"), r.text
            r = await client.http.post(f"/api/tables/{table_id}/analysis", json={})
            assert r.status_code == 202, r.text
            body, _seen = await _until_done(client, table_id, "view", timeout=200)
            assert body["total"] > 20 and len(body["analysis"]["decisions"]) == body["total"]
            return table_id
        finally:
            await client.aclose()

    table_id = asyncio.run(run("start"))
    server.kill()
    server.start()
    asyncio.run(run("again", table_id))


def test_a_person_s_bot_answers_at_once_while_a_match_is_analysed(
    sqlite_server: ServerProcess,
) -> None:
    """The analysis goes through the pool's queues as a bots-only table's decisions do (one
    of its jobs in a worker at a time, never in the worker kept for people's tables): a
    person's bot at another table answers as quickly as ever."""
    rules = "river(players=4)"

    async def run() -> tuple[list[float], list[str]]:
        client = Client(sqlite_server.url)
        done = await client.table("river", rules, ["human", "easy", "easy", "easy"])
        await play(client, done, rules, seed=6)
        r = await client.http.post(f"/api/tables/{done.id}/analysis", json={})
        assert r.status_code == 202, r.text
        table = await client.table("schnapsen", None, ["human", "medium"])
        auth = {"Authorization": f"Bearer {table.tokens[0]}"}
        waits, statuses = [], []
        for _ in range(8):
            statuses.append(
                (await client.http.get(f"/api/tables/{done.id}/analysis")).json()["status"]
            )
            info = (await client.http.get(f"/api/tables/{table.id}")).json()
            began = time.monotonic()
            while info["to_act"] != [0] and info["status"] == "playing":
                await asyncio.sleep(0.01)
                info = (await client.http.get(f"/api/tables/{table.id}")).json()
            waits.append(time.monotonic() - began)
            if info["status"] != "playing":
                break
            view = (await client.http.get(f"/api/tables/{table.id}/view", headers=auth)).json()
            r = await client.http.post(
                f"/api/tables/{table.id}/actions",
                json={"action": view["legal"][0], "seq": view["seq"]},
                headers=auth,
            )
            assert r.status_code == 200, r.text
        await _until_done(client, done.id, "view", timeout=200)
        await client.aclose()
        return waits, statuses

    waits, statuses = asyncio.run(run())
    assert statuses[0] == "running", statuses
    assert max(waits) < 1.0, waits
