"""A SIGKILLed server leaves no process behind (issue 15, finding 4): its bot workers, and
multiprocessing's resource tracker, end with it instead of living on under PID 1."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest

from tests.server.harness import Client, ServerProcess


def _children(pid: int) -> set[int]:
    """The live processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if fields[0] != "Z" and int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_a_killed_server_takes_its_bot_workers_with_it(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        assert server.proc is not None
        pid = server.proc.pid

        async def bot_table() -> None:
            client = Client(server.url)
            try:  # two bots that read the view: their decisions go to the worker pool
                await client.create("schnapsen", ["medium", "medium"])
            finally:
                await client.aclose()

        asyncio.run(bot_table())
        deadline = time.monotonic() + 30
        while len(children := _children(pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)  # the worker, and the resource tracker
        assert len(children) >= 2, children
    finally:
        server.kill()
    deadline = time.monotonic() + 10
    while any(_alive(c) for c in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [c for c in children if _alive(c)], "processes outlived the server"
    assert os.getpid() not in children
