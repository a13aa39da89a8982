"""Worlds consistent with a Schnapsen view: the hidden cards dealt out at random, for search.

What a seat knows of the cards it cannot see (RULES.md §3):

- every card it has seen is not hidden: its hand, the cards played, the face-up trump card, and
  after a close the trump card turned face down (it stays the stock's last card);
- some of the opponent's cards are known: the partner of a marriage it declared, the trump card
  it took in an exchange, the face-up trump card it took at the last draw, while not played;
- under the strict rules (once the stock is exhausted or closed) the opponent's answers reveal
  voids: not following suit means no card of the suit led; not trumping either means no trump;
  following without heading means no card of that suit above the one led.

A world is the opponent's hand (the known cards plus a uniform choice among the allowed ones)
and the order of the face-down stock (uniform): every world consistent with those facts is
equally likely. :func:`world` builds the state, whose view for the seat equals the real view.
:func:`world_weight` then weighs a world by what the opponent's own choices make likely.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from atout.cards import bits
from atout.schnapsen.layout import HAND, MARRIED, PENDING, SEATS, TAKEN, TRICKS, WON
from atout.schnapsen.state import SchnapsenState
from atout.schnapsen.tables import (
    BEATS,
    JACK,
    KING,
    PACK_MASK,
    QUEEN,
    STRENGTH,
    SUIT,
    SUIT_MASKS,
)
from atout.schnapsen.view import SchnapsenView

if TYPE_CHECKING:
    from atout.schnapsen.game import Schnapsen

__all__ = ["Knowledge", "knowledge", "sample_world", "world", "world_weight"]

#: Tricks played with draws before the stock is exhausted (5 draws of 2 from a 10-card stock).
OPEN_TRICKS = 5


class Knowledge:
    """What a seat knows about the cards it cannot see, as masks."""

    __slots__ = ("bottom", "excluded", "hidden", "known", "opponent", "opponent_size", "stock_size")

    def __init__(
        self,
        *,
        opponent: int,
        hidden: int,
        known: int,
        excluded: int,
        bottom: int,
        opponent_size: int,
        stock_size: int,
    ) -> None:
        self.opponent = opponent
        self.hidden = hidden  # unseen cards: the opponent's hand and the face-down stock
        self.known = known  # of those, the ones known to be in the opponent's hand
        self.excluded = excluded  # cards the opponent cannot hold (voids)
        self.bottom = bottom  # the stock's last card (face up, or face down after a close), -1
        self.opponent_size = opponent_size
        self.stock_size = stock_size  # face-down cards in the stock

    @property
    def allowed(self) -> int:
        """The unknown cards the opponent may hold."""
        return self.hidden & ~self.known & ~self.excluded


def knowledge(view: SchnapsenView) -> Knowledge:
    """Read what the view tells about the hidden cards."""
    if view.seat is None or view.hand is None:
        raise ValueError("a spectator has no hand to build worlds around")
    me = view.seat
    opponent = 1 - me
    trump = view.trump
    played = 0
    for t in view.history:
        played |= (1 << t.cards[0]) | (1 << t.cards[1])
    for c in view.trick:
        played |= 1 << c
    exhausted = not view.closed and len(view.history) >= OPEN_TRICKS
    # The stock's last card: face up while open; after a close, the card that was face up then.
    face_up_then = view.exchange.jack if view.exchange is not None else view.turned
    if view.trump_card is not None:
        bottom = view.trump_card
    elif view.closed and view.stock_size:
        bottom = face_up_then
    else:
        bottom = -1
    known = 0
    for m in view.marriages:
        if m.seat == opponent:
            partner = QUEEN[m.suit] if m.card == KING[m.suit] else KING[m.suit]
            known |= 1 << partner
    if view.exchange is not None and view.exchange.seat == opponent:
        known |= 1 << view.exchange.card
    if exhausted:
        last_draw = view.history[OPEN_TRICKS - 1]
        if last_draw.winner == me:  # the opponent lost the fifth trick and took the trump card
            known |= 1 << face_up_then
    known &= ~played
    strict_from = view.closed_at if view.closed and view.closed_at is not None else OPEN_TRICKS
    excluded = 0
    for i, t in enumerate(view.history):
        if i < strict_from or t.leader == opponent:
            continue
        lead, follow = t.cards
        if SUIT[follow] != SUIT[lead]:
            excluded |= SUIT_MASKS[SUIT[lead]]
            if SUIT[follow] != trump:
                excluded |= SUIT_MASKS[trump]
        elif STRENGTH[follow] < STRENGTH[lead]:
            excluded |= BEATS[lead]
    hidden = PACK_MASK & ~view.hand.mask & ~played
    if bottom >= 0:
        hidden &= ~(1 << bottom)
    face_down = view.stock_size - (1 if bottom >= 0 else 0)
    return Knowledge(
        opponent=opponent,
        hidden=hidden,
        known=known,
        excluded=excluded & ~known,
        bottom=bottom,
        opponent_size=view.hand_sizes[opponent],
        stock_size=face_down,
    )


def sample_world(game: Schnapsen, view: SchnapsenView, rng: random.Random) -> SchnapsenState:
    """A world drawn uniformly from those consistent with the view."""
    k = knowledge(view)
    need = k.opponent_size - k.known.bit_count()
    allowed = list(bits(k.allowed))
    if need < 0 or need > len(allowed):
        raise ValueError("no world fits this view: its cards do not add up")
    chosen = rng.sample(allowed, need)
    opponent_hand = k.known
    for c in chosen:
        opponent_hand |= 1 << c
    stock = list(bits(k.hidden & ~opponent_hand))
    if len(stock) != k.stock_size:
        raise ValueError("no world fits this view: its cards do not add up")
    rng.shuffle(stock)
    return world(game, view, opponent_hand, tuple(stock), seed=rng.getrandbits(63))


def world(
    game: Schnapsen,
    view: SchnapsenView,
    opponent_hand: int,
    stock: tuple[int, ...],
    *,
    seed: int = 0,
) -> SchnapsenState:
    """The state of the current deal with these hidden cards: the opponent's hand and the
    face-down stock in draw order. Later deals are shuffled from ``seed``."""
    assert view.seat is not None and view.hand is not None
    k = knowledge(view)
    me, opponent = view.seat, 1 - view.seat
    s = SchnapsenState()  # blank, filled below
    s._init_match(game, seed, (), view.dealer, shuffle=True)
    rules = game.rules
    s._manual = rules.manual_claim
    s._last_ten = rules.last_trick_ten
    s._fail_at_end = rules.closer_fail_tricks_at_end
    s._to_go = view.to_go
    s._deals = ()
    # Earlier deals are not part of the world; the next one is numbered on from this one.
    s._packs = tuple(() for _ in range(view.deal))
    s._deal_no = view.deal
    s._dealer = view.dealer
    seats = [0] * SEATS
    seats[HAND + me] = view.hand.mask
    seats[HAND + opponent] = opponent_hand
    log: tuple[Any, ...] | None = None
    for t in view.history:
        seats[WON + t.winner] |= (1 << t.cards[0]) | (1 << t.cards[1])
        seats[TAKEN + t.winner] += t.points
        log = (log, t.leader, t.cards[0], t.cards[1], t.winner, t.points)
    for seat in (0, 1):
        seats[MARRIED + seat] = view.points[seat] - seats[TAKEN + seat]
        seats[PENDING + seat] = view.pending[seat]
        seats[TRICKS + seat] = view.tricks[seat]
    s._seats = seats
    s._stock = stock
    s._stock_pos = 0
    s._bottom = k.bottom
    s._turned = view.turned
    s._trump = view.trump
    s._closed_by = view.closed_by if view.closed_by is not None else -1
    s._closed_at = view.closed_at if view.closed_at is not None else -1
    s._close_points, s._close_tricks = view.close_record or (0, 0)
    s._leader = view.leader
    s._lead = view.trick[0] if view.trick else -1
    s._window = 1 if view.claim_pending else 0
    s._trick_log = log
    s._marriages = view.marriages
    s._exchange = view.exchange
    s._to_act = view.to_act
    return s


#: The least weight one unlikely choice gives a world: opponents are not always rational.
FLOOR = 0.1


def world_weight(view: SchnapsenView, opponent_hand: int) -> float:
    """How likely the opponent's own choices make a world with this opponent hand.

    A player on lead always exchanges the trump Jack and always declares a marriage it can, so
    leading without doing so says it did not hold the card then. A world in which the opponent
    holds it now must have it drawn since: its weight is the share of the opponent's hand drawn
    after that lead (at least :data:`FLOOR`), and so for each such choice."""
    assert view.seat is not None
    opponent = 1 - view.seat
    strict_from = view.closed_at if view.closed_at is not None else OPEN_TRICKS
    done = len(view.history)
    leads = [(i, t.cards[0]) for i, t in enumerate(view.history) if t.leader == opponent]
    if view.trick and view.leader == opponent:
        leads.append((done, view.trick[0]))
    declared = {(m.before_trick, m.card) for m in view.marriages if m.seat == opponent}
    jack = JACK[view.trump]
    size = max(1, view.hand_sizes[opponent])
    weight = 1.0
    for i, led in leads:
        draws_since = max(0, min(done, strict_from) - i)
        share = max(FLOOR, min(1.0, draws_since / size))
        if (i, led) not in declared and led in (KING[SUIT[led]], QUEEN[SUIT[led]]):
            partner = QUEEN[SUIT[led]] if led == KING[SUIT[led]] else KING[SUIT[led]]
            if opponent_hand >> partner & 1:
                weight *= share
        if view.exchange is None and i < strict_from and opponent_hand >> jack & 1:
            weight *= share
    return weight
