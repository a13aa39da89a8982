"""Schnapsen, one test (or a few) per paragraph of RULES.md §3, on fixed deals.

Most tests use the deal ``P1``: seat 1 deals, so seat 0 (eldest) leads first.

    seat 0: AH KH QS JC 10D        seat 1: 10H QH KS JD AC        trump card: QC (clubs)
    stock, in draw order: KD AS JH 10C QD KC 10S AD JS

Lines of play longer than a few tricks are written out in full; the comments say what each
checks. Every expected number is worked out from the rule book, not read off the engine.
"""

from __future__ import annotations

import itertools
import random

import pytest

import atout
from atout.cards import CardSet, parse_card
from atout.core.events import CardPlayed, TrickWon
from atout.schnapsen.events import (
    CardDrawn,
    MarriageCredited,
    MarriageDeclared,
    StockClosed,
    TrumpExchanged,
)
from atout.schnapsen.tables import POINTS, STRENGTH

from .helpers import deal, pack, play, texts

P1 = ("AH KH QS JC 10D", "10H QH KS JD AC", "QC", "KD AS JH 10C QD KC 10S AD JS")
#: A deal where seat 0 can declare a marriage in hearts (clubs are trumps).
M1 = ("KH QH AS 10S JD", "AH 10H KS QS JS", "AC", "JC 10C KC QC AD 10D KD QD JH")


def hand(state: atout.State, seat: int) -> set[str]:
    view = state.view(seat).to_dict()
    return set(view["hand"])


# --- "Cards" --------------------------------------------------------------------------------


def test_cards_twenty_ranked_a_10_k_q_j_worth_11_10_4_3_2() -> None:
    """§3 Cards: 20 cards, A 10 K Q J ranking and worth 11 10 4 3 2, 120 in all."""
    game = atout.load("schnapsen")
    assert len(game.pack) == 20
    assert sum(POINTS[c] for c in game.pack) == 120
    order = ["JH", "QH", "KH", "10H", "AH"]
    assert sorted(order, key=lambda t: STRENGTH[parse_card(t)]) == order
    assert [POINTS[parse_card(t)] for t in ("AH", "10H", "KH", "QH", "JH")] == [11, 10, 4, 3, 2]


def test_cards_ten_beats_king_in_a_trick() -> None:
    """§3 Cards: the Ten ranks above the King (not the natural order)."""
    state = deal("KH AS QS JC 10D", "10H QH KS JD AC", "QC")
    events = play(state, "play KH", "play 10H")
    won = [e for e in events if isinstance(e, TrickWon)]
    assert won[0].seat == 1 and won[0].points == 14


# --- "Deal" ---------------------------------------------------------------------------------


def test_deal_three_trump_two_and_a_ten_card_stock() -> None:
    """§3 Deal: 3 each (non-dealer first), the trump card, 2 each; 9 cards over the trump card
    make a 10-card stock; the non-dealer leads."""
    state = deal(*P1)
    v0, v1 = state.view(0).to_dict(), state.view(1).to_dict()
    assert set(v0["hand"]) == {"AH", "KH", "QS", "JC", "10D"}
    assert set(v1["hand"]) == {"10H", "QH", "KS", "JD", "AC"}
    assert v0["trump"] == "C" and v0["trump_card"] == "QC" and v0["turned"] == "QC"
    assert v0["stock_size"] == 10
    assert v0["dealer"] == 1 and state.to_act == 0
    # Pack order: the dealing order itself, top card first.
    assert [atout.card_text(c) for c in state.packs[0][:11]] == (
        ["AH", "KH", "QS", "10H", "QH", "KS", "QC", "JC", "10D", "JD", "AC"]
    )


def test_deal_packets_in_events() -> None:
    """§3 Deal: the opening events deal 3, 3, turn, 2, 2; each seat sees only its own cards."""
    state = deal(*P1)
    events = state.opening_events()
    kinds = [e.kind for e in events]
    assert kinds == ["deal_started", "cards_dealt", "cards_dealt", "trump_turned",
                     "cards_dealt", "cards_dealt"]  # fmt: skip
    seen_by_0 = [e.seen_by(0).to_dict() for e in events]
    assert seen_by_0[1]["cards"] == ["AH", "KH", "QS"]
    assert seen_by_0[2]["cards"] is None and seen_by_0[2]["count"] == 3


def test_deal_alternates_and_first_dealer_is_drawn() -> None:
    """§3 Deal: the deal alternates; the first dealer is chosen at random (from the seed)."""
    game = atout.load("schnapsen")
    dealers = {game.new_match(seed=s).first_dealer for s in range(40)}
    assert dealers == {0, 1}
    assert game.new_match(seed=5).first_dealer == game.new_match(seed=5).first_dealer
    state = deal(*P1)
    play(state, "close", "play AH", "play QH", "play JC", "play AC", "play KS", "play QS")
    play(state, "play 10H", "play KH", "play JD", "play 10D")
    assert state.deals_done == 1 and state.view(0).dealer == 0


# --- "Play while the stock is open" -----------------------------------------------------------


def test_open_stock_no_obligation_to_follow() -> None:
    """§3 Play while the stock is open: any card may be played."""
    state = deal(*P1)
    play(state, "play AH")
    assert set(texts(state.legal_actions())) == {"play 10H", "play QH", "play KS", "play JD",
                                                 "play AC"}  # fmt: skip


def test_open_stock_higher_of_suit_led_wins_then_draws() -> None:
    """§3 Play while the stock is open: the higher card of the suit led wins; winner draws the top
    card, then the loser; the winner leads."""
    state = deal(*P1)
    events = play(state, "play AH", "play 10H")
    draws = [e for e in events if isinstance(e, CardDrawn)]
    assert [(d.seat, atout.card_text(d.card or 0)) for d in draws] == [(0, "KD"), (1, "AS")]
    assert state.view(0).to_dict()["points"] == [21, 0]
    assert state.to_act == 0 and state.view(0).stock_size == 8
    assert hand(state, 0) == {"KH", "QS", "JC", "10D", "KD"}
    # The other seat learns that a card was drawn, not which.
    assert draws[0].seen_by(1).to_dict()["card"] is None


