"""Engine speed against the targets of issue 13: the engine in this process beside the pure
Python engine, and both beside the peer engines where they exist.

    make bench                              # installs the `bench` extra, then runs this
    python bench/engine.py --deals 5000     # longer runs, steadier figures
    python bench/engine.py --quick          # every row once on tiny runs: a smoke test

**Two engines.** One install holds two builds of the engine: compiled by mypyc, and pure
Python (``ATOUT_PURE=1`` before ``import atout`` forces it; ``atout.ENGINE`` says which one
runs). When this process runs the compiled engine, every atout figure is measured twice: here,
and in a worker process of the same interpreter started with ``ATOUT_PURE=1`` (this script
with ``--worker``), which the parent asks for one measurement at a time and which answers in
JSON. A row then reads ``compiled X  pure Y  gain X/Y`` (for times, the gain is pure over
compiled: how many times faster). When this process runs the pure engine itself (no C compiler
at install time, ``ATOUT_NO_COMPILE=1``, or ``ATOUT_PURE=1`` here), it says so and prints one
column; ``--pure always`` adds the pure worker anyway, and its gains then show the noise floor.

**The figures**, all on one core:

- *playout*: deals per second (and actions per second) through the inlined random playout,
  ``state.playout(rng.random)``, what search rollouts run; whole random matches, each deal
  shuffled and dealt from the match seed.
- *legal+apply*: deals per second of whole random matches driven as a bot writer drives them,
  ``legal = state.legal_actions(); state.apply(legal[int(rng.random() * len(legal))])``: every
  action checked, every event built.
- *legal+step*: the same through ``step()``, which checks the action but builds no events.
- *clone()+apply()*, *clone()+step()*: microseconds to copy a position met in random play and
  take its first legal action, the timing loop's own cost included.
- *solver*: positions (nodes) per second of the Schnapsen exact solver,
  :class:`atout.bots.schnapsen_solve.DealSolver`, solving the root's value of worlds where
  every card is known, each taken from a random match at the first lead after the stock is
  down to six cards (the turned trump included); and milliseconds per world. The nodes are
  the same in both engines (the search is), so the gain in nodes per second is the gain in
  time.
- *Schnapsen's peer*: the `schnapsen` package from PyPI (the bench extra), its engine playing
  RandBot against RandBot. Its rules have no closing, so its deals run longer: the ratio of
  actions per second is printed too.
- *River's peer*: OpenSpiel's ``oh_hell`` for 4 players, driven as a program drives it through
  its Python API: every step, the chance steps of the deal included, through
  ``legal_actions()`` and ``apply_action()`` with a uniformly random choice. Beside a whole
  River match of the 8...1...8 schedule (``river(start_cards=8)``: 15 rounds of 8, 7 ... 1 ...
  8 cards) it plays one ``oh_hell`` round per round of the schedule, with ``num_tricks_fixed``
  set to that round's cards (one loaded game per distinct number, loaded before the clock
  starts). River's figures are per round. Beside the first round of a new match of 8 and of 10
  cards (the shuffle, the deal, the bids, every trick, and the next round dealt as it ends) it
  plays rounds of that size.

Seven Up has no peer engine; it gets the same rows, per hand (a void deal counts as a hand).

**Method.** ``--repeat`` rounds; in each round every figure is measured back to back: here,
then the peer it is compared with (right after ours, so that the two see the machine alike: its
speed drifts by half within minutes), then in the pure worker. Schnapsen's peer runs a tenth of
the deals, which takes about as long as ours. Each rate printed is the best of the rounds; each
ratio (the gain, and the ratio to a peer) is the median of the rounds' ratios, so that a busy
spell on the shared machine hits both sides of a ratio. The last table gathers issue 13's targets.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import statistics
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import atout
from atout.bots.schnapsen_solve import DealSolver, points_outcome
from atout.core.actions import Action
from atout.core.state import State
from atout.river.rules import RiverRules
from atout.schnapsen.state import SchnapsenState

#: Which engine this process runs: "compiled" or "pure" (older installs have no ENGINE).
ENGINE: str = getattr(atout, "ENGINE", "pure")
#: River's 8...1...8 schedule for 4 players.
SCHEDULE_RULES = "river(start_cards=8)"

# --- the measurements: each returns a list of floats, so that the worker can send it as JSON ---


def match_playouts(rules: str, deals: int) -> list[float]:
    """Deals and actions per second through the inlined playout, over whole random matches
    until at least ``deals`` deals (hands, rounds) are done."""
    game = atout.load(rules)
    rng = random.Random(1)
    done = actions = 0
    elapsed = 0.0
    seed = 0
    while done < deals:
        start = time.perf_counter()
        state = game.new_match(seed=seed)
        while state.to_act is not None:
            state.playout(rng.random)
        elapsed += time.perf_counter() - start
        seed += 1
        done += state.deals_done
        actions += len(state.history)  # off the clock: the log is walked to count it
    return [done / elapsed, actions / elapsed]


def match_protocol(rules: str, deals: int, how: str) -> list[float]:
    """Deals per second of whole random matches through ``legal_actions()`` and ``apply()``
    (``how="apply"``) or ``step()`` (``how="step"``), until at least ``deals`` are done."""
    game = atout.load(rules)
    rng = random.Random(2)
    done = seed = 0
    start = time.perf_counter()
    while done < deals:
        state = game.new_match(seed=seed)
        seed += 1
        if how == "apply":
            while state.to_act is not None:
                legal = state.legal_actions()
                state.apply(legal[int(rng.random() * len(legal))])
        else:
            while state.to_act is not None:
                legal = state.legal_actions()
                state.step(legal[int(rng.random() * len(legal))])
        done += state.deals_done
    return [done / (time.perf_counter() - start)]


@functools.cache
def positions(rules: str, n: int) -> tuple[tuple[State, Action], ...]:
    """``n`` positions met in random play of whole matches, each with its first legal action
    (built once per process and kept)."""
    game = atout.load(rules)
    rng = random.Random(3)
    out: list[tuple[State, Action]] = []
    seed = 0
    while len(out) < n:
        state = game.new_match(seed=seed)
        seed += 1
        while state.to_act is not None and len(out) < n:
            legal = state.legal_actions()
            out.append((state.clone(), legal[0]))
            state.step(rng.choice(legal))
    return tuple(out)


def clone_us(rules: str, n: int, how: str) -> list[float]:
    """Microseconds per ``clone()`` then ``apply()`` (``how="apply"``) or ``step()`` of the
    first legal action, over ``n`` positions from random play."""
    pairs = positions(rules, n)
    start = time.perf_counter()
    if how == "apply":
        for state, action in pairs:
            state.clone().apply(action)
    else:
        for state, action in pairs:
            state.clone().step(action)
    return [(time.perf_counter() - start) / len(pairs) * 1e6]


def first_rounds(cards: int, rounds: int) -> list[float]:
    """River rounds per second, 4 players and ``cards`` cards: a new match per round, its first
    round played to its end by the inlined playout."""
    game = atout.load(f"river(start_cards={cards})")
    rng = random.Random(5)
    start = time.perf_counter()
    for seed in range(rounds):
        game.new_match(seed=seed).playout(rng.random)
    return [rounds / (time.perf_counter() - start)]


@functools.cache
def solver_worlds(count: int) -> tuple[SchnapsenState, ...]:
    """``count`` Schnapsen positions with every card known, each from a new random match at the
    first lead once the stock holds six cards (deals that closed or ended before are passed)."""
    game = atout.load("schnapsen")
    rng = random.Random(7)
    out: list[SchnapsenState] = []
    seed = 0
    while len(out) < count:
        state = game.new_match(seed=seed)
        assert isinstance(state, SchnapsenState)
        seed += 1
        while state.to_act is not None and state.deals_done == 0 and state.stock_size > 6:
            legal = state.legal_actions()
            state.step(legal[int(rng.random() * len(legal))])
        if state.to_act is not None and state.deals_done == 0 and state.stock_size == 6:
            out.append(state)
    return tuple(out)


def solver_rates(worlds: int) -> list[float]:
    """Nodes per second and milliseconds per world of :class:`DealSolver` finding the value of
    each world's deal for the seat to act, a fresh solver (empty table) per world; and the
    nodes searched in all."""
    nodes = 0
    elapsed = 0.0
    for state in solver_worlds(worlds):
        seat = state.to_act
        assert isinstance(seat, int)
        solver = DealSolver(seat, points_outcome(seat), state)
        start = time.perf_counter()
        solver.value(state, state.deals_done)
        elapsed += time.perf_counter() - start
        nodes += solver.nodes
    return [nodes / elapsed, elapsed / worlds * 1e3, float(nodes)]


#: The atout measurements by name: what the worker may be asked for.
MEASURES: dict[str, Callable[..., list[float]]] = {
    "playout": match_playouts,
    "protocol": match_protocol,
    "clone": clone_us,
    "first_rounds": first_rounds,
    "solver": solver_rates,
}

# --- the peers: measured in this process only ------------------------------------------------


def peer_schnapsen(deals: int) -> list[float] | None:
    """Deals and moves per second of the `schnapsen` package, RandBot against RandBot; None
    when it is not installed."""
    try:
        from schnapsen.bots import RandBot  # type: ignore[import-not-found]
        from schnapsen.game import SchnapsenGamePlayEngine  # type: ignore[import-not-found]
    except ImportError:
        return None
    moves = 0

    class Counting(RandBot):  # type: ignore[misc]
        def get_move(self, perspective: object, leader_move: object) -> object:
            nonlocal moves
            moves += 1
            return super().get_move(perspective, leader_move)

    engine = SchnapsenGamePlayEngine()
    rng = random.Random(4)
    one, two = Counting(random.Random(5)), Counting(random.Random(6))
    start = time.perf_counter()
    for _ in range(deals):
        engine.play_game(one, two, rng)
    elapsed = time.perf_counter() - start
    return [deals / elapsed, moves / elapsed]


def openspiel_rounds(schedule: Sequence[int], rounds: int) -> list[float] | None:
    """OpenSpiel ``oh_hell`` rounds per second, 4 players, one round per entry of ``schedule``
    (with ``num_tricks_fixed`` its cards) over and over until at least ``rounds`` are played;
    every step through ``legal_actions()`` and ``apply_action()``. None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    games = {
        cards: pyspiel.load_game("oh_hell", {"players": 4, "num_tricks_fixed": cards})
        for cards in set(schedule)
    }
    rng = random.Random(6)
    done = 0
    start = time.perf_counter()
    while done < rounds:
        for cards in schedule:
            state = games[cards].new_initial_state()
            while not state.is_terminal():
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
        done += len(schedule)
    return [done / (time.perf_counter() - start)]


