"""The table server under load: simulated players over real websockets on loopback.

    python bench/server.py [--tables 200] [--seconds 30] [--think 0.5] [--game schnapsen]
                           [--db URL] [--bot-workers 0] [--url http://host:port]

Starts ``atout serve`` on a fresh SQLite file in a temporary directory (or on ``--db``; or
uses the server at ``--url``), then runs ``--tables`` simulated players at once, each at its
own table against the ``random`` bot, each with its websocket open. A player waits for its
turn on its websocket, thinks (uniformly between 0 and twice ``--think`` seconds; ``0`` plays
as fast as the server answers), posts one of its legal actions over HTTP and times the wait
until the websocket brings the view that action led to (the ``update`` of its ``seq``). When
a match ends the player opens another table. Nothing is measured until every player is
seated and connected; then for ``--seconds``.

Prints the players' actions per second (and all actions, the bot's included), the latency
from posting an action to receiving its view (p50, p95, p99, max), the error count (any
answer but 200, a websocket closed or an update missing for 10 s), the CPU the server and
its bot workers used, and the load average before the run (the machine may be shared).

The players are lean on purpose (HTTP/1.1 keep-alive over bare asyncio streams, uvloop when
installed), so that on a small machine the bench spends its CPU on the server, not on itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

#: Seconds a player waits for the view its action led to before counting an error.
UPDATE_TIMEOUT = 10.0


class Http:
    """A minimal HTTP/1.1 keep-alive client for JSON requests (one request at a time)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        """The status and decoded JSON body of one request. Like any HTTP client, it sends a
        request again, once, on a fresh connection if a kept-alive one turns out closed
        before answering (the server drops idle ones): an action sent twice is refused by its
        ``seq`` the second time, and counted as an error."""
        reused = self._writer is not None
        try:
            return await self._call(method, path, body, token)
        except (ConnectionError, asyncio.IncompleteReadError):
            await self.close()
            if not reused:
                raise
        return await self._call(method, path, body, token)

    async def _call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        if self._reader is not None and self._reader.at_eof():
            await self.close()  # the server closed a connection left idle past its keep-alive
        if self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        assert self._reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Length: {len(data)}\r\n"
        if body is not None:
            head += "Content-Type: application/json\r\n"
        if token:
            head += f"Authorization: Bearer {token}\r\n"
        self._writer.write(head.encode() + b"\r\n" + data)
        line = (await self._reader.readline()).split()
        if len(line) < 2:
            await self.close()
            raise ConnectionError(f"{method} {path}: the server closed the connection")
        status = int(line[1])
        length, close = 0, False
        while (line := await self._reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name = name.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "connection" and value.strip().lower() == "close":
                close = True
        payload = await self._reader.readexactly(length)
        if close:
            await self.close()
        return status, json.loads(payload) if payload else None

    async def close(self) -> None:
        """Close the connection."""
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
            self._writer = None


@dataclass
class Stats:
    """What the players measured while the clock ran."""

    latencies: list[float] = field(default_factory=list)
    actions: int = 0  # the players' own, confirmed by their websocket
    updates: int = 0  # every action's update, the bot's included
    errors: int = 0
    matches: int = 0
    first_errors: list[str] = field(default_factory=list)
    measuring: bool = False
    #: How late the players' own event loop woke up (seconds): delay their measurements
    #: include that the server is not to blame for.
    lags: list[float] = field(default_factory=list)

    def error(self, what: str) -> None:
        """Count an error (and keep the first few, to print)."""
        self.errors += 1
        if len(self.first_errors) < 5:
            self.first_errors.append(what)


class Player:
    """One simulated player: its table, its websocket, its turn."""

    def __init__(self, args: argparse.Namespace, base: str, stats: Stats, seed: int) -> None:
        parts = urlsplit(base)
        self.args, self.stats = args, stats
        self.http = Http(parts.hostname or "127.0.0.1", parts.port or 80)
        self.ws_base = "ws://" + parts.netloc
        self.rng = random.Random(seed)
        self.latest: dict[str, Any] = {}
        self.changed = asyncio.Event()
        self.pending: tuple[int, float] | None = None  # the seq awaited, when posted
        self.confirmed = asyncio.Event()

    async def _read(self, ws: ClientConnection) -> None:
        """Keep the latest view; time the update a posted action awaits."""
        async for text in ws:
            message = json.loads(text)
            if "view" not in message:
                continue  # a table summary or a pong
            if message["type"] == "update" and self.stats.measuring:
                self.stats.updates += 1
            if self.pending is not None and message["seq"] >= self.pending[0]:
                if self.stats.measuring:
                    self.stats.latencies.append(time.perf_counter() - self.pending[1])
                    self.stats.actions += 1
                self.pending = None
                self.confirmed.set()
            self.latest = message
            self.changed.set()

    async def seat(self) -> tuple[str, str]:
        """A new table against the random bot: its id and this player's token."""
        game = self.args.game
        status, made = await self.http.call(
            "POST", "/api/tables", {"game": game, "seats": ["human", "random"], "grace": 3600}
        )
        if status != 201:
            raise RuntimeError(f"create answered {status}: {made}")
        return made["table"]["id"], made["token"]

    async def play(self, table: str, token: str, go: asyncio.Event, stop: asyncio.Event) -> None:
        """Play the table until its match ends or the clock stops."""
        url = f"{self.ws_base}/api/tables/{table}/ws"
        headers = {"Authorization": f"Bearer {token}"}
        async with connect(url, additional_headers=headers, max_size=2**22) as ws:
            reader = asyncio.create_task(self._read(ws))
            try:
                await go.wait()
                await self._turns(table, token, stop, reader)
            finally:
                reader.cancel()
                with contextlib.suppress(asyncio.CancelledError, ConnectionClosed):
                    await reader

    async def _turns(
        self, table: str, token: str, stop: asyncio.Event, reader: asyncio.Task[None]
    ) -> None:
        while not stop.is_set():
            latest = self.latest
            if latest.get("status") == "over":
                if self.stats.measuring:
                    self.stats.matches += 1
                return
            if not latest.get("legal"):
                self.changed.clear()
                if reader.done():
                    self.stats.error(f"table {table}: the websocket closed")
                    return
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.changed.wait(), UPDATE_TIMEOUT)
                continue
            if self.args.think > 0:
                await asyncio.sleep(self.rng.uniform(0, 2 * self.args.think))
                if stop.is_set():
                    return
            seq = latest["seq"]
            action = self.rng.choice(latest["legal"])
            self.confirmed.clear()
            self.pending = (seq + 1, time.perf_counter())
            status, answer = await self.http.call(
                "POST", f"/api/tables/{table}/actions", {"action": action, "seq": seq}, token
            )
            if status != 200:
                self.pending = None
                self.stats.error(f"table {table}: {action!r} at {seq} answered {status}: {answer}")
                await asyncio.sleep(0.1)
                continue
            try:
                await asyncio.wait_for(self.confirmed.wait(), UPDATE_TIMEOUT)
            except TimeoutError:
                self.pending = None
                self.stats.error(f"table {table}: no update {seq + 1} on the websocket")
                return

    async def run(self, ready: asyncio.Event, go: asyncio.Event, stop: asyncio.Event) -> None:
        """Seat and connect (then say ``ready``), and play table after table until ``stop``."""
        first = True
        try:
            while not stop.is_set():
                table, token = await self.seat()
                self.latest = {}
                if first:
                    first = False
                    seated = asyncio.create_task(self.play(table, token, go, stop))
                    while not self.latest and not seated.done():  # the snapshot has arrived
                        await asyncio.sleep(0.01)
                    ready.set()
                    await seated
                else:
                    await self.play(table, token, go, stop)
        except Exception as e:  # counted, and the player stops
            self.stats.error(repr(e))
            ready.set()
        finally:
            await self.http.close()


