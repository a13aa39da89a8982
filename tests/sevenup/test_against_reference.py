"""The engine against the plain reference model (tests/sevenup/reference.py), whole matches on
random packs and random lines of play, in every variant: the seat to act and the legal sets agree
at every step, the scores after every step, every deal's points and breakdown, and the winner.

Uniformly shuffled packs almost never make a deal void (five runs of the first suit: about one
beg in 3,000), so a quarter of the packs are rigged: a few of the cards turned by the runs are
given the first turn-up's suit, and some turn-ups are made Jacks (a few more packs turn a Jack
at the deal). Everything else is random."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.cards import FULL_PACK, card_text

from .reference import Ref, rank, suit

VARIANTS = [
    "seven_up",
    "seven_up(gift=true)",
    "seven_up(free_discard=true)",
    "seven_up(dealt_low=true)",
    "seven_up(tens_only_game=true)",
    "seven_up(tie_game_to_eldest=true)",
    "seven_up(count_out=true)",
    "seven_up(gift=true,free_discard=true,dealt_low=true,tens_only_game=true,"
    "tie_game_to_eldest=true,count_out=true)",
]
#: More packs than any match uses (a match long enough to need more fails loudly).
PACKS = 40
TURN_UPS = (12, 19, 26, 33, 40, 47)  # the deal's turn-up, then each run's


def random_pack(rng: random.Random) -> list[str]:
    """A shuffled pack, one time in four rigged towards long runs, void deals and Jacks."""
    cards = [card_text(c) for c in FULL_PACK]
    rng.shuffle(cards)
    if rng.random() < 0.25:
        same = rng.randint(2, len(TURN_UPS))  # this many turn-ups of one suit: 6 makes it void
        one_suit = rng.choice("CDHS")
        chosen = rng.sample([c for c in cards if suit(c) == one_suit], same)
        if rng.random() < 0.5:
            chosen[-1] = rng.choice([c for c in cards if rank(c) == "J" and c not in chosen])
        for pos, c in zip(TURN_UPS, chosen, strict=False):
            j = cards.index(c)
            cards[pos], cards[j] = cards[j], cards[pos]
    elif rng.random() < 0.2:  # the deal's turn-up a Jack
        j = cards.index(rng.choice([c for c in cards if rank(c) == "J"]))
        cards[TURN_UPS[0]], cards[j] = cards[j], cards[TURN_UPS[0]]
    return cards


def play_both(rules: str, rng: random.Random) -> Counter[str]:
    """Play one match in the engine and the reference with the same random choices; the
    branches it went through."""
    game = atout.load(rules)
    packs = [random_pack(rng) for _ in range(PACKS)]
    dealer = rng.randrange(2)
    state = game.new_match(packs=packs, dealer=dealer, shuffle=False)
    ref = Ref([list(p) for p in packs], dealer, **game.rules.to_dict())
    seen: Counter[str] = Counter()
    step = 0
    while not ref.over:
        legal = sorted(str(a) for a in state.legal_actions())
        assert legal == sorted(ref.legal()), f"step {step}: {legal} != {sorted(ref.legal())}"
        assert state.to_act == ref.to_act, f"step {step}"
        action = rng.choice(legal)
        seen[action.split()[0]] += 1
        state.apply(action)
        ref.apply(action)
        step += 1
        assert list(state.result().scores) == ref.scores, f"step {step}: after {action}"
        assert [d.to_dict() for d in state.result().deals] == ref.deals, f"step {step}"
    assert state.is_over and list(state.result().winners) == ref.winners
    for deal in ref.deals:
        seen["void"] += deal["void"]
        seen["turned_jack"] += deal["turned_jack"] is not None
        seen["new_trump_jack"] += deal["new_trump_jack"] is not None
        if deal["counted_out"]:
            seen["counted_out:" + deal["counted_out"]] += 1
    return seen + _ties(state)


def _ties(state: atout.State) -> Counter[str]:
    """Deals that ended with both at 7 or more and the scores equal, the match going on."""
    scores = [0, 0]
    ties: Counter[str] = Counter()
    deals = state.result().to_dict()["deals"]
    for deal in deals[:-1]:
        scores = [scores[0] + deal["points"][0], scores[1] + deal["points"][1]]
        ties["tie_played_on"] += scores[0] == scores[1] >= 7
    return ties


@pytest.mark.parametrize("rules", VARIANTS)
@given(seed=st.integers(0, 2**32))
def test_engine_agrees_with_the_reference(rules: str, seed: int) -> None:
    play_both(rules, random.Random(seed))


@pytest.mark.parametrize("rules", VARIANTS)
def test_the_rare_branches_are_compared(rules: str) -> None:
    """Enough matches that the rare branches occur and are checked: void deals, Jacks turned
    (at the deal and as the new trump), the gift, ties played on, and every way to count out."""
    seen: Counter[str] = Counter()
    rng = random.Random(rules)
    for _ in range(120):
        seen += play_both(rules, rng)
    expected = {"stand", "beg", "discard", "play", "void", "turned_jack", "new_trump_jack"}
    if "gift" in rules:
        expected |= {"give", "run"}
    if "count_out" in rules:
        points = ("turned_jack", "new_trump_jack", "high", "low", "jack", "game")
        expected |= {f"counted_out:{p}" for p in points}
    else:
        expected.add("tie_played_on")
    assert expected <= set(seen), sorted(expected - set(seen))
