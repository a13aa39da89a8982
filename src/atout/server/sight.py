"""Which cards of each deal's pack a seat may see in their place, and the record as one seat
may read it.

A match record lists the pack of every deal, top card first. Shown to a seat during play, a
card in its place says more than the card: it says when and to whom it was dealt. So a seat
may see a card in its pack only if it saw that card as it was dealt: the cards dealt to it or
drawn by it, and the cards turned face up. The opponent's cards stay ``??`` even once played
(the seat knows the card, not whether it came with the first hand or a later draw), and so
does every card of a deal the seat saw only in another deal.

:class:`Sight` works this out from the engine's own answers, step by step: the cards each
viewer saw in the step's events (:meth:`~atout.core.events.Event.seen_by`), and the cards the
step dealt, those that left the zones no seat sees (:meth:`~atout.core.state.State.zones`,
:meth:`~atout.core.state.State.zone_is_seen`). Replaying a stored table rebuilds it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from atout import record as records
from atout.cards import card_text
from atout.core.events import DealStarted, Event
from atout.core.state import State

__all__ = ["UNSEEN", "Sight", "hidden_mask", "seat_record"]

#: How a card a reader may not see in its place is written.
UNSEEN = "??"


def hidden_mask(state: State) -> int:
    """The cards in zones no seat sees (the stock, the undealt cards)."""
    seats = range(state.game.seats)
    hidden = 0
    for zone, mask in state.zones().items():
        if not any(state.zone_is_seen(zone, s) for s in seats):
            hidden |= mask
    return hidden


class Sight:
    """For every viewer (a seat, or ``None`` for a spectator) and every deal, the mask of the
    cards it saw as they were dealt. Feed it each step with :meth:`see`."""

    def __init__(self, state: State) -> None:
        self.viewers: tuple[int | None, ...] = (*range(state.game.seats), None)
        self._pack = 0
        for c in state.game.pack:
            self._pack |= 1 << c
        self._placed: dict[int | None, list[int]] = {v: [] for v in self.viewers}
        self._deal = 0
        self._undealt = self._pack
        self.see(state.opening_events(), state)

    def see(self, events: Iterable[Event], state: State) -> None:
        """Take in one step: its events, in order, and the state after it."""
        seen = dict.fromkeys(self.viewers, 0)
        for event in events:
            if isinstance(event, DealStarted):
                # A new deal: what was seen of the old one tells nothing about this pack.
                self._deal, self._undealt = event.deal - 1, self._pack
                seen = dict.fromkeys(self.viewers, 0)
            for viewer in self.viewers:
                seen[viewer] |= event.seen_by(viewer).cards_mask()
        hidden = hidden_mask(state)
        dealt = self._undealt & ~hidden
        self._undealt &= hidden
        for viewer in self.viewers:
            placed = self._placed[viewer]
            while len(placed) <= self._deal:
                placed.append(0)
            placed[self._deal] |= seen[viewer] & dealt

    def placed(self, viewer: int | None, deal: int) -> int:
        """The mask of the cards of deal ``deal`` (from 0) that ``viewer`` may see in place."""
        masks = self._placed[viewer]
        return masks[deal] if deal < len(masks) else 0


def seat_record(
    state: State, seats: Sequence[records.Seat], sight: Sight, viewer: int | None
) -> dict[str, Any]:
    """The record of the match so far as ``viewer`` may read it (plain JSON data): every pack
    with the cards the viewer may not see in place written ``??``, the actions as
    :meth:`~atout.core.state.State.history_for` shows them, no seed. It does not replay;
    ``meta.viewer`` says whose it is."""
    data = records.from_state(state, seats).to_dict()
    data["packs"] = [
        [card_text(c) if sight.placed(viewer, deal) >> c & 1 else UNSEEN for c in pack]
        for deal, pack in enumerate(state.packs)
    ]
    data["actions"] = [[seat, text] for seat, text in state.history_for(viewer)]
    data["meta"] = {"viewer": viewer, "masked": True}
    return data
