"""The coach: every decision a seat made in a recorded match, valued by search.

For each decision with a choice (two legal actions or more), the coach values every legal
action and compares the one taken with the best, in the game's own currency: Schnapsen's
game points of the deal (won positive, conceded negative), Seven Up's points of the hand
(the seat's less the other's), River's points of the round (the seat's own). The difference
is the decision's *loss*, and :data:`SCALES` sorts losses into verdicts by thresholds per game.

Two modes, never mixed:

- ``view`` (the default): the decision as the seat saw it. The values are the ``expert``
  search's, run on the seat's view at the time (worlds drawn from the view, weighted by what
  the others' bids and plays make likely, exact once the deal is small), so the coach knows
  exactly what the player knew and no more: two records that look the same from a seat get the
  same analysis of that seat's decisions.
- ``open``: "with all cards open". The values are those of the real deal, every card known:
  exact where the deal is small enough to solve (Schnapsen from a stock of :data:`OPEN_STOCK`
  cards or fewer, every game's endgame), else the mean of :data:`OPEN_PLAYOUTS` random
  playouts of the real deal. For learning the card play; it reads the hidden cards, so it is
  only for finished records.

Accuracy is the share of a seat's decisions whose loss stays below the game's inaccuracy
threshold. All randomness comes from ``seed``, per decision, so an analysis repeats exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from atout.bots.schnapsen_search import SchnapsenSearch
from atout.bots.search import SearchBot
from atout.core.actions import Action
from atout.core.state import State, seeded_int
from atout.record import Record, before_each, start

__all__ = [
    "OPEN_PLAYOUTS",
    "OPEN_STOCK",
    "SCALES",
    "VERDICTS",
    "Analysis",
    "Coach",
    "Decision",
    "Mode",
    "Scale",
    "analyse",
    "people",
]

#: The coach's two modes: the decision as the seat saw it, or with all cards open.
Mode = Literal["view", "open"]

#: The verdicts, best first. ``best``: the action taken is worth the most (ties included);
#: ``good``: it loses less than the inaccuracy threshold; then ``inaccuracy``, ``mistake``
#: and ``blunder`` from their thresholds up.
VERDICTS: Final = ("best", "good", "inaccuracy", "mistake", "blunder")

#: Schnapsen in ``open`` mode is solved exactly from a stock of this many cards or fewer
#: (the solver takes under a second there); before, the real deal is played out.
OPEN_STOCK: Final = 4
#: Random playouts of the real deal per action where ``open`` mode cannot solve it.
OPEN_PLAYOUTS: Final = 200


@dataclass(frozen=True)
class Scale:
    """A game's currency and the losses (in it) from which a decision is an inaccuracy, a
    mistake, a blunder."""

    unit: str
    inaccuracy: float
    mistake: float
    blunder: float

    def verdict(self, loss: float, best: bool) -> str:
        """The verdict on a decision that lost ``loss`` against the best action."""
        if best:
            return "best"
        if loss < self.inaccuracy:
            return "good"
        if loss < self.mistake:
            return "inaccuracy"
        if loss < self.blunder:
            return "mistake"
        return "blunder"


#: The thresholds per game, in the game's currency, chosen by what a loss means there.
#: Schnapsen: a deal is worth 1 to 3 game points either way, and a deal won instead of lost
#: swings 2 or more: a fifth of a game point is an inaccuracy, a half a mistake, a whole
#: point a blunder. Seven Up: a hand's four points (High, Low, Jack, Game) between two
#: players, on the same steps. River: a trick is 1 point and an exact bid 10 more, so a
#: point is an inaccuracy, 2.5 (a quarter of the exact bonus) a mistake, 5 (half of it)
#: a blunder.
SCALES: Final[dict[str, Scale]] = {
    "schnapsen": Scale("game points", 0.2, 0.5, 1.0),
    "seven_up": Scale("points", 0.2, 0.5, 1.0),
    "river": Scale("points", 1.0, 2.5, 5.0),
}


@dataclass(frozen=True)
class Decision:
    """One decision with a choice: the record's ``step`` (1 for its first action), the
    ``deal`` it was in (1 for the first), the ``seat`` that decided, the action it ``played``
    and the ``best`` one, every legal action's value (``values``, in the legal order), the
    ``loss`` (the best value less the value of the action played) and the ``verdict``."""

    step: int
    deal: int
    seat: int
    played: str
    best: str
    values: dict[str, float]
    loss: float
    verdict: str

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        """A decision from :meth:`to_dict`'s data (values rounded as it rounds them)."""
        return cls(
            int(data["step"]),
            int(data["deal"]),
            int(data["seat"]),
            str(data["played"]),
            str(data["best"]),
            {str(a): float(v) for a, v in data["values"].items()},
            float(data["loss"]),
            str(data["verdict"]),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "deal": self.deal,
            "seat": self.seat,
            "played": self.played,
            "best": self.best,
            "values": {a: round(v, 4) for a, v in self.values.items()},
            "loss": round(self.loss, 4),
            "verdict": self.verdict,
        }


