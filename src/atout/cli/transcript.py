"""A record as a readable transcript, deal by deal (``atout replay FILE``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from atout.cli.narrate import describe
from atout.core.events import DealStarted, Event
from atout.record import Record, start, steps

__all__ = ["transcript"]


def transcript(record: Record) -> Iterator[str]:
    """The lines of a transcript. Every card is shown: a record is reviewed after the match.
    Raises :class:`~atout.errors.RecordError` naming the step that does not replay."""
    first = start(record)
    names = [s.name for s in record.seats] or [f"seat {i}" for i in range(first.game.seats)]
    yield record.rules
    if record.seats:
        yield "Seats: " + ", ".join(f"{i}: {s.name}" for i, s in enumerate(record.seats))
    yield from _lines(first.opening_events(), names)
    last = first
    for state, _seat, _text, events in steps(record):
        yield from _lines(events, names)
        last = state
    if not last.is_over:
        yield "(the match is not finished)"


def _lines(events: Sequence[Event], names: Sequence[str]) -> Iterator[str]:
    for event in events:
        line = describe(event, names)
        if line:
            yield line if isinstance(event, DealStarted) else "  " + line
