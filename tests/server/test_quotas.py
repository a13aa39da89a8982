"""Quotas for a server on the open internet (issue "Hardening the table server for the open
internet"): tables created, hints asked for and websockets held open, per client address and
per table, each refused past its limit with 429 and ``Retry-After`` (a websocket: an error
message and close code 4429), without touching another address's quota; and ``/docs``, which
loads nothing from a CDN.

One ``atout serve`` with small quotas serves the module. The clients connect from addresses
of their own on the loopback network (127.0.0.2, 127.0.1.7, ...: Linux routes all of
127.0.0.0/8 to the loopback), so each test, and each table's creator, has quotas of its own.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import socket
import time
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from atout.cli import QUOTAS, WAITING_TTL, _parser, _quotas, main
from atout.server.limits import Quotas, TooMany
from atout.server.settings import Settings
from tests.server.harness import ServerProcess

#: The module server's quotas: small, so that a test reaches each in a few requests.
TABLES, HINTS, TABLE_HINTS, SOCKETS, TABLE_SOCKETS, SPECTATORS = 3, 4, 3, 4, 2, 3
ANALYSES = 2

#: Addresses for the tables' creators, one each: a creator's quota is never the test's.
_creators = (f"127.0.1.{i}" for i in itertools.count(1))


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    args = (
        f"--max-tables-per-minute={TABLES}",
        f"--max-hints-per-minute={HINTS}",
        f"--max-table-hints-per-minute={TABLE_HINTS}",
        f"--max-sockets={SOCKETS}",
        f"--max-table-sockets={TABLE_SOCKETS}",
        f"--max-spectators={SPECTATORS}",
        f"--max-analyses-per-minute={ANALYSES}",
    )
    server = ServerProcess(tmp_path_factory.mktemp("quotas"), args=args).start()
    yield server
    server.stop()


@contextlib.contextmanager
def _http(server: ServerProcess, address: str) -> Iterator[httpx.Client]:
    """An HTTP client whose requests come from ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=server.url, transport=transport, timeout=30) as client:
        yield client


def _create(client: httpx.Client, seats: tuple[str, ...] = ("human", "human")) -> httpx.Response:
    return client.post("/api/tables", json={"game": "schnapsen", "seats": list(seats)})


def _table(server: ServerProcess, seats: tuple[str, ...] = ("human", "random")) -> dict[str, Any]:
    """A new table, made from an address of its own: its create answer."""
    with _http(server, next(_creators)) as client:
        made = _create(client, seats)
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def _too_many(r: httpx.Response, limit: int, what: str) -> None:
    """``r`` is the documented 429: the error body, and a ``Retry-After`` of whole seconds
    from 1 to the minute the quota counts over, which the detail repeats."""
    assert r.status_code == 429, r.text
    body = r.json()
    assert body["error"] == "too_many"
    assert f"{limit} {what} in the last minute" in body["detail"], body["detail"]
    retry = r.headers["Retry-After"]
    assert retry.isdigit() and 1 <= int(retry) <= 60, retry
    assert f"try again in {retry} s" in body["detail"]


# --- tables created ----------------------------------------------------------------------------


def test_an_address_creating_more_tables_a_minute_than_its_quota_gets_429(
    limited: ServerProcess,
) -> None:
    def count(client: httpx.Client) -> int:
        listed = client.get("/api/tables", params={"status": "all", "limit": 200})
        return len(listed.json()["tables"])

    with _http(limited, "127.0.0.2") as client:
        for _ in range(TABLES):
            assert _create(client).status_code == 201
        before = count(client)
        _too_many(_create(client), TABLES, "tables")
        _too_many(_create(client), TABLES, "tables")
        assert count(client) == before, "a refused create makes no table"
    with _http(limited, "127.0.0.3") as other:
        assert _create(other).status_code == 201, "another address has a quota of its own"


def test_an_address_is_the_peer_not_what_x_forwarded_for_says(limited: ServerProcess) -> None:
    """By default no proxy is believed: a client cannot get a quota per header it writes."""
    with _http(limited, "127.0.0.1") as client:
        for i in range(TABLES):
            r = client.post(
                "/api/tables",
                json={"game": "schnapsen", "seats": ["human", "human"]},
                headers={"X-Forwarded-For": f"203.0.113.{i}"},
            )
            assert r.status_code == 201, r.text
        r = client.post(
            "/api/tables",
            json={"game": "schnapsen", "seats": ["human", "human"]},
            headers={"X-Forwarded-For": "203.0.113.200"},
        )
        _too_many(r, TABLES, "tables")


