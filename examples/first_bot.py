"""A first bot: win the trick as cheaply as possible, otherwise throw the cheapest card."""

import random
from collections.abc import Sequence

import atout
from atout import Action, Play, RiverView, SchnapsenView, SevenUpView, View


class FirstBot:
    name = "first"
    version = "1"

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal_actions if isinstance(a, Play)]
        if not plays or not isinstance(view, SchnapsenView | SevenUpView | RiverView):
            return rng.choice(legal_actions)  # a bid, stand, beg or discard: leave it to chance
        game, trick, trump = atout.load(view.rules), view.trick, view.trump
        # Marriages first (Schnapsen), then the cheapest: other suits before trumps, low first.
        plays.sort(key=lambda a: (not a.marriage, a.card // 13 == trump, game.strength(a.card)))
        # The plays that would win the trick so far (on lead, every card does).
        wins = [a for a in plays if game.trick_winner([*trick, a.card], trump) == len(trick)]
        return (wins or plays)[0]
