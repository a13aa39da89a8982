"""A player of rules of thumb for River, on int masks: the heuristic levels' play and the quick
playouts of the search levels (RULES.md §2).

Bidding: :func:`estimate` counts the tricks a hand is likely to take (high cards and trumps,
discounted by the higher cards the other hands may hold and, off trumps, by the chance the
suit is trumped or never led; short suits with spare trumps add ruffs), and :func:`model_bid`
rounds it, stepping off the number the hook forbids. The count is scaled so that, over random
deals, a table's counts add up to the tricks there are.

Play (:func:`greedy_card`) aims at the exact bid: a seat short of its bid tries to win the
trick (a master led, the cheapest card that wins when last, else the highest), a seat on its
bid ducks (the highest card that still loses, the lowest lead that most cards can beat, the
most dangerous card thrown when void). Past the bid a seat takes tricks again: each is a point.
The choice reads only what the seat may know: its hand, the table and the cards gone.

:func:`greedy_playout` plays a round to its end this way for every seat, through the state's
own methods for the bids and the end of the round, the cards on local variables (as
:mod:`atout.river.playout` does), and returns the round's points.
"""

from __future__ import annotations

import math
import random as _random
from functools import cache
from typing import TYPE_CHECKING, Final

from atout.cards import SUIT_MASKS, bits
from atout.river.actions import BID, PLAY
from atout.river.tables import BEATS, BIT, PACK_SIZE

if TYPE_CHECKING:
    from atout.river.state import RiverState

__all__ = ["HIGHER", "estimate", "greedy_card", "greedy_playout", "model_bid"]

#: ``HIGHER[c]``: the cards of ``c``'s suit above it.
HIGHER: Final = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(PACK_SIZE))
#: ``LOWER[c]``: the cards of ``c``'s suit below it.
LOWER: Final = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(PACK_SIZE))
_FULL: Final = (1 << PACK_SIZE) - 1
#: How much of a count's distance from the table's mean a hand takes, on average.
_SHRINK: Final = 0.75
#: The chance that a plain card survives the ruffs of its suit's first, second, … round.
_SURVIVE: Final = (0.92, 0.75, 0.5, 0.3, 0.15, 0.05)


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _highest_rank(mask: int) -> int:
    """The card of highest rank in a non-empty mask (of the higher suit on equal ranks)."""
    return max(bits(mask), key=lambda c: (c % 13, c))


def _lowest_rank(mask: int) -> int:
    """The card of lowest rank in a non-empty mask (of the lower suit on equal ranks)."""
    return min(bits(mask), key=lambda c: (c % 13, c))


