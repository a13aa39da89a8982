"""atout: a card table for Schnapsen, Seven Up and Up and Down the River.

>>> import atout
>>> game = atout.load("schnapsen")
>>> state = game.new_match(seed=7)
>>> action = state.legal_actions()[0]
>>> events = state.apply(action)

What a bot writer programs against is exported here: :func:`load`, the :class:`Bot` protocol,
the action types (:class:`Play`, :class:`Bid`, ...), :class:`View` and each game's view
(:class:`SchnapsenView`, :class:`SevenUpView`, :class:`RiverView`), each game's rules type and
the errors. The game-specific names load their game on first use, so that ``import atout``
stays light.
"""

# First: with ATOUT_PURE=1, atout._engine makes every later atout import load the pure sources.
from atout._engine import ENGINE  # noqa: I001
from atout import record  # after load: records replay through the registry
from typing import TYPE_CHECKING, Any
import importlib

from atout.bots.base import Bot
from atout.cards import CardSet, card_text, parse_card
from atout.core import (
    Action,
    Beg,
    Bid,
    Claim,
    Close,
    Discard,
    Event,
    Exchange,
    Game,
    Give,
    Pass,
    Play,
    Result,
    Rules,
    Run,
    Stand,
    State,
    TrickRecord,
    View,
)
from atout.errors import IllegalAction, NotationError, PackError, RecordError, RulesError
from atout.games import load, names

if TYPE_CHECKING:
    from atout.river import River, RiverRules, RiverView
    from atout.schnapsen import Schnapsen, SchnapsenRules, SchnapsenView
    from atout.sevenup import SevenUp, SevenUpRules, SevenUpView

__version__ = "0.1.0"

#: The game-specific names, by the package that holds them (imported on first use).
_BY_GAME = {
    "atout.schnapsen": ("Schnapsen", "SchnapsenRules", "SchnapsenView"),
    "atout.sevenup": ("SevenUp", "SevenUpRules", "SevenUpView"),
    "atout.river": ("River", "RiverRules", "RiverView"),
}
_LAZY = {name: module for module, found in _BY_GAME.items() for name in found}


def __getattr__(name: str) -> Any:
    """A game's class, rules type or view type, imported when first asked for."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'atout' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


__all__ = [
    "ENGINE",
    "Action",
    "Beg",
    "Bid",
    "Bot",
    "CardSet",
    "Claim",
    "Close",
    "Discard",
    "Event",
    "Exchange",
    "Game",
    "Give",
    "IllegalAction",
    "NotationError",
    "PackError",
    "Pass",
    "Play",
    "RecordError",
    "Result",
    "River",
    "RiverRules",
    "RiverView",
    "Rules",
    "RulesError",
    "Run",
    "Schnapsen",
    "SchnapsenRules",
    "SchnapsenView",
    "SevenUp",
    "SevenUpRules",
    "SevenUpView",
    "Stand",
    "State",
    "TrickRecord",
    "View",
    "__version__",
    "card_text",
    "load",
    "names",
    "parse_card",
    "record",
]
