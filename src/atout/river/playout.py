"""Random playouts for River on local ints: the inner loop of Monte Carlo search.

:func:`random_playout` plays to the end of the current round exactly as the generic
:meth:`atout.core.state.State.playout` does through ``legal_actions()`` and ``step()``: at each
decision it takes ``legal[int(random() * len(legal))]`` with ``legal`` in the same order (bids
upwards without the hooked number, cards in card-id order), seats bidding at once lowest first,
so the two reach identical states from the same random stream (a test holds them to it).

The bids, a handful per round, go through the state's own method. The play is inlined on local
variables; the end of the round (scoring, the next deal or the end of the match) goes through
the state's own method after the locals are written back, so that each rule that ends a round
is written once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from atout.river.actions import BID, PLAY
from atout.river.tables import BEATS, BIT, SUIT_RANKS

if TYPE_CHECKING:
    from atout.river.state import RiverState

__all__ = ["random_playout"]

#: ``FOLLOWERS[n][leader]``: the seats after the leader, in playing order, at a table of n.
FOLLOWERS: Final = tuple(
    tuple(tuple((leader + k) % n for k in range(1, n)) for leader in range(n)) for n in range(9)
)


def random_playout(state: RiverState, random: Callable[[], float]) -> None:
    """Play uniformly random legal actions until the current round ends."""
    bids = state._bids
    while -1 in bids:
        to_act = state._to_act
        assert to_act is not None  # a round in its bidding has someone to bid
        seat = to_act if isinstance(to_act, int) else min(to_act)
        forbidden = state._forbidden_bid(seat)
        # The legal bids are 0 … cards without the forbidden one: the i-th skips over it.
        i = int(random() * (state._cards + 1 - (forbidden >= 0)))
        tricks = i + 1 if 0 <= forbidden <= i else i
        state._bid(seat, tricks, None)
        state._log = (state._log, seat, BID[tricks])

    # Lists are shared with the state and changed in place; scalars live in locals and are
    # written back before the state's own method ends the round.
    n = state._n
    hands, tricks_taken = state._hands, state._tricks
    beats = BEATS[state._trump + 1]
    followers = FOLLOWERS[n]
    log, trick_log = state._log, state._trick_log
    table, leader = state._table, state._leader
    best, best_seat = state._best, state._best_seat
    # At the round's end every card dealt is in a finished trick: those already there, those
    # on the table and those still held.
    played = state._played
    for c in table:
        played |= BIT[c]
    for hand in hands:
        played |= hand
    tricks_left = state._cards - state._played.bit_count() // n

    while True:
        if not table:
            hand = legal = hands[leader]
            # The i-th card upwards: clear the i lowest bits, take the lowest left. (Hands
            # are nearly always new masks: this beats looking a card list up in a cache.)
            i = int(random() * legal.bit_count())
            while i:
                legal &= legal - 1
                i -= 1
            low = legal & -legal
            c = low.bit_length() - 1
            hands[leader] = hand ^ low
            log = (log, leader, PLAY[c])
            table, best, best_seat = (c,), c, leader
        shift = table[0] // 13 * 13
        for seat in followers[leader][len(table) - 1 :]:
            hand = hands[seat]
            ranks = SUIT_RANKS[hand >> shift & 0x1FFF]
            if ranks:  # follow suit: the i-th card of the suit led
                c = shift + ranks[int(random() * len(ranks))]
                hands[seat] = hand ^ BIT[c]
            else:  # void: any card
                legal = hand
                i = int(random() * legal.bit_count())
                while i:
                    legal &= legal - 1
                    i -= 1
                low = legal & -legal
                c = low.bit_length() - 1
                hands[seat] = hand ^ low
            log = (log, seat, PLAY[c])
            if beats[best * 52 + c]:
                best, best_seat = c, seat
            table += (c,)
        tricks_taken[best_seat] += 1
        trick_log = (trick_log, leader, table, best_seat)
        table, leader = (), best_seat
        tricks_left -= 1
        if not tricks_left:
            break

    state._log, state._trick_log = log, trick_log
    state._table, state._leader = table, leader
    state._best, state._best_seat = best, best_seat
    state._played = played
    state._to_act = leader
    state._end_deal(None)
