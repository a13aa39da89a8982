"""Up and Down the River's computer opponents: the world sampler (a world's view equals the real
view, revealed voids exactly, uniform over the consistent deals), the search levels' weights,
the levels playing whole rounds."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import atout
from atout.bots import make
from atout.cards import SUIT_MASKS, bits
from atout.core.actions import Bid, Play
from atout.river import RiverState, RiverView
from atout.river.worlds import Sampler, played_by, voids

VARIANTS = [
    "river(start_cards=5)",
    "river(players=3,start_cards=4)",
    "river(players=6,start_cards=3)",
    "river(simultaneous_bids=true,start_cards=4)",
]


def positions(rules: str, count: int, seed: int = 0, *, playing: bool = False) -> list[RiverState]:
    """Positions met in random play within the first round (bidding or playing)."""
    game = atout.load(rules)
    rng = random.Random(seed)
    out: list[RiverState] = []
    while len(out) < count:
        state = game.new_match(seed=rng.getrandbits(32))
        for _ in range(rng.randrange(0, 4 * game.seats + 8)):
            to_act = state.to_act
            if to_act is None or state.deals_done:
                break
            seat = to_act if isinstance(to_act, int) else rng.choice(sorted(to_act))
            state.step(rng.choice(state.legal_actions(seat)), seat)
        if state.to_act is None or state.deals_done:
            continue
        assert isinstance(state, RiverState)
        if playing and not all(state.view(0).has_bid):
            continue
        out.append(state)
    return out


def _view(state: RiverState, seat: int) -> RiverView:
    view = state.view(seat)
    assert isinstance(view, RiverView)
    return view


@pytest.mark.parametrize("rules", VARIANTS)
def test_worlds_give_the_same_view_and_cover_the_truth(rules: str) -> None:
    game = atout.load(rules)
    for i, state in enumerate(positions(rules, 60, seed=len(rules))):
        for seat in range(game.seats):
            view = _view(state, seat)
            sampler = Sampler(view)
            zones = state.zones()
            for s in range(game.seats):
                if s != seat:
                    hand = zones[f"hand{s}"]
                    assert hand & ~sampler.hidden == 0
                    assert hand & sampler.excluded[s] == 0, "a real card is ruled out"
            assert zones["stock"] & ~sampler.hidden == 0
            for j in range(2):
                world = sampler.world(game, random.Random(i * 7 + j))
                assert world.view(seat) == view
                assert world.view(None) == state.view(None)
                cards = sorted(c for m in world.zones().values() for c in bits(m))
                assert cards == list(range(52))
                world.playout(random.Random(j).random)  # plays on like a real round


def _consistent(view: RiverView, seat: int, hand: int) -> bool:
    """Whether each of ``seat``'s cards this round followed the rule (follow suit if you can)
    had it held ``hand`` now, and the cards it played since then."""
    n = len(view.hand_sizes)
    tricks = [(t.leader, t.cards) for t in view.history]
    if view.trick:
        tricks.append((view.leader, view.trick))
    held = hand
    for leader, cards in reversed(tricks):
        k = (seat - leader) % n
        if k >= len(cards):
            continue
        mine = cards[k]
        held |= 1 << mine
        led = cards[0] // 13
        if k and mine // 13 != led and held & SUIT_MASKS[led]:
            return False
    return True


def test_void_inference_matches_a_brute_force_check() -> None:
    """Late in a round (two cards or fewer in a hand), the hands the sampler allows a seat are
    exactly those under which each of its cards this round followed suit when it could."""
    checked = found = 0
    for state in positions("river(players=3,start_cards=4)", 400, seed=3, playing=True):
        for seat in range(3):
            view = _view(state, seat)
            if len(view.history) < 2:
                continue
            sampler = Sampler(view)
            for other in range(3):
                size = sampler.sizes[other]
                if other == seat or not 0 < size <= 2:
                    continue
                pool = list(bits(sampler.hidden))
                consistent = {
                    sum(1 << c for c in combo)
                    for combo in itertools.combinations(pool, size)
                    if _consistent(view, other, sum(1 << c for c in combo))
                }
                allowed = sampler.hidden & ~sampler.excluded[other]
                support = {
                    sum(1 << c for c in combo)
                    for combo in itertools.combinations(list(bits(allowed)), size)
                }
                assert support == consistent
                checked += 1
                found += sampler.excluded[other] != 0
    assert checked >= 100 and found >= 20


def _brute_count(sampler: Sampler) -> int:
    """The deals of the hidden cards to the other seats' hands that respect the voids (the
    stock takes the rest), counted one by one."""
    seats = [s for s in range(sampler.n) if sampler.sizes[s]]
    pool = list(bits(sampler.hidden))
    count = 0

    def deal(i: int, used: int) -> None:
        nonlocal count
        if i == len(seats):
            count += 1
            return
        s = seats[i]
        for combo in itertools.combinations(pool, sampler.sizes[s]):
            hand = sum(1 << c for c in combo)
            if hand & used or hand & sampler.excluded[s]:
                continue
            deal(i + 1, used | hand)

    deal(0, 0)
    return count


def test_the_count_of_worlds_matches_a_brute_force_count() -> None:
    """In the last trick of 4-player rounds of 2 cards, with voids shown, the sampler counts as
    many consistent deals as enumeration does (the stock as a set)."""
    checked = constrained = 0
    for state in positions("river(start_cards=2)", 300, seed=5, playing=True):
        if checked >= 20 and constrained >= 3:
            break
        for seat in range(4):
            view = _view(state, seat)
            if not view.history:
                continue
            sampler = Sampler(view)
            stock_ways = 1  # the stock is a set here: one way once the hands are dealt
            assert sampler.count == _brute_count(sampler) * stock_ways
            checked += 1
            constrained += len(sampler.constrained) >= 2
    assert checked >= 20 and constrained >= 3


def test_the_sampler_is_uniform_over_the_consistent_worlds() -> None:
    """A seat void in a suit, holding one card: each card it may hold comes up about equally
    often; another seat's single card is spread as the count of deals says."""
    found = None
    for state in positions("river(players=3,start_cards=2)", 600, seed=8, playing=True):
        for seat in range(3):
            view = _view(state, seat)
            if not view.history:
                continue
            sampler = Sampler(view)
            sizes = [sampler.sizes[s] for s in range(3) if s != seat]
            if sampler.constrained and sizes == [1, 1] and len(sampler.free) == 1:
                found = view, sampler
                break
        if found:
            break
    assert found is not None
    view, sampler = found
    (void_seat,) = sampler.constrained
    (free_seat,) = sampler.free
    allowed = list(bits(sampler.hidden & ~sampler.excluded[void_seat]))
    n = 6000
    rng = random.Random(11)
    held: Counter[int] = Counter()
    other: Counter[int] = Counter()
    for _ in range(n):
        hands, stock = sampler.hands(rng)
        assert hands[void_seat] & sampler.excluded[void_seat] == 0
        assert hands[view.seat or 0] == (view.hand.mask if view.hand else 0)
        held[hands[void_seat]] += 1
        other[hands[free_seat].bit_length() - 1] += 1
        assert stock | hands[void_seat] | hands[free_seat] == sampler.hidden
    assert set(held) == {1 << c for c in allowed}
    expected = n / len(allowed)
    chi2 = sum((held[1 << c] - expected) ** 2 / expected for c in allowed)
    assert chi2 < len(allowed) + 5 * len(allowed) ** 0.5  # far above the 99.9% point
    rest = sampler.hidden.bit_count() - 1
    for c in bits(sampler.hidden):
        share = (1 if sampler.excluded[void_seat] >> c & 1 else 1 - 1 / len(allowed)) / rest
        assert abs(other[c] / n - share) < 0.02


