"""Bots on the server: they play their seats within their time budget in the worker pool while
other tables go on, and a stand-in plays for a player gone past the grace period until the
player comes back with their token."""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from atout import record as records
from tests.server.harness import Client, ServerProcess
from tests.server.play import play


@pytest.mark.parametrize(
    ("game", "rules", "players"),
    [
        ("schnapsen", None, ["medium", "human"]),
        ("seven_up", None, ["human", "medium"]),
        ("river", "river(players=3,start_cards=4)", ["medium", "human", "easy"]),
    ],
)
def test_bots_play_their_seats_to_the_end_of_the_match(
    sqlite_server: ServerProcess, game: str, rules: str | None, players: list[str]
) -> None:
    async def run() -> dict[str, Any]:
        client = Client(sqlite_server.url)
        table = await client.table(game, rules, players)
        await play(client, table, rules or game, seed=5)
        full: dict[str, Any] = (await client.http.get(f"/api/tables/{table.id}/record")).json()
        await client.aclose()
        return full

    full = asyncio.run(run())
    for (seat, _action), by in zip(full["actions"], full["meta"]["by"], strict=True):
        assert by == ("seat" if players[seat] == "human" else players[seat])
    for spec, named in zip(players, full["seats"], strict=True):
        if spec != "human":
            assert named["name"] == spec and named["version"]
    records.replay(records.from_dict(full))


def test_a_thinking_bot_holds_up_no_other_table(sqlite_server: ServerProcess) -> None:
    """The server runs one bot worker here: while a search bot thinks for its full budget,
    moves at another table are answered at once, and the bot answers within its budget."""

    async def run() -> tuple[list[float], float]:
        client = Client(sqlite_server.url)
        thinker = await client.create("schnapsen", ["hard(time=1.5)", "hard(time=1.5)"], rules=None)
        busy = thinker["table"]["id"]
        other = await client.table("schnapsen", None, ["human", "human"])
        start = (await client.http.get(f"/api/tables/{busy}")).json()["seq"]
        began = time.monotonic()
        lags = []
        for _ in range(12):
            info = (await client.http.get(f"/api/tables/{other.id}")).json()
            seat = info["to_act"][0]
            auth = {"Authorization": f"Bearer {other.tokens[seat]}"}
            view = (await client.http.get(f"/api/tables/{other.id}/view", headers=auth)).json()
            t = time.monotonic()
            r = await client.http.post(
                f"/api/tables/{other.id}/actions",
                json={"action": view["legal"][0], "seq": view["seq"]},
                headers=auth,
            )
            lags.append(time.monotonic() - t)
            assert r.status_code == 200
        while (await client.http.get(f"/api/tables/{busy}")).json()["seq"] < start + 3:
            await asyncio.sleep(0.05)
        per_move = (time.monotonic() - began) / 3
        await client.aclose()
        return lags, per_move

    lags, per_move = asyncio.run(run())
    assert statistics.median(lags) < 0.25, lags
    assert per_move < 1.5 + 1.5, f"the bot took {per_move:.2f} s a move on a 1.5 s budget"


@pytest.fixture(params=["sqlite", "postgresql"])
def quick_server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[ServerProcess]:
    """A server of its own, on SQLite then PostgreSQL, whose tables may give their absent
    players half a second (``--min-grace 0.5``): the shared servers keep the least, 10 s."""
    db = request.getfixturevalue("postgres").database() if request.param == "postgresql" else None
    server = ServerProcess(tmp_path / "data", db, args=("--min-grace", "0.5")).start()
    yield server
    server.stop()


def test_a_stand_in_plays_for_an_absent_player_until_they_come_back(
    quick_server: ServerProcess,
) -> None:
    asyncio.run(_stand_in(quick_server))


async def _stand_in(server: ServerProcess) -> None:
    """Two players; seat 1 stays connected and plays its turns, seat 0 comes and goes."""
    client = Client(server.url)
    table = await client.table("schnapsen", None, ["human", "human"], grace=0.5, standin="random")
    path = f"/api/tables/{table.id}"

    async def info() -> dict[str, Any]:
        body: dict[str, Any] = (await client.http.get(path)).json()
        return body

    async def seat_1_plays() -> None:
        token = table.tokens[1]
        view = (await client.get(f"{path}/view", 1, token)).json()
        r = await client.act(table.id, 1, token, view["legal"][0], view["seq"])
        assert r.status_code == 200, r.text

    async with client.socket(table.id, 1, table.tokens[1]):
        async with client.socket(table.id, 0, table.tokens[0]) as sock:
            while 0 not in (now := await info())["to_act"]:
                await seat_1_plays()
            await asyncio.sleep(1.0)  # present all along: nobody plays for seat 0
            still = await info()
            assert still["seq"] == now["seq"] and still["seats"][0]["standin"] is False
            assert sock.messages[0]["type"] == "snapshot"
        gone = time.monotonic()
        while (now := await info())["seq"] == still["seq"]:  # seat 0 is away: a stand-in plays
            assert time.monotonic() - gone < 20, "no stand-in played"
            await asyncio.sleep(0.05)
        assert time.monotonic() - gone >= 0.5, "the stand-in did not wait out the grace period"
        assert now["seats"][0]["standin"] is True
        async with client.socket(table.id, 0, table.tokens[0]) as sock:  # back, with the token
            await sock.until_seq(0)  # the snapshot: the server knows seat 0 is back
            while 0 not in (now := await info())["to_act"]:
                if 1 in now["to_act"]:
                    await seat_1_plays()
                else:  # the stand-in's last move may still be landing
                    await asyncio.sleep(0.02)
            await asyncio.sleep(1.5)  # three grace periods: the stand-in has stood down
            still = await info()
            assert still["seq"] == now["seq"] and still["seats"][0]["standin"] is False
            view = (await client.get(f"{path}/view", 0, table.tokens[0])).json()
            r = await client.act(table.id, 0, table.tokens[0], view["legal"][0], view["seq"])
            assert r.status_code == 200, r.text
    await client.aclose()


def test_a_match_whose_people_have_all_gone_pauses_until_one_comes_back(
    quick_server: ServerProcess,
) -> None:
    """Issue 17 §4.2: no stand-in plays a match out for nobody. The one person at a table of
    bots leaves: past the grace period the match waits (``paused``, and no seat shown as a
    stand-in's) until they come back and play on."""

    async def run() -> None:
        client = Client(quick_server.url)
        table = await client.table("schnapsen", None, ["human", "random"], grace=0.5)
        path = f"/api/tables/{table.id}"
        token = table.tokens[0]
        while 0 not in (now := (await client.http.get(path)).json())["to_act"]:
            await asyncio.sleep(0.02)
        await asyncio.sleep(1.5)  # three grace periods, nobody here
        still = (await client.http.get(path)).json()
        assert still["seq"] == now["seq"] and still["paused"] is True
        assert still["seats"][0]["standin"] is False and still["seats"][0]["present"] is False
        view = (await client.get(f"{path}/view", 0, token)).json()  # back
        assert (await client.http.get(path)).json()["paused"] is False
        r = await client.act(table.id, 0, token, view["legal"][0], view["seq"])
        assert r.status_code == 200, r.text
        await client.aclose()

    asyncio.run(run())
