"""Seven Up's worlds: a sampled world gives the seat the real view, the truth is always among
the worlds the sampler can draw, it draws them uniformly, and the voids it infers are exactly
those the follow rule reveals."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import atout
from atout.cards import SUIT_MASKS, bits
from atout.sevenup import SevenUpState, SevenUpView, tactics
from atout.sevenup.worlds import first_six, knowledge, sample_world, world_weight

VARIANTS = [
    "seven_up",
    "seven_up(gift=true)",
    "seven_up(free_discard=true)",
    "seven_up(count_out=true,dealt_low=true,gift=true)",
    "seven_up(tens_only_game=true,tie_game_to_eldest=true)",
]


def positions(rules: str, count: int, seed: int = 0) -> list[SevenUpState]:
    """Positions met in random play, at every stage of a deal and of a match."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: list[SevenUpState] = []
    while len(out) < count:
        state = game.new_match(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 90)):
            if state.to_act is None:
                break
            state.apply(rng.choice(state.legal_actions()))
        if state.to_act is not None:
            assert isinstance(state, SevenUpState)
            out.append(state)
    return out


def late_positions(rules: str, count: int, seed: int, most: int) -> list[SevenUpState]:
    """Positions in the play with at most ``most`` cards in the hand of the seat not to act
    (random play from fresh matches)."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: list[SevenUpState] = []
    while len(out) < count:
        state = game.new_match(seed=rng.getrandbits(32))
        assert isinstance(state, SevenUpState)
        limit = rng.randrange(0, most + 1)
        while state.to_act is not None and state.deals_done == 0:
            to_act = state.to_act
            assert isinstance(to_act, int)
            if state._stage == 3 and state._hands[1 - to_act].bit_count() <= limit:
                out.append(state)
                break
            state.apply(rng.choice(state.legal_actions()))
    return out


def _view(state: SevenUpState, seat: int) -> SevenUpView:
    view = state.view(seat)
    assert isinstance(view, SevenUpView)
    return view


@pytest.mark.parametrize("rules", VARIANTS)
def test_worlds_give_the_same_view_and_cover_the_truth(rules: str) -> None:
    game = atout.load(rules)
    free_discard = "free_discard=true" in rules
    stages: Counter[str] = Counter()
    for i, state in enumerate(positions(rules, 120, seed=len(rules))):
        for seat in (0, 1):
            view = _view(state, seat)
            stages[view.stage] += 1
            k = knowledge(view, free_discard=free_discard)
            other = 1 - seat
            zones = state.zones()
            assert state._hands[other] & ~k.allowed == 0, "the real hand is outside the support"
            assert state._discards[other] & ~k.hidden == 0
            assert zones["undealt"] & ~k.hidden == 0
            for j in range(3):
                world = game.sample_world(view, random.Random(i * 7 + j))
                assert world.view(seat) == view
                assert world.view(None) == state.view(None)
                assert sorted(c for m in world.zones().values() for c in bits(m)) == list(range(52))
                # The world plays on like a real deal: to its end, and into the next.
                world.playout(random.Random(j).random)
    want = {"stand_or_beg", "discard", "play"} | ({"give_or_run"} if "gift" in rules else set())
    assert want <= set(stages)


def test_a_world_knows_eldest_stood_on_its_first_six() -> None:
    """Eldest stood, so no card was run: in every world its first six cards are its hand
    and the cards it has played."""
    game = atout.load("seven_up")
    for state in positions("seven_up", 60, seed=2):
        view = _view(state, state._dealer)
        if view.stage != "play" or view.rejected:
            continue
        eldest = view.eldest
        world = game.sample_world(view, random.Random(1))
        played = sum(1 << t.cards[t.leader != eldest] for t in view.tricks)
        if view.trick and view.leader == eldest:
            played |= 1 << view.trick[0]
        assert first_six(world, eldest) == world._hands[eldest] | played


def _follows(hand: int, led: int, trump: int, free_discard: bool) -> int:
    """The follow rule of RULES.md §1, written afresh: a card of the suit led or a trump; any
    card holding neither (under free_discard, any card holding none of the suit led)."""
    same = [c for c in bits(hand) if c // 13 == led // 13]
    trumps = [c for c in bits(hand) if c // 13 == trump]
    if free_discard and not same:
        return hand
    allowed = set(same) | set(trumps)
    return sum(1 << c for c in allowed) if allowed else hand


def _consistent(view: SevenUpView, hand: int, free_discard: bool) -> bool:
    """Whether every answer of the other seat this deal was legal had it held ``hand`` now
    (and then the cards it played since)."""
    assert view.seat is not None and view.trump is not None
    other = 1 - view.seat
    later = 1 << view.trick[0] if view.trick and view.leader == other else 0
    for t in reversed(view.tricks):
        mine = t.cards[0] if t.leader == other else t.cards[1]
        if t.leader != other:
            then = hand | later | 1 << mine
            if not _follows(then, t.cards[0], view.trump, free_discard) >> mine & 1:
                return False
        later |= 1 << mine
    return True


@pytest.mark.parametrize("rules", ["seven_up", "seven_up(free_discard=true)"])
def test_void_inference_matches_a_brute_force_check(rules: str) -> None:
    """Late in the play (two cards or fewer in the other hand), the hands the sampler allows
    are exactly those under which each of the other seat's answers was legal."""
    free_discard = "free_discard" in rules
    checked = voids = 0
    for state in late_positions(rules, 150, seed=9, most=2):
        for seat in (0, 1):
            view = _view(state, seat)
            k = knowledge(view, free_discard=free_discard)
            if view.stage != "play" or k.hand_size > 2 or not view.tricks:
                continue
            pool = list(bits(k.hidden))
            consistent = {
                sum(1 << c for c in combo)
                for combo in itertools.combinations(pool, k.hand_size)
                if _consistent(view, sum(1 << c for c in combo), free_discard)
            }
            support = {
                sum(1 << c for c in combo)
                for combo in itertools.combinations(list(bits(k.allowed)), k.hand_size)
            }
            assert support == consistent
            checked += 1
            voids += k.excluded != 0
    assert checked >= 40 and voids >= 10