# --- the pure engine's worker ----------------------------------------------------------------


class Worker:
    """The pure engine in a process of its own: this script with ``--worker`` under the same
    interpreter and ``ATOUT_PURE=1``. It answers one measurement per request line in JSON."""

    def __init__(self) -> None:
        env = dict(os.environ, ATOUT_PURE="1")
        self._proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).resolve()), "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        try:
            #: The engine the worker reports (``atout.ENGINE`` there).
            self.engine: str = self._read()["engine"]
        except (RuntimeError, ValueError, KeyError):
            self._proc.kill()
            self._proc.wait()
            raise

    def _read(self) -> dict[str, Any]:
        assert self._proc.stdout is not None
        line = self._proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the pure worker exited (status {self._proc.wait()})")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def call(self, measure: str, kwargs: dict[str, Any]) -> list[float]:
        """Run ``MEASURES[measure](**kwargs)`` in the worker."""
        assert self._proc.stdin is not None
        self._proc.stdin.write(json.dumps({"measure": measure, "kwargs": kwargs}) + "\n")
        self._proc.stdin.flush()
        reply = self._read()
        if "error" in reply:
            raise RuntimeError(f"the pure worker failed on {measure}:\n{reply['error']}")
        return [float(v) for v in reply["value"]]

    def close(self) -> None:
        """Let the worker end (it ends at the end of its input)."""
        if self._proc.stdin is not None:
            self._proc.stdin.close()
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()