def test_voids_and_played_cards_are_read_off_the_view() -> None:
    state = positions("river(players=3,start_cards=4)", 1, seed=1, playing=True)[0]
    rng = random.Random(2)
    while state.to_act is not None and not state.deals_done:
        view = _view(state, 0)
        done = played_by(view)
        gone = 0
        for t in view.history:
            for c in t.cards:
                gone |= 1 << c
        for c in view.trick:
            gone |= 1 << c
        assert done[0] | done[1] | done[2] == gone
        zones = state.zones()
        for s, void in enumerate(voids(view)):
            assert zones[f"hand{s}"] & void == 0, "a void revealed where the seat holds the suit"
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert"])
def test_every_level_plays_a_round_legally(level: str) -> None:
    game = atout.load("river(start_cards=3)")
    state = game.new_match(seed=4)
    # The search levels cut short by time: only the legality of their choices is checked here.
    timed = "time=0.2," if level in ("hard", "expert") else ""
    bots = [make(f"{level}({timed}seed={s})") for s in range(4)]
    rng = random.Random(1)
    while state.to_act is not None and state.deals_done < 2:
        to_act = state.to_act
        seat = to_act if isinstance(to_act, int) else min(to_act)
        legal = state.legal_actions(seat)
        action = bots[seat].choose(state.view(seat), legal, rng)
        assert action in legal
        state.step(action, seat)
    assert state.deals_done == 2


