"""The documentation site holds: it builds offline without a warning, its first bot is a real
bot of at most 15 lines, and the programs its guides show run.

`make docs` builds the site too; the build here keeps pytest honest (about 3 s) and lets the
tests look at the pages it produced.
"""

from __future__ import annotations

import ast
import dataclasses
import html
import importlib.util
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import atout
import atout.bots

ROOT = Path(__file__).parents[1]
DOCS = ROOT / "docs"
FIRST_BOT = ROOT / "examples" / "first_bot.py"

#: A fenced block the test runs is marked by an HTML comment on the line before its fence:
#: ``<!-- test: run -->`` for a complete program, ``<!-- test: bot -->`` for a bot class.
_MARKED = re.compile(r"<!-- test: (run|bot) -->\n```python\n(.*?)```", re.DOTALL)


def _first_bot() -> ModuleType:
    spec = importlib.util.spec_from_file_location("first_bot", FIRST_BOT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _marked_blocks(kind: str) -> list[pytest.ParameterSet]:
    """The blocks marked ``kind`` in every page, as (where, code) named by page and number."""
    found = []
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for i, (marked, code) in enumerate(_MARKED.findall(text), start=1):
            if marked == kind:
                where = f"{page.relative_to(DOCS)}#{i}"
                found.append(pytest.param(where, code, id=where))
    return found


# --- the build ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as `make docs` builds it (strict), into a temporary directory."""
    out = tmp_path_factory.mktemp("site")
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    log = run.stdout + run.stderr
    assert run.returncode == 0, log
    assert "WARNING" not in log, log
    # mkdocs only notes (at INFO) a page left out of the navigation: every page must be in it.
    assert 'not included in the "nav"' not in log, log
    return out


def test_the_site_builds_strict_and_offline(site: Path) -> None:
    """No page loads a script, a style sheet or a font from another host (the built-in theme's
    highlight.js comes from a CDN unless turned off)."""
    pages = list(site.rglob("*.html"))
    assert len(pages) > 15
    remote = re.compile(r"<(?:script|link|img)\b[^>]*\b(?:src|href)=\"(?:https?:)?//", re.I)
    for page in pages:
        found = remote.search(page.read_text(encoding="utf-8"))
        assert found is None, f"{page.relative_to(site)} loads {found and found.group(0)}"
    for css in site.rglob("*.css"):
        assert not re.search(r"@import\s+url\(\s*['\"]?(?:https?:)?//", css.read_text("utf-8"))


def test_the_reference_is_read_from_the_sources(site: Path) -> None:
    """mkdocstrings reads the .py files (some modules are also compiled to .so beside them),
    and the Sphinx roles of the docstrings become links or code, never raw ``:class:`` text."""
    core = (site / "reference" / "core" / "index.html").read_text(encoding="utf-8")
    assert 'id="atout.core.state.State.apply"' in core
    assert "checks legality" in core  # atout.core.state's docstring: only in the source
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        assert not re.search(r":(?:class|meth|func|mod|attr|data|exc):`", text), page


def test_the_first_bot_page_shows_the_file(site: Path) -> None:
    """The page includes examples/first_bot.py itself (a snippet), so it cannot drift."""
    page = (site / "first-bot" / "index.html").read_text(encoding="utf-8")
    text = html.unescape(re.sub(r"<[^>]+>", "", page))
    for line in FIRST_BOT.read_text(encoding="utf-8").splitlines():
        assert line.strip() in text, line


@pytest.mark.parametrize(
    ("page", "view"),
    [
        ("schnapsen", atout.SchnapsenView),
        ("seven_up", atout.SevenUpView),
        ("river", atout.RiverView),
    ],
)
def test_each_game_page_documents_every_field_of_its_view(
    site: Path, page: str, view: type
) -> None:
    html = (site / "games" / page / "index.html").read_text(encoding="utf-8")
    path = f"{view.__module__}.{view.__name__}"
    for f in dataclasses.fields(view):
        if f.name not in ("seat", "rules"):  # the base View's, documented in atout.core
            assert f'id="{path}.{f.name}"' in html, f.name


@pytest.mark.parametrize(
    ("page", "said", "rules", "count"),
    [
        ("schnapsen", "30 actions", "schnapsen", 30),
        ("schnapsen", "`claim` and `pass` at 30 and 31", "schnapsen(manual_claim=true)", 32),
        ("seven_up", "106 actions", "seven_up", 106),
        ("seven_up", "108 under `gift`", "seven_up(gift=true)", 108),
        ("river", "63 for the default", "river", 63),
    ],
)
def test_each_game_page_counts_its_actions(page: str, said: str, rules: str, count: int) -> None:
    """The action encodings the game pages spell out are ``game.all_actions()``'s."""
    text = " ".join((DOCS / "games" / f"{page}.md").read_text(encoding="utf-8").split())
    assert said in text
    actions = [str(a) for a in atout.load(rules).all_actions()]
    assert len(actions) == count
    if "claim" in said:
        assert actions[30:] == ["claim", "pass"]


def test_the_top_level_reference_names_every_export() -> None:
    page = (DOCS / "reference" / "atout.md").read_text(encoding="utf-8")
    for name in atout.__all__:
        assert f"`{name}`" in page, name


# --- the first bot ------------------------------------------------------------------------------


def _code_lines(source: str) -> list[str]:
    """The lines of code: not blank, not a comment, not part of a docstring."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (
                isinstance(first, ast.Expr)
                and isinstance(first.value, ast.Constant)
                and isinstance(first.value.value, str)
            ):
                assert first.end_lineno is not None
                skip.update(range(first.lineno, first.end_lineno + 1))
    return [
        line
        for n, line in enumerate(source.splitlines(), start=1)
        if n not in skip and line.strip() and not line.strip().startswith("#")
    ]


def test_the_first_bot_is_15_lines_of_code() -> None:
    lines = _code_lines(FIRST_BOT.read_text(encoding="utf-8"))
    assert len(lines) <= 15, "\n".join(lines)


def test_the_first_bot_is_a_bot_and_passes_mypy_strict() -> None:
    assert isinstance(_first_bot().FirstBot(), atout.Bot)
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(FIRST_BOT)],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout + run.stderr


def _play(rules: str, seed: int, bots: dict[int, atout.Bot]) -> atout.State:
    """A whole match, each seat played by its bot through views and legal actions only."""
    state = atout.load(rules).new_match(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.acting_seats[0]
        legal = state.legal_actions(seat)
        choice = bots[seat].choose(state.view(seat), legal, rng)
        assert choice in legal, (rules, seed, choice)
        state.apply(choice, seat)
    return state


def test_the_first_bot_beats_random_at_schnapsen() -> None:
    """40 matches, seats alternating: it won 39 when measured (198 of 200 in the arena)."""
    bot_class = _first_bot().FirstBot
    won = 0
    for seed in range(40):
        me = seed % 2
        state = _play("schnapsen", seed, {me: bot_class(), 1 - me: atout.bots.make("random")})
        won += me in state.result().winners
    assert won > 30, won


@pytest.mark.parametrize(
    "rules",
    [
        "schnapsen(manual_claim=true)",
        "seven_up(gift=true)",
        "river(players=5,simultaneous_bids=true)",
    ],
)
def test_the_first_bot_plays_every_game(rules: str) -> None:
    bot_class = _first_bot().FirstBot
    seats = atout.load(rules).seats
    bots = {s: bot_class() if s % 2 == 0 else atout.bots.make("random") for s in range(seats)}
    assert _play(rules, 5, bots).is_over


def test_the_arena_command_of_the_page_runs() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "atout", "arena", "schnapsen",
         "--bots", "random,examples/first_bot.py:FirstBot", "--matches", "20"],
        cwd=ROOT, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "examples/first_bot.py:FirstBot: matches won" in run.stdout


# --- the guides' programs -----------------------------------------------------------------------


def test_the_guides_mark_their_programs() -> None:
    """The markers are there: a page that loses them would silently go untested."""
    assert len(_marked_blocks("run")) >= 10
    assert len(_marked_blocks("bot")) >= 1


@pytest.mark.parametrize(("where", "code"), _marked_blocks("run"))
def test_a_program_of_the_guides_runs(where: str, code: str, tmp_path: Path) -> None:
    """Each marked program runs as a reader would run it: in a fresh directory that holds
    ``first_bot.py`` (the pages say to run them where it is)."""
    shutil.copy(FIRST_BOT, tmp_path / "first_bot.py")
    run = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert run.returncode == 0, f"{where}:\n{run.stderr}"


@pytest.mark.parametrize(("where", "code"), _marked_blocks("bot"))
def test_a_bot_of_the_guides_plays(where: str, code: str) -> None:
    """Each marked bot class is an ``atout.Bot`` and plays whole matches of every game."""
    namespace: dict[str, object] = {}
    exec(compile(code, where, "exec"), namespace)
    classes = [
        v
        for v in namespace.values()
        if isinstance(v, type) and callable(getattr(v, "choose", None))
    ]
    assert len(classes) == 1, where
    bot_class = classes[0]
    assert isinstance(bot_class(), atout.Bot)
    for rules in ("schnapsen", "seven_up", "river(players=3,start_cards=5,simultaneous_bids=true)"):
        bots = {0: bot_class(), 1: atout.bots.make("random"), 2: atout.bots.make("random")}
        assert _play(rules, 2, bots).is_over
