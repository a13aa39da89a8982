"""Computer opponents, built from a spec text (``random``, ``easy``, ``medium``, ``hard``,
``expert``, ``search``, or a user's ``path/to/bot.py:Class``), and the bot protocol that a
user's own bot implements.

Bots import games only through the core protocol: they receive a seat's view and the legal
actions, never a state.
"""

from __future__ import annotations

from atout.bots.base import Bot, uses_view
from atout.bots.levels import LEVELS, Easy, Expert, Hard, Medium
from atout.bots.loader import BOTS, make, parse_spec, split_specs
from atout.bots.randombot import RandomBot
from atout.bots.search import SearchBot

__all__ = [
    "BOTS",
    "LEVELS",
    "Bot",
    "RandomBot",
    "SearchBot",
    "make",
    "parse_spec",
    "split_specs",
    "uses_view",
]

BOTS.update(
    random=RandomBot,
    easy=Easy,
    medium=Medium,
    hard=Hard,
    expert=Expert,
    search=SearchBot,
)
