"""No impersonation: a seat's token acts for that seat only, reads that seat's view only, and
opens nothing at another table; nothing else (an invite, a token's hash, a part of a token)
passes for a token."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.harness import ServerProcess


@pytest.fixture
def http(server: ServerProcess) -> Iterator[httpx.Client]:
    """A client of the server on SQLite, then on PostgreSQL."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _table(http: httpx.Client) -> tuple[str, dict[int, str], str]:
    """A two-seat Schnapsen table, both seats taken: its id, the tokens, the used invite."""
    made = http.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "human"]})
    body: dict[str, Any] = made.json()
    table, invite = body["table"]["id"], body["invites"][0]["code"]
    joined = http.post(f"/api/tables/{table}/join", json={"invite": invite}).json()
    return table, {0: body["token"], 1: joined["token"]}, invite


def test_a_token_cannot_act_for_the_other_seat(http: httpx.Client) -> None:
    table, tokens, _invite = _table(http)
    info = http.get(f"/api/tables/{table}").json()
    actor = info["to_act"][0]
    other = 1 - actor
    legal = http.get(f"/api/tables/{table}/view", headers=_auth(tokens[actor])).json()["legal"]
    for action in legal:
        r = http.post(
            f"/api/tables/{table}/actions",
            json={"action": action, "seq": 0},
            headers=_auth(tokens[other]),
        )
        assert r.status_code == 422, r.text
        assert r.json()["detail"] == f"it is seat {actor}'s turn, not seat {other}'s"
    r = http.post(
        f"/api/tables/{table}/actions",
        json={"action": legal[0], "seq": 0, "seat": actor},
        headers=_auth(tokens[other]),
    )
    assert r.status_code == 422  # a body cannot name a seat
    assert http.get(f"/api/tables/{table}").json()["seq"] == 0


def test_a_token_reads_its_own_seats_view_only(http: httpx.Client) -> None:
    table, tokens, _invite = _table(http)
    views = {
        s: http.get(f"/api/tables/{table}/view", headers=_auth(t)).json() for s, t in tokens.items()
    }
    for seat, view in views.items():
        assert view["seat"] == seat and view["view"]["seat"] == seat
    assert set(views[0]["view"]["hand"]).isdisjoint(views[1]["view"]["hand"])
    for seat, token in tokens.items():
        for query in ({"seat": 1 - seat}, {"viewer": 1 - seat}):
            asked = http.get(f"/api/tables/{table}/view", params=query, headers=_auth(token))
            assert asked.json() == views[seat]
    spectator = http.get(f"/api/tables/{table}/view").json()
    assert spectator["seat"] is None and spectator["view"]["hand"] is None


@pytest.mark.parametrize("kind", ["invite", "hash", "prefix", "other table", "case"])
def test_nothing_but_the_token_opens_a_seat(http: httpx.Client, kind: str) -> None:
    table, tokens, invite = _table(http)
    elsewhere, _other_tokens, _ = _table(http)
    token = tokens[0]
    fake, where = {
        "invite": (invite, table),
        "hash": (hashlib.sha256(token.encode()).hexdigest(), table),
        "prefix": (token[:-1], table),
        "other table": (token, elsewhere),
        "case": (token.swapcase(), table),
    }[kind]
    for path in ("view", "record"):
        assert http.get(f"/api/tables/{where}/{path}", headers=_auth(fake)).status_code == 403
    r = http.post(
        f"/api/tables/{where}/actions", json={"action": "close", "seq": 0}, headers=_auth(fake)
    )
    assert r.status_code == 403 and r.json()["error"] == "token_wrong"


def test_a_websocket_opened_with_a_token_carries_that_seat_only(
    http: httpx.Client, server: ServerProcess
) -> None:
    table, tokens, _invite = _table(http)
    url = f"{server.ws_url}/api/tables/{table}/ws"
    elsewhere, _other, _ = _table(http)
    with connect(
        f"{server.ws_url}/api/tables/{elsewhere}/ws",
        additional_headers=_auth(tokens[0]),
    ) as ws:
        refused = json.loads(ws.recv(timeout=10))
        assert refused["type"] == "error" and refused["error"] == "token_wrong"
    with connect(url, additional_headers=_auth(tokens[1])) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["seat"] == 1 and first["view"]["seat"] == 1
        mine = http.get(f"/api/tables/{table}/view", headers=_auth(tokens[1])).json()
        assert first["view"] == mine["view"]