def serve_worker() -> None:
    """The worker's loop: say which engine runs, then answer each request line. Only the
    answers go to stdout; anything else printed goes to stderr."""
    answers = sys.stdout
    sys.stdout = sys.stderr
    print(json.dumps({"engine": ENGINE}), file=answers, flush=True)
    for line in sys.stdin:
        request = json.loads(line)
        try:
            reply: dict[str, Any] = {"value": MEASURES[request["measure"]](**request["kwargs"])}
        except Exception:
            reply = {"error": traceback.format_exc()}
        print(json.dumps(reply), file=answers, flush=True)


def start_worker(mode: str) -> tuple[Worker | None, str]:
    """The pure worker when ``mode`` asks for one (``auto``: when this engine is compiled), and
    a sentence on the engines for the report."""
    here = f"This process runs the {ENGINE} engine"
    if not hasattr(atout, "ENGINE"):
        here += " (atout has no ENGINE attribute: an install from before the compiled build)"
    if mode == "never" or (mode == "auto" and ENGINE != "compiled"):
        why = "--pure never" if mode == "never" else "no compiled engine to compare"
        return None, f"{here}: one column ({why})."
    try:
        worker = Worker()
    except (OSError, RuntimeError, ValueError, KeyError) as err:
        return None, f"{here}; the pure worker did not start ({err}): one column."
    if worker.engine != "pure":
        worker.close()
        return None, (
            f"{here}; the worker under ATOUT_PURE=1 runs the {worker.engine} engine, not the "
            "pure one (ATOUT_PURE is not honoured): one column."
        )
    if ENGINE == "pure":
        return worker, f"{here}, and so does the worker (--pure always): the gains show noise."
    return worker, f"{here}; the pure engine runs in a worker process under ATOUT_PURE=1."


