"""The Schnapsen solver's C kernel (``atout.bots._dealsolve``) against the Python search it
mirrors (``schnapsen_solve._Search``): the same value and the same node count everywhere, one
table shared by a world's children; built where a compiler is; not used by the pure engine."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tracemalloc
from collections import defaultdict

import pytest

import atout
from atout._engine import PURE_REQUESTED
from atout.bots import schnapsen_solve
from atout.bots.schnapsen_solve import KERNEL, DealSolver, points_outcome
from atout.schnapsen import SchnapsenState

RULES = [
    "schnapsen",
    "schnapsen(last_trick_ten=true)",
    "schnapsen(closer_fail_tricks_at_end=true)",
]

needs_kernel = pytest.mark.skipif(
    KERNEL != "c",
    reason="the C kernel atout.bots._dealsolve is not in use: the pure engine runs "
    "(ATOUT_PURE), or it was not built (ATOUT_NO_COMPILE, no C compiler)",
)

Bucket = tuple[int, bool, bool]  # stock size, following (a card led), closed


def _positions(rules: str, per_bucket: int, seed: int) -> dict[Bucket, list[SchnapsenState]]:
    """Positions of random play, up to ``per_bucket`` for each stock size (10 down to 0), seat
    leading or following, stock open or closed; fewer where the stock is open and large (the
    Python search takes a tenth of a second at a stock of ten)."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: dict[Bucket, list[SchnapsenState]] = defaultdict(list)
    for _ in range(150):
        state = game.new_match(seed=rng.getrandbits(32))
        assert isinstance(state, SchnapsenState)
        while state.to_act is not None and state.deals_done < 2:
            closed = state._closed_by >= 0
            bucket = (state.stock_size, state._lead >= 0, closed)
            quota = per_bucket if closed else {10: 2, 8: 4}.get(state.stock_size, per_bucket)
            if len(out[bucket]) < quota and rng.random() < 0.3:
                out[bucket].append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
    return out


def _outcome(rng: random.Random, seat: int) -> tuple[float, ...]:
    """Game points, or a table of arbitrary floats (as match odds are: few ties)."""
    if rng.random() < 0.5:
        return points_outcome(seat)
    return tuple(rng.uniform(-1.0, 1.0) for _ in range(8))


@needs_kernel
@pytest.mark.parametrize("chance", [False, True], ids=["known order", "chance draws"])
@pytest.mark.parametrize("rules", RULES)
def test_the_kernel_searches_as_the_python_search(rules: str, chance: bool) -> None:
    """On positions of every kind, a C solver and a Python one, each reused over the root and
    all its children, give the same values, count the same nodes after every search, and hold
    the same number of positions in their tables; with the draws known and with the draws as
    chance (there only up to a stock of four, where the Python search takes seconds)."""
    positions = _positions(rules, 8, seed=len(rules))
    assert {stock for stock, _, _ in positions} == {0, 2, 4, 6, 8, 10}
    assert len({kind[1:] for kind in positions}) == 4  # leading, following; open, closed
    rng = random.Random(3)
    checked = 0
    for bucket, states in sorted(positions.items()):
        if chance and bucket[0] > 4:
            continue
        for state in states:
            to_act = state.to_act
            assert isinstance(to_act, int)
            seat = to_act if rng.random() < 0.5 else 1 - to_act
            outcome = _outcome(rng, seat)
            native = DealSolver(seat, outcome, state, chance=chance)
            python = DealSolver(seat, outcome, state, native=False, chance=chance)
            assert native.native and not python.native
            start = state.deals_done
            children = [state]
            for action in state.legal_actions():
                child = state.clone()
                child.step(action)
                children.append(child)
            for child in children:
                want = python.value(child, start)
                got = native.value(child, start)
                assert (got, native.nodes) == (want, python.nodes), (bucket, checked)
                assert len(native._table) == len(python._table), (bucket, checked)
            checked += 1
    assert checked > (70 if chance else 150)


