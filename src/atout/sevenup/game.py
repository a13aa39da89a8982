"""The Seven Up game object: rules, pack, notation; it starts matches."""

from __future__ import annotations

import random
from typing import ClassVar

from atout.cards import FULL_PACK, parse_card
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import View
from atout.errors import NotationError
from atout.sevenup.actions import BEG, DISCARD, GIVE, PLAY, RUN, STAND
from atout.sevenup.rules import SevenUpRules
from atout.sevenup.state import SevenUpState
from atout.sevenup.tables import TENS_VALUE, VALUE
from atout.sevenup.view import SevenUpView
from atout.sevenup.worlds import sample_world, world_weight

__all__ = ["SevenUp"]

_WORDS: dict[str, Action] = {"stand": STAND, "beg": BEG, "give": GIVE, "run": RUN}
_CARD_VERBS = {"play": PLAY, "discard": DISCARD}


class SevenUp(Game[SevenUpState]):
    """Seven Up for two (RULES.md §1): 52 cards, six each, High Low Jack Game, 7 to win."""

    name: ClassVar[str] = "seven_up"
    title: ClassVar[str] = "Seven Up"
    rules_type: ClassVar[type[SevenUpRules]] = SevenUpRules
    rules: SevenUpRules
    action_forms: ClassVar[tuple[str, ...]] = (
        "stand",
        "beg",
        "give (under gift, the dealer after a beg)",
        "run (under gift, the dealer after a beg)",
        "discard <card> (e.g. discard 5H)",
        "play <card> (e.g. play QS)",
    )

    @property
    def seats(self) -> int:
        return 2

    @property
    def pack(self) -> tuple[int, ...]:
        return FULL_PACK

    def _start(
        self, seed: int, packs: tuple[tuple[int, ...], ...], dealer: int, shuffle: bool
    ) -> SevenUpState:
        return SevenUpState(self, seed=seed, packs=packs, dealer=dealer, shuffle=shuffle)

    def parse_action(self, text: str) -> Action:
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in _WORDS:
            return _WORDS[words[0]]
        if len(words) == 2 and words[0] in _CARD_VERBS:
            try:
                return _CARD_VERBS[words[0]][parse_card(words[1])]
            except NotationError:
                pass
        raise NotationError(
            f"cannot read {text!r} as a Seven Up action: write " + ", ".join(self.action_forms)
        )

    def all_actions(self) -> list[Action]:
        acts: list[Action] = [STAND, BEG]
        if self.rules.gift:
            acts += [GIVE, RUN]
        acts += [DISCARD[c] for c in FULL_PACK]
        acts += [PLAY[c] for c in FULL_PACK]
        return acts

    @property
    def values(self) -> tuple[int, ...]:
        """The counting values for Game of each card under these rules."""
        return TENS_VALUE if self.rules.tens_only_game else VALUE

    def sample_world(self, view: View, rng: random.Random) -> SevenUpState:
        """A world drawn uniformly from those consistent with the view
        (:mod:`atout.sevenup.worlds`)."""
        if not isinstance(view, SevenUpView):
            raise TypeError(f"not a Seven Up view: {view!r}")
        return sample_world(self, view, rng)

    def world_weight(self, view: View, world: SevenUpState) -> float:
        """How likely the other seat's choices this deal make the world
        (:func:`atout.sevenup.worlds.world_weight`)."""
        if not isinstance(view, SevenUpView):
            raise TypeError(f"not a Seven Up view: {view!r}")
        return world_weight(view, world)
