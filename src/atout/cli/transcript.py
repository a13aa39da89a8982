"""A record as a readable transcript, deal by deal (``atout replay FILE``)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence

from atout.cli.narrate import describe
from atout.core.events import DealStarted, Event
from atout.record import Record, check_end, start, steps

__all__ = ["printable", "transcript"]

#: The Unicode categories a terminal would act on rather than show: controls (NUL, ESC and the
#: sequences it starts, the one-character CSI), formats (bidi overrides and isolates,
#: zero-width characters), surrogates (no UTF-8 at all), line and paragraph separators.
_ACTING = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})


def _escape(ch: str) -> str:
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as its escape
    (``\\x1b``, ``\\u202e``), as Python writes them: a record may come from anywhere, and its
    names must show, not drive the terminal."""
    if text.isprintable():
        return text
    return "".join(_escape(ch) if unicodedata.category(ch) in _ACTING else ch for ch in text)


def transcript(record: Record) -> Iterator[str]:
    """The lines of a transcript, every character a terminal would act on escaped
    (:func:`printable`). Every card is shown: a record is reviewed after the match. Raises
    :class:`~atout.errors.RecordError` naming the step that does not replay, or the field of
    the result that the actions do not produce."""
    first = start(record)
    names = [s.name for s in record.seats] or [f"seat {i}" for i in range(first.game.seats)]
    yield printable(record.rules)
    if record.seats:
        yield printable("Seats: " + ", ".join(f"{i}: {s.name}" for i, s in enumerate(record.seats)))
    yield from _lines(first.opening_events(), names)
    last = first
    for state, _seat, _text, events in steps(record):
        yield from _lines(events, names)
        last = state
    check_end(record, last)
    if not last.is_over:
        yield "(the match is not finished)"


def _lines(events: Sequence[Event], names: Sequence[str]) -> Iterator[str]:
    for event in events:
        line = describe(event, names)
        if line:
            yield printable(line if isinstance(event, DealStarted) else "  " + line)