def test_open_stock_trump_wins_and_off_suit_loses() -> None:
    """§3 Play while the stock is open: a trump played to a plain lead wins; a card of a third
    suit loses."""
    state = deal(*P1)
    play(state, "play AH", "play 10H")  # seat 0 leads again
    events = play(state, "play KH", "play AC")
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]
    events = play(state, "play JD", "play QS")  # seat 1 leads JD, seat 0 discards a spade
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]


def test_open_stock_loser_takes_the_trump_card_at_the_last_draw() -> None:
    """§3 Play while the stock is open: at the last draw the loser takes the face-up trump card,
    in sight of both."""
    state = deal(*P1)
    draws: list[CardDrawn] = []
    for lead, follow in [("AH", "10H"), ("KH", "AC"), ("JD", "QS"), ("QH", "KD")]:
        draws += [e for e in play(state, f"play {lead}", f"play {follow}")
                  if isinstance(e, CardDrawn)]  # fmt: skip
    assert state.view(0).stock_size == 2
    leader = state.to_act
    assert leader == 1
    events = play(state, "play AS", "play 10D")  # seat 1's ace wins; seat 0 loses
    last = [e for e in events if isinstance(e, CardDrawn)]
    assert [(d.seat, d.face_up) for d in last] == [(1, False), (0, True)]
    assert atout.card_text(last[1].card or 0) == "QC"
    assert last[1].seen_by(1).to_dict()["card"] == "QC"
    assert state.view(0).stock_size == 0 and state.view(0).trump_card is None
    assert "QC" in hand(state, 0)


# --- "Play once the stock is exhausted or closed" ---------------------------------------------


def test_strict_follow_and_win() -> None:
    """§3 Play once the stock is exhausted or closed: follow suit and win the trick if possible
    (trumping is not allowed instead), with the reason named."""
    state = deal(*P1)
    play(state, "close", "play KH")
    assert texts(state.legal_actions()) == ["play 10H"]
    with pytest.raises(
        atout.IllegalAction, match="you must follow hearts and win the trick: play 10H"
    ):
        state.apply("play QH")
    with pytest.raises(atout.IllegalAction, match="follow hearts"):
        state.apply("play AC")


def test_strict_follow_lower_when_unable_to_win() -> None:
    """§3 Play once the stock is exhausted or closed: unable to win, follow suit with a lower
    card."""
    state = deal(*P1)
    play(state, "close", "play AH")
    assert texts(state.legal_actions()) == ["play 10H", "play QH"]
    with pytest.raises(atout.IllegalAction, match="you must follow hearts: play 10H or play QH"):
        state.apply("play AC")


def test_strict_trump_when_void() -> None:
    """§3 Play once the stock is exhausted or closed: with no card of the suit led, trump if
    possible."""
    state = deal("AH KH QH JH 10S", "AD 10D KD AC JC", "QC")
    play(state, "close", "play AH")
    assert texts(state.legal_actions()) == ["play JC", "play AC"]
    with pytest.raises(atout.IllegalAction, match="you have no hearts, so you must trump"):
        state.apply("play AD")


def test_strict_any_card_when_void_of_suit_and_trumps() -> None:
    """§3 Play once the stock is exhausted or closed: otherwise play any card."""
    state = deal("AH KH QH JH 10S", "AD 10D KD QD JD", "QC")
    play(state, "close", "play AH")
    assert len(state.legal_actions()) == 5


def test_strict_rules_once_the_stock_is_exhausted() -> None:
    """§3 Play once the stock is exhausted or closed: the strict rules apply once the stock is
    exhausted, not only after a close."""
    state = deal(*P1)
    for lead, follow in [("AH", "10H"), ("KH", "AC"), ("JD", "QS"), ("QH", "KD"), ("AS", "10D")]:
        play(state, f"play {lead}", f"play {follow}")
    # Seat 1 won the fifth trick and leads; seat 0 drew QC last and holds clubs.
    assert state.view(0).stock_size == 0 and state.to_act == 1
    play(state, "play KS")
    # Seat 0 has no spades (JS went to seat 1 at the last draw) but holds trumps: must trump.
    assert hand(state, 0) == {"JC", "10C", "KC", "AD", "QC"}
    assert texts(state.legal_actions()) == ["play 10C", "play JC", "play QC", "play KC"]


# --- "Exchanging the trump Jack" ---------------------------------------------------------------


def test_exchange_before_the_first_trick_then_marriage_and_close() -> None:
    """§3 Exchanging the trump Jack: the non-dealer may exchange before the first trick; the Jack
    becomes the face-up card; the same player still leads and may declare a marriage or close."""
    state = deal("JC QC KH AS 10S", "AH 10H KS QS JS", "KC")
    assert "exchange" in texts(state.legal_actions())
    events = play(state, "exchange")
    assert isinstance(events[0], TrumpExchanged)
    v = state.view(0).to_dict()
    assert v["trump_card"] == "JC" and "KC" in v["hand"] and "JC" not in v["hand"]
    assert v["exchange"] == {"seat": 0, "jack": "JC", "card": "KC", "before_trick": 0}
    assert state.to_act == 0
    legal = texts(state.legal_actions())
    assert "play KC marriage" in legal and "close" in legal and "exchange" not in legal


