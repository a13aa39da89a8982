"""Seven Up, one test (or a few) per paragraph and per variant of RULES.md §1, on fixed deals.

Seat 1 deals every first deal, so seat 0 is eldest and leads. The deals, hearts proposed unless
said otherwise (eldest's six cards first, in dealing order, then the dealer's, then the turn-up):

    D1      AH 3H KS QS 10D 2C  |  JH 9H KD 4D 10C 5S  |  7H
    GAME    9C 9D 2H 3H 7C 7D   |  8C 8D AH 10H 2C 2D  |  4S  (no trump in play)
    TIE     9C 5D 2H 3H 7C 4D   |  8C 8D AH 10H 2C 2D  |  4S  (no trump in play, 32 to 32)
    ONE     KC QC 2D 3D 4S 5S   |  5H 9C 6D 7D 8S 9S   |  AH  (one trump in play: 5H)
    JACK    AH JH 2H 10C 9C 10D |  KC 3S 4S 5S AD QC   |  7H
    BEG     AS 2S 3H 4H 9C 9D   |  QS 5S 10H KH 2C 2D  |  7H, then a run: KD QD 3D to eldest,
                                                           5C 6C 7C to the dealer, 8S turned

Every expected number is worked out from the rule book (the counting values trick by trick are
in the comments), not read off the engine.
"""

from __future__ import annotations

from typing import Any

import pytest

import atout
from atout.cards import CardSet, card_text, parse_card
from atout.core.events import CardsDealt, DealEnded, DealStarted, TrickWon
from atout.sevenup.events import (
    Begged,
    CardsRun,
    CardTurned,
    Discarded,
    GiftGiven,
    JackTurned,
    Stood,
)

from .helpers import deal, last_deal, pack, play, texts

D1 = ("AH 3H KS QS 10D 2C", "JH 9H KD 4D 10C 5S", "7H")
#: Tricks (leader first): AH 9H to seat 0 (13); 3H JH to seat 1 (4); KD 10D to 1 (13);
#: 10C 2C to 1 (12); 4D QS to 1 (6); 5S KS to 0 (8). Game totals 21 to 35. High AH (seat 0),
#: Low 3H captured by seat 1 (held by seat 0), Jack JH captured by seat 1.
D1_LINE = ("stand", "play AH", "play 9H", "play 3H", "play JH", "play KD", "play 10D",
           "play 10C", "play 2C", "play 4D", "play QS", "play 5S", "play KS")  # fmt: skip

GAME = ("9C 9D 2H 3H 7C 7D", "8C 8D AH 10H 2C 2D", "4S")
#: 9C 8C to 0 (17); 9D 8D to 0 (17); 2H AH to 1 (6); 10H 3H to 1 (13); 2C 7C to 0 (9);
#: 7D 2D to 0 (9): 52 to 19. Under tens_only_game: 0 to 14 (AH 4, 10H 10).
GAME_LINE = ("stand", "play 9C", "play 8C", "play 9D", "play 8D", "play 2H", "play AH",
             "play 10H", "play 3H", "play 2C", "play 7C", "play 7D", "play 2D")  # fmt: skip

TIE = ("9C 5D 2H 3H 7C 4D", "8C 8D AH 10H 2C 2D", "4S")
#: 9C 8C to 0 (17); 5D 8D to 1 (13); AH 2H to 1 (6); 10H 3H to 1 (13); 2C 7C to 0 (9);
#: 4D 2D to 0 (6): 32 to 32.
TIE_LINE = ("stand", "play 9C", "play 8C", "play 5D", "play 8D", "play AH", "play 2H",
            "play 10H", "play 3H", "play 2C", "play 7C", "play 4D", "play 2D")  # fmt: skip

ONE = ("KC QC 2D 3D 4S 5S", "5H 9C 6D 7D 8S 9S", "AH")
#: KC 5H to 1 (8); 9C QC to 0 (11); 2D 6D to 1 (8); 7D 3D to 1 (10); 8S 5S to 1 (13);
#: 9S 4S to 1 (13): 11 to 52. The only trump in play is 5H; the turned AH is not in play.
ONE_LINE = ("stand", "play KC", "play 5H", "play 9C", "play QC", "play 2D", "play 6D",
            "play 7D", "play 3D", "play 8S", "play 5S", "play 9S", "play 4S")  # fmt: skip

JACK = ("AH JH 2H 10C 9C 10D", "KC 3S 4S 5S AD QC", "7H")
#: AH 3S to 0 (7); JH 4S to 0 (5); 2H 5S to 0 (7); 10C KC to 1 (13); QC 9C to 1 (11);
#: AD 10D to 1 (14): 19 to 38. Seat 0 takes High, Low and Jack, seat 1 Game.
JACK_LINE = ("stand", "play AH", "play 3S", "play JH", "play 4S", "play 2H", "play 5S",
             "play 10C", "play KC", "play QC", "play 9C", "play AD", "play 10D")  # fmt: skip

