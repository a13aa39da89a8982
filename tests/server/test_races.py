"""Races: two clients post an action with the same ``seq`` at the same moment, again and again;
each time exactly one is applied and the other is told 409 with the new ``seq``.

On SQLite both go to one server process (its per-table lock decides); on PostgreSQL each goes
to its own server process on the same database (the database's unique ``(table, seq)``
decides). The log holds exactly the winners, in order.
"""

from __future__ import annotations

import asyncio

import httpx
import pytest

from tests.server.harness import Client

ROUNDS = 30


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_of_two_posts_on_the_same_seq_exactly_one_is_applied(
    db: str, request: pytest.FixtureRequest
) -> None:
    if db == "sqlite":
        first = second = request.getfixturevalue("sqlite_server")
    else:
        first, second = request.getfixturevalue("pg_pair")
    asyncio.run(_race(first.url, second.url))


async def _race(first: str, second: str) -> None:
    setup = Client(first)
    table = await setup.table("schnapsen", None, ["human", "human"])
    one = httpx.AsyncClient(base_url=first, timeout=30)
    two = httpx.AsyncClient(base_url=second, timeout=30)
    winners = []
    for _ in range(ROUNDS):
        info = (await one.get(f"/api/tables/{table.id}")).json()
        if info["status"] == "over":
            break
        seq, seat = info["seq"], info["to_act"][0]
        auth = {"Authorization": f"Bearer {table.tokens[seat]}"}
        view = (await one.get(f"/api/tables/{table.id}/view", headers=auth)).json()
        legal = view["legal"]
        a, b = legal[0], legal[-1]
        answers = await asyncio.gather(
            one.post(
                f"/api/tables/{table.id}/actions", json={"action": a, "seq": seq}, headers=auth
            ),
            two.post(
                f"/api/tables/{table.id}/actions", json={"action": b, "seq": seq}, headers=auth
            ),
        )
        codes = sorted(r.status_code for r in answers)
        assert codes == [200, 409], [r.text for r in answers]
        won = next(r for r in answers if r.status_code == 200).json()
        lost = next(r for r in answers if r.status_code == 409).json()
        assert won["seq"] == seq + 1
        assert lost == {"error": "stale_seq", "detail": lost["detail"], "seq": seq + 1}
        winners.append([seat, a if answers[0].status_code == 200 else b])
    assert len(winners) == ROUNDS
    for base in (first, second):
        async with httpx.AsyncClient(base_url=base) as check:
            rec = (await check.get(f"/api/tables/{table.id}/record")).json()
            assert rec["actions"] == winners
    for c in (one, two):
        await c.aclose()
    await setup.aclose()
