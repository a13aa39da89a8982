"""Bots think in a pool of worker processes, so that a search bot spending its whole time
budget never holds up another table (bots are CPU-bound Python: threads would share one core).

A decision travels as the bot's spec, the seat's view, the legal actions and a seed for the
bot's random stream; the worker builds the bot from the spec once, asks it, and sends back the
action's text. The bot never receives a state, here as anywhere.

**Fair scheduling.** Decisions do not go to the workers first come, first served: a dozen
tables of slow bots would then queue a dozen decisions ahead of every other table's, and a
person's quick bot would wait for all of them. Instead each decision waits in its table's own
queue (:class:`Scheduler`), and a decision is handed to a worker only when one is free, so the
order is the pool's to choose:

- a table has at most one decision in a worker at a time (its decisions are sequential anyway;
  a hint asked meanwhile waits its turn behind the table's own);
- a free worker takes the next decision of the tables where a person plays first
  (``human``: the driver says so of a table with a present human player, a hint is asked by
  one), round-robin among those tables, and only then one of a table of bots alone,
  round-robin among those;
- bots-only tables never hold every worker: one is kept for the tables where a person plays.
  With ``workers`` N ≥ 2, bots-only decisions run in at most N - 1 of them; a pool of one
  worker starts a second for the purpose.

So a table's decision waits for at most one decision of each other table of its class (then
its turn comes), and a person's table, while no other person's bot is thinking, for no
bots-only decision at all: a dozen tables of ``expert(time=10)`` bots share the bots-only
workers among themselves (each of them slower the more of them there are), and a person's
``medium`` bot answers in its usual hundredths of a second. Why keep a whole worker rather than
only put people's decisions first: a decision in a worker cannot be interrupted, and a bot may
think for up to the server's ``max_bot_time`` (10 s), which a person's decision would otherwise
wait whenever every worker is busy. The price is one worker's share of the machine that
bots-only tables never get (it idles while no person's bot thinks); on a machine with one CPU
the second worker shares it with the first, and a person's bot then runs at about half speed
(still hundredths of a second for ``medium``) instead of waiting ten seconds. People's tables
have no reserve among themselves: their decisions may fill every worker, and bots-only tables
then wait (and fall back as below).

If a decision brings no answer within the pool's timeout (counted from when the table asked,
so that a table never waits longer, however busy the pool), or the bot fails, the table is not
stuck: the seat plays a uniformly random legal action instead and the incident is logged. A
decision still waiting for a worker then leaves its queue; one in a worker keeps that worker
(and its table's turn) until the bot is done, since the process is busy until then. A worker
that dies (the pool is "broken") fails the decisions in the workers, and the pool restarts;
the decisions still waiting go to the new workers.

A bot that does not look at the view (``uses_view = False``: it picks among the legal actions,
like ``random``) decides in the server process itself, outside the queues: its choice costs
microseconds, a round trip to a worker a good deal more (pickling, a pipe, a thread waking),
and it is the same call with the same arguments, so the same choice.

Only built-in bots may sit at a server's table (:func:`check_spec`): a spec naming a file or a
module would let whoever creates a table run code on the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import copyreg
import hashlib
import io
import json
import logging
import multiprocessing
import os
import pickle
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from atout import advice, bots
from atout import record as records
from atout.bots.loader import parse_spec
from atout.cards import CardSet
from atout.coach import Coach, Mode
from atout.core.actions import Action
from atout.core.state import View
from atout.errors import RulesError

__all__ = ["BotPool", "Scheduler", "check_spec"]

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


def _advise(payload: bytes, seed: int) -> dict[str, Any]:
    """A hint and its reason, in a worker: :func:`atout.advice.advise` on the pickled view
    and legal actions with a stream seeded by ``seed``."""
    view, legal = pickle.loads(payload)
    return advice.advise(view, legal, random.Random(seed)).to_dict()


#: The coaches a worker keeps, by record and settings: a table's decisions come in order,
#: and each worker replays its record forward rather than from the start (a few at once).
_COACHES: dict[tuple[str, str, int, int, float], Coach] = {}
_KEEP_COACHES = 4


def _coach_step(
    record_text: str, step: int, settings: tuple[str, int, int, float]
) -> dict[str, Any]:
    """One decision of a finished table valued by the coach, in a worker: the record as its
    JSON text, the step, and the coach's ``(mode, seed, worlds, seconds)`` (see
    :class:`atout.coach.Coach`)."""
    mode, seed, worlds, seconds = settings
    key = (hashlib.sha256(record_text.encode()).hexdigest(), mode, seed, worlds, seconds)
    coach = _COACHES.pop(key, None)
    if coach is None:
        rec = records.from_dict(json.loads(record_text))
        how: Mode = "open" if mode == "open" else "view"
        coach = Coach(rec, mode=how, worlds=worlds, time=seconds, seed=seed)
    _COACHES[key] = coach  # the most recent last
    while len(_COACHES) > _KEEP_COACHES:
        del _COACHES[next(iter(_COACHES))]
    return coach.value(step).to_dict()


# --- the order of decisions ------------------------------------------------------------------

T = TypeVar("T")


@dataclass(eq=False)
class _TableQueue(Generic[T]):
    """One table's decisions waiting for a worker, oldest first, each with its class."""

    waiting: deque[tuple[bool, T]] = field(default_factory=deque)
    #: How many of them a person waits for: kept as they come and go, since
    #: :meth:`Scheduler.take` asks at every turn, and a person may queue many hints.
    humans: int = 0
    #: The class of the table's decision in a worker (``True``: human), or ``None``.
    running: bool | None = None

    @property
    def human(self) -> bool:
        """Whether a person waits for one of the table's decisions."""
        return self.humans > 0

    def pop(self, index: int = 0) -> T:
        """Take a waiting decision out of the queue (the oldest by default)."""
        human, item = self.waiting[index]
        del self.waiting[index]
        self.humans -= human
        return item


