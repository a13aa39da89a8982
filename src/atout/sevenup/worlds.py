"""Worlds consistent with a Seven Up view: the hidden cards dealt out at random, for search.

What a seat knows of the cards it cannot see (RULES.md §1):

- every card it has seen is not hidden: its hand and its own discards, the turn-up and the
  turn-ups rejected by a beg, the cards played to the tricks and to the table;
- the hidden cards are the other seat's hand, the other seat's discards (face down) and the
  undealt cards, in sizes the view shows (``hand_sizes``, ``discard_counts``, ``cards_left``);
- the other seat's answers to the seat's leads reveal voids. A follower may always trump, so a
  trump played to a plain lead says nothing. A card of a third suit says the follower held no
  card of the suit led and, by default, no trump either (under ``free_discard`` only that it
  could not follow suit); a plain card played to a trump lead says it held no trump. There are
  no draws once the tricks begin, so a void then is a void in the hand the other seat holds
  now. Its discards and the undealt cards are not constrained.

A world is the other seat's hand (a uniform choice of its size among the hidden cards the voids
allow), its discards (a uniform choice among the hidden cards left) and the undealt cards in a
uniform order: every assignment of the hidden cards consistent with those facts is equally
likely, since each leaves the same number of ways for the rest. :func:`world` builds the state,
whose view for the seat equals the real view. It also lays the deal out as a pack, each seat's
cards shuffled over the places that dealt to it, so :func:`first_six` in a world is a uniform
guess at which of the other seat's cards it held when eldest stood or begged.

:func:`world_weight` then weighs a world by how likely the other seat's own choices make it,
judged by the rules of thumb of :mod:`atout.sevenup.tactics`: its stand or beg and its give or
run (the chance of each grows with its trump strength in the proposed suit), the cards it
discarded (a player rarely throws what the rules of thumb keep) and the cards it played.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, Final

from atout.cards import FULL_PACK, Rank, bits
from atout.sevenup import tactics
from atout.sevenup.state import SevenUpState
from atout.sevenup.tables import DEALT, NO_GIFT_FROM, RUN_SIZE, SUIT, SUIT_MASKS, TENS_VALUE, VALUE
from atout.sevenup.view import STAGES, SevenUpView

if TYPE_CHECKING:
    from atout.sevenup.game import SevenUp

__all__ = ["Knowledge", "first_six", "knowledge", "played_by", "sample_world", "voids", "world",
           "world_weight"]  # fmt: skip

_PACK_MASK = (1 << 52) - 1
#: How sharply the chance of standing (or giving) grows with trump strength around the rules
#: of thumb's threshold, and its bounds: players differ, and misjudge.
_SLOPE: Final = 0.35
_SURE: Final = 0.95
#: The weight of each card discarded that the rules of thumb would have kept, and of each card
#: played that they would not have played: players differ from the rules, but not often.
_ODD_DISCARD: Final = 0.35
_ODD_PLAY: Final = 0.6


class Knowledge:
    """What a seat knows about the cards it cannot see, as masks and sizes."""

    __slots__ = ("cards_left", "discard_count", "excluded", "hand_size", "hidden", "other")

    def __init__(
        self,
        *,
        other: int,
        hidden: int,
        excluded: int,
        hand_size: int,
        discard_count: int,
        cards_left: int,
    ) -> None:
        self.other = other
        self.hidden = hidden  # the other seat's hand and discards, and the undealt cards
        self.excluded = excluded  # hidden cards the other seat's hand cannot hold (voids)
        self.hand_size = hand_size
        self.discard_count = discard_count
        self.cards_left = cards_left

    @property
    def allowed(self) -> int:
        """The hidden cards the other seat's hand may hold."""
        return self.hidden & ~self.excluded


def played_by(view: SevenUpView) -> tuple[int, int]:
    """The cards each seat has played this deal (finished tricks and the table), as masks."""
    played = [0, 0]
    for t in view.tricks:
        played[t.leader] |= 1 << t.cards[0]
        played[1 - t.leader] |= 1 << t.cards[1]
    if view.trick:
        played[view.leader] |= 1 << view.trick[0]
    return played[0], played[1]


def voids(view: SevenUpView, seat: int, *, free_discard: bool) -> int:
    """The suits (a mask of cards) ``seat`` has shown it no longer holds by its answers to the
    other seat's leads this deal."""
    if view.trump is None:
        return 0
    trump = view.trump
    out = 0
    for t in view.tricks:
        if t.leader == seat:
            continue
        lead, follow = t.cards
        led, played = SUIT[lead], SUIT[follow]
        if played in (led, trump):
            continue  # it followed suit, or trumped: always allowed, nothing revealed
        out |= SUIT_MASKS[led]
        if not free_discard:
            out |= SUIT_MASKS[trump]
    return out