def test_exchange_only_by_the_player_on_lead() -> None:
    """§3 Exchanging the trump Jack: the follower never exchanges."""
    state = deal("AH KH QS JD 10D", "JC QH KS 10H AC", "QC")
    play(state, "play AH")
    assert "exchange" not in texts(state.legal_actions())
    with pytest.raises(atout.IllegalAction, match="only the player on lead may exchange"):
        state.apply("exchange")


def test_exchange_needs_the_jack_and_an_open_stock() -> None:
    """§3 Exchanging the trump Jack: only with the Jack of trumps, and never once the stock is
    closed."""
    state = deal(*M1)
    with pytest.raises(atout.IllegalAction, match=r"you do not hold the Jack of trumps \(JC\)"):
        state.apply("exchange")
    state = deal("JC QC KH AS 10S", "AH 10H KS QS JS", "KC")
    play(state, "close")
    with pytest.raises(atout.IllegalAction, match="the stock is closed"):
        state.apply("exchange")


def test_exchange_allowed_with_two_cards_left_in_the_stock() -> None:
    """§3 Exchanging the trump Jack: allowed while the stock holds the trump card and at least one
    other."""
    state = deal("JD KH QS JC 10D", "10H QH KS AH AC", "QC", "KD AS JH 10C QD KC 10S AD JS")
    for lead, follow in [("JD", "QH"), ("KH", "AH"), ("AC", "QS"), ("KS", "10C")]:
        play(state, f"play {lead}", f"play {follow}")
    assert state.view(0).stock_size == 2
    leader = state.to_act
    assert leader == 0 and "JC" in hand(state, 0)
    assert "exchange" in texts(state.legal_actions())
    play(state, "exchange")
    assert state.view(0).trump_card == parse_card("JC")


# --- "Marriages" ------------------------------------------------------------------------------


def test_marriage_either_card_declared_or_not() -> None:
    """§3 Marriages: lead the King or the Queen, declaring or not: four separate actions."""
    state = deal(*M1)
    legal = texts(state.legal_actions())
    for a in ("play KH", "play KH marriage", "play QH", "play QH marriage"):
        assert a in legal
    assert "play AS marriage" not in legal
    with pytest.raises(atout.IllegalAction, match="a marriage is declared with the King or"):
        state.apply("play AS marriage")


def test_marriage_waits_for_the_first_trick() -> None:
    """§3 Marriages: without a trick the points wait (count for nothing), and are credited
    when the declarer wins a first trick."""
    state = deal(*M1)
    events = play(state, "play KH marriage")
    declared = [e for e in events if isinstance(e, MarriageDeclared)]
    assert declared[0].points == 20 and not declared[0].credited
    v = state.view(1).to_dict()
    assert v["pending"] == [20, 0] and v["points"] == [0, 0]
    assert v["marriages"][0]["card"] == "KH"
    play(state, "play AH")  # seat 1 wins 15 and draws JC; seat 0 draws 10C
    assert state.view(0).to_dict()["pending"] == [20, 0]
    events = play(state, "play KS", "play 10C")  # seat 0 trumps: its first trick
    assert [e.points for e in events if isinstance(e, MarriageCredited)] == [20]
    v = state.view(0).to_dict()
    assert v["points"] == [14 + 20, 15] and v["pending"] == [0, 0]


def test_marriage_with_a_trick_counts_at_once_and_can_reach_66() -> None:
    """§3 Marriages and §3 66 and the deal's result: a player with a trick is credited at once, and
    66 reached by a marriage ends the deal there (40 in trumps); the opponent has no trick: 3 game
    points."""
    state = deal("AS AH KC QC JD", "10S 10H JH QD KD", "AC", "KS QS JS KH 10C JC AD 10D QH")
    play(state, "play AS", "play 10S", "play AH", "play 10H")
    assert state.view(0).to_dict()["points"] == [42, 0]
    events = play(state, "play KC marriage")
    declared = [e for e in events if isinstance(e, MarriageDeclared)]
    assert declared[0].points == 40 and declared[0].credited
    deal_result = state.result().deals[0].to_dict()
    assert deal_result["winner"] == 0 and deal_result["reason"] == "66"
    assert deal_result["card_points"] == [82, 0] and deal_result["points"] == 3


def test_marriage_only_by_the_player_on_lead() -> None:
    """§3 Marriages: only the player on lead declares."""
    state = deal("AH KS QS JD 10D", "KH QH 10H JC AC", "QC")
    play(state, "play AH")
    assert "play KH marriage" not in texts(state.legal_actions())
    with pytest.raises(atout.IllegalAction, match="only the player on lead"):
        state.apply("play KH marriage")


def test_marriage_after_the_close() -> None:
    """§3 Marriages: may be declared after the stock is closed."""
    state = deal(*M1)
    play(state, "close")
    assert "play QH marriage" in texts(state.legal_actions())


def test_waiting_marriage_does_not_count_for_the_losers_33() -> None:
    """§3 Marriages: points not yet credited do not count for the loser's 33: seat 0 declares
    40 and never wins a trick, so seat 1's 66 is worth 3."""
    state = deal("KC QC JD JH QS", "AC 10C AH 10H AS", "JC", "KD QD 10D AD KH QH KS 10S JS")
    play(state, "play KC marriage", "play 10C")  # the Ten of trumps beats the King
    assert state.view(0).to_dict()["pending"] == [40, 0]
    play(state, *("play AS", "play JH", "play 10H", "play AD", "play AC", "play QC",
                  "play AH", "play QD"))  # fmt: skip
    r = state.result().deals[0].to_dict()
    assert r["winner"] == 1 and r["reason"] == "66" and r["card_points"] == [0, 76]
    assert r["points"] == 3


# --- "Closing" --------------------------------------------------------------------------------