# --- rounds, figures and rows ----------------------------------------------------------------


@dataclass
class Job:
    """One figure measured every round: an atout measurement by name (here, and in the pure
    worker when there is one), and the peer's measurement it is compared with, if any
    (``paired``: run here right after ours, so that both see the machine in the same state;
    it returns None when the peer is not installed)."""

    measure: str
    kwargs: dict[str, Any]
    paired: Callable[[], list[float] | None] | None = None


@dataclass
class Figures:
    """A job's values, one list per round: ``here`` in this process, ``pure`` in the worker
    (empty without one), ``peer`` the paired peer's; ``missing`` for a peer that is not
    installed."""

    here: list[list[float]] = field(default_factory=list)
    pure: list[list[float]] = field(default_factory=list)
    peer: list[list[float]] = field(default_factory=list)
    missing: bool = False


def run_rounds(jobs: dict[str, Job], rounds: int, worker: Worker | None) -> dict[str, Figures]:
    """Measure every job ``rounds`` times, each round running the jobs one after the other:
    each job here, then its paired peer, then in the worker, back to back."""
    out = {key: Figures() for key in jobs}
    for _ in range(rounds):
        for key, job in jobs.items():
            figures = out[key]
            figures.here.append(MEASURES[job.measure](**job.kwargs))
            if job.paired is not None and not figures.missing:
                value = job.paired()
                figures.missing = value is None
                if value is not None:
                    figures.peer.append(value)
            if worker is not None:
                figures.pure.append(worker.call(job.measure, job.kwargs))
    return out


