"""Exact search of the rest of a Schnapsen deal on ints, for a world where every card is known.

:class:`DealSolver` plays the deal on local ints (hands, points, pending marriages, tricks,
the stock) with do and undo instead of ``clone`` and ``step``, and remembers every position it
has bounded in a transposition table, so a world's positions reached by several of the root's
actions, or by tricks played in another order, are searched once. It follows the engine's rules
(RULES.md §3) for every variant but ``manual_claim`` (whose claims and passes it does not
model): leading, marriages (credited or pending), following (free while the stock is open,
strict after), the draws, the trump Jack's exchange, closing, 66, the last trick, the game
points with or without a close, ``last_trick_ten`` and ``closer_fail_tricks_at_end``. A test
holds it equal to the generic :func:`atout.bots.solve.solve` on many random positions.

The value of a deal's end is given as a table ``outcome[winner * 4 + game_points]`` (for the
searching seat), so the same search serves raw game points and match odds.

The search runs in C where it is built: ``atout.bots._dealsolve`` (``_dealsolve.c``, compiled at
install beside the mypyc modules) is :class:`_Search` written again, move for move, with its
transposition table in a C hash map; it gives every position the same value and the same node
count (``tests/bots/test_dealsolve.py`` holds them equal). :class:`_Search` stays the reference,
the fallback where no compiler was, and what the pure engine (``ATOUT_PURE=1``) runs.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import Any, Final, Protocol

from atout._twins import c_twin
from atout.cards import bits
from atout.schnapsen.layout import HAND, MARRIED, PENDING, TAKEN, TRICKS
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.tables import BEATS as _BEATS
from atout.schnapsen.tables import (
    FOLLOWER_WINS,
    JACK,
    KING,
    MARRIAGE,
    POINTS,
    QUEEN,
    SUIT,
    SUIT_MASKS,
    TRICK_POINTS,
    marriage_worth,
)

__all__ = ["KERNEL", "DealSolver", "points_outcome"]

_GOAL: Final = 66

#: The entries of an outcome table that a deal's end can read: ``winner * 4 + game points``.
_ENDS: Final = (1, 2, 3, 5, 6, 7)


class _NativeTable(Protocol):
    """``atout.bots._dealsolve.Table``: a solver's transposition table in C, bound to the seat,
    outcome table and variant its values hold for; ``search`` is :meth:`_Search.run`."""

    def search(self, *position: int | tuple[int, ...]) -> tuple[float, int]:
        """The value of the position :func:`_position` lists and the nodes searched."""
        ...

    def __len__(self) -> int: ...


def _load_kernel() -> Any:
    """The C kernel (``atout.bots._dealsolve``) with the rules tables handed to it, or None:
    under the pure engine (asked for, or chosen because a build is older than its source, see
    :mod:`atout._engine`), or where it was not built."""
    kernel = c_twin("atout.bots._dealsolve", __file__)
    if kernel is not None:
        kernel.init(
            SUIT, POINTS, FOLLOWER_WINS, TRICK_POINTS, _BEATS, SUIT_MASKS, JACK, KING, QUEEN,
            MARRIAGE,
        )  # fmt: skip
    return kernel


_KERNEL: Final[Any] = _load_kernel()

#: Which search :class:`DealSolver` runs by default: ``"c"`` (``atout.bots._dealsolve``) or
#: ``"python"`` (:class:`_Search`).
KERNEL: Final = "python" if _KERNEL is None else "c"


@functools.cache
def points_outcome(seat: int) -> tuple[float, ...]:
    """The outcome table of raw game points for ``seat`` (what ``Schnapsen.deal_value`` gives)."""
    return tuple(float(p if w == seat else -p) for w in (0, 1) for p in range(4))


#: The cards of a mask, the most points first (high cards end or decide a deal most often, so
#: trying them first makes alpha-beta cut sooner); filled as masks are met (at most 2^20).
_ORDERED: Final[dict[int, tuple[int, ...]]] = {}


def _ordered(mask: int) -> tuple[int, ...]:
    cards = _ORDERED.get(mask)
    if cards is None:
        cards = _ORDERED[mask] = tuple(sorted(bits(mask), key=lambda c: (-POINTS[c], c)))
    return cards


class DealSolver:
    """Exact minimax of one world's current deal for ``seat``, valued by ``outcome``.

    Create one per world and call :meth:`value` on that world or on its children (states one
    action further): they share the transposition table, which is sound because a key holds
    everything the rest of the deal depends on (the face-down cards still in the stock among
    it).

    With ``chance=False`` the draws follow the world's order of the stock, which both seats
    then play as if they knew. With ``chance=True`` they are what they are at the table, chance:
    after a trick with two or more face-down cards left, the winner draws each of them and the
    loser each of the others with equal odds, and the value is the mean over those draws
    (expectimax, pruned as Ballard's Star1 prunes it, with the outcome table's least and
    greatest entry as the bounds); the world's order is not read, so one solver serves every
    world of a decision (the key holds both hands and the face-down cards left).

    It searches in C where the kernel is built (:data:`KERNEL`), unless ``native=False`` asks
    for the Python search; both give the same values and count the same :attr:`nodes`.
    """

    __slots__ = (
        "_chance",
        "_fail_at_end",
        "_high",
        "_last_ten",
        "_low",
        "_outcome",
        "_seat",
        "_table",
        "nodes",
    )

    def __init__(
        self,
        seat: int,
        outcome: Sequence[float],
        state: SchnapsenState,
        *,
        native: bool = True,
        chance: bool = False,
    ) -> None:
        if state._manual:
            raise ValueError("DealSolver does not model manual_claim")
        self._seat = seat
        self._outcome = tuple(outcome)
        self._last_ten = state._last_ten
        self._fail_at_end = state._fail_at_end
        self._chance = chance
        # The bounds of every deal's end (entries 0 and 4, "won by 0 game points", never are).
        ends = [self._outcome[i] for i in _ENDS]
        self._low, self._high = min(ends), max(ends)
        # The Python search's dict, or the C kernel's table (which holds the same keys).
        self._table: dict[tuple[int, ...], tuple[float, float]] | _NativeTable
        if native and _KERNEL is not None:
            self._table = _KERNEL.Table(
                seat, self._outcome, self._last_ten, self._fail_at_end, chance
            )
        else:
            self._table = {}
        self.nodes = 0

    @property
    def native(self) -> bool:
        """Whether this solver searches in C."""
        return not isinstance(self._table, dict)

    def value(self, state: SchnapsenState, start: int) -> float:
        """The value of the deal that ``state`` (a world's state, or one a few actions on) was
        in when ``start`` deals were done, under best play by both; its end's, if it is over."""
        if len(state._deals) > start or state._to_act is None:
            d = state._deals[-1]
            return self._outcome[d.winner * 4 + d.points]
        table = self._table
        if isinstance(table, dict):
            return _Search(self, state).run()
        value, nodes = table.search(*_position(state))
        self.nodes += nodes
        return value


def _position(state: SchnapsenState) -> tuple[int | tuple[int, ...], ...]:
    """The arguments of the C kernel's ``Table.search``: what :class:`_Search` starts from."""
    seats = state._seats
    return (
        seats[HAND],
        seats[HAND + 1],
        seats[TAKEN] + seats[MARRIED],
        seats[TAKEN + 1] + seats[MARRIED + 1],
        seats[PENDING],
        seats[PENDING + 1],
        seats[TRICKS],
        seats[TRICKS + 1],
        state._trump,
        state._stock,
        state._closed_by,
        state._close_points,
        state._close_tricks,
        state._bottom,
        state._stock_pos,
        state._leader,
        state._lead,
    )


class _Search:
    """One search from a state: the deal's variables in lists, changed and restored."""

    __slots__ = (
        "bottom",
        "close",
        "hands",
        "left",
        "pending",
        "points",
        "solver",
        "start",
        "stock",
        "table",
        "tricks",
        "trump",
    )

    def __init__(self, solver: DealSolver, state: SchnapsenState) -> None:
        table = solver._table
        assert isinstance(table, dict)
        self.solver = solver
        self.table = table
        seats = state._seats
        self.hands = seats[HAND : HAND + 2]
        self.points = [seats[TAKEN + s] + seats[MARRIED + s] for s in (0, 1)]
        self.pending = seats[PENDING : PENDING + 2]
        self.tricks = seats[TRICKS : TRICKS + 2]
        self.trump = state._trump
        # A list: the chance draws put the pair drawn next in front (and back after).
        self.stock = list(state._stock)
        # The face-down cards not drawn yet, as a mask (part of the key).
        self.left = sum(1 << c for c in state._stock[state._stock_pos :])
        # [closer or -1, the opponent's credited points and tricks at the close]
        self.close = [state._closed_by, state._close_points, state._close_tricks]
        self.bottom = [state._bottom, state._stock_pos]
        self.start = (state._leader, state._lead)

    def run(self) -> float:
        leader, lead = self.start
        if lead >= 0:
            return self.follow(leader, lead, -math.inf, math.inf)
        return self.lead(leader, -math.inf, math.inf)

    # --- the end of the deal ---------------------------------------------------------------

    def _failed(self) -> float:
        """The closer failed (or the opponent reached 66 first): the opponent scores 2 or 3."""
        closer = self.close[0]
        opponent = 1 - closer
        tricks = self.tricks[opponent] if self.solver._fail_at_end else self.close[2]
        return self.solver._outcome[opponent * 4 + (2 if tricks else 3)]

    def _reached(self, winner: int) -> float:
        """``winner`` reached 66."""
        closer = self.close[0]
        if closer < 0:
            loser = 1 - winner
            theirs, tricks = self.points[loser], self.tricks[loser]
        elif closer == winner:
            theirs, tricks = self.close[1], self.close[2]
        else:
            return self._failed()
        points = 1 if theirs >= 33 else (2 if tricks else 3)
        return self.solver._outcome[winner * 4 + points]

    # --- the search ---------------------------------------------------------------------------

    def _key(self, leader: int, lead: int) -> tuple[int, ...]:
        h, p, q, t = self.hands, self.points, self.pending, self.tricks
        c = self.close
        b = self.bottom
        return (
            h[0],
            h[1],
            leader,
            lead,
            p[0],
            p[1],
            q[0],
            q[1],
            t[0] > 0,
            t[1] > 0,
            b[0],
            b[1],
            self.left,
            c[0],
            # of the close record only what scoring reads: 33 or more, a trick or none
            c[0] >= 0 and c[1] >= 33,
            c[0] >= 0 and c[2] > 0,
        )

    def lead(self, seat: int, alpha: float, beta: float) -> float:
        """``seat`` is on lead: exchange, close, marriages or a card."""
        key = self._key(seat, -1)
        entry = self.table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = -math.inf, math.inf
        a0, b0 = alpha, beta
        self.solver.nodes += 1
        maximize = seat == self.solver._seat
        best = -math.inf if maximize else math.inf
        hands, points, pending, tricks = self.hands, self.points, self.pending, self.tricks
        hand = hands[seat]
        bottom = self.bottom
        is_open = self.close[0] < 0 and bottom[0] >= 0
        trump = self.trump
        # (card, 0 plain / 1 marriage / 2 exchange / 3 close), in an order that measured the
        # fewest nodes: the exchange, closing (its strict endgame is small and often decides),
        # marriages, then the cards with the most points first.
        options: list[tuple[int, int]] = []
        if is_open and hand >> JACK[trump] & 1:
            options.append((-1, 2))
        if is_open:
            options.append((-1, 3))
        for s in range(4):
            pair = MARRIAGE[s]
            if hand & pair == pair:
                options.append((KING[s], 1))
                options.append((QUEEN[s], 1))
        options += [(c, 0) for c in _ordered(hand)]
        for card, kind in options:
            if kind == 0:
                hands[seat] = hand ^ (1 << card)
                v = self.follow(seat, card, alpha, beta)
                hands[seat] = hand
            elif kind == 1:
                worth = marriage_worth(SUIT[card], trump)
                hands[seat] = hand ^ (1 << card)
                if tricks[seat]:
                    points[seat] += worth
                    if points[seat] >= _GOAL:
                        v = self._reached(seat)
                    else:
                        v = self.follow(seat, card, alpha, beta)
                    points[seat] -= worth
                else:
                    pending[seat] += worth
                    v = self.follow(seat, card, alpha, beta)
                    pending[seat] -= worth
                hands[seat] = hand
            elif kind == 2:
                jack, taken = JACK[trump], bottom[0]
                hands[seat] = hand ^ (1 << jack) ^ (1 << taken)
                bottom[0] = jack
                v = self.lead(seat, alpha, beta)
                bottom[0] = taken
                hands[seat] = hand
            else:
                close = self.close
                close[0], close[1], close[2] = seat, points[1 - seat], tricks[1 - seat]
                v = self.lead(seat, alpha, beta)
                close[0], close[1], close[2] = -1, 0, 0
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        self._store(key, (lo, hi), best, (a0, b0))
        return best

    def _store(
        self,
        key: tuple[int, ...],
        bounds: tuple[float, float],
        best: float,
        window: tuple[float, float],
    ) -> None:
        lo, hi = bounds
        a0, b0 = window
        # Fail-soft alpha-beta within the window (a0, b0): a value at or below a0 is an upper
        # bound of the true value, at or above b0 a lower bound, strictly inside it exact.
        if best <= a0:
            hi = min(hi, best)
        elif best >= b0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.table[key] = (lo, hi)

    def follow(self, leader: int, lead: int, alpha: float, beta: float) -> float:
        """The other seat answers ``lead``; the trick is settled, then the draw or the end."""
        seat = 1 - leader
        hands, points, pending, tricks = self.hands, self.points, self.pending, self.tricks
        hand = hands[seat]
        bottom = self.bottom
        is_open = self.close[0] < 0 and bottom[0] >= 0
        if is_open:
            legal = hand
        else:
            same = hand & SUIT_MASKS[SUIT[lead]]
            legal = ((same & _BEATS[lead]) or same) if same else (hand & SUIT_MASKS[self.trump])
            legal = legal or hand
        maximize = seat == self.solver._seat
        best = -math.inf if maximize else math.inf
        wins = FOLLOWER_WINS[self.trump]
        for c in _ordered(legal):
            i = lead * 52 + c
            winner = seat if wins[i] else leader
            hands[seat] = hand ^ (1 << c)
            saved_points, saved_pending, saved_tricks = (
                points[winner],
                pending[winner],
                tricks[winner],
            )
            points[winner] += TRICK_POINTS[i]
            tricks[winner] += 1
            if saved_tricks == 0 and saved_pending:
                points[winner] += saved_pending
                pending[winner] = 0
            last = not (hands[0] | hands[1])
            if last and self.solver._last_ten and self.close[0] < 0:
                points[winner] += 10
            if points[winner] >= _GOAL:
                v = self._reached(winner)
            elif last and self.close[0] >= 0:
                v = self._failed()
            elif last:
                v = self.solver._outcome[winner * 4 + 1]
            elif is_open and self.solver._chance and len(self.stock) - bottom[1] > 1:
                v = self._draws(winner, alpha, beta)
            elif is_open:
                stock = self.stock
                pos = bottom[1]
                saved_bottom, saved_left = bottom[0], self.left
                loser = 1 - winner
                saved_w, saved_l = hands[winner], hands[loser]
                hands[winner] = saved_w | (1 << stock[pos])
                self.left ^= 1 << stock[pos]
                if pos + 1 < len(stock):
                    hands[loser] = saved_l | (1 << stock[pos + 1])
                    self.left ^= 1 << stock[pos + 1]
                    bottom[1] = pos + 2
                else:
                    hands[loser] = saved_l | (1 << saved_bottom)
                    bottom[0] = -1
                    bottom[1] = pos + 1
                v = self.lead(winner, alpha, beta)
                hands[winner], hands[loser] = saved_w, saved_l
                bottom[0], bottom[1] = saved_bottom, pos
                self.left = saved_left
            else:
                v = self.lead(winner, alpha, beta)
            points[winner], pending[winner], tricks[winner] = (
                saved_points,
                saved_pending,
                saved_tricks,
            )
            hands[seat] = hand
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _draws(self, winner: int, alpha: float, beta: float) -> float:
        """The chance draws after a trick (``chance``, two or more face-down cards left): the
        mean over every card the winner may draw and every other the loser may, each such
        ordered pair as likely, the winner then on lead. Star1: each draw is searched in the
        window that its value must leave for the mean to fall inside (alpha, beta), the draws
        not yet searched taken at the outcome's bounds; a value outside it ends the search with
        a bound of the mean on that side."""
        hands, bottom, stock = self.hands, self.bottom, self.stock
        pos = bottom[1]
        left = self.left
        loser = 1 - winner
        saved_w, saved_l = hands[winner], hands[loser]
        cards = sorted(stock[pos:])
        n = len(cards) * (len(cards) - 1)
        low, high = self.solver._low, self.solver._high
        total = 0.0
        i = 0
        for a in cards:
            for b in cards:
                if a == b:
                    continue
                i += 1
                child_alpha = n * alpha - total - (n - i) * high
                child_beta = n * beta - total - (n - i) * low
                hands[winner] = saved_w | (1 << a)
                hands[loser] = saved_l | (1 << b)
                self.left = left ^ (1 << a) ^ (1 << b)
                # Only the set of the cards after pos + 2 matters from here on.
                stock[pos:] = [a, b, *(c for c in cards if c not in (a, b))]
                bottom[1] = pos + 2
                v = self.lead(winner, child_alpha, child_beta)
                hands[winner], hands[loser] = saved_w, saved_l
                self.left = left
                bottom[1] = pos
                if v <= child_alpha:
                    return (total + v + (n - i) * high) / n
                if v >= child_beta:
                    return (total + v + (n - i) * low) / n
                total += v
        return total / n
