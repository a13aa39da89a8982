"""Fairness, for every game and level: a bot sees only its seat's view, so two states that give
its seat the same view get the same choice from a bot with the same seed and stream; and what
it chooses is legal. The second state holds the cards the seat has not seen in other places
(``atout.conformance.twin``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import atout
from atout.bots import LEVELS, make
from atout.conformance import ConformanceError, check_fair_choice, twin
from atout.core.actions import Action, Pass

GAMES = ["schnapsen", "seven_up", "river(players=4,start_cards=4)"]


@pytest.mark.parametrize("level", ["random", *LEVELS])
@pytest.mark.parametrize("rules", GAMES)
def test_same_view_same_choice(rules: str, level: str) -> None:
    game = atout.load(rules)
    wanted = 4 if level in ("hard", "expert") else 20
    # A generous time bound for the search levels, so that only their counts of worlds or
    # iterations bound them: a bound that bites would make the choice depend on the machine.
    spec = {"random": "random", "hard": "hard(seed=9,time=60)", "expert": "expert(seed=9,time=60)"}
    bot = make(spec.get(level, f"{level}(seed=9)"))
    compared = 0
    for seed in range(400):
        if compared == wanted:
            break
        seat = seed % game.seats
        pair = twin(game, seed, 2 + seed % 11, seat)
        if pair is not None and check_fair_choice(bot, pair, seat, seed):
            compared += 1
    assert compared == wanted


class _Drifting:
    """Unfair: its second choice differs from its first, whatever the views."""

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        self.calls += 1
        return legal[(self.calls - 1) % len(legal)]


class _Illegal:
    def choose(self, view: object, legal: Sequence[Action], rng: random.Random) -> Action:
        return Pass()  # not a Seven Up action at all


def test_the_fairness_check_catches_a_bot_that_differs_or_plays_illegally() -> None:
    game = atout.load("seven_up")
    pair = next(p for s in range(50) if (p := twin(game, s, 14, 0)) and p[0].to_act == 0
                and len(p[0].legal_actions()) > 1)  # fmt: skip
    with pytest.raises(ConformanceError, match="look the same"):
        check_fair_choice(_Drifting(), pair, 0, 1)
    with pytest.raises(ConformanceError, match="not a legal action"):
        check_fair_choice(_Illegal(), pair, 0, 1)
    assert not check_fair_choice(_Illegal(), pair, 1, 1)  # seat 1 has nothing to decide
