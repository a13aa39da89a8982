"""Input a public server must refuse cleanly (issue 15): a grace period too short for anyone to
act, websocket hellos that do not read, names that would drive a terminal, bot options that
are no finite number. Each is refused with the documented error, never a 5xx or a 1006."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy.engine import make_url
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from atout.server.botpool import BotPool
from atout.server.broker import LocalBroker
from atout.server.errors import Malformed
from atout.server.service import TableService
from atout.server.settings import MIN_GRACE, Settings
from atout.server.store import Store
from tests.server.harness import ServerProcess


@pytest.fixture
def http(sqlite_server: ServerProcess) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=sqlite_server.url, timeout=30) as client:
        yield client


def _table(http: httpx.Client, **more: Any) -> httpx.Response:
    return http.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "human"], **more})


# --- 1. the grace period ---------------------------------------------------------------------


@pytest.mark.parametrize("grace", [0, 0.5, MIN_GRACE - 0.01])
def test_a_grace_period_shorter_than_the_least_is_refused(http: httpx.Client, grace: float) -> None:
    r = _table(http, grace=grace)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "malformed"
    assert r.json()["detail"].startswith("body.grace: ")
    assert f"{MIN_GRACE:g}" in r.json()["detail"]


def test_the_least_grace_period_is_taken(http: httpx.Client) -> None:
    assert MIN_GRACE >= 10
    r = _table(http, grace=MIN_GRACE)
    assert r.status_code == 201, r.text
    assert r.json()["table"]["grace"] == MIN_GRACE


# --- 5. the websocket hello ------------------------------------------------------------------


def _hello(server: ServerProcess, table: str, first: str | bytes) -> tuple[dict[str, Any], int]:
    """Send ``first`` as the first frame; the error message and the close code."""
    with connect(f"{server.ws_url}/api/tables/{table}/ws") as ws:
        ws.send(first)
        message = json.loads(ws.recv(timeout=10))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None, "closed without a close frame (1006)"
    return message, closed.value.rcvd.code


@pytest.mark.parametrize(
    ("first", "code"),
    [
        (b'{"token": null}', 4422),  # a binary frame, even of good JSON
        (b"\x00\xff", 4422),
        ("not json", 4422),
        ("", 4422),
        ("[" * 60_000, 4422),  # deeper than the JSON reader recurses
        ('["token"]', 4422),
        ('{"token": 5}', 4422),
        ('{"token": ["x"]}', 4422),
        ('{"token": "\\ud800"}', 4422),  # a lone surrogate: no UTF-8 text at all
        ('{"token": "a\\udfffb"}', 4422),
        ('{"token": "wrong"}', 4403),
        ('{"token": "' + "x" * 60_000 + '"}', 4403),
    ],
)
def test_every_malformed_hello_gets_the_documented_error(
    http: httpx.Client, sqlite_server: ServerProcess, first: str | bytes, code: int
) -> None:
    table = _table(http).json()["table"]["id"]
    message, closed = _hello(sqlite_server, table, first)
    assert message["type"] == "error" and message["detail"]
    assert message["error"] == {4422: "malformed", 4403: "token_wrong"}[code]
    assert closed == code


def test_a_ping_that_does_not_read_keeps_the_socket(
    http: httpx.Client, sqlite_server: ServerProcess
) -> None:
    table = _table(http).json()["table"]["id"]
    with connect(f"{sqlite_server.ws_url}/api/tables/{table}/ws") as ws:
        ws.send(json.dumps({"token": None}))
        assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"
        ws.send("[" * 60_000)
        ws.send(b"\x00")
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_a_lone_surrogate_in_a_body_is_malformed(http: httpx.Client) -> None:
    """Over HTTP as over the websocket (a guard: the schema refused it already)."""
    table = _table(http).json()["table"]["id"]
    body = '{"invite": "\\ud800"}'
    r = http.post(
        f"/api/tables/{table}/join", content=body, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 422 and r.json()["error"] == "malformed", r.text
    assert r.json()["detail"].startswith("body.invite: ")


# --- 6. names --------------------------------------------------------------------------------

CONTROLLING = [
    "\x1b[2J\x1b[31mAnn",  # ESC: clears the screen, turns the text red
    "Ann\x00",
    "Ann\x07",
    "Ann\x9b31m",  # the one-byte CSI
    "Ann\u202etxt.exe",  # bidi overrides and isolates
    "\u202aAnn",
    "\u2066Ann\u2069",
    "A\u200bnn",  # other format characters
    "Ann\ufeff",
    "Ann\u2028Bo",  # a line separator
    "Ann\ud800",  # a lone surrogate
]


@pytest.mark.parametrize("name", CONTROLLING)
def test_a_name_with_control_characters_is_refused(http: httpx.Client, name: str) -> None:
    body = json.dumps({"game": "schnapsen", "seats": ["human", "human"], "name": name})
    headers = {"Content-Type": "application/json"}
    r = http.post("/api/tables", content=body, headers=headers)
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "malformed" and r.json()["detail"].startswith("body.name: ")
    made = _table(http).json()
    invite = made["invites"][0]["code"]
    join = json.dumps({"invite": invite, "name": name})
    r = http.post(f"/api/tables/{made['table']['id']}/join", content=join, headers=headers)
    assert r.status_code == 422, r.text
    assert r.json()["detail"].startswith("body.name: ")
    again = http.post(f"/api/tables/{made['table']['id']}/join", json={"invite": invite})
    assert again.status_code == 200, "a refused join takes no seat"


@pytest.mark.parametrize("name", ["Zoë", "Ann-Sofie Østergård", "李雷", "Ann 🂡", "O'Brien (2)"])
def test_names_people_have_are_taken(http: httpx.Client, name: str) -> None:
    r = _table(http, name=name)
    assert r.status_code == 201, r.text
    assert r.json()["table"]["seats"][0]["name"] == name


# --- 7. bot options --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ("hard(time=nan)", "time"),
        ("hard(time=NaN)", "time"),
        ("hard(time=inf)", "time"),
        ("expert(time=-inf)", "time"),
        ("expert(time=1e999)", "time"),
        ("hard(time=-1)", "time"),
        ("hard(time=0)", "time"),
        ("hard(time=true)", "time"),
        ("medium(seed=nan)", "seed"),
        ("medium(seed=-1)", "seed"),
        ("medium(seed=1.5)", "seed"),
        ("medium(seed=99999999999999999999999)", "seed"),
        ("easy(seed=abc)", "seed"),
    ],
)
def test_bot_options_that_are_no_finite_bounded_number_are_refused(
    http: httpx.Client, spec: str, option: str
) -> None:
    for body in (
        {"game": "schnapsen", "seats": ["human", spec]},
        {"game": "schnapsen", "seats": ["human", "human"], "standin": spec},
    ):
        r = http.post("/api/tables", json=body)
        assert r.status_code == 422, r.text
        assert r.json()["error"] == "bad_table"
        assert option in r.json()["detail"], r.json()["detail"]


def test_only_the_levels_sit_at_a_table(http: httpx.Client) -> None:
    """The lobby's bots (``random`` and the levels): not the research search bot, whose
    worlds and playouts are not bounded by its thinking time."""
    r = http.post(
        "/api/tables",
        json={"game": "schnapsen", "seats": ["human", "search(playouts=1000000000,time=1)"]},
    )
    assert r.status_code == 422 and r.json()["error"] == "bad_table", r.text
    assert "random, easy, medium, hard, expert" in r.json()["detail"]


def test_a_table_stored_with_a_shorter_grace_gets_the_least_when_read_back(
    tmp_path: Path,
) -> None:
    """A table made before the least was enforced (here: by a server with a lower least)
    gives its players the least once a server enforcing it reads the table back."""

    async def run() -> tuple[float, float, float]:
        url = make_url(f"sqlite:///{tmp_path / 'atout.db'}")
        store = Store(url)
        store.open()
        pool = BotPool(1, 30.0)
        lenient = TableService(Settings(db=url, min_grace=0), store, LocalBroker(), pool)
        strict = TableService(Settings(db=url), store, LocalBroker(), pool)
        try:
            made = await lenient.create(
                "schnapsen", None, players=["human", "human"], seat=0, name=None, grace=0,
                standin=None,
            )  # fmt: skip
            with pytest.raises(Malformed, match=r"body\.grace: "):
                await strict.create(
                    "schnapsen", None, players=["human", "human"], seat=0, name=None, grace=0,
                    standin=None,
                )  # fmt: skip
            read = await strict.table(made.table.id)
            return made.table.grace, read.grace, read.info(0)["grace"]
        finally:
            await lenient.stop()
            await strict.stop()
            pool.close()
            store.close()

    assert asyncio.run(run()) == (0, MIN_GRACE, MIN_GRACE)