# --- the server ----------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and its live children (the bot workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Server:
    """``atout serve`` in a subprocess on a free port."""

    def __init__(self, db: str | None, bot_workers: int) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="atout-bench-"))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.dir / "server.log"
        args = [sys.executable, "-m", "atout", "serve", "--port", str(self.port)]
        args += ["--data", str(self.dir), "--bot-workers", str(bot_workers)]
        if db:
            args += ["--db", db]
        with self.log.open("wb") as log:
            # A session of its own, as a server has: where the kernel shares CPU between
            # sessions (autogroups), the simulated players do not take the server's share.
            self.proc = subprocess.Popen(
                args, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
            )

    async def ready(self) -> None:
        """Wait until it answers."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            with contextlib.suppress(OSError, IndexError, ValueError):
                http = Http("127.0.0.1", self.port)
                status, _ = await http.call("GET", "/api/health")
                await http.close()
                if status == 200:
                    return
            await asyncio.sleep(0.1)
        raise RuntimeError("the server did not start")

    def tracebacks(self) -> int:
        """How many tracebacks the server logged."""
        return self.log.read_text(errors="replace").count("Traceback")

    def stop(self) -> None:
        """Stop it and remove its data."""
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        shutil.rmtree(self.dir, ignore_errors=True)


# --- the run -------------------------------------------------------------------------------


async def _watch_lag(stats: Stats, stop: asyncio.Event) -> None:
    """Sample how late this process's event loop runs a 5 ms timer."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        if stats.measuring:
            stats.lags.append(time.perf_counter() - t - 0.005)