def peer_figures(*paired: Figures) -> Figures:
    """The paired peer's runs of several jobs as figures of their own, for the peer's row."""
    return Figures(here=[run for figures in paired for run in figures.peer])


def best(values: list[list[float]], i: int, *, lower: bool = False) -> float:
    """The best of the rounds' values at index ``i``: the largest, or the smallest for times."""
    column = [v[i] for v in values]
    return min(column) if lower else max(column)


def median_ratio(top: list[list[float]], bottom: list[list[float]], i: int, j: int) -> float:
    """The median over the rounds of ``top[i] / bottom[j]``."""
    return statistics.median(t[i] / b[j] for t, b in zip(top, bottom, strict=True))


def rounds(k: int) -> str:
    """``k`` rounds, in words."""
    return f"{k} round" if k == 1 else f"{k} rounds"


def number(value: float, unit: str) -> str:
    """A figure in the precision its unit deserves."""
    if unit == "us":
        return f"{value:.2f}"
    if unit == "ms":
        return f"{value:.1f}"
    if unit.startswith("x"):
        return f"{value:.2f}x"
    return f"{value:,.0f}"


@dataclass
class Target:
    """One line of issue 13's table: the figure here and in the pure engine, the target, and
    whether this process's engine meets it (None: not measurable on this run)."""

    rank: int
    what: str
    here: str
    pure: str
    target: str
    met: bool | None


class Report:
    """Prints the rows: one column, or this engine's, the pure engine's and the gain."""

    def __init__(self, worker: Worker | None) -> None:
        self.pure = worker is not None
        self.targets: list[Target] = []

    def header(self, title: str) -> None:
        """A section's title and, with two engines, its column heads."""
        print(title)
        if self.pure:
            print(f"  {'':<38}{ENGINE:>12}{'pure':>12}{'gain':>8}")

    def row(
        self, label: str, unit: str, figures: Figures, i: int = 0, *, note: str = ""
    ) -> tuple[float, float | None]:
        """A rate (or, for ``us`` and ``ms``, a time) of one job: the best of the rounds here
        and in the pure engine, and the median gain. Returns the two best figures."""
        lower = unit in ("us", "ms")
        here = best(figures.here, i, lower=lower)
        text = f"  {label:<28}{unit:<10}{number(here, unit):>12}"
        pure = None
        if self.pure and figures.pure:
            pure = best(figures.pure, i, lower=lower)
            gain = (
                median_ratio(figures.pure, figures.here, i, i)
                if lower
                else median_ratio(figures.here, figures.pure, i, i)
            )
            text += f"{number(pure, unit):>12}{gain:>7.2f}x"
        print(f"{text}  {note}".rstrip())
        return here, pure

    def ratio(
        self, label: str, ours: Figures, i: int = 0, j: int = 0, *, note: str = ""
    ) -> tuple[float, float | None]:
        """The median over the rounds of our rate to the paired peer's (measured right after
        ours in each round), for this engine and the pure one. Returns both."""
        here = median_ratio(ours.here, ours.peer, i, j)
        text = f"  {label:<28}{'x peer':<10}{number(here, 'x'):>12}"
        pure = None
        if self.pure and ours.pure:
            pure = median_ratio(ours.pure, ours.peer, i, j)
            text += f"{number(pure, 'x'):>12}{'':>8}"
        print(f"{text}  {note}".rstrip())
        return here, pure

    def target(
        self,
        rank: int,
        what: str,
        here: float,
        pure: float | None,
        *,
        unit: str,
        goal: float | None,
    ) -> None:
        """Keep a line for the targets' table, ``rank`` its place in issue 13's order: ``goal``
        is a least ratio, a most time, or None for a figure only printed."""
        if goal is None:
            text, met = "printed", None
        elif unit in ("us", "ms"):
            text, met = f"<= {goal:g} {unit}", here <= goal
        else:
            text, met = f">= {goal:g}x", here >= goal
        pure_text = number(pure, unit) if pure is not None else "-"
        self.targets.append(Target(rank, what, number(here, unit), pure_text, text, met))

    def targets_table(self) -> None:
        """Issue 13's targets, with this engine's figure, the pure engine's and the verdict."""
        print(f"Issue 13 targets: the {ENGINE} engine here; 'met' judges its figure")
        pure_head = f"{'pure':>10}" if self.pure else ""
        print(f"  {'what':<52}{ENGINE:>10}{pure_head}   target")
        for t in sorted(self.targets, key=lambda t: t.rank):
            verdict = {True: "met", False: "NOT MET", None: ""}[t.met]
            pure = f"{t.pure:>10}" if self.pure else ""
            print(f"  {t.what:<52}{t.here:>10}{pure}   {t.target:<14}{verdict}".rstrip())


