"""A table's driver: the loop that plays its bots, and a stand-in bot for a player who has
been gone longer than the table's grace period while another person still plays. When every
person at a table has gone, the match pauses until one comes back: stand-ins do not play a
match out for nobody (issue 17 §4.2), and a match a stand-in played in does not count in its
players' statistics or ratings (:mod:`atout.server.players`).

One driver task per unfinished table in a process. It waits for the table to change (an
action, a seat taken, a player coming or going) or for a grace period to run out, then asks the
state whose turn it is. A bot's turn, or an absent player's, goes to the bot pool, with the
table's id (its decisions queue there one after the other) and whether a person plays at it (a
present human player: such tables are served first, see :mod:`atout.server.botpool`); the answer
is applied like any client's action, with the ``seq`` it was chosen on, so if the player came
back and acted meanwhile, the bot's stale choice is simply refused. On a shared database only
the process holding the table's lease drives it.
"""

from __future__ import annotations

import logging
import random
import time
from typing import TYPE_CHECKING

from atout.core.state import seeded_int
from atout.server.errors import ApiError, Illegal
from atout.server.store import PLAYING
from atout.server.table import Table

if TYPE_CHECKING:
    from atout.server.service import TableService

__all__ = ["Job", "drive", "next_job"]

log = logging.getLogger("atout.server")

#: How long (seconds) a process without a table's lease waits before trying to take it.
LEASE_RETRY = 2.0

#: A decision to make: the seat, the bot spec that makes it, and the ``by`` the log records.
Job = tuple[int, str, str]


def next_job(table: Table, now: float) -> tuple[Job | None, float | None]:
    """The next decision a bot makes at this table, if any; otherwise when (epoch seconds) a
    grace period runs out, if one is running."""
    if table.status != PLAYING:
        return None, None
    wake: float | None = None
    for seat in table.acting():
        s = table.seats[seat]
        if not s.is_human:
            return (seat, s.player, s.player), None
        if table.is_away(seat, now):
            if table.paused(now):
                # Every person has gone: the match waits for one to come back, rather than
                # have stand-ins play it out for nobody (a return wakes the table).
                continue
            return (seat, table.standin, f"standin:{table.standin}"), None
        if s.sockets == 0:
            expiry = s.last_seen + table.grace
            wake = expiry if wake is None else min(wake, expiry)
    return None, wake


async def drive(service: TableService, table: Table) -> None:
    """Play the table's bots and stand-ins until the match is over. A failure (the database
    unreachable, say) is logged and the loop tries again a moment later."""
    while not table.over:
        try:
            await _step(service, table)
        except Exception:
            log.exception("table %s: the driver failed; retrying", table.id)
            await table.wait(table.version, LEASE_RETRY)


async def _step(service: TableService, table: Table) -> None:
    """Wait for something to do, or make one bot decision."""
    version = table.version
    now = time.time()
    job, wake = next_job(table, now)
    if job is None:
        await table.wait(version, None if wake is None else max(0.0, wake - now))
        return
    if not await service.broker.lease(table.id):
        await table.wait(version, LEASE_RETRY)
        return
    seat, spec, by = job
    if by != spec:
        # A stand-in: sockets on other processes keep their players present there.
        await service.refresh_presence(table)
        if not table.is_away(seat, time.time()):
            return
    elif table.has_people and not table.attended(time.time()):
        # Its people look away from here; on a shared database their sockets may be on other
        # processes, which keep their presence there: read it before ranking the table.
        await service.refresh_presence(table)
    seq = table.seq
    view = table.state.view(seat)
    legal = table.state.legal_actions(seat)
    seed = seeded_int(table.seed, f"bot:{seq}:{seat}")
    # A table where a person plays goes ahead of the tables of bots alone (see botpool).
    human = table.attended(time.time())
    text, problem = await service.pool.choose(spec, view, legal, seed, table=table.id, human=human)
    if table.seq != seq:
        return  # the table moved on while the bot thought
    if by != spec and not table.is_away(seat, time.time()):
        return  # the player came back while their stand-in thought: the seat is theirs again
    if problem is not None:
        by = f"{by} (random: {problem})"[:110]
    try:
        await service.act(table, seat, text, seq, by)
    except Illegal as e:
        log.error("table %s: bot %s chose the illegal %r: %s", table.id, spec, text, e)
        fallback = str(random.Random(seed).choice(legal))
        try:
            await service.act(table, seat, fallback, seq, f"{by} (random: illegal)"[:110])
        except ApiError:
            return
    except ApiError:
        return  # stale: someone else acted first