class Scheduler(Generic[T]):
    """Which waiting decision a free worker takes next: the bookkeeping of :class:`BotPool`,
    without processes or an event loop (it is not thread-safe: one thread drives it).

    There are ``workers`` workers, and decisions of bots-only tables may occupy at most
    ``bot_workers`` of them at once. A decision (any object, ``T``) is queued by :meth:`add`
    with its table's key and class (``human``: a person plays at that table). :meth:`take`
    gives the next decision to start, or ``None`` if none may start now:

    - never a decision of a table that already has one in a worker;
    - a decision of a human table first, if any waits; then one of a bots-only table, if
      fewer than ``bot_workers`` bots-only decisions are in workers;
    - among the tables of a class, the one that has waited longest for its turn (tables take
      turns, round-robin: a table that had a decision started goes to the back once
      :meth:`finish` says it is done); within a table, its oldest decision.

    A table is human while any of its waiting decisions is."""

    def __init__(self, workers: int, bot_workers: int) -> None:
        if not 1 <= bot_workers <= workers:
            raise ValueError(f"bot_workers is from 1 to workers, not {bot_workers}")
        self.workers = workers
        self.bot_workers = bot_workers
        #: Decisions in workers, and how many of them are bots-only tables'.
        self.busy = 0
        self.bots_busy = 0
        self._tables: dict[str, _TableQueue[T]] = {}
        #: The tables with a decision waiting and none in a worker, in the order of their
        #: turns (a dict as an ordered set: removal is O(1) wherever the table is).
        self._turns: dict[str, None] = {}

    def add(self, table: str, human: bool, item: T) -> None:
        """Queue a decision of ``table``."""
        queue = self._tables.get(table)
        if queue is None:
            queue = self._tables[table] = _TableQueue()
        queue.waiting.append((human, item))
        queue.humans += human
        if queue.running is None:
            self._turns.setdefault(table, None)  # a table already waiting keeps its place

    def withdraw(self, table: str, item: T) -> bool:
        """Take back a decision still waiting (its table gave up on it); whether it was."""
        queue = self._tables.get(table)
        if queue is None:
            return False
        for index, (_human, waiting) in enumerate(queue.waiting):
            if waiting is item:
                queue.pop(index)
                break
        else:
            return False
        if not queue.waiting:
            self._turns.pop(table, None)
            if queue.running is None:
                del self._tables[table]
        return True

    def take(self) -> tuple[str, T] | None:
        """The next decision to start, and its table's key; it counts as in a worker until
        :meth:`finish`. ``None`` if every worker is busy, or nothing may start."""
        if self.busy >= self.workers:
            return None
        bots_free = self.bots_busy < self.bot_workers
        chosen: str | None = None
        for table in self._turns:
            if self._tables[table].human:
                chosen = table
                break
            if chosen is None and bots_free:
                chosen = table  # the first bots-only table, unless a human one comes later
        if chosen is None:
            return None
        queue = self._tables[chosen]
        human = queue.human
        del self._turns[chosen]
        item = queue.pop()
        queue.running = human
        self.busy += 1
        if not human:
            self.bots_busy += 1
        return chosen, item

    def finish(self, table: str) -> None:
        """A decision :meth:`take` gave is done (answered, failed or abandoned): its worker
        is free, and its table goes to the back of the turns if it has more waiting."""
        queue = self._tables.get(table)
        if queue is None or queue.running is None:
            raise ValueError(f"table {table!r} has no decision in a worker")
        self.busy -= 1
        if not queue.running:
            self.bots_busy -= 1
        queue.running = None
        if queue.waiting:
            self._turns[table] = None
        else:
            del self._tables[table]

    def waiting(self) -> list[T]:
        """Every decision waiting for a worker, and none of them any longer."""
        items = [item for queue in self._tables.values() for _human, item in queue.waiting]
        for table, queue in list(self._tables.items()):
            queue.waiting.clear()
            queue.humans = 0
            if queue.running is None:
                del self._tables[table]
        self._turns.clear()
        return items


