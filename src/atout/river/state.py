"""The Up and Down the River engine: one match of 2N-1 rounds, RULES.md §2, on int bitmasks.

Fields of a round (``n`` seats; lists are indexed by seat and copied by ``clone``):

- ``_cards``: the round's number of cards per seat; ``_hands``: masks of the cards held.
- ``_turned``: the turned trump card, ``_trump`` its suit; both -1 when the round deals all
  52 cards (no trump). The stock is the pack after the dealt cards and the turned card.
- ``_bids``: each seat's bid, -1 until made. The round is in its bidding exactly while some
  bid is -1; bids are sealed (hidden from the other seats) while that lasts under
  ``simultaneous_bids``.
- ``_tricks``: tricks taken; ``_played``: mask of the cards of the finished tricks. The round
  is over when the finished tricks hold every card dealt.
- ``_leader`` leads the current trick; ``_table``: its cards in the order played (empty
  before the lead); ``_best``/``_best_seat``: the card winning it so far and who played it.
- ``_trick_log``: the round's finished tricks, newest first, as a linked list of tuples
  ``(previous, leader, cards, winner)`` (``None`` when empty).

The match: ``_schedule`` holds every round's number of cards, ``_deal_no`` counts rounds from
1, ``_scores`` the running totals, ``_sheet`` the finished rounds' rows of the score sheet.
A round's result adds the hands dealt, which its pack, dealer and number of cards give.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Self, cast

from atout.cards import SUIT_MASKS, CardSet, bits, card_text, suit_name
from atout.core.actions import Action, Bid, Play
from atout.core.events import (
    CardsDealt,
    DealEnded,
    DealStarted,
    Event,
    MatchEnded,
    TrickWon,
    TrumpTurned,
)
from atout.core.interned import BID_KIND, PLAY_KIND, card_played, frozen
from atout.core.state import Result, State, TrickRecord, index_field
from atout.river.actions import BID, PLAY
from atout.river.events import BidMade, BidsRevealed, NoTrump
from atout.river.playout import random_playout
from atout.river.tables import BEATS, BIT, PACK_SIZE
from atout.river.view import RiverDealResult, RiverView, RoundScore

if TYPE_CHECKING:
    from atout.river.game import River

__all__ = ["EXACT_BONUS", "RiverState", "hook_bid", "round_points"]

#: The bids made, built once each (see atout.core.interned), by ``seat * 128 + tricks * 2 +
#: sealed``.
_BIDS: Final[dict[int, BidMade]] = {}

#: Taking exactly the number bid adds 10 points (RULES.md §2 "Score").
EXACT_BONUS = 10


def round_points(bids: Sequence[int], tricks: Sequence[int], exact_only: bool) -> tuple[int, ...]:
    """A finished round's points by seat (RULES.md §2 "Score"): 1 per trick, and 10 more for
    taking exactly the number bid; under ``exact_only``, 10 + tricks when exact and nothing
    otherwise."""
    missed = 0 if exact_only else 1
    return tuple(
        [EXACT_BONUS + t if t == b else t * missed for b, t in zip(bids, tricks, strict=True)]
    )


def hook_bid(cards: int, bids: Sequence[int]) -> int:
    """The bid the hook forbids the dealer, bidding last (RULES.md §2 "Bids"): the number that
    would make the bids (``-1``: not made) add up to the round's cards; -1 when none would."""
    rest = cards - sum(b for b in bids if b > 0)
    return rest if rest >= 0 else -1


