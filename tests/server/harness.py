"""Server processes and clients for the server tests.

:class:`ServerProcess` runs ``python -m atout serve`` as a real process on a free port (so it
can be killed with SIGKILL and started again on the same database); :class:`Client` speaks
the API over HTTP (httpx) and websockets (the websockets library), and keeps every response
body it received, by the seat that received it, for the leak scans.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from tests.server.postgres import free_port

__all__ = ["Client", "Received", "ServerProcess", "Socket", "Table"]

ROOT = Path(__file__).resolve().parents[2]

#: ``atout serve``'s per-address quotas, off: tests that are not about them make tables and
#: open sockets from one address faster than any player would (tests/server/test_quotas.py
#: sets its own).
NO_QUOTAS = ["--no-quotas"]


class ServerProcess:
    """``atout serve`` on ``127.0.0.1:port`` with the given database (``None``: SQLite in
    ``data``). :meth:`start` returns once ``/api/health`` answers."""

    def __init__(
        self,
        data: Path,
        db: str | None = None,
        *,
        port: int | None = None,
        args: tuple[str, ...] = (),
    ) -> None:
        self.data = data
        self.args = args  # more options for ``atout serve`` (the web tests': --fixed-deals)
        self.db = db
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data / f"server-{self.port}.log"

    def start(self, timeout: float = 60.0) -> ServerProcess:
        """Start the process and wait until it serves."""
        return self.launch().ready(timeout)

    def launch(self) -> ServerProcess:
        """Start the process; :meth:`ready` waits for it."""
        self.data.mkdir(parents=True, exist_ok=True)
        args = [sys.executable, "-m", "atout", "serve", "--port", str(self.port)]
        args += ["--data", str(self.data), "--bot-workers", "1"]
        if self.db is not None:
            args += ["--db", self.db]
        args += NO_QUOTAS  # every test client comes from 127.0.0.1; ``args`` may set some
        args += self.args
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                args, stdout=log, stderr=subprocess.STDOUT, cwd=ROOT, env=dict(os.environ)
            )
        return self

    def ready(self, timeout: float = 60.0) -> ServerProcess:
        """Wait until the launched process answers ``/api/health``."""
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return self
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start: {self.log.read_text()[-3000:]}")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """SIGTERM, and wait for a clean exit."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@dataclass
class Received:
    """One body a viewer received: over ``http`` (``what`` names the request) or ``ws``;
    ``seq`` is the table's ``seq`` the client knew when it asked; ``said`` the text the
    client itself sent (its own cards may come back in an error message)."""

    viewer: int | None
    channel: str
    what: str
    seq: int
    body: Any
    said: str = ""


@dataclass
class Socket:
    """A websocket and every message it received, in order."""

    viewer: int | None
    conn: ClientConnection
    messages: list[dict[str, Any]] = field(default_factory=list)
    task: asyncio.Task[None] | None = None

    async def _read(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.conn:
                self.messages.append(json.loads(text))

    async def until_seq(self, seq: int, timeout: float = 20.0) -> None:
        """Wait until a message numbered ``seq`` (or later) arrived."""
        deadline = time.monotonic() + timeout
        while not any(m.get("seq", -1) >= seq for m in self.messages if "view" in m):
            if time.monotonic() > deadline:
                raise AssertionError(f"seat {self.viewer}'s socket never got seq {seq}")
            await asyncio.sleep(0.01)

    async def close(self) -> None:
        """Close the socket and stop reading."""
        await self.conn.close()
        if self.task is not None:
            await self.task


class Client:
    """The API over HTTP, keeping what each viewer received in :attr:`received`."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.ws_base = "ws" + base.removeprefix("http")
        self.http = httpx.AsyncClient(base_url=base, timeout=30)
        self.received: list[Received] = []

    async def aclose(self) -> None:
        """Close the HTTP connections."""
        await self.http.aclose()

    @staticmethod
    def _auth(token: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"} if token else {}

    def _keep(
        self, viewer: int | None, what: str, seq: int, r: httpx.Response, said: str = ""
    ) -> None:
        self.received.append(Received(viewer, "http", what, seq, r.json(), said))

    async def create(self, game: str, seats: list[str], **options: Any) -> dict[str, Any]:
        """Create a table; the body (201), or an AssertionError."""
        r = await self.http.post("/api/tables", json={"game": game, "seats": seats, **options})
        assert r.status_code == 201, r.text
        body: dict[str, Any] = r.json()
        self._keep(body["seat"], "create", 0, r)
        return body

    async def join(self, table: str, invite: str) -> dict[str, Any]:
        """Take the seat an invite opens."""
        r = await self.http.post(f"/api/tables/{table}/join", json={"invite": invite})
        assert r.status_code == 200, r.text
        body: dict[str, Any] = r.json()
        self._keep(body["seat"], "join", 0, r)
        return body

    async def table(
        self, game: str, rules: str | None, players: list[str], **options: Any
    ) -> Table:
        """A table with these players (``human`` or bot specs), every human seat taken: the
        table id and the human seats' tokens."""
        made = await self.create(game, players, rules=rules, **options)
        tokens = {made["seat"]: made["token"]}
        for invite in made["invites"]:
            joined = await self.join(made["table"]["id"], invite["code"])
            tokens[joined["seat"]] = joined["token"]
        return Table(made["table"]["id"], tokens)

    async def get(
        self, path: str, viewer: int | None, token: str | None, seq: int = 0
    ) -> httpx.Response:
        """GET an API path as a viewer, keeping the body."""
        r = await self.http.get(path, headers=self._auth(token))
        if r.headers.get("content-type", "").startswith("application/json"):
            self._keep(viewer, path, seq, r)
        return r

    async def act(
        self, table: str, viewer: int, token: str | None, action: str, seq: int
    ) -> httpx.Response:
        """POST an action as a seat, keeping the body."""
        r = await self.http.post(
            f"/api/tables/{table}/actions",
            json={"action": action, "seq": seq},
            headers=self._auth(token),
        )
        self._keep(viewer, f"act {action!r}", seq, r, said=action)
        return r

    @contextlib.asynccontextmanager
    async def socket(
        self, table: str, viewer: int | None, token: str | None, *, header: bool = True
    ) -> AsyncIterator[Socket]:
        """A websocket for a seat (``Authorization`` header, or a hello message when
        ``header`` is false) or a spectator (``token=None``), reading in the background."""
        url = f"{self.ws_base}/api/tables/{table}/ws"
        headers = self._auth(token) if header else {}
        async with connect(url, additional_headers=headers, max_size=2**22) as conn:
            if not header or token is None:
                await conn.send(json.dumps({"token": token}))
            sock = Socket(viewer, conn)
            sock.task = asyncio.create_task(sock._read())
            try:
                yield sock
            finally:
                await sock.close()


@dataclass(frozen=True)
class Table:
    """A table's id and the token of each human seat, by seat."""

    id: str
    tokens: dict[int, str]
