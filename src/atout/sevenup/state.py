"""The Seven Up engine: one match to 7 points, RULES.md §1, on int bitmasks.

Fields of a deal (seats 0 and 1; lists are indexed by seat and copied by ``clone``):

- ``_pack``: the deal's pack, top card first; ``_pos`` counts the cards dealt or turned from
  it, so the undealt cards are ``_pack[_pos:]``.
- ``_hands``, ``_discards``, ``_won``: masks of the cards held, discarded and captured.
- ``_turn_up``: the face-up card whose suit ``_trump`` is trump (proposed as trump while
  ``_stage`` is STAND_OR_BEG or GIVE_OR_RUN); ``_rejected``: the turn-ups a beg rejected, in
  the order turned (public, out of play).
- ``_stage``: STAND_OR_BEG, GIVE_OR_RUN (``gift`` only), DISCARD, PLAY. The trump is settled
  from DISCARD on.
- ``_turned_jack``, ``_new_trump_jack``: the dealer scored for a Jack turned at the deal, or
  as the new trump after a run; ``_gift``: the dealer gave eldest one. Those points are
  already in ``_scores``, and a void deal takes them back.
- ``_leader`` leads the current trick; ``_lead`` is the card led, -1 before the lead.
- ``_trick_log``: the finished tricks, newest first, as a linked list of tuples
  ``(previous, leader, lead, follow, winner)`` (``None`` when empty), so that adding a trick
  and cloning cost the same however many tricks there are.

The match: ``_scores`` are the points per seat as they stand, the current deal's included;
``_deals`` holds the finished deals' results. Eldest is always ``1 - _dealer``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Self, cast

from atout.cards import CardSet, Rank, bits, card_text, mask_of, suit_name
from atout.core.actions import Action, Beg, Discard, Give, Play, Run, Stand
from atout.core.events import (
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
)
from atout.core.interned import (
    BEG_KIND,
    DISCARD_KIND,
    GIVE_KIND,
    PLAY_KIND,
    RUN_KIND,
    STAND_KIND,
    card_played,
    trick_won,
)
from atout.core.state import Result, State, TrickRecord, index_field
from atout.sevenup.actions import BEG, DISCARD, GIVE, PLAY, RUN, STAND
from atout.sevenup.events import (
    PROPOSED,
    REJECTED,
    TRUMP,
    Begged,
    CardsRun,
    CardTurned,
    Discarded,
    GiftGiven,
    JackTurned,
    Stood,
)
from atout.sevenup.playout import random_playout
from atout.sevenup.scoring import POINT_NAMES, count_hand
from atout.sevenup.tables import (
    DEALT,
    GOAL,
    HAND,
    NO_GIFT_FROM,
    RUN_SIZE,
    SUIT,
    SUIT_MASKS,
    TENS_VALUE,
    VALUE,
)
from atout.sevenup.view import (
    DISCARDING,
    GIVE_OR_RUN,
    PLAYING,
    STAGES,
    STAND_OR_BEG,
    SevenUpDealResult,
    SevenUpView,
)

if TYPE_CHECKING:
    from atout.sevenup.game import SevenUp
    from atout.sevenup.rules import SevenUpRules

__all__ = ["SevenUpState"]

_STAND_OR_BEG: Final[list[Action]] = [STAND, BEG]
_GIVE_OR_RUN: Final[list[Action]] = [GIVE, RUN]
_RUN_ONLY: Final[list[Action]] = [RUN]


class SevenUpState(State):
    """A Seven Up match; create it with ``atout.load("seven_up").new_match(...)``."""

    _scores: list[int]
    _deals: tuple[SevenUpDealResult, ...]
    _deal_no: int
    _dealer: int
    _pack: tuple[int, ...]
    _pos: int
    _hands: list[int]
    _discards: list[int]
    _won: list[int]
    _turn_up: int
    _trump: int
    _rejected: tuple[int, ...]
    _stage: int
    _turned_jack: bool
    _new_trump_jack: bool
    _gift: bool
    _leader: int
    _lead: int
    _trick_log: tuple[Any, ...] | None

    _rules: SevenUpRules
    _gift_rule: bool
    _free_discard: bool
    _count_out: bool
    _values: tuple[int, ...]

    def __init__(
        self,
        game: SevenUp | None = None,
        *,
        seed: int = 0,
        packs: tuple[tuple[int, ...], ...] = (),
        dealer: int = 0,
        shuffle: bool = True,
    ) -> None:
        if game is None:
            return  # a blank state, for clone() to fill
        self._init_match(game, seed, packs, dealer, shuffle=shuffle)
        rules = game.rules
        self._rules = rules
        self._gift_rule = rules.gift
        self._free_discard = rules.free_discard
        self._count_out = rules.count_out
        self._values = TENS_VALUE if rules.tens_only_game else VALUE
        self._scores = [0, 0]
        self._deals = ()
        self._deal_no = 0
        self._start_deal(dealer, None)

    def clone(self) -> Self:
        """An independent copy. The blank state is made by a direct call of this class:
        compiled, that is a C call, where the base class's ``type(self)()`` is a generic one."""
        new = SevenUpState()
        new._copy_from(self)
        return cast(Self, new)

    def _copy_from(self, other: SevenUpState) -> None:
        self._copy_match(other)
        self._rules = other._rules
        self._gift_rule = other._gift_rule
        self._free_discard = other._free_discard
        self._count_out = other._count_out
        self._values = other._values
        self._scores = other._scores[:]
        self._deals = other._deals
        self._deal_no = other._deal_no
        self._dealer = other._dealer
        self._pack = other._pack
        self._pos = other._pos
        self._hands = other._hands[:]
        self._discards = other._discards[:]
        self._won = other._won[:]
        self._turn_up = other._turn_up
        self._trump = other._trump
        self._rejected = other._rejected
        self._stage = other._stage
        self._turned_jack = other._turned_jack
        self._new_trump_jack = other._new_trump_jack
        self._gift = other._gift
        self._leader = other._leader
        self._lead = other._lead
        self._trick_log = other._trick_log

    # --- the deal (RULES.md §1 "Deal") --------------------------------------------------

    def _start_deal(self, dealer: int, events: list[Event] | None) -> None:
        """Deal 6 cards each in two rounds of three, eldest first, and turn the next card: its
        suit is proposed as trump. A Jack turned scores 1 for the dealer at once."""
        pack = self._next_pack()
        self._deal_no += 1
        self._dealer = dealer
        eldest = 1 - dealer
        p = pack
        hands = [0, 0]
        hands[eldest] = 1 << p[0] | 1 << p[1] | 1 << p[2] | 1 << p[6] | 1 << p[7] | 1 << p[8]
        hands[dealer] = 1 << p[3] | 1 << p[4] | 1 << p[5] | 1 << p[9] | 1 << p[10] | 1 << p[11]
        turn_up = p[12]
        self._pack = pack
        self._pos = DEALT
        self._hands = hands
        self._discards = [0, 0]
        self._won = [0, 0]
        self._turn_up = turn_up
        self._trump = SUIT[turn_up]
        self._rejected = ()
        self._stage = STAND_OR_BEG
        self._turned_jack = turn_up % 13 == Rank.JACK
        self._new_trump_jack = False
        self._gift = False
        self._leader = eldest
        self._lead = -1
        self._trick_log = None
        self._to_act = eldest
        if events is not None:
            events += _deal_events(self._deal_no, dealer, pack)
        if self._turned_jack:
            self._scores[dealer] += 1
            if self._count_out and self._scores[dealer] >= GOAL:
                self._count_out_now("turned_jack", events)

    def _deal_points(self) -> list[int]:
        """The points scored in the current deal before its tricks are counted."""
        points = [0, 0]
        points[self._dealer] = self._turned_jack + self._new_trump_jack
        points[1 - self._dealer] = int(self._gift)
        return points

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        to_act = self._to_act
        if to_act is None or (seat is not None and seat != to_act):
            return []
        assert isinstance(to_act, int)
        stage = self._stage
        if stage == PLAYING:
            hand = self._hands[to_act]
            if self._lead >= 0:
                hand = self._follow_mask(hand)
            return [PLAY[c] for c in bits(hand)]
        if stage == DISCARDING:
            return [DISCARD[c] for c in bits(self._hands[to_act])]
        if stage == STAND_OR_BEG:
            return _STAND_OR_BEG[:]
        return (_GIVE_OR_RUN if self._may_give() else _RUN_ONLY)[:]

    def _follow_mask(self, hand: int) -> int:
        """The cards the second player may play (RULES.md §1 "Play"): a card of the suit led
        or a trump, trumping allowed even when able to follow; a card of a third suit only
        holding neither. Under ``free_discard``, any card when unable to follow suit."""
        same = hand & SUIT_MASKS[SUIT[self._lead]]
        if self._free_discard and not same:
            return hand
        return (same | (hand & SUIT_MASKS[self._trump])) or hand

    def _may_give(self) -> bool:
        """The dealer may give one unless eldest has 6 points or more (``gift``)."""
        return self._scores[1 - self._dealer] < NO_GIFT_FROM

    def _is_legal(self, seat: int, action: Action) -> bool:
        kind = type(action)
        stage = self._stage
        if kind is PLAY_KIND:
            assert isinstance(action, Play)
            c = index_field(action, "card", 52)
            if stage != PLAYING or action.marriage or c < 0:
                return False
            hand = self._hands[seat]
            if self._lead >= 0:
                hand = self._follow_mask(hand)
            return bool(hand >> c & 1)
        if kind is DISCARD_KIND:
            assert isinstance(action, Discard)
            c = index_field(action, "card", 52)
            if stage != DISCARDING or c < 0:
                return False
            return bool(self._hands[seat] >> c & 1)
        if kind is STAND_KIND or kind is BEG_KIND:
            return stage == STAND_OR_BEG
        if kind is RUN_KIND:
            return stage == GIVE_OR_RUN
        if kind is GIVE_KIND:
            return stage == GIVE_OR_RUN and self._may_give()
        return False

    def _why_illegal(self, seat: int, action: Action) -> str:
        stage = self._stage
        if isinstance(action, (Play, Discard)):
            raw: object = getattr(action, "card", None)  # untyped, as index_field
            c = index_field(action, "card", 52)
            verb = "play" if isinstance(action, Play) else "discard"
            if c < 0:
                return f"{raw!r} is not a card"
            if isinstance(action, Play) and action.marriage:
                return "there are no marriages in Seven Up: play a card alone"
            wrong_stage = stage != (PLAYING if verb == "play" else DISCARDING)
            if wrong_stage:
                return f"you cannot {verb} now: {self._what_now()}"
            if not self._hands[seat] >> c & 1:
                return f"you do not hold {card_text(c)}"
            return self._follow_reason(self._hands[seat])
        if isinstance(action, (Stand, Beg)):
            return f"eldest has already decided: {self._what_now()}"
        if isinstance(action, (Give, Run)):
            if not self._gift_rule:
                return (
                    "this table plays without the gift: when eldest begs, the dealer runs the "
                    "cards at once (the gift variant lets the dealer choose)"
                )
            if stage != GIVE_OR_RUN:
                return f"there is no beg to answer now: {self._what_now()}"
            return (
                f"you may not give: seat {1 - self._dealer} has 6 points or more, "
                "so you must run the cards (run)"
            )
        return f"{action} is not a Seven Up action"

    def _what_now(self) -> str:
        """What the seat to act is asked now, in words (for refusals)."""
        stage = self._stage
        if stage == STAND_OR_BEG:
            return "eldest first stands or begs (stand, beg)"
        if stage == GIVE_OR_RUN:
            return "the dealer gives one or runs the cards (give, run)"
        if stage == DISCARDING:
            return "discard down to six cards, one at a time (discard <card>)"
        return "the tricks are being played (play <card>)"

    def _follow_reason(self, hand: int) -> str:
        """Why a card held may not follow now, naming the cards that may."""
        options = ", ".join("play " + card_text(c) for c in bits(self._follow_mask(hand)))
        led = SUIT[self._lead]
        if led == self._trump:
            return f"you must follow trumps ({suit_name(led)}): {options}"
        return f"you must follow {suit_name(led)} or trump: {options}"

    def _advance(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kind = type(action)
        if kind is PLAY_KIND:
            assert isinstance(action, Play)
            if self._lead < 0:
                self._lead_card(seat, action.card, events)
            else:
                self._follow(seat, action.card, events)
        elif kind is DISCARD_KIND:
            assert isinstance(action, Discard)
            self._discard(seat, action.card, events)
        elif kind is STAND_KIND:
            self._stand(seat, events)
        elif kind is BEG_KIND:
            self._beg(seat, events)
        elif kind is GIVE_KIND:
            self._give(seat, events)
        else:
            self._run(events)

    # --- stand or beg (RULES.md §1 "Stand or beg") ---------------------------------------

    def _stand(self, seat: int, events: list[Event] | None) -> None:
        """Eldest accepts the turned suit as trump and leads to the first trick."""
        self._stage = PLAYING
        if events is not None:
            events.append(Stood(seat, self._trump))

    def _beg(self, seat: int, events: list[Event] | None) -> None:
        """Eldest begs: the dealer runs the cards, or under ``gift`` chooses to."""
        if events is not None:
            events.append(Begged(seat))
        if self._gift_rule:
            self._stage = GIVE_OR_RUN
            self._to_act = self._dealer
        else:
            self._run(events)

    def _give(self, seat: int, events: list[Event] | None) -> None:
        """``gift``: eldest scores 1, the turned suit stays trump, eldest leads. Eldest had
        fewer than 6 points, so the gift never reaches 7 (nor counts out)."""
        eldest = 1 - seat
        self._gift = True
        self._scores[eldest] += 1
        self._stage = PLAYING
        self._to_act = eldest
        if events is not None:
            events.append(GiftGiven(seat, eldest, self._trump))

    def _run(self, events: list[Event] | None) -> None:
        """Run the cards: 3 more to each player (eldest first) and turn the next card, again
        while its suit is the first turned suit. Those turn-ups are rejected, out of play;
        the first different suit is trump, and a Jack turned so scores 1 for the dealer. If
        fewer than 7 cards are left for another run, the deal is void."""
        dealer = self._dealer
        eldest = 1 - dealer
        pack = self._pack
        hands = self._hands
        first = SUIT[pack[DEALT - 1]]
        rejected = (*self._rejected, self._turn_up)
        run = 0
        while True:
            pos = self._pos
            if len(pack) - pos < RUN_SIZE:
                self._void(events)
                return
            run += 1
            turn_up = pack[pos + 6]
            hands[eldest] |= 1 << pack[pos] | 1 << pack[pos + 1] | 1 << pack[pos + 2]
            hands[dealer] |= 1 << pack[pos + 3] | 1 << pack[pos + 4] | 1 << pack[pos + 5]
            self._pos = pos + RUN_SIZE
            is_new = SUIT[turn_up] != first
            if events is not None:
                events.append(CardsRun(dealer, run))
                events.append(CardsDealt(eldest, 3, pack[pos : pos + 3]))
                events.append(CardsDealt(dealer, 3, pack[pos + 3 : pos + 6]))
                outcome = TRUMP if is_new else REJECTED
                events.append(CardTurned(turn_up, SUIT[turn_up], run, outcome))
            if is_new:
                break
            rejected += (turn_up,)
        self._rejected = rejected
        self._turn_up = turn_up
        self._trump = SUIT[turn_up]
        self._stage = DISCARDING
        self._to_act = eldest
        if turn_up % 13 == Rank.JACK:
            self._new_trump_jack = True
            self._scores[dealer] += 1
            if events is not None:
                events.append(JackTurned(dealer, turn_up, new_trump=True))
            if self._count_out and self._scores[dealer] >= GOAL:
                self._count_out_now("new_trump_jack", events)

    # --- discard and play (RULES.md §1 "Discard", "Play") --------------------------------

    def _discard(self, seat: int, c: int, events: list[Event] | None) -> None:
        """Discard one card face down; eldest discards down to 6, then the dealer, then
        eldest leads."""
        hand = self._hands[seat] ^ (1 << c)
        self._hands[seat] = hand
        self._discards[seat] |= 1 << c
        if events is not None:
            events.append(Discarded(seat, c))
        if hand.bit_count() == HAND:
            if seat == self._dealer:
                self._stage = PLAYING
                self._to_act = 1 - seat
            else:
                self._to_act = self._dealer

    def _lead_card(self, seat: int, c: int, events: list[Event] | None) -> None:
        # A list item is updated as x[i] = x[i] ^ m: compiled, x[i] ^= m is a generic call.
        self._hands[seat] = self._hands[seat] ^ (1 << c)
        self._lead = c
        self._to_act = 1 - seat
        if events is not None:
            events.append(card_played(seat, c))

    def _follow(self, seat: int, c: int, events: list[Event] | None) -> None:
        """Play the second card and settle the trick: the highest trump in it wins, or with no
        trump the higher card of the suit led. The winner leads next."""
        hand = self._hands[seat] ^ (1 << c)
        self._hands[seat] = hand
        lead, leader = self._lead, self._leader
        if SUIT[c] == SUIT[lead]:
            winner = seat if c > lead else leader
        else:
            winner = seat if SUIT[c] == self._trump else leader
        self._won[winner] = self._won[winner] | (1 << c) | (1 << lead)
        self._trick_log = (self._trick_log, leader, lead, c, winner)
        self._lead = -1
        self._leader = winner
        self._to_act = winner
        if events is not None:
            events.append(card_played(seat, c))
            events.append(trick_won(winner, leader, lead, c, self._values[lead] + self._values[c]))
        if not hand:  # both hands are empty: the sixth trick is over
            self._score_hand(events)

    # --- scoring and the match (RULES.md §1 "Scoring a hand", "Winning") -----------------

    def _played(self) -> list[int]:
        """The cards each seat played this deal (for ``dealt_low``: who held the Low)."""
        played = [0, 0]
        node = self._trick_log
        while node is not None:
            node, leader, lead, follow, _winner = node
            played[leader] |= 1 << lead
            played[1 - leader] |= 1 << follow
        return played

    def _score_hand(self, events: list[Event] | None) -> None:
        """Count High, Low, Jack and Game. Under ``count_out`` the first to 7 wins at that
        moment and the later points are not counted; otherwise the score is checked now:
        the higher score wins once a player has 7 and the scores are unequal."""
        dealer = self._dealer
        count = count_hand(self._rules, self._trump, self._won, self._played(), 1 - dealer)
        scores = self._scores
        points = self._deal_points()
        awarded = list(count.points)
        counted_out = None
        for i, seat in enumerate(awarded):
            if seat is None:
                continue
            if counted_out is not None:
                awarded[i] = None  # never counted: the match was won before this point
                continue
            scores[seat] += 1
            points[seat] += 1
            if self._count_out and scores[seat] >= GOAL:
                counted_out = POINT_NAMES[i]
        high, low, jack, game = awarded
        result = SevenUpDealResult(
            self._deal_no,  # deal
            dealer,
            False,  # void
            self._trump,
            (points[0], points[1]),
            dealer if self._turned_jack else None,
            1 - dealer if self._gift else None,
            dealer if self._new_trump_jack else None,
            high,
            low,
            jack,
            game,
            count.high_card,
            count.low_card,
            count.jack_card,
            count.game_totals,
            counted_out,
        )
        over = counted_out is not None or (
            not self._count_out and max(scores) >= GOAL and scores[0] != scores[1]
        )
        self._close_deal(result, over, 1 - dealer, events)

    def _count_out_now(self, point: str, events: list[Event] | None) -> None:
        """``count_out``: the dealer reached 7 with a turned Jack; the match ends before the
        tricks (nothing after this point is counted)."""
        points = self._deal_points()
        dealer = self._dealer
        result = SevenUpDealResult(
            self._deal_no,  # deal
            dealer,
            False,  # void
            self._trump if self._stage >= DISCARDING else None,
            (points[0], points[1]),
            dealer if self._turned_jack else None,
            1 - dealer if self._gift else None,
            dealer if self._new_trump_jack else None,
            None,  # high
            None,  # low
            None,  # jack
            None,  # game
            None,  # high_card
            None,  # low_card
            None,  # jack_card
            (0, 0),  # game_totals: no trick was played
            point,
        )
        self._close_deal(result, True, dealer, events)

    def _void(self, events: list[Event] | None) -> None:
        """The pack cannot supply another run: nothing scored in the deal stands (a turned-Jack
        point included) and the same dealer deals again."""
        dealer = self._dealer
        if self._turned_jack:
            self._scores[dealer] -= 1
        result = SevenUpDealResult(
            self._deal_no, dealer, True, None, (0, 0), None, None, None, None, None, None, None,
            None, None, None, (0, 0), None,
        )  # fmt: skip
        self._close_deal(result, False, dealer, events)

    def _close_deal(
        self, result: SevenUpDealResult, over: bool, next_dealer: int, events: list[Event] | None
    ) -> None:
        self._deals += (result,)
        if events is not None:
            events.append(DealEnded(self._deal_no, result))
        if over:
            self._to_act = None
            if events is not None:
                events.append(MatchEnded(self._winners(), (self._scores[0], self._scores[1])))
        else:
            self._start_deal(next_dealer, events)

    def _winners(self) -> tuple[int, ...]:
        """The higher score wins (under ``count_out`` the first to 7 is ahead at that moment)."""
        return (0,) if self._scores[0] > self._scores[1] else (1,)

    # --- what faces, bots and tests read ----------------------------------------------------

    @property
    def deals_done(self) -> int:
        return len(self._deals)

    def playout(self, random: Callable[[], float]) -> None:
        random_playout(self, random)

    def is_endgame(self) -> bool:
        """In the play with four tricks or fewer to go (8 cards or fewer in the hands): small
        enough for the generic alpha-beta of :mod:`atout.bots.solve` to search each card in a
        millisecond or so (a whole hand takes a tenth of a second there; the Seven Up search
        levels solve whole hands with :mod:`atout.sevenup.endgame`, in a few milliseconds)."""
        return self._stage == PLAYING and (self._hands[0] | self._hands[1]).bit_count() <= 8

    def view(self, seat: object) -> SevenUpView:
        seat = self._viewer(seat)
        to_act = self._to_act
        over = to_act is None
        hands, discards = self._hands, self._discards
        points = self._deals[-1].points if over else tuple(self._deal_points())
        return SevenUpView(
            seat=seat,
            rules=self.game.text,
            deal=self._deal_no,
            dealer=self._dealer,
            eldest=1 - self._dealer,
            to_act=to_act if isinstance(to_act, int) else None,
            stage=STAGES[-1] if over else STAGES[self._stage],
            hand=CardSet(hands[seat]) if seat is not None else None,
            discards=CardSet(discards[seat]) if seat is not None else None,
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            discard_counts=(discards[0].bit_count(), discards[1].bit_count()),
            turn_up=self._turn_up,
            rejected=self._rejected,
            trump=self._trump if self._stage >= DISCARDING else None,
            cards_left=len(self._pack) - self._pos,
            leader=self._leader,
            trick=(self._lead,) if self._lead >= 0 else (),
            tricks=self._trick_records(),
            scores=(self._scores[0], self._scores[1]),
            deal_points=(points[0], points[1]),
            match_over=over,
        )

    def _trick_records(self) -> tuple[TrickRecord, ...]:
        values = self._values
        out = []
        node = self._trick_log
        while node is not None:
            node, leader, lead, follow, winner = node
            out.append(TrickRecord(leader, (lead, follow), winner, values[lead] + values[follow]))
        return tuple(reversed(out))

    def result(self) -> Result:
        over = self._to_act is None
        winners = self._winners() if over else ()
        return Result(over, winners, (self._scores[0], self._scores[1]), self._deals)

    def opening_events(self) -> list[Event]:
        return _deal_events(1, self._first_dealer, self._packs[0])

    def zones(self) -> dict[str, int]:
        return {
            "hand0": self._hands[0],
            "hand1": self._hands[1],
            "discards0": self._discards[0],
            "discards1": self._discards[1],
            "undealt": mask_of(self._pack[self._pos :]),
            "turn_up": 1 << self._turn_up,
            "rejected": mask_of(self._rejected),
            "trick": 1 << self._lead if self._lead >= 0 else 0,
            "won0": self._won[0],
            "won1": self._won[1],
        }


def _deal_events(deal: int, dealer: int, pack: tuple[int, ...]) -> list[Event]:
    """The events of dealing ``pack``: three each twice, eldest first, then the turn-up."""
    eldest = 1 - dealer
    turn_up = pack[DEALT - 1]
    events: list[Event] = [
        DealStarted(deal, dealer),
        CardsDealt(eldest, 3, pack[0:3]),
        CardsDealt(dealer, 3, pack[3:6]),
        CardsDealt(eldest, 3, pack[6:9]),
        CardsDealt(dealer, 3, pack[9:12]),
        CardTurned(turn_up, SUIT[turn_up], 0, PROPOSED),
    ]
    if turn_up % 13 == Rank.JACK:
        events.append(JackTurned(dealer, turn_up))
    return events
