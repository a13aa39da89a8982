"""The fixed action and observation encodings of a game, shared by every environment.

One :class:`Encoding` per rules text (:func:`encoding` caches them). The PettingZoo and
Gymnasium environments of :mod:`atout.envs` and the OpenSpiel bridge all speak it, so a policy
trained through one runs through the others.

**Actions.** ``actions`` is ``tuple(game.all_actions())`` and an action's id is its index there:

- Schnapsen: ``play <c>`` for the 20 cards in card-id order (ids 0-19), ``play <c> marriage``
  for the 8 Kings and Queens in card-id order (20-27), ``exchange`` (28), ``close`` (29), and
  under ``manual_claim`` ``claim`` (30) and ``pass`` (31).
- Seven Up: ``stand`` (0), ``beg`` (1), under ``gift`` ``give`` and ``run``, then
  ``discard <c>`` for the 52 cards and ``play <c>`` for the 52 cards, in card-id order.
- River: ``bid 0`` ... ``bid N`` (N the starting number of cards), then ``play <c>`` for the
  52 cards in card-id order.

:meth:`Encoding.mask` gives a legal-action mask (int8, 1 = legal) over those ids.

**Observations.** :meth:`Encoding.observation` turns one seat's view into a float32 vector of
``size`` values, each from 0 to 1. It reads nothing but the view, so it holds no card the seat
cannot see: two states that give a seat the same view give it the same observation.

Seats are *relative to the observer*: in every per-seat field, entry ``k`` is the seat ``k``
places to the observer's left (``(seat + k) % seats``); entry 0 is the observer. A *card plane*
has one entry per card of the game's pack (``Encoding.cards``, in card-id order: the 20
Schnapsen cards A 10 K Q J of C D H S as ids 8-12, 21-25, 34-38, 47-51; the 52 cards in the
other games), 1 where the card is in the set. Suits are in the order C D H S. Numbers are
scaled into 0..1 and clipped at 1.

Every game has these fields, in this order:

================  ============  ==========================================================
field             shape         meaning
================  ============  ==========================================================
``hand``          cards         the observer's hand
``played``        seats x cards the cards each seat played to this deal's finished tricks
``trick``         seats x cards the cards on the table (the current trick), by who played them
``voids``         seats x 4     suits a seat is known to hold none of (below)
``trump``         4             the trump suit, one-hot (all 0: no trump, or not settled)
``to_act``        seats         the seats whose decision it is
``leader``        seats         the seat that leads (or led) the current trick
``dealer``        seats         the dealer of this deal
================  ============  ==========================================================

*Known voids* come from the deal's finished tricks and the current trick, by the rules of
following: in River a seat that did not follow the suit led holds none of it; in Seven Up a
seat that played a card of a third suit (neither the suit led nor trump) holds neither the suit
led nor trump (only the suit led under ``free_discard``), and one that did not follow a trump
lead holds no trump; in Schnapsen only the tricks played once the stock was closed or exhausted
count (following is free before), and there a seat that did not follow holds none of the suit
led, nor any trump if it did not trump either. (That a Schnapsen follower who followed low could
not win is not encoded.)

Then each game's own fields (see :meth:`Encoding.describe` for the table with offsets):

- **Schnapsen**: ``won`` (seats x cards, the cards in each seat's captured tricks),
  ``trump_card`` (the face-up card under the stock), ``known`` (the cards the opponent is
  known to hold: the partner shown with a marriage, the trump card taken by an exchange or at
  the last draw, not played since), ``buried`` (the trump card turned face down by a close: in
  the stock, out of play), ``marriages`` (seats x 4, suits a seat declared a marriage in this
  deal), ``stock`` (the cards in the stock, the trump card included, / 10), ``closed`` (seats,
  who closed), ``close_record`` (2: the closer's opponent's points / 66 and tricks / 5 at the
  close), ``points`` (seats: credited card points / 66), ``pending`` (seats: marriage points
  waiting for a first trick / 66), ``tricks`` (seats: tricks won / 10), ``to_go`` (seats: game
  points still to go / 7), ``claim`` (1 while, under ``manual_claim``, the winner of the last
  trick may still claim or pass: the view's ``claim_pending``), ``deal`` ((deal - 1) / 12).
- **Seven Up**: ``won`` (as Schnapsen's), ``turn_up`` (the face-up card: trump, or proposed),
  ``rejected`` (turn-ups rejected by a beg), ``discards`` (the observer's own discards),
  ``stage`` (5, one-hot: stand_or_beg, give_or_run, discard, play, over), ``cards_left``
  (undealt cards / 52), ``hand_sizes`` (seats, / 24), ``discard_counts`` (seats, / 18),
  ``scores`` (seats: match points / 7), ``deal_points`` (seats: this deal's points / 6),
  ``deal`` ((deal - 1) / 12).
- **River**: ``turned`` (the turned trump card; none in a round without trump), ``bids``
  (seats x (N + 1), each seat's bid one-hot where the observer may see it: made, and not
  sealed), ``has_bid`` (seats), ``tricks`` (seats: tricks taken this round / N), ``cards``
  (the round's cards / N), ``round`` ((round - 1) / (rounds - 1)), ``scores`` (seats: running
  totals before this round / the most a seat could score in the match, the sum over rounds of
  10 + cards).
"""

