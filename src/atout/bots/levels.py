"""The five levels of computer opponent, for every game: ``random``, ``easy``, ``medium``,
``hard``, ``expert``.

A level is one bot class for all games; each game supplies its own policy for each level in
its module under :mod:`atout.bots` (``atout.bots.schnapsen``, ...), registered in
:data:`POLICIES`. ``easy`` and ``medium`` are quick heuristics that play like people of those
levels; ``hard`` and ``expert`` search over worlds drawn from the view (:mod:`atout.bots.search`).

Options every level takes: ``time`` bounds the thinking per decision in seconds (search levels;
more than 0, at most :data:`MAX_TIME`); ``seed`` (a whole number from 0 to 2**63 - 1) makes the
bot's choices a function of the seed and the view alone, whatever random stream the table hands
it (the same seed and view always give the same action).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

from atout.core.actions import Action
from atout.core.state import View

__all__ = ["LEVELS", "MAX_SEED", "MAX_TIME", "POLICIES", "Level", "Policy", "register"]

#: A policy: the level's decision for one game, given the view, the legal actions and a stream.
Policy = Callable[[View, Sequence[Action], random.Random], Action]

#: ``POLICIES[game][level]`` builds a level's policy from the bot's options.
POLICIES: dict[str, dict[str, Callable[..., Policy]]] = {}

#: The most thinking time (seconds a decision) a level takes: an hour.
MAX_TIME = 3600.0
#: Seeds are whole numbers from 0 to this, as match seeds are.
MAX_SEED = 2**63 - 1

#: The levels, weakest first.
LEVELS = ("easy", "medium", "hard", "expert")

#: Where each game's policies live (imported when first needed).
_MODULES = {
    "schnapsen": "atout.bots.schnapsen",
    "seven_up": "atout.bots.sevenup",
    "river": "atout.bots.river",
}


def register(game: str, level: str) -> Callable[[Callable[..., Policy]], Callable[..., Policy]]:
    """Register a game's policy builder for a level."""

    def add(build: Callable[..., Policy]) -> Callable[..., Policy]:
        POLICIES.setdefault(game, {})[level] = build
        return build

    return add


def _game_name(rules: str) -> str:
    return rules.split("(", 1)[0].strip()


class Level:
    """One level for every game. Subclasses name the level."""

    level = ""
    version = "1"
    uses_view = True

    def __init__(self, time: float | None = None, seed: int | None = None) -> None:
        _check_time(time)
        _check_seed(seed)
        self.name = self.level
        self.time = time
        self.seed = seed
        self._options: dict[str, Any] = {} if time is None else {"time": time}
        self._policies: dict[str, Policy] = {}

    def _policy(self, game: str) -> Policy:
        policy = self._policies.get(game)
        if policy is None:
            module = _MODULES.get(game)
            if module is not None:
                importlib.import_module(module)
            build = POLICIES.get(game, {}).get(self.level)
            if build is None:
                raise ValueError(f"there is no {self.level} bot for {game}")
            policy = self._policies[game] = build(**self._options)
        return policy

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """The level's choice for the view's game."""
        if self.seed is not None:
            rng = random.Random(_view_seed(self.seed, view))
        return self._policy(_game_name(view.rules))(view, legal_actions, rng)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(time={self.time!r}, seed={self.seed!r})"


def _check_time(time: object) -> None:
    """Refuse a ``time`` that is not a finite number of seconds in (0, MAX_TIME]."""
    if time is None:
        return
    if isinstance(time, bool) or not isinstance(time, (int, float)) or not 0 < time <= MAX_TIME:
        raise ValueError(
            f"time is a number of seconds more than 0 and at most {MAX_TIME:g}, not {time!r}"
        )


def _check_seed(seed: object) -> None:
    """Refuse a ``seed`` that is not a whole number in [0, MAX_SEED]."""
    if seed is None:
        return
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"seed is a whole number from 0 to 2**63 - 1, not {seed!r}")


def _view_seed(seed: int, view: View) -> int:
    """A number from the seed and everything in the view: the same view, the same stream."""
    text = json.dumps(view.to_dict(), sort_keys=True)
    return int.from_bytes(hashlib.blake2b(f"{seed}:{text}".encode(), digest_size=8).digest())


class Easy(Level):
    """Plausible play with human mistakes: forgets played cards, does not count points."""

    level = "easy"


class Medium(Level):
    """Sound heuristic play: follows the cards, counts points, takes the obvious chances."""

    level = "medium"


class Hard(Level):
    """Search over worlds consistent with the view."""

    level = "hard"


class Expert(Level):
    """Deeper search, weighting worlds by what the others' bids and plays make likely."""

    level = "expert"
