"""The duplicate challenge: a deal of a recorded match played again from the same cards, with
the ``expert`` in one seat, to set beside the way the seat played it.

Duplicate play is how bridge takes luck out of a score: the same cards are played twice, and
only the difference between the two tables counts. Here the second table is the computer's.
Deal ``deal`` begins as it began in the record (the same pack, dealer and match score); the
challenged ``seat`` is played by :data:`EXPERT` and every other seat by the bot given for it
(at a server, the bot it had, or the table's stand-in for another person). Each line of play
is valued in the game's currency, :meth:`atout.core.game.Game.deal_value` (Schnapsen's game
points won or conceded, Seven Up's points of the hand less the best other seat's, River's
points of the round), so the ``difference`` says what the expert made of the same cards.

One deal, not the match: after it the two lines part (other scores, other dealers), and the
record's later deals were dealt to the record's play. A deal that ends the match ends the
line too. The bots' streams come from ``seed``, per decision, so a challenge repeats exactly.

:class:`Challenge` is the deal replayed one decision at a time, for callers that ask a bot
pool for each decision (the server); :func:`challenge` plays it with bots built here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from atout import bots
from atout.coach import SCALES
from atout.core.actions import Action
from atout.core.state import State, seeded_int
from atout.core.view import View
from atout.record import Record, before_each, replay, start

__all__ = ["EXPERT", "Ask", "Challenge", "Duplicate", "Line", "challenge"]

#: The bot whose play of the cards is set beside the seat's.
EXPERT: Final = "expert"


@dataclass(frozen=True)
class Line:
    """One way the deal went: who played the challenged seat (``player``), every action of the
    deal in order (``(seat, text)``), the deal's result as the engine writes it, and what it
    was worth to the challenged seat (``value``, in the game's currency)."""

    player: str
    actions: tuple[tuple[int, str], ...]
    result: dict[str, Any]
    value: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "actions": [list(a) for a in self.actions],
            "result": self.result,
            "value": self.value,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Line:
        actions = tuple((int(s), str(t)) for s, t in data["actions"])
        return cls(str(data["player"]), actions, dict(data["result"]), float(data["value"]))


@dataclass(frozen=True)
class Duplicate:
    """A finished challenge: the deal as the record played it (``played``) and as the expert
    played the seat's cards (``expert``). ``difference`` is the expert's value less the
    record's, for the challenged seat: positive where the expert made more of the cards."""

    game: str
    rules: str
    deal: int
    seat: int
    unit: str
    played: Line
    expert: Line

    @property
    def difference(self) -> float:
        return self.expert.value - self.played.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "rules": self.rules,
            "deal": self.deal,
            "seat": self.seat,
            "unit": self.unit,
            "played": self.played.to_dict(),
            "expert": self.expert.to_dict(),
            "difference": self.difference,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Duplicate:
        return cls(
            str(data["game"]),
            str(data["rules"]),
            int(data["deal"]),
            int(data["seat"]),
            str(data["unit"]),
            Line.from_dict(data["played"]),
            Line.from_dict(data["expert"]),
        )


@dataclass(frozen=True)
class Ask:
    """A decision the challenge needs: ``seat`` chooses, as bot ``spec``, from ``view`` among
    ``legal``, with a stream seeded by ``seed``."""

    seat: int
    spec: str
    view: View
    legal: Sequence[Action]
    seed: int


class Challenge:
    """Deal ``deal`` (1 for the first) of ``record`` played again with :data:`EXPERT` in
    ``seat`` and ``others[s]`` (a bot spec) in every other seat ``s``. Ask :meth:`next` for
    the decision to make, answer it with :meth:`take`, until :meth:`next` says ``None``;
    then :meth:`result`. The record is replayed and checked first: a bad one raises
    :class:`~atout.errors.RecordError` naming the step; a deal the record did not finish, a
    seat that is not the game's, or a seat without a choice in the deal raise ValueError."""

    def __init__(
        self, record: Record, deal: int, seat: int, others: Sequence[str], *, seed: int = 0
    ) -> None:
        end = replay(record)  # checks the whole record, naming the step at fault
        game = end.game
        if not 0 <= seat < game.seats:
            raise ValueError(f"{game.title} has seats 0 to {game.seats - 1}, not {seat}")
        if len(others) != game.seats:
            raise ValueError(f"{game.title} has {game.seats} seats, not {len(others)} players")
        done = end.deals_done
        if not 1 <= deal <= done:
            raise ValueError(f"the record finished deals 1 to {done}, not deal {deal}")
        self.record = record
        self.deal = deal
        self.seat = seat
        self.specs = tuple(EXPERT if s == seat else others[s] for s in range(game.seats))
        self.seed = seed
        self.game = game
        self._recorded = end.result().deals[deal - 1]  # the record's deal, as it ended
        self._played = _deal_actions(record, deal)
        if not any(s == seat for s, _text in self._played):
            raise ValueError(f"seat {seat} made no decision in deal {deal}")
        self._state = _deal_start(record, deal, seed)
        self._actions: list[tuple[int, str]] = []

    def next(self) -> Ask | None:
        """The next decision to make, or ``None`` once the deal is over."""
        state = self._state
        if state.to_act is None or state.deals_done >= self.deal:
            return None
        seat = state.acting_seats[0]  # several at once (sealed bids): each in turn
        n = len(self._actions)
        seed = seeded_int(self.seed, f"duplicate:{self.deal}:{self.seat}:{n}")
        return Ask(seat, self.specs[seat], state.view(seat), state.legal_actions(seat), seed)

    def take(self, seat: int, action: str) -> None:
        """Apply the answer to the decision :meth:`next` asked."""
        self._state.apply(action, seat)
        self._actions.append((seat, action))

    def result(self) -> Duplicate:
        """Both lines of play, once :meth:`next` says ``None``."""
        if self.next() is not None:
            raise ValueError("the challenge's deal is not over")
        game, seat, deal = self.game, self.seat, self.deal
        ours = self._state.result().deals[deal - 1]
        theirs = self._recorded
        names = self.record.seats
        who = names[seat].name if seat < len(names) else f"seat {seat}"
        played = Line(who, self._played, theirs.to_dict(), game.deal_value(theirs, seat))
        expert = Line(EXPERT, tuple(self._actions), ours.to_dict(), game.deal_value(ours, seat))
        unit = SCALES[game.name].unit
        return Duplicate(game.name, game.text, deal, seat, unit, played, expert)


def challenge(
    record: Record, deal: int, seat: int, others: Sequence[str], *, seed: int = 0
) -> Duplicate:
    """:class:`Challenge` played here, each bot built by :func:`atout.bots.make`."""
    run = Challenge(record, deal, seat, others, seed=seed)
    made: dict[str, bots.Bot] = {}
    while (ask := run.next()) is not None:
        bot = made.get(ask.spec) or made.setdefault(ask.spec, bots.make(ask.spec))
        run.take(ask.seat, str(bot.choose(ask.view, ask.legal, random.Random(ask.seed))))
    return run.result()


def _deal_start(record: Record, deal: int, seed: int) -> State:
    """The match as deal ``deal`` begins: the record replayed up to the deal's first action.
    It shuffles past the record's packs (from the record's seed, or one drawn from ``seed``):
    the expert's line may not end the match where the record's did, and the engine deals the
    next deal as the last trick of this one is taken."""
    game = start(record).game
    shuffle_seed = record.seed if record.seed is not None else seeded_int(seed, "duplicate")
    state: State = game.new_match(shuffle_seed, record.packs, record.dealer, shuffle=True)
    for seat, text in record.actions:
        if state.deals_done >= deal - 1:
            break
        state.apply(text, seat)
    return state


def _deal_actions(record: Record, deal: int) -> tuple[tuple[int, str], ...]:
    """The record's actions in deal ``deal``."""
    return tuple(
        (seat, text) for state, seat, text in before_each(record) if state.deals_done == deal - 1
    )
