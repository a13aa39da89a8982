"""The table server under load: simulated players over real websockets on loopback.

    python bench/server.py [--tables 200] [--seconds 30] [--think 0.5] [--game schnapsen]
                           [--setup sqlite] [--setup postgres:2] [--db URL]
                           [--bot-workers 0] [--url http://host:port] [--warmup S]

Each ``--setup`` is a server to put under the same load, and the figures are printed side by
side, one column each: ``sqlite`` is one ``atout serve`` process on a fresh SQLite file in a
temporary directory; ``postgres:N`` is N ``atout serve`` processes sharing one PostgreSQL
database (LISTEN/NOTIFY between them), on ``--db`` or else on a throwaway cluster of Debian's
PostgreSQL (``scripts/debian-packages postgresql``), the players spread evenly over them.
``--url`` uses a server already running instead. Then it runs ``--tables`` simulated
players at once, each at its own table against the ``random`` bot, each with its websocket
open. A player waits for its
turn on its websocket, thinks (uniformly between 0 and twice ``--think`` seconds; ``0`` plays
as fast as the server answers), posts one of its legal actions over HTTP and times the wait
until the websocket brings the view that action led to (the ``update`` of its ``seq``). When
a match ends the player opens another table. Nothing is measured until every player is
seated and connected; then for ``--seconds``.

Prints the players' actions per second (and all actions, the bot's included), the latency
from posting an action to receiving its view (p50, p95, p99, max), the error count (any
answer but 200, a websocket closed or an update missing for 10 s), the CPU the server and
its bot workers used, and the load average before the run (the machine may be shared).

It also samples the servers' resident memory (their bot workers included) every
``--rss-every`` seconds while the clock runs, and prints it after the warm-up (``--warmup``
seconds, by default a quarter of the run) and at the end, with the least-squares slope of the
samples after the warm-up in MB per minute: a soak (``--seconds 1200 --tables 200``) shows
whether memory stays flat (``--rss-out`` keeps every sample). The server keeps a finished table
in memory for ten minutes (``FORGET_AFTER``), so memory rises until then by design: a soak's
warm-up should be longer (``--warmup 900``). The servers run without the request quotas
(``--no-quotas``), as every simulated player comes from 127.0.0.1.

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


def _own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _processes(pid: int) -> list[str]:
    """The /proc directories of a process and of its live children (the bot workers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if stat.parent.name == str(pid) or fields[1] == str(pid):
            found.append(str(stat.parent))
    return found


def _cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of a process and its live children (the bot workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for proc in _processes(pid):
        with contextlib.suppress(OSError, IndexError):
            fields = Path(proc, "stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _rss_mb(pid: int) -> float:
    """Resident memory (MB) of a process and its live children."""
    total = 0
    for proc in _processes(pid):
        with contextlib.suppress(OSError, StopIteration):
            status = Path(proc, "status").read_text()
            line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
            total += int(line.split()[1])  # kB
    return total / 1024


def slope(samples: list[tuple[float, float]]) -> float:
    """The least-squares slope of ``(seconds, MB)`` samples, in MB per minute."""
    n = len(samples)
    if n < 2:
        return float("nan")
    mt = sum(t for t, _ in samples) / n
    mm = sum(m for _, m in samples) / n
    var = sum((t - mt) ** 2 for t, _ in samples)
    if var == 0:
        return float("nan")
    return 60 * sum((t - mt) * (m - mm) for t, m in samples) / var


#: ``atout serve``'s options for the bench: every simulated player comes from 127.0.0.1, so
#: the per-address quotas, meant for the open internet, are off.
SERVE_OPTIONS = ["--no-quotas"]


class Server:
    """``atout serve`` in a subprocess on a free port."""

    def __init__(self, db: str | None, bot_workers: int, data: Path | None = None) -> None:
        self.dir = data or Path(tempfile.mkdtemp(prefix="atout-bench-"))
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.dir / f"server-{self.port}.log"
        args = [sys.executable, "-m", "atout", "serve", "--port", str(self.port)]
        args += ["--data", str(self.dir), "--bot-workers", str(bot_workers), *SERVE_OPTIONS]
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


class Setup:
    """The servers of one ``--setup``: one on SQLite, or several sharing PostgreSQL."""

    def __init__(self, spec: str, args: argparse.Namespace) -> None:
        self.name = spec
        self.cluster: Any = None
        kind, _, count = spec.partition(":")
        if kind == "sqlite" and not count:
            self.servers = [Server(None, args.bot_workers)]
        elif kind == "postgres":
            db = args.db
            if db is None:
                # The tests' throwaway cluster (tests/server/postgres.py), not a copy of it.
                sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
                from tests.server.postgres import Cluster

                self.cluster = Cluster()
                db = self.cluster.database()
            self.servers = [Server(db, args.bot_workers) for _ in range(int(count or "1"))]
        else:
            raise SystemExit(f"--setup {spec}: say sqlite or postgres:N")

    def pids(self) -> list[int]:
        """The server processes."""
        return [server.proc.pid for server in self.servers]

    def stop(self) -> None:
        """Stop the servers (and the cluster)."""
        for server in self.servers:
            server.stop()
        if self.cluster is not None:
            self.cluster.stop()


# --- the run -------------------------------------------------------------------------------


async def _watch_lag(stats: Stats, stop: asyncio.Event) -> None:
    """Sample how late this process's event loop runs a 5 ms timer."""
    while not stop.is_set():
        t = time.perf_counter()
        await asyncio.sleep(0.005)
        if stats.measuring:
            stats.lags.append(time.perf_counter() - t - 0.005)


async def _watch_rss(pids: list[int], every: float, samples: list[tuple[float, float]]) -> None:
    """Sample the servers' resident memory every ``every`` seconds."""
    t0 = time.perf_counter()
    while True:
        samples.append((time.perf_counter() - t0, sum(_rss_mb(pid) for pid in pids)))
        await asyncio.sleep(every)


def _percentile(sorted_values: list[float], p: float) -> float:
    if not sorted_values:
        return float("nan")
    k = min(len(sorted_values) - 1, max(0, round(p / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


async def bench(args: argparse.Namespace, spec: str | None) -> dict[str, Any]:
    """Run the bench on one setup (``None``: the server at ``--url``); its figures."""
    setup = Setup(spec, args) if spec else None
    bases = [server.url for server in setup.servers] if setup else [args.url]
    pids = setup.pids() if setup else []
    samples: list[tuple[float, float]] = []
    try:
        if setup is not None:
            await asyncio.gather(*(server.ready() for server in setup.servers))
        stats = Stats()
        go, stop = asyncio.Event(), asyncio.Event()
        readies = [asyncio.Event() for _ in range(args.tables)]
        players = [Player(args, bases[i % len(bases)], stats, seed=i) for i in range(args.tables)]
        began = time.perf_counter()
        tasks = []
        for player, ready in zip(players, readies, strict=True):
            tasks.append(asyncio.create_task(player.run(ready, go, stop)))
            await ready.wait()  # one at a time: seating is not what is measured
        seated = time.perf_counter() - began
        cpu0 = sum(_cpu_seconds(pid) for pid in pids)
        mine0 = _own_cpu()
        stats.measuring = True
        watchers = [asyncio.create_task(_watch_lag(stats, stop))]
        rss = asyncio.create_task(_watch_rss(pids, args.rss_every, samples)) if pids else None
        go.set()
        t0 = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stats.measuring = False
        elapsed = time.perf_counter() - t0
        if rss is not None:
            rss.cancel()
        cpu = sum(_cpu_seconds(pid) for pid in pids) - cpu0
        mine = _own_cpu() - mine0
        stop.set()
        await asyncio.wait([*tasks, *watchers], timeout=UPDATE_TIMEOUT + 5)
        tracebacks = sum(server.tracebacks() for server in setup.servers) if setup else 0
    finally:
        if setup is not None:
            setup.stop()
    warmup = args.seconds / 4 if args.warmup is None else args.warmup
    after = [(t, m) for t, m in samples if t >= warmup]
    if args.rss_out:
        with open(args.rss_out, "a") as out:
            out.writelines(f"{spec or args.url},{t:.1f},{m:.2f}\n" for t, m in samples)
    lat = sorted(stats.latencies)
    return {
        "setup": spec or args.url,
        "elapsed": elapsed,
        "seated": seated,
        "stats": stats,
        "latency": [1000 * _percentile(lat, p) for p in (50, 95, 99)]
        + [1000 * (lat[-1] if lat else float("nan"))],
        "errors": stats.errors + tracebacks,
        "tracebacks": tracebacks,
        "cpu": 100 * cpu / elapsed if pids else float("nan"),
        "mine": 100 * mine / elapsed,
        "lag": 1000 * _percentile(sorted(stats.lags), 99),
        "rss": (after[0][1], samples[-1][1]) if after else (float("nan"), float("nan")),
        "slope": slope(after),
    }


def report(args: argparse.Namespace, runs: list[dict[str, Any]], load: tuple[float, ...]) -> int:
    """Print the runs side by side; 1 if any counted an error."""
    warmup = args.seconds / 4 if args.warmup is None else args.warmup
    print(f"atout serve under load: {args.tables} tables of {args.game}, a player against the")
    print(f"  random bot at each, thinking 0-{2 * args.think:g} s a move; {args.seconds:g} s")
    print(f"  measured after seating; {os.cpu_count()} CPUs, load average before the run")
    print(f"  {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; memory after a {warmup:g} s warm-up")

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:<21}" + "".join(f"{cell:>16}" for cell in cells))

    row("", [str(run["setup"]) for run in runs])
    row("seating took", [f"{run['seated']:.1f} s" for run in runs])
    row("players' actions/s", [f"{run['stats'].actions / run['elapsed']:.1f}" for run in runs])
    row("all actions/s", [f"{run['stats'].updates / run['elapsed']:.1f}" for run in runs])
    row("matches ended", [str(run["stats"].matches) for run in runs])
    for i, name in enumerate(("p50", "p95", "p99", "max")):
        row(f"latency {name}", [f"{run['latency'][i]:.1f} ms" for run in runs])
    row("errors", [str(run["errors"]) for run in runs])
    row("server CPU", [f"{run['cpu']:.0f} %" for run in runs])
    row("players' CPU", [f"{run['mine']:.0f} %" for run in runs])
    row("players' loop lag p99", [f"{run['lag']:.1f} ms" for run in runs])
    row("server RSS warm", [f"{run['rss'][0]:.1f} MB" for run in runs])
    row("server RSS end", [f"{run['rss'][1]:.1f} MB" for run in runs])
    row("RSS slope", [f"{run['slope']:+.3f} MB/min" for run in runs])
    print("(server CPU and RSS include the bot workers; the players' loop lag is delay the")
    print(" latencies include that the server is not to blame for)")
    for run in runs:
        for what in run["stats"].first_errors:
            print(f"  error ({run['setup']}): {what}")
        if run["tracebacks"]:
            print(f"  error ({run['setup']}): the server logged {run['tracebacks']} traceback(s)")
    return 1 if any(run["errors"] for run in runs) else 0


async def main_async(args: argparse.Namespace) -> int:
    """Run every setup in turn, then print them side by side."""
    load = os.getloadavg()
    specs: list[str | None] = [None] if args.url else (args.setup or ["sqlite"])
    runs = [await bench(args, spec) for spec in specs]
    return report(args, runs, load)


def main() -> int:
    """Parse the options and run."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200, help="players, each at its own table")
    p.add_argument("--seconds", type=float, default=30.0, help="how long to measure")
    p.add_argument("--think", type=float, default=0.5, help="mean thinking time (s) a move")
    p.add_argument("--game", default="schnapsen", choices=["schnapsen", "seven_up"])
    p.add_argument(
        "--setup",
        action="append",
        help="sqlite, or postgres:N (N processes); repeat to compare (default: sqlite)",
    )
    p.add_argument("--db", help="the PostgreSQL URL for postgres:N (default: a throwaway one)")
    p.add_argument("--bot-workers", type=int, default=0, help="each server's bot processes")
    p.add_argument("--url", help="bench a server already running here instead")
    p.add_argument("--rss-every", type=float, default=5.0, help="seconds between RSS samples")
    p.add_argument("--warmup", type=float, help="seconds before the RSS slope (default: 1/4)")
    p.add_argument("--rss-out", help="append the RSS samples to this file (setup,seconds,MB)")
    args = p.parse_args()
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main_async(args))
    return uvloop.run(main_async(args))


if __name__ == "__main__":
    sys.exit(main())
