"""Which bots sit where, on which packs: the tournament's list of games.

A *unit* is one match (or one deal, in deal mode) at one table: a seed, from which every pack
of the unit is shuffled, and the bot in each seat. With ``duplicate`` every seed is played once
per seat arrangement (both ways round for two seats, every rotation for more), so the luck of
the cards cancels out; otherwise arrangements alternate from one seed to the next. A duplicate
tournament may be played on a fixed deal set instead (:mod:`atout.arena.dealset`): the packs
written down, so that figures from different versions of the code compare.

Two-seat games play every pair of bots (a round robin). Games with more seats seat the bots
around the table in order, repeating the list to fill it (two bots at four seats: A B A B), and
rotate them.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from atout.arena.dealset import DealSet
from atout.core.state import seeded_int
from atout.errors import RulesError

__all__ = ["Unit", "schedule"]


@dataclass(frozen=True)
class Unit:
    """One match or deal to play. ``seats[s]`` is the index of the bot in seat ``s``."""

    index: int
    seed: int
    group: int  # units sharing a seed and a set of bots: a duplicate group
    arrangement: int
    seats: tuple[int, ...]
    #: The first packs of the match, from a deal set (later deals shuffled from the seed).
    packs: tuple[tuple[int, ...], ...] = ()


def arrangements(bots: tuple[int, ...], seats: int) -> list[tuple[int, ...]]:
    """Every rotation of the bots around a table of ``seats``."""
    table = tuple(bots[s % len(bots)] for s in range(seats))
    out: list[tuple[int, ...]] = []
    for shift in range(seats):
        rotated = table[shift:] + table[:shift]
        if rotated not in out:
            out.append(rotated)
    return out


def schedule(
    bots: int,
    seats: int,
    units: int,
    *,
    duplicate: bool,
    seed: int,
    deal_set: DealSet | None = None,
) -> list[Unit]:
    """The units of a tournament, in a fixed order: ``units`` per table line-up (rounded up to
    whole duplicate groups), seeds drawn from ``seed``. On a ``deal_set`` (duplicate only),
    group ``g`` of every line-up plays entry ``g``: its seed and its packs."""
    if deal_set is not None and not duplicate:
        raise RulesError("a deal set is played duplicate: every entry at every arrangement")
    if bots < 1:
        raise RulesError("a tournament needs at least one bot")
    if seats == 2:
        if bots < 2:
            raise RulesError("a two-seat game needs at least two bots")
        lineups: list[tuple[int, ...]] = list(itertools.combinations(range(bots), 2))
    else:
        if bots > seats:
            raise RulesError(f"at most {seats} bots fit this table of {seats} seats")
        lineups = [tuple(range(bots))]
    out: list[Unit] = []
    group = 0
    for lineup in lineups:
        ways = arrangements(lineup, seats)
        if duplicate:
            per_group = len(ways)
            groups = -(-units // per_group)
            for g in range(groups):
                if deal_set is not None:
                    unit_seed, packs = deal_set.entry(g)
                else:
                    unit_seed, packs = seeded_int(seed, f"arena:{lineup}:{g}"), ()
                for a, seats_of in enumerate(ways):
                    out.append(Unit(len(out), unit_seed, group, a, seats_of, packs))
                group += 1
        else:
            for g in range(units):
                unit_seed = seeded_int(seed, f"arena:{lineup}:{g}")
                a = g % len(ways)
                out.append(Unit(len(out), unit_seed, group, a, ways[a]))
                group += 1
    return out