class RiverState(State):
    """An Up and Down the River match; create it with ``atout.load("river").new_match()``."""

    _n: int
    _schedule: tuple[int, ...]
    _sealed: bool
    _hook: bool
    _exact_only: bool
    _scores: tuple[int, ...]
    _sheet: tuple[RoundScore, ...]
    _deal_no: int
    _dealer: int
    _cards: int
    _hands: list[int]
    _turned: int
    _trump: int
    _bids: list[int]
    _tricks: list[int]
    _played: int
    _leader: int
    _table: tuple[int, ...]
    _best: int
    _best_seat: int
    _trick_log: tuple[Any, ...] | None

    def __init__(
        self,
        game: River | None = None,
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
        self._n = rules.players
        self._schedule = game.schedule
        self._sealed = rules.simultaneous_bids
        self._hook = rules.hook
        self._exact_only = rules.exact_only
        self._scores = (0,) * self._n
        self._sheet = ()
        self._deal_no = 0
        self._start_deal(dealer, None)

    def clone(self) -> Self:
        """An independent copy. The blank state is made by a direct call of this class:
        compiled, that is a C call, where the base class's ``type(self)()`` is a generic one."""
        new = RiverState()
        new._copy_from(self)
        return cast(Self, new)

    def _copy_from(self, other: RiverState) -> None:
        self._copy_match(other)
        self._n = other._n
        self._schedule = other._schedule
        self._sealed = other._sealed
        self._hook = other._hook
        self._exact_only = other._exact_only
        self._scores = other._scores
        self._sheet = other._sheet
        self._deal_no = other._deal_no
        self._dealer = other._dealer
        self._cards = other._cards
        self._hands = other._hands[:]
        self._turned = other._turned
        self._trump = other._trump
        self._bids = other._bids[:]
        self._tricks = other._tricks[:]
        self._played = other._played
        self._leader = other._leader
        self._table = other._table
        self._best = other._best
        self._best_seat = other._best_seat
        self._trick_log = other._trick_log

    # --- the deal (RULES.md §2 "Deal", "Seats and dealing") --------------------------------

    def _start_deal(self, dealer: int, events: list[Event] | None) -> None:
        """Deal the round's number of cards one at a time from the top, starting left of the
        dealer; turn the next card for trump (none when all 52 are dealt). Bidding starts left
        of the dealer, or with every seat at once under ``simultaneous_bids``."""
        pack = self._next_pack()
        self._deal_no += 1
        n = self._n
        cards = self._schedule[self._deal_no - 1]
        dealt = cards * n
        hands = [0] * n
        for j in range(n):  # as _dealt deals: one at a time, starting left of the dealer
            hand = 0
            for i in range(j, dealt, n):
                hand |= BIT[pack[i]]
            hands[(dealer + 1 + j) % n] = hand
        self._dealer = dealer
        self._cards = cards
        self._hands = hands
        self._turned = pack[dealt] if dealt < PACK_SIZE else -1
        self._trump = self._turned // 13 if self._turned >= 0 else -1
        self._bids = [-1] * n
        self._tricks = [0] * n
        self._played = 0
        self._leader = (dealer + 1) % n
        self._table = ()
        self._best = -1
        self._best_seat = -1
        self._trick_log = None
        self._to_act = frozenset(range(n)) if self._sealed else self._leader
        if events is not None:
            events += _deal_events(self._deal_no, dealer, pack, cards, n)

    # --- the protocol ---------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        to_act = self._to_act
        if to_act is None:
            return []
        if isinstance(to_act, int):
            if seat is None:
                seat = to_act
            elif seat != to_act:
                return []
        elif seat is None:
            seat = self._acting_seat(None)  # raises: several seats bid at once
        elif seat not in to_act:
            return []
        if self._bidding():
            forbidden = self._forbidden_bid(seat)
            return [BID[t] for t in range(self._cards + 1) if t != forbidden]
        hand = self._hands[seat]
        if self._table:
            hand = hand & SUIT_MASKS[self._table[0] // 13] or hand
        # Straight off the mask, not through bits(): its cache would keep every hand met, and
        # a River hand is new at nearly every step.
        plays: list[Action] = []
        while hand:
            low = hand & -hand
            plays.append(PLAY[low.bit_length() - 1])
            hand ^= low
        return plays

    def _bidding(self) -> bool:
        """Whether the round is in its bidding: some bid is not made. Bidding in turn, the
        dealer bids last, so that is the dealer's bid."""
        if self._sealed:
            return -1 in self._bids
        return self._bids[self._dealer] < 0

    def _forbidden_bid(self, seat: int) -> int:
        """The hook: the number the dealer, bidding last, may not bid because the bids would
        add up to the number of cards; -1 when nothing is forbidden."""
        if not self._hook or seat != self._dealer:
            return -1
        return hook_bid(self._cards, self._bids)

    def _is_legal(self, seat: int, action: Action) -> bool:
        kind = type(action)
        if self._bidding():
            if kind is not BID_KIND:
                return False
            return self._bid_legal(seat, index_field(action, "tricks", self._cards + 1))
        if kind is not PLAY_KIND:
            return False
        assert isinstance(action, Play)
        c = index_field(action, "card", PACK_SIZE)
        return not action.marriage and c >= 0 and self._play_legal(seat, c)

    def _bid_legal(self, seat: int, t: int) -> bool:
        """Whether ``seat`` may bid ``t`` tricks (-1 for no number of this round): not the
        number the hook forbids (RULES.md §2 "Bids")."""
        return t >= 0 and t != self._forbidden_bid(seat)

    def _play_legal(self, seat: int, c: int) -> bool:
        """Whether ``seat`` may play card ``c`` now, the bidding over: a card held, following
        suit when it can (RULES.md §2 "Play")."""
        hand = self._hands[seat]
        if not hand >> c & 1:
            return False
        if self._table:
            same = hand & SUIT_MASKS[self._table[0] // 13]
            return not same or bool(same >> c & 1)
        return True

    def _try_advance(self, seat: int, action: Action, events: list[Event] | None) -> bool:
        """The check and the move on one read of the action's field (as ``_is_legal`` then
        ``_advance`` would do, reading it twice)."""
        kind = type(action)
        if self._bidding():
            if kind is not BID_KIND:
                return False
            t = index_field(action, "tricks", self._cards + 1)
            if not self._bid_legal(seat, t):
                return False
            self._bid(seat, t, events)
            return True
        if kind is not PLAY_KIND:
            return False
        assert isinstance(action, Play)
        c = index_field(action, "card", PACK_SIZE)
        if action.marriage or c < 0 or not self._play_legal(seat, c):
            return False
        self._play(seat, c, events)
        return True

    def _why_illegal(self, seat: int, action: Action) -> str:
        cards = self._cards
        if self._bidding():
            if not isinstance(action, Bid):
                if isinstance(action, Play):
                    return f"the bidding is not over: bid from 0 to {cards} tricks first"
                return f"{action} is not an Up and Down the River action"
            bid: object = getattr(action, "tricks", None)  # untyped, as index_field
            if type(bid) is not int:
                return f"{bid!r} is not a number of tricks"
            t = index_field(action, "tricks", cards + 1)
            if t < 0:
                return f"a bid is from 0 to {cards} tricks in a {cards}-card round, not {bid}"
            return f"the dealer may not bid {t}: the bids would add up to {cards}"
        if isinstance(action, Bid):
            return "the bidding is over: play a card"
        if not isinstance(action, Play):
            return f"{action} is not an Up and Down the River action"
        raw: object = getattr(action, "card", None)  # untyped, as index_field
        c = index_field(action, "card", PACK_SIZE)
        if action.marriage:
            return "there are no marriages in Up and Down the River"
        if c < 0:
            return f"{raw!r} is not a card"
        if not self._hands[seat] >> c & 1:
            return f"you do not hold {card_text(c)}"
        suit = self._table[0] // 13
        allowed = bits(self._hands[seat] & SUIT_MASKS[suit])
        options = " or ".join("play " + card_text(d) for d in allowed)
        return f"you must follow {suit_name(suit)}: {options}"

    def _advance(self, seat: int, action: Action, events: list[Event] | None) -> None:
        if type(action) is BID_KIND:
            self._bid(seat, action.tricks, events)
        else:
            assert isinstance(action, Play)
            self._play(seat, action.card, events)

    # --- the rules, one method each ---------------------------------------------------------

    def _bid(self, seat: int, tricks: int, events: list[Event] | None) -> None:
        """Bid in turn (leftwards, the dealer last), or seal a bid under ``simultaneous_bids``;
        when the last bid is in, the seat left of the dealer leads."""
        bids = self._bids
        bids[seat] = tricks
        if events is not None:
            bid = _BIDS.get(seat * 128 + tricks * 2 + self._sealed)
            if bid is None:
                bid = _BIDS[seat * 128 + tricks * 2 + self._sealed] = BidMade(
                    seat, tricks, self._sealed
                )
            events.append(bid)
        done = -1 not in bids
        if done:
            self._to_act = self._leader
            if self._sealed and events is not None:
                events.append(BidsRevealed(tuple(bids)))
        elif isinstance(self._to_act, frozenset):
            self._to_act = self._to_act - {seat}
        else:
            self._to_act = (seat + 1) % self._n

    def _play(self, seat: int, c: int, events: list[Event] | None) -> None:
        """Play a card: the highest trump wins the trick, or, with no trump in it, the highest
        card of the led suit; the winner leads the next trick."""
        hands = self._hands
        hands[seat] = hands[seat] ^ BIT[c]
        if events is not None:
            events.append(card_played(seat, c))
        if not self._table or BEATS[self._trump + 1][self._best * 52 + c]:
            self._best, self._best_seat = c, seat
        # Compiled, concatenation builds one tuple; unpacking builds a list, then the tuple.
        table = self._table + (c,)  # noqa: RUF005
        n = self._n
        if len(table) < n:
            self._table = table
            self._to_act = (seat + 1) % n
            return
        winner, leader = self._best_seat, self._leader
        tricks = self._tricks
        tricks[winner] = tricks[winner] + 1
        played = self._played
        for d in table:
            played |= BIT[d]
        self._played = played
        self._trick_log = (self._trick_log, leader, table, winner)
        self._table = ()
        self._leader = winner
        if events is not None:
            events.append(frozen(TrickWon, winner, leader, table, 0))
        if not hands[winner]:  # every seat has played as many cards: all, when one has
            self._end_deal(events)
        else:
            self._to_act = winner

    # --- scoring (RULES.md §2 "Score") ------------------------------------------------------

    def _end_deal(self, events: list[Event] | None) -> None:
        """Score the round: 1 per trick, and 10 more for taking exactly the number bid (under
        ``exact_only``, 10 + tricks when exact and nothing otherwise). Write its row on the
        sheet, then deal the next round (the deal passes left) or, after the last round, end
        the match."""
        n, cards, dealer = self._n, self._cards, self._dealer
        bids, tricks = tuple(self._bids), tuple(self._tricks)
        points = round_points(bids, tricks, self._exact_only)
        totals = self._scores = tuple(
            [total + p for total, p in zip(self._scores, points, strict=True)]
        )
        trump_card = self._turned if self._turned >= 0 else None
        row: RoundScore = frozen(
            RoundScore, self._deal_no, cards, dealer, trump_card, bids, tricks, points, totals
        )
        self._sheet += (row,)
        if events is not None:
            events.append(frozen(DealEnded, self._deal_no, self._deal_result(row)))
        if self._deal_no < len(self._schedule):
            self._start_deal((dealer + 1) % n, events)
            return
        self._to_act = None
        if events is not None:
            events.append(MatchEnded(self.winners, totals))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats with the most points (equal top scores share the win); empty until the
        last round is over."""
        if self._to_act is not None:
            return ()
        top = max(self._scores)
        return tuple(s for s in range(self._n) if self._scores[s] == top)

    # --- what faces, bots and tests read ----------------------------------------------------

    @property
    def deals_done(self) -> int:
        return len(self._sheet)

    def playout(self, random: Callable[[], float]) -> None:
        random_playout(self, random)

    def _sealed_actions(self) -> int:
        # Every action of the round so far is a bid while the bidding lasts.
        return self._n - self._bids.count(-1) if self._sealed and -1 in self._bids else 0

    def view(self, seat: object) -> RiverView:
        seat = self._viewer(seat)
        to_act = self._to_act
        bids = self._bids
        sealed = self._sealed and -1 in bids
        if to_act is None:
            acting: tuple[int, ...] = ()
        else:
            acting = (to_act,) if isinstance(to_act, int) else tuple(sorted(to_act))
        return RiverView(
            seat=seat,
            rules=self.game.text,
            deal=self._deal_no,
            rounds=len(self._schedule),
            cards=self._cards,
            dealer=self._dealer,
            to_act=acting,
            leader=self._leader,
            hand=CardSet(self._hands[seat]) if seat is not None else None,
            hand_sizes=tuple(h.bit_count() for h in self._hands),
            trump=self._trump if self._trump >= 0 else None,
            turned=self._turned if self._turned >= 0 else None,
            bids=tuple(
                b if b >= 0 and (not sealed or s == seat) else None for s, b in enumerate(bids)
            ),
            has_bid=tuple(b >= 0 for b in bids),
            trick=self._table,
            history=self._trick_records(),
            tricks=tuple(self._tricks),
            scores=self._scores,
            sheet=self._sheet,
            match_over=to_act is None,
        )

    def _trick_records(self) -> tuple[TrickRecord, ...]:
        out = []
        node = self._trick_log
        while node is not None:
            node, leader, cards, winner = node
            out.append(TrickRecord(leader, cards, winner))
        return tuple(reversed(out))

    def result(self) -> Result:
        deals = tuple(self._deal_result(row) for row in self._sheet)
        return Result(self._to_act is None, self.winners, self._scores, deals)

    def _deal_result(self, row: RoundScore) -> RiverDealResult:
        """A finished round's row with the hands its pack dealt."""
        dealt = _dealt(self._packs[row.deal - 1], row.dealer, row.cards, self._n)
        hands = tuple(dealt[s] for s in range(self._n))
        result: RiverDealResult = frozen(RiverDealResult, row.deal, row.cards, row.dealer,
            row.trump_card, row.bids, row.tricks, row.points, row.totals, hands)  # fmt: skip
        return result

    def opening_events(self) -> list[Event]:
        return _deal_events(1, self._first_dealer, self._packs[0], self._schedule[0], self._n)

    def zones(self) -> dict[str, int]:
        """``hand<s>`` (seat ``s`` only), ``stock`` (nobody), ``turned``, ``trick`` and
        ``played`` (the finished tricks; everybody)."""
        pack = self._packs[-1]
        dealt = self._cards * self._n
        stock = 0
        for c in pack[dealt + 1 :]:
            stock |= 1 << c
        table = 0
        for c in self._table:
            table |= 1 << c
        zones = {f"hand{s}": h for s, h in enumerate(self._hands)}
        zones["stock"] = stock
        zones["turned"] = 1 << self._turned if self._turned >= 0 else 0
        zones["trick"] = table
        zones["played"] = self._played
        return zones


def _dealt(pack: tuple[int, ...], dealer: int, cards: int, n: int) -> dict[int, tuple[int, ...]]:
    """The cards each seat is dealt, one at a time from the top starting left of the dealer:
    by seat in dealing order, the dealer last."""
    return {(dealer + 1 + j) % n: pack[j : cards * n : n] for j in range(n)}


def _deal_events(deal: int, dealer: int, pack: tuple[int, ...], cards: int, n: int) -> list[Event]:
    """The events of dealing a round: each seat's cards, left of the dealer first, then the
    turned trump card (or no trump, when all 52 cards are dealt)."""
    dealt = cards * n
    events: list[Event] = [frozen(DealStarted, deal, dealer)]
    for seat, hand in _dealt(pack, dealer, cards, n).items():
        events.append(frozen(CardsDealt, seat, cards, hand))
    if dealt < PACK_SIZE:
        events.append(frozen(TrumpTurned, pack[dealt], pack[dealt] // 13))
    else:
        events.append(frozen(NoTrump, deal))
    return events
