"""The action and observation encodings (atout.envs.encoding): ids, masks, the layout, what
each field says, and that an observation is a function of the seat's view alone."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

import atout  # noqa: E402
from atout.cards import SUIT_MASKS, card_text, parse_card  # noqa: E402
from atout.conformance import twin  # noqa: E402
from atout.core.actions import Bid, Play  # noqa: E402
from atout.core.state import State  # noqa: E402
from atout.envs import Encoding, encoding  # noqa: E402
from atout.errors import NotationError  # noqa: E402

VARIANTS = [
    "schnapsen",
    "schnapsen(manual_claim=true)",
    "schnapsen(last_trick_ten=true)",
    "seven_up",
    "seven_up(gift=true)",
    "seven_up(free_discard=true)",
    "river",
    "river(players=3,start_cards=4)",
    "river(players=8)",
    "river(players=5,start_cards=3,simultaneous_bids=true)",
    "river(players=4,start_cards=13)",
    "river(start_cards=4,double_one=true,exact_only=true)",
]


def positions(text: str, matches: int, seed: int = 0) -> Iterator[tuple[State, int]]:
    """Every (state, seat to act) met in ``matches`` random matches, the state cloned."""
    game = atout.load(text)
    rng = random.Random(seed)
    for m in range(matches):
        state = game.new_match(seed=seed * 1000 + m)
        while not state.is_over:
            for seat in state.acting_seats:
                yield state.clone(), seat
            seat = state.acting_seats[0]
            state.step(rng.choice(state.legal_actions(seat)), seat)


# --- actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("text", VARIANTS)
def test_action_ids_are_the_index_in_all_actions(text: str) -> None:
    game = atout.load(text)
    enc = encoding(text)
    assert enc.actions == tuple(game.all_actions())
    assert enc.num_actions == len(enc.actions)
    for i, action in enumerate(enc.actions):
        assert enc.action_id(action) == i
        assert enc.action_id(str(action)) == i
        assert enc.action(i) == action


def test_action_ids_documented_order() -> None:
    enc = encoding("schnapsen(manual_claim=true)")
    assert enc.action_id("play 10C") == 0 and enc.action_id("play AS") == 19
    assert enc.action_id("play QC marriage") == 20 and enc.action_id("play KS marriage") == 27
    assert [enc.action_id(w) for w in ("exchange", "close", "claim", "pass")] == [28, 29, 30, 31]
    river = encoding("river(players=5)")  # 10 cards: bid 0 ... bid 10, then 52 plays
    assert river.action_id("bid 10") == 10 and river.action_id("play 2C") == 11
    assert len(river.actions) == 11 + 52
    seven = encoding("seven_up(gift=true)")
    assert [seven.action_id(w) for w in ("stand", "beg", "give", "run")] == [0, 1, 2, 3]
    assert seven.action_id("discard 2C") == 4 and seven.action_id("play AS") == 4 + 52 + 51


def test_action_id_refuses_what_the_game_has_not() -> None:
    enc = encoding("schnapsen")
    with pytest.raises(ValueError, match="not an action of schnapsen"):
        enc.action_id(Play(parse_card("2C")))  # not in the Schnapsen pack
    with pytest.raises(ValueError, match="not an action"):
        enc.action_id(Bid(1))
    with pytest.raises(ValueError, match="claim is not an action"):
        enc.action_id("claim")  # only under manual_claim
    with pytest.raises(NotationError):
        enc.action_id("bid 3")
    with pytest.raises(ValueError):
        encoding("river").action_id("bid 11")  # more than the starting 10 cards
    with pytest.raises(ValueError):
        enc.action(len(enc.actions))


@pytest.mark.parametrize("text", ["schnapsen(manual_claim=true)", "seven_up(gift=true)", "river"])
def test_mask_marks_exactly_the_legal_actions(text: str) -> None:
    enc = encoding(text)
    for state, seat in positions(text, 2):
        legal = state.legal_actions(seat)
        mask = enc.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (len(enc.actions),)
        assert [enc.actions[i] for i in np.flatnonzero(mask)] == sorted(legal, key=enc.action_id)


# --- the layout ------------------------------------------------------------------------------


@pytest.mark.parametrize("text", VARIANTS)
def test_layout_covers_the_vector_without_gaps(text: str) -> None:
    enc = encoding(text)
    at = 0
    for field in enc.layout:
        assert field.start == at, field
        assert field.kind in ("cards", "suits", "flags", "numbers")
        if field.kind == "cards":
            assert field.shape[-1] == len(enc.cards)
        if field.kind == "suits":
            assert field.shape[-1] == 4
        at += field.size
    assert at == enc.size
    names = [f.name for f in enc.layout]
    assert names[:8] == ["hand", "played", "trick", "voids", "trump", "to_act", "leader", "dealer"]
    assert len(set(names)) == len(names)
    table = enc.describe()
    assert all(f"`{name}`" in table for name in names) and str(enc.size) in table


def test_encodings_are_shared_per_rules_text() -> None:
    assert encoding("river(players=4)") is encoding("river") is encoding(atout.load("river"))
    assert encoding("river(players=5)") is not encoding("river")
    assert encoding("schnapsen").cards == atout.load("schnapsen").pack  # 20 cards
    assert len(encoding("seven_up").cards) == 52
    with pytest.raises(ValueError, match="seat's view"):
        encoding("river").observation(atout.load("river").new_match(seed=1).view(None))
    with pytest.raises(ValueError, match="a view of schnapsen"):
        encoding("river").observation(atout.load("schnapsen").new_match(seed=1).view(0))


@pytest.mark.parametrize("text", VARIANTS)
def test_observations_are_in_the_box(text: str) -> None:
    enc = encoding(text)
    for state, seat in positions(text, 2):
        obs = enc.observation(state.view(seat))
        assert obs.dtype == np.float32 and obs.shape == (enc.size,)
        assert obs.min() >= 0.0 and obs.max() <= 1.0


# --- what the fields say ---------------------------------------------------------------------


def seat_rows(state: State, seat: int) -> list[int]:
    """The seats in the order of a per-seat field for ``seat``: itself, then to its left."""
    n = state.game.seats
    return [(seat + k) % n for k in range(n)]


@pytest.mark.parametrize("text", ["schnapsen", "seven_up", "river(players=5)"])
def test_common_fields_read_back_as_the_view(text: str) -> None:
    enc = encoding(text)
    for state, seat in positions(text, 2):
        view: Any = state.view(seat)
        got = enc.explain(enc.observation(view))
        rows = seat_rows(state, seat)
        assert got["hand"] == [card_text(c) for c in view.hand]
        history = view.tricks if text == "seven_up" else view.history
        played: list[set[int]] = [set() for _ in rows]
        for record in history:
            for i, c in enumerate(record.cards):
                played[(record.leader + i - seat) % len(rows)].add(c)
        assert got["played"] == [[card_text(c) for c in sorted(p)] for p in played]
        trick = [[] for _ in rows]
        for i, c in enumerate(view.trick):
            trick[(view.leader + i - seat) % len(rows)].append(card_text(c))
        assert got["trick"] == trick
        trump = view.trump
        assert got["trump"] == ("" if trump is None else "CDHS"[trump])
        to_act = view.to_act if isinstance(view.to_act, tuple) else (view.to_act,)
        assert got["to_act"] == [1.0 if s in to_act else 0.0 for s in rows]
        assert got["to_act"][0] == 1.0  # the observer is to act at every position here
        assert got["leader"] == [1.0 if s == view.leader else 0.0 for s in rows]
        assert got["dealer"] == [1.0 if s == view.dealer else 0.0 for s in rows]


@pytest.mark.parametrize(
    "text", ["schnapsen", "seven_up", "seven_up(free_discard=true)", "river", "river(players=8)"]
)
def test_known_voids_hold(text: str) -> None:
    """Every void the observation shows is true of the real hand; and voids do show."""
    enc = encoding(text)
    shown = 0
    for state, seat in positions(text, 6):
        got = enc.explain(enc.observation(state.view(seat)))
        zones = state.zones()
        for s, suits in zip(seat_rows(state, seat), got["voids"], strict=True):
            for letter in suits:
                shown += 1
                held = zones[f"hand{s}"] & SUIT_MASKS["CDHS".index(letter)]
                assert not held, f"seat {s} shown void in {letter} but holds {held:#x}"
    assert shown > 50


def test_schnapsen_voids_only_from_compulsory_tricks() -> None:
    """While the stock is open a Schnapsen seat may play any card: a seat that did not follow
    then is not void."""
    enc = encoding("schnapsen")
    for state, seat in positions("schnapsen", 6):
        view: Any = state.view(seat)
        if view.closed or view.stock_size == 0:
            continue
        assert enc.explain(enc.observation(view))["voids"] == ["", ""]


def test_schnapsen_known_cards_are_held_and_shown() -> None:
    """``known`` names only cards the opponent holds; marriages and the trump card taken put
    cards there; ``buried`` is the trump card in a closed stock."""
    enc = encoding("schnapsen")
    known = buried = 0
    for state, seat in positions("schnapsen", 12):
        view: Any = state.view(seat)
        got = enc.explain(enc.observation(view))
        zones = state.zones()
        for text in got["known"]:
            known += 1
            assert zones[f"hand{1 - seat}"] >> parse_card(text) & 1
        for text in got["buried"]:
            buried += 1
            assert view.closed and zones["stock"] >> parse_card(text) & 1
        card = view.trump_card
        assert got["trump_card"] == ([] if card is None else [card_text(card)])
        for m in view.marriages:
            assert "CDHS"[m.suit] in got["marriages"][(m.seat - seat) % 2]
    assert known > 10 and buried > 5


def test_schnapsen_marriage_shows_the_partner() -> None:
    game = atout.load("schnapsen")
    enc = encoding(game)
    for seed in range(200):
        state = game.new_match(seed=seed)
        seat = state.acting_seats[0]
        marriages = [a for a in state.legal_actions(seat) if getattr(a, "marriage", False)]
        if not marriages:
            continue
        state.apply(marriages[0], seat)
        led = marriages[0].card  # type: ignore[attr-defined]
        partner = led + 1 if led % 13 == 10 else led - 1
        assert enc.explain(enc.observation(state.view(1 - seat)))["known"] == [card_text(partner)]
        assert enc.explain(enc.observation(state.view(seat)))["known"] == []
        return
    pytest.fail("no marriage on the first lead in 200 deals")


def test_river_bids_show_as_the_view_allows() -> None:
    """Sealed bids stay hidden (``has_bid`` only) until every seat has bid."""
    text = "river(players=4,start_cards=3,simultaneous_bids=true)"
    game = atout.load(text)
    enc = encoding(game)
    state = game.new_match(seed=5)
    state.apply("bid 2", 1)
    got = enc.explain(enc.observation(state.view(0)))
    assert got["has_bid"] == [0.0, 1.0, 0.0, 0.0]
    assert got["bids"][1] == [0.0] * 4
    mine = enc.explain(enc.observation(state.view(1)))
    assert mine["bids"][0] == [0.0, 0.0, 1.0, 0.0] and mine["has_bid"][0] == 1.0
    for seat, bid in ((0, 1), (2, 0), (3, 3)):
        state.apply(f"bid {bid}", seat)
    got = enc.explain(enc.observation(state.view(0)))
    assert [row.index(1.0) for row in got["bids"]] == [1, 2, 0, 3]
    assert got["cards"] == [1.0]  # the round of 3 cards of 3
    assert got["to_act"] == [1.0 if s == state.acting_seats[0] else 0.0 for s in range(4)]


def test_observations_hold_no_unseen_card() -> None:
    """Every card an observation names, but the observer's own hand and discards and the
    opponent's known cards (tested above), is one its view shows."""
    for text in ("schnapsen", "seven_up", "river(players=6)"):
        enc = encoding(text)
        for state, seat in positions(text, 3):
            view = state.view(seat)
            shown = view.cards_mask()
            got = enc.explain(enc.observation(view))
            for field in enc.layout:
                if field.kind != "cards" or field.name in ("hand", "discards", "known"):
                    continue
                rows = got[field.name] if len(field.shape) > 1 else [got[field.name]]
                for row in rows:
                    for c in row:
                        assert shown >> parse_card(c) & 1, (text, field.name, c)


