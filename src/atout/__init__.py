"""atout: a card table for Schnapsen, Seven Up and Up and Down the River.

>>> import atout
>>> game = atout.load("schnapsen")
>>> state = game.new_match(seed=7)
>>> action = state.legal_actions()[0]
>>> events = state.apply(action)
"""

# First: with ATOUT_PURE=1, atout._engine makes every later atout import load the pure sources.
from atout._engine import ENGINE  # noqa: I001
from atout import record  # after load: records replay through the registry
from atout.cards import CardSet, card_text, parse_card
from atout.core import Action, Event, Game, Result, Rules, State, View
from atout.errors import IllegalAction, NotationError, PackError, RecordError, RulesError
from atout.games import load, names

__version__ = "0.1.0"

__all__ = [
    "ENGINE",
    "Action",
    "CardSet",
    "Event",
    "Game",
    "IllegalAction",
    "NotationError",
    "PackError",
    "RecordError",
    "Result",
    "Rules",
    "RulesError",
    "State",
    "View",
    "__version__",
    "card_text",
    "load",
    "names",
    "parse_card",
    "record",
]
