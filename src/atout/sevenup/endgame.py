"""The tricks of a Seven Up hand searched exactly, every card known (a sampled world).

Two seats, so the search is minimax with alpha-beta pruning, on int masks. What a hand's tricks
decide is who captures the highest trump in play (High), the lowest (Low, unless ``dealt_low``
gives it to the seat that held it, fixed before the search), the Jack of trumps, and the
counting values each seat captures (Game). Those cards are known once the play begins (all
the cards in play are in the hands or already played), so a finished hand comes down to an
*outcome*: the owner of each of the four points, each ``None``, seat 0 or seat 1. The caller
values every outcome for the seat it searches for (:func:`outcome_index` numbers them), so
the utility may be any function of the points, such as the chance of winning the match.

A transposition table keyed by the position at each trick's start (both hands, the leader, the
Game difference and the points captured so far) holds exact values and bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from atout.cards import bits
from atout.sevenup.tables import JACK, SUIT_MASKS

if TYPE_CHECKING:
    from atout.sevenup.state import SevenUpState

__all__ = ["OUTCOMES", "Endgame", "outcome_index"]

#: The number of outcomes: each of High, Low, Jack, Game goes to nobody, seat 0 or seat 1.
OUTCOMES: Final = 81
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2
_INF: Final = math.inf


def outcome_index(high: int | None, low: int | None, jack: int | None, game: int | None) -> int:
    """The number of an outcome: the owners of High, Low, Jack and Game (``None``: nobody)."""

    def code(seat: int | None) -> int:
        return 0 if seat is None else 1 + seat

    return 27 * code(high) + 9 * code(low) + 3 * code(jack) + code(game)


class Endgame:
    """The exact value of the rest of a hand's tricks for one seat, from a world in the play.

    ``values[i]`` is what outcome ``i`` is worth to ``seat``. The facts that do not change
    during the search (the trump, the counting values, the cards that decide High, Low and
    Jack) are read from the state once; :meth:`value` then searches from the state's position
    or after one of its legal cards."""

    __slots__ = ("counted", "free_discard", "game_tie", "nodes", "seat", "special", "table",
                 "tm", "trump", "utility", "vals")  # fmt: skip

    def __init__(self, state: SevenUpState, seat: int, values: Sequence[float]) -> None:
        self.seat = seat
        self.utility = tuple(values)
        trump = state._trump
        self.trump = trump
        tm = SUIT_MASKS[trump]
        self.tm = tm
        self.vals = state._values
        self.free_discard = state._free_discard
        rules = state._rules
        hands, won = state._hands, state._won
        lead = state._lead
        in_play = hands[0] | hands[1] | won[0] | won[1] | (1 << lead if lead >= 0 else 0)
        trumps = in_play & tm
        # Each special card adds its weight times (1 + capturing seat) to the outcome number.
        special: dict[int, int] = {}
        counted = 0
        if trumps:
            high = trumps.bit_length() - 1
            low = (trumps & -trumps).bit_length() - 1
            special[high] = special.get(high, 0) + 27
            if rules.dealt_low:
                played = state._played()
                if lead >= 0:
                    played[state._leader] |= 1 << lead
                holder = 0 if (hands[0] | played[0]) >> low & 1 else 1
                counted += 9 * (1 + holder)
            else:
                special[low] = special.get(low, 0) + 9
            jack = JACK[trump]
            if trumps >> jack & 1:
                special[jack] = special.get(jack, 0) + 3
        for c in list(special):
            for s in (0, 1):
                if won[s] >> c & 1:
                    counted += special.pop(c) * (1 + s)
                    break
        self.special = special
        self.counted = counted
        eldest = 1 - state._dealer
        self.game_tie = 1 + eldest if rules.tie_game_to_eldest else 0
        self.table: dict[tuple[int, int, int, int, int], tuple[float, int]] = {}
        self.nodes = 0

    def value(self, state: SevenUpState, card: int = -1) -> float:
        """The value for the seat of the state's position (in the play, with every card
        known), or of the position after ``card`` is played by the seat to act."""
        hands, won = state._hands, state._won
        vals = self.vals
        diff = _total(won[0], vals) - _total(won[1], vals)
        h0, h1 = hands
        leader, lead = state._leader, state._lead
        own = self.counted
        if card >= 0:
            mover = leader if lead < 0 else 1 - leader
            if mover == 0:
                h0 ^= 1 << card
            else:
                h1 ^= 1 << card
            if lead < 0:
                lead = card
            else:
                winner = self._winner(lead, card, leader)
                diff += (vals[lead] + vals[card]) * (1 if winner == 0 else -1)
                own += self._captured((1 << lead) | (1 << card), winner)
                leader, lead = winner, -1
                if not h0 and not h1:
                    return self._final(diff, own)
        return self._node(h0, h1, leader, lead, diff, own, -_INF, _INF)

    def _winner(self, lead: int, card: int, leader: int) -> int:
        if card // 13 == lead // 13:
            return 1 - leader if card > lead else leader
        return 1 - leader if card // 13 == self.trump else leader

    def _captured(self, cards: int, winner: int) -> int:
        add = 0
        for c, w in self.special.items():
            if cards >> c & 1:
                add += w * (1 + winner)
        return add

    def _final(self, diff: int, own: int) -> float:
        game = 1 if diff > 0 else 2 if diff < 0 else self.game_tie
        return self.utility[own + game]

    def _node(  # noqa: PLR0917  (the search's hot path: positional ints, no packing)
        self, h0: int, h1: int, leader: int, lead: int, diff: int, own: int,
        alpha: float, beta: float,
    ) -> float:  # fmt: skip
        self.nodes += 1
        seat = self.seat
        if lead < 0:
            key = (h0, h1, leader, diff, own)
            hit = self.table.get(key)
            if hit is not None:
                v, kind = hit
                if kind == _EXACT:
                    return v
                if kind == _LOWER:
                    if v >= beta:
                        return v
                    alpha = max(alpha, v)
                elif v <= alpha:
                    return v
                else:
                    beta = min(beta, v)
            a0, b0 = alpha, beta
            hand = h0 if leader == 0 else h1
            maximise = leader == seat
            best = -_INF if maximise else _INF
            # High cards first: they win tricks and decide the points soonest.
            for c in reversed(bits(hand)):
                if leader == 0:
                    v = self._node(h0 ^ (1 << c), h1, 0, c, diff, own, alpha, beta)
                else:
                    v = self._node(h0, h1 ^ (1 << c), 1, c, diff, own, alpha, beta)
                if maximise:
                    if v > best:
                        best = v
                        alpha = max(alpha, v)
                elif v < best:
                    best = v
                    beta = min(beta, v)
                if alpha >= beta:
                    break
            kind = _LOWER if best >= b0 else _UPPER if best <= a0 else _EXACT
            self.table[key] = (best, kind)
            return best
        mover = 1 - leader
        hand = h0 if mover == 0 else h1
        same = hand & SUIT_MASKS[lead // 13]
        legal = hand if self.free_discard and not same else ((same | (hand & self.tm)) or hand)
        maximise = mover == seat
        best = -_INF if maximise else _INF
        vals = self.vals
        worth = vals[lead]
        trump = self.trump
        special = self.special
        for c in reversed(bits(legal)):
            if c // 13 == lead // 13:
                winner = mover if c > lead else leader
            else:
                winner = mover if c // 13 == trump else leader
            d = diff + (worth + vals[c]) * (1 if winner == 0 else -1)
            o = own
            if special:
                cards = (1 << lead) | (1 << c)
                for s, w in special.items():
                    if cards >> s & 1:
                        o += w * (1 + winner)
            if mover == 0:
                n0, n1 = h0 ^ (1 << c), h1
            else:
                n0, n1 = h0, h1 ^ (1 << c)
            if not n0 and not n1:
                game = 1 if d > 0 else 2 if d < 0 else self.game_tie
                v = self.utility[o + game]
            else:
                v = self._node(n0, n1, winner, -1, d, o, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best


def _total(mask: int, vals: tuple[int, ...]) -> int:
    return sum(vals[c] for c in bits(mask))