def greedy_card(
    hand: int, table: tuple[int, ...], best: int, *, trump: int, need: int, gone: int, last: bool
) -> int:
    """The card to play from ``hand`` for a seat ``need`` tricks short of its bid (0: on it,
    negative: past it). ``table`` holds the trick's cards so far, ``best`` the one winning it;
    ``trump`` is the trump suit (-1: none); ``gone`` the cards the seat knows are out of play
    (played, turned); ``last`` whether the seat plays last to the trick.

    On its bid a seat ducks. Short of it, a seat whose masters (cards no unseen card of their
    suit beats) cover the tricks it needs wins with masters only and ducks with the rest;
    otherwise it fights for every trick. Past its bid every trick is a point: it fights."""
    trumps = hand & SUIT_MASKS[trump] if trump >= 0 else 0
    outside = _FULL & ~(hand | gone)
    masters = 0
    for c in bits(hand):
        if not HIGHER[c] & outside:
            masters |= BIT[c]
    want = need != 0
    cash = 0 < need <= masters.bit_count()
    if not table:
        return _lead(hand, trumps, outside, masters, want)
    led = table[0] // 13
    follow = hand & SUIT_MASKS[led]
    if follow:
        # Following suit wins only over a best card of the same suit.
        winners = follow & HIGHER[best] if best // 13 == led else 0
        if cash:
            if winners & masters:
                return _low(winners & masters)
        elif want:
            if not winners:
                return _low(follow)
            if last:
                return _low(winners)
            return _low(winners & masters) if winners & masters else _top(winners)
        losers = follow & ~winners
        if losers:
            return _top(losers)
        return _top(follow) if last else _low(follow)
    plain = hand & ~trumps
    ruffs = (trumps & HIGHER[best] if best // 13 == trump else trumps) if trumps else 0
    if cash:
        if ruffs & masters:
            return _low(ruffs & masters)
        spare = plain & ~masters
        if spare:
            return _highest_rank(spare)
    elif want:
        if ruffs:
            return _low(ruffs)
        return _lowest_rank(plain) if plain else _low(trumps)
    if plain:
        return _highest_rank(plain)
    under = trumps & ~ruffs
    if under:
        return _top(under)
    return _top(trumps) if last else _low(trumps)


def _lead(hand: int, trumps: int, outside: int, masters: int, want: bool) -> int:
    plain = hand & ~trumps
    if want:
        if masters & plain:
            # The master of the suit the others hold most of: the least likely to be ruffed.
            return max(
                (c for c in bits(masters & plain)),
                key=lambda c: ((SUIT_MASKS[c // 13] & outside).bit_count(), c),
            )
        if masters:
            return _top(masters)
        if plain:
            # Lead low from the shortest plain suit: keep the high cards, make a void to ruff.
            short = min(
                (plain & SUIT_MASKS[u] for u in range(4) if plain & SUIT_MASKS[u]),
                key=lambda m: (m.bit_count(), _low(m) % 13),
            )
            return _low(short)
        return _low(trumps)
    if plain:
        # Lead the card that most of the unseen cards of its suit would beat.
        choice, score = -1, (-1, 0)
        for u in range(4):
            mine = plain & SUIT_MASKS[u]
            if mine:
                low = _low(mine)
                s = ((HIGHER[low] & outside).bit_count(), -(low % 13))
                if s > score:
                    choice, score = low, s
        return choice
    return _low(trumps)


@cache
def _binomial_cdf(k: int, n: int, p: float) -> float:
    """P(at most k successes in n trials of chance p)."""
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(min(k, n) + 1))


def estimate(hand: int, trump: int, turned: int, players: int, cards: int) -> float:
    """The tricks a hand of a ``cards``-card round at a table of ``players`` is likely to
    take, before any card is played. ``turned`` is the turned card (-1: none)."""
    fair = cards / players
    # Counts overstate the spread: strong hands take fewer tricks than they count, weak ones
    # more (measured over rounds played out by these rules), so pull them toward the mean.
    return fair + _SHRINK * (
        _count(hand, trump, turned, players, cards) * _scale(players, cards) - fair
    )


@cache
def _scale(players: int, cards: int) -> float:
    """What makes the counts of a table's hands add up, on average, to the tricks there are:
    the counts of 300 fixed random deals, compared with their number of tricks."""
    rng = _random.Random(f"river-estimate:{players}:{cards}")
    total = 0.0
    pack = list(range(PACK_SIZE))
    dealt = players * cards
    for _ in range(300):
        rng.shuffle(pack)
        turned = pack[dealt] if dealt < PACK_SIZE else -1
        trump = turned // 13 if turned >= 0 else -1
        for s in range(players):
            hand = 0
            for c in pack[s * cards : (s + 1) * cards]:
                hand |= BIT[c]
            total += _count(hand, trump, turned, players, cards)
    return cards * 300 / total if total else 1.0


def _count(hand: int, trump: int, turned: int, players: int, cards: int) -> float:
    known = hand | (BIT[turned] if turned >= 0 else 0)
    unseen = PACK_SIZE - cards - (1 if turned >= 0 else 0)
    # The chance that a given unseen card is in another seat's hand rather than the stock.
    held = min(1.0, (players - 1) * cards / unseen) if unseen else 1.0
    # A plain suit is led at all, in a short round, only now and then.
    led = min(1.0, 0.3 + 0.14 * (cards - 1))
    total = 0.0
    spare = 0.0
    short = 0.0
    for u in range(4):
        mine = sorted(bits(hand & SUIT_MASKS[u]), reverse=True)
        k = len(mine)
        for i, c in enumerate(mine):
            higher = (HIGHER[c] & ~known).bit_count()
            p = _binomial_cdf(i, higher, held)
            if u == trump:
                total += p
                spare += 1 - p
            else:
                total += p * led * _SURVIVE[min(i, len(_SURVIVE) - 1)]
        if u != trump and trump >= 0 and cards >= 3:
            short += max(0, 2 - k) * 0.5
    return total + min(spare, short) * held


def model_bid(expected: float, cards: int, forbidden: int) -> int:
    """The bid nearest the expected tricks, from 0 to ``cards``, never ``forbidden`` (the hook;
    -1 when nothing is forbidden): off it toward the side the estimate leans."""
    bid = min(cards, max(0, math.floor(expected + 0.5)))
    if bid != forbidden:
        return bid
    up, down = bid + 1, bid - 1
    if (expected >= bid and up <= cards) or down < 0:
        return up
    return down


def greedy_playout(state: RiverState) -> tuple[int, ...]:
    """Play the current round out, every seat by the rules of thumb (bids still to make by
    :func:`model_bid`), and return the round's points by seat."""
    n = state._n
    cards = state._cards
    bids = state._bids
    trump = state._trump
    turned = state._turned
    while -1 in bids:
        to_act = state._to_act
        assert to_act is not None  # a round in its bidding has someone to bid
        seat = to_act if isinstance(to_act, int) else min(to_act)
        bid = model_bid(
            estimate(state._hands[seat], trump, turned, n, cards),
            cards,
            state._forbidden_bid(seat),
        )
        state._bid(seat, bid, None)
        state._log = (state._log, seat, BID[bid])
    hands, taken = state._hands, state._tricks
    beats = BEATS[trump + 1]
    log, trick_log = state._log, state._trick_log
    table, leader = state._table, state._leader
    best, best_seat = state._best, state._best_seat
    gone = state._played | (BIT[turned] if turned >= 0 else 0)
    for c in table:
        gone |= BIT[c]
    tricks_left = cards - state._played.bit_count() // n
    while tricks_left:
        for k in range(len(table), n):
            seat = (leader + k) % n
            c = greedy_card(hands[seat], table, best, trump=trump,
                            need=bids[seat] - taken[seat], gone=gone,
                            last=k == n - 1)  # fmt: skip
            hands[seat] ^= BIT[c]
            gone |= BIT[c]
            log = (log, seat, PLAY[c])
            if not table or beats[best * 52 + c]:
                best, best_seat = c, seat
            table += (c,)
        taken[best_seat] += 1
        trick_log = (trick_log, leader, table, best_seat)
        table, leader = (), best_seat
        tricks_left -= 1
    state._log, state._trick_log = log, trick_log
    state._table, state._leader = table, leader
    state._best, state._best_seat = best, best_seat
    state._played |= gone & ~(BIT[turned] if turned >= 0 else 0)
    state._to_act = leader
    state._end_deal(None)
    return state._sheet[-1].points
