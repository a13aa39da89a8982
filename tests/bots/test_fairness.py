"""Fairness, for every game and level: a bot sees only its seat's view, so two states that give
its seat the same view get the same choice from a bot with the same seed and stream; and what
it chooses is legal. The second state holds the cards the seat has not seen in other places
(``atout.conformance.twin``)."""

from __future__ import annotations

import random

import pytest

import atout
from atout.bots import LEVELS, make
from atout.conformance import twin

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
        if pair is None:
            continue
        a, b = pair
        to_act = a.to_act
        if to_act is None or (to_act != seat if isinstance(to_act, int) else seat not in to_act):
            continue
        legal_a, legal_b = a.legal_actions(seat), b.legal_actions(seat)
        assert legal_a == legal_b
        choice_a = bot.choose(a.view(seat), legal_a, random.Random(seed))
        choice_b = bot.choose(b.view(seat), legal_b, random.Random(seed))
        assert choice_a in legal_a
        assert choice_a == choice_b, f"{rules} {level} seed {seed}"
        compared += 1
    assert compared == wanted
