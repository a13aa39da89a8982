"""The state of one match, and the protocol every game's state speaks.

A :class:`State` holds a whole match (all its deals), so a table holds exactly one. Games
subclass it and implement the rules; the shared machinery here resolves who acts, checks legality
before anything changes, keeps the action log that records are made from, and hands out the
packs of the deals (fixed by the caller, or shuffled from the match seed and remembered).

Protocol, for faces, bots and tests::

    state.to_act            # a seat, a frozenset of seats deciding at once, or None when over
    state.legal_actions()   # every action allowed now (``legal_actions(seat)`` for one of a set)
    state.apply("play QS")  # checks, advances, returns the events; IllegalAction otherwise
    state.view(seat)        # what that seat may know (None: a spectator)
    state.clone()           # an independent copy, cheap enough for search
    state.result()          # per deal and per match

Search uses :meth:`State.step`, which checks and advances like ``apply`` but builds no events and
takes action objects only.
"""

from __future__ import annotations

import hashlib
import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final, Self

from atout._twins import c_twin
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.view import Result, TrickRecord, View
from atout.errors import IllegalAction, PackError

if TYPE_CHECKING:
    from atout.core.game import Game

__all__ = [
    "Result",
    "State",
    "ToAct",
    "TrickRecord",
    "View",
    "index_field",
    "seeded_int",
    "shuffled_pack",
]

#: Who decides now: one seat, several seats at once, or nobody (the match is over).
ToAct = int | frozenset[int] | None


def index_field(action: object, name: str, limit: int) -> int:
    """The field ``name`` of ``action`` if it is an int (not a bool) from 0 to ``limit - 1``,
    else -1.

    Actions can be built by hand with anything in their fields (``Play("QS")``); the rules read
    a card or a number through this, so that such an action is merely illegal. The field is
    read by name, untyped: the compiled engine's typed read of ``action.card`` would raise a
    TypeError on a value that is not an int."""
    value = getattr(action, name, None)
    return value if type(value) is int and 0 <= value < limit else -1


def seeded_int(seed: int, purpose: str, size: int = 8) -> int:
    """A uniform number of ``size`` bytes (at most 64) drawn from the match seed for a purpose.

    BLAKE2b of the text ``atout:<seed>:<purpose>`` gives the same number on every platform and
    Python version, and costs far less than seeding a Mersenne Twister per deal."""
    if not 0 < size <= 64:
        raise ValueError(f"a seeded number has 1 to 64 bytes, not {size}")
    text = f"atout:{int(seed)}:{purpose}".encode()  # the bytes b"atout:%d:%s" gave, faster
    hasher = _HASHERS[size - 1].copy()
    hasher.update(text)
    return int.from_bytes(hasher.digest(), "big")


#: An empty BLAKE2b state per digest size (1 to 64 bytes), copied for each number: a copy and
#: an update cost less than a new hasher made through its keyword argument.
_HASHERS: Final = tuple(hashlib.blake2b(digest_size=n) for n in range(1, 65))


def shuffled_pack(pack: Sequence[int], seed: int, deal: int) -> tuple[int, ...]:
    """The pack order of deal ``deal`` (from 0) of the match with this seed.

    A seeded number 64 bits longer than ``len(pack)!``, reduced modulo ``len(pack)!``, drives a
    Fisher-Yates shuffle digit by digit (:func:`permuted`), so every order is equally likely to
    within 2**-64. Records store every pack anyway, so a record replays even if this ever
    changes."""
    n = len(pack)
    k = seeded_int(seed, f"deal:{deal}", _SEED_BYTES[n]) % _FACTORIALS[n]
    if _PERMUTE is not None:
        return _PERMUTE(tuple(pack), k.to_bytes(_SEED_BYTES[n], "little"))
    return permuted(pack, k)


def permuted(pack: Sequence[int], k: int) -> tuple[int, ...]:
    """``pack`` shuffled by the digits of ``k`` (below ``len(pack)!``) in the mixed radix
    n, n-1, ..., 2: the digit ``j`` of radix ``r`` swaps positions ``r - 1`` and ``j``.

    The reference of ``atout.core._shuffle.permute``, which the compiled engine calls instead."""
    n = len(pack)
    cards = list(pack)
    # The digits come a machine-sized group at a time: one division of the big number per
    # group, then small ones, the same digits as one at a time in a quarter of the big steps.
    for product, radices in _RADIX_GROUPS[n]:
        k, m = divmod(k, product)
        for r in radices:
            j = m % r
            m //= r
            cards[r - 1], cards[j] = cards[j], cards[r - 1]
    return tuple(cards)


