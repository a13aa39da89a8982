"""Up and Down the River, one test (or a few) per paragraph and variant of RULES.md §2, on
fixed deals.

Most tests use one of these first rounds (seat 3 deals, so seat 0 bids first and leads):

    D1, 3 cards, spades trumps (2S turned)      D2, 2 cards, hearts trumps (2H turned)
    seat 0: AH 5H 3D                            seat 0: 5C 9D
    seat 1: KH 9C 4S                            seat 1: 3H 3D
    seat 2: 2D 7C 10S                           seat 2: 7H KD
    seat 3: QH 8D JS                            seat 3: AC AS

Every expected number is worked out from the rule book, not read off the engine.
"""

from __future__ import annotations

import random

import pytest

import atout
from atout.cards import FULL_PACK, CardSet, Suit, card_text
from atout.core.events import CardsDealt, TrickWon, TrumpTurned
from atout.river import RiverRules, RiverState
from atout.river.events import BidMade, BidsRevealed, NoTrump
from atout.river.rules import default_start

from .helpers import deal, play, seat_to_act, texts

D1 = ("AH 5H 3D", "KH 9C 4S", "2D 7C 10S", "QH 8D JS")
D2 = ("5C 9D", "3H 3D", "7H KD", "AC AS")


def random_match(rules: str, seed: int) -> RiverState:
    """A whole match of random legal play (seats bidding at once in random order)."""
    game = atout.load(rules)
    state = game.new_match(seed=seed)
    assert isinstance(state, RiverState)
    rng = random.Random(seed)
    while state.to_act is not None:
        to_act = state.to_act
        seat = to_act if isinstance(to_act, int) else rng.choice(sorted(to_act))
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    return state


def deals(state: atout.State) -> list[dict[str, object]]:
    return state.result().to_dict()["deals"]  # type: ignore[no-any-return]


# --- "Seats and dealing (all games)" --------------------------------------------------------


def test_deal_one_card_at_a_time_from_the_top_starting_left_of_the_dealer() -> None:
    """Seats and dealing: cards are dealt from the top one at a time, starting with the seat
    left of the dealer; what remains, in order, is the stock, its top card turned (§2 Deal)."""
    game = atout.load("river(start_cards=3)")
    state = game.new_match(packs=[[card_text(c) for c in FULL_PACK]], dealer=2)
    hands = {s: set(state.view(s).to_dict()["hand"]) for s in range(4)}
    assert hands == {3: {"2C", "6C", "10C"}, 0: {"3C", "7C", "JC"}, 1: {"4C", "8C", "QC"},
                     2: {"5C", "9C", "KC"}}  # fmt: skip
    assert state.view(0).turned == FULL_PACK[12] and state.view(0).trump == Suit.CLUBS
    assert state.zones()["stock"] == sum(1 << c for c in FULL_PACK[13:])
    dealt = [e for e in state.opening_events() if isinstance(e, CardsDealt)]
    assert [e.seat for e in dealt] == [3, 0, 1, 2]
    assert [card_text(c) for c in dealt[0].cards or ()] == ["2C", "6C", "10C"]


def test_a_finished_trick_leaves_the_table_at_once() -> None:
    """Seats and dealing: a finished trick leaves the table at once; views show it among the
    finished tricks, and the table is empty until the next lead."""
    state = deal(D1, "2S", dealer=3)
    play(state, "bid 1", "bid 1", "bid 0", "bid 0", "play AH", "play KH", "play 10S")
    assert state.view(1).to_dict()["trick"] == ["AH", "KH", "10S"]
    play(state, "play QH")
    v = state.view(1).to_dict()
    assert v["trick"] == []
    assert v["history"] == [{"leader": 0, "cards": ["AH", "KH", "10S", "QH"], "winner": 2,
                             "points": 0}]  # fmt: skip


# --- §2 (the pack) ----------------------------------------------------------------------------


def test_a_standard_pack_ace_high_two_low() -> None:
    """§2 the pack: a standard 52-card pack, no jokers, A high … 2 low (D2's second trick: the King
    led beats the nine; in D1 the Ace led beats the King and Queen)."""
    assert atout.load("river").pack == FULL_PACK
    state = deal(D1, "2S", dealer=3, rules="river(start_cards=3,no_hook=true)")
    play(state, "bid 0", "bid 0", "bid 0", "bid 0", "play AH", "play KH", "play 7C")
    events = play(state, "play QH")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0]


