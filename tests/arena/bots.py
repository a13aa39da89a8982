"""Bots for the arena's tests: users' bots, loaded by path or by module."""

from __future__ import annotations

import random
from collections.abc import Sequence

from atout.core.actions import Action, Bid
from atout.core.state import View


class FirstBot:
    """Always the first legal action: deterministic, and no better than random."""

    name = "first"
    version = "1"
    uses_view = False

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return legal_actions[0]


class RaisingBot:
    """Raises on its third decision: a bug in a user's bot."""

    name = "raising"
    version = "1"

    def __init__(self, after: int = 2) -> None:
        self.after = after
        self.calls = 0

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        self.calls += 1
        if self.calls > self.after:
            raise RuntimeError("my bot has a bug")
        return legal_actions[0]


class IllegalBot:
    """Answers with an action no game allows here."""

    name = "illegal"
    version = "1"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        return Bid(99)
