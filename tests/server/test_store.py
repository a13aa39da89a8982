"""The store on its own, on SQLite and on PostgreSQL: the action log's hot path (statements
compiled once, run on the bare driver) writes what the ORM reads back, refuses a ``seq``
written twice or out of turn, and leaves nothing behind when it refuses."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from atout.server.settings import database_url
from atout.server.store import OVER, PLAYING, Conflict, NewTable, Store, StoredSeat


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = make_url(f"sqlite:///{tmp_path / 'atout.db'}")
    else:
        url = database_url(request.getfixturevalue("postgres").database(), tmp_path)
    s = Store(url)
    s.open()
    yield s
    s.close()


def _table(table_id: str) -> NewTable:
    return NewTable(
        id=table_id,
        game="seven_up",
        rules="seven_up",
        dealer=0,
        seed=42,
        status=PLAYING,
        grace=60.0,
        standin="medium",
        seats=tuple(StoredSeat(i, "human", None, f"{i}" * 64, None, None) for i in range(2)),
        packs=((1, 2, 3),),
        created_at=datetime.now(UTC),
    )


def test_the_action_log_appends_in_order_and_refuses_what_is_not_next(store: Store) -> None:
    async def run() -> None:
        assert await store.create(_table("t1"))
        await store.append("t1", 1, seat=0, action="stand", by="seat", packs=[], result=None)
        await store.append(
            "t1", 2, seat=1, action="play QS", by="random", packs=[(1, (4, 5, 6))], result=None
        )
        with pytest.raises(Conflict):  # seq 2 is written: the key refuses it
            await store.append("t1", 2, seat=1, action="beg", by="seat", packs=[], result=None)
        with pytest.raises(Conflict):  # seq 4 is not next: the table's seq refuses it, and
            # the deal it would have begun is rolled back with it
            await store.append(
                "t1", 4, seat=0, action="beg", by="seat", packs=[(2, (7, 8))], result=None
            )
        result = {"over": True, "winners": [1], "scores": [3, 7]}
        await store.append(
            "t1", 3, seat=0, action="play AH", by="standin:medium", packs=[], result=result
        )
        loaded = await store.load("t1")
        assert loaded is not None
        assert loaded.seq == 3 and loaded.status == OVER and loaded.result == result
        assert loaded.actions == (
            (0, "stand", "seat"),
            (1, "play QS", "random"),
            (0, "play AH", "standin:medium"),
        )
        assert loaded.packs == ((1, 2, 3), (4, 5, 6))
        assert await store.tail("t1", 1) == [
            (2, 1, "play QS", "random"),
            (3, 0, "play AH", "standin:medium"),
        ]
        listed = await store.listing([OVER], 10)
        assert [t.id for t in listed] == ["t1"] and listed[0].result == result
        assert listed[0].created_at > 0

    asyncio.run(run())


def test_sqlite_s_log_stays_bounded_under_a_steady_stream_of_actions(tmp_path: Path) -> None:
    """SQLite's transactions run on the event loop's thread, and the commit that fills the WAL
    checkpoints it: under actions appended without a pause (as 500 busy tables append them)
    the log file is reused, not grown without end. A checkpoint on another thread racing the
    commits never caught up, and its WAL grew by over 2 MB a second under load."""
    store = Store(make_url(f"sqlite:///{tmp_path / 'atout.db'}"))
    store.open()
    wal = tmp_path / "atout.db-wal"

    async def run() -> None:
        for t in range(20):
            assert await store.create(_table(f"t{t}"))
        for seq in range(1, 301):
            for t in range(20):
                await store.append(
                    f"t{t}", seq, seat=seq % 2, action="play QS", by="seat", packs=[], result=None
                )

    try:
        asyncio.run(run())
        # 6,000 commits of a few pages each would make a log of some 60 MB; SQLite's
        # checkpoint every 1,000 pages keeps it near 4 MB.
        assert wal.stat().st_size < 8 * 2**20, wal.stat().st_size
    finally:
        store.close()