# --- §2 "Rounds" ----------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "start"), [(3, 10), (4, 10), (5, 10), (6, 8), (7, 7), (8, 6)])
def test_rounds_default_start_cards(players: int, start: int) -> None:
    """§2 Rounds: N is 10, or the most that leaves a card to turn: 10, 10, 8, 7, 6 for 4 to 8
    players (and 10 for 3); the rounds are N … 1 … N, the one-card round once."""
    rules = RiverRules(players=players)
    assert default_start(players) == rules.start == start
    schedule = rules.schedule()
    assert len(schedule) == 2 * start - 1 and schedule.count(1) == 1
    assert list(schedule) == [*range(start, 0, -1), *range(2, start + 1)]


def test_rounds_a_match_plays_the_schedule_with_one_sheet_row_per_round() -> None:
    """§2 Rounds: N, N-1, … 1, … N cards; the score sheet has one row per round and one
    column per player."""
    state = random_match("river(players=5,start_cards=3)", seed=4)
    rows = deals(state)
    assert [r["cards"] for r in rows] == [3, 2, 1, 2, 3]
    for r in rows:
        assert all(len(r[k]) == 5 for k in ("bids", "tricks", "points", "totals", "hands"))  # type: ignore[arg-type]
    assert state.view(0).sheet == tuple(state.view(1).sheet)
    assert [row.cards for row in state.view(2).sheet] == [3, 2, 1, 2, 3]


@pytest.mark.parametrize(
    ("text", "start"),
    [("river(start_cards=13)", 13), ("river(players=8,start_cards=6)", 6),
     ("river(players=3,start_cards=17)", 17), ("river(players=6,start_cards=1)", 1)],
)  # fmt: skip
def test_start_cards_any_number_that_can_be_dealt(text: str, start: int) -> None:
    """§2 Rounds, variant `start_cards=K` (§2 `start_cards`): any K with K x players <= 52."""
    rules = atout.load(text).rules
    assert isinstance(rules, RiverRules) and rules.start == start
    assert rules.schedule()[0] == start and len(rules.schedule()) == 2 * start - 1


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("river(start_cards=14)", "52 cards cannot deal 14 to each of 4 players: start_cards "
                                  "is at most 13 for 4 players"),
        ("river(players=6,start_cards=9)", "start_cards is at most 8 for 6 players"),
        ("river(start_cards=-1)", "from 1 to 13 for 4 players .* not -1"),
        ("river(start_cards=many)", "start_cards is a whole number"),
    ],
)  # fmt: skip
def test_start_cards_that_cannot_be_dealt_are_refused(text: str, match: str) -> None:
    """§2 Rounds, variant `start_cards=K` (§2 `start_cards`) for any K with K x players <= 52:
    a number of cards the pack cannot deal is refused, naming the limit."""
    with pytest.raises(atout.RulesError, match=match):
        atout.load(text)


NO_TRUMP = (" ".join(card_text(c) for c in range(26, 39)),  # seat 0: every heart
            " ".join(card_text(c) for c in range(39, 52)),  # seat 1: every spade
            " ".join(card_text(c) for c in range(13, 26)),  # seat 2: every diamond
            " ".join(card_text(c) for c in range(0, 13)))  # fmt: skip  # seat 3: every club


