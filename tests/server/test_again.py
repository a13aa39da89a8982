"""The same cards again (issue 17 §2) on the server, on SQLite and PostgreSQL: a deal of a
finished match played again from its packs, the duplicate challenge (the expert's play of
the same cards beside the seat's, run in the bot pool and kept), and a record opened from
a file to review, checked by replaying it."""

from __future__ import annotations

import asyncio
import copy
import json
import time
from collections.abc import Callable
from typing import Any

from atout import record as records
from atout.games import load
from tests.server.harness import Client, ServerProcess
from tests.server.play import play

SCHNAPSEN = "schnapsen"


async def _finished(client: Client, game: str, rules: str | None, players: list[str],
                    seed: int) -> tuple[str, records.Record]:  # fmt: skip
    """A table played to its end, and its record."""
    table = await client.table(game, rules, players)
    await play(client, table, rules or game, seed=seed)
    r = await client.http.get(f"/api/tables/{table.id}/record")
    return table.id, records.from_dict(r.json())


def _deal_start(rec: records.Record, deal: int) -> Any:
    """The record's match as deal ``deal`` begins."""
    state = records.start(rec)
    for seat, text in rec.actions:
        if state.deals_done >= deal - 1:
            break
        state.apply(text, seat)
    return state


def test_a_deal_is_played_again_from_its_packs_in_either_seat(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        table_id, rec = await _finished(client, SCHNAPSEN, None, ["human", "easy"], seed=2)
        assert len(rec.packs) >= 2
        for seat in (0, 1):
            r = await client.http.post(
                f"/api/tables/{table_id}/again", json={"deal": 2, "seat": seat, "name": "Ann"}
            )
            assert r.status_code == 201, r.text
            made = r.json()
            assert made["seat"] == seat and made["token"] and made["invites"] == []
            info = made["table"]
            assert info["status"] == "playing" and info["rules"] == rec.rules
            # The person takes the seat asked for; the bot the seat the person left.
            players = [s["player"] for s in info["seats"]]
            assert players == (["human", "easy"] if seat == 0 else ["easy", "human"])
            assert info["seats"][seat]["name"] == "Ann"
            # The seat holds the cards it held when deal 2 began, the same dealer deals.
            view = (
                await client.http.get(
                    f"/api/tables/{info['id']}/view",
                    headers={"Authorization": f"Bearer {made['token']}"},
                )
            ).json()["view"]
            before = _deal_start(rec, 2).view(seat).to_dict()
            assert sorted(view["hand"]) == sorted(before["hand"])
            assert view["dealer"] == before["dealer"] and view["trump"] == before["trump"]
        await client.aclose()

    asyncio.run(run())


def test_playing_again_is_refused_where_it_cannot_be(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        table = await client.table(SCHNAPSEN, None, ["human", "easy"])
        r = await client.http.post(f"/api/tables/{table.id}/again", json={"seat": 0})
        assert r.status_code == 409 and r.json()["error"] == "not_over"
        await play(client, table, SCHNAPSEN, seed=5)
        deals = len(records.from_dict(
            (await client.http.get(f"/api/tables/{table.id}/record")).json()
        ).packs)  # fmt: skip
        for body, says in [
            ({"deal": deals + 5, "seat": 0}, f"deals 1 to {deals}, not deal {deals + 5}"),
            ({"deal": 1, "seat": 3}, "seats 0 to 1, not 3"),
        ]:
            r = await client.http.post(f"/api/tables/{table.id}/again", json=body)
            assert r.status_code == 422 and says in r.json()["detail"], r.text
        r = await client.http.post(f"/api/tables/{table.id}/again", json={"deal": 0, "seat": 0})
        assert r.status_code == 422

        rules = "river(players=3,start_cards=2)"
        river_id, _rec = await _finished(client, "river", rules, ["human", "easy", "easy"], 1)
        r = await client.http.post(f"/api/tables/{river_id}/again", json={"deal": 2, "seat": 0})
        assert r.status_code == 422 and "first round" in r.json()["detail"]
        r = await client.http.post(f"/api/tables/{river_id}/again", json={"deal": 1, "seat": 2})
        assert r.status_code == 201
        assert [s["player"] for s in r.json()["table"]["seats"]] == ["easy", "easy", "human"]
        await client.aclose()

    asyncio.run(run())


async def _challenge(client: Client, table_id: str, deal: int, seat: int) -> dict[str, Any]:
    r = await client.http.post(
        f"/api/tables/{table_id}/duplicate", json={"deal": deal, "seat": seat}
    )
    assert r.status_code == 202, r.text
    assert r.json()["status"] in ("running", "done")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        r = await client.http.get(
            f"/api/tables/{table_id}/duplicate", params={"deal": deal, "seat": seat}
        )
        body: dict[str, Any] = r.json()
        if body["status"] == "done":
            return body
        assert body["status"] == "running", body
        await asyncio.sleep(0.05)
    raise AssertionError("no duplicate in 120 s")


def test_the_duplicate_challenge_sets_the_expert_beside_the_seat(server: ServerProcess) -> None:
    async def run() -> None:
        client = Client(server.url)
        table = await client.table(SCHNAPSEN, None, ["human", "easy"])
        r = await client.http.post(f"/api/tables/{table.id}/duplicate", json={"deal": 1, "seat": 0})
        assert r.status_code == 409 and r.json()["error"] == "not_over"
        await play(client, table, SCHNAPSEN, seed=7)
        rec = records.from_dict((await client.http.get(f"/api/tables/{table.id}/record")).json())
        r = await client.http.get(
            f"/api/tables/{table.id}/duplicate", params={"deal": 1, "seat": 0}
        )
        assert r.json()["status"] == "none"

        body = await _challenge(client, table.id, 1, 0)
        dup = body["duplicate"]
        assert dup["deal"] == 1 and dup["seat"] == 0 and dup["unit"] == "game points"
        game = load(rec.rules)
        # The record's line is the record's deal 1, valued as the game values a deal.
        state = _deal_start(rec, 1)
        played = []
        for seat, text in rec.actions:
            if state.deals_done >= 1:
                break
            played.append([seat, text])
            state.apply(text, seat)
        assert dup["played"]["actions"] == played
        first = state.result().deals[0]
        assert dup["played"]["value"] == game.deal_value(first, 0)
        # The expert's line replays from the same start to the end of the deal, with the
        # same first cards, and is valued the same way.
        line = _deal_start(rec, 1)
        assert line.view(0).to_dict()["hand"] == _deal_start(rec, 1).view(0).to_dict()["hand"]
        for seat, text in dup["expert"]["actions"]:
            assert line.deals_done == 0
            line.apply(text, seat)
        assert line.deals_done == 1
        ours = line.result().deals[0]
        assert dup["expert"]["value"] == game.deal_value(ours, 0)
        assert dup["expert"]["result"] == ours.to_dict()
        assert dup["difference"] == dup["expert"]["value"] - dup["played"]["value"]
        assert body["done"] == len(dup["expert"]["actions"])

        # Kept: asked again, the same challenge, not a second one.
        r = await client.http.post(f"/api/tables/{table.id}/duplicate", json={"deal": 1, "seat": 0})
        assert r.status_code == 202 and r.json()["duplicate"] == dup

        for deal, seat in [(len(rec.packs) + 3, 0), (1, 2)]:
            r = await client.http.post(
                f"/api/tables/{table.id}/duplicate", json={"deal": deal, "seat": seat}
            )
            assert r.status_code == 422, r.text
        await client.aclose()

    asyncio.run(run())


def test_a_server_killed_mid_challenge_runs_it_again_when_asked(
    servers: Callable[[str | None], ServerProcess],
) -> None:
    """The challenge is stored once, at its end: a server killed while the expert plays leaves
    nothing half written, and asking again after the restart plays the whole deal."""
    server = servers(None)
    rules = "river(players=4,start_cards=6)"  # the expert's first round: some 30 decisions

    async def run(phase: str, table_id: str = "") -> str:
        client = Client(server.url)
        try:
            if phase == "start":
                table = await client.table("river", rules, ["human", "easy", "easy", "easy"])
                await play(client, table, rules, seed=5)
                r = await client.http.post(
                    f"/api/tables/{table.id}/duplicate", json={"deal": 1, "seat": 0}
                )
                assert r.status_code == 202 and r.json()["status"] == "running", r.text
                return table.id
            r = await client.http.get(
                f"/api/tables/{table_id}/duplicate", params={"deal": 1, "seat": 0}
            )
            assert r.json()["status"] in ("none", "done"), r.text
            body = await _challenge(client, table_id, 1, 0)
            got = await client.http.get(f"/api/tables/{table_id}/record")
            rec = records.from_dict(got.json())
            line = _deal_start(rec, 1)
            for seat, text in body["duplicate"]["expert"]["actions"]:
                line.apply(text, seat)
            assert line.deals_done == 1  # the whole deal, from its start
            return table_id
        finally:
            await client.aclose()

    table_id = asyncio.run(run("start"))
    server.kill()
    server.start()
    asyncio.run(run("again", table_id))


def test_a_record_opens_as_a_finished_table_and_a_bad_one_is_refused(
    server: ServerProcess,
) -> None:
    async def run() -> None:
        client = Client(server.url)
        rules = "river(players=4)"  # a whole river: a record larger than other bodies may be
        table_id, _rec = await _finished(
            client, "river", rules, ["human", "easy", "medium", "easy"], seed=3
        )
        data = (await client.http.get(f"/api/tables/{table_id}/record")).json()
        assert len(json.dumps(data)) > 16 * 1024
        r = await client.http.post("/api/records", json=data)
        assert r.status_code == 201, r.text
        info = r.json()
        assert info["status"] == "over" and info["id"] != table_id
        assert info["result"] == data["result"]
        assert [s["player"] for s in info["seats"]] == ["human", "easy", "medium", "easy"]
        assert info["seats"][0]["name"] == data["seats"][0]["name"]
        assert info["free_seats"] == []  # nobody sits down at a record
        # It reviews, and its record is the one opened.
        r = await client.http.get(f"/api/tables/{info['id']}/review", params={"step": 5})
        assert r.status_code == 200 and r.json()["step"] == 5
        again = (await client.http.get(f"/api/tables/{info['id']}/record")).json()
        for key in ("rules", "dealer", "packs", "actions", "result", "seats"):
            assert again[key] == data[key], key
        # Nobody plays at it: no token opens a seat, and its decisions are a person's.
        r = await client.http.get(f"/api/tables/{info['id']}/analysis")
        assert r.status_code == 200 and r.json()["status"] == "none"

        # A record edited at one action: refused, naming the step.
        bad = copy.deepcopy(data)
        seat, _text = bad["actions"][9]
        bad["actions"][9] = [seat, "bid 99"]
        r = await client.http.post("/api/records", json=bad)
        assert r.status_code == 422 and r.json()["error"] == "bad_record"
        assert "record step 10" in r.json()["detail"], r.text
        # A result edited: refused, naming the field.
        bad = copy.deepcopy(data)
        bad["result"]["scores"][0] += 1
        r = await client.http.post("/api/records", json=bad)
        assert r.status_code == 422 and "result.scores[0]" in r.json()["detail"], r.text
        # A match not over: nothing to review.
        whole = records.from_dict(data)
        state = records.start(whole)
        for seat, text in whole.actions[:30]:
            state.apply(text, seat)
        bad = records.from_state(state, whole.seats).to_dict()
        r = await client.http.post("/api/records", json=bad)
        assert r.status_code == 422 and "not over" in r.json()["detail"], r.text
        # A name a terminal would act on.
        bad = copy.deepcopy(data)
        bad["seats"][0]["name"] = "\x1b[2JAnn"
        r = await client.http.post("/api/records", json=bad)
        assert r.status_code == 422 and "seats[0].name" in r.json()["detail"], r.text
        # Not a record at all, and too deep to parse: clear errors, never a 5xx.
        for content in [b"[1, 2]", b"{", b"[" * 100_000, b'{"game": "chess"}']:
            r = await client.http.post(
                "/api/records", content=content, headers={"content-type": "application/json"}
            )
            assert r.status_code == 422, (content[:20], r.status_code, r.text)
        r = await client.http.post(
            "/api/records",
            content=b" " * (300 * 1024),
            headers={"content-type": "application/json"},
        )
        assert r.status_code == 413
        await client.aclose()

    asyncio.run(run())