def test_close_turns_the_trump_card_down_and_stops_the_draw() -> None:
    """§3 Closing: before leading with five cards; the trump card is turned face down, no
    more cards are drawn, the opponent's standing is recorded."""
    state = deal(*P1)
    play(state, "play AH", "play 10H")
    events = play(state, "close")
    closed = [e for e in events if isinstance(e, StockClosed)]
    assert closed[0].seat == 0 and closed[0].opponent_points == 0
    assert closed[0].opponent_tricks == 0
    v = state.view(1).to_dict()
    assert v["closed"] and v["closed_by"] == 0 and v["trump_card"] is None
    assert v["stock_size"] == 8
    play(state, "play KH", "play QH")  # strict at once: seat 1 must follow hearts
    assert state.view(0).to_dict()["hand_sizes"] == [4, 4]
    assert state.view(0).stock_size == 8


def test_close_only_by_the_player_on_lead_before_leading() -> None:
    """§3 Closing: the follower may not close."""
    state = deal(*P1)
    play(state, "play AH")
    with pytest.raises(atout.IllegalAction, match="only the player on lead may close"):
        state.apply("close")


def test_close_not_twice_nor_once_the_stock_is_exhausted() -> None:
    """§3 Closing: the stock must still hold the trump card and another card."""
    state = deal(*P1)
    play(state, "close")
    with pytest.raises(atout.IllegalAction, match="the stock is closed"):
        state.apply("close")
    state = deal(*P1)
    for lead, follow in [("AH", "10H"), ("KH", "AC"), ("JD", "QS"), ("QH", "KD"), ("AS", "10D")]:
        play(state, f"play {lead}", f"play {follow}")
    with pytest.raises(atout.IllegalAction, match="the stock is exhausted"):
        state.apply("close")


# --- "66 and the deal's result" ----------------------------------------------------------------


def _deal_result(state: atout.State) -> dict[str, object]:
    return state.result().deals[0].to_dict()  # type: ignore[no-any-return]


def test_66_opponent_with_33_or_more_gives_1() -> None:
    """§3 66 and the deal's result: 1 game point if the opponent has 33 or more."""
    state = deal(*P1)
    play(state, *("play AH", "play QH", "play JC", "play 10H", "play QS", "play KS", "play QD",
                  "play KD", "play KH", "play JD", "play JS", "play AS", "play QC", "play KC",
                  "play 10D", "play AD", "play AC", "play JH", "play 10C", "play 10S"))  # fmt: skip
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "66" and r["points"] == 1
    assert r["card_points"] == [46, 74]


def test_66_opponent_with_a_trick_below_33_gives_2() -> None:
    """§3 66 and the deal's result: 2 if the opponent has won a trick but has fewer than 33."""
    state = deal(*P1)
    play(state, *("play AH", "play AC", "play KS", "play QS", "play 10H", "play AS", "play QD",
                  "play KC", "play JC", "play KD", "play 10D", "play AD"))  # fmt: skip
    r = _deal_result(state)
    assert r["winner"] == 1 and r["points"] == 2 and r["card_points"] == [13, 71]
    assert r["tricks"] == [2, 4]


#: Seat 0 takes the first five tricks without a marriage: QS 10H (13, draws KD / AS), AH AS
#: (22, JH / 10C), 10D JD (12, QD / KC), JH KS (6, 10S / AD), 10S AD (21: no trump in it).
NO_TRICK_LINE = ("play QS", "play 10H", "play AH", "play AS", "play 10D", "play JD", "play JH",
                 "play KS", "play 10S", "play AD")  # fmt: skip


def test_66_opponent_without_a_trick_gives_3() -> None:
    """§3 66 and the deal's result: 3 if the opponent has won no trick (card points alone: 13 + 22 +
    12 + 6 + 21)."""
    state = deal(*P1)
    play(state, *NO_TRICK_LINE)
    r = _deal_result(state)
    assert r["winner"] == 0 and r["reason"] == "66" and r["points"] == 3
    assert r["card_points"] == [74, 0] and r["tricks"] == [5, 0]


def test_66_opponent_with_exactly_33_gives_1() -> None:
    """§3 66 and the deal's result: "33 or more" includes 33. Seat 0 exchanges (JC for QC), loses KH
    10H (14), JD AS (13) and QH QS (6): seat 1 has 33; then takes KS 10C (14) and declares 40 in
    trumps with QC, which counts at once (54), and QC takes AD (14): 68 to 33, worth 1."""
    state = deal(*P1)
    play(state, "exchange", "play KH", "play 10H", "play JD", "play AS", "play QH", "play QS",
         "play KS", "play 10C", "play QC marriage")  # fmt: skip
    assert state.view(0).to_dict()["points"] == [54, 33]
    play(state, "play AD")
    r = _deal_result(state)
    assert r["winner"] == 0 and r["reason"] == "66" and r["card_points"] == [68, 33]
    assert r["points"] == 1


def test_last_trick_wins_one_point_without_a_ten() -> None:
    """§3 66 and the deal's result: stock not closed and nobody at 66 after ten tricks: the last
    trick's winner wins the deal for 1 game point, with no ten-point bonus."""
    state = deal(*P1)
    events = play(state, *LAST_TRICK_LINE)
    tricks = [e for e in events if isinstance(e, TrickWon)]
    assert len(tricks) == 10 and tricks[-1].seat == 0
    r = _deal_result(state)
    assert r["winner"] == 0 and r["reason"] == "last_trick" and r["points"] == 1
    assert r["card_points"] == [64, 56]  # 120 in all: no bonus


LAST_TRICK_LINE = (
    "play JC", "play KS", "play AH", "play AC", "play AS", "play 10C", "play KH", "play JH",
    "play QD", "play AD", "play 10H", "play QC", "play KD", "play JD", "play 10D", "play KC",
    "play QH", "play QS", "play JS", "play 10S",
)  # fmt: skip