def test_the_sampler_is_uniform_over_the_consistent_worlds() -> None:
    """A position late in the play where the other seat holds one card and has shown a void:
    every card it may hold comes up about equally often, and each other hidden card is as
    likely as any to be among its discards (after a run) or undealt."""
    game = atout.load("seven_up")
    found = None
    for state in late_positions("seven_up", 400, seed=4, most=1):
        for seat in (0, 1):
            view = _view(state, seat)
            k = knowledge(view, free_discard=False)
            if view.stage == "play" and k.hand_size == 1 and k.excluded and k.discard_count:
                found = view, k
                break
        if found:
            break
    assert found is not None
    view, k = found
    allowed = list(bits(k.allowed))
    consistent = [c for c in bits(k.hidden) if _consistent(view, 1 << c, False)]
    assert sorted(consistent) == allowed
    n = 6000
    hands: Counter[int] = Counter()
    discarded: Counter[int] = Counter()
    rng = random.Random(11)
    other = 1 - (view.seat or 0)
    for _ in range(n):
        world = sample_world(game, view, rng)
        hands[world._hands[other]] += 1
        for c in bits(world._discards[other]):
            discarded[c] += 1
    assert set(hands) == {1 << c for c in allowed}
    expected = n / len(allowed)
    chi2 = sum((hands[1 << c] - expected) ** 2 / expected for c in allowed)
    assert chi2 < len(allowed) + 5 * len(allowed) ** 0.5  # far above the 99.9% point
    # A card the hand cannot hold is a discard with chance d / (hidden - 1) (the card held
    # taken out); one it can, with chance (1 - 1/allowed) d / (hidden - 1).
    rest = k.hidden.bit_count() - 1
    for c in bits(k.hidden):
        share = k.discard_count / rest * (1 if k.excluded >> c & 1 else 1 - 1 / len(allowed))
        assert abs(discarded[c] / n - share) < 0.03


def test_sample_world_refuses_a_finished_match_and_other_views() -> None:
    game = atout.load("seven_up")
    state = game.new_match(seed=1)
    while state.to_act is not None:
        state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        game.sample_world(state.view(0), random.Random(1))
    with pytest.raises(TypeError):
        game.sample_world(atout.load("schnapsen").new_match(seed=1).view(0), random.Random(1))


def test_world_weight_reads_the_other_seats_choices() -> None:
    """A dealer's worlds where eldest stood on a strong trump holding weigh more than those
    where it stood on none; worlds where the other seat discarded its trumps weigh less."""
    game = atout.load("seven_up")
    strong = weak = 0.0
    for seed in range(30):
        state = game.new_match(seed=seed)
        state.apply("stand")
        view = _view(state, state._dealer)
        trump = view.turn_up // 13
        for j in range(20):
            world = game.sample_world(view, random.Random(j))
            trumps = (world._hands[view.eldest] & SUIT_MASKS[trump]).bit_count()
            w = world_weight(view, world)
            if trumps >= 3:
                strong += w
            elif trumps == 0:
                weak += w
    assert strong > 2 * weak
    for seed in range(100):
        state = game.new_match(seed=seed)
        state.apply("beg")
        if state.to_act is None or state.view(0).stage != "discard":
            continue
        while state.view(0).stage == "discard":
            state.apply(state.legal_actions()[0])
        view = _view(state, state._dealer)
        world = game.sample_world(view, random.Random(1))
        eldest = view.eldest
        tm = SUIT_MASKS[world._trump]
        spare = world._hands[eldest] & ~tm
        thrown = world._discards[eldest] & tm
        if not (spare and thrown):
            continue
        swapped = world.clone()
        values = world._values
        a = 1 << min(bits(spare), key=lambda c: tactics.keep_score(c, world._trump, values))
        b = thrown & -thrown
        swapped._hands[eldest] ^= a | b
        swapped._discards[eldest] ^= a | b
        # Keeping the trump and throwing the plain card is the likelier choice.
        assert world_weight(view, swapped) > world_weight(view, world)
        return
    raise AssertionError("no position with a trump discarded")


def test_sharpen_raises_the_world_weights_to_its_power() -> None:
    """``SevenUpSearch(sharpen=k)`` weighs each world by ``world_weight ** k``, the same worlds
    drawn; hard (not weighing) is left at 1; a power out of range is refused."""
    from atout.bots.sevenup_search import SevenUpSearch

    game = atout.load("seven_up")
    state = game.new_match(seed=4)
    state.apply("stand")
    view = _view(state, state._dealer)
    plain = SevenUpSearch(expert=True, time=1)._worlds(game, view, random.Random(3))
    sharp = SevenUpSearch(expert=True, time=1, sharpen=2.5)._worlds(game, view, random.Random(3))
    weights = []
    for _ in range(20):
        (w1, a), (w2, b) = next(plain), next(sharp)
        assert w1.zones() == w2.zones() and b == pytest.approx(a**2.5)
        weights.append(a)
    assert len(set(weights)) > 1  # the stand made some worlds likelier than others
    hard = SevenUpSearch(expert=False, time=1, sharpen=2.5)._worlds(game, view, random.Random(3))
    assert next(hard)[1] == 1.0
    for bad in (0.0, -1.0, 9.0):
        with pytest.raises(ValueError, match="sharpen"):
            SevenUpSearch(expert=True, time=1, sharpen=bad)