@dataclass(frozen=True)
class Analysis:
    """The coach's reading of a record: its ``decisions`` (those of the ``seats`` analysed
    that had a choice, in the record's order) in ``mode``, on the game's :class:`Scale`."""

    game: str
    rules: str
    mode: Mode
    seats: tuple[int, ...]
    scale: Scale
    decisions: tuple[Decision, ...] = field(default=())

    def of(self, seat: int | None = None, deal: int | None = None) -> list[Decision]:
        """The decisions of one seat and/or one deal (all by default)."""
        return [
            d
            for d in self.decisions
            if (seat is None or d.seat == seat) and (deal is None or d.deal == deal)
        ]

    def accuracy(self, seat: int | None = None, deal: int | None = None) -> float | None:
        """The percentage of the decisions (of ``seat``, in ``deal``) that lose less than
        an inaccuracy; ``None`` where there was no decision to make."""
        chosen = self.of(seat, deal)
        if not chosen:
            return None
        good = sum(1 for d in chosen if d.verdict in ("best", "good"))
        return 100.0 * good / len(chosen)

    def lost(self, seat: int | None = None, deal: int | None = None) -> float:
        """The total loss of the decisions (of ``seat``, in ``deal``), in the game's unit."""
        return sum(d.loss for d in self.of(seat, deal))

    def costliest(self, seat: int | None = None, n: int = 3) -> list[Decision]:
        """The ``n`` decisions that lost the most (ties: the earliest first), of those that
        lost anything."""
        chosen = [d for d in self.of(seat) if d.verdict != "best" and d.loss > 0]
        return sorted(chosen, key=lambda d: (-d.loss, d.step))[:n]

    @property
    def deals(self) -> list[int]:
        """The deals that had a decision analysed, in order."""
        return sorted({d.deal for d in self.decisions})

    def summary(self) -> dict[str, Any]:
        """Accuracy and loss per seat, for the match and for each deal; the verdicts counted;
        the three costliest decisions (their steps)."""
        out: dict[str, Any] = {}
        for seat in self.seats:
            counts = {v: 0 for v in VERDICTS}
            for d in self.of(seat):
                counts[d.verdict] += 1
            out[str(seat)] = {
                "decisions": len(self.of(seat)),
                "accuracy": _round(self.accuracy(seat)),
                "lost": round(self.lost(seat), 4),
                "verdicts": counts,
                "deals": {
                    str(k): {
                        "accuracy": _round(self.accuracy(seat, k)),
                        "lost": round(self.lost(seat, k), 4),
                    }
                    for k in self.deals
                    if self.of(seat, k)
                },
                "costliest": [d.step for d in self.costliest(seat)],
            }
        return out

    def to_dict(self) -> dict[str, Any]:
        s = self.scale
        return {
            "game": self.game,
            "rules": self.rules,
            "mode": self.mode,
            "seats": list(self.seats),
            "unit": s.unit,
            "thresholds": {"inaccuracy": s.inaccuracy, "mistake": s.mistake, "blunder": s.blunder},
            "summary": self.summary(),
            "decisions": [d.to_dict() for d in self.decisions],
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def people(record: Record) -> tuple[int, ...]:
    """The seats a person played (a seat without a bot version), or every seat when the
    record names nobody or only bots."""
    found = tuple(i for i, s in enumerate(record.seats) if s.version is None)
    return found or tuple(range(len(record.seats) or start(record).game.seats))


def searcher(game: str, worlds: int, time: float) -> SearchBot:
    """The ``expert`` search valued in the game's currency: Schnapsen's (worlds weighted by
    the opponent's declarations and exchanges, exact from a stock of four with the draws as
    chance) in game points rather than match odds; the core search with weighted worlds for
    Seven Up and River, valued by the game's ``deal_value``."""
    if game == "schnapsen":
        return SchnapsenSearch(
            worlds, 16, time, weighted=True, exact_stock=4, match=False, chance=True
        )
    return SearchBot(worlds, 8, time, weighted=True)


def analyse(
    record: Record,
    seats: Iterable[int] | None = None,
    *,
    mode: Mode = "view",
    worlds: int = 32,
    time: float = 2.0,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> Analysis:
    """Value every decision with a choice that ``seats`` (default: :func:`people`) made in
    ``record``, from the seat's view at the time (``mode="view"``) or with all cards open
    (``"open"``). ``worlds`` and ``time`` (seconds) bound the search per decision in view
    mode. ``progress(done, total)`` is called after each decision valued. The record is
    replayed and checked first: a bad one raises :class:`~atout.errors.RecordError` naming
    the step at fault."""
    coach = Coach(record, mode=mode, worlds=worlds, time=time, seed=seed)
    chosen, steps = coach.plan(seats)
    decisions = []
    for n, step in enumerate(steps, start=1):
        decisions.append(coach.value(step))
        if progress is not None:
            progress(n, len(steps))
    return coach.analysis(chosen, decisions)


class Coach:
    """One record's analysis a decision at a time, for callers that spread it out (the
    server values each decision as a job of its bot pool): :meth:`plan` says which steps to
    value, :meth:`value` values one, :meth:`analysis` puts them together. The record is
    replayed forward as the steps come (in order, each replay is one pass)."""

    def __init__(
        self,
        record: Record,
        *,
        mode: Mode = "view",
        worlds: int = 32,
        time: float = 2.0,
        seed: int = 0,
    ) -> None:
        if mode not in ("view", "open"):
            raise ValueError(f"the coach's mode is 'view' or 'open', not {mode!r}")
        if worlds < 1 or not 0 < time <= 3600:
            raise ValueError("worlds is at least 1 and time a number of seconds up to 3600")
        self.record = record
        self.mode: Mode = mode
        self.seed = seed
        self.game = start(record).game
        self.scale = SCALES[self.game.name]
        self._bot = searcher(self.game.name, worlds, time)
        self._state = self._begin()
        self._applied = 0

    def plan(self, seats: Iterable[int] | None = None) -> tuple[tuple[int, ...], list[int]]:
        """The seats to analyse (``seats``, or :func:`people`) and the steps (1 for the
        record's first action) where one of them had a choice. Replays and checks the whole
        record: a bad one raises :class:`~atout.errors.RecordError` naming the step."""
        game = self.game
        chosen = tuple(sorted(set(people(self.record) if seats is None else seats)))
        for s in chosen:
            if not 0 <= s < game.seats:
                raise ValueError(f"{game.title} has seats 0 to {game.seats - 1}, not {s}")
        steps = [
            i
            for i, (state, seat, _text) in enumerate(before_each(self.record), start=1)
            if seat in chosen and len(state.legal_actions(seat)) > 1
        ]
        return chosen, steps

    def value(self, step: int) -> Decision:
        """The decision the record's action ``step`` took, valued."""
        if not 1 <= step <= len(self.record.actions):
            raise ValueError(f"the record has steps 1 to {len(self.record.actions)}, not {step}")
        state = self._before(step)
        seat, played = self.record.actions[step - 1]
        legal = state.legal_actions(seat)
        rng = random.Random(seeded_int(self.seed, f"coach:{self.mode}:{step}"))
        if self.mode == "view":
            values = self._bot.values(state.view(seat), legal, rng)
        else:
            values = _open_values(self._bot, state, seat, legal, rng)
        deal = state.deals_done + 1
        return _decision(played, legal, values, self.scale, step=step, deal=deal, seat=seat)

    def analysis(self, seats: Iterable[int], decisions: Iterable[Decision]) -> Analysis:
        """The analysis of ``seats`` made of ``decisions``, in the record's order."""
        ordered = tuple(sorted(decisions, key=lambda d: d.step))
        game = self.game
        return Analysis(game.name, game.text, self.mode, tuple(sorted(seats)), self.scale, ordered)

    def _begin(self) -> State:
        """The match before its first action. In open mode it shuffles any deal after the
        record's packs: open mode plays the real deal to its end, and a record of a match
        not finished may hold no pack for the deal after its last action."""
        if self.mode == "view":
            return start(self.record)
        rec = self.record
        seed = seeded_int(self.seed, "coach:packs")
        state: State = self.game.new_match(seed, rec.packs, rec.dealer, shuffle=True)
        return state

    def _before(self, step: int) -> State:
        """The state before action ``step`` (replayed again from the start if it is behind)."""
        if self._applied >= step:
            self._state, self._applied = self._begin(), 0
        for seat, text in self.record.actions[self._applied : step - 1]:
            self._state.apply(text, seat)
        self._applied = step - 1
        return self._state


def _open_values(
    bot: SearchBot, state: State, seat: int, legal: Sequence[Action], rng: random.Random
) -> list[float]:
    """Every action's value in the real deal, all cards known (see the module's text)."""
    view = state.view(seat)
    world = state.clone()
    if isinstance(bot, SchnapsenSearch):
        bot = SchnapsenSearch(1, OPEN_PLAYOUTS, bot.time, exact_stock=OPEN_STOCK, match=False)
    else:
        bot = SearchBot(1, OPEN_PLAYOUTS, bot.time)
    value = bot.evaluator(view, world, rng)
    out = []
    for action in legal:
        child = world.clone()
        child.step(action, seat)
        out.append(value(child))
    return out


def _decision(
    played: str,
    legal: Sequence[Action],
    values: Sequence[float],
    scale: Scale,
    *,
    step: int,
    deal: int,
    seat: int,
) -> Decision:
    texts = [str(a) for a in legal]
    if played not in texts:  # the record was checked: only a notation variant gets here
        raise ValueError(f"step {step}: {played!r} is not among the legal actions")
    top = max(values)
    best = texts[max(range(len(texts)), key=lambda i: (values[i], -i))]
    mine = values[texts.index(played)]
    loss = max(0.0, top - mine)
    # A tie with the best is the best: the search cannot tell them apart.
    verdict = scale.verdict(loss, best=mine >= top - 1e-9)
    valued = dict(zip(texts, values, strict=True))
    return Decision(step, deal, seat, played, best, valued, loss, verdict)