BEG_RUN = ("KD QD 3D", "5C 6C 7C", "8S")
BEG = ("AS 2S 3H 4H 9C 9D", "QS 5S 10H KH 2C 2D", "7H")
#: Eldest discards AS 9C 9D, the dealer 2C 5C 6C; spades are trumps. KD 2D to 0 (5);
#: QD 5S to 1 (7); QS 2S to 1 (4); 10H 4H to 1 (14); KH 3H to 1 (6); 7C 3D to 1 (10):
#: 5 to 41. The discarded AS is not in play: High is QS.
BEG_DISCARDS = ("discard AS", "discard 9C", "discard 9D", "discard 2C", "discard 5C",
                "discard 6C")  # fmt: skip
BEG_PLAY = ("play KD", "play 2D", "play QD", "play 5S", "play QS", "play 2S", "play 10H",
            "play 4H", "play KH", "play 3H", "play 7C", "play 3D")  # fmt: skip


def view(state: atout.State, seat: int | None) -> dict[str, object]:
    return state.view(seat).to_dict()  # type: ignore[no-any-return]


# --- "Seats and dealing", "Deal" ---------------------------------------------------------------


def test_deal_two_rounds_of_three_eldest_first_then_the_turn_up() -> None:
    """§1 Deal and "Seats and dealing": cards from the top, the non-dealer first, in two rounds
    of three; the next card is turned face up and its suit proposed as trump."""
    state = deal(*D1)
    order = [card_text(c) for c in state.packs[0][:13]]
    assert order == ["AH", "3H", "KS", "JH", "9H", "KD", "QS", "10D", "2C", "4D", "10C", "5S",
                     "7H"]  # fmt: skip
    v0, v1 = view(state, 0), view(state, 1)
    assert set(v0["hand"]) == {"AH", "3H", "KS", "QS", "10D", "2C"}  # type: ignore[arg-type]
    assert set(v1["hand"]) == {"JH", "9H", "KD", "4D", "10C", "5S"}  # type: ignore[arg-type]
    assert v0["turn_up"] == "7H" and v0["trump"] is None and v0["stage"] == "stand_or_beg"
    assert v0["dealer"] == 1 and v0["eldest"] == 0 and state.to_act == 0
    assert v0["cards_left"] == 39 and v0["scores"] == [0, 0]


def test_deal_packets_in_the_opening_events() -> None:
    """§1 Deal: 3 to eldest, 3 to the dealer, 3 and 3 again, the turn-up; each seat sees only
    its own cards."""
    events = deal(*D1).opening_events()
    assert isinstance(events[0], DealStarted) and events[0].dealer == 1
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert [(e.seat, e.count) for e in dealt] == [(0, 3), (1, 3), (0, 3), (1, 3)]
    assert [card_text(c) for c in dealt[1].cards or ()] == ["JH", "9H", "KD"]
    assert dealt[1].seen_by(0).to_dict()["cards"] is None
    turned = events[-1]
    assert isinstance(turned, CardTurned) and card_text(turned.card) == "7H"
    assert turned.outcome == "proposed"


def test_turning_the_jack_scores_one_for_the_dealer_at_once() -> None:
    """§1 Deal: a Jack turned scores 1 for the dealer at once."""
    state = deal(*D1[:2], "JC")
    assert view(state, 0)["scores"] == [0, 1] and view(state, 0)["deal_points"] == [0, 1]
    jack = [e for e in state.opening_events() if isinstance(e, JackTurned)]
    assert [(e.seat, e.new_trump) for e in jack] == [(1, False)]
    assert deal(*D1).view(0).scores == (0, 0)


def test_first_dealer_is_drawn_and_the_deal_alternates() -> None:
    """§1 Deal: the first dealer is chosen at random (from the seed); the deal alternates after
    every hand."""
    game = atout.load("seven_up")
    assert {game.new_match(seed=s).first_dealer for s in range(40)} == {0, 1}
    state = deal(*D1)
    play(state, *D1_LINE)
    assert state.deals_done == 1 and view(state, 0)["dealer"] == 0
    assert view(state, 0)["deal"] == 2 and state.to_act == 1  # seat 1 is eldest now


def test_a_finished_trick_leaves_the_table_at_once() -> None:
    """ "Seats and dealing": a finished trick leaves the table at once; views show it among
    the finished tricks, and the table is empty until the next lead."""
    state = deal(*D1)
    play(state, "stand", "play AH")
    assert view(state, 1)["trick"] == ["AH"]
    play(state, "play 9H")
    v = view(state, 1)
    assert v["trick"] == []
    assert v["tricks"] == [{"leader": 0, "cards": ["AH", "9H"], "winner": 0, "points": 13}]


# --- "Stand or beg" ------------------------------------------------------------------------------