def test_a_proxy_named_is_believed(tmp_path: Path) -> None:
    """``--forwarded-allow-ips``: the clients behind the proxy named have a quota each."""
    args = ("--max-tables-per-minute=1", "--forwarded-allow-ips=127.0.0.1")
    server = ServerProcess(tmp_path, args=args).start()
    try:
        with _http(server, "127.0.0.1") as proxy:
            for client, status in (
                ("203.0.113.1", 201),
                ("203.0.113.1", 429),
                ("203.0.113.2", 201),
            ):
                r = proxy.post(
                    "/api/tables",
                    json={"game": "schnapsen", "seats": ["human", "human"]},
                    headers={"X-Forwarded-For": client},
                )
                assert r.status_code == status, (client, r.text)
    finally:
        server.stop()


def test_a_body_that_does_not_read_is_refused_before_the_quota_counts(
    limited: ServerProcess,
) -> None:
    """A malformed create (422 from the schema) is cheap and creates nothing: not counted."""
    with _http(limited, "127.0.0.4") as client:
        for _ in range(TABLES + 2):
            r = client.post("/api/tables", json={"game": "schnapsen"})
            assert r.status_code == 422, r.text
        for _ in range(TABLES):
            assert _create(client).status_code == 201


# --- hints -------------------------------------------------------------------------------------


def _hint(client: httpx.Client, made: dict[str, Any], token: str | None = "") -> httpx.Response:
    """Ask for a hint at ``made``'s table with its creator's token (``None``: no token)."""
    token = made["token"] if token == "" else token
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return client.post(f"/api/tables/{made['table']['id']}/hint", json={"seq": 0}, headers=headers)


def test_a_table_asking_for_more_hints_a_minute_than_its_quota_gets_429(
    limited: ServerProcess,
) -> None:
    made, elsewhere = _table(limited), _table(limited)
    with _http(limited, "127.0.0.5") as first, _http(limited, "127.0.0.6") as second:
        for _ in range(TABLE_HINTS):
            # A hint, or 409 once the bot has moved: either ran the quota down.
            assert _hint(first, made).status_code in (200, 409)
        _too_many(_hint(second, made), TABLE_HINTS, "hints")  # from any address
        assert _hint(second, elsewhere).status_code in (200, 409), "another table's quota"


def test_an_address_asking_for_more_hints_a_minute_than_its_quota_gets_429(
    limited: ServerProcess,
) -> None:
    tables = [_table(limited) for _ in range(HINTS)]
    with _http(limited, "127.0.0.7") as client:
        for made in tables:  # one hint a table: no table's own quota is reached
            assert _hint(client, made).status_code in (200, 409)
        _too_many(_hint(client, _table(limited)), HINTS, "hints")
    with _http(limited, "127.0.0.8") as other:
        assert _hint(other, tables[0]).status_code in (200, 409), "another address's quota"


def test_a_stranger_cannot_use_up_a_tables_hints(limited: ServerProcess) -> None:
    """Only a seat's hints count: without its token, a hint is refused before the quota."""
    made = _table(limited)
    with _http(limited, "127.0.0.9") as stranger:
        for _ in range(TABLE_HINTS + 2):
            assert _hint(stranger, made, token=None).status_code == 401
            assert _hint(stranger, made, token="not-a-token").status_code == 403
    with _http(limited, "127.0.0.10") as player:
        assert _hint(player, made).status_code in (200, 409)


# --- analyses and challenges ------------------------------------------------------------------


def _finished(server: ServerProcess) -> str:
    """A bots' table played to its end: its id."""
    table = _table(server, ("random", "random"))["table"]["id"]
    with httpx.Client(base_url=server.url, timeout=30) as client:
        for _ in range(600):
            if client.get(f"/api/tables/{table}").json()["status"] == "over":
                return table
            time.sleep(0.05)
    pytest.fail("the bots' match did not end")


def test_an_address_starting_more_analyses_a_minute_than_its_quota_gets_429(
    limited: ServerProcess,
) -> None:
    """Analyses and duplicate challenges share one quota per address, counted when one
    starts: asking again for one running or done starts nothing and is not refused."""
    first, second = _finished(limited), _finished(limited)
    with _http(limited, "127.0.0.20") as client:

        def analyse(table: str, mode: str) -> httpx.Response:
            return client.post(f"/api/tables/{table}/analysis", json={"mode": mode})

        assert analyse(first, "view").status_code == 202
        assert analyse(first, "open").status_code == 202
        for _ in range(3):  # the same again: running or done, nothing new
            assert analyse(first, "view").status_code == 202
        _too_many(analyse(second, "view"), ANALYSES, "analyses and challenges")
        dup = client.post(f"/api/tables/{second}/duplicate", json={"deal": 1, "seat": 0})
        _too_many(dup, ANALYSES, "analyses and challenges")
        got = client.get(f"/api/tables/{second}/analysis", params={"mode": "view"})
        assert got.json()["status"] == "none", "a refused analysis is not started"
    with _http(limited, "127.0.0.21") as other:
        r = other.post(f"/api/tables/{second}/analysis", json={"mode": "view"})
        assert r.status_code == 202, "another address has a quota of its own"