def test_closer_reaching_66_is_judged_at_the_moment_of_closing() -> None:
    """§3 66 and the deal's result, closed stock: the closer's 1, 2 or 3 use the opponent's standing
    when closing. Here seat 0 had no trick when seat 1 closed, won two later, and still concedes
    3."""
    state = deal(*P1)
    events = play(state, "play AH", "play AC", "play KD", "play KH", "close")
    closed = next(e for e in events if isinstance(e, StockClosed))
    assert closed.seat == 1 and (closed.opponent_points, closed.opponent_tricks) == (0, 0)
    play(state, *("play JH", "play 10C", "play JC", "play JD", "play QS", "play KS",
                  "play 10H", "play AS", "play QH", "play 10D"))  # fmt: skip
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "66" and r["closed_by"] == 1
    assert r["tricks"] == [2, 5] and r["card_points"] == [16, 71]
    assert r["points"] == 3


def test_closer_failing_gives_the_opponent_2() -> None:
    """§3 66 and the deal's result, closed stock: the closer fails to reach 66: the opponent, who
    had a trick when the stock was closed, scores 2."""
    state = deal(*P1)
    play(state, *("play JC", "play 10H", "play QS", "play AC", "play KS", "play AH", "close",
                  "play JH", "play KH", "play KC", "play JD", "play KD", "play QD", "play 10C",
                  "play QH", "play 10D", "play AS"))  # fmt: skip
    r = _deal_result(state)
    assert r["reason"] == "closer_failed" and r["closed_by"] == 1
    assert r["winner"] == 0 and r["points"] == 2 and r["card_points"] == [65, 29]


CLOSER_FAILS_EARLY = ("close", "play AH", "play QH", "play JC", "play AC", "play KS", "play QS",
                      "play 10H", "play KH", "play JD", "play 10D")  # fmt: skip


def test_closer_failing_gives_3_if_the_opponent_had_no_trick_at_the_close() -> None:
    """§3 66 and the deal's result, closed stock: 3 if the opponent had won no trick at the moment
    of closing (seat 0 closes before the first trick; seat 1 wins tricks later and still scores
    3)."""
    state = deal(*P1)
    play(state, *CLOSER_FAILS_EARLY)
    r = _deal_result(state)
    assert r["reason"] == "closer_failed" and r["winner"] == 1 and r["tricks"] == [2, 3]
    assert r["points"] == 3


def test_opponent_reaching_66_first_after_a_close() -> None:
    """§3 66 and the deal's result, closed stock: the opponent reaches 66 first: 2, or 3 if they had
    no trick when the stock was closed (here: none)."""
    state = deal(*P1)
    play(state, *("play JC", "play JD", "play AH", "play QH", "close", "play QS", "play KS",
                  "play AS", "play KH", "play 10C", "play KD", "play 10H", "play JH", "play AC",
                  "play 10D"))  # fmt: skip
    r = _deal_result(state)
    assert r["reason"] == "opponent_66_after_close" and r["winner"] == 1 and r["points"] == 3


def test_closer_reaching_66_with_the_opponent_at_33_at_the_close_scores_1() -> None:
    """§3 66 and the deal's result, closed stock: the closer who reaches 66 scores 1 when the
    opponent had 33 or more at the close. Seat 0 closes at 26 to 36 (KH AC to 1, 10H JC to 0, AH 10C
    to 1, KD 10D to 0), then takes 10S KS (14), KC AD (15) and AS JD (13): 68, the strict rules
    forcing seat 1."""
    state = deal(*P1)
    events = play(state, "play KH", "play AC", "play 10H", "play JC", "play AH", "play 10C",
                  "play KD", "play 10D", "close")  # fmt: skip
    closed = next(e for e in events if isinstance(e, StockClosed))
    assert (closed.seat, closed.opponent_points, closed.opponent_tricks) == (0, 36, 2)
    play(state, "play 10S")
    assert texts(state.legal_actions()) == ["play KS"]  # cannot win: follow lower
    play(state, "play KS", "play KC", "play AD", "play AS", "play JD")
    r = _deal_result(state)
    assert r["winner"] == 0 and r["reason"] == "66" and r["closed_by"] == 0
    assert r["card_points"] == [68, 36] and r["points"] == 1


def test_a_waiting_marriage_is_not_recorded_at_the_close() -> None:
    """§3 Closing and §3 Marriages: the opponent's *credited* points are recorded at the close.
    Seat 0 declares 40 in trumps (KC) without a trick and loses it to 10C; seat 1 closes, with
    seat 0 at 0 points, 40 waiting, no trick. Seat 1 takes 10H JH (12), AC QC (14), AH QS (14),
    AS JD (13): 67, worth 3 (the waiting 40 would have made it 1)."""
    state = deal("KC QC JD JH QS", "AC 10C AH 10H AS", "JC", "KD QD 10D AD KH QH KS 10S JS")
    events = play(state, "play KC marriage", "play 10C", "close")
    closed = next(e for e in events if isinstance(e, StockClosed))
    assert (closed.opponent_points, closed.opponent_tricks) == (0, 0)
    assert state.view(1).to_dict()["pending"] == [40, 0]
    play(state, "play 10H", "play JH", "play AC", "play QC", "play AH", "play QS", "play AS",
         "play JD")  # fmt: skip
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "66" and r["closed_by"] == 1
    assert r["card_points"] == [0, 67] and r["points"] == 3