def test_stand_accepts_the_turned_suit_and_eldest_leads() -> None:
    """§1 Stand or beg: eldest stands, the turned suit is trump; six cards each, no discard."""
    state = deal(*D1)
    assert texts(state.legal_actions()) == ["stand", "beg"]
    events = play(state, "stand")
    assert [type(e) for e in events] == [Stood]
    v = view(state, 0)
    assert v["trump"] == "H" and v["stage"] == "play" and state.to_act == 0
    assert v["hand_sizes"] == [6, 6] and v["cards_left"] == 39


def test_beg_makes_the_dealer_run_the_cards() -> None:
    """§1 Stand or beg (default): begging forces the dealer to deal 3 more to each player
    (eldest first) and turn the next card; a new suit is trump."""
    state = deal(*BEG, [BEG_RUN])
    events = play(state, "beg")
    assert [type(e) for e in events] == [Begged, CardsRun, CardsDealt, CardsDealt, CardTurned]
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert [(e.seat, [card_text(c) for c in e.cards or ()]) for e in dealt] == [
        (0, ["KD", "QD", "3D"]), (1, ["5C", "6C", "7C"])]  # fmt: skip
    v = view(state, 0)
    assert v["trump"] == "S" and v["turn_up"] == "8S" and v["rejected"] == ["7H"]
    assert v["hand_sizes"] == [9, 9] and v["cards_left"] == 32 and v["stage"] == "discard"


def test_the_run_repeats_while_the_first_suit_turns_up() -> None:
    """§1 Stand or beg: if the suit turned is the first turned suit, 3 more each and turn
    again, until a different suit turns up. Rejected turn-ups stay face up, seen by both, and
    are out of play."""
    state = deal(*D1, ["8H", "KC"])
    events = play(state, "beg")
    turned = [(card_text(e.card), e.run, e.outcome) for e in events if isinstance(e, CardTurned)]
    assert turned == [("8H", 1, "rejected"), ("KC", 2, "trump")]
    for seat in (0, 1, None):
        v = view(state, seat)
        assert v["rejected"] == ["7H", "8H"] and v["turn_up"] == "KC" and v["trump"] == "C"
    assert view(state, 0)["hand_sizes"] == [12, 12] and view(state, 0)["cards_left"] == 25
    zones = state.zones()
    assert zones["rejected"] == CardSet.parse("7H 8H").mask
    assert not zones["rejected"] & (zones["hand0"] | zones["hand1"])


def test_a_jack_turned_as_new_trump_scores_a_rejected_one_does_not() -> None:
    """§1 Stand or beg: a Jack turned up as the new trump scores 1 for the dealer; a Jack of
    the rejected suit scores nothing."""
    state = deal(*D1, ["JS"])
    events = play(state, "beg")
    assert [(e.seat, e.new_trump) for e in events if isinstance(e, JackTurned)] == [(1, True)]
    assert view(state, 0)["scores"] == [0, 1]
    state = deal(*BEG[:2], "7D", ["JD", "KS"])
    events = play(state, "beg")
    assert not [e for e in events if isinstance(e, JackTurned)]
    assert view(state, 0)["scores"] == [0, 0] and view(state, 0)["rejected"] == ["7D", "JD"]


def test_a_jack_point_on_the_first_turn_up_stands_after_a_beg() -> None:
    """§1 Stand or beg: a Jack point scored on the first turn-up stands after a beg. BEG with
    JH turned: the dealer keeps the turned Jack and adds High, Low and Game (4 to 0)."""
    state = deal(*BEG[:2], "JH", [BEG_RUN])
    play(state, "beg")
    assert view(state, 0)["scores"] == [0, 1] and view(state, 0)["trump"] == "S"
    play(state, *BEG_DISCARDS, *BEG_PLAY)
    d = last_deal(state)
    assert d["turned_jack"] == 1 and d["new_trump_jack"] is None and d["points"] == [0, 4]


VOID_HANDS = ("2C 3C 4C 5C 6C 7C", "2D 3D 4D 5D 6D 7D")


def test_a_void_deal_scores_nothing_and_the_same_dealer_deals_again() -> None:
    """§1 Stand or beg: fewer than 7 cards left for another run before a new suit turns up:
    the deal is void, nothing scored in it stands (the turned Jack included) and the same
    dealer deals again, from a new pack. Five runs turn hearts: 52 - 13 - 5 x 7 = 4 left."""
    second = pack(*D1)
    state = deal(*VOID_HANDS, "JH", ["2H", "3H", "4H", "5H", "6H"], more=[second])
    assert view(state, 0)["scores"] == [0, 1]
    events = play(state, "beg")
    assert len([e for e in events if isinstance(e, CardsRun)]) == 5
    ended = [e for e in events if isinstance(e, DealEnded)]
    assert len(ended) == 1 and ended[0].result.to_dict()["void"] is True
    d = state.result().to_dict()["deals"][0]
    assert d["points"] == [0, 0] and d["turned_jack"] is None and d["trump"] is None
    assert state.result().scores == (0, 0)
    v = view(state, 0)
    assert v["deal"] == 2 and v["dealer"] == 1 and v["stage"] == "stand_or_beg"
    assert [card_text(c) for c in state.packs[1]] == second and v["turn_up"] == "7H"


