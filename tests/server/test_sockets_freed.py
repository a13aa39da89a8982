"""A closed websocket's objects go at once (atout.server.run.WebSocketProtocol), not at the
next full collection, which the server runs rarely: without this, memory grew with every
socket ever opened until one ran (the memory soak of bench/server.py)."""

from __future__ import annotations

import asyncio
import gc
import socket
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.asyncio.client import connect
from websockets.server import ServerProtocol

from atout.server.run import WebSocketProtocol, server_config
from atout.server.settings import Settings


async def _echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """A websocket endpoint: accept, answer each message, end at the disconnect."""
    assert scope["type"] == "websocket"
    await receive()  # websocket.connect
    await send({"type": "websocket.accept"})
    while (message := await receive())["type"] == "websocket.receive":
        await send({"type": "websocket.send", "text": message.get("text") or ""})


def _alive() -> int:
    return sum(1 for o in gc.get_objects() if type(o) is ServerProtocol)


async def _open_and_close(protocol: type[WebSocketsSansIOProtocol], sockets: int) -> int:
    """Serve ``_echo`` with ``protocol``, open and close ``sockets`` sockets one after the
    other, and count the connections still in memory (the collector held off)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(_echo, host="127.0.0.1", port=port, ws=protocol, log_level="error")
    server = uvicorn.Server(config)
    task = asyncio.create_task(server.serve())
    while not server.started:
        await asyncio.sleep(0.01)
    try:
        before = _alive()
        for _ in range(sockets):
            async with connect(f"ws://127.0.0.1:{port}/") as ws:
                await ws.send("hello")
                assert await ws.recv() == "hello"
        # The server sees each close a moment after the client.
        for _ in range(100):
            if not server.server_state.connections:
                break
            await asyncio.sleep(0.01)
        return _alive() - before
    finally:
        server.should_exit = True
        await task


@pytest.mark.parametrize("protocol", [WebSocketProtocol, WebSocketsSansIOProtocol])
def test_a_closed_socket_is_freed_without_a_full_collection(
    protocol: type[WebSocketsSansIOProtocol],
) -> None:
    gc.collect()
    gc.disable()
    try:
        left = asyncio.run(_open_and_close(protocol, 20))
    finally:
        gc.enable()
    if protocol is WebSocketProtocol:
        assert left == 0, f"{left} closed connections wait for the collector"
    else:
        # uvicorn's own protocol, for contrast: the cycle keeps every closed connection.
        assert left == 20


def test_the_server_runs_with_the_protocol_that_frees_sockets(tmp_path: Any) -> None:
    settings = Settings(db=f"sqlite:///{tmp_path / 'tables.db'}")
    assert server_config(settings).ws is WebSocketProtocol
