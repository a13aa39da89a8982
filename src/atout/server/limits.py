"""The limits a server open to strangers enforces, and the errors that say one was reached.

- :class:`BodyLimit`: a request body larger than the server accepts is refused with 413
  before the application reads it, whether its size is announced (``Content-Length``) or
  streamed.
- :class:`Quotas`: how many tables an address creates, hints it asks for, and analyses and
  duplicate challenges it starts in any minute (rates, counted by the ``limits`` library in
  a moving window), and how many websockets it
  holds open (a count: a socket takes a place while open and gives it back when it closes).
  Past one, the answer is :class:`TooMany` (429 with ``Retry-After``; a websocket closes
  with 4429).
- :class:`Expired`: a table that waited for its players longer than the server's
  ``waiting_ttl`` with nobody joining is gone (410; a websocket closes with 4410).

A client is known by its address, the peer of its connection (``request.client.host``):
behind a proxy every client is the proxy. ``X-Forwarded-For`` is believed only from the
proxies the settings name (``forwarded_allow_ips``: uvicorn then puts the client it names in
the peer's place), since anyone can write one. The counts live in this process's memory:
each server process keeps its own.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Iterator, Mapping
from typing import Any

from limits import RateLimitItem, RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from atout.server.errors import ApiError
from atout.server.settings import Settings

__all__ = ["BodyLimit", "Expired", "Quotas", "TooMany", "address", "duration"]


class TooMany(ApiError):
    """A quota is used up. ``retry_after`` is the whole number of seconds (at least 1) after
    which the same request is taken again, ``None`` for a count (a websocket's place comes
    back when one of the address's sockets closes)."""

    status = 429
    code = "too_many"

    def __init__(self, detail: str, retry_after: int | None = None) -> None:
        super().__init__(detail)
        self.retry_after = retry_after


class Expired(ApiError):
    """The table waited for its players longer than the server keeps a table nobody joins."""

    status = 410
    code = "expired"


def address(connection: HTTPConnection) -> str:
    """The client's address: the peer of the connection (a proxy, behind one, unless the
    settings' ``forwarded_allow_ips`` names it). Empty where the server was not told (a Unix
    socket): every such client shares one quota."""
    client = connection.client
    return client.host if client is not None else ""


def duration(seconds: float) -> str:
    """``seconds`` as people say it: ``24 h``, ``90 min``, ``45 s``."""
    if seconds >= 3600 and seconds % 3600 == 0:
        return f"{seconds / 3600:g} h"
    if seconds >= 60 and seconds % 60 == 0:
        return f"{seconds / 60:g} min"
    return f"{seconds:g} s"


class _Rate:
    """At most ``limit`` hits a minute per key, in a moving window (0: no limit). ``name``
    keeps this quota's keys apart from the others' in the shared storage; ``said`` words a
    refusal, ``{n}`` standing for the limit."""

    def __init__(self, limiter: MovingWindowRateLimiter, name: str, said: str, limit: int) -> None:
        self.limiter = limiter
        self.name = name
        self.said = said
        self.item: RateLimitItem | None = RateLimitItemPerMinute(limit) if limit > 0 else None

    def check(self, key: str) -> None:
        """:class:`TooMany` if one more hit for ``key`` would be one too many."""
        item = self.item
        if item is None or self.limiter.test(item, self.name, key):
            return
        # The moving window frees a place once its oldest hit is a minute old.
        reset = self.limiter.get_window_stats(item, self.name, key).reset_time
        wait = max(1, math.ceil(reset - time.time()))
        said = self.said.format(n=item.amount)
        raise TooMany(f"{said}, the most this server allows: try again in {wait} s", wait)

    def hit(self, key: str) -> None:
        """Count a hit for ``key`` (after :meth:`check`)."""
        if self.item is not None:
            self.limiter.hit(self.item, self.name, key)


class _Count:
    """How many of something each key holds at once, at most ``limit`` (0: no limit)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held: dict[tuple[str, ...], int] = {}

    def full(self, key: tuple[str, ...]) -> bool:
        """Whether taking one more place would be one too many."""
        return self.limit > 0 and self.held.get(key, 0) >= self.limit

    @contextlib.contextmanager
    def place(self, key: tuple[str, ...]) -> Iterator[None]:
        """Hold a place for the block (the caller checked :meth:`full`)."""
        self.held[key] = self.held.get(key, 0) + 1
        try:
            yield
        finally:
            left = self.held[key] - 1
            if left:
                self.held[key] = left
            else:
                del self.held[key]  # an address gone leaves nothing behind


class Quotas:
    """The quotas of one server process, as its settings set them (see
    :class:`~atout.server.settings.Settings`). Each check either counts the request or raises
    :class:`TooMany` and counts nothing."""

    def __init__(self, settings: Settings) -> None:
        # Moving windows: no burst of twice the quota across a window's edge, as fixed
        # windows allow. The storage keeps one time per hit, for a minute.
        limiter = MovingWindowRateLimiter(MemoryStorage())
        self._tables = _Rate(
            limiter,
            "tables",
            "this address created {n} tables in the last minute",
            settings.max_tables_per_minute,
        )
        self._hints = _Rate(
            limiter,
            "hints",
            "this address asked for {n} hints in the last minute",
            settings.max_hints_per_minute,
        )
        self._table_hints = _Rate(
            limiter,
            "table hints",
            "this table was given {n} hints in the last minute",
            settings.max_table_hints_per_minute,
        )
        self._analyses = _Rate(
            limiter,
            "analyses",
            "this address started {n} analyses and challenges in the last minute",
            settings.max_analyses_per_minute,
        )
        self._sockets = _Count(settings.max_sockets)
        self._table_sockets = _Count(settings.max_table_sockets)
        self._spectators = _Count(settings.max_spectators)

    def create(self, client: str) -> None:
        """Count a table created by ``client``."""
        self._tables.check(client)
        self._tables.hit(client)

    def hint(self, client: str, table_id: str) -> None:
        """Count a hint asked for by ``client`` at the table ``table_id``: under both quotas,
        or neither if one is used up."""
        self._hints.check(client)
        self._table_hints.check(table_id)
        self._hints.hit(client)
        self._table_hints.hit(table_id)

    def analysis(self, client: str) -> None:
        """Count an analysis or a duplicate challenge started by ``client``: each keeps a
        bot worker busy for many decisions, if behind the tables where people play."""
        self._analyses.check(client)
        self._analyses.hit(client)

    @contextlib.contextmanager
    def socket(self, client: str, table_id: str) -> Iterator[None]:
        """A websocket ``client`` holds open on ``table_id`` for the block."""
        if self._sockets.full((client,)):
            raise TooMany(
                f"this address has {self._sockets.limit} websockets open, the most this "
                "server allows: close one first"
            )
        if self._table_sockets.full((client, table_id)):
            raise TooMany(
                f"this address has {self._table_sockets.limit} websockets open on this table, "
                "the most this server allows: close one first"
            )
        with self._sockets.place((client,)), self._table_sockets.place((client, table_id)):
            yield

    @contextlib.contextmanager
    def spectator(self, table_id: str) -> Iterator[None]:
        """A spectator's websocket open on ``table_id`` for the block (a seat's is not
        counted: players are never refused for the crowd)."""
        if self._spectators.full((table_id,)):
            raise TooMany(
                f"this table has {self._spectators.limit} spectators, the most this server "
                "allows: watch it later"
            )
        with self._spectators.place((table_id,)):
            yield


class BodyLimit:
    """ASGI middleware: HTTP request bodies of at most ``limit`` bytes, or of the limit
    ``larger`` gives their path."""

    def __init__(self, app: ASGIApp, limit: int, larger: Mapping[str, int] | None = None) -> None:
        self.app = app
        self.limit = limit
        self.larger = dict(larger or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.larger.get(scope["path"], self.limit)
        for name, value in scope["headers"]:
            if name == b"content-length":
                try:
                    announced = int(value)
                except ValueError:
                    announced = -1
                if announced > limit:
                    await self._refuse(send, limit)
                    return
        # Read the body here, up to the limit: a streamed body gives its size only as it goes.
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await self._refuse(send, limit)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send, limit: int) -> None:
        detail: dict[str, Any] = {
            "error": "too_large",
            "detail": f"the request body is larger than {limit} bytes",
        }
        payload = json.dumps(detail).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(payload)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": payload})
