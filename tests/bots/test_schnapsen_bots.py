"""Schnapsen's computer opponents: the world sampler, the levels, fairness."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import atout
from atout.bots import make
from atout.cards import bits
from atout.conformance import check_fair_choice, twin
from atout.core.actions import Claim, Exchange, Play
from atout.schnapsen import SchnapsenState, SchnapsenView
from atout.schnapsen.layout import HAND
from atout.schnapsen.tables import BEATS, STRENGTH, SUIT, SUIT_MASKS
from atout.schnapsen.worlds import knowledge, sample_world

from ..schnapsen.helpers import deal, play

VARIANTS = [
    "schnapsen",
    "schnapsen(manual_claim=true)",
    "schnapsen(closer_fail_tricks_at_end=true,last_trick_ten=true)",
]


def positions(rules: str, count: int, seed: int = 0) -> list[SchnapsenState]:
    """Positions met in random play, at every stage of a deal."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: list[SchnapsenState] = []
    while len(out) < count:
        state = game.new_match(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 24)):
            if state.to_act is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is not None:
            assert isinstance(state, SchnapsenState)
            out.append(state)
    return out


@pytest.mark.parametrize("rules", VARIANTS)
def test_worlds_give_the_same_view_and_cover_the_truth(rules: str) -> None:
    game = atout.load(rules)
    for i, state in enumerate(positions(rules, 150)):
        for seat in (0, 1):
            view = state.view(seat)
            assert isinstance(view, SchnapsenView)
            k = knowledge(view)
            truth = state._seats[HAND + 1 - seat]
            assert truth & ~(k.known | k.allowed) == 0, "the real hand is outside the support"
            assert k.known & ~truth == 0, "a card known to be held is not"
            for j in range(3):
                world = game.sample_world(view, random.Random(i * 7 + j))
                assert world.view(seat) == view
                zones = world.zones()
                assert sum(m.bit_count() for m in zones.values()) == 20


def test_the_sampler_is_uniform_without_inference() -> None:
    """After four tricks with the stock open, the six unseen cards make six worlds (which one
    is the last face-down card); each comes up about as often."""
    state = deal("AH KH QS JC 10D", "10H QH KS JD AC", "QC", "KD AS JH 10C QD KC 10S AD JS")
    play(state, "play AH", "play 10H", "play KH", "play AC", "play JD", "play QS")
    play(state, "play QH", "play KD")
    view = state.view(0)
    assert isinstance(view, SchnapsenView) and view.stock_size == 2
    game = atout.load("schnapsen")
    counts = Counter(sample_world(game, view, random.Random(i))._stock for i in range(3000))
    assert len(counts) == 6
    assert all(400 < n < 600 for n in counts.values()), counts


def _legal_follow(hand: int, lead: int, trump: int) -> int:
    """The strict rule, written afresh: follow and head, else follow, else trump, else any."""
    same = [c for c in bits(hand) if SUIT[c] == SUIT[lead]]
    if same:
        higher = [c for c in same if STRENGTH[c] > STRENGTH[lead]]
        return sum(1 << c for c in (higher or same))
    trumps = hand & SUIT_MASKS[trump]
    return trumps or hand


def test_void_inference_matches_a_brute_force_check() -> None:
    """Under the strict rules, the hands the sampler allows for the opponent are exactly those
    under which each of its answers was legal (no draws, so its hand then was its hand now plus
    the cards it played since)."""
    checked = 0
    for state in positions("schnapsen", 400, seed=5):
        view0 = state.view(0)
        assert isinstance(view0, SchnapsenView)
        strict_from = view0.closed_at if view0.closed_at is not None else 5
        if len(view0.history) <= strict_from:
            continue
        k = knowledge(view0)
        need = k.opponent_size
        pool = list(bits(k.hidden))
        consistent = set()
        for combo in itertools.combinations(pool, need):
            hand = sum(1 << c for c in combo)
            if k.known & ~hand or len(pool) - need != k.stock_size:
                continue
            ok = True
            later = 0
            for i in range(len(view0.history) - 1, strict_from - 1, -1):
                t = view0.history[i]
                if t.leader == 1:
                    later |= 1 << t.cards[0]
                    continue
                follow = t.cards[1]
                then = hand | later | (1 << follow)
                if not _legal_follow(then, t.cards[0], view0.trump) >> follow & 1:
                    ok = False
                    break
                later |= 1 << follow
            if ok:
                consistent.add(hand)
        allowed = list(bits(k.allowed))
        support = {
            k.known | sum(1 << c for c in extra)
            for extra in itertools.combinations(allowed, need - k.known.bit_count())
        }
        assert support == consistent
        checked += 1
    assert checked >= 30
    assert BEATS  # the tables the inference uses are the engine's


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert"])
def test_every_level_plays_legal_moves_and_fairly(level: str) -> None:
    """A level only returns legal actions, and for two states that look the same from its
    seat, with the same seed, it chooses the same action."""
    game = atout.load("schnapsen")
    bot = make(level)
    compared = 0
    for seed in range(40 if level in ("random", "easy", "medium") else 8):
        pair = twin(game, seed, 3 + seed % 14, seat=seed % 2)
        if pair is not None and check_fair_choice(bot, pair, seed % 2, seed):
            compared += 1
    assert compared >= 2