# --- the server side -------------------------------------------------------------------------


@dataclass(eq=False)
class _Decision:
    """A decision asked of the pool: what the worker needs, and where its answer goes."""

    #: What the worker calls (:func:`_decide`, :func:`_coach_step`) and with what.
    call: Callable[..., Any]
    args: tuple[Any, ...]
    loop: asyncio.AbstractEventLoop
    answer: asyncio.Future[Any]
    #: The executor it went to, and its future there, once a worker has it.
    executor: ProcessPoolExecutor | None = None
    future: Future[Any] | None = None


class BotPool:
    """A pool of worker processes, fed fairly by a :class:`Scheduler` (see the module's
    documentation). :meth:`choose` is a coroutine; :meth:`close` ends the pool. Used from one
    event loop (the server's)."""

    def __init__(self, workers: int, timeout: float) -> None:
        #: The processes: ``workers``, and at least two, one of them kept for people's tables.
        self.workers = max(workers, 2)
        self.timeout = timeout
        self._scheduler: Scheduler[_Decision] = Scheduler(self.workers, self.workers - 1)
        self._executor = self._start()
        self._closed = False
        #: Spec -> the bot, if it decides here (it ignores the view), else ``None``.
        self._inline: dict[str, bots.Bot | None] = {}

    def _start(self) -> ProcessPoolExecutor:
        # spawn, not fork: the server process has threads and an event loop a fork would copy.
        # The executor never has more decisions than workers (the scheduler sees to it), so
        # its own first-come, first-served queue never holds one back.
        return ProcessPoolExecutor(
            self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    def warm(self) -> None:
        """Start every worker now rather than at the first decision (blocking): the one kept
        for people's tables must not spend a person's first wait starting up."""
        futures = [self._executor.submit(_warm) for _ in range(self.workers)]
        for f in futures:
            f.result()

    async def choose(
        self,
        spec: str,
        view: View,
        legal: Sequence[Action],
        seed: int,
        *,
        table: str,
        human: bool,
    ) -> tuple[str, str | None]:
        """The bot's action text for this view, and ``None``; or, if the bot failed or no
        answer came within the pool's timeout of this call (waiting for a worker included), a
        random legal action's text and what went wrong. ``table`` is the key of the table's
        queue (a table's decisions start one at a time, in order); ``human`` whether a person
        plays at that table (its decisions go first, and bots-only ones never take the last
        free worker)."""
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
        loop = asyncio.get_running_loop()
        args = (spec, _dumps((view, list(legal))), seed)
        decision = _Decision(_decide, args, loop, loop.create_future())
        self._scheduler.add(table, human, decision)
        try:
            self._dispatch()
            # asyncio.wait, not wait_for: it leaves the answer alone when time runs out.
            await asyncio.wait([decision.answer], timeout=self.timeout)
            if not decision.answer.done():
                if decision.future is None:
                    problem = f"{spec} found no free bot worker within {self.timeout:g} s"
                else:
                    problem = f"{spec} took longer than {self.timeout:g} s"
            else:
                return decision.answer.result(), None
        except BrokenProcessPool:
            problem = f"{spec}: a bot worker died; the pool is restarted"
        except Exception as e:  # a bot's own defect must not stop the table
            problem = f"{spec} failed: {e!r}"
        finally:
            self._abandon(table, decision)
        log.warning("bot decision replaced by a random legal action: %s", problem)
        return str(random.Random(seed).choice(list(legal))), problem

    async def coach(
        self,
        record_text: str,
        step: int,
        *,
        mode: str,
        seed: int,
        worlds: int,
        seconds: float,
        table: str,
    ) -> dict[str, Any]:
        """One decision of a finished table valued by the coach in a worker
        (:meth:`atout.coach.Decision.to_dict`). It waits in the table's queue as a bots-only
        decision does: people's tables go first, and a worker stays free for them. Unlike a
        bot's decision it has no fallback: a failure or the pool's timeout raises."""
        args = (record_text, step, (mode, seed, worlds, seconds))
        return await self._job(
            _coach_step, args, table=table, human=False, what=f"the coach at step {step}"
        )

    async def advise(
        self, view: View, legal: Sequence[Action], seed: int, *, table: str
    ) -> dict[str, Any]:
        """A hint for the view's seat with its reason (:meth:`atout.advice.Advice.to_dict`),
        from the view and legal actions only. A person asked: it waits in the table's queue
        among the people's tables. A failure or the pool's timeout raises."""
        args = (_dumps((view, list(legal))), seed)
        return await self._job(_advise, args, table=table, human=True, what="a hint")

    async def _job(
        self,
        fn: Callable[..., dict[str, Any]],
        args: tuple[Any, ...],
        *,
        table: str,
        human: bool,
        what: str,
    ) -> dict[str, Any]:
        """Run ``fn(*args)`` in a worker, queued as one of ``table``'s decisions; its answer,
        or the error that stopped it (a timeout names ``what``)."""
        loop = asyncio.get_running_loop()
        decision = _Decision(fn, args, loop, loop.create_future())
        self._scheduler.add(table, human, decision)
        try:
            self._dispatch()
            await asyncio.wait([decision.answer], timeout=self.timeout)
            if not decision.answer.done():
                raise TimeoutError(f"{what} took longer than {self.timeout:g} s")
            result: dict[str, Any] = decision.answer.result()
            return result
        finally:
            self._abandon(table, decision)

    def _abandon(self, table: str, decision: _Decision) -> None:
        """Nobody waits for this decision's answer any longer (answered, timed out, or the
        asking task was cancelled): out of its queue if it is still there, out of the
        executor if it has not begun."""
        if decision.future is None:
            self._scheduler.withdraw(table, decision)
        elif not decision.future.done():
            decision.future.cancel()  # frees the worker at once if it had not begun; else no-op
        if not decision.answer.done():
            decision.answer.cancel()

    def _dispatch(self) -> None:
        """Hand waiting decisions to free workers, in the scheduler's order."""
        while (taken := self._scheduler.take()) is not None:
            table, decision = taken
            if decision.answer.done():  # abandoned while it waited
                self._scheduler.finish(table)
                continue
            try:
                future = self._submit(decision)
            except Exception as e:  # the pool is closed, or broken again at once
                self._scheduler.finish(table)
                decision.answer.set_exception(e)
                continue
            decision.future = future

            def done(f: Future[Any], table: str = table, decision: _Decision = decision) -> None:
                # In the executor's thread (or this one): the answer goes through the loop.
                with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                    decision.loop.call_soon_threadsafe(self._finished, table, decision, f)

            future.add_done_callback(done)

    def _submit(self, decision: _Decision) -> Future[Any]:
        """Give a decision to the executor, restarting a broken one first."""
        try:
            future = self._executor.submit(decision.call, *decision.args)
        except BrokenProcessPool:
            self._restart(self._executor)
            future = self._executor.submit(decision.call, *decision.args)
        decision.executor = self._executor
        return future

    def _finished(self, table: str, decision: _Decision, future: Future[Any]) -> None:
        """A worker is done with a decision (in the loop): pass the answer on, free the
        worker for the next decision, restart the pool if the worker died."""
        self._scheduler.finish(table)
        if not future.cancelled():
            error = future.exception()
            if isinstance(error, BrokenProcessPool) and decision.executor is not None:
                self._restart(decision.executor)
            if not decision.answer.done():
                if error is None:
                    decision.answer.set_result(future.result())
                else:
                    decision.answer.set_exception(error)
        if not self._closed:
            self._dispatch()

    def _restart(self, broken: ProcessPoolExecutor) -> None:
        """Replace the executor ``broken`` (a worker died), unless that is already done: every
        decision it had fails at once, and each would otherwise start a pool of its own."""
        if self._executor is broken and not self._closed:
            log.warning("a bot worker died; the pool is restarted")
            broken.shutdown(wait=False, cancel_futures=True)
            self._executor = self._start()

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
        """Stop the workers: decisions not begun are dropped (their tables get a random legal
        action, as on a failure), one under way finishes (within its bot's time budget)."""
        self._closed = True
        closed = RuntimeError("the bot pool is closed")
        for decision in self._scheduler.waiting():
            with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits
                decision.loop.call_soon_threadsafe(_fail, decision.answer, closed)
        self._executor.shutdown(wait=True, cancel_futures=True)


def _fail(answer: asyncio.Future[Any], error: Exception) -> None:
    if not answer.done():
        answer.set_exception(error)
