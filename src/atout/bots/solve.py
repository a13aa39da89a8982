"""Exact search of the rest of a deal in a world where every card is known.

Alpha-beta over the core protocol (``legal_actions``, ``clone``, ``step``), scored by the game's
``deal_value`` for one seat when the deal ends. With two seats it is exact minimax; with more
it is *paranoid* (every other seat plays against the searching seat), a lower bound.
"""

from __future__ import annotations

import math

from atout.core.state import State

__all__ = ["solve"]


def solve(state: State, seat: int) -> float:
    """The value of the current deal for ``seat`` under best play by everybody, from ``state``
    (a perfect-information world; the search stops when the deal ends)."""
    return _alphabeta(state, seat, state.deals_done, -math.inf, math.inf)


def _value(state: State, seat: int) -> float:
    return state.game.deal_value(state.result().deals[-1], seat)


def _alphabeta(state: State, seat: int, start: int, alpha: float, beta: float) -> float:
    if state.deals_done != start or state.to_act is None:
        return _value(state, seat)
    to_act = state.to_act
    mover = to_act if isinstance(to_act, int) else min(to_act)
    legal = state.legal_actions(mover)
    if mover == seat:
        best = -math.inf
        for a in legal:
            child = state.clone()
            child.step(a, mover)
            v = _alphabeta(child, seat, start, alpha, beta)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best
    worst = math.inf
    for a in legal:
        child = state.clone()
        child.step(a, mover)
        v = _alphabeta(child, seat, start, alpha, beta)
        if v < worst:
            worst = v
            if v < beta:
                beta = v
                if alpha >= beta:
                    break
    return worst
