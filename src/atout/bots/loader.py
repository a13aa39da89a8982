"""Bots from spec texts: ``random``, ``hard(time=0.2)``, ``path/to/file.py:Class`` or
``package.module:Class``, each optionally followed by options in parentheses.

A spec builds a fresh bot each time, so tournaments can give every match its own bot and
worker processes can rebuild bots from the text alone.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import inspect
import math
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from atout.bots.base import Bot
from atout.core.rules import parse_rules_text
from atout.errors import NotationError, RulesError

__all__ = ["BOTS", "make", "parse_spec", "split_specs"]

_USER = re.compile(
    r"^\s*(?P<target>[^()\s]+):(?P<cls>[A-Za-z_][A-Za-z0-9_]*)\s*(?:\((?P<opts>.*)\))?\s*$"
)

#: Built-in bots by spec name, filled in by :mod:`atout.bots`.
BOTS: dict[str, type[Any]] = {}


def split_specs(text: str) -> list[str]:
    """The specs of a comma-separated list, as command lines take them: a comma inside a
    spec's parentheses belongs to its options (``hard,expert(time=2,seed=1)`` is two specs)."""
    specs: list[str] = []
    depth = start = 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            specs.append(text[start:i].strip())
            start = i + 1
    specs.append(text[start:].strip())
    if depth or not all(specs):
        raise RulesError(f"cannot read {text!r} as a comma-separated list of bot specs")
    return specs


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split a spec into its target (a built-in name or ``target:Class``) and typed options.
    A number that is not finite (``nan``, ``inf``, ``1e999``) is no option value of any bot:
    it raises :class:`~atout.errors.RulesError` naming the option."""
    m = _USER.match(spec)
    if m is not None:
        name = f"{m.group('target')}:{m.group('cls')}"
        body = m.group("opts")
        raw = parse_rules_text(f"x({body})")[1] if body else {}
    else:
        try:
            name, raw = parse_rules_text(spec)
        except NotationError as e:
            raise RulesError(f"cannot read the bot spec {spec!r}: {e}") from None
    options = {k: _value(v) for k, v in raw.items()}
    for key, value in options.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise RulesError(f"bot option {key}={raw[key]} in {spec!r} is not a finite number")
    return name, options


def _value(text: str) -> Any:
    low = text.lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _user_class(target: str, cls: str) -> type[Any]:
    if target.endswith(".py"):
        path = Path(target)
        if not path.is_file():
            raise RulesError(f"bot file {target!r} does not exist")
        module_name = f"atout_user_bot_{abs(hash(str(path.resolve())))}"
        module = sys.modules.get(module_name)
        if module is None:
            spec = importlib.util.spec_from_file_location(module_name, path)
            if spec is None or spec.loader is None:
                raise RulesError(f"cannot load bot file {target!r}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[module_name] = module
            try:
                spec.loader.exec_module(module)
            except Exception as e:
                del sys.modules[module_name]
                raise RulesError(f"bot file {target!r} fails to load: {e!r}") from None
    else:
        try:
            module = importlib.import_module(target)
        except ImportError as e:
            raise RulesError(f"cannot import bot module {target!r}: {e}") from None
    found = getattr(module, cls, None)
    if not inspect.isclass(found):
        raise RulesError(f"{target!r} has no class {cls!r}")
    return found


def make(spec: str) -> Bot:
    """A new bot built from a spec. Unknown names, bad options and classes that do not speak
    the bot protocol raise :class:`~atout.errors.RulesError` saying which."""
    return factory(spec)()


def _signature(cls: type) -> inspect.Signature:
    """The options a bot class takes. A class compiled by mypyc (``atout.bots.river_mcts``)
    reports every parameter positional-only, yet takes them by keyword, as a spec passes them:
    those are read as plain parameters."""
    sig = inspect.signature(cls)
    if inspect.isfunction(getattr(cls, "__init__", None)):
        return sig
    loose = inspect.Parameter.POSITIONAL_OR_KEYWORD
    return sig.replace(parameters=[
        p.replace(kind=loose) if p.kind is inspect.Parameter.POSITIONAL_ONLY else p
        for p in sig.parameters.values()
    ])  # fmt: skip


@functools.cache
def factory(spec: str) -> Callable[[], Bot]:
    """A function that builds a new bot from a spec, checked once (tournaments build a bot per
    match: reading and checking the spec each time would cost more than a random bot plays)."""
    name, options = parse_spec(spec)
    if ":" in name:
        target, cls_name = name.rsplit(":", 1)
        cls = _user_class(target, cls_name)
    else:
        found = BOTS.get(name)
        if found is None:
            raise RulesError(f"there is no bot {name!r}; the bots are: {', '.join(BOTS)}")
        cls = found
    try:
        _signature(cls).bind(**options)
    except TypeError:
        accepted = [p for p in inspect.signature(cls).parameters if p != "self"]
        takes = ", ".join(accepted) if accepted else "no options"
        raise RulesError(
            f"the {name} bot takes {takes}, not {', '.join(options) or 'these arguments'}"
        ) from None
    if not callable(getattr(cls, "choose", None)):
        raise RulesError(f"{name} is not a bot: it has no choose(view, legal_actions, rng)")

    def build() -> Bot:
        try:
            bot = cls(**options)
        except (TypeError, ValueError) as e:
            raise RulesError(f"the {name} bot refuses its options: {e}") from None
        if not isinstance(getattr(bot, "name", None), str):
            bot.name = name
        if not isinstance(getattr(bot, "version", None), str):
            bot.version = "0"
        return bot  # type: ignore[no-any-return]

    return build
