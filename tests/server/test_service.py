"""The table service in-process: a finished match that nobody watches leaves memory after a
while (a long-running server does not keep every match it served), and reads back the same."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from sqlalchemy.engine import make_url

from atout.server.botpool import BotPool
from atout.server.broker import LocalBroker
from atout.server.service import FORGET_AFTER, TableService
from atout.server.settings import Settings
from atout.server.store import Store


def test_a_finished_table_nobody_watches_is_forgotten_and_reads_back_the_same(
    tmp_path: Path,
) -> None:
    asyncio.run(_forget(tmp_path))


async def _forget(tmp_path: Path) -> None:
    url = make_url(f"sqlite:///{tmp_path / 'atout.db'}")
    store = Store(url)
    store.open()
    pool = BotPool(1, 30.0)  # random bots decide in-process: no worker ever starts
    service = TableService(Settings(db=url), store, LocalBroker(), pool)
    await service.start()
    try:
        made = await service.create(
            "schnapsen",
            None,
            players=["random", "random"],
            seat=None,
            name=None,
            grace=None,
            standin=None,
        )
        table = made.table
        deadline = time.monotonic() + 20
        while not table.over:
            assert time.monotonic() < deadline, "the bots did not finish their match"
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)  # the driver's task ends
        later = time.monotonic() + FORGET_AFTER + 1
        assert service.forget_idle(time.monotonic()) == []  # just used
        watcher = service.subscribe(table, None)
        assert service.forget_idle(later) == []  # a spectator still watches
        await service.unsubscribe(table, watcher)
        assert service.forget_idle(later) == [table.id]
        again = await service.table(table.id)
        assert again is not table
        assert again.info(0) == table.info(0)
        assert again.record(None) == table.record(None)
        assert service.forget_idle(time.monotonic()) == []  # asked for again just now
    finally:
        await service.stop()
        pool.close()
        store.close()
