"""The uniform random bot: the baseline every other bot is measured against."""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.core.actions import Action
from atout.core.state import View

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"
    version = "1"
    uses_view = False

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """A uniformly random legal action."""
        if not legal_actions:
            raise ValueError("there is no legal action to choose from")
        return legal_actions[int(rng.random() * len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomBot()"
