"""Playing one unit of a tournament: a match or a deal between bots, from its seed.

The loop belongs here (bots never own it): for each decision the seat's bot gets the seat's
view, the legal actions and its own random stream, and its answer is applied. A bot that
raises or answers with something that is not a legal action is at fault: the fault
is counted, the first legal action is played in its place so the unit can finish, and the bot
*forfeits* the unit: it counts as lost, whatever the cards said. The bots not at fault share
the win; if every bot at the table is at fault, the unit is a draw.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field
from typing import Any

from atout import record as records
from atout.arena.schedule import Unit
from atout.bots.base import uses_view
from atout.bots.loader import factory
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import State, View, seeded_int
from atout.errors import IllegalAction, NotationError
from atout.games import load

__all__ = ["Fault", "UnitResult", "play_unit"]


@dataclass(frozen=True)
class Fault:
    """A bot's failure: where, and what it said or did."""

    unit: int
    seat: int
    bot: int
    step: int
    message: str


@dataclass
class UnitResult:
    """What a unit produced, as plain data (it travels between processes)."""

    index: int
    group: int
    arrangement: int
    seats: tuple[int, ...]
    deal_points: list[list[float]]  # per finished deal, per seat
    outcome: list[float]  # per seat: 1 won, 0 lost, a share of a tie
    actions: int
    faults: list[Fault] = field(default_factory=list)
    forfeits: list[int] = field(default_factory=list)  # the bots (by index) at fault
    record: dict[str, Any] | None = None


def deal_points(deal: object, seats: int) -> list[float] | None:
    """A finished deal's points per seat, read off the game's per-deal result: Schnapsen's game
    points (to the winner), Seven Up's points, River's round score. ``None`` for a void deal."""
    if getattr(deal, "void", False):
        return None
    points = getattr(deal, "points", None)
    if isinstance(points, (list, tuple)):
        return [float(p) for p in points]
    winner = getattr(deal, "winner", None)
    if isinstance(points, int) and isinstance(winner, int):
        out = [0.0] * seats
        out[winner] = float(points)
        return out
    raise ValueError(f"cannot read the points of the deal {deal!r}")


def _shares(scores: list[float]) -> list[float]:
    """1 for the single best score, a share each for a tie at the top, 0 for the rest."""
    top = max(scores)
    winners = [s for s, v in enumerate(scores) if v == top]
    return [1.0 / len(winners) if s in winners else 0.0 for s in range(len(scores))]


@functools.cache
def _game(rules: str) -> Game[State]:
    """Games are immutable: one per rules text and process."""
    return load(rules)


def play_unit(
    rules: str,
    specs: tuple[str, ...],
    unit: Unit,
    *,
    deals: bool,
    keep_record: bool = False,
) -> UnitResult:
    """Play one unit: a whole match, or with ``deals`` its first deal only, on the unit's
    packs (from a deal set) and then packs shuffled from its seed."""
    game = _game(rules)
    bots = [factory(specs[b])() for b in unit.seats]
    # A bot that does not look at views gets a bare one, built once: a saving per decision.
    bare = [None if uses_view(b) else View(s, rules) for s, b in enumerate(bots)]
    # Common random numbers: a seat's stream comes from the unit's seed and the seat, not from
    # the bot seated there, so that on duplicate deals two bots (or two versions of one) in the
    # same seat draw the same numbers and part only where they decide differently.
    rngs = [random.Random(seeded_int(unit.seed, f"arena:seat:{s}")) for s in range(game.seats)]
    state = game.new_match(seed=unit.seed, packs=unit.packs)
    choose = [b.choose for b in bots]
    step = state.step
    faults: list[Fault] = []
    steps = 0
    # This loop is the arena's whole overhead over the games themselves: it stays lean. A seat
    # named to ``step`` is checked against those to act; the one seat to act needs no naming.
    while (to_act := state.to_act) is not None and not (deals and state.deals_done):
        if type(to_act) is int:
            seat, named = to_act, None
        else:
            assert isinstance(to_act, frozenset)
            seat = named = min(to_act)
        legal = state.legal_actions(seat)
        try:
            # The protocol asks for an action; a user's bot that answers with its text is read.
            chosen: Action | str = choose[seat](bare[seat] or state.view(seat), legal, rngs[seat])
            step(game.parse_action(chosen) if isinstance(chosen, str) else chosen, named)
        except (IllegalAction, NotationError) as e:
            faults.append(Fault(unit.index, seat, unit.seats[seat], steps, f"illegal: {e}"))
            step(legal[0], named)
        except Exception as e:  # a user's bot may raise anything; it forfeits, the run goes on
            faults.append(Fault(unit.index, seat, unit.seats[seat], steps, f"raised {e!r}"))
            step(legal[0], named)
        steps += 1
    result = state.result()
    per_deal = [p for p in (deal_points(d, game.seats) for d in result.deals) if p is not None]
    if deals:
        outcome = _shares(per_deal[0]) if per_deal else [1.0 / game.seats] * game.seats
    else:
        winners = result.winners
        outcome = [1.0 / len(winners) if s in winners else 0.0 for s in range(game.seats)]
    forfeits = sorted({f.bot for f in faults})
    if forfeits:
        clean = [s for s in range(game.seats) if unit.seats[s] not in forfeits]
        if clean:
            outcome = [1.0 / len(clean) if s in clean else 0.0 for s in range(game.seats)]
        else:
            outcome = [1.0 / game.seats] * game.seats
    rec = None
    if keep_record:
        seats = [records.Seat(b.name, b.version) for b in bots]
        rec = records.from_state(state, seats, arena_unit=unit.index).to_dict()
    return UnitResult(
        index=unit.index,
        group=unit.group,
        arrangement=unit.arrangement,
        seats=tuple(unit.seats),
        deal_points=per_deal,
        outcome=outcome,
        actions=steps,
        faults=faults,
        forfeits=forfeits,
        record=rec,
    )