def test_a_fifth_run_is_dealt_while_eleven_cards_are_left() -> None:
    """§1 Stand or beg: after four runs of the first suit 11 cards are left, enough for another run
    (7)."""
    state = deal(*VOID_HANDS, "7H", ["2H", "3H", "4H", "5H", "KS"])
    play(state, "beg")
    v = view(state, 0)
    assert state.deals_done == 0 and v["trump"] == "S" and v["cards_left"] == 4
    assert v["hand_sizes"] == [21, 21]


def test_variant_gift_give_one() -> None:
    """§1 `gift`: when eldest begs the dealer chooses; giving one scores 1 for eldest, the
    turned suit stays trump and play begins with six cards each."""
    state = deal(*BEG, [BEG_RUN], rules="seven_up(gift=true)")
    play(state, "beg")
    assert state.to_act == 1 and texts(state.legal_actions()) == ["give", "run"]
    assert view(state, 1)["stage"] == "give_or_run" and view(state, 1)["trump"] is None
    events = play(state, "give")
    assert [(type(e), e.to) for e in events if isinstance(e, GiftGiven)] == [(GiftGiven, 0)]
    v = view(state, 0)
    assert v["scores"] == [1, 0] and v["trump"] == "H" and v["rejected"] == []
    assert v["stage"] == "play" and state.to_act == 0 and v["hand_sizes"] == [6, 6]


def test_variant_gift_run_the_cards() -> None:
    """§1 `gift`: or the dealer runs the cards as by default."""
    state = deal(*BEG, [BEG_RUN], rules="seven_up(gift=true)")
    play(state, "beg")
    events = play(state, "run")
    assert [type(e) for e in events] == [CardsRun, CardsDealt, CardsDealt, CardTurned]
    v = view(state, 0)
    assert v["trump"] == "S" and v["stage"] == "discard" and v["scores"] == [0, 0]


def test_variant_gift_not_when_eldest_has_six() -> None:
    """§1 `gift`: the dealer may not give when eldest has 6 points or more; the decision is
    still asked, with run the only choice."""
    state = deal(*BEG, [BEG_RUN], rules="seven_up(gift=true)", scores=(6, 0))
    play(state, "beg")
    assert state.to_act == 1 and texts(state.legal_actions()) == ["run"]
    with pytest.raises(atout.IllegalAction, match="you may not give: seat 0 has 6 points"):
        state.apply("give")
    state = deal(*BEG, [BEG_RUN], rules="seven_up(gift=true)", scores=(5, 0))
    play(state, "beg")
    assert texts(state.legal_actions()) == ["give", "run"]


def test_without_gift_there_is_no_give_or_run() -> None:
    """§1 Stand or beg (default): begging forces the run; the dealer has no decision."""
    state = deal(*BEG, [BEG_RUN])
    with pytest.raises(atout.IllegalAction, match="without the gift"):
        state.apply("give", seat=0)
    play(state, "beg")
    assert state.to_act == 0  # eldest discards at once
    with pytest.raises(atout.IllegalAction, match="it is seat 0's turn"):
        state.apply("run", seat=1)


# --- "Discard" -----------------------------------------------------------------------------------


def test_discard_to_six_one_card_at_a_time_eldest_first() -> None:
    """§1 Discard: after running, each player discards face down to exactly 6, choosing
    freely, eldest first, then the dealer; then eldest leads."""
    state = deal(*BEG, [BEG_RUN])
    play(state, "beg")
    assert state.to_act == 0
    assert texts(state.legal_actions()) == [
        "discard 9C", "discard 3D", "discard 9D", "discard QD", "discard KD", "discard 3H",
        "discard 4H", "discard 2S", "discard AS"]  # fmt: skip
    play(state, *BEG_DISCARDS[:2])
    assert state.to_act == 0 and view(state, 0)["hand_sizes"] == [7, 9]
    play(state, BEG_DISCARDS[2])
    assert state.to_act == 1 and len(state.legal_actions()) == 9
    play(state, *BEG_DISCARDS[3:])
    v = view(state, 0)
    assert v["stage"] == "play" and state.to_act == 0 and v["hand_sizes"] == [6, 6]
    assert v["discards"] == ["9C", "9D", "AS"] and v["discard_counts"] == [3, 3]


def test_discards_are_hidden_from_the_other_seat() -> None:
    """§1 Discard: neither sees the other's discards (views, events and the action log)."""
    state = deal(*BEG, [BEG_RUN])
    play(state, "beg")
    events = play(state, "discard AS")
    assert [type(e) for e in events] == [Discarded]
    assert events[0].seen_by(0).to_dict()["card"] == "AS"
    assert events[0].seen_by(1).to_dict()["card"] is None
    assert events[0].seen_by(None).to_dict()["card"] is None
    assert view(state, 1)["discards"] == [] and view(state, 1)["discard_counts"] == [1, 0]
    assert "AS" not in str(view(state, 1)) and "AS" not in str(view(state, None))
    assert state.history_for(1)[-1] == (0, "discard ??")
    assert state.history_for(0)[-1] == (0, "discard AS")