def test_expert_weights_worlds_by_the_bids() -> None:
    """A seat that bid high is dealt strong hands more often in the worlds that weigh most."""
    from atout.bots.river import RiverSearch
    from atout.river.greedy import estimate

    search = RiverSearch(worlds=1, infer=True)
    game = atout.load("river(start_cards=6)")
    high = low = 0.0
    weight_high = weight_low = 0.0
    for seed in range(20):
        state = game.new_match(seed=seed)
        state.apply(state.legal_actions()[-1])  # the first bidder bids every trick
        view = _view(state, (state.view(0).dealer + 2) % 4)
        bidder = (view.dealer + 1) % 4
        sampler = Sampler(view)
        trump = view.trump if view.trump is not None else -1
        turned = view.turned if view.turned is not None else -1
        for j in range(30):
            world = sampler.world(game, random.Random(j))
            w = search._weight(world, view, sampler)
            hand = world.view(bidder).hand
            assert hand is not None
            strength = estimate(hand.mask, trump, turned, 4, view.cards)
            if strength >= 2.5:
                high += 1
                weight_high += w
            elif strength < 1.0:
                low += 1
                weight_low += w
    assert high and low
    assert weight_high / high > 3 * weight_low / low


def test_the_tree_search_plays_legally_and_sees_only_the_view() -> None:
    """RiverMCTS chooses a legal action at every decision of a round, and the same one for two
    states that look the same from its seat (the others' cards elsewhere)."""
    from atout.bots.river_mcts import RiverMCTS
    from atout.conformance import twin

    game = atout.load("river(start_cards=4)")
    bot = RiverMCTS(iterations=200, time=30)
    compared = 0
    for seed in range(200):
        if compared == 6:
            break
        seat = seed % 4
        pair = twin(game, seed, 1 + seed % 9, seat)
        if pair is None or pair[0].to_act != seat:
            continue
        a, b = pair
        legal = a.legal_actions(seat)
        choice = bot.choose(a.view(seat), legal, random.Random(seed))
        assert choice in legal
        assert choice == bot.choose(b.view(seat), b.legal_actions(seat), random.Random(seed))
        compared += 1
    assert compared == 6