def test_opponent_reaching_66_first_after_a_close_with_a_trick_scores_2() -> None:
    """§3 66 and the deal's result, closed stock: the opponent reaches 66 first and had won a trick
    when the stock was closed: 2. Seat 1 has 51 and three tricks (AH AC, 10H AS, KD KH) when seat 0,
    who took QH 10C, closes; seat 0 leads 10D and seat 1 must win it with AD: 72."""
    state = deal(*P1)
    play(state, "play AH", "play AC", "play 10H", "play AS", "play KD", "play KH", "play QH",
         "play 10C", "close", "play 10D")  # fmt: skip
    assert texts(state.legal_actions()) == ["play AD"]
    play(state, "play AD")
    r = _deal_result(state)
    assert r["reason"] == "opponent_66_after_close" and r["closed_by"] == 0
    assert r["winner"] == 1 and r["card_points"] == [13, 72] and r["points"] == 2


# --- "Match" ----------------------------------------------------------------------------------


def test_match_seven_to_zero_not_below_zero_and_deal_alternates() -> None:
    """§3 Match: 7 to go each; a deal's game points come off the winner's count, not below 0;
    the first at 0 wins; the deal alternates whoever won."""
    game = atout.load("schnapsen")
    state = game.new_match(seed=11)
    import random

    rng = random.Random(4)
    dealers = []
    while state.to_act is not None:
        if state.view(0).deal > len(dealers):
            dealers.append(state.view(0).dealer)
        state.apply(rng.choice(state.legal_actions()))
    result = state.result().to_dict()
    to_go = [7, 7]
    for d in result["deals"]:
        to_go[d["winner"]] = max(0, to_go[d["winner"]] - d["points"])
    assert result["scores"] == to_go and 0 in to_go
    assert result["winners"] == [to_go.index(0)]
    assert all(a != b for a, b in itertools.pairwise(dealers))
    assert [d["dealer"] for d in result["deals"]] == dealers


def test_match_game_points_stop_at_zero_and_end_the_match() -> None:
    """§3 Match: a deal's game points come off the winner's count but not below 0; the first
    at 0 wins the match. Seat 0, with 2 to go, wins a 3-point deal: 0, not -1."""
    state = deal(*P1)
    state._to_go = (2, 7)  # as if earlier deals had been played
    events = play(state, *NO_TRICK_LINE)
    r = state.result().to_dict()
    assert r["over"] and r["scores"] == [0, 7] and r["winners"] == [0]
    assert r["deals"][0]["points"] == 3
    assert events[-1].kind == "match_ended" and state.legal_actions() == []


# --- Variants ---------------------------------------------------------------------------------


def test_variant_closer_fail_tricks_at_end() -> None:
    """§3 `closer_fail_tricks_at_end`: the opponent who won a trick after the close scores 2,
    where the default (tricks at the close) gives 3 on the same line."""
    state = deal(*P1, rules="schnapsen(closer_fail_tricks_at_end=true)")
    play(state, *CLOSER_FAILS_EARLY)
    r = _deal_result(state)
    assert r["reason"] == "closer_failed" and r["points"] == 2


def test_variant_last_trick_ten() -> None:
    """§3 `last_trick_ten`: the last trick's winner earns 10 card points; here it takes seat 0
    from 64 to 74, so it wins by 66 (1 point, seat 1 has 56)."""
    state = deal(*P1, rules="schnapsen(last_trick_ten=true)")
    play(state, *LAST_TRICK_LINE)
    r = _deal_result(state)
    assert r["card_points"] == [74, 56] and r["reason"] == "66" and r["points"] == 1


def test_variant_last_trick_ten_not_after_a_close() -> None:
    """§3 `last_trick_ten` (as in Sixty-six): no ten when the stock was closed and cards stay
    unplayed in it."""
    plain = deal(*P1)
    play(plain, *CLOSER_FAILS_EARLY)
    ten = deal(*P1, rules="schnapsen(last_trick_ten=true)")
    play(ten, *CLOSER_FAILS_EARLY)
    assert _deal_result(plain) == _deal_result(ten)


MANUAL = "schnapsen(manual_claim=true)"

#: P1 until seat 1, having won the trick 10D AD, is on lead with 71 (four tricks) to seat 0's 13
#: (two tricks), the stock exhausted: seat 1 holds QC JD JH QH, seat 0 10C 10S JS KH.
CLAIMABLE_LINE = ("play AH", "play AC", "play KS", "play QS", "play 10H", "play AS", "play QD",
                  "play KC", "play JC", "play KD", "play 10D", "play AD")  # fmt: skip


def test_variant_manual_claim_no_automatic_66() -> None:
    """§3 `manual_claim`: 66 is not recognised automatically: seat 1 wins a trick to 71 and the
    deal goes on. On lead after winning it, seat 1 may claim beside its leads: its actions are
    the cards it may lead and `claim`, with no `pass` to answer first."""
    state = deal(*P1, rules=MANUAL)
    play(state, *CLAIMABLE_LINE)
    assert state.deals_done == 0 and state.to_act == 1
    assert state.view(1).to_dict()["points"] == [13, 71]
    assert texts(state.legal_actions()) == ["play QC", "play JD", "play JH", "play QH", "claim"]
    assert not state.view(1).claim_pending  # nothing waits for an answer


def test_variant_manual_claim_correct_claim() -> None:
    """§3 `manual_claim`: a correct claim wins as 66 does (seat 0 has a trick, 13: 2 points)."""
    state = deal(*P1, rules=MANUAL)
    play(state, *CLAIMABLE_LINE, "claim")
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "66" and r["points"] == 2 and r["claimed_by"] == 1


def test_variant_manual_claim_wrong_claim() -> None:
    """§3 `manual_claim`: a wrong claim gives the opponent 2, or 3 if the claimant has won no
    trick."""
    state = deal(*P1, rules=MANUAL)
    play(state, "claim")
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "wrong_claim" and r["points"] == 3
    state = deal(*P1, rules=MANUAL)
    play(state, "play AH", "play 10H", "claim")
    r = _deal_result(state)
    assert r["winner"] == 1 and r["reason"] == "wrong_claim" and r["points"] == 2