def test_discards_never_count() -> None:
    """§1 Discard: discards are out of play and never count: eldest's discarded AS is not
    High (QS is), and no discard counts for Game (5 to 41, not 27 to 54)."""
    state = deal(*BEG, [BEG_RUN])
    play(state, "beg", *BEG_DISCARDS, *BEG_PLAY)
    d = last_deal(state)
    assert d["trump"] == "S" and d["high_card"] == "QS" and d["low_card"] == "2S"
    assert (d["high"], d["low"], d["jack"], d["game"]) == (1, 1, None, 1)
    assert d["game_totals"] == [5, 41] and d["points"] == [0, 3]


def test_discarding_is_refused_outside_the_discard() -> None:
    state = deal(*D1)
    with pytest.raises(atout.IllegalAction, match="you cannot discard now"):
        state.apply("discard AH")
    state = deal(*BEG, [BEG_RUN])
    play(state, "beg")
    with pytest.raises(atout.IllegalAction, match="you cannot play now: discard down to six"):
        state.apply("play AS")
    with pytest.raises(atout.IllegalAction, match="you do not hold 5C"):
        state.apply("discard 5C")


# --- "Play" --------------------------------------------------------------------------------------


def test_eldest_leads_any_card_and_the_winner_leads_next() -> None:
    """§1 Play: eldest leads to the first trick, any card; the winner of a trick leads next."""
    state = deal(*D1)
    play(state, "stand")
    assert texts(state.legal_actions()) == ["play 2C", "play 10D", "play 3H", "play AH",
                                            "play QS", "play KS"]  # fmt: skip
    play(state, "play 3H", "play JH")  # JH beats 3H: seat 1 leads next
    assert state.to_act == 1


def test_follow_suit_or_trump_even_when_able_to_follow() -> None:
    """§1 Play (default): the second player must follow suit or trump; trumping is allowed
    even when able to follow; no card of a third suit then."""
    state = deal(*D1)
    play(state, "stand", "play KS")
    assert texts(state.legal_actions()) == ["play 9H", "play JH", "play 5S"]
    with pytest.raises(
        atout.IllegalAction, match="you must follow spades or trump: play 9H, play JH, play 5S"
    ):
        state.apply("play KD")


def test_follow_trumps_when_trumps_are_led() -> None:
    """§1 Play: a trump led must be followed with a trump if the second player holds one."""
    state = deal(*D1)
    play(state, "stand", "play AH")
    assert texts(state.legal_actions()) == ["play 9H", "play JH"]
    with pytest.raises(atout.IllegalAction, match=r"you must follow trumps \(hearts\)"):
        state.apply("play 5S")


FOLLOW = ("AC KC 2H 8S 8D 2S", "9H JH KD 4D 5S QS", "7H")


def test_void_of_the_suit_led_must_trump() -> None:
    """§1 Play (default): a card of a third suit only for a player holding no card of the suit
    led and no trump: void of clubs but holding trumps, the dealer must trump."""
    state = deal(*FOLLOW)
    play(state, "stand", "play AC")
    assert texts(state.legal_actions()) == ["play 9H", "play JH"]


def test_a_third_suit_when_holding_neither() -> None:
    """§1 Play: holding no card of the suit led and no trump, any card may be played."""
    state = deal("2C KC 2H 8S 8D 2S", "KD 4D 5S QS 9D AS", "7H")
    play(state, "stand", "play 2C")
    assert len(state.legal_actions()) == 6
    play(state, "play AS")
    assert state.view(0).tricks[-1].winner == 0  # a card of a third suit never wins


def test_variant_free_discard() -> None:
    """§1 `free_discard`: a player who cannot follow suit may play any card; one who can must
    still follow suit or trump."""
    state = deal(*FOLLOW, rules="seven_up(free_discard=true)")
    play(state, "stand", "play AC")
    assert texts(state.legal_actions()) == ["play 4D", "play KD", "play 9H", "play JH",
                                            "play 5S", "play QS"]  # fmt: skip
    state = deal(*FOLLOW, rules="seven_up(free_discard=true)")
    play(state, "stand", "play 8S")
    assert texts(state.legal_actions()) == ["play 9H", "play JH", "play 5S", "play QS"]