def test_a_round_that_deals_all_52_cards_has_no_trump() -> None:
    """§2 Rounds: when all 52 cards are dealt there is no card to turn and the round is played
    without trumps: the highest card of the led suit wins, whatever the others play."""
    state = deal(NO_TRUMP, dealer=3)
    v = state.view(0)
    assert v.trump is None and v.turned is None
    assert state.zones()["stock"] == 0 and state.zones()["turned"] == 0
    opening = state.opening_events()
    assert any(isinstance(e, NoTrump) for e in opening)
    assert not any(isinstance(e, TrumpTurned) for e in opening)
    play(state, "bid 13", "bid 0", "bid 0", "bid 1", "play 2H", "play AS", "play AD")
    events = play(state, "play AC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0]
    assert deal(NO_TRUMP, dealer=3).result().to_dict()["deals"] == []


# --- §2 "Deal" ------------------------------------------------------------------------------


def test_first_dealer_random_from_the_seed_then_the_deal_passes_left() -> None:
    """§2 Deal: the first dealer is chosen at random (from the seed); the deal passes to the
    left after each round."""
    game = atout.load("river(start_cards=2)")
    assert {game.new_match(seed=s).first_dealer for s in range(40)} == {0, 1, 2, 3}
    assert game.new_match(seed=5).first_dealer == game.new_match(seed=5).first_dealer
    state = random_match("river(start_cards=2)", seed=5)
    first = state.first_dealer
    assert [r["dealer"] for r in deals(state)] == [first, (first + 1) % 4, (first + 2) % 4]


def test_deal_the_rest_face_down_and_the_turned_card_makes_trump() -> None:
    """§2 Deal: the dealer deals the round's number of cards to each player, puts the rest
    face down and turns the top card: its suit is trump, and the card itself is not played."""
    state = deal(D1, "2S", dealer=3)
    assert [state.view(s).hand for s in range(4)] == [CardSet.parse(h) for h in D1]
    assert state.view(0).trump == Suit.SPADES and state.view(0).turned == atout.parse_card("2S")
    zones = state.zones()
    assert zones["turned"] == 1 << atout.parse_card("2S")
    assert zones["stock"].bit_count() == 52 - 12 - 1
    assert all(state.zone_is_seen("turned", s) for s in range(4))
    assert not any(state.zone_is_seen("stock", s) for s in range(4))
    assert not any(state.zone_is_seen("hand1", s) for s in (0, 2, 3))
    play(state, "bid 0", "bid 0", "bid 0", "bid 0")
    with pytest.raises(atout.IllegalAction, match="you do not hold 2S"):
        state.apply("play 2S")


# --- §2 "Bids" ------------------------------------------------------------------------------


def test_bids_from_left_of_the_dealer_going_left_from_0_to_the_cards() -> None:
    """§2 Bids: starting with the player left of the dealer and going left, each bids from 0
    to the number of cards; the dealer bids last."""
    state = deal(D1, "2S", dealer=3)
    order = []
    for bid in ("bid 3", "bid 0", "bid 2"):
        order.append(seat_to_act(state))
        assert texts(state.legal_actions()) == ["bid 0", "bid 1", "bid 2", "bid 3"]
        state.apply(bid)
    assert [*order, seat_to_act(state)] == [0, 1, 2, 3]
    with pytest.raises(atout.IllegalAction, match="a bid is from 0 to 3 tricks in a 3-card "
                                                  "round, not 4"):  # fmt: skip
        state.apply("bid 4")


def test_the_hook_on_the_dealer() -> None:
    """§2 Bids: the dealer may not bid the number that would make the bids add up to the cards
    (the seed's example: 5 cards, 4 tricks bid, the dealer may bid 0 or 2-5, not 1)."""
    hands = ("AH 5H 3D 2C 3C", "KH 9C 4S 4C 5C", "2D 7C 10S 6C 8C", "QH 8D JS 10C JC")
    state = deal(hands, "2S", dealer=3)
    play(state, "bid 2", "bid 1", "bid 1")
    assert texts(state.legal_actions()) == ["bid 0", "bid 2", "bid 3", "bid 4", "bid 5"]
    before = state.clone()
    with pytest.raises(atout.IllegalAction,
                       match="the dealer may not bid 1: the bids would add up to 5"):  # fmt: skip
        state.apply("bid 1")
    assert state == before
    state.apply("bid 0")
    assert state.view(0).bids == (2, 1, 1, 0)


def test_the_hook_only_binds_the_dealer_and_only_when_a_number_is_left() -> None:
    """§2 Bids: the others may bid the total up to the cards; if their bids already exceed the
    cards, the dealer may bid anything."""
    state = deal(D1, "2S", dealer=3)
    play(state, "bid 2", "bid 1")
    assert "bid 0" in texts(state.legal_actions())  # seat 2 may make the total 3
    play(state, "bid 1")
    assert texts(state.legal_actions()) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    state = deal(D1, "2S", dealer=3)
    play(state, "bid 3", "bid 0", "bid 0")
    assert texts(state.legal_actions()) == ["bid 1", "bid 2", "bid 3"]  # 0 would make 3


def test_the_hook_makes_at_least_one_player_fail() -> None:
    """§2 Bids: the bids never add up to the cards, so in every round someone misses."""
    for seed in range(3):
        for r in deals(random_match("river", seed)):
            assert sum(r["bids"]) != r["cards"]  # type: ignore[call-overload]
            assert any(t != b for t, b in zip(r["tricks"], r["bids"], strict=True))  # type: ignore[call-overload]


def test_simultaneous_bids_sealed_until_all_are_in() -> None:
    """§2 variant `simultaneous_bids`: all bid at once (``to_act`` is the set of seats still to
    bid), nobody sees another's bid before bidding, and the hook does not apply."""
    state = deal(D1, "2S", dealer=3, rules="river(start_cards=3,simultaneous_bids=true)")
    assert state.to_act == frozenset({0, 1, 2, 3})
    with pytest.raises(atout.IllegalAction, match="seats 0, 1, 2, 3 decide at once"):
        state.apply("bid 1")
    with pytest.raises(atout.IllegalAction, match="say which seat acts"):
        state.legal_actions()
    events = state.apply("bid 2", seat=2)
    made = [e for e in events if isinstance(e, BidMade)]
    assert [(e.seat, e.tricks, e.sealed) for e in made] == [(2, 2, True)]
    assert made[0].seen_by(0).to_dict()["tricks"] is None
    assert made[0].seen_by(None).to_dict()["tricks"] is None
    assert made[0].seen_by(2).to_dict()["tricks"] == 2
    assert state.to_act == frozenset({0, 1, 3})
    assert state.view(0).bids == (None, None, None, None)
    assert state.view(None).bids == (None, None, None, None)
    assert state.view(2).bids == (None, None, 2, None)
    assert state.view(0).has_bid == (False, False, True, False)
    assert state.history_for(0) == [(2, "bid ??")] and state.history_for(2) == [(2, "bid 2")]
    with pytest.raises(atout.IllegalAction, match="seat 2 has nothing to decide now"):
        state.apply("bid 1", seat=2)
    with pytest.raises(atout.IllegalAction, match="the bidding is not over"):
        state.apply("play AH", seat=0)
    state.apply("bid 1", seat=0)
    state.apply("bid 0", seat=1)
    assert state.history_for(3) == [(2, "bid ??"), (0, "bid ??"), (1, "bid ??")]
    # The dealer may make the bids add up to the cards: 2 + 1 + 0 + 0 = 3.
    assert texts(state.legal_actions(3)) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    events = state.apply("bid 0", seat=3)
    assert [e.bids for e in events if isinstance(e, BidsRevealed)] == [(1, 0, 2, 0)]
    assert state.view(1).bids == (1, 0, 2, 0) and state.view(None).bids == (1, 0, 2, 0)
    assert state.history_for(1) == [(2, "bid 2"), (0, "bid 1"), (1, "bid 0"), (3, "bid 0")]
    assert state.to_act == 0  # left of the dealer leads


def test_no_hook_bids_in_turn_and_the_dealer_bids_anything() -> None:
    """§2 variant `no_hook`: bids in turn, but the dealer may bid anything."""
    state = deal(D1, "2S", dealer=3, rules="river(start_cards=3,no_hook=true)")
    play(state, "bid 1", "bid 1", "bid 0")
    assert state.to_act == 3
    assert texts(state.legal_actions()) == ["bid 0", "bid 1", "bid 2", "bid 3"]
    state.apply("bid 1")
    assert state.view(0).bids == (1, 1, 0, 1)


def test_no_hook_with_simultaneous_bids_contradicts() -> None:
    """§2 `no_hook` is a rule for bidding in turn: with §2 `simultaneous_bids` it is refused."""
    with pytest.raises(atout.RulesError, match="no_hook and simultaneous_bids contradict"):
        atout.load("river(simultaneous_bids=true,no_hook=true)")


# --- §2 "Play" ------------------------------------------------------------------------------


def test_play_left_of_the_dealer_leads_and_must_follow_suit() -> None:
    """§2 Play: the player left of the dealer leads to the first trick; players must follow
    the led suit if they can; otherwise they may play any card, trump included."""
    state = deal(D1, "2S", dealer=3)
    play(state, "bid 1", "bid 1", "bid 0", "bid 0")
    assert state.to_act == 0
    assert texts(state.legal_actions()) == ["play 3D", "play 5H", "play AH"]
    play(state, "play AH")
    assert texts(state.legal_actions()) == ["play KH"]
    before = state.clone()
    with pytest.raises(atout.IllegalAction, match="you must follow hearts: play KH"):
        state.apply("play 9C")
    assert state == before
    play(state, "play KH")
    assert texts(state.legal_actions()) == ["play 7C", "play 2D", "play 10S"]


def test_play_a_trump_beats_the_led_suit_and_the_winner_leads() -> None:
    """§2 Play: a trump wins the trick over the led suit's Ace; the winner leads the next."""
    state = deal(D1, "2S", dealer=3)
    play(state, "bid 1", "bid 1", "bid 0", "bid 0", "play AH", "play KH")
    events = play(state, "play 10S", "play QH")
    assert [(e.seat, e.leader) for e in events if isinstance(e, TrickWon)] == [(2, 0)]
    assert state.to_act == 2 and state.view(0).tricks == (0, 0, 1, 0)


def test_play_the_highest_trump_wins_else_the_highest_of_the_led_suit() -> None:
    """§2 Play: the highest trump wins the trick (D2: 7H over 3H and the led suit's Ace); with
    no trump in it, the highest card of the led suit (KD led wins over an off-suit Ace)."""
    state = deal(D2, "2H", dealer=3)
    play(state, "bid 0", "bid 1", "bid 1", "bid 1", "play 5C", "play 3H", "play 7H")
    events = play(state, "play AC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [2]
    assert state.to_act == 2
    events = play(state, "play KD", "play AS", "play 9D", "play 3D")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [2]


# --- §2 "Score" -----------------------------------------------------------------------------


def test_score_a_trick_is_1_and_an_exact_bid_10_more() -> None:
    """§2 Score: every trick is worth 1; taking exactly the bid adds 10 (a bid of 0 made is
    worth 10). D2: seat 0 bids 0 and takes none (10); seats 1 and 3 bid 1 and take none (0);
    seat 2 bids 1 and takes both tricks (2)."""
    state = deal(D2, "2H", dealer=3)
    play(state, "bid 0", "bid 1", "bid 1", "bid 1", "play 5C", "play 3H", "play 7H", "play AC")
    events = play(state, "play KD", "play AS", "play 9D", "play 3D")
    row = deals(state)[0]
    assert row == {
        "deal": 1, "cards": 2, "dealer": 3, "trump_card": "2H",
        "bids": [0, 1, 1, 1], "tricks": [0, 0, 2, 0], "points": [10, 0, 2, 0],
        "totals": [10, 0, 2, 0],
        "hands": [["5C", "9D"], ["3H", "3D"], ["7H", "KD"], ["AC", "AS"]],
    }  # fmt: skip
    kinds = [e.kind for e in events]
    end = kinds.index("deal_ended")
    assert kinds[end - 1 : end + 2] == ["trick_won", "deal_ended", "deal_started"]
    assert state.result().scores == (10, 0, 2, 0) and not state.result().over
    assert state.view(1).scores == (10, 0, 2, 0) and state.view(0).deal == 2


def test_score_the_most_points_after_the_last_round_win() -> None:
    """§2 Score: after the last round the player with the most points wins. A one-card
    river for three: seat 0 bids 1 and takes the trick (11), seat 1 bids 0 (10), and the
    dealer, hooked to 1, takes nothing (0)."""
    state = deal(("AH", "KH", "2C"), "3D", dealer=2)
    play(state, "bid 1", "bid 0")
    assert texts(state.legal_actions()) == ["bid 1"]
    events = play(state, "bid 1", "play AH", "play KH", "play 2C")
    result = state.result()
    assert result.over and result.winners == (0,) and result.scores == (11, 10, 0)
    assert state.to_act is None and state.legal_actions() == []
    assert events[-1].to_dict() == {"type": "match_ended", "winners": [0], "scores": [11, 10, 0]}


def test_score_equal_top_scores_share_the_win() -> None:
    """§2 Score: equal top scores share the win (10, 10 and 1: the dealer, hooked to 0,
    takes the trick with AH)."""
    state = deal(("2H", "3H", "AH"), "3D", dealer=2)
    play(state, "bid 0", "bid 0", "bid 0", "play 2H", "play 3H", "play AH")
    assert state.result().winners == (0, 1) and state.result().scores == (10, 10, 1)


# --- §2 "Variants" --------------------------------------------------------------------------


def test_players_three_to_eight() -> None:
    """§2 Variants: `players` from 4 to 8 as the seeds say, and 3 also accepted."""
    for n in range(3, 9):
        game = atout.load(f"river(players={n})")
        assert game.seats == n
        state = game.new_match(seed=n)
        assert len(state.view(0).hand_sizes) == n
    for bad in (2, 9):
        with pytest.raises(atout.RulesError, match=f"river is played by 3 to 8 players, not {bad}"):
            atout.load(f"river(players={bad})")


def test_double_one_plays_the_one_card_round_twice() -> None:
    """§2 variant `double_one`: N … 1, 1 … N."""
    assert RiverRules(start_cards=3, double_one=True).schedule() == (3, 2, 1, 1, 2, 3)
    state = random_match("river(start_cards=3,double_one=true)", seed=2)
    assert [r["cards"] for r in deals(state)] == [3, 2, 1, 1, 2, 3]
    assert [r["cards"] for r in deals(random_match("river(start_cards=3)", 2))] == [3, 2, 1, 2, 3]


def test_exact_only_tricks_score_only_with_the_bid_made() -> None:
    """§2 variant `exact_only`: 10 + tricks if exact, 0 otherwise (the dealer who takes an
    unbid trick scores 0, not 1; an exact bid of 1 still scores 11)."""
    exact_only = "river(players=3,start_cards=1,exact_only=true)"
    state = deal(("2H", "3H", "AH"), "3D", dealer=2, rules=exact_only)
    play(state, "bid 0", "bid 0", "bid 0", "play 2H", "play 3H", "play AH")
    assert state.result().scores == (10, 10, 0)
    state = deal(("AH", "KH", "2C"), "3D", dealer=2, rules=exact_only)
    play(state, "bid 1", "bid 0", "bid 1", "play AH", "play KH", "play 2C")
    assert state.result().scores == (11, 10, 0)
    state = deal(D2, "2H", dealer=3, rules="river(start_cards=2,exact_only=true)")
    play(state, "bid 0", "bid 1", "bid 1", "bid 1", "play 5C", "play 3H", "play 7H", "play AC")
    play(state, "play KD", "play AS", "play 9D", "play 3D")
    assert deals(state)[0]["points"] == [10, 0, 0, 0]


# --- rules texts ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("river", "river"),
        ("river(start_cards=10)", "river"),
        ("river(players=6,start_cards=8)", "river(players=6)"),
        ("river(start_cards=5,players=6)", "river(players=6,start_cards=5)"),
        ("river(exact_only=yes,simultaneous_bids=1)",
         "river(simultaneous_bids=true,exact_only=true)"),
    ],
)  # fmt: skip
def test_rules_texts_are_canonical(text: str, canonical: str) -> None:
    game = atout.load(text)
    assert game.text == canonical and atout.load(canonical).rules == game.rules
    assert RiverRules.from_dict(game.rules.to_dict()) == game.rules


