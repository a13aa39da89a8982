"""The registry of games: ``load("schnapsen(manual_claim=true)")`` gives a game object.

Games register by name here, above the game modules, so that ``core`` never imports a game and
each game module is imported only when it is asked for.
"""

from __future__ import annotations

import importlib
from typing import Final

from atout.core.game import Game
from atout.core.rules import parse_rules_text
from atout.core.state import State
from atout.errors import RulesError

__all__ = ["GAMES", "load", "names"]

#: Registered games: name -> "module:class".
GAMES: Final[dict[str, str]] = {
    "schnapsen": "atout.schnapsen:Schnapsen",
    "seven_up": "atout.sevenup:SevenUp",
    "river": "atout.river:River",
}


def names() -> list[str]:
    """The registered game names."""
    return list(GAMES)


def game_class(name: str) -> type[Game[State]]:
    """The game class registered under ``name``."""
    target = GAMES.get(name)
    if target is None:
        raise RulesError(f"there is no game {name!r}; the games are: {', '.join(GAMES)}")
    module, _, cls = target.partition(":")
    found: type[Game[State]] = getattr(importlib.import_module(module), cls)
    return found


def load(text: str) -> Game[State]:
    """The game a rules text names, e.g. ``schnapsen`` or ``schnapsen(manual_claim=true)``.

    Unknown games and options, bad values and contradictory options raise
    :class:`~atout.errors.RulesError`; text of another shape raises
    :class:`~atout.errors.NotationError`."""
    name, options = parse_rules_text(text)
    cls = game_class(name)
    return cls(cls.rules_type.from_dict(options))
