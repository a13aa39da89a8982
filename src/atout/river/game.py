"""The Up and Down the River game object: rules, pack, notation; it starts matches."""

from __future__ import annotations

import random
from typing import ClassVar

from atout.cards import FULL_PACK, parse_card
from atout.core.actions import Action, Bid
from atout.core.data import Data
from atout.core.game import Game
from atout.core.state import View
from atout.errors import NotationError
from atout.river.actions import BID, PLAY
from atout.river.rules import RiverRules
from atout.river.state import RiverState
from atout.river.view import RiverDealResult, RiverView
from atout.river.worlds import sample_world

__all__ = ["River"]


class River(Game[RiverState]):
    """Up and Down the River (RULES.md §2): Oh Hell played down from N cards to 1 and back."""

    name: ClassVar[str] = "river"
    title: ClassVar[str] = "Up and Down the River"
    rules_type: ClassVar[type[RiverRules]] = RiverRules
    rules: RiverRules
    action_forms: ClassVar[tuple[str, ...]] = (
        "bid <tricks> (e.g. bid 3)",
        "play <card> (e.g. play QS)",
    )

    def __init__(self, rules: RiverRules | None = None) -> None:
        super().__init__(rules)
        #: The number of cards of each round (see :meth:`RiverRules.schedule`).
        self.schedule = self.rules.schedule()

    @property
    def seats(self) -> int:
        return self.rules.players

    @property
    def pack(self) -> tuple[int, ...]:
        return FULL_PACK

    def _start(
        self, seed: int, packs: tuple[tuple[int, ...], ...], dealer: int, shuffle: bool
    ) -> RiverState:
        return RiverState(self, seed=seed, packs=packs, dealer=dealer, shuffle=shuffle)

    def parse_action(self, text: str) -> Action:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "bid" and words[1].isascii() and words[1].isdigit():
            tricks = int(words[1])
            return BID[tricks] if tricks < len(BID) else Bid(tricks)
        if len(words) == 2 and words[0] == "play":
            try:
                return PLAY[parse_card(words[1])]
            except NotationError:
                pass
        raise NotationError(
            f"cannot read {text!r} as an Up and Down the River action: write "
            + " or ".join(self.action_forms)
        )

    def all_actions(self) -> list[Action]:
        acts: list[Action] = [BID[t] for t in range(self.rules.start + 1)]
        return acts + [PLAY[c] for c in FULL_PACK]

    def sample_world(self, view: View, rng: random.Random) -> RiverState:
        """A world drawn uniformly from those consistent with the view: the unseen cards dealt
        as the voids revealed allow, sealed bids drawn uniformly (:mod:`atout.river.worlds`)."""
        if not isinstance(view, RiverView):
            raise TypeError(f"not an Up and Down the River view: {view!r}")
        return sample_world(self, view, rng)

    def deal_value(self, deal: Data, seat: int) -> float:
        """The seat's own points in the round. The match goes to the highest total, and a
        seat's total is the sum of its rounds, so a seat that maximises its expected points in
        each round maximises its expected total; with three to eight seats the others' points
        are spread among several rivals, and trading own points to set one rival (the default
        utility, own points less the best other's) gives points away to all the others."""
        assert isinstance(deal, RiverDealResult)
        return float(deal.points[seat])

    @classmethod
    def variants(cls) -> list[str]:
        """The defaults (4 players, 10 cards), 3, 6 and 8 players, and each variant alone
        (simultaneous bids with 4 and 5 players); short rivers keep the kit quick. The
        no-trump round of ``start_cards=13`` meets the kit in ``tests/river``."""
        return [
            "river",
            "river(players=3,start_cards=4)",
            "river(players=6,start_cards=3)",
            "river(players=8,start_cards=3)",
            "river(start_cards=4,simultaneous_bids=true)",
            "river(players=5,start_cards=3,simultaneous_bids=true)",
            "river(start_cards=4,no_hook=true)",
            "river(start_cards=4,double_one=true)",
            "river(start_cards=4,exact_only=true)",
        ]
