"""Bots think in a pool of worker processes, so that a search bot spending its whole time
budget never holds up another table (bots are CPU-bound Python: threads would share one core).

A decision travels as the bot's spec, the seat's view, the legal actions and a seed for the
bot's random stream; the worker builds the bot from the spec once, asks it, and sends back the
action's text. The bot never receives a state, here as anywhere.

If a decision takes longer than the pool's timeout, or the bot fails, the table is not stuck:
the seat plays a uniformly random legal action instead and the incident is logged.

A bot that does not look at the view (``uses_view = False``: it picks among the legal actions,
like ``random``) decides in the server process itself: its choice costs microseconds, a round
trip to a worker a good deal more (pickling, a pipe, a thread waking), and it is the same
call with the same arguments, so the same choice.

Only built-in bots may sit at a server's table (:func:`check_spec`): a spec naming a file or a
module would let whoever creates a table run code on the server.
"""

from __future__ import annotations

import asyncio
import copyreg
import io
import logging
import multiprocessing
import os
import pickle
import random
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from atout import bots
from atout.bots.loader import parse_spec
from atout.cards import CardSet
from atout.core.actions import Action
from atout.core.state import View
from atout.errors import RulesError

__all__ = ["BotPool", "check_spec"]

log = logging.getLogger("atout.server")

# Card sets refuse attribute assignment, so the default pickling cannot rebuild them; they
# travel as their mask.
_DISPATCH = copyreg.dispatch_table.copy()
_DISPATCH[CardSet] = lambda cs: (CardSet, (cs.mask,))


def _dumps(value: Any) -> bytes:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _DISPATCH
    pickler.dump(value)
    return buffer.getvalue()


#: The bots a table may seat: ``random`` and the levels, whose every option is bounded (the
#: thinking time, the seed). Not the research ``search`` bot: its worlds and playouts are
#: not bounded by its time.
SEATED = ("random", *bots.LEVELS)


def check_spec(spec: str, max_time: float) -> str:
    """Check that ``spec`` names a bot a table may seat (:data:`SEATED`) with acceptable
    options (finite, bounded numbers) and a thinking time of at most ``max_time`` seconds;
    returns it stripped. Raises :class:`~atout.errors.RulesError` saying what is wrong."""
    spec = spec.strip()
    name, options = parse_spec(spec)  # a number that is not finite raises here
    if name not in SEATED:
        raise RulesError(f"there is no bot {name!r} here; the bots are: {', '.join(SEATED)}")
    bots.make(spec)  # options the bot refuses (a time or seed out of bounds) raise here
    seconds = options.get("time")
    if seconds is not None and not seconds <= max_time:
        raise RulesError(f"a bot may think {max_time:g} s at most, not time={seconds!r}")
    return spec


# --- the worker side -------------------------------------------------------------------------

_BOTS: dict[str, bots.Bot] = {}


def _start_worker(server: int) -> None:
    """A worker's start: it watches the server process, then warms up."""
    _die_with(server)
    _warm()


def _warm() -> None:
    """Import the engine and the bots before the first decision arrives."""
    bots.make("random")


def _die_with(server: int, every: float = 0.5) -> None:
    """End this worker as soon as the server process ``server`` that started it is gone,
    however it went: a SIGKILLed server runs no clean-up, and its workers (and, through them,
    multiprocessing's resource tracker) would otherwise live on under PID 1. A daemon thread
    checks the parent twice a second. (Linux's PR_SET_PDEATHSIG is no substitute: it fires
    when the parent *thread* that started the worker ends, and the pool starts workers from
    short-lived threads.)"""

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(every)
        os._exit(0)

    if os.getppid() != server:
        os._exit(0)  # gone before the watch began
    threading.Thread(target=watch, name="atout-parent-watch", daemon=True).start()


def _decide(spec: str, payload: bytes, seed: int) -> str:
    """One decision, in a worker: the bot for ``spec`` chooses from the pickled view and legal
    actions with a stream seeded by ``seed``."""
    view, legal = pickle.loads(payload)
    bot = _BOTS.get(spec)
    if bot is None:
        bot = _BOTS[spec] = bots.make(spec)
    return str(bot.choose(view, legal, random.Random(seed)))


# --- the server side -------------------------------------------------------------------------


class BotPool:
    """A pool of ``workers`` processes. :meth:`choose` is a coroutine; :meth:`close` ends the
    pool."""

    def __init__(self, workers: int, timeout: float) -> None:
        self.workers = workers
        self.timeout = timeout
        self._executor = self._start()
        #: Spec -> the bot, if it decides here (it ignores the view), else ``None``.
        self._inline: dict[str, bots.Bot | None] = {}

    def _start(self) -> ProcessPoolExecutor:
        # spawn, not fork: the server process has threads and an event loop a fork would copy.
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def warm(self) -> None:
        """Start every worker now rather than at the first decision (blocking)."""
        futures = [self._executor.submit(_warm) for _ in range(self.workers)]
        for f in futures:
            f.result()

    async def choose(
        self, spec: str, view: View, legal: Sequence[Action], seed: int
    ) -> tuple[str, str | None]:
        """The bot's action text for this view, and ``None``; or, if the bot failed or ran
        out of time, a random legal action's text and what went wrong."""
        inline = self._inline_bot(spec)
        if inline is not None:
            # Yield once, as a worker's answer would: a table of such bots must not play its
            # whole match without letting the other tables in.
            await asyncio.sleep(0)
            try:
                return str(inline.choose(view, legal, random.Random(seed))), None
            except Exception as e:  # a bot's own defect must not stop the table
                problem = f"{spec} failed: {e!r}"
                log.warning("bot decision replaced by a random legal action: %s", problem)
                return str(random.Random(seed).choice(list(legal))), problem
        payload = _dumps((view, list(legal)))
        try:
            future = self._executor.submit(_decide, spec, payload, seed)
            text = await asyncio.wait_for(asyncio.wrap_future(future), self.timeout)
        except TimeoutError:
            problem = f"{spec} took longer than {self.timeout:g} s"
        except BrokenProcessPool:
            self._executor = self._start()
            problem = f"{spec}: a bot worker died; the pool is restarted"
        except Exception as e:  # a bot's own defect must not stop the table
            problem = f"{spec} failed: {e!r}"
        else:
            return text, None
        log.warning("bot decision replaced by a random legal action: %s", problem)
        return str(random.Random(seed).choice(list(legal))), problem

    def _inline_bot(self, spec: str) -> bots.Bot | None:
        """The bot for ``spec`` if it decides in this process (it ignores the view)."""
        if spec not in self._inline:
            try:
                bot: bots.Bot | None = bots.make(spec)
            except Exception:
                bot = None  # the worker meets the same failure, and the pool's fallback
            self._inline[spec] = bot if bot is not None and not bots.uses_view(bot) else None
        return self._inline[spec]

    def close(self) -> None:
        """Stop the workers: decisions not begun are dropped, one under way finishes (within
        its bot's time budget)."""
        self._executor.shutdown(wait=True, cancel_futures=True)