def test_the_highest_trump_wins_else_the_higher_card_of_the_suit_led() -> None:
    """§1 Play: a trick is won by the highest trump in it, or with no trump by the higher card
    of the suit led (natural order: §1 the pack, A high); the winner keeps the cards."""
    state = deal(*FOLLOW)
    events = play(state, "stand", "play 8S", "play QS")
    assert [(e.seat, e.points) for e in events if isinstance(e, TrickWon)] == [(1, 10)]
    state = deal(*FOLLOW)
    events = play(state, "stand", "play 8S", "play 9H")  # a low trump beats a plain card
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [1]
    state = deal(*D1)
    events = play(state, "stand", "play AH", "play JH")  # both trumps: the higher wins
    assert [e.seat for e in events if isinstance(e, TrickWon)] == [0]
    assert state.zones()["won0"] == CardSet.parse("AH JH").mask


# --- "Scoring a hand" ---------------------------------------------------------------------------


def test_high_low_jack_and_game() -> None:
    """§1 Scoring a hand: High to the captor of the highest trump in play, Low to the captor of
    the lowest, Jack to the captor of the Jack of trumps, Game to the higher total (A 4, K 3,
    Q 2, J 1, others their face value). D1: seat 0 High; seat 1 Low, Jack and Game."""
    state = deal(*D1)
    play(state, *D1_LINE)
    d = last_deal(state)
    assert (d["high"], d["low"], d["jack"], d["game"]) == (0, 1, 1, 1)
    assert (d["high_card"], d["low_card"], d["jack_card"]) == ("AH", "3H", "JH")
    assert d["game_totals"] == [21, 35] and d["points"] == [1, 3]
    assert [d[k] for k in ("turned_jack", "gift", "new_trump_jack", "void")] == [None] * 3 + [False]
    assert state.result().scores == (1, 3)


def test_one_trump_in_play_is_high_and_low_and_turn_ups_never_count() -> None:
    """§1 Scoring a hand: only one trump in play (5H) is both High and Low; the turned AH is never
    in play, so it is not High and does not count for Game; the Jack is not in play."""
    state = deal(*ONE)
    play(state, *ONE_LINE)
    d = last_deal(state)
    assert d["high_card"] == d["low_card"] == "5H" and (d["high"], d["low"]) == (1, 1)
    assert d["jack"] is None and d["jack_card"] is None
    assert d["game_totals"] == [11, 52] and d["points"] == [0, 3]


def test_a_turned_jack_is_not_in_play() -> None:
    """§1 Scoring a hand: the turned JH scores the dealer's turned-Jack point, but it is not in
    play: nobody scores Jack for it."""
    state = deal(*ONE[:2], "JH")
    play(state, *ONE_LINE)
    d = last_deal(state)
    assert d["turned_jack"] == 1 and d["jack"] is None and d["points"] == [0, 4]


def test_no_trump_in_play_only_game_scores() -> None:
    """§1 Scoring a hand: with no trump in play only Game can score."""
    state = deal(*GAME)
    play(state, *GAME_LINE)
    d = last_deal(state)
    assert (d["high"], d["low"], d["jack"], d["high_card"]) == (None, None, None, None)
    assert d["game_totals"] == [52, 19] and d["game"] == 0 and d["points"] == [1, 0]


def test_equal_game_totals_score_nothing() -> None:
    """§1 Scoring a hand: equal totals, nobody scores Game."""
    state = deal(*TIE)
    play(state, *TIE_LINE)
    d = last_deal(state)
    assert d["game_totals"] == [32, 32] and d["game"] is None and d["points"] == [0, 0]


def test_variant_dealt_low() -> None:
    """§1 `dealt_low`: Low goes to the player who was dealt it: D1's 3H, held by seat 0 and
    captured by seat 1."""
    state = deal(*D1, rules="seven_up(dealt_low=true)")
    play(state, *D1_LINE)
    d = last_deal(state)
    assert (d["high"], d["low"], d["jack"], d["game"]) == (0, 0, 1, 1)
    assert d["points"] == [2, 2]


def test_variant_tens_only_game() -> None:
    """§1 `tens_only_game`: only A 4, K 3, Q 2, J 1 and 10 count: GAME goes from 52 to 19 for
    seat 0 to 0 to 14 for seat 1."""
    state = deal(*GAME, rules="seven_up(tens_only_game=true)")
    events = play(state, *GAME_LINE)
    assert [e.points for e in events if isinstance(e, TrickWon)] == [0, 0, 4, 10, 0, 0]
    d = last_deal(state)
    assert d["game_totals"] == [0, 14] and d["game"] == 1 and d["points"] == [0, 1]


def test_variant_tie_game_to_eldest() -> None:
    """§1 `tie_game_to_eldest`: equal Game totals give the point to eldest (seat 0)."""
    state = deal(*TIE, rules="seven_up(tie_game_to_eldest=true)")
    play(state, *TIE_LINE)
    d = last_deal(state)
    assert d["game_totals"] == [32, 32] and d["game"] == 0 and d["points"] == [1, 0]


# --- "Winning" -----------------------------------------------------------------------------------

GAME_JS = (*GAME[:2], "JS")  # GAME with the Jack of trumps turned: the dealer's point at once