def test_a_start_equal_to_the_default_is_the_default() -> None:
    assert RiverRules(players=6, start_cards=8) == RiverRules(players=6)
    assert RiverRules(players=6).to_dict()["start_cards"] == 0
    assert RiverRules(players=6).start == 8


# --- notation and errors --------------------------------------------------------------------


def test_actions_read_case_insensitively_and_print_canonically() -> None:
    game = atout.load("river")
    assert str(game.parse_action(" BID 3 ")) == "bid 3"
    assert str(game.parse_action("play qs")) == "play QS"
    assert str(game.parse_action("Play TH")) == "play 10H"
    assert game.parse_action("bid 0") == atout.load("river(players=8)").parse_action("bid 0")


@pytest.mark.parametrize("text", ["bid", "bid three", "bid -1", "bid 1 2", "play ZZ", "close",
                                  "play", "QS", "bid \uff13"])  # fmt: skip
def test_bad_action_texts_name_the_forms(text: str) -> None:
    with pytest.raises(atout.NotationError, match=r"bid <tricks> \(e.g. bid 3\) or play <card>"):
        atout.load("river").parse_action(text)


def _refuse(state: RiverState, action: atout.Action | str, seat: int | None, reason: str) -> None:
    before = state.clone()
    with pytest.raises(atout.IllegalAction, match=reason):
        state.apply(action, seat)
    assert state == before


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    state = deal(D1, "2S", dealer=3)
    _refuse(state, "play AH", None, "the bidding is not over: bid from 0 to 3 tricks first")
    _refuse(state, "bid 1", 1, "it is seat 0's turn, not seat 1's")
    _refuse(state, "bid 7", None, "a bid is from 0 to 3 tricks in a 3-card round, not 7")
    _refuse(state, atout.core.Bid("two"), None, "'two' is not a number of tricks")  # type: ignore[arg-type]
    _refuse(state, atout.core.Close(), None, "close is not an Up and Down the River action")
    play(state, "bid 0", "bid 0", "bid 0", "bid 0")
    _refuse(state, "bid 1", None, "the bidding is over: play a card")
    _refuse(state, "play AS", None, "you do not hold AS")
    marriage = atout.core.Play(atout.parse_card("AH"), marriage=True)
    _refuse(state, marriage, None, "there are no marriages in Up and Down the River")
    _refuse(state, atout.core.Stand(), None, "stand is not an Up and Down the River action")
    finished = random_match("river(players=3,start_cards=1)", 1)
    _refuse(finished, "bid 0", None, "the match is over")