def knowledge(view: SevenUpView, *, free_discard: bool) -> Knowledge:
    """Read what the view tells about the hidden cards."""
    if view.seat is None or view.hand is None or view.discards is None:
        raise ValueError("a spectator has no hand to build worlds around")
    me = view.seat
    other = 1 - me
    played = played_by(view)
    seen = view.hand.mask | view.discards.mask | played[0] | played[1] | 1 << view.turn_up
    for c in view.rejected:
        seen |= 1 << c
    hidden = _PACK_MASK & ~seen
    return Knowledge(
        other=other,
        hidden=hidden,
        excluded=voids(view, other, free_discard=free_discard) & hidden,
        hand_size=view.hand_sizes[other],
        discard_count=view.discard_counts[other],
        cards_left=view.cards_left,
    )


def sample_world(game: SevenUp, view: SevenUpView, rng: random.Random) -> SevenUpState:
    """A world drawn uniformly from those consistent with the view."""
    if view.match_over:
        raise ValueError("the match is over: there is no world to search")
    k = knowledge(view, free_discard=game.rules.free_discard)
    allowed = list(bits(k.allowed))
    if k.hand_size > len(allowed):
        raise ValueError("no world fits this view: the voids leave too few cards")
    hand = 0
    for c in rng.sample(allowed, k.hand_size):
        hand |= 1 << c
    rest = list(bits(k.hidden & ~hand))
    if len(rest) != k.discard_count + k.cards_left:
        raise ValueError("no world fits this view: its cards do not add up")
    rng.shuffle(rest)
    discards = 0
    for c in rest[: k.discard_count]:
        discards |= 1 << c
    undealt = tuple(rest[k.discard_count :])
    return world(game, view, hand, discards, undealt, rng=rng)


def _places(eldest: bool, runs: int) -> list[int]:
    """The pack positions that dealt to eldest (or the dealer) in a deal with ``runs`` runs."""
    first = [0, 1, 2, 6, 7, 8] if eldest else [3, 4, 5, 9, 10, 11]
    base = 0 if eldest else 3
    return first + [DEALT + RUN_SIZE * r + base + i for r in range(runs) for i in range(3)]


def world(
    game: SevenUp,
    view: SevenUpView,
    other_hand: int,
    other_discards: int,
    undealt: tuple[int, ...],
    *,
    rng: random.Random,
) -> SevenUpState:
    """The state of the current deal with these hidden cards: the other seat's hand and
    discards, and the undealt cards in dealing order. ``rng`` lays each seat's cards over its
    places in the pack and seeds the later deals."""
    assert view.seat is not None and view.hand is not None and view.discards is not None
    me, other = view.seat, 1 - view.seat
    dealer, eldest = view.dealer, view.eldest
    rules = game.rules
    runs = len(view.rejected)
    played = played_by(view)
    dealt = [0, 0]
    dealt[me] = view.hand.mask | view.discards.mask | played[me]
    dealt[other] = other_hand | other_discards | played[other]
    pack = [-1] * len(FULL_PACK)
    for seat in (eldest, dealer):
        cards = list(bits(dealt[seat]))
        rng.shuffle(cards)
        for place, c in zip(_places(seat == eldest, runs), cards, strict=True):
            pack[place] = c
    turn_ups = (*view.rejected, view.turn_up) if runs else (view.turn_up,)
    for r, c in enumerate(turn_ups):
        pack[DEALT - 1 + RUN_SIZE * r] = c
    pos = len(FULL_PACK) - len(undealt)
    pack[pos:] = undealt
    assert sorted(pack) == list(FULL_PACK), "the world's cards do not make a pack"

    s = SevenUpState()  # blank, filled below
    s._init_match(game, rng.getrandbits(63), (), dealer, shuffle=True)
    s._rules = rules
    s._gift_rule = rules.gift
    s._free_discard = rules.free_discard
    s._count_out = rules.count_out
    s._values = TENS_VALUE if rules.tens_only_game else VALUE
    s._scores = list(view.scores)
    s._deals = ()
    # Earlier deals are not part of the world; the next one is shuffled on from this one.
    s._packs = (*(() for _ in range(view.deal - 1)), tuple(pack))
    s._deal_no = view.deal
    s._dealer = dealer
    s._pack = tuple(pack)
    s._pos = pos
    hands = [0, 0]
    hands[me] = view.hand.mask
    hands[other] = other_hand
    s._hands = hands
    discards = [0, 0]
    discards[me] = view.discards.mask
    discards[other] = other_discards
    s._discards = discards
    won = [0, 0]
    log: tuple[Any, ...] | None = None
    for t in view.tricks:
        won[t.winner] |= (1 << t.cards[0]) | (1 << t.cards[1])
        log = (log, t.leader, t.cards[0], t.cards[1], t.winner)
    s._won = won
    s._turn_up = view.turn_up
    s._trump = SUIT[view.turn_up]
    s._rejected = view.rejected
    s._stage = STAGES.index(view.stage)
    s._turned_jack = turn_ups[0] % 13 == Rank.JACK
    s._new_trump_jack = runs > 0 and view.turn_up % 13 == Rank.JACK
    s._gift = view.deal_points[eldest] > 0
    s._leader = view.leader
    s._lead = view.trick[0] if view.trick else -1
    s._trick_log = log
    s._to_act = view.to_act
    return s