def test_seven_is_checked_when_the_hand_is_scored_and_ties_play_on() -> None:
    """§1 Winning: a dealer who reaches 7 by turning a Jack has not won yet; both at 7 after
    the hand with equal scores, more hands are played, dealing alternately (TIE ends 7 to 7
    again), until a hand ends with the scores unequal (ONE: the dealer 3, 10 to 7)."""
    state = deal(*GAME_JS, scores=(6, 6), more=[pack(*TIE), pack(*ONE)])
    assert view(state, 0)["scores"] == [6, 7] and state.to_act == 0
    play(state, *GAME_LINE)
    assert state.result().scores == (7, 7) and not state.is_over
    assert view(state, 0)["dealer"] == 0
    play(state, *TIE_LINE)
    assert state.result().scores == (7, 7) and not state.is_over
    assert view(state, 0)["dealer"] == 1
    play(state, *ONE_LINE)
    r = state.result().to_dict()
    assert r["over"] and r["scores"] == [7, 10] and r["winners"] == [1]
    assert [d["points"] for d in r["deals"]] == [[1, 1], [0, 0], [0, 3]]


def test_both_past_seven_the_higher_score_wins() -> None:
    """§1 Winning: both reach 7 or more in the same hand: the higher score wins (D1 from 6 to
    5: 7 to 8), though eldest reached 7 first in the counting order."""
    state = deal(*D1, scores=(6, 5))
    play(state, *D1_LINE)
    r = state.result().to_dict()
    assert r["over"] and r["scores"] == [7, 8] and r["winners"] == [1]
    assert r["deals"][-1]["counted_out"] is None


def test_first_to_seven_wins() -> None:
    """§1 Winning: the first player to 7 wins (D1 from 5 to 2: seat 1 at 5, seat 0 at 6)."""
    state = deal(*D1, scores=(5, 2))
    play(state, *D1_LINE)
    assert not state.is_over and state.result().scores == (6, 5)
    state = deal(*D1, scores=(2, 4))
    play(state, *D1_LINE)
    r = state.result().to_dict()
    assert r["over"] and r["scores"] == [3, 7] and r["winners"] == [1]


COUNT_OUT_CASES = [
    # High is counted first: eldest reaches 7 and the dealer's three points never count.
    (D1, D1_LINE, (6, 5), "high", (7, 5), (1, 0)),
    # Low before Jack and Game: High takes eldest to 6, Low the dealer to 7.
    (D1, D1_LINE, (5, 6), "low", (6, 7), (1, 1)),
    # Jack before Game: seat 0 reaches 7 on Jack; seat 1's Game is never counted.
    (JACK, JACK_LINE, (4, 6), "jack", (7, 6), (3, 0)),
]


@pytest.mark.parametrize("case", COUNT_OUT_CASES, ids=lambda c: c[3])
def test_variant_count_out_high_low_jack_game(case: tuple[Any, ...]) -> None:
    """§1 `count_out`: points are counted as they arise, High, Low, Jack, Game; the first to
    reach 7 wins at that moment, and the points after it are not counted."""
    hand, line, scores, point, final, points = case
    state = deal(*hand, rules="seven_up(count_out=true)", scores=scores)
    play(state, *line)
    r = state.result().to_dict()
    assert r["over"] and r["scores"] == list(final) and r["winners"] == [final.index(7)]
    d = r["deals"][-1]
    assert d["counted_out"] == point and d["points"] == list(points)
    later = ("high", "low", "jack", "game")[("high", "low", "jack", "game").index(point) + 1 :]
    assert all(d[p] is None for p in later)


def test_the_same_hands_without_count_out() -> None:
    """§1 Winning (default): the same three hands counted at the end: 7 to 8 (seat 1), 6 to 9
    (seat 1), and 7 to 7, which plays on."""
    state = deal(*D1, scores=(5, 6))
    play(state, *D1_LINE)
    assert state.result().winners == (1,) and state.result().scores == (6, 9)
    state = deal(*JACK, scores=(4, 6))
    play(state, *JACK_LINE)
    assert not state.is_over and state.result().scores == (7, 7)


def test_variant_count_out_a_turned_jack_wins_at_once() -> None:
    """§1 `count_out`: the turned Jack counts as it arises: a dealer at 6 turning a Jack wins
    before anyone acts (by default the hand is played)."""
    for rules, over in (("seven_up(count_out=true)", True), ("seven_up", False)):
        state = deal(*TIE, rules=rules, scores=(6, 0), more=[pack(*ONE[:2], "JC")])
        play(state, *TIE_LINE)  # no points; seat 0 deals next and turns JC
        assert state.is_over is over
        assert state.result().scores == (7, 0) and view(state, 0)["dealer"] == 0
        if over:
            d = last_deal(state)
            assert d["counted_out"] == "turned_jack" and d["points"] == [1, 0]
            assert d["trump"] is None and state.legal_actions() == []
        else:
            assert state.to_act == 1