# --- websockets --------------------------------------------------------------------------------


@contextlib.contextmanager
def _ws(
    server: ServerProcess, address: str, table: str, token: str | None
) -> Iterator[ClientConnection]:
    """A websocket from ``address`` for a seat (its token in the header) or a spectator."""
    sock = socket.create_connection(("127.0.0.1", server.port), source_address=(address, 0))
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    url = f"{server.ws_url}/api/tables/{table}/ws"
    with connect(url, sock=sock, additional_headers=headers) as ws:
        if token is None:
            ws.send(json.dumps({"token": None}))
        yield ws


def _opens(ws: ClientConnection) -> None:
    """The socket is served: its first message is the snapshot."""
    assert json.loads(ws.recv(timeout=10))["type"] == "snapshot"


def _refused(server: ServerProcess, address: str, table: str, token: str | None, why: str) -> None:
    """A socket from ``address`` is refused as documented: an error message saying ``why``,
    then close code 4429."""
    with _ws(server, address, table, token) as ws:
        message = json.loads(ws.recv(timeout=10))
        assert message["type"] == "error" and message["error"] == "too_many", message
        assert why in message["detail"], message["detail"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429


def _eventually_opens(server: ServerProcess, address: str, table: str, token: str) -> None:
    """A socket opens again once the server has seen another close (which takes a moment)."""
    for _ in range(100):
        with _ws(server, address, table, token) as ws:
            if json.loads(ws.recv(timeout=10))["type"] == "snapshot":
                return
        time.sleep(0.05)
    raise AssertionError("a closed socket never gave its place back")


def test_an_address_holding_more_sockets_on_a_table_than_its_quota_is_refused(
    limited: ServerProcess,
) -> None:
    made = _table(limited)
    table, token = made["table"]["id"], made["token"]
    with contextlib.ExitStack() as held:
        first = held.enter_context(_ws(limited, "127.0.0.11", table, token))
        for _ in range(TABLE_SOCKETS - 1):
            _opens(held.enter_context(_ws(limited, "127.0.0.11", table, token)))
        _opens(first)
        why = f"has {TABLE_SOCKETS} websockets open on this table"
        _refused(limited, "127.0.0.11", table, token, why)
        _opens(held.enter_context(_ws(limited, "127.0.0.12", table, token)))  # another address
        first.close()
        _eventually_opens(limited, "127.0.0.11", table, token)


def test_an_address_holding_more_sockets_than_its_quota_is_refused(
    limited: ServerProcess,
) -> None:
    tables = [(t["table"]["id"], t["token"]) for t in (_table(limited) for _ in range(SOCKETS + 1))]
    last = tables[-1]
    with contextlib.ExitStack() as held:
        for table, token in tables[:-1]:  # one a table: no table's own quota is reached
            _opens(held.enter_context(_ws(limited, "127.0.0.13", table, token)))
        _refused(limited, "127.0.0.13", *last, f"has {SOCKETS} websockets open, the most")
        _opens(held.enter_context(_ws(limited, "127.0.0.14", *last)))  # another address
    # Closed, they give their places back: the address opens sockets again.
    _eventually_opens(limited, "127.0.0.13", *last)


def test_a_table_with_its_quota_of_spectators_refuses_more_but_never_its_players(
    limited: ServerProcess,
) -> None:
    made = _table(limited)
    table, token = made["table"]["id"], made["token"]
    crowd = itertools.cycle(["127.0.0.15", "127.0.0.16"])  # from any addresses
    with contextlib.ExitStack() as held:
        for _ in range(SPECTATORS):
            _opens(held.enter_context(_ws(limited, next(crowd), table, None)))
        _refused(limited, "127.0.0.17", table, None, f"this table has {SPECTATORS} spectators")
        _opens(held.enter_context(_ws(limited, "127.0.0.17", table, token)))  # its player


# --- the quotas' own rules, in-process -----------------------------------------------------------


def test_a_refused_request_counts_under_no_quota_and_0_is_no_limit() -> None:
    quotas = Quotas(
        Settings(max_tables_per_minute=0, max_hints_per_minute=2, max_table_hints_per_minute=1)
    )
    for _ in range(500):
        quotas.create("198.51.100.1")
    quotas.hint("198.51.100.1", "t1")
    with pytest.raises(TooMany, match="this table was given 1 hints"):
        quotas.hint("198.51.100.1", "t1")
    quotas.hint("198.51.100.1", "t2")  # the refusal above did not count for the address
    with pytest.raises(TooMany, match="this address asked for 2 hints") as refused:
        quotas.hint("198.51.100.1", "t3")
    assert refused.value.retry_after is not None and 1 <= refused.value.retry_after <= 60
    quotas.hint("198.51.100.2", "t3")  # nor for the table


def _no_place(place: contextlib.AbstractContextManager[None], why: str) -> None:
    with pytest.raises(TooMany, match=why), place:
        pass


def test_a_socket_gives_its_places_back_when_it_closes_or_is_refused() -> None:
    quotas = Quotas(Settings(max_sockets=2, max_table_sockets=1, max_spectators=1))
    a = "198.51.100.1"
    with quotas.socket(a, "t1"):
        _no_place(quotas.socket(a, "t1"), "1 websockets open on this table")
        with quotas.socket(a, "t2"), quotas.spectator("t2"):
            _no_place(quotas.socket(a, "t3"), "2 websockets open, the most")
            _no_place(quotas.spectator("t2"), "this table has 1 spectators")
    for _ in range(3):  # every place was given back
        with quotas.socket(a, "t1"), quotas.socket(a, "t2"), quotas.spectator("t2"):
            pass


# --- the schema's documentation ----------------------------------------------------------------


def test_the_quotas_are_documented_in_the_schema(limited: ServerProcess) -> None:
    paths = httpx.get(f"{limited.url}/openapi.json").json()["paths"]
    for path in (
        "/api/tables",
        "/api/tables/{table_id}/hint",
        "/api/tables/{table_id}/analysis",
        "/api/tables/{table_id}/duplicate",
    ):
        answer = paths[path]["post"]["responses"]["429"]
        assert "Retry-After" in answer["headers"], path


@pytest.mark.parametrize(("page", "assets"), [("/docs", 2), ("/redoc", 1)])
def test_the_api_docs_load_nothing_from_elsewhere(
    limited: ServerProcess, page: str, assets: int
) -> None:
    """The page names no URL of another host, and the scripts and styles it names are served
    here, as what they are: the docs work on a machine without internet."""
    with httpx.Client(base_url=limited.url, timeout=30) as client:
        r = client.get(page)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
        html = r.text
        assert "cdn.jsdelivr" not in html and "googleapis" not in html
        assert re.findall(r"(?:https?:)?//[\w.-]+", html) == [], "a URL of another host"
        named = re.findall(r'(?:src|href)="([^"]+)"', html)
        scripts_and_styles = [url for url in named if url.endswith((".js", ".css"))]
        assert len(scripts_and_styles) == assets, named
        for url in named:
            assert url.startswith("/"), url
            served = client.get(url)
            assert served.status_code == 200, url
            kind = served.headers["content-type"]
            if url.endswith(".js"):
                assert kind.startswith(("text/javascript", "application/javascript")), kind
                assert len(served.content) > 100_000  # the bundle itself, not a stub
            elif url.endswith(".css"):
                assert kind.startswith("text/css"), kind
            else:
                assert kind.startswith("image/"), kind


# --- the options -------------------------------------------------------------------------------


def test_atout_serve_says_the_defaults_the_settings_have() -> None:
    """``--help`` states each quota's default without importing the server: the numbers it
    repeats are Settings' own."""
    defaults = {f.name: f.default for f in fields(Settings)}
    for option, _what, default in QUOTAS:
        assert defaults[option.removeprefix("--").replace("-", "_")] == default, option
    assert defaults["waiting_ttl"] == WAITING_TTL
    serve = _parser().parse_args(["serve", "--max-sockets", "7", "--waiting-ttl", "60"])
    assert (serve.max_sockets, serve.waiting_ttl, serve.max_spectators) == (7, 60.0, None)


def test_no_quotas_turns_off_every_quota_not_given() -> None:
    """``--no-quotas`` (tests, benchmarks: every client on 127.0.0.1) sets each quota to 0, no
    limit, except those given beside it; without it a quota not given keeps its default."""
    given = _quotas(_parser().parse_args(["serve", "--no-quotas", "--max-sockets=7"]))
    assert given == {**{o.removeprefix("--").replace("-", "_"): 0 for o, _w, _d in QUOTAS},
                     "max_sockets": 7}  # fmt: skip
    assert _quotas(_parser().parse_args(["serve", "--max-sockets=7"])) == {"max_sockets": 7}


@pytest.mark.parametrize(
    "option",
    ["--max-tables-per-minute=-1", "--max-sockets=-5", "--waiting-ttl=-1", "--waiting-ttl=nan"],
)
def test_a_quota_below_zero_is_refused(tmp_path: Path, option: str) -> None:
    assert main(["serve", "--data", str(tmp_path), "--port", "0", option]) == 2