# --- leaks: the observation is a function of the view ----------------------------------------


@pytest.mark.parametrize(
    "text",
    ["schnapsen", "schnapsen(manual_claim=true)", "seven_up", "seven_up(gift=true)", "river",
     "river(players=6,start_cards=4,simultaneous_bids=true)"],
)  # fmt: skip
def test_twin_states_give_the_same_observation(text: str) -> None:
    """Two states built from packs that differ in cards a seat has not seen give it the same
    view, and so the same observation; and the hidden cards do differ between them."""
    game = atout.load(text)
    enc = encoding(game)
    conclusive = 0
    for seed in range(30):
        for seat in range(game.seats):
            pair = twin(game, seed, steps=seed % 25 + 3, seat=seat)
            if pair is None:
                continue
            first, second = pair
            assert first.view(seat) == second.view(seat)
            assert first.packs != second.packs
            assert np.array_equal(
                enc.observation(first.view(seat)), enc.observation(second.view(seat))
            )
            conclusive += 1
    assert conclusive >= 20


def test_swapping_another_seats_cards_changes_nothing() -> None:
    """River, built by hand: swapping two cards between two other seats' hands (same suit, so
    the same plays stay legal) leaves seat 0's observation the same at every step; swapping one
    of seat 0's own cards does not."""
    game = atout.load("river(start_cards=5)")
    enc = encoding(game)
    base = game.new_match(seed=11, dealer=3)
    pack = list(base.packs[0])
    zones = base.zones()
    hand1, hand2, hand0 = zones["hand1"], zones["hand2"], zones["hand0"]
    pairs = [
        (a, b)
        for a in pack
        for b in pack
        if hand1 >> a & 1 and hand2 >> b & 1 and a // 13 == b // 13
    ]
    assert pairs, "this seed deals seats 1 and 2 no common suit"
    a, b = pairs[0]
    swapped = list(pack)
    i, j = pack.index(a), pack.index(b)
    swapped[i], swapped[j] = b, a
    other = game.new_match(seed=11, packs=[swapped], dealer=3)
    rng = random.Random(4)
    steps = 0
    while not base.is_over and base.deals_done == 0:
        assert np.array_equal(enc.observation(base.view(0)), enc.observation(other.view(0)))
        seat = base.acting_seats[0]
        legal = [x for x in base.legal_actions(seat) if x not in (Play(a), Play(b))]
        if not legal:
            break
        action = rng.choice(legal)
        base.apply(action, seat)
        other.apply(action, seat)
        steps += 1
    assert steps >= 8
    # The test can fail: seat 0's own card swapped with seat 1's changes its observation.
    mine = next(c for c in pack if hand0 >> c & 1)
    theirs = next(c for c in pack if hand1 >> c & 1)
    own = list(pack)
    k, m = pack.index(mine), pack.index(theirs)
    own[k], own[m] = theirs, mine
    changed = game.new_match(seed=11, packs=[own], dealer=3)
    first = game.new_match(seed=11, packs=[pack], dealer=3)
    assert not np.array_equal(enc.observation(first.view(0)), enc.observation(changed.view(0)))


def test_sampled_worlds_give_the_same_observation() -> None:
    """Worlds drawn consistent with a view (the search bots' sampler) give that seat the same
    observation, whatever they deal the unseen cards."""
    for text in ("schnapsen", "seven_up", "river(players=5)"):
        game = atout.load(text)
        enc: Encoding = encoding(game)
        rng = random.Random(9)
        checked = 0
        for state, seat in positions(text, 1, seed=3):
            view = state.view(seat)
            world = game.sample_world(view, rng)
            assert np.array_equal(enc.observation(view), enc.observation(world.view(seat)))
            checked += 1
        assert checked > 10
