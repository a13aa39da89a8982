"""``atout serve``: run the table server on uvicorn, and say where it is once it listens."""

from __future__ import annotations

import gc
import socket
import sys

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from atout.server.app import create_app
from atout.server.settings import Settings

__all__ = ["GC_THRESHOLDS", "WebSocketProtocol", "address", "serve", "server_config"]

#: The garbage collector's generation thresholds while serving (CPython's are 700, 10, 10). A
#: full collection stops every table while it walks every object the process holds: under
#: load, pauses of a tenth of a second every few seconds, the longest waits there were. With
#: the web stack's own objects frozen out of its way (``gc.freeze`` once serving) and full
#: collections ten times rarer, they are gone; young collections seven times rarer cost the
#: same in all and measured better at the 99th percentile (bench/server.py). Most garbage
#: here goes by reference counting, untouched by any of this.
GC_THRESHOLDS = (5000, 10, 100)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's websocket protocol (websockets' sans-I/O connection), letting go of the
    connection once it is lost.

    The connection parses with a generator whose frame holds the connection: a reference
    cycle, so a closed socket's objects wait for a full collection, which this server runs
    rarely (:data:`GC_THRESHOLDS`). With a socket opened per match, that was the whole of the
    memory soak's slope (+0.8 MB a minute at 200 tables). Closing the generator once the
    connection is lost (nothing feeds it any more) ends the cycle: the objects go by
    reference counting, at once."""

    def connection_lost(self, exc: Exception | None) -> None:
        super().connection_lost(exc)
        self.conn.parser.close()


def address(host: str, port: int) -> str:
    """The URL a browser on this machine opens for a server listening on ``host:port``: a
    server listening on every interface (``0.0.0.0``, ``::``) is reached at the loopback."""
    if host in ("", "0.0.0.0"):
        host = "127.0.0.1"
    elif host == "::":
        host = "[::1]"
    elif ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}/"


class _Server(uvicorn.Server):
    """uvicorn's server, printing the address once its socket listens (so ``--port 0`` prints
    the port it got, and a port already taken prints uvicorn's error, not an address)."""

    def __init__(self, config: uvicorn.Config, settings: Settings) -> None:
        super().__init__(config)
        self.settings = settings

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)  # exits the process if it cannot listen
        host, port = self.settings.host, self.settings.port
        for server in self.servers:
            for sock in server.sockets:
                host, port = sock.getsockname()[:2]
                break
        url = address(host, port)
        where = self.settings.db.render_as_string(hide_password=True)
        print(f"atout: the table server is at {url}", flush=True)
        print(f"  the API and its schema: {url}docs; tables kept in {where}", flush=True)
        print("  Ctrl-C stops it (tables are kept: they resume when it starts again)", flush=True)
        # Everything made so far (the application, the resumed tables) lives as long as the
        # server: out of the collector's way.
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)


def serve(settings: Settings) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM end it cleanly)."""
    server = _Server(server_config(settings), settings)
    server.run()
    if not server.started:
        sys.exit(1)  # it never listened; uvicorn said why


def server_config(settings: Settings) -> uvicorn.Config:
    """uvicorn's configuration of the server ``settings`` describe. uvloop and httptools are
    used when installed (the ``server`` extra installs them)."""
    return uvicorn.Config(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws=WebSocketProtocol,
        ws_max_size=64 * 1024,
        # A view is a kilobyte or two of JSON: compressing every message for every socket cost
        # more CPU (a fifth of the server's, under load) than its bytes cost on any network.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=5,
        # The quotas count clients by address: X-Forwarded-For is believed only from the
        # proxies named (uvicorn's own default believes any local process).
        proxy_headers=bool(settings.forwarded_allow_ips),
        forwarded_allow_ips=settings.forwarded_allow_ips or None,
    )
