"""The engine against the plain reference model (tests/river/reference.py), on random packs
and random lines of play, in every variant and for 3 to 8 players: the seats to act and the
legal sets agree at every step, and the matches end with the same score sheet and winners."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import atout
from atout.cards import FULL_PACK, card_text
from atout.river import RiverRules

from .reference import RefMatch

#: Every variant, alone and together, for 3 to 8 players; short rivers, so that many
#: matches run (the full rivers are played in ``test_full_rivers_agree``).
VARIANTS = [
    "river(players=3,start_cards=5)",
    "river(start_cards=5)",
    "river(players=5,start_cards=4)",
    "river(players=6,start_cards=4)",
    "river(players=7,start_cards=3)",
    "river(players=8,start_cards=3)",
    "river(start_cards=13)",
    "river(start_cards=4,simultaneous_bids=true)",
    "river(players=8,start_cards=2,simultaneous_bids=true)",
    "river(start_cards=4,no_hook=true)",
    "river(players=3,start_cards=3,double_one=true)",
    "river(start_cards=4,exact_only=true)",
    "river(players=6,start_cards=3,simultaneous_bids=true,double_one=true,exact_only=true)",
    "river(players=5,start_cards=3,no_hook=true,double_one=true,exact_only=true)",
]


def play_both(rules: str, seed: int) -> list[dict[str, object]]:
    """Play one match in the engine and the reference with the same random choices; returns
    the score sheet."""
    rng = random.Random(seed)
    game = atout.load(rules)
    options = game.rules
    assert isinstance(options, RiverRules)
    packs = []
    for _ in options.schedule():
        p = [card_text(c) for c in FULL_PACK]
        rng.shuffle(p)
        packs.append(p)
    dealer = rng.randrange(options.players)
    state = game.new_match(packs=packs, dealer=dealer, shuffle=False)
    ref = RefMatch(
        options.players,
        options.start,
        packs,
        dealer,
        simultaneous_bids=options.simultaneous_bids,
        no_hook=options.no_hook,
        double_one=options.double_one,
        exact_only=options.exact_only,
    )
    step = 0
    while not ref.over:
        to_act = state.to_act
        acting = {to_act} if isinstance(to_act, int) else set(to_act or ())
        assert acting == ref.to_act, f"step {step}: {acting} != {ref.to_act}"
        seat = rng.choice(sorted(acting))
        legal = sorted(str(a) for a in state.legal_actions(seat))
        assert legal == sorted(ref.legal(seat)), f"step {step}: {legal}"
        action = rng.choice(legal)
        state.apply(action, seat)
        ref.apply(seat, action)
        step += 1
        assert state.deals_done == len(ref.sheet), f"step {step}: the rounds part"
    assert state.is_over
    result = state.result().to_dict()
    assert result["deals"] == ref.sheet
    assert result["scores"] == ref.totals and result["winners"] == ref.winners()
    return ref.sheet


@pytest.mark.parametrize("rules", VARIANTS)
@settings(max_examples=20)
@given(seed=st.integers(0, 2**32))
def test_engine_agrees_with_the_reference(rules: str, seed: int) -> None:
    play_both(rules, seed)


@pytest.mark.parametrize("players", [3, 4, 6, 8])
def test_full_rivers_agree(players: int) -> None:
    """The rule book's own rivers (10, 10, 8 and 6 cards to start) for 3, 4, 6 and 8."""
    sheet = play_both(f"river(players={players})", players)
    assert len(sheet) == 2 * RiverRules(players=players).start - 1


def test_tricks_add_up_to_the_cards_dealt_each_round() -> None:
    """The property: in every round of every variant, the tricks taken add up to the number
    of cards dealt to each seat (and each seat was dealt exactly that many)."""
    for i, rules in enumerate(VARIANTS):
        for row in play_both(rules, 1000 + i):
            cards = row["cards"]
            assert sum(row["tricks"]) == cards  # type: ignore[call-overload]
            assert all(len(h) == cards for h in row["hands"])  # type: ignore[attr-defined]