def test_variant_count_out_a_jack_turned_as_new_trump() -> None:
    """§1 `count_out`: a Jack turned as the new trump takes a dealer at 6 to 7 at once."""
    state = deal(*D1, ["JS"], rules="seven_up(count_out=true)", scores=(0, 6))
    play(state, "beg")
    d = last_deal(state)
    assert state.is_over and d["counted_out"] == "new_trump_jack" and d["trump"] == "S"
    assert state.result().to_dict()["winners"] == [1]
    state = deal(*D1, ["JS"], scores=(0, 6))
    play(state, "beg")
    assert not state.is_over and view(state, 0)["stage"] == "discard"


# --- notation, refusals, views, results ----------------------------------------------------------


def test_actions_read_case_insensitively_and_print_canonically() -> None:
    game = atout.load("seven_up")
    assert str(game.parse_action(" PLAY th ")) == "play 10H"
    assert str(game.parse_action("Discard 5h")) == "discard 5H"
    assert [str(game.parse_action(w)) for w in ("STAND", "Beg", "give", "RUN")] == [
        "stand", "beg", "give", "run"]  # fmt: skip
    for bad in ("play QS marriage", "discard", "bid 3", "stand up", "play ZZ"):
        with pytest.raises(atout.NotationError, match=r"stand, beg, give .*discard <card>"):
            game.parse_action(bad)


def test_illegal_actions_name_the_reason_and_change_nothing() -> None:
    state = deal(*D1)
    before = state.clone()
    with pytest.raises(atout.IllegalAction, match="you cannot play now: eldest first stands"):
        state.apply("play AH")
    with pytest.raises(atout.IllegalAction, match="it is seat 0's turn, not seat 1's"):
        state.apply("beg", seat=1)
    play(state, "stand")
    before = state.clone()
    with pytest.raises(atout.IllegalAction, match="you do not hold 5S"):
        state.apply("play 5S")
    with pytest.raises(atout.IllegalAction, match="eldest has already decided"):
        state.apply("beg")
    with pytest.raises(atout.IllegalAction, match="no marriages"):
        state.apply(atout.core.Play(parse_card("AH"), marriage=True))
    assert state == before


def test_views_show_own_cards_and_everything_public() -> None:
    """A seat sees its own hand and discards, the turn-ups, trump, the played cards and the
    scores; never the other hand or the other discards; a spectator sees no hand."""
    state = deal(*BEG, [BEG_RUN])
    play(state, "beg", *BEG_DISCARDS, "play KD")
    v1 = view(state, 1)
    assert set(v1["hand"]) == {"QS", "5S", "10H", "KH", "2D", "7C"}  # type: ignore[arg-type]
    assert v1["discards"] == ["2C", "5C", "6C"] and v1["hand_sizes"] == [5, 6]
    assert v1["trick"] == ["KD"] and v1["turn_up"] == "8S" and v1["rejected"] == ["7H"]
    assert v1["to_act"] == 1 and v1["leader"] == 0 and v1["stage"] == "play"
    hidden = {"2S", "3H", "4H", "QD", "3D", "AS", "9C", "9D"}
    assert not hidden & set(str(v1).replace("'", " ").replace(",", " ").split())
    spectator = view(state, None)
    assert spectator["hand"] is None and spectator["discards"] is None


def test_result_to_dict() -> None:
    """The match result: over, winners, scores, and per deal the points and their breakdown."""
    state = deal(*D1)
    play(state, *D1_LINE)
    r = state.result().to_dict()
    assert {"over", "winners", "scores", "deals"} <= set(r) and not r["over"]
    assert r["winners"] == [] and r["scores"] == [1, 3]
    assert set(r["deals"][0]) == {
        "deal", "dealer", "void", "trump", "points", "turned_jack", "gift", "new_trump_jack",
        "high", "low", "jack", "game", "high_card", "low_card", "jack_card", "game_totals",
        "counted_out"}  # fmt: skip


def test_rules_object_defaults_and_variants() -> None:
    """§1 `gift`, `free_discard`, `dealt_low`, `tens_only_game`, `tie_game_to_eldest`,
    `count_out`: every variant is an option, off by default (the seeds' rules); rules texts
    name them."""
    from atout.sevenup import SevenUp, SevenUpRules

    assert atout.load("seven_up").rules == SevenUpRules()
    assert SevenUpRules().to_dict() == dict.fromkeys(
        ("gift", "free_discard", "dealt_low", "tens_only_game", "tie_game_to_eldest",
         "count_out"), False)  # fmt: skip
    game = atout.load("seven_up( count_out=TRUE, gift=yes )")
    assert game.text == "seven_up(gift=true,count_out=true)" and game.rules.gift
    assert SevenUp.variants()[:2] == ["seven_up", "seven_up(gift=true)"]
    assert len(SevenUp.variants()) == 7
    with pytest.raises(atout.RulesError, match="seven_up has no option 'jokers'"):
        atout.load("seven_up(jokers=true)")
