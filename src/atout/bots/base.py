"""The bot protocol: a bot sees one seat's view and the legal actions, never a state.

``Bot.choose(view, legal_actions, rng) -> action`` must be a function of its arguments (and the
bot's own options): two states that give its seat the same view, with the same random stream,
get the same choice. That is what makes a bot fair, and it is tested.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import ClassVar, Protocol, runtime_checkable

from atout.core.actions import Action
from atout.core.state import View

__all__ = ["Bot"]


@runtime_checkable
class Bot(Protocol):
    """What the arena, the server and the terminal call. ``name`` and ``version`` go into
    records, so a record says exactly which bot played."""

    name: str
    version: str
    #: False for a bot that chooses from the legal actions alone: faces may then hand it a bare
    #: ``View(seat, rules)`` instead of the seat's full view (a saving in tournaments).
    uses_view: ClassVar[bool]

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions``."""
        ...