def _radix_groups(n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The Fisher-Yates radices n, n-1, ... 2 in runs whose product stays below 2**62, each
    with that product."""
    groups = []
    radices = list(range(n, 1, -1))
    while radices:
        run, product = [], 1
        while radices and product * radices[0] < 1 << 62:
            product *= radices[0]
            run.append(radices.pop(0))
        groups.append((product, tuple(run)))
    return tuple(groups)


_FACTORIALS: Final = tuple(math.factorial(n) for n in range(53))
_SEED_BYTES: Final = tuple(min(64, (f.bit_length() + 64 + 7) // 8) for f in _FACTORIALS)
_RADIX_GROUPS: Final = tuple(_radix_groups(n) for n in range(53))
_SHUFFLE: Final = c_twin("atout.core._shuffle", __file__)
#: ``atout.core._shuffle.permute`` where this module runs compiled; None under the pure engine,
#: which runs :func:`permuted`.
_PERMUTE: Final[Callable[[tuple[int, ...], bytes], tuple[int, ...]] | None] = (
    None if _SHUFFLE is None else _SHUFFLE.permute
)


class State(ABC):
    """One match of one game. Subclasses set ``_to_act`` and implement the abstract methods;
    they keep every field a plain value (ints, lists and tuples of ints, frozen dataclasses),
    so that :meth:`clone` is a copy of each field plus copies of the few lists, and ``==``
    compares whole states.

    A subclass called with no arguments gives a blank state for :meth:`clone` to fill: the
    compiled engine's classes are native (mypyc), with fixed fields and no ``__dict__``, so a
    copy is made field by field by :meth:`_copy_from`, which each game writes out in full."""

    game: Game[Any]
    _to_act: ToAct
    _seed: int
    _first_dealer: int
    _fixed_packs: tuple[tuple[int, ...], ...]
    _packs: tuple[tuple[int, ...], ...]
    _shuffle: bool
    _log: tuple[Any, ...] | None

    def _init_match(
        self,
        game: Game[Any],
        seed: int,
        packs: tuple[tuple[int, ...], ...],
        dealer: int,
        *,
        shuffle: bool = True,
    ) -> None:
        """Set the fields every match has. ``shuffle=False`` forbids shuffling a deal that
        ``packs`` does not cover (a record replays only the packs it holds)."""
        self.game = game
        self._seed = seed
        self._first_dealer = dealer
        self._fixed_packs = packs
        self._packs = ()
        self._shuffle = shuffle
        self._log = None
        self._to_act = None

    # --- the protocol -------------------------------------------------------------------

    @property
    def to_act(self) -> ToAct:
        """The seat whose decision it is, a frozenset of seats deciding at once, or ``None``
        when the match is over."""
        return self._to_act

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self._to_act is None

    @property
    def acting_seats(self) -> tuple[int, ...]:
        """The seats whose decision it is, lowest first: one seat, several while they decide
        at once (River's ``simultaneous_bids``: each bids, in any order, with
        ``legal_actions(seat)`` and ``apply(action, seat)``), none when the match is over.
        A driver loop that takes ``acting_seats[0]`` plays every variant."""
        to_act = self._to_act
        if to_act is None:
            return ()
        if isinstance(to_act, int):
            return (to_act,)
        return tuple(sorted(to_act))

    @abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action allowed now, in a fixed order; empty only when the match is over.
        When several seats decide at once, name the seat."""

    @abstractmethod
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know now; ``None`` gives a spectator's view (nothing hidden).
        A seat that is not one of the table's raises :class:`ValueError`."""

    def _viewer(self, seat: object) -> int | None:
        """``seat`` if it is one of the table's seats or ``None`` (a spectator), else
        :class:`ValueError` saying why: what every game's :meth:`view` checks first. (Its
        ``seat`` is typed ``object`` there, so that the compiled engine does not reject a
        wrong type with a bare TypeError before this says what a seat is.)"""
        if seat is None or (type(seat) is int and 0 <= seat < self.game.seats):
            return seat
        last = self.game.seats - 1
        if isinstance(seat, (frozenset, set, tuple, list)):
            raise ValueError(
                f"view() takes one seat, not {sorted(seat)!r}: when several seats decide at "
                "once, view each of them (for seat in state.acting_seats)"
            )
        raise ValueError(
            f"a view is for a seat from 0 to {last} or None (a spectator), not {seat!r}"
        )

    @abstractmethod
    def result(self) -> Result:
        """The match result so far."""

    @abstractmethod
    def opening_events(self) -> list[Event]:
        """The events of the match's start (the first deal dealt), which no action produced:
        what ``apply`` would have returned for them. Filter with ``seen_by`` as usual."""

    @abstractmethod
    def zones(self) -> dict[str, int]:
        """Where every card of the pack is now, as disjoint masks by zone name (``hand0``,
        ``stock``, ``won1``, ...). The conformance kit checks the cards are conserved, and,
        with :meth:`zone_is_seen`, that no view shows a card its seat cannot see."""

    def zone_is_seen(self, zone: str, seat: int) -> bool:
        """Whether ``seat`` sees the cards of a zone: ``hand<s>`` and ``discards<s>`` only seat
        ``s``; ``stock`` and ``undealt`` nobody; every other zone (the table, tricks, turned
        cards) everybody. Games with other zones override this."""
        for private in ("hand", "discards"):
            if zone.startswith(private):
                return zone[len(private) :] == str(seat)
        return zone not in ("stock", "undealt")

    def clone(self) -> Self:
        """An independent copy."""
        new = type(self)()
        new._copy_from(self)
        return new

    def _copy_match(self, other: State) -> None:
        """Copy the fields every match has from ``other`` (a state of the same game)."""
        self.game = other.game
        self._to_act = other._to_act
        self._seed = other._seed
        self._first_dealer = other._first_dealer
        self._fixed_packs = other._fixed_packs
        self._packs = other._packs
        self._shuffle = other._shuffle
        self._log = other._log

    @abstractmethod
    def _copy_from(self, other: Self) -> None:
        """Make this state equal to ``other``: every field assigned (the game's and, through
        :meth:`_copy_match`, the match's), each list field as a copy. A field left out would
        be shared or missing in clones (tests/test_engine_build.py compares them field by field)."""

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Check ``action`` (an action or its text) and apply it for ``seat`` (the seat to act
        by default), returning the events it produced in order.

        Raises :class:`~atout.errors.NotationError` for text that is no action of this game and
        :class:`~atout.errors.IllegalAction` for an action the rules do not allow now; in both
        cases the state is unchanged."""
        act = self.game.parse_action(action) if isinstance(action, str) else action
        to_act = self._to_act
        if type(to_act) is int and (seat is None or seat == to_act):
            who = to_act  # the common case, checked without a call
        else:
            who = self._acting_seat(seat)
        events: list[Event] = []
        try:
            done = self._try_advance(who, act, events)
        except BaseException as e:
            # A rule bug must not leave a table half changed: put every field back.
            if not self._rewind():
                e.add_note("atout: the match could not be replayed to undo the half-done action")
            raise
        if not done:
            raise IllegalAction(self._why_illegal(who, act))
        self._log = (self._log, who, act)
        return events

    def _rewind(self) -> bool:
        """Put the state back as it was before the action whose ``_try_advance`` just failed, and
        say whether it could.

        That state is the match replayed from its packs through its log, as a record replays:
        every earlier action went through the same code without fault, and chance is data. So
        ``apply`` takes no copy on the way in (copying every field at every action was a fifth
        of its time), and the cost falls on this path only, which only a bug takes. A state that
        cannot be replayed (a search world, dealt without its packs) stays as the failure left
        it."""
        try:
            replay = self.game.new_match(
                self._seed, packs=self._packs, dealer=self._first_dealer, shuffle=self._shuffle
            )
            for seat, action in self.history:
                replay.step(action, seat)
        except Exception:
            return False
        replay._fixed_packs = self._fixed_packs
        self._copy_from(replay)
        return True

    def step(self, action: Action, seat: int | None = None) -> None:
        """Like :meth:`apply` for an action object, without building events: for search."""
        to_act = self._to_act
        if type(to_act) is int and (seat is None or seat == to_act):
            who = to_act  # the common case, checked without a call
        else:
            who = self._acting_seat(seat)
        if not self._try_advance(who, action, None):
            raise IllegalAction(self._why_illegal(who, action))
        self._log = (self._log, who, action)

    def _try_advance(self, seat: int, action: Action, events: list[Event] | None) -> bool:
        """Apply ``action`` for ``seat`` and say True if the rules allow it now; else say
        False, nothing changed. :meth:`apply` and :meth:`step` go through this: a game whose
        check and move read the same fields of the action overrides it to read them once."""
        if not self._is_legal(seat, action):
            return False
        self._advance(seat, action, events)
        return True

    @property
    @abstractmethod
    def deals_done(self) -> int:
        """How many deals of the match are finished."""

    def playout(self, random: Callable[[], float]) -> None:
        """Play uniformly random legal actions until the current deal ends (or the match).

        At each decision the action taken is ``legal[int(random() * len(legal))]``, seats
        deciding at once acting lowest first. Games may override this with a faster loop that
        makes exactly the same choices from the same random stream."""
        start = self.deals_done
        while self._to_act is not None and self.deals_done == start:
            to_act = self._to_act
            seat = to_act if isinstance(to_act, int) else min(to_act)
            legal = self.legal_actions(seat)
            self.step(legal[int(random() * len(legal))], seat)

    def is_endgame(self) -> bool:
        """Whether the rest of the current deal is small enough to search exactly once every
        card is known (as in a sampled world): Schnapsen once no card is drawn any more.
        Search bots solve such positions instead of sampling playouts. False by default."""
        return False

    def is_legal(self, action: Action | str, seat: int | None = None) -> bool:
        """Whether ``action`` is allowed now (for ``seat``, when given)."""
        try:
            self.check(action, seat)
        except IllegalAction:
            return False
        return True

    def check(self, action: Action | str, seat: int | None = None) -> None:
        """Raise :class:`~atout.errors.IllegalAction`, with the reason, unless ``action`` is
        allowed now."""
        act = self.game.parse_action(action) if isinstance(action, str) else action
        who = self._acting_seat(seat)
        if not self._is_legal(who, act):
            raise IllegalAction(self._why_illegal(who, act))

    # --- the match's chance and history -------------------------------------------------

    @property
    def seed(self) -> int:
        """The seed every shuffled pack of this match comes from. Secret while the match is
        played: it tells every unseen card."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The dealer of the first deal."""
        return self._first_dealer

    @property
    def packs(self) -> list[list[int]]:
        """The pack order (top card first) of every deal begun so far."""
        return [list(p) for p in self._packs]

    @property
    def history(self) -> list[tuple[int, Action]]:
        """Every action applied so far, with the seat that took it, oldest first."""
        out: list[tuple[int, Action]] = []
        node = self._log
        while node is not None:
            node, seat, action = node
            out.append((seat, action))
        out.reverse()
        return out

    def history_for(self, viewer: int | None) -> list[tuple[int, str]]:
        """The action log as ``viewer`` may read it: other seats' hidden actions masked, and
        their sealed ones (the newest :meth:`_sealed_actions`) masked until revealed."""
        history = self.history
        sealed_from = len(history) - self._sealed_actions()
        return [
            (seat, str(a) if seat == viewer or not (a.hidden or i >= sealed_from) else a.masked())
            for i, (seat, a) in enumerate(history)
        ]

    def _sealed_actions(self) -> int:
        """How many of the newest actions are sealed: choices already made in a decision that
        several seats take at once and that is still open (River's simultaneous bids), which
        the other seats may not see until all have chosen. None by default."""
        return 0

    def _next_pack(self) -> tuple[int, ...]:
        """The pack of the next deal: the caller's, or shuffled from the seed; remembered."""
        i = len(self._packs)
        if i < len(self._fixed_packs):
            pack = self._fixed_packs[i]
        elif self._shuffle:
            pack = shuffled_pack(self.game.pack, self._seed, i)
        else:
            raise PackError(f"no pack is given for deal {i + 1}")
        self._packs = (*self._packs, pack)
        return pack

    # --- what each game implements ------------------------------------------------------

    def _acting_seat(self, seat: int | None) -> int:
        to_act = self._to_act
        if to_act is None:
            raise IllegalAction("the match is over")
        if isinstance(to_act, int):
            if seat is None or seat == to_act:
                return to_act
            raise IllegalAction(f"it is seat {to_act}'s turn, not seat {seat}'s")
        if seat is None:
            seats = ", ".join(map(str, sorted(to_act)))
            raise IllegalAction(f"seats {seats} decide at once: say which seat acts")
        if seat not in to_act:
            raise IllegalAction(f"seat {seat} has nothing to decide now")
        return seat

    @abstractmethod
    def _is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``seat`` may take ``action`` now (``seat`` is one of those to act)."""

    @abstractmethod
    def _why_illegal(self, seat: int, action: Action) -> str:
        """The reason ``action`` is not allowed, in words a player understands."""

    @abstractmethod
    def _advance(self, seat: int, action: Action, events: list[Event] | None) -> None:
        """Apply a legal action; append the events to ``events`` unless it is ``None``."""

    def fields(self) -> dict[str, Any]:
        """Every field of the state by name, the action log left out (it is :attr:`history`):
        what ``==`` compares, and what tests compare a clone by."""
        names = getattr(type(self), "__mypyc_attrs__", None)  # a native class's fields
        if names is None:
            names = vars(self)
        return {k: getattr(self, k) for k in names if k != "_log" and not k.startswith("__")}

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        # The log is a linked list of tuples; compare it flat rather than by deep recursion.
        return self.fields() == other.fields() and self.history == other.history

    __hash__ = None  # type: ignore[assignment]  # states change; compare them, do not hash them