def test_the_tree_search_ducks_a_trick_it_does_not_need() -> None:
    """Last to play to the last trick but one, on its bid, holding a card that loses the trick
    and one that wins it: taking the trick misses the bid for sure, ducking may make it (10
    points for the exact bid against 1 for the trick). Where ducking is worth clearly more
    (by over a point, the rest played at random as the search plays it out), the search ducks."""
    from atout.bots.river_mcts import RiverMCTS, Round, key_of

    bot = RiverMCTS(iterations=600, time=30)
    game = atout.load("river(start_cards=3)")
    found = 0
    for state in positions("river(start_cards=3)", 400, seed=12, playing=True):
        view = _view(state, state.to_act if isinstance(state.to_act, int) else 0)
        seat = view.seat
        if seat is None or len(view.trick) != 3 or view.cards - len(view.history) != 2:
            continue
        if view.bids[seat] != view.tricks[seat]:
            continue
        legal = state.legal_actions(seat)
        takes = {}
        for action in legal:
            child = state.clone()
            child.step(action, seat)
            takes[action] = child._tricks[seat] > view.tricks[seat]
        if len(set(takes.values())) < 2:
            continue
        # Each action's value over uniform worlds, the last trick played at random.
        sampler, rng = Sampler(view), random.Random(found)
        value = dict.fromkeys(legal, 0.0)
        for _ in range(3000):
            hands = sampler.hands(rng)[0]
            for action in legal:
                r = Round.from_view(view, hands, hook=game.rules.hook, exact_only=False)
                r.step(key_of(action))
                r.random_playout(rng.random)
                value[action] += r.points()[seat] / 3000
        duck = next(a for a in legal if not takes[a])
        if value[duck] - max(v for a, v in value.items() if takes[a]) <= 1.0:
            continue
        choice = bot.choose(view, legal, random.Random(1))
        assert not takes[choice], "it took a trick it did not need"
        found += 1
    assert found >= 3


@pytest.mark.parametrize(
    "rules",
    [
        "river(start_cards=5)",
        "river(start_cards=8,no_hook=true)",
        "river(start_cards=13)",
        "river(start_cards=4,exact_only=true)",
        "river(players=3,start_cards=6)",
    ],
)
def test_the_search_plays_the_round_by_the_rules(rules: str) -> None:
    """The tree search's round on ints (RULES.md §2 "Bids", "Play", "Score", the hook,
    ``no_hook``, ``exact_only``, a round with no card turned) offers the engine's legal
    actions to the engine's seat to act at every step, ends the round when it does, and scores
    it the same."""
    from atout.bots.river_mcts import Round, action_of

    game = atout.load(rules)
    rng = random.Random(rules)
    for state in positions(rules, 40, seed=len(rules)):
        seat = state.to_act
        assert isinstance(seat, int)
        view = _view(state, seat)
        hands = [_view(state, s).hand.mask for s in range(game.seats)]  # type: ignore[union-attr]
        r = Round.from_view(
            view, hands, hook=game.rules.hook, exact_only=game.rules.exact_only
        ).copy()
        while not state.deals_done:
            assert r.left and r.mover == state.to_act
            keys = r.legal()
            assert [action_of(k) for k in keys] == state.legal_actions()
            k = rng.choice(keys)
            state.step(action_of(k))
            r.step(k)
        assert not r.left
        assert tuple(r.points()) == _view(state, 0).sheet[0].points


def test_the_random_playout_ends_the_round_by_the_rules() -> None:
    """A random playout of the search's round plays every card and gives every trick."""
    from atout.bots.river_mcts import Round

    game = atout.load("river(start_cards=7)")
    rng = random.Random(4)
    for state in positions("river(start_cards=7)", 60, seed=4):
        seat = state.to_act
        assert isinstance(seat, int)
        view = _view(state, seat)
        hands = [_view(state, s).hand.mask for s in range(4)]  # type: ignore[union-attr]
        r = Round.from_view(view, hands, hook=game.rules.hook, exact_only=False)
        r.random_playout(rng.random)
        assert sum(r.tricks) == view.cards and not any(r.hands) and -1 not in r.bids
        assert sum(r.points()) == view.cards + 10 * sum(
            b == t for b, t in zip(r.bids, r.tricks, strict=True)
        )


