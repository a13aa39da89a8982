"""Running a tournament: the schedule, played in order on one process, a local pool, or Ray.

Results are consumed in schedule order whatever the backend, and every unit is a pure
function of its seed, its bots' specs and the rules, so the same seed and bots give the same
results with any number of jobs. Ctrl-C (``KeyboardInterrupt``) stops the workers and returns
the units finished so far; an SPRT stops the run as soon as it decides.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from atout import record as records
from atout.arena import dealset
from atout.arena.dealset import DealSet
from atout.arena.play import UnitResult, play_unit
from atout.arena.schedule import Unit, schedule
from atout.arena.stats import sprt_bounds, sprt_llr
from atout.bots import make
from atout.games import load

__all__ = ["Sprt", "Tournament", "TournamentRun", "run"]


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: Elo = elo0 against H1: Elo = elo1 for the
    first bot against the second, at error rates ``alpha`` and ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05


@dataclass(frozen=True)
class Tournament:
    """What to play: the rules text, the bot specs, how many units per line-up (matches, or
    single deals with ``deals``), duplicate or not, and the seed."""

    rules: str
    bots: tuple[str, ...]
    units: int
    deals: bool = False
    duplicate: bool = False
    seed: int = 0
    sprt: Sprt | None = None
    #: A deal-set file (:mod:`atout.arena.dealset`) to play instead of seeds (duplicate only).
    deal_set: str | None = None

    def check(self) -> None:
        """Raise a clear error for unknown games, options and bots before anything runs."""
        load(self.rules)
        for spec in self.bots:
            make(spec)
        if self.units < 1:
            raise ValueError("play at least one match or deal")
        if self.sprt is not None and len(self.bots) != 2:
            raise ValueError("the SPRT compares exactly two bots")
        if self.deal_set is not None:
            self._deal_set()

    def _deal_set(self) -> DealSet | None:
        """The deal set, read and checked against the rules: its packs must be this game's."""
        if self.deal_set is None:
            return None
        deals = dealset.load(self.deal_set)
        if load(deals.rules).name != load(self.rules).name:
            raise ValueError(
                f"the deal set {deals.name} is for {deals.rules}, not for {self.rules}"
            )
        return deals

    def schedule(self) -> list[Unit]:
        seats = load(self.rules).seats
        return schedule(
            len(self.bots),
            seats,
            self.units,
            duplicate=self.duplicate,
            seed=self.seed,
            deal_set=self._deal_set(),
        )


@dataclass
class TournamentRun:
    """The units played, in schedule order, and how the run ended."""

    tournament: Tournament
    results: list[UnitResult]
    planned: int
    interrupted: bool = False
    sprt: dict[str, Any] | None = None
    extra: dict[str, Any] = field(default_factory=dict)


def _play(t: Tournament, keep: bool, unit: Unit) -> UnitResult:
    return play_unit(t.rules, t.bots, unit, deals=t.deals, keep_record=keep)


def _play_chunk(t: Tournament, keep: bool, units: list[Unit]) -> list[UnitResult]:
    return [_play(t, keep, u) for u in units]


def _local(t: Tournament, units: list[Unit], jobs: int, keep: bool) -> Iterator[UnitResult]:
    if jobs <= 1:
        for u in units:
            yield _play(t, keep, u)
        return
    # Chunks keep the per-task overhead small; imap keeps schedule order.
    size = max(1, min(64, len(units) // (jobs * 8)))
    chunks = [units[i : i + size] for i in range(0, len(units), size)]
    ctx = multiprocessing.get_context("spawn" if _threads_started() else "fork")
    with ctx.Pool(jobs) as pool:
        try:
            for chunk in pool.imap(partial(_play_chunk, t, keep), chunks):
                yield from chunk
        finally:
            pool.terminate()


def _threads_started() -> bool:
    """Forking a process with threads running is unsafe: use spawn then."""
    return threading.active_count() > 1


def _ray(
    t: Tournament, units: list[Unit], jobs: int, keep: bool, address: str | None
) -> Iterator[UnitResult]:
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise RuntimeError(
            "the ray backend needs the ray extra: pip install 'atout[ray]'"
        ) from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, ignore_reinit_error=True)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, ignore_reinit_error=True)
    remote = ray.remote(_play_chunk)
    size = max(1, min(64, len(units) // (max(1, jobs) * 8)))
    chunks = [units[i : i + size] for i in range(0, len(units), size)]
    pending = [remote.remote(t, keep, c) for c in chunks]
    fetched = 0
    try:
        for ref in pending:  # in submission order, so in schedule order
            chunk = ray.get(ref)
            fetched += 1
            yield from chunk
    finally:
        # Stopped early (an SPRT decision, Ctrl-C): cancel what has not finished. Cancelling a
        # task that has already finished trips an internal check in Ray and aborts the driver.
        rest = pending[fetched:]
        if rest:
            _done, running = ray.wait(rest, num_returns=len(rest), timeout=0)
            for ref in running:
                ray.cancel(ref)
        if started:
            ray.shutdown()


def run(
    t: Tournament,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    records_dir: Path | None = None,
    progress: Callable[[UnitResult], None] | None = None,
) -> TournamentRun:
    """Play the tournament. ``records_dir`` keeps every unit's record as JSON there."""
    t.check()
    units = t.schedule()
    keep = records_dir is not None
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    if backend == "local":
        stream = _local(t, units, jobs, keep)
    elif backend == "ray":
        stream = _ray(t, units, jobs, keep, address)
    else:
        raise ValueError(f"unknown backend {backend!r}: local or ray")
    out = TournamentRun(t, [], len(units))
    lower, upper = sprt_bounds(t.sprt.alpha, t.sprt.beta) if t.sprt else (0.0, 0.0)
    group_scores: dict[int, list[float]] = {}
    group_size: dict[int, int] = {}
    for u in units:
        group_size[u.group] = group_size.get(u.group, 0) + 1
    try:
        for result in stream:
            out.results.append(result)
            if records_dir is not None and result.record is not None:
                path = records_dir / f"unit-{result.index:06d}.json"
                records.dump(records.from_dict(result.record), path)
            if progress is not None:
                progress(result)
            if t.sprt is not None:
                # A duplicate group (or a single unit) is one observation, once complete.
                group_scores.setdefault(result.group, []).append(_first_bot_score(result))
                done = [sum(v) / len(v) for g, v in group_scores.items() if len(v) == group_size[g]]
                llr = sprt_llr(done, t.sprt.elo0, t.sprt.elo1)
                out.sprt = _sprt_report(t.sprt, llr, lower, upper, len(done))
                if llr <= lower or llr >= upper:
                    break
    except KeyboardInterrupt:
        out.interrupted = True
    finally:
        close = getattr(stream, "close", None)
        if close is not None:
            close()
    return out


def _first_bot_score(result: UnitResult) -> float:
    """Bot 0's score in a unit (the mean over its seats)."""
    mine = [result.outcome[s] for s, b in enumerate(result.seats) if b == 0]
    return sum(mine) / len(mine) if mine else 0.0


def _sprt_report(s: Sprt, llr: float, lower: float, upper: float, n: int) -> dict[str, Any]:
    verdict = "H1 accepted" if llr >= upper else "H0 accepted" if llr <= lower else "undecided"
    return {
        "elo0": s.elo0,
        "elo1": s.elo1,
        "alpha": s.alpha,
        "beta": s.beta,
        "llr": llr,
        "lower": lower,
        "upper": upper,
        "observations": n,
        "verdict": verdict,
    }
