"""The Schnapsen engine: one match to 7-to-0, RULES.md §3, on int bitmasks.

Fields of a deal (seats 0 and 1):

- ``_seats``: each seat's numbers in one list of twelve, laid out by
  :mod:`atout.schnapsen.layout` (``_seats[HAND + seat]``, ...), so that ``clone`` copies one
  list: ``HAND`` and ``WON``, masks of the cards held and captured; ``TAKEN``, captured card
  points; ``MARRIED``, credited marriage points; ``PENDING``, marriage points waiting for the
  declarer's first trick (66 is judged on taken + married); ``TRICKS``, tricks won.
- ``_stock``: the nine face-down cards in draw order, ``_stock_pos`` how many are drawn;
  ``_bottom`` is the trump card under the stock (face up until closed; -1 once taken).
  Invariant: the stock is played out exactly when ``_bottom == -1``.
- ``_leader`` leads the current trick; ``_lead`` is the card led, -1 before the lead.
- ``_closed_by``: the closer or -1; ``_closed_at``: the number of tricks finished then;
  ``_close_points``/``_close_tricks``: the closer's opponent's credited points and tricks at
  the moment of closing.
- ``_trick_log``: the finished tricks, newest first, as a linked list of tuples
  ``(previous, leader, lead, follow, winner, worth)`` (``None`` when empty), so that adding a
  trick and cloning cost the same however many tricks there are.
- ``_window`` (``manual_claim`` only): 1 while the winner of the last trick may ``claim`` or
  ``pass`` before the deal is settled, else 0. Anywhere else a claim is one of the player on
  lead's actions beside the leads, and there is no ``pass`` (RULES.md §3 `manual_claim`).

The match: ``_to_go`` counts down from 7 per seat; ``_deals`` holds the finished deals' results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Self, cast

from atout.cards import CardSet, bits, card_text, suit_name
from atout.core.actions import Action, Claim, Close, Exchange, Pass, Play
from atout.core.events import (
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
    TrumpTurned,
)
from atout.core.interned import (
    CLAIM_KIND,
    CLOSE_KIND,
    EXCHANGE_KIND,
    PASS_KIND,
    PLAY_KIND,
    card_played,
    frozen,
    trick_won,
)
from atout.core.state import Result, State, index_field
from atout.schnapsen.actions import CLAIM, CLOSE, EXCHANGE, MARRY, PASS, PLAY
from atout.schnapsen.events import (
    CardDrawn,
    Claimed,
    MarriageCredited,
    MarriageDeclared,
    StockClosed,
    TrumpExchanged,
)
from atout.schnapsen.layout import HAND, MARRIED, PENDING, SEATS, TAKEN, TRICKS, WON
from atout.schnapsen.playout import random_playout
from atout.schnapsen.tables import (
    BEATS,
    JACK,
    KING,
    MARRIAGE,
    POINTS,
    QUEEN,
    STRENGTH,
    SUIT,
    SUIT_MASKS,
    marriage_worth,
    marriages,
)
from atout.schnapsen.view import (
    ExchangeRecord,
    MarriageRecord,
    SchnapsenDealResult,
    SchnapsenView,
    TrickRecord,
)

if TYPE_CHECKING:
    from atout.schnapsen.game import Schnapsen

__all__ = ["SchnapsenState"]

GOAL: Final = 66
MATCH_POINTS: Final = 7

#: After the last trick under ``manual_claim``: no card is left to go on with, so not claiming
#: is an action of its own (``pass``, the deal then settled as played out).
_WINDOW: Final[list[Action]] = [CLAIM, PASS]
#: The draws, built once (see atout.core.interned): ``_DRAWN[seat * 52 + card]`` face down,
#: ``_DRAWN[(2 + seat) * 52 + card]`` face up (the trump card taken at the last draw).
_DRAWN: Final = tuple(CardDrawn(s % 2, c, s >= 2) for s in range(4) for c in range(52))


class SchnapsenState(State):
    """A Schnapsen match; create it with ``atout.load("schnapsen").new_match(...)``."""

    _to_go: tuple[int, int]
    _deals: tuple[SchnapsenDealResult, ...]
    _deal_no: int
    _dealer: int
    _seats: list[int]
    _stock: tuple[int, ...]
    _stock_pos: int
    _bottom: int
    _turned: int
    _trump: int
    _closed_by: int
    _closed_at: int
    _close_points: int
    _close_tricks: int
    _leader: int
    _lead: int
    _window: int
    _trick_log: tuple[Any, ...] | None
    _marriages: tuple[MarriageRecord, ...]
    _exchange: ExchangeRecord | None

    _manual: bool
    _last_ten: bool
    _fail_at_end: bool

    def __init__(
        self,
        game: Schnapsen | None = None,
        *,
        seed: int = 0,
        packs: tuple[tuple[int, ...], ...] = (),
        dealer: int = 0,
        shuffle: bool = True,
        events: list[Event] | None = None,
    ) -> None:
        if game is None:
            return  # a blank state, for clone() to fill
        self._init_match(game, seed, packs, dealer, shuffle=shuffle)
        rules = game.rules
        self._manual = rules.manual_claim
        self._last_ten = rules.last_trick_ten
        self._fail_at_end = rules.closer_fail_tricks_at_end
        self._to_go = (MATCH_POINTS, MATCH_POINTS)
        self._deals = ()
        self._deal_no = 0
        self._start_deal(dealer, events)

    def clone(self) -> Self:
        """An independent copy. The blank state is made by a direct call of this class:
        compiled, that is a C call, where the base class's ``type(self)()`` is a generic one."""
        new = SchnapsenState()
        new._copy_from(self)
        return cast(Self, new)

    def _copy_from(self, other: SchnapsenState) -> None:
        self._copy_match(other)
        self._manual = other._manual
        self._last_ten = other._last_ten
        self._fail_at_end = other._fail_at_end
        self._to_go = other._to_go
        self._deals = other._deals
        self._deal_no = other._deal_no
        self._dealer = other._dealer
        self._seats = other._seats[:]
        self._stock = other._stock
        self._stock_pos = other._stock_pos
        self._bottom = other._bottom
        self._turned = other._turned
        self._trump = other._trump
        self._closed_by = other._closed_by
        self._closed_at = other._closed_at
        self._close_points = other._close_points
        self._close_tricks = other._close_tricks
        self._leader = other._leader
        self._lead = other._lead
        self._window = other._window
        self._trick_log = other._trick_log
        self._marriages = other._marriages
        self._exchange = other._exchange

    # --- the deal (RULES.md §3 "Deal") --------------------------------------------------

    def _start_deal(self, dealer: int, events: list[Event] | None) -> None:
        """Deal 3 to each (non-dealer first), turn the trump card, deal 2 more to each; the
        other 9 form the stock over the trump card. The non-dealer leads."""
        pack = self._next_pack()
        self._deal_no += 1
        self._dealer = dealer
        eldest = 1 - dealer
        p = pack
        seats = [0] * SEATS
        seats[HAND + eldest] = 1 << p[0] | 1 << p[1] | 1 << p[2] | 1 << p[7] | 1 << p[8]
        seats[HAND + dealer] = 1 << p[3] | 1 << p[4] | 1 << p[5] | 1 << p[9] | 1 << p[10]
        turned = pack[6]
        self._seats = seats
        self._stock = pack[11:]
        self._stock_pos = 0
        self._bottom = turned
        self._turned = turned
        self._trump = SUIT[turned]
        self._closed_by = -1
        self._closed_at = -1
        self._close_points = 0
        self._close_tricks = 0
        self._leader = eldest
        self._lead = -1
        self._window = 0
        self._trick_log = None
        self._marriages = ()
        self._exchange = None
        self._to_act = eldest
        if events is not None:
            events += _deal_events(self._deal_no, dealer, pack)

    @property
    def _open(self) -> bool:
        """The stock is open: not closed and still holding the trump card (the trump card
        goes at the last draw, together with the last face-down card)."""
        return self._closed_by < 0 and self._bottom >= 0

    def _follow_mask(self, hand: int) -> int:
        """The cards the follower may play (RULES.md §3 "Play once the stock is exhausted or
        closed"): follow suit and win if possible, else follow lower; with none of the led
        suit, trump if possible; otherwise any card. While the stock is open, any card."""
        if self._closed_by < 0 and self._bottom >= 0:
            return hand
        lead = self._lead
        same = hand & SUIT_MASKS[SUIT[lead]]
        if same:
            return (same & BEATS[lead]) or same
        return (hand & SUIT_MASKS[self._trump]) or hand

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        to_act = self._to_act
        if to_act is None or (seat is not None and seat != to_act):
            return []
        if self._window:
            return _WINDOW[:]
        assert isinstance(to_act, int)
        hand = self._seats[HAND + to_act]
        acts: list[Action] = []
        # The cards straight off the mask, lowest first (as bits() gives them): a bits() call
        # and a list built from its tuple cost more than the loop.
        if self._lead >= 0:
            follow = self._follow_mask(hand)
            while follow:
                low = follow & -follow
                acts.append(PLAY[low.bit_length() - 1])
                follow ^= low
            return acts
        married = marriages(hand)
        rest = hand
        while rest:
            low = rest & -rest
            c = low.bit_length() - 1
            acts.append(PLAY[c])
            if married & low:
                acts.append(MARRY[c])
            rest ^= low
        if self._closed_by < 0 and self._bottom >= 0:
            if hand >> JACK[self._trump] & 1:
                acts.append(EXCHANGE)
            acts.append(CLOSE)
        if self._manual:
            acts.append(CLAIM)
        return acts

    def _is_legal(self, seat: int, action: Action) -> bool:
        kind = type(action)
        if self._window:
            return kind is CLAIM_KIND or kind is PASS_KIND
        hand = self._seats[HAND + seat]
        if kind is PLAY_KIND:
            assert isinstance(action, Play)
            c = index_field(action, "card", 52)
            return c >= 0 and self._play_legal(hand, c, action.marriage)
        leading = self._lead < 0
        if kind is EXCHANGE_KIND:
            return leading and self._open and bool(hand >> JACK[self._trump] & 1)
        if kind is CLOSE_KIND:
            return leading and self._open and hand.bit_count() == 5
        if kind is CLAIM_KIND:
            return leading and self._manual
        return False

    def _play_legal(self, hand: int, c: int, marriage: bool) -> bool:
        """Whether the holder of ``hand`` may play card ``c`` now, declaring a marriage with
        it or not (outside the window after the last trick)."""
        if self._lead >= 0:
            return not marriage and bool(self._follow_mask(hand) >> c & 1)
        if not hand >> c & 1:
            return False
        if marriage:
            pair = MARRIAGE[SUIT[c]]
            return (c == KING[SUIT[c]] or c == QUEEN[SUIT[c]]) and hand & pair == pair
        return True

    def _try_advance(self, seat: int, action: Action, events: list[Event] | None) -> bool:
        """A play (nearly every action) is checked and made on one read of its fields;
        anything else goes the generic way, through ``_is_legal`` and ``_advance``."""
        if type(action) is not PLAY_KIND or self._window:
            return super()._try_advance(seat, action, events)
        assert isinstance(action, Play)
        c = index_field(action, "card", 52)
        if c < 0:
            return False
        marriage = action.marriage  # read after the card, as _is_legal reads it
        if not self._play_legal(self._seats[HAND + seat], c, marriage):
            return False
        if self._lead < 0:
            self._lead_card(seat, c, marriage, events)
        else:
            self._follow(seat, c, events)
        return True

    def _why_illegal(self, seat: int, action: Action) -> str:
        hand = self._seats[HAND + seat]
        leading = self._lead < 0
        trump = self._trump
        if self._window:
            return "the last trick is played: claim 66, or pass to let the deal be settled"
        if isinstance(action, Play):
            raw: object = getattr(action, "card", None)  # untyped, as index_field
            c = index_field(action, "card", 52)
            if c < 0:
                return f"{raw!r} is not a card"
            if not hand >> c & 1:
                return f"you do not hold {card_text(c)}"
            if action.marriage:
                if not leading:
                    return "only the player on lead may declare a marriage"
                if c not in (KING[SUIT[c]], QUEEN[SUIT[c]]):
                    return "a marriage is declared with the King or the Queen of a suit"
                partner = QUEEN[SUIT[c]] if c == KING[SUIT[c]] else KING[SUIT[c]]
                return f"you cannot declare a marriage with {card_text(c)}: you do not hold " + (
                    card_text(partner)
                )
            return self._follow_reason(hand)
        if isinstance(action, (Exchange, Close)):
            verb = "exchange the trump Jack" if isinstance(action, Exchange) else "close"
            if not leading:
                return f"only the player on lead may {verb}, before leading"
            if self._closed_by >= 0:
                return f"the stock is closed: you can no longer {verb}"
            if self._bottom < 0:
                return f"the stock is exhausted: you can no longer {verb}"
            if isinstance(action, Exchange):
                return f"you do not hold the Jack of trumps ({card_text(JACK[trump])})"
            return "you may close only holding five cards"
        if isinstance(action, Claim):
            if not self._manual:
                return "66 is recognised automatically at this table (no manual_claim)"
            return "you may claim only when you are on lead, or after winning the last trick"
        if isinstance(action, Pass):
            if not self._manual:
                return "there is nothing to pass on at this table (no manual_claim)"
            # RULES.md §3 `manual_claim`: "Without a claim, play goes on": nobody is asked.
            return "nothing waits for a pass: play on (pass declines a claim after the last trick)"
        return f"{action} is not a Schnapsen action"

    def _follow_reason(self, hand: int) -> str:
        """Why a card held may not follow now (strict rules), naming the cards that may."""
        allowed = bits(self._follow_mask(hand))
        options = " or ".join("play " + card_text(c) for c in allowed)
        lead = self._lead
        suit = SUIT[lead]
        same = hand & SUIT_MASKS[suit]
        if same:
            if same & BEATS[lead]:
                return f"you must follow {suit_name(suit)} and win the trick: {options}"
            return f"you must follow {suit_name(suit)}: {options}"
        return f"you have no {suit_name(suit)}, so you must trump: {options}"

    def _advance(self, seat: int, action: Action, events: list[Event] | None) -> None:
        kind = type(action)
        if kind is PLAY_KIND:
            assert isinstance(action, Play)
            if self._lead < 0:
                self._lead_card(seat, action.card, action.marriage, events)
            else:
                self._follow(seat, action.card, events)
        elif kind is EXCHANGE_KIND:
            self._exchange_jack(seat, events)
        elif kind is CLOSE_KIND:
            self._close(seat, events)
        elif kind is CLAIM_KIND:
            self._claim(seat, events)
        else:
            self._pass(seat, events)

    # --- the rules, one method each -------------------------------------------------------

    def _lead_card(self, seat: int, c: int, marriage: bool, events: list[Event] | None) -> None:
        """Lead a card, perhaps declaring a marriage (RULES.md §3 "Marriages").

        A credited marriage that brings the declarer to 66 ends the deal at once, except under
        ``manual_claim`` (RULES.md §3 `manual_claim`): a claim is made on lead or after winning
        a trick, and the declarer has led, so the follower plays on; the marriage points count
        for the declarer's next claim (on lead again, or after winning this trick)."""
        # A list item is updated as x[i] = x[i] ^ m: compiled, x[i] ^= m is a generic call.
        self._seats[HAND + seat] = self._seats[HAND + seat] ^ (1 << c)
        self._lead = c
        if marriage:
            suit = SUIT[c]
            worth = marriage_worth(suit, self._trump)
            credited = self._seats[TRICKS + seat] > 0
            self._marriages += (
                MarriageRecord(seat, suit, c, worth, self._seats[TRICKS] + self._seats[TRICKS + 1]),
            )
            if events is not None:
                events.append(MarriageDeclared(seat, suit, c, worth, credited))
                events.append(card_played(seat, c))
            if not credited:
                self._seats[PENDING + seat] += worth
            else:
                self._seats[MARRIED + seat] += worth
                if (
                    not self._manual
                    and self._seats[TAKEN + seat] + self._seats[MARRIED + seat] >= GOAL
                ):
                    self._end_deal(seat, "66", None, events)
                    return
        elif events is not None:
            events.append(card_played(seat, c))
        self._to_act = 1 - seat

    def _follow(self, seat: int, c: int, events: list[Event] | None) -> None:
        """Play the second card, settle the trick, then draw or end the deal.

        Under ``manual_claim`` (RULES.md §3 `manual_claim`) the winner of a trick claims, or
        not, as the player on lead of the next; after the last trick, with no lead to come, the
        winner is asked to ``claim`` or ``pass`` before the deal is settled."""
        seats = self._seats
        seats[HAND + seat] = seats[HAND + seat] ^ (1 << c)
        lead, leader, trump = self._lead, self._leader, self._trump
        if SUIT[c] == SUIT[lead]:
            winner = seat if STRENGTH[c] > STRENGTH[lead] else leader
        else:
            winner = seat if SUIT[c] == trump else leader
        worth = POINTS[c] + POINTS[lead]
        seats[WON + winner] = seats[WON + winner] | (1 << c) | (1 << lead)
        seats[TAKEN + winner] = seats[TAKEN + winner] + worth
        tricks = seats[TRICKS + winner] + 1
        seats[TRICKS + winner] = tricks
        self._lead = -1
        self._leader = winner
        self._trick_log = (self._trick_log, leader, lead, c, winner, worth)
        if events is not None:
            events.append(card_played(seat, c))
            events.append(trick_won(winner, leader, lead, c, worth))
        if tricks == 1 and seats[PENDING + winner]:
            waited = seats[PENDING + winner]
            seats[MARRIED + winner] += waited
            seats[PENDING + winner] = 0
            if events is not None:
                events.append(MarriageCredited(winner, waited))
        last = not (seats[HAND] | seats[HAND + 1])
        if last and self._last_ten and self._closed_by < 0:
            seats[TAKEN + winner] += 10
        if last and self._manual:
            self._window = 1
            self._to_act = winner
            return
        if not self._manual and seats[TAKEN + winner] + seats[MARRIED + winner] >= GOAL:
            self._end_deal(winner, "66", None, events)
            return
        if last:
            self._settle_played_out(winner, events)
            return
        if self._closed_by < 0 and self._bottom >= 0:
            self._draw(winner, events)
        self._to_act = winner

    def _draw(self, winner: int, events: list[Event] | None) -> None:
        """The winner draws the top card, then the loser the next; at the last draw the loser
        takes the face-up trump card."""
        loser = 1 - winner
        pos = self._stock_pos
        stock = self._stock
        first = stock[pos]
        seats = self._seats
        seats[HAND + winner] = seats[HAND + winner] | (1 << first)
        if pos + 1 < len(stock):
            second = stock[pos + 1]
            self._stock_pos = pos + 2
            face_up = False
        else:
            second = self._bottom
            self._bottom = -1
            self._stock_pos = pos + 1
            face_up = True
        seats[HAND + loser] = seats[HAND + loser] | (1 << second)
        if events is not None:
            events.append(_DRAWN[winner * 52 + first])
            events.append(_DRAWN[(2 + loser if face_up else loser) * 52 + second])

    def _exchange_jack(self, seat: int, events: list[Event] | None) -> None:
        """Give the Jack of trumps for the face-up trump card; the same player still leads."""
        jack, taken = JACK[self._trump], self._bottom
        self._seats[HAND + seat] ^= (1 << jack) | (1 << taken)
        self._bottom = jack
        self._exchange = ExchangeRecord(
            seat, jack, taken, self._seats[TRICKS] + self._seats[TRICKS + 1]
        )
        if events is not None:
            events.append(TrumpExchanged(seat, jack, taken))

    def _close(self, seat: int, events: list[Event] | None) -> None:
        """Close the stock: no more draws, strict rules, the opponent's standing recorded."""
        other = 1 - seat
        self._closed_by = seat
        self._closed_at = self._seats[TRICKS] + self._seats[TRICKS + 1]
        self._close_points = self._seats[TAKEN + other] + self._seats[MARRIED + other]
        self._close_tricks = self._seats[TRICKS + other]
        if events is not None:
            events.append(StockClosed(seat, self._close_points, self._close_tricks))

    def _claim(self, seat: int, events: list[Event] | None) -> None:
        """``manual_claim`` (RULES.md §3 `manual_claim`): a correct claim wins as 66 does; a
        wrong one gives the opponent 2 game points, or 3 if the claimant has won no trick."""
        total = self._seats[TAKEN + seat] + self._seats[MARRIED + seat]
        correct = total >= GOAL
        if events is not None:
            events.append(Claimed(seat, total, correct))
        self._window = 0
        if correct:
            self._end_deal(seat, "66", seat, events)
        else:
            self._end_deal(1 - seat, "wrong_claim", seat, events)

    def _pass(self, seat: int, events: list[Event] | None) -> None:
        """Not claiming after the last trick (RULES.md §3 `manual_claim`: "Without a claim, play
        goes on", and no play is left): the deal is settled as played out."""
        self._window = 0
        self._settle_played_out(seat, events)

    def _settle_played_out(self, last_winner: int, events: list[Event] | None) -> None:
        """All cards played and nobody at 66: a closer has failed; otherwise the winner of the
        last trick wins the deal."""
        if self._closed_by >= 0:
            self._end_deal(1 - self._closed_by, "closer_failed", None, events)
        else:
            self._end_deal(last_winner, "last_trick", None, events)

    # --- scoring (RULES.md §3 "66 and the deal's result", "Match") --------------------------

    def _closer_failed_points(self) -> int:
        """The closer's opponent scores 2, or 3 if they had won no trick when the stock was
        closed (``closer_fail_tricks_at_end``: by the end of the deal)."""
        opponent = 1 - self._closed_by
        tricks = self._seats[TRICKS + opponent] if self._fail_at_end else self._close_tricks
        return 2 if tricks else 3

    def _end_deal(
        self, winner: int, reason: str, claimant: int | None, events: list[Event] | None
    ) -> None:
        loser = 1 - winner
        closer = self._closed_by
        if reason == "66":
            if closer < 0:
                points = _game_points(
                    self._seats[TAKEN + loser] + self._seats[MARRIED + loser],
                    self._seats[TRICKS + loser],
                )
            elif closer == winner:
                points = _game_points(self._close_points, self._close_tricks)
            else:
                reason = "opponent_66_after_close"
                points = self._closer_failed_points()
        elif reason == "closer_failed":
            points = self._closer_failed_points()
        elif reason == "wrong_claim":
            points = 2 if self._seats[TRICKS + loser] else 3
        else:
            points = 1
        left = max(0, self._to_go[winner] - points)
        self._to_go = (left, self._to_go[1]) if winner == 0 else (self._to_go[0], left)
        result: SchnapsenDealResult = frozen(
            SchnapsenDealResult,
            self._deal_no,  # deal
            self._dealer,  # dealer
            winner,
            points,
            reason,
            (
                self._seats[TAKEN] + self._seats[MARRIED],
                self._seats[TAKEN + 1] + self._seats[MARRIED + 1],
            ),
            (self._seats[TRICKS], self._seats[TRICKS + 1]),
            closer if closer >= 0 else None,  # closed_by
            claimant,  # claimed_by
        )
        self._deals += (result,)
        self._window = 0
        if events is not None:
            events.append(frozen(DealEnded, self._deal_no, result))
        if self._to_go[winner] == 0:
            self._to_act = None
            if events is not None:
                events.append(MatchEnded((winner,), self._to_go))
        else:
            self._start_deal(1 - self._dealer, events)

    # --- what faces, bots and tests read ----------------------------------------------------

    @property
    def deals_done(self) -> int:
        return len(self._deals)

    def playout(self, random: Callable[[], float]) -> None:
        random_playout(self, random)

    def is_endgame(self) -> bool:
        """No more draws (the stock exhausted or closed): at most ten plies are left."""
        return not (self._closed_by < 0 and self._bottom >= 0)

    def view(self, seat: object) -> SchnapsenView:
        seat = self._viewer(seat)
        to_act = self._to_act
        return SchnapsenView(
            seat=seat,
            rules=self.game.text,
            deal=self._deal_no,
            dealer=self._dealer,
            to_act=to_act if isinstance(to_act, int) else None,
            leader=self._leader,
            hand=CardSet(self._seats[HAND + seat]) if seat is not None else None,
            hand_sizes=(self._seats[HAND].bit_count(), self._seats[HAND + 1].bit_count()),
            trump=self._trump,
            trump_card=self._bottom if self._open else None,
            turned=self._turned,
            stock_size=self.stock_size,
            closed=self._closed_by >= 0,
            closed_by=self._closed_by if self._closed_by >= 0 else None,
            closed_at=self._closed_at if self._closed_by >= 0 else None,
            close_record=(self._close_points, self._close_tricks) if self._closed_by >= 0 else None,
            trick=(self._lead,) if self._lead >= 0 else (),
            points=(
                self._seats[TAKEN] + self._seats[MARRIED],
                self._seats[TAKEN + 1] + self._seats[MARRIED + 1],
            ),
            pending=(self._seats[PENDING], self._seats[PENDING + 1]),
            tricks=(self._seats[TRICKS], self._seats[TRICKS + 1]),
            to_go=self._to_go,
            history=self._trick_records(),
            marriages=self._marriages,
            exchange=self._exchange,
            claim_pending=bool(self._window),
            match_over=to_act is None,
        )

    def _trick_records(self) -> tuple[TrickRecord, ...]:
        out = []
        node = self._trick_log
        while node is not None:
            node, leader, lead, follow, winner, worth = node
            out.append(TrickRecord(leader, (lead, follow), winner, worth))
        return tuple(reversed(out))

    @property
    def stock_size(self) -> int:
        """Cards left in the stock, the trump card under it included."""
        return len(self._stock) - self._stock_pos + (1 if self._bottom >= 0 else 0)

    def result(self) -> Result:
        over = self._to_act is None
        winners = tuple(s for s in (0, 1) if self._to_go[s] == 0) if over else ()
        return Result(over, winners, self._to_go, self._deals)

    def opening_events(self) -> list[Event]:
        return _deal_events(1, self._first_dealer, self._packs[0])

    def zones(self) -> dict[str, int]:
        stock = 0
        for c in self._stock[self._stock_pos :]:
            stock |= 1 << c
        face_up = 0
        if self._bottom >= 0:
            if self._closed_by >= 0:
                stock |= 1 << self._bottom  # turned face down by the close
            else:
                face_up = 1 << self._bottom
        return {
            "hand0": self._seats[HAND],
            "hand1": self._seats[HAND + 1],
            "stock": stock,
            "trump_card": face_up,
            "trick": 1 << self._lead if self._lead >= 0 else 0,
            "won0": self._seats[WON],
            "won1": self._seats[WON + 1],
        }


def _deal_events(deal: int, dealer: int, pack: tuple[int, ...]) -> list[Event]:
    """The events of dealing ``pack``: three each, the trump card turned, two each."""
    eldest = 1 - dealer
    return [
        frozen(DealStarted, deal, dealer),
        frozen(CardsDealt, eldest, 3, pack[0:3]),
        frozen(CardsDealt, dealer, 3, pack[3:6]),
        frozen(TrumpTurned, pack[6], SUIT[pack[6]]),
        frozen(CardsDealt, eldest, 2, pack[7:9]),
        frozen(CardsDealt, dealer, 2, pack[9:11]),
    ]


def _game_points(opponent_points: int, opponent_tricks: int) -> int:
    """1 if the opponent has 33 or more, 2 if they won a trick but have fewer, 3 if none."""
    if opponent_points >= 33:
        return 1
    return 2 if opponent_tricks else 3
