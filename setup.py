"""Build atout, compiling the engine's hot modules to native code with mypyc where it can.

Everything else about the package is in ``pyproject.toml``; this file only adds the compiled
extensions, because a setuptools build can declare them only from code.

The modules in :data:`HOT` are the same ``.py`` files the pure engine runs: mypyc compiles
them, unchanged, to C extensions placed beside them, and Python imports an extension before a
source file of the same name. So there is one source of the rules, and the pure engine is
always there too (``ATOUT_PURE=1`` imports the sources; see ``atout/_engine.py``).

No compiled modules are built, and the install still succeeds, when:

- ``ATOUT_NO_COMPILE=1`` is set;
- mypyc cannot be imported (it comes with ``mypy``, a build requirement);
- mypyc fails, or there is no C compiler: each extension is *optional*, so a failed compile
  is a warning.
"""

from __future__ import annotations

import os
import shutil
import sysconfig

from setuptools import Extension, setup

#: The hot modules: cards and masks, the core state machinery, each game's state, legal
#: actions, apply/step, clone and playout, and the search kernels (solvers and endgames).
#: Views, events and actions stay interpreted: they are dataclasses with class variables,
#: which mypyc's native classes do not yet keep apart from fields (mypyc issue 1122).
HOT = [
    "atout/cards.py",
    "atout/core/state.py",
    "atout/core/interned.py",
    "atout/schnapsen/tables.py",
    "atout/schnapsen/actions.py",
    "atout/schnapsen/playout.py",
    "atout/schnapsen/state.py",
    "atout/sevenup/tables.py",
    "atout/sevenup/actions.py",
    "atout/sevenup/playout.py",
    "atout/sevenup/state.py",
    "atout/sevenup/endgame.py",
    "atout/sevenup/tactics.py",
    "atout/river/tables.py",
    "atout/river/actions.py",
    "atout/river/playout.py",
    "atout/river/state.py",
    "atout/river/greedy.py",
    "atout/river/endgame.py",
    "atout/bots/solve.py",
    "atout/bots/schnapsen_solve.py",
    "atout/bots/river_mcts.py",
]


def compiled_extensions() -> list[Extension]:
    """The mypyc extensions of :data:`HOT`, or none where they cannot be built."""
    if os.environ.get("ATOUT_NO_COMPILE", "") not in ("", "0"):
        print("atout: ATOUT_NO_COMPILE is set: installing the pure-Python engine only")
        return []
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        print(f"atout: no C compiler ({compiler}): installing the pure-Python engine only")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("atout: mypyc is not installed: installing the pure-Python engine only")
        return []
    try:
        extensions = mypycify(
            [os.path.join("src", path) for path in HOT],
            opt_level="3",
            strip_asserts=True,  # the asserts narrow types for mypy; the pure engine keeps them
            group_name="atout_native",
        )
    except (Exception, SystemExit) as e:  # mypyc exits on a type error it cannot compile
        # Never a reason to fail the install: the pure engine plays the same game. `make test`
        # fails instead where a compiler is present (tests/test_engine_build.py).
        print(f"atout: mypyc could not compile the engine ({e}): installing it pure")
        return []
    for extension in extensions:
        extension.optional = True  # a failed compile leaves the pure modules in charge
    # The Schnapsen solver's search kernel, written in C (mypyc makes the Python search only 2x
    # faster); without it DealSolver runs the Python search, its reference.
    extensions.append(
        Extension(
            "atout.bots._dealsolve",
            ["src/atout/bots/_dealsolve.c"],
            optional=True,
            extra_compile_args=["-O3"],
        )
    )
    # The pack's shuffle, in C: the same loop in mypyc boxes every card it swaps. And the
    # events' build: a frozen dataclass's __init__ stays interpreted, even called from C.
    for name in ("_shuffle", "_frozen"):
        extensions.append(
            Extension(
                f"atout.core.{name}",
                [f"src/atout/core/{name}.c"],
                optional=True,
                extra_compile_args=["-O3"],
            )
        )
    return extensions


setup(ext_modules=compiled_extensions())