from __future__ import annotations

import builtins
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import numpy as np
import numpy.typing as npt

import atout
from atout.cards import SUIT_LETTERS, bits, card_text
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import TrickRecord, View
from atout.river.rules import RiverRules
from atout.river.view import RiverView
from atout.schnapsen.view import SchnapsenView
from atout.sevenup.view import STAGES, SevenUpView

__all__ = ["Encoding", "Field", "encoding"]

#: Schnapsen: the tricks played while both draw (10 stock cards, two a trick); from the sixth
#: trick on the stock is exhausted and following is compulsory.
_SCHNAPSEN_DRAW_TRICKS: Final = 5
#: Scales of the numbers, chosen so that a value reaches 1 where it stops mattering.
_SCHNAPSEN_POINTS: Final = 66.0
_SCHNAPSEN_STOCK: Final = 10.0
_TO_GO: Final = 7.0
_DEALS: Final = 12.0
_SEVEN_UP_HAND: Final = 24.0
_SEVEN_UP_DISCARDS: Final = 18.0
_SEVEN_UP_DEAL_POINTS: Final = 6.0

#: Observation and mask arrays.
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True, slots=True)
class Field:
    """A named part of the observation vector: ``shape`` values from ``start`` on (row-major
    when it has two dimensions), what they mean, and their ``kind``: ``cards`` (card planes:
    the last axis is ``Encoding.cards``), ``suits`` (the last axis is C D H S), ``flags``
    (0 or 1 each) or ``numbers`` (scaled into 0..1)."""

    name: str
    start: int
    shape: tuple[int, ...]
    kind: str
    doc: str

    @property
    def size(self) -> int:
        """How many values the field holds."""
        return int(np.prod(self.shape))

    @property
    def slice(self) -> builtins.slice:
        """The field's values within the observation: ``obs[field.slice]``."""
        return slice(self.start, self.start + self.size)