# --- views and the result -------------------------------------------------------------------


def test_views_show_the_hand_the_turned_card_bids_tricks_and_the_sheet() -> None:
    """A seat sees its hand, the turned card, the bids made, the trick in progress, the
    finished tricks, the tricks taken and the running score sheet; never another's hand."""
    state = deal(D2, "2H", dealer=3)
    play(state, "bid 0", "bid 1")
    v = state.view(1).to_dict()
    assert v["hand"] == ["3D", "3H"] and v["turned"] == "2H" and v["trump"] == "H"
    assert v["bids"] == [0, 1, None, None] and v["to_act"] == [2] and v["dealer"] == 3
    assert v["hand_sizes"] == [2, 2, 2, 2] and v["cards"] == 2 and v["rounds"] == 3
    play(state, "bid 1", "bid 1", "play 5C", "play 3H", "play 7H", "play AC", "play KD")
    v = state.view(0).to_dict()
    assert v["trick"] == ["KD"] and v["leader"] == 2 and v["tricks"] == [0, 0, 1, 0]
    assert v["history"][0]["cards"] == ["5C", "3H", "7H", "AC"]
    assert v["hand"] == ["9D"] and v["hand_sizes"] == [1, 1, 0, 1]
    play(state, "play AS", "play 9D", "play 3D")
    v = state.view(0).to_dict()
    assert v["sheet"] == [{"deal": 1, "cards": 2, "dealer": 3, "trump_card": "2H",
                           "bids": [0, 1, 1, 1], "tricks": [0, 0, 2, 0],
                           "points": [10, 0, 2, 0], "totals": [10, 0, 2, 0]}]  # fmt: skip
    assert v["scores"] == [10, 0, 2, 0] and v["dealer"] == 0 and v["cards"] == 1
    assert state.view(None).hand is None


def test_result_to_dict_holds_the_match() -> None:
    state = random_match("river(players=3,start_cards=2)", seed=8)
    r = state.result().to_dict()
    assert set(r) == {"over", "winners", "scores", "deals"} and r["over"]
    assert r["scores"] == r["deals"][-1]["totals"]
    top = max(r["scores"])
    assert r["winners"] == [s for s in range(3) if r["scores"][s] == top]
    for row in r["deals"]:
        dealt = {c for hand in row["hands"] for c in hand}
        assert len(dealt) == 3 * row["cards"] and row["trump_card"] not in dealt