def test_a_seed_makes_the_choice_a_function_of_the_view() -> None:
    state = positions("schnapsen", 1, seed=3)[0]
    seat = state.to_act
    assert isinstance(seat, int)
    bot = make("easy(seed=4)")
    view, legal = state.view(seat), state.legal_actions()
    picks = {bot.choose(view, legal, random.Random(i)) for i in range(20)}
    assert len(picks) == 1


def test_medium_takes_the_obvious_chances() -> None:
    """Medium exchanges the trump Jack, declares the trump marriage, captures a King led to it
    with the cheaper of its Ten and Ace, and claims 66 when it has them."""
    bot = make("medium")
    state = deal("JC QC KH AS 10S", "AH 10H KS QS JS", "KC")
    assert isinstance(bot.choose(state.view(0), state.legal_actions(), random.Random(1)), Exchange)
    play(state, "exchange")
    choice = bot.choose(state.view(0), state.legal_actions(), random.Random(1))
    assert isinstance(choice, Play) and choice.marriage and SUIT[choice.card] == 0
    state = deal("JD KH QS JC 10D", "AH 10H KS QD AC", "QC")
    play(state, "play KH")  # seat 1 follows: 14 points for its Ten, keeping the Ace
    choice = bot.choose(state.view(1), state.legal_actions(), random.Random(1))
    assert choice == Play(atout.parse_card("10H"))
    manual = deal("AS AH KC QC JD", "10S 10H JH QD KD", "AC", "KS QS JS KH 10C JC AD 10D QH",
                  rules="schnapsen(manual_claim=true)")  # fmt: skip
    # The trump marriage takes seat 0 to 82; it claims on lead after winning that trick.
    play(manual, "play AS", "play 10S", "play AH", "play 10H", "play KC marriage", "play QD")
    assert isinstance(bot.choose(manual.view(0), manual.legal_actions(), random.Random(1)), Claim)


def test_expert_weighs_worlds_by_the_opponents_declarations() -> None:
    """A player always declares a marriage it can: seat 1 led the King of diamonds without
    declaring, and has drawn nothing since, so worlds where it holds the Queen are unlikely.
    Its trump Jack likewise: it led with the stock open and did not exchange."""
    from atout.schnapsen.worlds import FLOOR, world_weight

    state = deal("JH QH AS 10S JS", "KD AH 10H KS QS", "AC", "JD KC QD JC 10C 10D AD KH QC")
    play(state, "play JH", "play AH", "play KD")
    view = state.view(0)
    assert isinstance(view, SchnapsenView)
    card = atout.parse_card
    plain = sum(1 << card(c) for c in ("10H", "KS", "QS", "JD"))
    with_queen = sum(1 << card(c) for c in ("10H", "KS", "QS", "QD"))
    with_jack = sum(1 << card(c) for c in ("10H", "KS", "QS", "JC"))
    assert world_weight(view, plain) == 1.0
    assert world_weight(view, with_queen) == FLOOR
    assert world_weight(view, with_jack) == FLOOR
    # Once a card has been drawn the Queen may have come since: one of its five cards.
    play(state, "play QH")  # seat 1 wins the King's trick; both draw
    later = state.view(0)
    assert isinstance(later, SchnapsenView)
    assert world_weight(later, with_queen | 1 << card("KC")) == pytest.approx(1 / 5)
