"""Rules objects and the rules text that names them.

Every game's variants live in a frozen dataclass whose defaults are the rule book's defaults. A
rules text names a rule set in records, URLs and the database, like OpenSpiel's game strings:
``schnapsen``, ``schnapsen(manual_claim=true)``, ``river(players=6,start_cards=5)``. The canonical
text leaves defaults out and lists options in field order, so equal rules have equal texts.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Self

from atout.errors import NotationError, RulesError

__all__ = ["Rules", "parse_rules_text"]

_NAME = re.compile(r"^\s*([a-z][a-z0-9_]*)\s*(?:\((.*)\))?\s*$", re.DOTALL)
_OPTION = re.compile(r"^\s*([a-z][a-z0-9_]*)\s*=\s*([A-Za-z0-9_.+-]+)\s*$")


def parse_rules_text(text: str) -> tuple[str, dict[str, str]]:
    """Split ``name(key=value,...)`` into the game name and the raw option values.

    Raises :class:`NotationError` on text of another shape and :class:`RulesError` when an
    option is given twice (two values for one option contradict each other)."""
    m = _NAME.match(text)
    if m is None:
        raise NotationError(
            f"cannot read {text!r} as a rules text: write a game name, optionally followed by "
            "options in parentheses, e.g. 'schnapsen' or 'schnapsen(manual_claim=true)'"
        )
    name, body = m.group(1), m.group(2)
    options: dict[str, str] = {}
    if body is not None and body.strip():
        for part in body.split(","):
            om = _OPTION.match(part)
            if om is None:
                raise NotationError(
                    f"cannot read option {part.strip()!r} in {text!r}: write key=value, "
                    "e.g. manual_claim=true or players=5"
                )
            key, value = om.group(1), om.group(2)
            if key in options:
                raise RulesError(f"option {key!r} is given twice in {text!r}")
            options[key] = value
    return name, options


@dataclass(frozen=True)
class Rules:
    """Base class of every game's rules. Subclasses are frozen dataclasses whose fields are the
    variant options (bool or int) and whose defaults are the rule book's defaults; they set
    ``game`` to the game's registered name and override :meth:`check` for options that contradict.
    """

    game: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = _field_type(f)
            if kind is bool and not isinstance(value, bool):
                raise RulesError(f"{self.game} option {f.name} is true or false, not {value!r}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise RulesError(f"{self.game} option {f.name} is a whole number, not {value!r}")
        self.check()

    def check(self) -> None:
        """Raise :class:`RulesError` if the options contradict one another."""

    @classmethod
    def option_names(cls) -> list[str]:
        """The options, in field order."""
        return [f.name for f in dataclasses.fields(cls)]

    @classmethod
    def from_dict(cls, options: dict[str, Any]) -> Self:
        """Build from option values (bools and ints, or their texts); unknown keys raise."""
        fields = {f.name: f for f in dataclasses.fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in options.items():
            f = fields.get(key)
            if f is None:
                known = ", ".join(fields) or "none"
                raise RulesError(f"{cls.game} has no option {key!r}; its options are: {known}")
            values[key] = _coerce(cls.game, key, _field_type(f), raw)
        return cls(**values)

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Read a rules text for this game."""
        name, options = parse_rules_text(text)
        if name != cls.game:
            raise RulesError(f"{text!r} names the game {name!r}, not {cls.game!r}")
        return cls.from_dict(options)

    def to_dict(self) -> dict[str, Any]:
        """Every option and its value (plain JSON data)."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    def changed(self) -> dict[str, Any]:
        """The options that differ from the defaults."""
        default = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(default, k) != v}

    @cached_property
    def text(self) -> str:
        """The canonical rules text: the game name, then the non-default options in field order.
        Computed once per rules object: every view carries it, so it sits on the server's path."""
        changed = self.changed()
        if not changed:
            return self.game
        body = ",".join(f"{k}={_format(v)}" for k, v in changed.items())
        return f"{self.game}({body})"

    def __str__(self) -> str:
        return self.text


def _field_type(f: dataclasses.Field[Any]) -> type:
    kind = f.type if isinstance(f.type, type) else {"bool": bool, "int": int}.get(str(f.type))
    if kind not in (bool, int):
        raise TypeError(f"rules option {f.name} must be bool or int, not {f.type!r}")
    return kind


def _coerce(game: str, key: str, kind: type, raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw  # typed values are checked in __post_init__
    if kind is bool:
        low = raw.lower()
        if low in ("true", "1", "yes", "on"):
            return True
        if low in ("false", "0", "no", "off"):
            return False
        raise RulesError(f"{game} option {key} is true or false, not {raw!r}")
    try:
        return int(raw)
    except ValueError:
        raise RulesError(f"{game} option {key} is a whole number, not {raw!r}") from None


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
