"""The two engines in one install: the compiled modules are there where a compiler is,
``ATOUT_PURE=1`` swaps in the pure sources, stale builds are refused, and a clone copies every
field (the compiled classes copy field by field, so a field left out would be lost)."""

from __future__ import annotations

import ast
import importlib
import importlib.machinery
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import time
from pathlib import Path

import pytest

import atout
from atout._engine import PURE_REQUESTED, engine_of, stale_extensions

ROOT = Path(__file__).resolve().parent.parent


def hot_modules() -> list[str]:
    """The module names setup.py compiles (its ``HOT`` list, read without running it)."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "HOT":
            paths = ast.literal_eval(node.value)
            return [p.removesuffix(".py").replace("/", ".") for p in paths]
    raise AssertionError("setup.py has no HOT list")


def built() -> bool:
    """Whether the compiled core is installed (whichever engine this process runs)."""
    folder = str(Path(atout.core.__file__).parent)
    finder = importlib.machinery.FileFinder(
        folder,
        (importlib.machinery.ExtensionFileLoader, importlib.machinery.EXTENSION_SUFFIXES),
    )
    return finder.find_spec("atout.core.state") is not None


def test_the_compiled_engine_is_built_where_a_compiler_is() -> None:
    """`make test` on a machine with a C compiler must test the compiled engine, not fall back
    to the pure one without a word."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if PURE_REQUESTED or os.environ.get("ATOUT_NO_COMPILE") or not shutil.which(compiler):
        pytest.skip("the pure engine is asked for, or there is no C compiler")
    assert atout.ENGINE == "compiled"
    for name in hot_modules():
        assert engine_of(importlib.import_module(name)) == "compiled", name


@pytest.mark.parametrize("pure", ["1", ""])
def test_atout_pure_chooses_the_engine(pure: str) -> None:
    """ATOUT_PURE=1 loads every atout module from its source, and says so."""
    code = (
        "import atout, importlib; from atout._engine import engine_of\n"
        f"mods = [importlib.import_module(m) for m in {hot_modules()!r}]\n"
        "print(atout.ENGINE, sorted({engine_of(m) for m in mods}))"
    )
    env = {**os.environ, "ATOUT_PURE": pure}
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    if pure:
        assert out == ["pure", "['pure']"]
    else:
        assert out[0] == ("compiled" if built() else "pure")
    version = subprocess.run(
        [sys.executable, "-m", "atout", "--version"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert version.strip() == f"atout {atout.__version__} ({out[0]} engine)"


def test_a_source_newer_than_its_build_is_stale(tmp_path: Path) -> None:
    """An edit after the build makes the compiled module stale (the engine then runs pure)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    (tmp_path / "rules.py").write_text("")
    (tmp_path / f"rules{suffix}").write_bytes(b"")
    (tmp_path / "kernel.c").write_text("")
    (tmp_path / f"kernel{suffix}").write_bytes(b"")
    (tmp_path / "other.py").write_text("")  # no build: never stale
    assert stale_extensions(str(tmp_path)) == []
    later = time.time() + 5
    os.utime(tmp_path / "rules.py", (later, later))
    assert stale_extensions(str(tmp_path)) == [str(tmp_path / "rules.py")]
    os.utime(tmp_path / "kernel.c", (later, later))  # a C kernel's source too
    assert sorted(stale_extensions(str(tmp_path))) == [
        str(tmp_path / "kernel.c"),
        str(tmp_path / "rules.py"),
    ]


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up(gift=true)", "river(players=5)"])
def test_a_clone_copies_every_field(rules: str) -> None:
    """Every field equal, every list a copy, at positions from random play."""
    game = atout.load(rules)
    rng = random.Random(5)
    for seed in range(4):
        state = game.new_match(seed=seed)
        while state.to_act is not None and len(state.history) < 150:
            copy = state.clone()
            mine, theirs = state.fields(), copy.fields()
            assert theirs == mine and copy == state
            shared = [k for k, v in mine.items() if isinstance(v, list) and theirs[k] is v]
            assert not shared, f"clone() shares the lists {shared}"
            to_act = state.to_act
            seat = to_act if isinstance(to_act, int) else min(to_act)
            state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_the_c_shuffle_deals_the_packs_of_the_python_one() -> None:
    """``atout.core._shuffle.permute`` is the twin of ``permuted``: the same order for every
    pack size the games use and for numbers up to ``n! - 1``; the compiled engine deals with it."""
    from atout.core import state

    try:
        from atout.core import _shuffle  # type: ignore[attr-defined]
    except ImportError:
        if built():
            raise
        pytest.skip("the C shuffle is not built")
    rng = random.Random(11)
    for n in (0, 1, 2, 20, 24, 32, 52):
        pack = tuple(range(100, 100 + n))
        top = state._FACTORIALS[n] - 1
        for k in [0, 1, top, top // 2, *(rng.randrange(top + 1) for _ in range(300))]:
            size = state._SEED_BYTES[n]
            assert _shuffle.permute(pack, k.to_bytes(size, "little")) == state.permuted(pack, k)
    if atout.ENGINE == "compiled":
        assert state._PERMUTE is _shuffle.permute
    else:
        assert state._PERMUTE is None
    with pytest.raises(TypeError):
        _shuffle.permute([1, 2], b"\0")


def test_frozen_builds_the_value_the_dataclass_builds() -> None:
    """``frozen(cls, *values)`` (the engine's fast build of events: C where it is built) and
    ``frozen_py``, its reference, equal ``cls(*values)``: the same fields and hash, still
    frozen; a wrong number of fields is refused."""
    import dataclasses

    from atout.core import interned
    from atout.core.events import CardsDealt, TrickWon
    from atout.river.view import RiverDealResult

    values = [
        (TrickWon, (1, 2, (3, 4, 5, 6), 0)),
        (CardsDealt, (0, 3, (7, 8, 9))),
        (RiverDealResult, (1, 2, 0, None, (1, 0), (1, 1), (11, 1), (11, 1), ((1, 2), (3, 4)))),
    ]
    builders = [interned.frozen, interned.frozen_py]
    if atout.ENGINE == "compiled" and built():
        assert interned.frozen is not interned.frozen_py  # the C build runs
    for build in builders:
        for cls, fields in values:
            fast, slow = build(cls, *fields), cls(*fields)  # type: ignore[operator]
            assert type(fast) is cls
            assert fast == slow and hash(fast) == hash(slow)
            assert fast.to_dict() == slow.to_dict()
            with pytest.raises(dataclasses.FrozenInstanceError):
                setattr(fast, dataclasses.fields(cls)[0].name, 5)
        with pytest.raises(TypeError, match="4 fields, not 3"):
            build(TrickWon, 1, 2, (3, 4))