class Encoding:
    """The fixed action and observation encodings of one game (one rules text).

    Get one with :func:`encoding`. ``actions[i]`` is the action of id ``i``; ``size`` is the
    length of the observation; ``layout`` names its parts (:class:`Field`), in order and
    without gaps; ``cards`` the card of each entry of a card plane; ``seats`` the table's
    seats."""

    game: Game[Any]
    actions: tuple[Action, ...]
    size: int
    layout: tuple[Field, ...]
    cards: tuple[int, ...]
    seats: int

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.actions = tuple(game.all_actions())
        self._ids: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}
        self.seats = game.seats
        self.cards = tuple(game.pack)
        #: The plane entry of each card id (-1: not in the pack).
        self._entry = [-1] * 52
        for i, c in enumerate(self.cards):
            self._entry[c] = i
        self._fields: list[Field] = []
        self.size = 0
        n, planes = self.seats, len(self.cards)
        self._hand = self._add("hand", (planes,), "cards", "the observer's hand")
        self._played = self._add(
            "played", (n, planes), "cards", "cards each seat played to this deal's finished tricks"
        )
        self._trick = self._add("trick", (n, planes), "cards", "the current trick, by who played")
        self._voids = self._add("voids", (n, 4), "suits", "suits (C D H S) a seat is known to lack")
        self._trump = self._add("trump", (4,), "suits", "the trump suit, one-hot (C D H S)")
        self._to_act = self._add("to_act", (n,), "flags", "the seats whose decision it is")
        self._leader = self._add("leader", (n,), "flags", "the seat that leads the current trick")
        self._dealer = self._add("dealer", (n,), "flags", "the dealer")
        self._game_fields()
        self.layout = tuple(self._fields)
        self._by_name = {f.name: f for f in self.layout}

    def _add(self, name: str, shape: tuple[int, ...], kind: str, doc: str) -> int:
        """Append a field to the layout and return its start."""
        f = Field(name, self.size, shape, kind, doc)
        self._fields.append(f)
        self.size += f.size
        return f.start

    def _game_fields(self) -> None:
        """Add the game's own fields (subclasses)."""

    # --- actions ---------------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        """How many action ids there are."""
        return len(self.actions)

    def action_id(self, action: Action | str) -> int:
        """The id of an action (or of its text); :class:`ValueError` if the game has no such
        action (a :class:`~atout.errors.NotationError` for text it cannot read)."""
        act = self.game.parse_action(action) if isinstance(action, str) else action
        got = self._ids.get(act)
        if got is None:
            raise ValueError(f"{act!s} is not an action of {self.game.text}")
        return got

    def action(self, action_id: int) -> Action:
        """The action of an id; :class:`ValueError` for an id out of range."""
        if not 0 <= action_id < len(self.actions):
            raise ValueError(f"{action_id} is not an action id of {self.game.text}")
        return self.actions[action_id]

    def mask(self, legal: Sequence[Action]) -> Mask:
        """The legal-action mask: int8 of shape ``(len(actions),)``, 1 at the id of each action
        of ``legal`` (the state's ``legal_actions(seat)``)."""
        out = np.zeros(len(self.actions), np.int8)
        ids = self._ids
        out[[ids[a] for a in legal]] = 1
        return out

    # --- observations ----------------------------------------------------------------------

    def observation(self, view: View) -> Vector:
        """The observation of one seat's view: float32 of shape ``(size,)``, values in 0..1,
        a function of the view alone. A spectator's view (``seat=None``) or another game's
        raises :class:`ValueError`."""
        if view.seat is None:
            raise ValueError("an observation is of a seat's view, not a spectator's")
        if view.rules != self.game.text:
            raise ValueError(f"a view of {view.rules}, not of {self.game.text}")
        ones: list[int] = []
        at: list[int] = []
        values: list[float] = []
        self._write(view, ones, at, values)
        obs = np.zeros(self.size, np.float32)
        obs[ones] = 1.0
        if at:
            obs[at] = values
        return obs

    def _write(self, view: Any, ones: list[int], at: list[int], values: list[float]) -> None:
        """Append the indices of the observation's ones to ``ones``, and the indices and values
        of its other nonzero numbers to ``at`` and ``values``."""
        raise NotImplementedError

    def _common(
        self,
        view: Any,
        history: Sequence[TrickRecord],
        trump: int | None,
        ones: list[int],
    ) -> int:
        """Write the fields every game has; return the observer's seat."""
        me: int = view.seat
        n = self.seats
        entry = self._entry
        hand = view.hand
        if hand is not None:
            base = self._hand
            ones.extend([base + entry[c] for c in bits(hand.mask)])
        planes = len(self.cards)
        played, trick_base = self._played, self._trick
        for record in history:
            leader = record.leader
            for i, c in enumerate(record.cards):
                ones.append(played + ((leader + i - me) % n) * planes + entry[c])
        leader = view.leader
        for i, c in enumerate(view.trick):
            ones.append(trick_base + ((leader + i - me) % n) * planes + entry[c])
        if trump is not None:
            ones.append(self._trump + trump)
        to_act = view.to_act
        if to_act is not None:
            if isinstance(to_act, int):
                ones.append(self._to_act + (to_act - me) % n)
            else:
                ones.extend([self._to_act + (s - me) % n for s in to_act])
        ones.append(self._leader + (leader - me) % n)
        ones.append(self._dealer + (view.dealer - me) % n)
        return me

    def _void(self, ones: list[int], me: int, seat: int, suit: int) -> None:
        ones.append(self._voids + ((seat - me) % self.seats) * 4 + suit)

    def _won(self, base: int, history: Sequence[TrickRecord], me: int, ones: list[int]) -> None:
        """The ``won`` plane of a two-seat game: the cards of each seat's captured tricks."""
        planes, entry = len(self.cards), self._entry
        for record in history:
            row = base + ((record.winner - me) % 2) * planes
            ones.extend([row + entry[c] for c in record.cards])

    def field(self, name: str) -> Field:
        """The field of this name (:class:`KeyError` if there is none)."""
        return self._by_name[name]

    def describe(self) -> str:
        """The layout as a Markdown table: each field's name, shape, offset and meaning."""
        lines = [
            f"Observation of `{self.game.text}`: {self.size} values; "
            f"{len(self.actions)} action ids.",
            "",
            "| field | shape | offset | meaning |",
            "| --- | --- | --- | --- |",
        ]
        for f in self.layout:
            shape = " x ".join(map(str, f.shape))
            lines.append(f"| `{f.name}` | {shape} | {f.start} | {f.doc} |")
        return "\n".join(lines)

    def explain(self, obs: Vector) -> dict[str, Any]:
        """An observation read back by field, for people and tests: card planes as lists of
        card texts, suit fields as strings of suit letters (one per row of a per-seat field),
        the rest as (nested) lists of numbers."""
        out: dict[str, Any] = {}
        for f in self.layout:
            rows = obs[f.slice].reshape(-1, f.shape[-1])
            if f.kind == "cards":
                got: list[Any] = [
                    [card_text(self.cards[i]) for i in np.flatnonzero(r)] for r in rows
                ]
            elif f.kind == "suits":
                got = ["".join(SUIT_LETTERS[i] for i in np.flatnonzero(r)) for r in rows]
            else:
                got = rows.tolist()
            out[f.name] = got[0] if len(f.shape) == 1 else got
        return out

    def __repr__(self) -> str:
        return f"encoding({self.game.text!r})"


