"""Plain-data conversion shared by events, views and results.

Cards are ints in the engine and card texts in JSON. A dataclass field says what it holds
through its metadata: :data:`CARD` (one card, or ``None``), :data:`CARDS` (a sequence of cards,
a :class:`~atout.cards.CardSet`, or ``None``) or :data:`SUIT` (a suit, written as its letter).
Other values convert as they are, nested dataclasses recursively.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Final

from atout.cards import SUIT_LETTERS, CardSet, card_text

__all__ = ["CARD", "CARDS", "SUIT", "Data", "cards_in", "to_plain"]

CARD: Final[Mapping[str, str]] = {"atout": "card"}
CARDS: Final[Mapping[str, str]] = {"atout": "cards"}
SUIT: Final[Mapping[str, str]] = {"atout": "suit"}


class Data:
    """Mixin for frozen dataclasses that travel as JSON: :meth:`to_dict` and :meth:`cards_mask`."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON data: cards as texts, suits as letters."""
        out: dict[str, Any] = {}
        for name, kind in _fields(type(self)):
            value = getattr(self, name)
            out[name] = value if kind is None and type(value) in _PLAIN else to_plain(value, kind)
        return out

    def cards_mask(self) -> int:
        """Every card this value mentions, as a mask: what a seat learns from seeing it."""
        return cards_in(self)


_FIELDS: dict[type, tuple[tuple[str, str | None], ...]] = {}


def _fields(cls: type) -> tuple[tuple[str, str | None], ...]:
    """A dataclass's field names and kinds, worked out once per class (views are converted
    at every step of a replay, and ``dataclasses.fields`` is slow)."""
    got = _FIELDS.get(cls)
    if got is None:
        got = tuple((f.name, f.metadata.get("atout")) for f in dataclasses.fields(cls))
        _FIELDS[cls] = got
    return got


#: Values that are plain JSON data as they are (outside a CARD, CARDS or SUIT field).
_PLAIN: Final = frozenset({int, str, bool, float})


def to_plain(value: Any, kind: str | None = None) -> Any:
    """Convert one field value to plain JSON data."""
    if value is None:
        return None
    if kind == "card":
        return card_text(value)
    if kind == "cards":
        if isinstance(value, CardSet):
            return value.texts()
        if isinstance(value, int):
            return CardSet(value).texts()
        return [to_plain(v, "card" if isinstance(v, int) else "cards") for v in value]
    if kind == "suit":
        return SUIT_LETTERS[value]
    if isinstance(value, Data):
        return value.to_dict()
    if isinstance(value, (list, tuple)):
        # Rows of plain numbers (score sheets, bids, tricks) are most of a long view: copy
        # them without a call per number.
        return [v if type(v) in _PLAIN else to_plain(v, kind) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v, kind) for k, v in value.items()}
    if isinstance(value, CardSet):
        return value.texts()
    return value


def cards_in(value: Any, kind: str | None = None) -> int:
    """The mask of every card a value mentions (fields marked CARD or CARDS, recursively)."""
    if value is None:
        return 0
    if kind == "card":
        return 1 << int(value)
    if isinstance(value, CardSet):
        return value.mask
    if kind == "cards":
        if isinstance(value, int):
            return value
        m = 0
        for v in value:
            m |= cards_in(v, "card" if isinstance(v, int) else "cards")
        return m
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        m = 0
        for f in dataclasses.fields(value):
            m |= cards_in(getattr(value, f.name), f.metadata.get("atout"))
        return m
    if isinstance(value, (list, tuple)):
        m = 0
        for v in value:
            m |= cards_in(v, kind)
        return m
    return 0
