"""What the web table's lobby offers: the games, their variant options, the bot levels and
the rules texts, read from the engine's own registries so that the page never lists an option
the engine does not have.

The one-line explanations of the options in four languages live with the faces' other strings
(the catalogs of :mod:`atout.i18n`); this module gives the names, types and defaults they
explain.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from atout import bots, rulebook
from atout.cards import LANGUAGES
from atout.games import game_class, load, names
from atout.river.rules import MAX_PLAYERS, MIN_PLAYERS

__all__ = ["GAMES", "LEVELS", "games", "rules_text"]

#: The games' registered names.
GAMES: tuple[str, ...] = tuple(names())
#: The bot levels a lobby offers for a seat, weakest first.
LEVELS: tuple[str, ...] = ("random", *bots.LEVELS)


def games() -> list[dict[str, Any]]:
    """Every game: its name, title, seats (``min``, ``max``, ``default``; a game whose
    ``players`` option sets the seats has a range), its options (name, ``bool`` or ``int``,
    default, and for numbers the range the engine takes) and its rule book's languages."""
    out = []
    for name in names():
        cls = game_class(name)
        defaults = cls.rules_type()
        options = []
        for f in dataclasses.fields(cls.rules_type):
            value = getattr(defaults, f.name)
            option: dict[str, Any] = {
                "name": f.name,
                "type": "bool" if isinstance(value, bool) else "int",
                "default": value,
            }
            if f.name == "players":
                option.update(min=MIN_PLAYERS, max=MAX_PLAYERS)
            elif f.name == "start_cards":
                option.update(min=0, max=52 // MIN_PLAYERS)
            options.append(option)
        seats = load(name).seats
        has_players = any(o["name"] == "players" for o in options)
        out.append(
            {
                "game": name,
                "title": cls.title,
                "seats": {
                    "min": MIN_PLAYERS if has_players else seats,
                    "max": MAX_PLAYERS if has_players else seats,
                    "default": seats,
                },
                "options": options,
                "languages": rulebook.languages(name),
            }
        )
    return out


def rules_text(game: str, lang: str) -> str:
    """The rules of ``game`` as players read them, in ``lang`` (en, fr, de or da). Raises
    :class:`~atout.errors.RulesError` for an unknown game and :class:`ValueError` for a
    language it is not written in."""
    cls = game_class(game)
    if lang not in LANGUAGES:
        raise ValueError(f"the rules are written in {', '.join(LANGUAGES)}, not {lang!r}")
    return rulebook.text(cls.name, lang)
