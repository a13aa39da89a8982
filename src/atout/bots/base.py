"""The bot protocol: a bot sees one seat's view and the legal actions, never a state.

``Bot.choose(view, legal_actions, rng) -> action`` must be a function of its arguments (and the
bot's own options): two states that give its seat the same view, with the same random stream,
get the same choice. That is what makes a bot fair, and it is tested.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from atout.core.actions import Action
from atout.core.state import View

__all__ = ["Bot", "uses_view"]


@runtime_checkable
class Bot(Protocol):
    """What the arena, the server and the terminal call: any object with a ``name``, a
    ``version`` and a ``choose`` method is a bot (no base class to inherit). ``name`` and
    ``version`` go into records, so a record says exactly which bot played.

    A bot may also set ``uses_view = False`` (a class attribute) when it chooses from the legal
    actions alone: faces may then hand it a bare ``View(seat, rules)`` instead of the seat's
    full view, a saving in tournaments. Without it a bot gets the full view
    (:func:`uses_view`)."""

    name: str
    version: str

    def choose(
        self, view: View, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action | str:
        """One of ``legal_actions``, or its text (``"play QS"``), for the seat of ``view``.
        ``rng`` is the only randomness a bot may use, so that a seeded match replays."""
        ...


def uses_view(bot: object) -> bool:
    """Whether ``bot`` reads the view it is given (its ``uses_view``, True when it has none)."""
    return bool(getattr(bot, "uses_view", True))