class _SchnapsenEncoding(Encoding):
    def _game_fields(self) -> None:
        planes = len(self.cards)
        self._won_at = self._add(
            "won", (2, planes), "cards", "the cards of each seat's captured tricks"
        )
        self._trump_card = self._add(
            "trump_card", (planes,), "cards", "the face-up card under the stock"
        )
        self._known = self._add(
            "known",
            (planes,),
            "cards",
            "cards the opponent is known to hold (marriage, trump card)",
        )
        self._buried = self._add(
            "buried", (planes,), "cards", "the trump card turned down by a close"
        )
        self._marriages = self._add(
            "marriages", (2, 4), "suits", "suits each seat declared a marriage in"
        )
        self._stock = self._add("stock", (1,), "numbers", "cards in the stock / 10")
        self._closed = self._add("closed", (2,), "flags", "the seat that closed the stock")
        self._close_record = self._add(
            "close_record",
            (2,),
            "numbers",
            "the closer's opponent's points / 66 and tricks / 5 at the close",
        )
        self._points = self._add("points", (2,), "numbers", "credited card points / 66")
        self._pending = self._add(
            "pending", (2,), "numbers", "marriage points awaiting a trick / 66"
        )
        self._tricks = self._add("tricks", (2,), "numbers", "tricks won this deal / 10")
        self._to_go = self._add("to_go", (2,), "numbers", "game points still to go / 7")
        self._claim = self._add("claim", (1,), "flags", "1 while the last trick's winner may claim")
        self._deal = self._add("deal", (1,), "numbers", "(deal - 1) / 12")

    def _write(self, view: Any, ones: list[int], at: list[int], values: list[float]) -> None:
        if not isinstance(view, SchnapsenView):
            raise ValueError(f"not a Schnapsen view: {type(view).__name__}")
        history = view.history
        trump = view.trump
        me = self._common(view, history, trump, ones)
        entry = self._entry
        closed_at = view.closed_at
        # Following is compulsory from the close, or once the stock is exhausted.
        strict_from = _SCHNAPSEN_DRAW_TRICKS if closed_at is None else closed_at
        played = 0
        for i, record in enumerate(history):
            lead, follow = record.cards
            played |= (1 << lead) | (1 << follow)
            if i >= strict_from and follow // 13 != lead // 13:
                follower = 1 - record.leader
                self._void(ones, me, follower, lead // 13)
                if follow // 13 != trump:
                    self._void(ones, me, follower, trump)
        for c in view.trick:
            played |= 1 << c
        self._won(self._won_at, history, me, ones)
        if view.trump_card is not None:
            ones.append(self._trump_card + entry[view.trump_card])
        # The cards the opponent was seen to take or show.
        other = 1 - me
        known = 0
        for m in view.marriages:
            if m.seat == other:
                known |= 1 << _marriage_partner(m.card)
            ones.append(self._marriages + ((m.seat - me) % 2) * 4 + m.suit)
        exchange = view.exchange
        if exchange is not None and exchange.seat == other:
            known |= 1 << exchange.card
        face_up = view.turned if exchange is None else exchange.jack
        if closed_at is not None:
            # The face-up card was turned down with the stock (a close needs the stock open).
            ones.append(self._buried + entry[face_up])
        elif (
            len(history) >= _SCHNAPSEN_DRAW_TRICKS
            and history[_SCHNAPSEN_DRAW_TRICKS - 1].winner == me
        ):
            # The last draw: the loser of the fifth trick took the face-up card, in sight.
            known |= 1 << face_up
        ones.extend([self._known + entry[c] for c in bits(known & ~played)])
        if view.stock_size:
            at.append(self._stock)
            values.append(view.stock_size / _SCHNAPSEN_STOCK)
        if view.closed_by is not None:
            ones.append(self._closed + (view.closed_by - me) % 2)
            record_points, record_tricks = view.close_record or (0, 0)
            _scaled(at, values, self._close_record, record_points / _SCHNAPSEN_POINTS)
            _scaled(at, values, self._close_record + 1, record_tricks / 5.0)
        for k in (0, 1):
            s = (me + k) % 2
            _scaled(at, values, self._points + k, view.points[s] / _SCHNAPSEN_POINTS)
            _scaled(at, values, self._pending + k, view.pending[s] / _SCHNAPSEN_POINTS)
            _scaled(at, values, self._tricks + k, view.tricks[s] / 10.0)
            _scaled(at, values, self._to_go + k, view.to_go[s] / _TO_GO)
        if view.claim_pending:
            ones.append(self._claim)
        _scaled(at, values, self._deal, (view.deal - 1) / _DEALS)


class _SevenUpEncoding(Encoding):
    def _game_fields(self) -> None:
        planes = len(self.cards)
        self._free_discard = bool(getattr(self.game.rules, "free_discard", False))
        self._won_at = self._add(
            "won", (2, planes), "cards", "the cards of each seat's captured tricks"
        )
        self._turn_up = self._add(
            "turn_up", (planes,), "cards", "the face-up card (trump, or proposed)"
        )
        self._rejected = self._add("rejected", (planes,), "cards", "turn-ups rejected by a beg")
        self._discards = self._add("discards", (planes,), "cards", "the observer's own discards")
        self._stage = self._add(
            "stage", (len(STAGES),), "flags", "the stage, one-hot: " + " ".join(STAGES)
        )
        self._cards_left = self._add("cards_left", (1,), "numbers", "undealt cards / 52")
        self._hand_sizes = self._add("hand_sizes", (2,), "numbers", "cards in each hand / 24")
        self._discard_counts = self._add(
            "discard_counts", (2,), "numbers", "cards each seat discarded / 18"
        )
        self._scores = self._add("scores", (2,), "numbers", "match points / 7")
        self._deal_points = self._add(
            "deal_points", (2,), "numbers", "this deal's points so far / 6"
        )
        self._deal = self._add("deal", (1,), "numbers", "(deal - 1) / 12")

    def _write(self, view: Any, ones: list[int], at: list[int], values: list[float]) -> None:
        if not isinstance(view, SevenUpView):
            raise ValueError(f"not a Seven Up view: {type(view).__name__}")
        history = view.tricks
        trump = view.trump
        me = self._common(view, history, trump, ones)
        entry = self._entry
        free = self._free_discard
        for record in history:
            lead, follow = record.cards
            led, suit = lead // 13, follow // 13
            if suit == led:
                continue
            follower = 1 - record.leader
            if led == trump:
                self._void(ones, me, follower, led)
            elif suit != trump:
                # A third suit: no card of the suit led, and (unless free) no trump.
                self._void(ones, me, follower, led)
                if not free and trump is not None:
                    self._void(ones, me, follower, trump)
        self._won(self._won_at, history, me, ones)
        ones.append(self._turn_up + entry[view.turn_up])
        ones.extend([self._rejected + entry[c] for c in view.rejected])
        if view.discards is not None:
            ones.extend([self._discards + entry[c] for c in bits(view.discards.mask)])
        ones.append(self._stage + STAGES.index(view.stage))
        _scaled(at, values, self._cards_left, view.cards_left / 52.0)
        for k in (0, 1):
            s = (me + k) % 2
            _scaled(at, values, self._hand_sizes + k, view.hand_sizes[s] / _SEVEN_UP_HAND)
            _scaled(
                at, values, self._discard_counts + k, view.discard_counts[s] / _SEVEN_UP_DISCARDS
            )
            _scaled(at, values, self._scores + k, view.scores[s] / _TO_GO)
            _scaled(at, values, self._deal_points + k, view.deal_points[s] / _SEVEN_UP_DEAL_POINTS)
        _scaled(at, values, self._deal, (view.deal - 1) / _DEALS)


class _RiverEncoding(Encoding):
    def _game_fields(self) -> None:
        n, planes = self.seats, len(self.cards)
        rules = self.game.rules
        assert isinstance(rules, RiverRules)
        self._start: int = rules.start
        schedule: tuple[int, ...] = rules.schedule()
        self._rounds = len(schedule)
        self._most = float(sum(10 + c for c in schedule))
        self._turned = self._add("turned", (planes,), "cards", "the turned trump card")
        self._bids = self._add(
            "bids", (n, self._start + 1), "flags", "each seat's bid, one-hot, where visible"
        )
        self._has_bid = self._add("has_bid", (n,), "flags", "the seats that have bid this round")
        self._tricks = self._add(
            "tricks", (n,), "numbers", f"tricks taken this round / {self._start}"
        )
        self._cards_at = self._add("cards", (1,), "numbers", f"the round's cards / {self._start}")
        self._round = self._add(
            "round", (1,), "numbers", f"(round - 1) / {max(self._rounds - 1, 1)}"
        )
        self._scores = self._add(
            "scores",
            (n,),
            "numbers",
            f"totals before this round / {int(self._most)} (the most possible)",
        )

    def _write(self, view: Any, ones: list[int], at: list[int], values: list[float]) -> None:
        if not isinstance(view, RiverView):
            raise ValueError(f"not an Up and Down the River view: {type(view).__name__}")
        history = view.history
        me = self._common(view, history, view.trump, ones)
        n = self.seats
        voids = self._voids
        for record in history:
            _river_voids(ones, voids, record.leader, record.cards, me=me, n=n)
        _river_voids(ones, voids, view.leader, view.trick, me=me, n=n)
        if view.turned is not None:
            ones.append(self._turned + self._entry[view.turned])
        width = self._start + 1
        bids, has_bid, tricks, scores = view.bids, view.has_bid, view.tricks, view.scores
        start = float(self._start)
        for k in range(n):
            s = (me + k) % n
            bid = bids[s]
            if bid is not None:
                ones.append(self._bids + k * width + bid)
            if has_bid[s]:
                ones.append(self._has_bid + k)
            if tricks[s]:
                at.append(self._tricks + k)
                values.append(tricks[s] / start)
            if scores[s]:
                at.append(self._scores + k)
                values.append(min(scores[s] / self._most, 1.0))
        at.append(self._cards_at)
        values.append(view.cards / start)
        if self._rounds > 1 and view.deal > 1:
            at.append(self._round)
            values.append((view.deal - 1) / (self._rounds - 1))


def _river_voids(
    ones: list[int], voids: int, leader: int, cards: Sequence[int], *, me: int, n: int
) -> None:
    """River: a seat that did not follow the suit led holds none of it."""
    if len(cards) < 2:
        return
    led = cards[0] // 13
    for i in range(1, len(cards)):
        if cards[i] // 13 != led:
            ones.append(voids + ((leader + i - me) % n) * 4 + led)


def _scaled(at: list[int], values: list[float], index: int, value: float) -> None:
    """Record a number clipped to 1 (zeros are the array's already)."""
    if value:
        at.append(index)
        values.append(value if value < 1.0 else 1.0)


def _marriage_partner(c: int) -> int:
    """The King of a Queen's suit, or the Queen of a King's: ranks Q and K are 10 and 11."""
    return c + 1 if c % 13 == 10 else c - 1


_ENCODINGS: dict[str, Encoding] = {}
_LOCK = threading.Lock()
_KINDS: Final[dict[str, type[Encoding]]] = {
    "schnapsen": _SchnapsenEncoding,
    "seven_up": _SevenUpEncoding,
    "river": _RiverEncoding,
}


def encoding(game: Game[Any] | str) -> Encoding:
    """The encoding of a game (or of the game a rules text names), built once per canonical
    rules text and shared. A game other than atout's three raises :class:`ValueError`."""
    key = game if isinstance(game, str) else game.text
    got = _ENCODINGS.get(key)
    if got is not None:
        return got
    loaded = atout.load(game) if isinstance(game, str) else game
    kind = _KINDS.get(loaded.name)
    if kind is None:
        raise ValueError(f"atout.envs has no encoding for the game {loaded.name!r}")
    with _LOCK:
        got = _ENCODINGS.get(loaded.text)
        if got is None:
            got = _ENCODINGS[loaded.text] = kind(loaded)
        _ENCODINGS[key] = got
    return got