def _percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


async def bench(args: argparse.Namespace) -> int:
    """Run the bench; the exit status is 1 if any error was counted."""
    load = os.getloadavg()
    server = None if args.url else Server(args.db, args.bot_workers)
    base = args.url or (server.url if server else "")
    try:
        if server is not None:
            await server.ready()
        stats = Stats()
        go, stop = asyncio.Event(), asyncio.Event()
        readies = [asyncio.Event() for _ in range(args.tables)]
        players = [Player(args, base, stats, seed=i) for i in range(args.tables)]
        began = time.perf_counter()
        tasks = []
        for player, ready in zip(players, readies, strict=True):
            tasks.append(asyncio.create_task(player.run(ready, go, stop)))
            await ready.wait()  # one at a time: seating is not what is measured
        seated = time.perf_counter() - began
        cpu0 = _cpu_seconds(server.proc.pid) if server else 0.0
        mine0 = _own_cpu()
        stats.measuring = True
        watcher = asyncio.create_task(_watch_lag(stats, stop))
        go.set()
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        cpu = (_cpu_seconds(server.proc.pid) - cpu0) if server else 0.0
        mine = _own_cpu() - mine0
        stop.set()
        await asyncio.wait([*tasks, watcher], timeout=UPDATE_TIMEOUT + 5)
        tracebacks = server.tracebacks() if server else 0
    finally:
        if server is not None:
            server.stop()
    lat = sorted(stats.latencies)
    ms = [1000 * _percentile(lat, p) for p in (50, 95, 99)]
    print(f"atout serve under load: {args.tables} tables of {args.game}, a player against the")
    print(f"  random bot at each, thinking 0-{2 * args.think:g} s a move; {elapsed:.0f} s measured")
    print(f"  (seating and connecting took {seated:.1f} s); {os.cpu_count()} CPUs, load average")
    print(f"  before the run {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"players' actions/s   {stats.actions / elapsed:8.1f}   ({stats.matches} matches ended)")
    print(f"all actions/s        {stats.updates / elapsed:8.1f}   (the bot's moves included)")
    print(f"latency p50          {ms[0]:8.1f} ms")
    print(f"latency p95          {ms[1]:8.1f} ms")
    print(f"latency p99          {ms[2]:8.1f} ms")
    print(f"latency max          {1000 * (lat[-1] if lat else float('nan')):8.1f} ms")
    print(f"errors               {stats.errors + tracebacks:8d}")
    if server is not None:
        print(f"server CPU           {100 * cpu / elapsed:8.0f} %  (its bot workers included)")
    print(
        f"players' CPU         {100 * mine / elapsed:8.0f} %  (this process: the simulated players)"
    )
    lags = sorted(stats.lags)
    print(
        f"players' loop lag    {1000 * _percentile(lags, 99):8.1f} ms p99"
        "  (in the latencies above: the players' own delay)"
    )
    for what in stats.first_errors:
        print(f"  error: {what}")
    if tracebacks:
        print(f"  error: the server logged {tracebacks} traceback(s)")
    return 1 if stats.errors + tracebacks else 0


def main() -> int:
    """Parse the options and run."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200, help="players, each at its own table")
    p.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    p.add_argument("--think", type=float, default=0.5, help="mean thinking time (s) a move")
    p.add_argument("--game", default="schnapsen", choices=["schnapsen", "seven_up"])
    p.add_argument("--db", help="database URL for the server (default: SQLite, temporary)")
    p.add_argument("--bot-workers", type=int, default=0, help="the server's bot processes")
    p.add_argument("--url", help="bench a server already running here instead")
    args = p.parse_args()
    try:
        import uvloop
    except ImportError:
        return asyncio.run(bench(args))
    return uvloop.run(bench(args))


if __name__ == "__main__":
    sys.exit(main())
