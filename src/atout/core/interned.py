"""What the compiled engine reads at every step, held once: the events that recur, and the
action kinds.

Events that recur are built once and shared (they are frozen values, like the interned
actions), so that ``apply()`` does not build the same small object again and again.

``apply()`` returns a card played at each play and a trick won at each trick; building an
event is most of what ``apply()`` costs beyond ``step()``. Equal events compare equal whether
shared or not, so sharing them changes nothing a caller can see but the time. Events that do
not recur (a River trick, a deal's cards) are built by :data:`frozen`, which skips the
interpreted ``__init__`` of a frozen dataclass.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, Final, TypeVar, cast

from atout._twins import c_twin
from atout.core.actions import (
    Beg,
    Bid,
    Claim,
    Close,
    Discard,
    Exchange,
    Give,
    Pass,
    Play,
    Run,
    Stand,
)
from atout.core.events import CardPlayed, TrickWon

__all__ = [
    "BEG_KIND",
    "BID_KIND",
    "CLAIM_KIND",
    "CLOSE_KIND",
    "DISCARD_KIND",
    "EXCHANGE_KIND",
    "GIVE_KIND",
    "PASS_KIND",
    "PLAY_KIND",
    "RUN_KIND",
    "STAND_KIND",
    "card_played",
    "frozen",
    "frozen_py",
    "trick_won",
]

T = TypeVar("T")

# The action kinds the rules test at every step (``type(action) is PLAY_KIND``). Compiled
# (setup.py), a name imported from an interpreted module is looked up in a dict at each use,
# while a Final name of a compiled module is a C static; actions stay interpreted classes.
PLAY_KIND: Final = Play
BID_KIND: Final = Bid
DISCARD_KIND: Final = Discard
EXCHANGE_KIND: Final = Exchange
CLOSE_KIND: Final = Close
CLAIM_KIND: Final = Claim
PASS_KIND: Final = Pass
STAND_KIND: Final = Stand
BEG_KIND: Final = Beg
RUN_KIND: Final = Run
GIVE_KIND: Final = Give

#: The most seats any game has (River's 8).
SEATS: Final = 8

_PLAYED: Final = tuple(CardPlayed(seat, c) for seat in range(SEATS) for c in range(52))
_TRICKS: Final[dict[int, TrickWon]] = {}


def card_played(seat: int, c: int) -> CardPlayed:
    """``CardPlayed(seat, c)``."""
    return _PLAYED[seat * 52 + c]


def trick_won(winner: int, leader: int, lead: int, follow: int, points: int) -> TrickWon:
    """``TrickWon(winner, leader, (lead, follow), points)``: a trick of two cards (Schnapsen,
    Seven Up). The tricks met are kept (at most a few thousand: two seats, two cards, and
    points fixed by the cards)."""
    key = (((winner * SEATS + leader) * 52 + lead) * 52 + follow) * 64 + points
    event = _TRICKS.get(key)
    if event is None:
        event = _TRICKS[key] = TrickWon(winner, leader, (lead, follow), points)
    return event


#: The slot setters of each class :func:`frozen_py` has built, in field order.
_SETTERS: Final[dict[type, tuple[Callable[[object, object], None], ...]]] = {}


def frozen_py(cls: type[T], *values: object) -> T:
    """``cls(*values)`` for a frozen slotted dataclass with no ``__post_init__``, every field
    given in order: the same value, built in about half the time.

    A frozen dataclass's generated ``__init__`` is interpreted and sets each field through
    ``object.__setattr__``; here each slot's own setter is called, which is what that
    ``__init__`` does in the end. The reference of ``atout.core._frozen.new``, which the
    compiled engine calls instead (:data:`frozen`); tests/test_engine_build.py holds the
    three equal."""
    setters = _SETTERS.get(cls)
    if setters is None:
        names = [f.name for f in fields(cast(Any, cls))]
        setters = _SETTERS[cls] = tuple([getattr(cls, name).__set__ for name in names])
    if len(setters) != len(values):
        raise TypeError(f"{cls.__name__} has {len(setters)} fields, not {len(values)}")
    obj = object.__new__(cls)
    for i in range(len(values)):
        setters[i](obj, values[i])
    return obj


_FROZEN: Final = c_twin("atout.core._frozen", __file__)
#: ``frozen(cls, *values)``: :func:`frozen_py`'s contract, in C (``atout.core._frozen.new``)
#: where this module runs compiled. Typed as any callable so that the compiled engine calls it
#: directly, without packing the values.
frozen: Final[Callable[..., Any]] = frozen_py if _FROZEN is None else _FROZEN.new
