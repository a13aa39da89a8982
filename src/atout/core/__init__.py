"""The protocol every game speaks: rules, game, state, actions, events, views, results."""

from atout.core.actions import (
    Action,
    Beg,
    Bid,
    Claim,
    Close,
    Discard,
    Exchange,
    Give,
    Pass,
    Play,
    Run,
    Stand,
)
from atout.core.events import (
    CardPlayed,
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
    TrickWon,
    TrumpTurned,
)
from atout.core.game import Game
from atout.core.rules import Rules, parse_rules_text
from atout.core.state import Result, State, ToAct, View, seeded_int, shuffled_pack

__all__ = [
    "Action",
    "Beg",
    "Bid",
    "CardPlayed",
    "CardsDealt",
    "Claim",
    "Close",
    "DealEnded",
    "DealStarted",
    "Discard",
    "Event",
    "Exchange",
    "Game",
    "Give",
    "MatchEnded",
    "Pass",
    "Play",
    "Result",
    "Rules",
    "Run",
    "Stand",
    "State",
    "ToAct",
    "TrickWon",
    "TrumpTurned",
    "View",
    "parse_rules_text",
    "seeded_int",
    "shuffled_pack",
]
