"""Random playouts for Schnapsen on local ints: the inner loop of Monte Carlo search.

:func:`random_playout` plays to the end of the current deal exactly as the generic
:meth:`atout.core.state.State.playout` does through ``legal_actions()`` and ``step()``: at each
decision it takes ``legal[int(random() * len(legal))]`` with ``legal`` in the same order, so the
two reach identical states from the same random stream (a test holds them to it).

Only the common steps are inlined, on local variables: leading a card without a marriage, and
following to a trick that is not the last (the trick, a waiting marriage credited, the draw).
Everything rarer (marriages, exchange, close, the last trick, claims, the end of the deal) goes
through the state's own methods after the locals are written back, so each rule that can end or
reshape a deal is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from atout.cards import _BITS_CACHE, bits
from atout.core.actions import Action
from atout.schnapsen.actions import CLAIM, CLOSE, EXCHANGE, MARRY, PASS, PLAY
from atout.schnapsen.layout import HAND, MARRIED, PENDING, TAKEN, TRICKS, WON
from atout.schnapsen.tables import (
    BEATS,
    FOLLOWER_WINS,
    JACK,
    SUIT,
    SUIT_MASKS,
    TRICK_POINTS,
    marriages,
)

if TYPE_CHECKING:
    from atout.schnapsen.state import SchnapsenState

__all__ = ["random_playout"]

_GOAL: Final = 66


def random_playout(state: SchnapsenState, random: Callable[[], float], stop: int = -1) -> None:
    """Play uniformly random legal actions until the current deal ends, or, with ``stop`` at
    least 0, until a trick's draw leaves at most ``stop`` cards in the stock (the trump card
    included) or a close stops the draws: from there a search values the deal exactly."""
    start = len(state._deals)
    # Lists are shared with the state and changed in place; scalars live in locals and are
    # written back before any of the state's own methods runs.
    seats = state._seats
    trump = state._trump
    trump_mask = SUIT_MASKS[trump]
    jack = JACK[trump]
    manual = state._manual
    stock = state._stock
    last_face_down = len(stock) - 1
    seat = state._to_act
    assert isinstance(seat, int)
    lead, leader = state._lead, state._leader
    bottom, pos = state._bottom, state._stock_pos
    log, trick_log = state._log, state._trick_log
    is_open = state._closed_by < 0 and bottom >= 0
    cached = _BITS_CACHE.get
    follower_wins = FOLLOWER_WINS[trump]

    while True:
        if manual and state._window:
            careful: Action = (CLAIM, PASS)[int(random() * 2)]
        elif lead < 0:
            hand = seats[HAND + seat]
            cards = cached(hand) or bits(hand)
            pairs = marriages(hand)
            n = len(cards) + manual
            if is_open:
                n += 2 if hand >> jack & 1 else 1
            if pairs:
                n += pairs.bit_count()
            k = int(random() * n)
            if not pairs and k < len(cards):
                c = cards[k]
                seats[HAND + seat] = hand ^ (1 << c)
                lead = c
                log = (log, seat, PLAY[c])
                seat = 1 - seat
                continue
            acts: list[Action] = []
            for c in cards:
                acts.append(PLAY[c])
                if pairs >> c & 1:
                    acts.append(MARRY[c])
            if is_open:
                if hand >> jack & 1:
                    acts.append(EXCHANGE)
                acts.append(CLOSE)
            if manual:
                acts.append(CLAIM)
            careful = acts[k]
            if careful is CLOSE:
                # Inlined _close: the opponent's standing is recorded, the stock stops.
                other = 1 - seat
                state._closed_by = seat
                state._closed_at = seats[TRICKS] + seats[TRICKS + 1]
                state._close_points = seats[TAKEN + other] + seats[MARRIED + other]
                state._close_tricks = seats[TRICKS + other]
                is_open = False
                log = (log, seat, CLOSE)
                if stop >= 0:
                    break
                continue
        else:
            hand = seats[HAND + seat]
            if is_open:
                legal = hand
            else:
                same = hand & SUIT_MASKS[SUIT[lead]]
                legal = ((same & BEATS[lead]) or same) if same else ((hand & trump_mask) or hand)
            cards = cached(legal) or bits(legal)
            c = cards[int(random() * len(cards))]
            hand ^= 1 << c
            if is_open or hand or seats[HAND + 1 - seat]:
                # Not the last trick: settle it here.
                seats[HAND + seat] = hand
                log = (log, seat, PLAY[c])
                i = lead * 52 + c
                winner = seat if follower_wins[i] else leader
                worth = TRICK_POINTS[i]
                seats[WON + winner] = seats[WON + winner] | (1 << c) | (1 << lead)
                seats[TAKEN + winner] = seats[TAKEN + winner] + worth
                seats[TRICKS + winner] = seats[TRICKS + winner] + 1
                trick_log = (trick_log, leader, lead, c, winner, worth)
                lead, leader, seat = -1, winner, winner
                if seats[TRICKS + winner] == 1 and seats[PENDING + winner]:
                    seats[MARRIED + winner] = seats[MARRIED + winner] + seats[PENDING + winner]
                    seats[PENDING + winner] = 0
                if not manual and seats[TAKEN + winner] + seats[MARRIED + winner] >= _GOAL:
                    state._lead, state._leader, state._log = lead, leader, log
                    state._bottom, state._stock_pos, state._trick_log = bottom, pos, trick_log
                    state._end_deal(winner, "66", None, None)
                    return
                if is_open:
                    seats[HAND + winner] = seats[HAND + winner] | 1 << stock[pos]
                    if pos < last_face_down:
                        seats[HAND + 1 - winner] = seats[HAND + 1 - winner] | 1 << stock[pos + 1]
                        pos += 2
                    else:
                        seats[HAND + 1 - winner] = seats[HAND + 1 - winner] | 1 << bottom
                        bottom = -1
                        pos += 1
                        is_open = False
                    if stop >= 0 and (not is_open or len(stock) - pos + 1 <= stop):
                        break
                continue
            careful = PLAY[c]
        state._to_act, state._lead, state._leader = seat, lead, leader
        state._bottom, state._stock_pos = bottom, pos
        state._log, state._trick_log = log, trick_log
        state._advance(seat, careful, None)
        log = state._log = (log, seat, careful)
        if len(state._deals) != start:
            return
        to_act = state._to_act
        assert isinstance(to_act, int)  # Schnapsen has one seat to act until the match ends
        seat = to_act
        lead, leader = state._lead, state._leader
        bottom, pos = state._bottom, state._stock_pos
        is_open = state._closed_by < 0 and bottom >= 0
        trick_log = state._trick_log
    # ``stop`` reached, between tricks: the locals written back for the search to take over.
    state._to_act, state._lead, state._leader = seat, lead, leader
    state._bottom, state._stock_pos = bottom, pos
    state._log, state._trick_log = log, trick_log
