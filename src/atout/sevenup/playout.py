"""Random playouts for Seven Up on local ints: the inner loop of Monte Carlo search.

:func:`random_playout` plays to the end of the current deal exactly as the generic
:meth:`atout.core.state.State.playout` does through ``legal_actions()`` and ``step()``: at each
decision it takes ``legal[int(random() * len(legal))]`` with ``legal`` in the same order (cards
ascending), so the two reach identical states from the same random stream (a test holds them
to it).

Only the discards and the tricks are inlined, on local variables: they are all but one or two
of a deal's actions. Eldest's stand or beg, the dealer's give or run, the runs, a void deal and
the count of the hand go through the state's own methods, so each rule that reshapes or ends a
deal is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from atout.sevenup.actions import DISCARD, PLAY
from atout.sevenup.tables import HAND, SUIT_MASKS
from atout.sevenup.view import DISCARDING, PLAYING

if TYPE_CHECKING:
    from atout.sevenup.state import SevenUpState

__all__ = ["random_playout"]


def random_playout(state: SevenUpState, random: Callable[[], float]) -> None:
    """Play uniformly random legal actions until the current deal ends."""
    start = len(state._deals)
    while state._stage < DISCARDING:
        # Stand or beg, give or run: once or twice a deal, through the protocol's own steps.
        seat = state._to_act
        assert isinstance(seat, int)
        legal = state.legal_actions()
        action = legal[int(random() * len(legal))]
        state._advance(seat, action, None)
        state._log = (state._log, seat, action)
        if len(state._deals) != start or state._to_act is None:
            return  # a void deal, or a Jack turned as new trump counted the dealer out
    # Lists are shared with the state and changed in place; scalars live in locals and are
    # written back before the state counts the hand.
    hands, discards, won = state._hands, state._discards, state._won
    seat = state._to_act
    assert isinstance(seat, int)
    log = state._log
    if state._stage == DISCARDING:
        dealer = state._dealer
        while True:
            hand = hands[seat]
            n = hand.bit_count()
            m = hand
            for _ in range(int(random() * n)):
                m &= m - 1  # drop the lowest card: the k-th card of the hand is then lowest
            low = m & -m
            hands[seat] = hand ^ low
            discards[seat] |= low
            log = (log, seat, DISCARD[low.bit_length() - 1])
            if n - 1 == HAND:
                if seat == dealer:
                    seat = 1 - dealer  # eldest leads
                    break
                seat = dealer
        state._stage = PLAYING
    trump = state._trump
    trump_mask = SUIT_MASKS[trump]
    free_discard = state._free_discard
    lead, leader, trick_log = state._lead, state._leader, state._trick_log
    while True:
        hand = hands[seat]
        if lead < 0:
            legal_mask = hand
        else:
            same = hand & SUIT_MASKS[lead // 13]
            # Follow suit or trump; a third suit only holding neither (any card when unable
            # to follow, under free_discard).
            free = free_discard and not same
            legal_mask = hand if free else ((same | (hand & trump_mask)) or hand)
        m = legal_mask
        for _ in range(int(random() * legal_mask.bit_count())):
            m &= m - 1
        low = m & -m
        c = low.bit_length() - 1
        hand ^= low
        hands[seat] = hand
        log = (log, seat, PLAY[c])
        if lead < 0:
            lead = c
            seat = 1 - seat
            continue
        if c // 13 == lead // 13:
            winner = seat if c > lead else leader
        else:
            winner = seat if c // 13 == trump else leader
        won[winner] |= low | (1 << lead)
        trick_log = (trick_log, leader, lead, c, winner)
        lead = -1
        leader = seat = winner
        if not hand:  # the sixth trick: both hands are empty
            state._lead, state._leader, state._to_act = -1, winner, winner
            state._trick_log, state._log = trick_log, log
            state._score_hand(None)
            return