def test_the_others_are_searched_by_their_own_hands() -> None:
    """Another seat's node is its information set: the public course and the hand it holds
    in the world drawn, never one node for all its possible hands (which would model it as
    choosing alike whatever it holds)."""
    import atout.bots.river_mcts as mcts

    game = atout.load("river(start_cards=6)")
    state = game.new_match(seed=3)
    seat = state.to_act
    assert isinstance(seat, int)
    search = mcts.RiverMCTS(iterations=300, time=30)
    search.choose(_view(state, seat), state.legal_actions(), random.Random(1))
    root = search.last_root
    assert root is not None
    assert set(root.infosets) == {-1}  # the searching seat's own
    after = max(root.children.values(), key=lambda p: len(p.infosets))
    hands = set(after.infosets)
    assert len(hands) > 10 and -1 not in hands
    mine = _view(state, seat).hand
    assert mine is not None and all(h & mine.mask == 0 for h in hands)


@pytest.mark.parametrize("others", ["hand", "follow", "abstract"])
def test_a_follower_is_keyed_by_the_cards_it_may_play(others: str) -> None:
    """With ``others="follow"`` or ``"abstract"``, a seat following suit has its information
    set keyed by its cards of the suit led, the cards it may play (RULES.md §2 "Play": follow
    suit if you can), so that worlds share it; a seat void in the suit keeps its whole hand.
    With the default, every key is the seat's whole hand."""
    import atout.bots.river_mcts as mcts

    game = atout.load("river(start_cards=6)")
    state = game.new_match(seed=5)
    while isinstance(state.legal_actions()[0], Bid):
        state.apply(state.legal_actions()[0])
    seat = state.to_act
    assert isinstance(seat, int)
    search = mcts.RiverMCTS(iterations=3000, time=30, others=others)
    lead = search.choose(_view(state, seat), state.legal_actions(), random.Random(2))
    root = search.last_root
    assert root is not None and isinstance(lead, Play)
    after = root.children[lead.card]  # the next seat follows the searching seat's lead
    suit = SUIT_MASKS[lead.card // 13]
    keys = set(after.infosets)
    follows = {k for k in keys if k & ~suit == 0}
    wholes = keys - follows
    assert all(k & suit == 0 for k in wholes) if others != "hand" else not follows
    if others != "hand":
        # The 18 cards the others hold hold few subsets of one suit: they recur.
        assert follows and max(info.visits for info in after.infosets.values()) > 20
    else:
        assert any(k & suit and k & ~suit for k in keys)


def test_the_key_of_the_others_is_checked() -> None:
    from atout.bots.river_mcts import RiverMCTS

    with pytest.raises(ValueError, match="others"):
        RiverMCTS(others="suit")


@pytest.mark.parametrize("others", ["follow", "abstract"])
def test_a_later_bidder_is_keyed_by_its_expected_tricks(others: str) -> None:
    """With ``others="abstract"``, a seat still to bid after the searching seat (RULES.md §2
    "Bids": in turn from the dealer's left) has its information set keyed by the tricks the
    rules of thumb expect its hand to take, in half tricks: a few keys, each met often. With
    ``others="follow"`` it keeps its whole hand."""
    import atout.bots.river_mcts as mcts
    from atout.river.greedy import estimate

    game = atout.load("river(start_cards=6)")
    state = game.new_match(seed=7)
    seat = state.to_act
    assert isinstance(seat, int)
    view = _view(state, seat)
    search = mcts.RiverMCTS(iterations=3000, time=30, others=others)
    search.choose(view, state.legal_actions(), random.Random(3))
    root = search.last_root
    assert root is not None
    after = max(root.children.values(), key=lambda p: sum(i.visits for i in p.infosets.values()))
    keys = set(after.infosets)
    if others == "follow":
        assert all(k > 0 and k.bit_count() == view.cards for k in keys)
        return
    assert all(k < -1 for k in keys) and len(keys) <= 2 * view.cards + 1
    assert max(info.visits for info in after.infosets.values()) > 50
    # The key of a hand is its estimate's half tricks.
    r = mcts.Round.from_view(view, [0] * 4, hook=True, exact_only=False)
    r.step(mcts.BID_KEY + 1)
    hand = 0b111111 << 13  # six low diamonds
    trump = -1 if view.trump is None else view.trump
    turned = -1 if view.turned is None else view.turned
    half = int(estimate(hand, trump, turned, 4, view.cards) * 2 + 0.5)
    assert r.abstraction(hand) == -2 - half
