"""What each seat may know at every step of a finished match, worked out from the engine's zones
(not from the events the server uses), and a scanner that finds every card a JSON body
mentions and the deal it speaks of.

For deal ``d`` a viewer may know the cards that were, at some step of ``d``, in a zone it sees
(:meth:`~atout.core.state.State.zone_is_seen`; a spectator: zones every seat sees), and the
cards named by the actions of ``d`` as :meth:`~atout.core.state.State.history_for` shows them
to it. It may see a card *in its place in the pack* only if the card was in a zone it sees at
the first step the card was out of the zones nobody sees (the moment it was dealt).

A body's cards are attributed to deals by the ``deal`` fields of the engine's JSON (views,
score-sheet rows, deal results) and, in an event list, by ``deal_started`` events; a record's
packs by their index and its actions by the step they were taken at.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from atout import record as records
from atout.cards import parse_card
from atout.core.state import State

__all__ = ["Knowledge", "cards_in", "check_socket", "no_leak", "scan", "scan_record"]

_CARD = re.compile(r"(?<![0-9A-Za-z?])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")


def cards_in(text: str) -> list[int]:
    """The cards a text names (``"play QS"``, ``"you must follow hearts: play 10H"``)."""
    return [parse_card(m.group(0)) for m in _CARD.finditer(text)]


def _zones_seen(state: State, viewer: int | None) -> int:
    seats = range(state.game.seats)
    mask = 0
    for zone, cards in state.zones().items():
        seen = (
            all(state.zone_is_seen(zone, s) for s in seats)
            if viewer is None
            else state.zone_is_seen(zone, viewer)
        )
        if seen:
            mask |= cards
    return mask


def _nobody(state: State) -> int:
    seats = range(state.game.seats)
    mask = 0
    for zone, cards in state.zones().items():
        if not any(state.zone_is_seen(zone, s) for s in seats):
            mask |= cards
    return mask


@dataclass
class Knowledge:
    """The reference for one finished match: by step, every viewer's view and events as the
    engine gives them; by deal (from 1), what each viewer may know and may see in place."""

    record: records.Record
    viewers: tuple[int | None, ...] = ()
    views: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    events: dict[int | None, list[list[dict[str, Any]]]] = field(default_factory=dict)
    legal: dict[int | None, list[list[str]]] = field(default_factory=dict)
    history: dict[int | None, list[tuple[int, str]]] = field(default_factory=dict)
    #: The deal (from 1) each action was taken in; index 0 is the start.
    action_deal: list[int] = field(default_factory=list)
    #: The deal (from 1) the table is in after each step.
    deal_after: list[int] = field(default_factory=list)
    knowable: dict[int | None, dict[int, int]] = field(default_factory=dict)
    placed: dict[int | None, dict[int, int]] = field(default_factory=dict)
    packs: list[tuple[int, ...]] = field(default_factory=list)

    @classmethod
    def of(cls, record: records.Record) -> Knowledge:
        """Replay the record step by step and work everything out."""
        state = records.start(record)
        seats = state.game.seats
        k = cls(record, (*range(seats), None))
        for v in k.viewers:
            k.views[v], k.events[v], k.legal[v] = [], [[]], []
            k.knowable[v], k.placed[v] = {}, {}
        k.action_deal.append(0)
        undealt = {"deal": 0, "mask": 0}
        pack_mask = 0
        for c in state.game.pack:
            pack_mask |= 1 << c
        k._observe(state, undealt, pack_mask)
        for after, _seat, _text, events in records.steps(record):
            k.action_deal.append(k.deal_after[-1])
            for v in k.viewers:
                k.events[v].append([e.seen_by(v).to_dict() for e in events])
            k._observe(after, undealt, pack_mask)
            state = after
        k.packs = [tuple(p) for p in state.packs]
        for v in k.viewers:
            k.history[v] = state.history_for(v)
            for (_seat, text), deal in zip(k.history[v], k.action_deal[1:], strict=True):
                for c in cards_in(text):
                    k.knowable[v][deal] = k.knowable[v].get(deal, 0) | 1 << c
        return k

    def _observe(self, state: State, undealt: dict[str, int], pack: int) -> None:
        deal = len(state.packs)
        self.deal_after.append(deal)
        if undealt["deal"] != deal:
            undealt["deal"], undealt["mask"] = deal, pack
        nobody = _nobody(state)
        dealt = undealt["mask"] & ~nobody
        undealt["mask"] &= nobody
        to_act = state.to_act
        acting = set() if to_act is None else {to_act} if isinstance(to_act, int) else to_act
        for v in self.viewers:
            self.views[v].append(state.view(v).to_dict())
            legal = state.legal_actions(v) if v in acting else []
            self.legal[v].append([str(a) for a in legal])
            seen = _zones_seen(state, v)
            self.knowable[v][deal] = self.knowable[v].get(deal, 0) | seen
            self.placed[v][deal] = self.placed[v].get(deal, 0) | (seen & dealt)

    def may_know(self, viewer: int | None, deal: int, card: int) -> bool:
        """Whether ``viewer`` may know ``card`` of deal ``deal``."""
        return bool(self.knowable[viewer].get(deal, 0) >> card & 1)


#: Keys whose text values are random secrets or made of them (a token, an invite code and its
#: link, a table id, as a record's ``meta`` names its table). Their url-safe base64 can spell a
#: card ("6H_pJk..."); they say nothing of the cards.
_OPAQUE = frozenset({"id", "table", "table_id", "token", "code", "link"})


def _walk(value: Any, deal: int, events_deal: int | None = None) -> Iterator[tuple[int, int]]:
    if isinstance(value, dict):
        d = value.get("deal")
        if isinstance(d, int) and not isinstance(d, bool):
            deal = d
        for key, item in value.items():
            if key in _OPAQUE and isinstance(item, str):
                continue
            if key == "events" and isinstance(item, list):
                current = deal if events_deal is None else events_deal
                for event in item:
                    if isinstance(event, dict) and event.get("type") == "deal_started":
                        current = event["deal"]
                    yield from _walk(event, current)
            else:
                yield from _walk(item, deal)
    elif isinstance(value, list):
        for item in value:
            yield from _walk(item, deal)
    elif isinstance(value, str):
        for c in cards_in(value):
            yield deal, c


def scan(body: Any, deal: int, events_deal: int | None = None) -> list[tuple[int, int]]:
    """Every ``(deal, card)`` a JSON body mentions, ``deal`` being the deal it speaks of where
    the body does not say; its ``events`` begin in ``events_deal`` (by default ``deal``): the
    events of the action that ends a deal begin in that deal, its view is of the next."""
    return list(_walk(body, deal, events_deal))


def scan_record(body: dict[str, Any], knowledge: Knowledge) -> list[tuple[int, int]]:
    """Every ``(deal, card)`` a seat's record mentions outside its packs (the packs are
    checked card by card, in place)."""
    found: list[tuple[int, int]] = []
    for i, (_seat, text) in enumerate(body.get("actions", [])):
        found += [(knowledge.action_deal[i + 1], c) for c in cards_in(text)]
    rest = {k: v for k, v in body.items() if k not in ("actions", "packs")}
    found += scan(rest, 1)
    return found


def check_socket(k: Knowledge, viewer: int | None, messages: list[dict[str, Any]]) -> None:
    """A websocket's messages: a snapshot, then one update per action, none missing, each
    exactly the engine's view, legal actions and events for the viewer, and no card it may not
    know."""
    views = [m for m in messages if m["type"] in ("snapshot", "update")]
    first = views[0]
    assert first["type"] == "snapshot"
    assert first["view"] == k.views[viewer][first["seq"]]
    seqs = [m["seq"] for m in views[1:]]
    assert seqs == list(range(first["seq"] + 1, len(k.views[viewer]))), "updates missing"
    for m in views:
        seq = m["seq"]
        assert m["seat"] == viewer
        assert m["view"] == k.views[viewer][seq], f"seq {seq}: not the engine's view"
        assert m["legal"] == k.legal[viewer][seq], f"seq {seq}: not the engine's legal actions"
        if m["type"] == "update":
            assert m["events"] == k.events[viewer][seq], f"seq {seq}: not the engine's events"
        no_leak(k, viewer, scan(m, k.deal_after[seq], k.action_deal[seq]), m)
    for m in messages:
        if m["type"] not in ("snapshot", "update"):
            no_leak(k, viewer, scan(m, 1), m)


def no_leak(k: Knowledge, viewer: int | None, found: list[tuple[int, int]], body: object) -> None:
    """Fail if ``found`` holds a card ``viewer`` may not know of its deal."""
    leaks = sorted({(d, c) for d, c in found if not k.may_know(viewer, d, c)})
    assert not leaks, f"viewer {viewer} was sent cards it may not know {leaks}: {body}"
