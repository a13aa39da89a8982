"""The last tricks of a River round searched exactly, every card known (a sampled world).

Oh Hell is no two-sided game: each seat plays for its own exact bid, so the search is
*max-n*: at every turn the seat to play takes the card that gives it the most points at the end
of the round, given that every seat after it does the same. Where several cards are worth the
same to the seat, it takes the one the rules of thumb (:func:`atout.river.greedy.greedy_card`)
would, then the lowest: a seat indifferent to the outcome plays as it usually does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from atout.cards import SUIT_MASKS, bits
from atout.river.greedy import greedy_card
from atout.river.state import round_points
from atout.river.tables import BEATS, BIT

if TYPE_CHECKING:
    from atout.river.state import RiverState

__all__ = ["solve_round"]


def solve_round(state: RiverState) -> tuple[int, ...]:
    """The round's points by seat under max-n play from ``state`` (in the play, bids made).
    The state is left as it was."""
    if -1 in state._bids:
        raise ValueError("the bidding is not over")
    turned = state._turned
    gone = state._played | (BIT[turned] if turned >= 0 else 0)
    for c in state._table:
        gone |= BIT[c]
    search = _Search(state, gone)
    tricks_left = state._cards - state._played.bit_count() // state._n
    return search.node(state._table, state._best, state._best_seat, state._leader, tricks_left)


class _Search:
    """The search's fixed facts, and the hands, tricks taken and cards gone of the position
    being searched (changed on the way down, restored on the way up)."""

    __slots__ = ("beats", "bids", "exact_only", "gone", "hands", "n", "taken", "trump")

    def __init__(self, state: RiverState, gone: int) -> None:
        self.n = state._n
        self.trump = state._trump
        self.beats = BEATS[state._trump + 1]
        self.bids = tuple(state._bids)
        self.exact_only = state._exact_only
        self.hands = state._hands[:]
        self.taken = state._tricks[:]
        self.gone = gone

    def points(self) -> tuple[int, ...]:
        return round_points(self.bids, self.taken, self.exact_only)

    def node(
        self, table: tuple[int, ...], best: int, best_seat: int, leader: int, tricks_left: int
    ) -> tuple[int, ...]:
        if not tricks_left:
            return self.points()
        n, hands, taken, gone = self.n, self.hands, self.taken, self.gone
        k = len(table)
        seat = (leader + k) % n
        hand = hands[seat]
        legal = hand & SUIT_MASKS[table[0] // 13] if table else 0
        legal = legal or hand
        need = self.bids[seat] - taken[seat]
        first = greedy_card(hand, table, best, trump=self.trump, need=need, gone=gone,
                            last=k == n - 1)  # fmt: skip
        top: tuple[int, ...] | None = None
        for c in (first, *(d for d in bits(legal) if d != first)):
            hands[seat] = hand ^ BIT[c]
            self.gone = gone | BIT[c]
            if not table or self.beats[best * 52 + c]:
                b, bs = c, seat
            else:
                b, bs = best, best_seat
            if k == n - 1:
                taken[bs] += 1
                value = self.node((), -1, -1, bs, tricks_left - 1)
                taken[bs] -= 1
            else:
                value = self.node((*table, c), b, bs, leader, tricks_left)
            if top is None or value[seat] > top[seat]:
                top = value
        hands[seat] = hand
        self.gone = gone
        assert top is not None  # a seat to play holds a card
        return top