def test_variant_manual_claim_play_goes_on_and_a_later_claim_counts() -> None:
    """§3 `manual_claim`: "Without a claim, play goes on." Seat 1, at 71 on lead, leads JH
    instead of claiming, and that is all: seat 0 follows (KH, the strict rules' one card) and
    leads 10S; seat 1, still at 71, follows with its only trump and has no claim while it
    follows. Winning that trick puts it on lead again, where the rule book lets a player claim:
    the later claim is judged on the points then, 84 to 19 with seat 0 holding tricks: 2."""
    state = deal(*P1, rules=MANUAL)
    play(state, *CLAIMABLE_LINE, "play JH")
    assert state.to_act == 0 and texts(state.legal_actions()) == ["play KH"]
    play(state, "play KH", "play 10S")
    assert state.to_act == 1 and texts(state.legal_actions()) == ["play QC"]
    with pytest.raises(atout.IllegalAction, match="you may claim only when you are on lead"):
        state.apply("claim")
    play(state, "play QC")
    assert state.to_act == 1 and texts(state.legal_actions()) == ["play JD", "play QH", "claim"]
    play(state, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (1, "66", 2, 1)
    assert r["card_points"] == [19, 84] and r["tricks"] == [3, 5]


def test_variant_manual_claim_the_opponent_claims_only_its_own_66() -> None:
    """§3 `manual_claim`: seat 1 reached 71 and played on. Seat 0, who wins the next trick, is
    on lead and may claim too, but a claim is judged on the claimant's own points: at 19 it is
    wrong, and seat 1, which never claimed, scores 2 (seat 0 has won tricks)."""
    state = deal(*P1, rules=MANUAL)
    play(state, *CLAIMABLE_LINE, "play JH", "play KH")
    assert state.to_act == 0
    assert texts(state.legal_actions()) == ["play 10C", "play 10S", "play JS", "claim"]
    play(state, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (1, "wrong_claim", 2, 0)
    assert r["card_points"] == [19, 71]


#: Seat 0 takes AS 10S and AH 10H (42, two tricks), then holds the trump marriage (clubs).
MARRIAGE_66 = ("AS AH KC QC JD", "10S 10H JH QD KD", "AC", "KS QS JS KH 10C JC AD 10D QH")


def test_variant_manual_claim_a_marriage_is_claimed_on_the_next_lead() -> None:
    """§3 `manual_claim`: a marriage is declared by leading, and a claim is made on lead or after
    winning a trick. Seat 0, with two tricks, leads KC declaring 40 in trumps: 82, credited at
    once, and nobody is asked anything: seat 1 follows with any card (no `claim`, no `pass`), and
    seat 0 may not claim out of turn. Seat 1 cannot beat the trump King; seat 0, on lead after
    winning the trick, claims with the marriage counted: 89 to 0, seat 1 without a trick: 3."""
    state = deal(*MARRIAGE_66, rules=MANUAL)
    play(state, "play AS", "play 10S", "play AH", "play 10H", "play KC marriage")
    assert state.deals_done == 0 and state.view(0).to_dict()["points"] == [82, 0]
    assert state.to_act == 1
    assert texts(state.legal_actions()) == ["play QD", "play KD", "play JH", "play KH", "play QS"]
    assert not state.view(0).claim_pending
    with pytest.raises(atout.IllegalAction, match="seat 1's turn"):
        state.apply("claim", 0)
    play(state, "play QD")
    assert state.to_act == 0 and "claim" in texts(state.legal_actions())
    play(state, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (0, "66", 3, 0)
    assert r["card_points"] == [89, 0]


def test_variant_manual_claim_a_marriage_whose_trick_is_lost() -> None:
    """§3 `manual_claim`: seat 0 (42, two tricks) leads QC declaring 40 in trumps: 82, but seat 1
    takes the Queen with the trump Ace and leads; seat 0 has no claim as it follows (nor did it
    when the marriage was declared). Seat 0 wins that trick with KS and, on lead, claims the
    marriage's points with its cards: 88 to 14, seat 1 with a trick: 2."""
    state = deal("AS AD KC QC JD", "10S 10D AC JS QD", "JC", "KS QS KD AH 10H KH QH JH 10C",
                 rules=MANUAL)  # fmt: skip
    play(state, "play AS", "play 10S", "play AD", "play 10D", "play QC marriage")
    assert state.to_act == 1 and "claim" not in texts(state.legal_actions())
    play(state, "play AC")
    assert state.to_act == 1 and state.view(1).to_dict()["points"] == [82, 14]
    assert texts(state.legal_actions())[-2:] == ["close", "claim"]  # its own 14 only
    play(state, "play JS")
    assert state.to_act == 0 and "claim" not in texts(state.legal_actions())
    play(state, "play KS")
    assert state.to_act == 0 and "claim" in texts(state.legal_actions())
    play(state, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (0, "66", 2, 0)
    assert r["card_points"] == [88, 14]


def test_variant_manual_claim_after_the_last_trick_claim_or_pass() -> None:
    """§3 `manual_claim`: the winner of the last trick may claim, and there no lead is left to
    go on with, so it alone is asked: `claim` or `pass`. A pass settles the deal as played out
    (1 to the last trick's winner); a claim is judged as any: with `last_trick_ten` seat 0 has
    74 and wins by 66 (1, seat 1 has 56), without it 64, a wrong claim (seat 1 scores 2)."""
    state = deal(*P1, rules=MANUAL)
    play(state, *LAST_TRICK_LINE)
    assert state.deals_done == 0 and state.to_act == 0
    assert texts(state.legal_actions()) == ["claim", "pass"] and state.view(1).claim_pending
    assert state.legal_actions(1) == []  # the loser of the last trick is not asked
    play(state, "pass")
    assert _deal_result(state)["reason"] == "last_trick"
    state = deal(*P1, rules=MANUAL)
    play(state, *LAST_TRICK_LINE, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (1, "wrong_claim", 2, 0)
    state = deal(*P1, rules="schnapsen(manual_claim=true,last_trick_ten=true)")
    play(state, *LAST_TRICK_LINE, "claim")
    r = _deal_result(state)
    assert (r["winner"], r["reason"], r["points"], r["claimed_by"]) == (0, "66", 1, 0)
    assert r["card_points"] == [74, 56]


def test_variant_manual_claim_no_pass_step() -> None:
    """§3 `manual_claim`: "Without a claim, play goes on": a `pass` is refused on lead (with 71
    to claim), when following, and after a marriage, and changes nothing."""
    state = deal(*P1, rules=MANUAL)
    play(state, *CLAIMABLE_LINE)
    states = [state.clone()]
    play(states[-1], "play JH")
    states.append(deal(*MARRIAGE_66, rules=MANUAL))
    play(states[-1], "play AS", "play 10S", "play AH", "play 10H", "play KC marriage")
    for s in [state, *states]:
        before = s.clone()
        assert "pass" not in texts(s.legal_actions())
        with pytest.raises(atout.IllegalAction, match="nothing waits for a pass: play on"):
            s.apply("pass")
        assert s == before


def test_variant_manual_claim_claim_on_lead_pass_after_the_last_trick_only() -> None:
    """§3 `manual_claim`, over random deals: `claim` is legal exactly for the player on lead
    (no card on the table), beside the moves the position has without the variant, and for the
    winner of the last trick, who alone has `pass` too; the follower has its cards only."""
    rng = random.Random(3)
    asked = on_lead = 0
    for rules in (MANUAL, "schnapsen(closer_fail_tricks_at_end=true,manual_claim=true,"
                  "last_trick_ten=true)"):  # fmt: skip
        for _ in range(150):
            state = atout.load(rules).new_match(seed=rng.getrandbits(32))
            while state.deals_done == 0:
                legal = texts(state.legal_actions())
                seat = state.to_act
                assert isinstance(seat, int)
                view = state.view(seat)
                if "pass" in legal:
                    assert legal == ["claim", "pass"] and view.claim_pending
                    assert view.hand_sizes == (0, 0) and not view.trick
                    asked += 1
                    state.apply(rng.choice(legal))
                    continue
                assert not view.claim_pending
                plain = state.clone()
                plain._manual = False  # the same position without the variant
                ordinary = texts(plain.legal_actions())
                if view.trick:
                    assert legal == ordinary  # the follower: cards only
                else:
                    assert legal == [*ordinary, "claim"]
                    on_lead += 1
                choice = rng.choice(legal)
                if choice == "claim" and rng.random() < 0.9:
                    choice = rng.choice(legal[:-1] or legal)  # mostly play on, to go deep
                state.apply(choice)
    assert asked >= 100 and on_lead >= 1500


def test_an_old_record_with_a_pass_after_a_marriage_is_illegal_now() -> None:
    """Records made while a marriage still asked for `claim` or `pass` (the record format has
    no rules revision to tell them apart) do not replay under §3 `manual_claim`: the declarer's
    `pass` is refused, naming the step, rather than replayed into another match."""
    data = {"game": "schnapsen", "rules": MANUAL, "seats": [], "dealer": 1,
            "packs": [pack(*MARRIAGE_66)], "result": {},
            "actions": [[0, "play AS"], [1, "play 10S"], [0, "play AH"], [1, "play 10H"],
                        [0, "play KC marriage"], [0, "pass"]]}  # fmt: skip
    with pytest.raises(atout.RecordError, match=r"step 6 \(seat 0, 'pass'\): illegal action"):
        atout.record.from_dict(data).replay()


def test_claim_needs_manual_claim() -> None:
    """§3 66 and the deal's result: without `manual_claim` the table recognises 66 itself;
    `claim` is refused."""
    state = deal(*P1)
    with pytest.raises(atout.IllegalAction, match="recognised automatically"):
        state.apply("claim")


# --- notation and errors --------------------------------------------------------------------


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    state = deal(*P1)
    before = state.clone()
    with pytest.raises(atout.IllegalAction, match="you do not hold AS"):
        state.apply("play AS")
    with pytest.raises(atout.IllegalAction, match="it is seat 0's turn, not seat 1's"):
        state.apply("play 10H", seat=1)
    with pytest.raises(atout.NotationError, match="play <card>"):
        state.apply("plya QS")
    with pytest.raises(atout.NotationError):
        state.apply("bid 3")
    assert state == before


def test_actions_read_case_insensitively_and_print_canonically() -> None:
    game = atout.load("schnapsen")
    assert str(game.parse_action("PLAY kh Marriage")) == "play KH marriage"
    assert str(game.parse_action(" play th ")) == "play 10H"
    assert game.parse_action("close") == atout.load("schnapsen").parse_action("CLOSE")


def test_view_hand_is_a_card_set() -> None:
    state = deal(*P1)
    assert state.view(0).hand == CardSet.parse("AH KH QS JC 10D")
    assert state.view(None).hand is None
    assert [e.kind for e in play(state, "play AH")] == [CardPlayed.kind]


def test_a_finished_trick_leaves_the_table_at_once() -> None:
    """RULES.md "Seats and dealing": a finished trick leaves the table at once; views show it
    among the finished tricks, and the table is empty until the next lead."""
    state = deal(*P1)
    play(state, "play AH")
    assert state.view(1).to_dict()["trick"] == ["AH"]
    play(state, "play 10H")
    v = state.view(1).to_dict()
    assert v["trick"] == []
    assert v["history"] == [{"leader": 0, "cards": ["AH", "10H"], "winner": 0, "points": 21}]
