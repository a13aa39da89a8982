"""Players over time (issue 17 §3) on the server, on SQLite and PostgreSQL: a key without a
password, the matches it finishes in its history, statistics and a rating from them; nothing
of a match being played shows there; a killed server keeps it all."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from tests.server.harness import Client, ServerProcess, Table
from tests.server.play import play


async def _register(client: Client, name: str | None = "Ann") -> str:
    r = await client.http.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    body = r.json()
    assert body["name"] == name and body["id"] and len(body["key"]) >= 40
    return str(body["key"])


def _key(key: str) -> dict[str, str]:
    return {"X-Player-Key": key}


async def _table(client: Client, key: str, game: str, players: list[str]) -> Table:
    r = await client.http.post(
        "/api/tables", json={"game": game, "seats": players, "name": "Ann"}, headers=_key(key)
    )
    assert r.status_code == 201, r.text
    made = r.json()
    return Table(made["table"]["id"], {made["seat"]: made["token"]})


async def _progress(client: Client, key: str) -> dict[str, Any]:
    r = await client.http.get("/api/players/me/progress", headers=_key(key))
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_a_key_is_a_player_without_a_password(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        key = await _register(client)
        r = await client.http.get("/api/players/me", headers=_key(key))
        assert r.status_code == 200 and r.json()["name"] == "Ann" and "key" not in r.json()
        r = await client.http.patch("/api/players/me", json={"name": "Bo"}, headers=_key(key))
        assert r.status_code == 200 and r.json()["name"] == "Bo"
        assert (await client.http.get("/api/players/me", headers=_key(key))).json()["name"] == "Bo"
        r = await client.http.get("/api/players/me")
        assert r.status_code == 401
        r = await client.http.get("/api/players/me", headers=_key("x" * 43))
        assert r.status_code == 403 and r.json()["error"] == "token_wrong"
        # A key nobody has cannot create a table in someone's name.
        r = await client.http.post(
            "/api/tables", json={"game": "schnapsen", "seats": ["human", "easy"]},
            headers=_key("y" * 43),
        )  # fmt: skip
        assert r.status_code == 403
        r = await client.http.post("/api/players", json={"name": "\x1b[2J"})
        assert r.status_code == 422
        # Two players never share a key.
        other = await _register(client, None)
        assert other != key
        await client.aclose()

    asyncio.run(run())


def test_finished_matches_make_the_history_statistics_and_rating(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        key = await _register(client)
        table = await _table(client, key, "schnapsen", ["human", "easy"])
        # While the match is played: nothing of it in the history or the statistics.
        assert (await client.http.get("/api/players/me/history", headers=_key(key))).json() == {
            "matches": []
        }
        before = await _progress(client, key)
        assert before["statistics"] == {}
        assert before["ratings"]["schnapsen"]["matches"] == 0
        assert before["ratings"]["schnapsen"]["next"] == "easy"
        await play(client, table, "schnapsen", seed=4)
        final = (await client.http.get(f"/api/tables/{table.id}")).json()
        won = 0 in final["result"]["winners"]

        # A second match, joined by invite with the key, against a person: in the history,
        # under "people", and not rated.
        r = await client.http.post(
            "/api/tables", json={"game": "seven_up", "seats": ["human", "human"]}
        )
        made = r.json()
        r = await client.http.post(
            f"/api/tables/{made['table']['id']}/join",
            json={"invite": made["invites"][0]["code"], "name": "Ann"},
            headers=_key(key),
        )
        assert r.status_code == 200, r.text
        tokens = {made["seat"]: made["token"], r.json()["seat"]: r.json()["token"]}
        await play(client, Table(made["table"]["id"], tokens), "seven_up", seed=2)

        r = await client.http.get("/api/players/me/history", headers=_key(key))
        matches = r.json()["matches"]
        assert [m["table"] for m in matches] == [made["table"]["id"], table.id]  # newest first
        first = matches[1]
        assert first["game"] == "schnapsen" and first["seat"] == 0 and first["level"] == "easy"
        assert first["won"] is won and first["scores"] == final["result"]["scores"]
        assert first["opponents"] == [{"seat": 1, "player": "easy", "name": None}]
        assert matches[0]["level"] == "people" and matches[0]["seat"] == 1

        progress = await _progress(client, key)
        schnapsen = progress["statistics"]["schnapsen"]["easy"]
        assert schnapsen["matches"] == 1 and schnapsen["wins"] == int(won)
        assert schnapsen["deals"] == len(final["result"]["deals"]) >= 1
        assert progress["statistics"]["seven_up"]["people"]["matches"] == 1
        rating = progress["ratings"]["schnapsen"]
        assert rating["matches"] == 1 and len(rating["points"]) == 1
        assert (rating["mu"] > 1500) is won and rating["sigma"] < 350
        assert rating["points"][0]["table"] == table.id
        assert progress["ratings"]["seven_up"]["matches"] == 0  # against a person: not rated
        await client.aclose()

    asyncio.run(run())


def test_a_killed_server_keeps_every_player_s_history(
    servers: Callable[[str | None], ServerProcess],
) -> None:
    server = servers(None)

    async def run(phase: str, key: str = "") -> tuple[str, list[dict[str, Any]]]:
        client = Client(server.url)
        try:
            if phase == "start":
                key = await _register(client)
                table = await _table(client, key, "schnapsen", ["human", "random"])
                await play(client, table, "schnapsen", seed=1)
            r = await client.http.get("/api/players/me/history", headers=_key(key))
            assert r.status_code == 200, r.text
            return key, r.json()["matches"]
        finally:
            await client.aclose()

    key, before = asyncio.run(run("start"))
    assert len(before) == 1
    server.kill()
    server.start()
    _key_again, after = asyncio.run(run("again", key))
    assert after == before