def test_the_kernel_is_built_where_a_compiler_is() -> None:
    """An install on a machine with a C compiler must search in C, not fall back to Python
    without a word."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if PURE_REQUESTED or os.environ.get("ATOUT_NO_COMPILE") or not shutil.which(compiler):
        pytest.skip("the pure engine is asked for, or there is no C compiler")
    assert KERNEL == "c", "atout.bots._dealsolve is missing or stale: pip install -e ."


def test_the_pure_engine_searches_in_python() -> None:
    """Under ATOUT_PURE=1 DealSolver runs the Python search, built kernel or not (the import
    hook prefers sources, but a module without one would still load: the solver checks)."""
    code = (
        "import atout\n"
        "from atout.bots.schnapsen_solve import KERNEL, DealSolver, points_outcome\n"
        "state = atout.load('schnapsen').new_match(seed=1)\n"
        "solver = DealSolver(0, points_outcome(0), state)\n"
        "print(atout.ENGINE, KERNEL, solver.native, type(solver._table).__name__)"
    )
    env = {**os.environ, "ATOUT_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out == ["pure", "python", "False", "dict"]


def test_native_false_searches_in_python() -> None:
    state = atout.load("schnapsen").new_match(seed=2)
    assert isinstance(state, SchnapsenState)
    solver = DealSolver(0, points_outcome(0), state, native=False)
    assert not solver.native
    assert isinstance(solver._table, dict)


@needs_kernel
def test_the_kernel_refuses_bad_input() -> None:
    kernel = schnapsen_solve._KERNEL
    with pytest.raises(ValueError):
        kernel.Table(2, points_outcome(0), False, False)
    with pytest.raises(ValueError):
        kernel.Table(0, points_outcome(0)[:7], False, False)
    table = kernel.Table(0, points_outcome(0), False, False)
    stock = (1, 2, 3, 4, 5, 6, 7, 8, 9)
    good = [1 << 10, 1 << 11, 0, 0, 0, 0, 0, 0, 0, stock, -1, 0, 0, 12, 8, 0, -1]
    with pytest.raises(TypeError):
        table.search(*good[:-1])
    for i, bad in [(0, 1 << 52), (2, 256), (8, 4), (14, 9), (14, 7), (15, 2), (16, 52)]:
        args = good[:]
        args[i] = bad
        with pytest.raises(ValueError):
            table.search(*args)
    assert len(table) == 0


@needs_kernel
def test_the_kernel_frees_its_tables() -> None:
    """Tables filled by searches and dropped give their memory back (tracemalloc sees the C
    kernel's PyMem allocations): 100 left behind would hold megabytes."""
    positions = _positions("schnapsen", 4, 5)
    state = positions[6, False, False][0]
    seat = state.to_act
    assert isinstance(seat, int)

    def solve() -> int:
        solver = DealSolver(seat, points_outcome(seat), state)
        solver.value(state, state.deals_done)
        return len(solver._table)

    assert solve() > 100  # also makes the first-time allocations before measuring
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(100):
            solve()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    assert after - before < 200_000


@needs_kernel
def test_the_kernel_raises_memory_error() -> None:
    """An allocation that fails while the table grows (or while the answer is built) raises
    MemoryError, and the solver then still gives the right value: its table keeps only bounds
    of finished searches."""
    testcapi = pytest.importorskip("_testcapi", reason="needs CPython's _testcapi")
    if not hasattr(testcapi, "set_nomemory"):
        pytest.skip("_testcapi has no set_nomemory")

    def solver(state: SchnapsenState) -> DealSolver:
        seat = state.to_act
        assert isinstance(seat, int)
        return DealSolver(seat, points_outcome(seat), state)

    def entries(state: SchnapsenState) -> int:
        s = solver(state)
        s.value(state, state.deals_done)
        return len(s._table)

    # The largest search of a few: its table grows twice (at 512 and 1024 entries) or more.
    # The table is called directly, the arguments made before: the compiled (mypyc) code
    # around it aborts the process when an allocation fails.
    state = max(_positions("schnapsen", 4, 5)[8, False, False], key=entries)
    assert entries(state) > 1024
    want = solver(state).value(state, state.deals_done)
    position = schnapsen_solve._position(state)
    failures = 0
    for start in range(12):
        table = solver(state)._table
        assert not isinstance(table, dict)
        search = table.search
        testcapi.set_nomemory(start, 0)  # every allocation after the first `start` fails
        try:
            got = search(*position)[0]
        except MemoryError:
            failures += 1
        else:
            assert got == want
        finally:
            testcapi.remove_mem_hooks()
        assert table.search(*position)[0] == want
    assert failures >= 2
