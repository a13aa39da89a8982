"""The computer opponents cannot read what their seat does not see.

A bot is handed a seat's view and the legal actions, never a state (DESIGN.md). Two checks make
sure nothing leaks around that: the bots' modules (and the samplers and tactics they use)
import nothing that could reach a live state's hidden parts (no frame or garbage-collector
introspection, no records, arena, server or test kit), and a view holds no reference to the
state it was taken from, for every game."""

from __future__ import annotations

import ast
import gc
import random
from pathlib import Path

import pytest

import atout
from atout.core.state import State

SRC = Path(atout.__file__).parent

#: The bots and the modules only they use: the samplers, tactics and exact endgames.
BOT_MODULES = sorted(
    [p for p in (SRC / "bots").glob("*.py") if p.name != "loader.py"]
    + [
        SRC / "schnapsen" / "worlds.py",
        SRC / "sevenup" / "worlds.py",
        SRC / "sevenup" / "tactics.py",
        SRC / "sevenup" / "endgame.py",
        SRC / "river" / "worlds.py",
        SRC / "river" / "greedy.py",
        SRC / "river" / "endgame.py",
    ]
)

#: Imports that could find a live state: through the interpreter's frames or heap, or in what
#: the table keeps (records, the arena, the server, the conformance kit that builds twins).
FORBIDDEN_IMPORTS = (
    "gc",
    "inspect",
    "sys",
    "ctypes",
    "traceback",
    "pickle",
    "atout.record",
    "atout.arena",
    "atout.server",
    "atout.cli",
    "atout.conformance",
)
#: Names that reach into frames or the heap.
FORBIDDEN_NAMES = {
    "_getframe",
    "currentframe",
    "f_back",
    "f_locals",
    "f_globals",
    "get_referrers",
    "get_objects",
}


def _imports(tree: ast.AST) -> list[str]:
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append(node.module)
            out += [f"{node.module}.{a.name}" for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "import_module":
            out.append("<dynamic import>")
    return out


@pytest.mark.parametrize("path", BOT_MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bot_modules_import_nothing_that_reaches_a_state(path: Path) -> None:
    tree = ast.parse(path.read_text(), filename=str(path))
    allowed_dynamic = path.name == "levels.py"  # imports a game's policy module by its name
    for name in _imports(tree):
        if name == "<dynamic import>":
            assert allowed_dynamic, f"{path.name} imports a module by name"
            continue
        for bad in FORBIDDEN_IMPORTS:
            assert name != bad and not name.startswith(bad + "."), f"{path.name} imports {name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            assert node.attr not in FORBIDDEN_NAMES, f"{path.name} uses .{node.attr}"
        elif isinstance(node, ast.Name):
            assert node.id not in FORBIDDEN_NAMES, f"{path.name} uses {node.id}"


def test_the_dynamic_import_loads_only_the_games_bot_modules() -> None:
    from atout.bots.levels import _MODULES

    assert all(m.startswith("atout.bots.") for m in _MODULES.values())


def test_the_check_catches_a_peeking_bot() -> None:
    """The check above would fail a module that walks the frames to its caller's state."""
    peek = "import sys\ndef choose(view, legal, rng):\n    return sys._getframe(1).f_locals\n"
    tree = ast.parse(peek)
    assert "sys" in _imports(tree)
    assert any(isinstance(n, ast.Attribute) and n.attr in FORBIDDEN_NAMES for n in ast.walk(tree))


def _reachable_states(root: object) -> list[State]:
    """The states reachable from ``root`` through references (objects, containers)."""
    seen: set[int] = set()
    todo = [root]
    found: list[State] = []
    while todo:
        obj = todo.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        if isinstance(obj, State):
            found.append(obj)
            continue
        todo.extend(gc.get_referents(obj))
    return found


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up", "river(start_cards=4)"])
def test_a_view_holds_no_reference_to_its_state(rules: str) -> None:
    game = atout.load(rules)
    rng = random.Random(1)
    for seed in range(5):
        state = game.new_match(seed=seed)
        for _ in range(rng.randrange(0, 20)):
            to_act = state.to_act
            if to_act is None:
                break
            seat = to_act if isinstance(to_act, int) else min(to_act)
            state.step(rng.choice(state.legal_actions(seat)), seat)
        assert _reachable_states((1, [state])) == [state]  # the walk does find a state
        for seat in range(game.seats):
            assert _reachable_states(state.view(seat)) == []
