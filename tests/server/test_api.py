"""The API as the issue names it: each endpoint, each error code, the secrets kept secret.

Against one ``atout serve`` process on SQLite and one on PostgreSQL (the ``server`` fixture),
but for what only SQLite has (its file on disk).
"""

from __future__ import annotations

import hashlib
import json
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from atout import record as records
from tests.server.harness import ServerProcess


@pytest.fixture
def http(sqlite_server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=sqlite_server.url, timeout=30) as client:
        yield client


@pytest.fixture
def api(server: ServerProcess) -> Iterator[httpx.Client]:
    """A client of the server on SQLite, then on PostgreSQL."""
    with httpx.Client(base_url=server.url, timeout=30) as client:
        yield client


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _create(http: httpx.Client, game: str, seats: list[str], **more: Any) -> dict[str, Any]:
    r = http.post("/api/tables", json={"game": game, "seats": seats, **more})
    assert r.status_code == 201, r.text
    body: dict[str, Any] = r.json()
    return body


def _finish(http: httpx.Client, table: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the first legal action for whoever acts until the match is over."""
    while True:
        info = http.get(f"/api/tables/{table}").json()
        if info["status"] == "over":
            return dict(info)
        seat = info["to_act"][0]
        view = http.get(f"/api/tables/{table}/view", headers=_auth(tokens[seat])).json()
        r = http.post(
            f"/api/tables/{table}/actions",
            json={"action": view["legal"][0], "seq": view["seq"]},
            headers=_auth(tokens[seat]),
        )
        assert r.status_code == 200, r.text


def test_the_home_page_is_the_web_table_and_the_api_keeps_its_docs(http: httpx.Client) -> None:
    r = http.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert '<script type="module" src="/static/js/main.js">' in r.text
    assert 'href="/docs"' in r.text  # for browsers without JavaScript
    assert "default-src 'self'" in r.headers["content-security-policy"]
    for path in ("/static/js/main.js", "/static/style.css", "/static/icon.svg", "/i18n/fr.json"):
        got = http.get(path)
        assert got.status_code == 200, path
        # Kept, but asked about again before each use: a new release's files are taken at once.
        assert got.headers["cache-control"] == "no-cache", path
        again = http.get(path, headers={"If-None-Match": got.headers["etag"]})
        assert again.status_code == 304, path
    assert http.get("/docs").status_code == 200
    schema = http.get("/openapi.json").json()
    for path in (
        "/api/tables",
        "/api/tables/{table_id}",
        "/api/tables/{table_id}/join",
        "/api/tables/{table_id}/view",
        "/api/tables/{table_id}/actions",
        "/api/tables/{table_id}/record",
        "/api/tables/{table_id}/hint",
        "/api/tables/{table_id}/review",
        "/api/games",
        "/api/games/{game}/rules",
    ):
        assert path in schema["paths"]
    assert "/" not in schema["paths"] and "/favicon.ico" not in schema["paths"]


def test_a_table_waits_for_its_invited_players_then_plays(api: httpx.Client) -> None:
    http = api
    made = _create(http, "river", ["human", "random", "human", "human"], name="Ann")
    table = made["table"]
    assert made["seat"] == 0 and len(made["token"]) >= 43  # 256 bits, url-safe base64
    assert [i["seat"] for i in made["invites"]] == [2, 3]
    for invite in made["invites"]:
        assert invite["link"].endswith(f"#table={table['id']}&invite={invite['code']}")
    assert table["status"] == "waiting" and table["free_seats"] == [2, 3]
    listed = http.get("/api/tables", params={"status": "waiting"}).json()["tables"]
    assert table["id"] in [t["id"] for t in listed]
    r = http.post(
        f"/api/tables/{table['id']}/actions",
        json={"action": "bid 0", "seq": 0},
        headers=_auth(made["token"]),
    )
    assert r.status_code == 409 and r.json()["error"] == "not_started"
    bad = http.post(f"/api/tables/{table['id']}/join", json={"invite": "not-an-invite"})
    assert bad.status_code == 403
    tokens = {0: made["token"]}
    for invite in made["invites"]:
        joined = http.post(
            f"/api/tables/{table['id']}/join", json={"invite": invite["code"], "name": "Bo"}
        ).json()
        assert joined["seat"] == invite["seat"]
        tokens[joined["seat"]] = joined["token"]
    again = http.post(f"/api/tables/{table['id']}/join", json={"invite": invite["code"]})
    assert again.status_code == 403  # an invite opens its seat once
    info = http.get(f"/api/tables/{table['id']}").json()
    assert info["status"] == "playing" and info["free_seats"] == []
    names = {s["seat"]: s["name"] for s in info["seats"]}
    assert names == {0: "Ann", 1: None, 2: "Bo", 3: "Bo"}
    assert info["seats"][1]["player"] == "random"


def test_a_finished_match_gives_its_whole_record_which_replays(api: httpx.Client) -> None:
    http = api
    made = _create(http, "seven_up", ["human", "human"])
    table = made["table"]["id"]
    joined = http.post(
        f"/api/tables/{table}/join", json={"invite": made["invites"][0]["code"]}
    ).json()
    final = _finish(http, table, {0: made["token"], 1: joined["token"]})
    full = http.get(f"/api/tables/{table}/record").json()
    assert "??" not in json.dumps(full["packs"])
    assert "seed" not in full
    state = records.replay(records.from_dict(full))
    assert state.result().to_dict() == final["result"] == full["result"]
    assert len(full["actions"]) == final["seq"]
    assert full["meta"]["by"] == ["seat"] * final["seq"]
    over = http.get("/api/tables", params={"status": "over"}).json()["tables"]
    assert table in [t["id"] for t in over]
    assert table not in [t["id"] for t in http.get("/api/tables").json()["tables"]]


def test_errors_have_their_codes_and_change_nothing(api: httpx.Client) -> None:
    http = api
    made = _create(http, "schnapsen", ["human", "human"])
    table = made["table"]["id"]
    tokens = {0: made["token"]}
    joined = http.post(f"/api/tables/{table}/join", json={"invite": made["invites"][0]["code"]})
    tokens[1] = joined.json()["token"]
    info = http.get(f"/api/tables/{table}").json()
    seat = info["to_act"][0]
    view = http.get(f"/api/tables/{table}/view", headers=_auth(tokens[seat])).json()
    hand = view["view"]["hand"]
    url = f"/api/tables/{table}/actions"

    def post(body: Any, token: str | None = tokens[seat], **kw: Any) -> httpx.Response:
        headers = _auth(token) if token else {}
        return http.post(url, json=body, headers=headers, **kw)

    absent = next(c for c in ("AS", "KS", "QS", "JS", "10S", "AH") if c not in hand)
    r = post({"action": f"play {absent}", "seq": 0})
    assert r.status_code == 422 and r.json() == {
        "error": "illegal_action",
        "detail": f"you do not hold {absent}",
    }
    r = post({"action": "dance", "seq": 0})
    assert r.status_code == 422 and r.json()["error"] == "malformed"
    assert post({"action": view["legal"][0], "seq": 5}).json() == {
        "error": "stale_seq",
        "detail": "the table has moved on: 0 actions are applied, not 5",
        "seq": 0,
    }
    assert post({"action": view["legal"][0], "seq": 0}, token=None).status_code == 401
    assert post({"action": view["legal"][0], "seq": 0}, token="x" * 43).status_code == 403
    assert post({"action": "play", "seq": "one"}).status_code == 422
    assert post({"seq": 0}).status_code == 422
    assert post({"action": "close", "seq": 0, "seat": 1}).status_code == 422
    not_json = http.post(url, content=b"{nope", headers=_auth(tokens[seat]))
    assert not_json.status_code == 422 and not_json.json()["error"] == "malformed"
    headers = {**_auth(tokens[seat]), "Content-Type": "application/json"}
    not_utf8 = http.post(url, content=b'{"action": "\xff\xfe", "seq": 0}', headers=headers)
    assert not_utf8.status_code == 422 and not_utf8.json()["error"] == "malformed"
    big = post({"action": "x" * 20_000, "seq": 0})
    assert big.status_code == 413 and big.json()["error"] == "too_large"
    for path in ("", "/view", "/record"):
        assert http.get(f"/api/tables/nosuchtable{path}").status_code == 404
    assert http.post("/api/tables/nosuchtable/join", json={"invite": "x"}).status_code == 404
    missing = http.post(
        "/api/tables/nosuchtable/actions", json={"action": "close", "seq": 0}
    ).json()
    assert missing["error"] == "not_found"
    after = http.get(f"/api/tables/{table}/view", headers=_auth(tokens[seat])).json()
    assert after == view  # nothing changed
    r = post({"action": view["legal"][0], "seq": 0})
    assert r.status_code == 200 and r.json()["seq"] == 1


def test_a_streamed_oversized_body_is_refused_with_413(sqlite_server: ServerProcess) -> None:
    chunk = b'{"game": "schnapsen", "seats": ["human", "human"], "name": "' + b"x" * 9000
    with socket.create_connection(("127.0.0.1", sqlite_server.port), timeout=10) as conn:
        head = (
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        body = b"".join(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n" for _ in range(3))
        conn.sendall(head + body + b"0\r\n\r\n")
        answer = conn.recv(4096)
    assert answer.startswith(b"HTTP/1.1 413")


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ({"game": "whist", "seats": ["human"]}, "there is no game"),
        ({"game": "schnapsen", "seats": ["human"]}, "has 2 seats"),
        ({"game": "schnapsen", "rules": "river", "seats": ["human"] * 4}, "not a rules text"),
        ({"game": "schnapsen", "rules": "schnapsen(x=1)", "seats": ["human"] * 2}, "x"),
        ({"game": "schnapsen", "seats": ["human", "/tmp/evil.py:Bot"]}, "no bot"),
        ({"game": "schnapsen", "seats": ["human", "os:system"]}, "no bot"),
        ({"game": "schnapsen", "seats": ["human", "hard(time=600)"]}, "10 s at most"),
        ({"game": "schnapsen", "seats": ["human", "medium(depth=3)"]}, "takes"),
        ({"game": "schnapsen", "seats": ["human", "human"], "seat": 1, "standin": "zz"}, "zz"),
        ({"game": "schnapsen", "seats": ["random", "human"], "seat": 0}, "not a human seat"),
    ],
)
def test_tables_that_cannot_be_made_are_refused_with_the_reason(
    api: httpx.Client, body: dict[str, Any], why: str
) -> None:
    r = api.post("/api/tables", json=body)
    assert r.status_code == 422 and r.json()["error"] == "bad_table", r.text
    assert why in r.json()["detail"]


def test_tokens_are_stored_only_as_hashes_and_never_shown_again(
    http: httpx.Client, sqlite_server: ServerProcess
) -> None:
    made = _create(http, "schnapsen", ["human", "human"])
    table, token, invite = made["table"]["id"], made["token"], made["invites"][0]["code"]
    shown = [
        http.get(f"/api/tables/{table}").text,
        http.get("/api/tables").text,
        http.get(f"/api/tables/{table}/view", headers=_auth(token)).text,
        http.get(f"/api/tables/{table}/record", headers=_auth(token)).text,
    ]
    joined = http.post(f"/api/tables/{table}/join", json={"invite": invite}).json()
    shown.append(http.get(f"/api/tables/{table}").text)
    for secret in (token, invite, joined["token"]):
        assert not any(secret in text for text in shown)
    stored = b""
    for path in sqlite_server.data.glob("atout.db*"):
        stored += path.read_bytes()
    assert token.encode() not in stored and joined["token"].encode() not in stored
    assert hashlib.sha256(token.encode()).hexdigest().encode() in stored
    db = sqlite3.connect(sqlite_server.data / "atout.db")
    try:
        assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    finally:
        db.close()


def test_the_websocket_sends_the_view_first_then_every_update(
    api: httpx.Client, server: ServerProcess
) -> None:
    http = api
    made = _create(http, "schnapsen", ["human", "random"], grace=3600)
    table, token = made["table"]["id"], made["token"]
    url = f"{server.ws_url}/api/tables/{table}/ws"
    with connect(url) as ws:
        ws.send(json.dumps({"token": token}))
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "snapshot" and first["seat"] == 0
        while first.get("type") == "table" or 0 not in first["to_act"]:
            first = json.loads(ws.recv(timeout=10))  # the bot plays first, or a summary
        seq = first["seq"]
        r = http.post(
            f"/api/tables/{table}/actions",
            json={"action": first["legal"][0], "seq": seq},
            headers=_auth(token),
        )
        assert r.status_code == 200
        mine = r.json()
        while True:
            message = json.loads(ws.recv(timeout=10))
            if message["type"] == "update" and message["seq"] == mine["seq"]:
                assert message == mine  # the socket and the response say the same
                break
        ws.send(json.dumps({"type": "ping"}))
        while (message := json.loads(ws.recv(timeout=10)))["type"] != "pong":
            pass
    with connect(url) as ws:  # reconnecting starts again from a full view
        ws.send(json.dumps({"token": token}))
        again = json.loads(ws.recv(timeout=10))
        assert again["type"] == "snapshot" and again["seq"] >= mine["seq"]


@pytest.mark.parametrize(
    ("table", "hello", "code"),
    [
        ("nosuchtable", {"token": None}, 4404),
        (None, {"token": "wrong"}, 4403),
        (None, {"tok": 1, "token": 5}, 4422),
    ],
)
def test_a_websocket_that_cannot_open_says_why_and_closes(
    api: httpx.Client,
    server: ServerProcess,
    table: str | None,
    hello: dict[str, Any],
    code: int,
) -> None:
    if table is None:
        table = _create(api, "schnapsen", ["human", "random"])["table"]["id"]
    with connect(f"{server.ws_url}/api/tables/{table}/ws") as ws:
        ws.send(json.dumps(hello))
        message = json.loads(ws.recv(timeout=10))
        assert message["type"] == "error"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_serve_prints_the_address_once_it_listens_and_fails_on_a_taken_port(
    sqlite_server: ServerProcess, tmp_path: Path
) -> None:
    said = sqlite_server.log.read_text()
    assert f"atout: the table server is at http://127.0.0.1:{sqlite_server.port}/\n" in said
    assert f"http://127.0.0.1:{sqlite_server.port}/docs" in said
    second = ServerProcess(tmp_path, port=sqlite_server.port).launch()
    assert second.proc is not None
    assert second.proc.wait(60) != 0
    assert "address already in use" in second.log.read_text()
    assert "the table server is at" not in second.log.read_text()
