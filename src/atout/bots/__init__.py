"""Computer opponents, built from a spec text (``random``; the search levels come later).

Bots import games only through the core protocol: they receive a seat's view and the legal
actions, never a state.
"""

from __future__ import annotations

from atout.bots.base import Bot
from atout.bots.randombot import RandomBot
from atout.core.rules import parse_rules_text
from atout.errors import NotationError, RulesError

__all__ = ["BOTS", "Bot", "RandomBot", "make"]

#: Built-in bots by spec name.
BOTS: dict[str, type[Bot]] = {"random": RandomBot}


def make(spec: str) -> Bot:
    """The bot a spec names (``random``). Unknown names and options raise
    :class:`~atout.errors.RulesError`."""
    try:
        name, options = parse_rules_text(spec)
    except NotationError as e:
        raise RulesError(f"cannot read the bot spec {spec!r}: {e}") from None
    cls = BOTS.get(name)
    if cls is None:
        raise RulesError(f"there is no bot {name!r}; the bots are: {', '.join(BOTS)}")
    if options:
        raise RulesError(f"the {name} bot takes no options, not {', '.join(options)}")
    return cls()
