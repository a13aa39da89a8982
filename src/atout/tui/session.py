"""One match at the terminal, without the screen: who sits where, the state, the journal.

A :class:`Session` is what the terminal table and the line mode drive. It asks the state what
is legal and tells it what was chosen (the face never computes a rule); it asks the computer
seats for their moves; and when it keeps a journal (``--record FILE``) it rewrites the match
record after every action, atomically (a temporary file, flushed to disk, renamed over the
old one), so that a terminal killed at any moment leaves the record of every action taken
before, and ``--resume FILE`` continues the match from it, shuffling the deals to come as they
would have been (the record holds the seed until the match ends).
"""

from __future__ import annotations

import os
import random
import secrets
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from atout import bots as botlib
from atout import record as records
from atout.advice import Advice, advise
from atout.bots import Bot
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.game import Game
from atout.core.state import State, View, seeded_int
from atout.errors import RecordError

__all__ = ["HUMAN", "Session", "write_atomically"]

#: How a person's seat is named in a record (bots are named by their spec).
HUMAN = "you"


@dataclass(frozen=True)
class Sitting:
    """Who sits in a seat: a person (``bot`` is ``None``) or a computer seat."""

    name: str
    bot: Bot | None = None


class Session:
    """A match between people at this terminal and computer seats.

    ``people`` are the seats played here (one, usually; none to watch bots play; several
    for a pass-and-play table), ``others`` the bots in the remaining seats. ``journal`` is
    the file the record is kept in as the match goes (``None``: no record)."""

    def __init__(
        self,
        state: State,
        people: Sequence[int],
        others: Mapping[int, Bot],
        *,
        journal: str | Path | None = None,
    ) -> None:
        game = state.game
        missing = [s for s in range(game.seats) if s not in people and s not in others]
        if missing or any(s in others for s in people):
            raise ValueError(
                f"{game.title} has seats 0 to {game.seats - 1}: each is a person's or a bot's"
            )
        self.state = state
        self.people = tuple(sorted(people))
        self.seats = tuple(
            Sitting(HUMAN) if s in self.people else Sitting(others[s].name, others[s])
            for s in range(game.seats)
        )
        self.journal = Path(journal) if journal is not None else None

    # -- making one -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        game: Game[State],
        people: Sequence[int],
        others: Mapping[int, Bot],
        *,
        seed: int | None = None,
        journal: str | Path | None = None,
    ) -> Session:
        """A new match; ``seed`` ``None`` draws one from ``secrets``."""
        if seed is None:
            seed = secrets.randbits(63)
        session = cls(game.new_match(seed=seed), people, others, journal=journal)
        session.save()
        return session

    @classmethod
    def resume(cls, path: str | Path, *, level: str | None = None) -> Session:
        """The match a journal holds, ready to go on (or to review, if it is over). The
        seats named ``you`` are played here; a bot seat plays as the record names it, or at
        ``level`` when given. Raises :class:`~atout.errors.RecordError` for a file that is no
        record, or one whose actions do not replay."""
        rec = records.load(path)
        state = records.replay(rec)
        if not rec.seats:
            raise RecordError("the record does not say who sat where: it cannot be resumed")
        people = [s for s, seat in enumerate(rec.seats) if seat.version is None]
        others: dict[int, Bot] = {}
        for s, seat in enumerate(rec.seats):
            if seat.version is None:
                continue
            spec = level or seat.name
            try:
                others[s] = botlib.make(spec)
            except ValueError as e:
                raise RecordError(f"seat {s} was played by {seat.name!r}: {e}") from None
        return cls(state, people, others, journal=path)

    def again(self, *, seed: int | None = None) -> Session:
        """A new match at the same table: the same game, people and bots, the next dealer
        after this match's first."""
        others = {s: sit.bot for s, sit in enumerate(self.seats) if sit.bot is not None}
        return Session.new(self.game, self.people, others, seed=seed, journal=self.journal)

    # -- asking -----------------------------------------------------------------------------

    @property
    def game(self) -> Game[State]:
        return self.state.game

    @property
    def is_over(self) -> bool:
        return self.state.is_over

    @property
    def me(self) -> int | None:
        """The seat whose view the screen shows: the person's, or (pass and play) the
        person who acts now, else the first person seated; ``None`` when only bots play."""
        if not self.people:
            return None
        acting = [s for s in self.state.acting_seats if s in self.people]
        if acting:
            return acting[0]
        return self.people[0]

    def person_to_act(self) -> int | None:
        """The person's seat whose decision it is now, or ``None`` (a bot's turn, or over)."""
        for s in self.state.acting_seats:
            if s in self.people:
                return s
        return None

    def bot_to_act(self) -> int | None:
        """The computer seat whose decision it is now, or ``None``."""
        for s in self.state.acting_seats:
            if s not in self.people:
                return s
        return None

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (default: :attr:`me`) may know; everything public when watching."""
        return self.state.view(self.me if seat is None else seat)

    def legal(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the person to act); empty when it is not
        that seat's decision."""
        s = self.person_to_act() if seat is None else seat
        if s is None or s not in self.state.acting_seats:
            return []
        return self.state.legal_actions(s)

    def name(self, seat: int) -> str:
        """The seat's name as the record holds it: ``you``, or the bot's."""
        return self.seats[seat].name

    # -- acting -----------------------------------------------------------------------------

    def play(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """A person's action (default seat: the person to act). Raises
        :class:`~atout.errors.IllegalAction` or :class:`~atout.errors.NotationError` with the
        reason, leaving the match and the journal as they were."""
        s = self.person_to_act() if seat is None else seat
        if s is None or s not in self.people:
            raise ValueError("it is not the decision of a person at this terminal")
        return self._apply(s, action)

    def think(self) -> tuple[int, Action]:
        """The move of the computer seat to act, chosen from its view (slow for the strong
        levels: run it off the screen's thread). Changes nothing; :meth:`play_bot` applies."""
        seat = self.bot_to_act()
        bot = self.seats[seat].bot if seat is not None else None
        if seat is None or bot is None:
            raise ValueError("it is no computer seat's decision")
        chosen = bot.choose(self.state.view(seat), self.state.legal_actions(seat), self._rng())
        action = self.game.parse_action(chosen) if isinstance(chosen, str) else chosen
        return seat, action

    def _rng(self) -> random.Random:
        """The randomness of the next bot decision, drawn from the match's seed and the number
        of moves so far (a hash a bot cannot turn back into the seed that shuffles), so that a
        resumed match goes on exactly as it would have."""
        return random.Random(seeded_int(self.state.seed, f"bot:{len(self.state.history)}"))

    def play_bot(self, seat: int, action: Action) -> list[Event]:
        """Apply a computer seat's move (from :meth:`think`)."""
        if seat in self.people:
            raise ValueError(f"seat {seat} is a person's")
        return self._apply(seat, action)

    def hint(self) -> Advice:
        """A hint for the person to act: the move the coach's search values highest from
        their view, and why (:func:`atout.advice.advise`; slow: off the screen's thread)."""
        seat = self.person_to_act()
        if seat is None:
            raise ValueError("a hint is for the person whose decision it is")
        rng = random.Random(len(self.state.history))
        return advise(self.state.view(seat), self.state.legal_actions(seat), rng)

    def _apply(self, seat: int, action: Action | str) -> list[Event]:
        events = self.state.apply(action, seat)
        self.save()
        return events

    # -- the journal ------------------------------------------------------------------------

    def record(self) -> records.Record:
        """The match so far as a record. The seed is kept until the match is over (so that a
        resumed match shuffles its next deals as this one would have), then dropped."""
        seats = [
            records.Seat(sit.name, None if sit.bot is None else sit.bot.version)
            for sit in self.seats
        ]
        return records.from_state(self.state, seats, seed=not self.state.is_over)

    def save(self) -> None:
        """Write the journal (if one is kept) with every action so far."""
        if self.journal is not None:
            write_atomically(self.journal, records.dumps(self.record()))


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a reader (or a crash) sees the old file or the
    new one, never half of either: write a temporary file beside it, flush it to disk, rename
    it over ``path``."""
    directory = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
