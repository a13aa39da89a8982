"""The Schnapsen game object: rules, pack, notation; it starts matches."""

from __future__ import annotations

import random
from typing import ClassVar

from atout.cards import SCHNAPSEN_PACK, Rank, parse_card
from atout.core.actions import Action
from atout.core.data import Data
from atout.core.game import Game
from atout.core.state import View
from atout.errors import NotationError
from atout.schnapsen.actions import CLAIM, CLOSE, EXCHANGE, MARRY, PASS, PLAY
from atout.schnapsen.layout import HAND
from atout.schnapsen.rules import SchnapsenRules
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.tables import KING, QUEEN
from atout.schnapsen.view import SchnapsenDealResult, SchnapsenView
from atout.schnapsen.worlds import sample_world, world_weight

__all__ = ["Schnapsen"]

_WORDS = {"exchange": EXCHANGE, "close": CLOSE, "claim": CLAIM, "pass": PASS}


class Schnapsen(Game[SchnapsenState]):
    """Schnapsen for two (RULES.md §3): 20 cards, 66 to win a deal, 7-to-0 for the match."""

    name: ClassVar[str] = "schnapsen"
    title: ClassVar[str] = "Schnapsen"
    rules_type: ClassVar[type[SchnapsenRules]] = SchnapsenRules
    rules: SchnapsenRules
    #: RULES.md §3 "Cards": A 10 K Q J in every suit.
    rank_order: ClassVar[tuple[Rank, ...]] = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)
    action_forms: ClassVar[tuple[str, ...]] = (
        "play <card> (e.g. play QS)",
        "play <King or Queen> marriage (e.g. play KH marriage)",
        "exchange",
        "close",
        "claim (under manual_claim: on lead, or after winning the last trick)",
        "pass (under manual_claim, after winning the last trick: not claiming)",
    )

    @property
    def seats(self) -> int:
        return 2

    @property
    def pack(self) -> tuple[int, ...]:
        return SCHNAPSEN_PACK

    def _start(
        self, seed: int, packs: tuple[tuple[int, ...], ...], dealer: int, shuffle: bool
    ) -> SchnapsenState:
        return SchnapsenState(self, seed=seed, packs=packs, dealer=dealer, shuffle=shuffle)

    def parse_action(self, text: str) -> Action:
        words = text.strip().lower().split()
        if len(words) == 1 and words[0] in _WORDS:
            return _WORDS[words[0]]
        if words and words[0] == "play" and len(words) in (2, 3):
            try:
                c = parse_card(words[1])
            except NotationError:
                raise NotationError(self._form_error(text)) from None
            if len(words) == 2:
                return PLAY[c]
            if words[2] == "marriage":
                return MARRY[c]
        raise NotationError(self._form_error(text))

    def _form_error(self, text: str) -> str:
        return f"cannot read {text!r} as a Schnapsen action: write " + ", ".join(self.action_forms)

    def all_actions(self) -> list[Action]:
        acts: list[Action] = [PLAY[c] for c in SCHNAPSEN_PACK]
        acts += [MARRY[c] for c in sorted(KING + QUEEN)]
        acts += [EXCHANGE, CLOSE]
        if self.rules.manual_claim:
            acts += [CLAIM, PASS]
        return acts

    def sample_world(self, view: View, rng: random.Random) -> SchnapsenState:
        if not isinstance(view, SchnapsenView):
            raise TypeError(f"not a Schnapsen view: {view!r}")
        return sample_world(self, view, rng)

    def world_weight(self, view: View, world: SchnapsenState) -> float:
        assert isinstance(view, SchnapsenView) and view.seat is not None
        return world_weight(view, world._seats[HAND + 1 - view.seat])

    def deal_value(self, deal: Data, seat: int) -> float:
        """The game points won (positive) or conceded (negative)."""
        assert isinstance(deal, SchnapsenDealResult)
        return float(deal.points if deal.winner == seat else -deal.points)