def first_six(state: SevenUpState, seat: int) -> int:
    """The six cards ``seat`` was dealt before the first turn-up, as the state's pack says."""
    places = _places(seat == 1 - state._dealer, 0)
    out = 0
    for p in places:
        out |= 1 << state._pack[p]
    return out


def _chance(strength: float, threshold: float) -> float:
    """The chance that a player with this trump strength takes the strong choice (stand, give)."""
    p = 1.0 / (1.0 + math.exp(-(strength - threshold) / _SLOPE))
    return min(_SURE, max(1.0 - _SURE, p))


def world_weight(view: SevenUpView, state: SevenUpState) -> float:
    """How likely the other seat's choices this deal make this world, relative to others: the
    product of the chance of each choice it made given the cards the world gives it then."""
    assert view.seat is not None
    other = 1 - view.seat
    weight = 1.0
    runs = len(view.rejected)
    proposed = SUIT[view.rejected[0] if runs else view.turn_up]
    eldest = view.eldest
    # Eldest's only points before the tricks come from a gift.
    gave = view.deal_points[eldest] > 0
    begged = runs > 0 or gave or view.stage == "give_or_run"
    if view.stage != "stand_or_beg":
        six = first_six(state, other)
        if eldest == other:
            p = _chance(tactics.trump_strength(six, proposed), tactics.STAND_AT)
            weight *= 1.0 - p if begged else p
        elif state._gift_rule and begged and view.stage != "give_or_run":
            eldest_then = view.scores[eldest] - (1 if gave else 0)
            if eldest_then < NO_GIFT_FROM:  # the dealer chose: giving was allowed
                p = _chance(tactics.trump_strength(six, proposed), tactics.GIVE_AT)
                weight *= p if gave else 1.0 - p
    played = played_by(view)
    discarded = state._discards[other]
    if discarded:
        dealt = state._hands[other] | discarded | played[other]
        kept = tactics.keep(dealt, state._trump, state._values)
        weight *= _ODD_DISCARD ** (discarded & kept).bit_count()
    if view.tricks or (view.trick and view.leader == other):
        weight *= _ODD_PLAY ** _odd_plays(view, state, other)
    return weight


def _odd_plays(view: SevenUpView, state: SevenUpState, other: int) -> int:
    """How many of the other seat's cards this deal the rules of thumb would not have played,
    with the hand the world gives it then."""
    trump = state._trump
    values = state._values
    tm = SUIT_MASKS[trump]
    free_discard = state._free_discard
    plays: list[tuple[int, int]] = []  # (card played, card led to it or -1), in order
    for t in view.tricks:
        lead, follow = t.cards
        plays.append((lead, -1) if t.leader == other else (follow, lead))
    if view.trick and view.leader == other:
        plays.append((view.trick[0], -1))
    hand = state._hands[other]
    for c, _ in plays:
        hand |= 1 << c
    # What the other seat had not seen when it played: all but its hand, its discards, the
    # turn-ups and the cards gone before.
    unseen = _PACK_MASK & ~state._discards[other] & ~(1 << view.turn_up)
    for c in view.rejected:
        unseen &= ~(1 << c)
    odd = 0
    gone = 0
    for t_index, (c, led) in enumerate(plays):
        if led >= 0:
            gone |= 1 << led
        sees = unseen & ~hand & ~gone
        if led < 0:
            choice = tactics.lead(hand, trump, sees, values=values, careful=True)
        else:
            same = hand & SUIT_MASKS[SUIT[led]]
            legal = hand if free_discard and not same else ((same | (hand & tm)) or hand)
            choice = tactics.follow(hand, legal, led, trump, sees, values=values, careful=True)
        if choice != c:
            odd += 1
        hand &= ~(1 << c)
        gone |= 1 << c
        if t_index < len(view.tricks):
            t = view.tricks[t_index]
            gone |= (1 << t.cards[0]) | (1 << t.cards[1])
    return odd