# --- the sections ----------------------------------------------------------------------------


def schnapsen_report(report: Report, worker: Worker | None, n: int, k: int, m: int) -> None:
    """Schnapsen's rates, and the peer engine's when it is installed."""
    # The peer is about twenty times slower: a tenth of the deals keeps its run about as long
    # as ours, so that both halves of a ratio see the machine alike.
    peer = functools.partial(peer_schnapsen, max(20, n // 10))
    jobs = {
        "playout": Job("playout", {"rules": "schnapsen", "deals": n}, peer),
        "apply": Job("protocol", {"rules": "schnapsen", "deals": n, "how": "apply"}, peer),
        "step": Job("protocol", {"rules": "schnapsen", "deals": n, "how": "step"}, peer),
        "clone_apply": Job("clone", {"rules": "schnapsen", "n": m, "how": "apply"}),
        "clone_step": Job("clone", {"rules": "schnapsen", "n": m, "how": "step"}),
    }
    f = run_rounds(jobs, k, worker)
    report.header(f"Schnapsen, random play, {n} deals per run, {rounds(k)}, one core")
    report.row("atout playout", "deals/s", f["playout"])
    report.row("atout playout", "actions/s", f["playout"], 1)
    report.row("atout legal+apply", "deals/s", f["apply"], note="events built, checked")
    report.row("atout legal+step", "deals/s", f["step"], note="no events: the search path")
    apply_us = report.row("atout clone()+apply()", "us", f["clone_apply"], note=f"{m} positions")
    step_us = report.row("atout clone()+step()", "us", f["clone_step"])
    report.target(5, "Schnapsen clone()+step(), us", *step_us, unit="us", goal=1.0)
    report.target(8, "Schnapsen clone()+apply(), us", *apply_us, unit="us", goal=None)
    if f["step"].missing:
        print("  schnapsen (PyPI)         not installed: `make bench` installs the bench extra")
        report.targets.append(
            Target(1, "Schnapsen vs schnapsen (PyPI): not installed", "-", "-", "", None)
        )
        return
    peer_runs = peer_figures(f["playout"], f["apply"], f["step"])
    report.row("schnapsen 0.0.5 RandBot", "deals/s", peer_runs, note=f"{max(20, n // 10)} deals")
    report.row("schnapsen 0.0.5 RandBot", "moves/s", peer_runs, 1)
    report.ratio("ratio, deals/s: playout", f["playout"])
    apply_x = report.ratio("ratio, deals/s: legal+apply", f["apply"], note="target >= 10x")
    step_x = report.ratio("ratio, deals/s: legal+step", f["step"], note="target >= 20x")
    report.ratio("ratio, actions/s: playout", f["playout"], i=1, j=1)
    report.target(
        1, "Schnapsen legal+apply deals/s / schnapsen (PyPI)", *apply_x, unit="x", goal=10
    )
    report.target(2, "Schnapsen legal+step deals/s / schnapsen (PyPI)", *step_x, unit="x", goal=20)


def solver_report(report: Report, worker: Worker | None, worlds: int, k: int) -> None:
    """The exact solver's speed on worlds at a stock of six."""
    f = run_rounds({"solver": Job("solver", {"worlds": worlds})}, k, worker)["solver"]
    report.header(
        f"Schnapsen exact solver (DealSolver), {worlds} worlds at a stock of six per run, "
        f"{rounds(k)}, one core"
    )
    nodes = report.row("solve the root's value", "nodes/s", f)
    report.row("solve the root's value", "ms", f, 1, note="per world")
    print(f"  {int(f.here[0][2]):,} nodes per run (a fresh transposition table per world)")
    if f.pure and f.pure[0][2] != f.here[0][2]:
        print(f"  WARNING: the pure engine searched {int(f.pure[0][2]):,} nodes: not the same tree")
    what = "Schnapsen solver nodes/s, stock of six"
    if nodes[1] is None:
        report.targets.append(Target(9, what, number(nodes[0], "/s"), "-", ">= 10x pure", None))
        return
    gain = median_ratio(f.here, f.pure, 0, 0)
    report.targets.append(
        Target(
            9,
            f"{what} (gain {gain:.2f}x)",
            number(nodes[0], "/s"),
            number(nodes[1], "/s"),
            ">= 10x pure",
            gain >= 10,
        )
    )


def seven_up_report(report: Report, worker: Worker | None, n: int, k: int, m: int) -> None:
    """Seven Up's rates: hands per second (one deal each, void deals included)."""
    jobs = {
        "playout": Job("playout", {"rules": "seven_up", "deals": n}),
        "apply": Job("protocol", {"rules": "seven_up", "deals": n, "how": "apply"}),
        "step": Job("protocol", {"rules": "seven_up", "deals": n, "how": "step"}),
        "clone_apply": Job("clone", {"rules": "seven_up", "n": m, "how": "apply"}),
        "clone_step": Job("clone", {"rules": "seven_up", "n": m, "how": "step"}),
    }
    f = run_rounds(jobs, k, worker)
    report.header(f"Seven Up, random play, {n} hands per run, {rounds(k)}, one core (no peer)")
    report.row("atout playout", "hands/s", f["playout"])
    report.row("atout playout", "actions/s", f["playout"], 1)
    report.row("atout legal+apply", "hands/s", f["apply"])
    report.row("atout legal+step", "hands/s", f["step"])
    report.row("atout clone()+apply()", "us", f["clone_apply"])
    step_us = report.row("atout clone()+step()", "us", f["clone_step"])
    report.target(6, "Seven Up clone()+step(), us", *step_us, unit="us", goal=None)


def river_report(report: Report, worker: Worker | None, n: int, k: int, m: int) -> None:
    """River's rounds per second beside OpenSpiel's ``oh_hell``, when it is installed: whole
    matches of the 8...1...8 schedule, then first rounds of 8 and of 10 cards."""
    rules = atout.load(SCHEDULE_RULES).rules
    assert isinstance(rules, RiverRules)
    schedule = rules.schedule()
    peer = functools.partial(openspiel_rounds, schedule, n)
    jobs = {
        "playout": Job("playout", {"rules": SCHEDULE_RULES, "deals": n}, peer),
        "apply": Job("protocol", {"rules": SCHEDULE_RULES, "deals": n, "how": "apply"}, peer),
        "step": Job("protocol", {"rules": SCHEDULE_RULES, "deals": n, "how": "step"}, peer),
        "clone_apply": Job("clone", {"rules": SCHEDULE_RULES, "n": m, "how": "apply"}),
        "clone_step": Job("clone", {"rules": SCHEDULE_RULES, "n": m, "how": "step"}),
    }
    for cards in (8, 10):
        jobs[f"first{cards}"] = Job(
            "first_rounds",
            {"cards": cards, "rounds": n},
            functools.partial(openspiel_rounds, (cards,), n),
        )
    f = run_rounds(jobs, k, worker)
    report.header(
        f"Up and Down the River, 4 players, random play, {n} rounds per run, {rounds(k)}, one "
        f"core\n  whole matches of {SCHEDULE_RULES}: {len(schedule)} rounds of 8..1..8 cards"
    )
    report.row("8..1..8  atout playout", "rounds/s", f["playout"])
    report.row("8..1..8  atout legal+apply", "rounds/s", f["apply"])
    report.row("8..1..8  atout legal+step", "rounds/s", f["step"])
    report.row("8..1..8  clone()+apply()", "us", f["clone_apply"])
    step_us = report.row("8..1..8  clone()+step()", "us", f["clone_step"])
    report.target(7, "River clone()+step(), us", *step_us, unit="us", goal=None)
    missing = f["step"].missing
    if missing:
        print("  OpenSpiel                 not installed: it is in the test extra")
        report.targets.append(
            Target(3, "River vs OpenSpiel oh_hell: not installed", "-", "-", "", None)
        )
    else:
        peer_runs = peer_figures(f["playout"], f["apply"], f["step"])
        report.row("8..1..8  OpenSpiel oh_hell", "rounds/s", peer_runs)
        report.ratio("8..1..8  ratio: playout", f["playout"])
        apply_x = report.ratio("8..1..8  ratio: legal+apply", f["apply"], note="target >= 1.5x")
        step_x = report.ratio("8..1..8  ratio: legal+step", f["step"], note="target >= 2x")
        report.target(
            3, "River 8..1..8 legal+apply rounds/s / oh_hell", *apply_x, unit="x", goal=1.5
        )
        report.target(4, "River 8..1..8 legal+step rounds/s / oh_hell", *step_x, unit="x", goal=2)
    print("  the first round of a new match, through the inlined playout:")
    for cards in (8, 10):
        report.row(f"{cards:2} cards  atout playout", "rounds/s", f[f"first{cards}"])
        if not missing:
            first = f[f"first{cards}"]
            report.row(f"{cards:2} cards  OpenSpiel oh_hell", "rounds/s", peer_figures(first))
            report.ratio(f"{cards:2} cards  ratio: playout", first)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, help="deals (hands, rounds) per run (default 4000)")
    parser.add_argument("--repeat", type=int, help="rounds (default 5)")
    parser.add_argument("--positions", type=int, help="positions for clone() (default 20000)")
    parser.add_argument("--worlds", type=int, help="worlds for the solver (default 40)")
    parser.add_argument(
        "--quick", action="store_true", help="a smoke run: 100 deals, 1 round, 2000 positions"
    )
    parser.add_argument(
        "--pure",
        choices=("auto", "always", "never"),
        default="auto",
        help="measure the pure engine in a worker: when this one is compiled (auto), always, "
        "or never",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve_worker()
        return
    quick = args.quick
    n = args.deals or (100 if quick else 4000)
    k = args.repeat or (1 if quick else 5)
    m = args.positions or (2000 if quick else 20_000)
    worlds = args.worlds or (3 if quick else 40)
    worker, engines = start_worker(args.pure)
    print(engines, flush=True)
    report = Report(worker)
    sections: list[Callable[[], None]] = [
        lambda: schnapsen_report(report, worker, n, k, m),
        lambda: solver_report(report, worker, worlds, k),
        lambda: seven_up_report(report, worker, n, k, m),
        lambda: river_report(report, worker, n, k, m),
    ]
    failed = 0
    try:
        for section in sections:
            # A section that fails (an engine half built, say) is reported and the others
            # still run; the exit status tells.
            try:
                section()
            except Exception as err:
                failed += 1
                traceback.print_exc()
                print(f"  FAILED: {type(err).__name__}: {err}".splitlines()[0])
            sys.stdout.flush()
        report.targets_table()
    finally:
        if worker is not None:
            worker.close()
    if failed:
        sys.exit(f"{failed} section(s) failed")


if __name__ == "__main__":
    main()
