"""A player of rules of thumb for Seven Up, on int masks: the heuristic levels' play and the
quick playouts of the search levels (RULES.md §1).

Every choice reads only what the deciding seat may know: its hand, the trump, the card led and
``unseen``, the cards it has not seen this deal (the other hand, the other seat's discards and
the undealt cards). A ``careful`` player (``medium``) remembers every card gone and counts Game
by the counting values; a careless one (``easy``) remembers only the trick on the table (its
caller passes a larger ``unseen``) and ranks cards by rank alone, so it throws Tens away as if
they were low cards and does not play to save its Low.

- **Stand or beg** (:func:`trump_strength`): what a hand's trumps promise, as measured by
  simulation: every trump counts, the Ace (High) and the Jack (saved by trumping a plain lead)
  most, the second and later trumps less than the first. Eldest stands at :data:`STAND_AT` or
  more, which is to say with two trumps, or the Ace or Jack alone; the dealer (``gift``) gives
  one rather than run when its own trumps in the turned suit reach :data:`GIVE_AT`.
- **Discard** (:func:`keep`): keep the trumps, then the Game counters and the cards that win
  tricks; throw the low plain cards.
- **Lead** (:func:`lead`): the master trump, to draw the other seat's trumps (its Jack or Low
  may fall), while holding another trump; otherwise a plain card that exposes few counting
  values (a master Ace or King preferred, a Ten not), and with only trumps left the one that is
  neither the Jack nor the Low.
- **Follow** (:func:`follow`): bank the Jack and a likely Low by trumping a plain lead (the
  second card of a trick cannot be beaten); win a trick worth it with the suit led (a Ten that
  wins first) or with a trump; capture a Jack or a Ten of trumps led; otherwise give the card
  worth least, never the Jack or the Low while another card will do.

:func:`prepare` takes a deal's decisions before the tricks this way for both seats, and
:func:`playout` plays the rest of a deal, on the state's own fields (as
:mod:`atout.sevenup.playout` does for random play).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from atout.cards import Rank, bits
from atout.core.actions import Action
from atout.sevenup.actions import BEG, GIVE, RUN, STAND
from atout.sevenup.tables import HAND, JACK, NO_GIFT_FROM, SUIT, SUIT_MASKS
from atout.sevenup.view import DISCARDING, GIVE_OR_RUN, PLAYING, STAND_OR_BEG

if TYPE_CHECKING:
    from atout.sevenup.state import SevenUpState

__all__ = ["ABOVE", "BELOW", "GIVE_AT", "RANK_VALUE", "STAND_AT", "follow", "give_one", "keep",
           "keep_score", "lead", "playout", "prepare", "stands", "trump_strength"]  # fmt: skip

#: ``ABOVE[c]``: the cards of ``c``'s suit above it; ``BELOW[c]``: those below it.
ABOVE: Final = tuple(SUIT_MASKS[c // 13] & ~((2 << c) - 1) for c in range(52))
BELOW: Final = tuple(SUIT_MASKS[c // 13] & ((1 << c) - 1) for c in range(52))
#: A careless player's worth of a card: its rank alone (2 lowest, Ace highest).
RANK_VALUE: Final = tuple(c % 13 for c in range(52))
_TEN: Final = tuple(13 * s + Rank.TEN for s in range(4))
_FULL: Final = (1 << 52) - 1

#: What each trump of a six-card hand is worth to eldest when it stands rather than begs (by
#: rank index, 2 first), the first trump of a hand without the others, and what each further
#: trump takes off (it helps less than the first), on the scale of the search levels' utility.
#: Fitted to 3,000 hands valued by simulation (both answers played out from 300 worlds each by
#: these rules of thumb): it comes down to standing with two trumps or more, or with the Ace or
#: the Jack alone, and begging otherwise.
_TRUMP_POINTS: Final = (0.47, 0.43, 0.4, 0.4, 0.4, 0.41, 0.41, 0.42, 0.44, 0.58, 0.44, 0.46, 0.59)
_LENGTH: Final = -0.2
_BASE: Final = -0.5
#: Eldest stands with at least this much trump strength in the turned suit.
STAND_AT: Final = 0.0
#: Under ``gift`` the dealer gives one rather than run with at least this much.
GIVE_AT: Final = 0.0


def _top(mask: int) -> int:
    return mask.bit_length() - 1


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def trump_strength(hand: int, trump: int) -> float:
    """What a six-card hand's trumps in the suit ``trump`` promise (above 0: more than a beg)."""
    trumps = hand & SUIT_MASKS[trump]
    total = _BASE
    for c in bits(trumps):
        total += _TRUMP_POINTS[c % 13]
    n = trumps.bit_count()
    if n > 1:
        total += _LENGTH * (n - 1)
    return total


def stands(hand: int, trump: int, margin: float = 0.0) -> bool:
    """Eldest's rule of thumb: stand with enough trump strength in the proposed suit."""
    return trump_strength(hand, trump) >= STAND_AT + margin


def give_one(hand: int, trump: int, eldest_score: int, margin: float = 0.0) -> bool:
    """The dealer's rule of thumb under ``gift``: give one (while allowed) rather than run when
    its own trumps in the turned suit are strong."""
    return eldest_score < NO_GIFT_FROM and trump_strength(hand, trump) >= GIVE_AT + margin


def keep_score(c: int, trump: int, values: tuple[int, ...]) -> int:
    """How much a card is worth keeping: a trump above any plain card (its Jack, the honours
    and the 2 and 3 most), then a plain card by its counting value and its power to win."""
    rank = c % 13
    if c // 13 == trump:
        return 100 + 10 * rank + (40 if rank >= Rank.JACK else 0) + (30 if rank <= 1 else 0)
    bonus = 8 if rank == Rank.ACE else 5 if rank == Rank.KING else 2 if rank == Rank.QUEEN else 0
    return 3 * values[c] + 3 * bonus + rank


def keep(hand: int, trump: int, values: tuple[int, ...]) -> int:
    """The six cards to keep after a run: trumps first, then Game counters and trick winners."""
    cards = sorted(bits(hand), key=lambda c: keep_score(c, trump, values), reverse=True)
    out = 0
    for c in cards[:HAND]:
        out |= 1 << c
    return out


def _low_trump(trumps: int, unseen: int, tm: int) -> int:
    """The lowest trump of ``trumps`` if it is probably the Low (no unseen trump below it, or a
    2 or 3), else -1."""
    if not trumps:
        return -1
    low = _low(trumps)
    if low % 13 <= 1 or not BELOW[low] & unseen & tm:
        return low
    return -1


def lead(hand: int, trump: int, unseen: int, *, values: tuple[int, ...], careful: bool) -> int:
    """The card to lead."""
    tm = SUIT_MASKS[trump]
    trumps = hand & tm
    plain = hand & ~tm
    if trumps:
        top = _top(trumps)
        is_master = not ABOVE[top] & unseen
        if careful and is_master and unseen & tm and (not plain or trumps & (trumps - 1)):
            return top
    if plain:
        best, best_key = -1, 1 << 30
        for c in bits(plain):
            v = values[c]
            key = 4 * v
            if careful:
                if not ABOVE[c] & unseen and v < 10:
                    key -= 6  # a master that gives little away wins the trick
                if c == _TEN[c // 13] and (ABOVE[c] & unseen or unseen & tm):
                    key += 40  # a Ten that can be taken
            key = key * 16 + c % 13
            if key < best_key:
                best, best_key = c, key
        return best
    top = _top(trumps)
    if careful and not ABOVE[top] & unseen:
        return top
    spare = trumps & ~(1 << JACK[trump])
    low = _low_trump(trumps, unseen, tm) if careful else -1
    if low >= 0:
        spare &= ~(1 << low)
    return _low(spare or trumps)


def _cheapest(cards: int, values: tuple[int, ...], avoid: int) -> int:
    """The card worth least, avoiding the cards of ``avoid`` while another will do."""
    pool = cards & ~avoid or cards
    best, best_key = -1, 1 << 30
    for c in bits(pool):
        key = values[c] * 16 + c % 13
        if key < best_key:
            best, best_key = c, key
    return best


def follow(
    hand: int, legal: int, led: int, trump: int, unseen: int, *, values: tuple[int, ...],
    careful: bool,
) -> int:  # fmt: skip
    """The card to play second, from the ``legal`` cards, to the card ``led``."""
    tm = SUIT_MASKS[trump]
    jack = JACK[trump]
    worth = values[led]
    trumps = legal & tm
    low = _low_trump(hand & tm, unseen, tm) if careful else -1
    keep_back = 1 << jack | (1 << low if low >= 0 else 0)
    if SUIT[led] != trump:
        if trumps >> jack & 1:
            return jack  # a trump second to a plain lead wins: the Jack is saved
        if low >= 0 and trumps >> low & 1:
            return low
        winners = legal & ABOVE[led]
        if winners:
            ten = _TEN[SUIT[led]]
            if careful and winners >> ten & 1:
                return ten
            w = _low(winners)
            if worth + values[w] >= 5 or not careful:
                return w
        if trumps and (worth >= 10 or (careful and worth >= 3 and trumps.bit_count() >= 3)):
            return _cheapest(trumps, values, keep_back)
        plain = legal & ~tm
        return _cheapest(plain or legal, values, keep_back | (tm if careful else 0))
    if trumps:
        winners = trumps & ABOVE[led]
        if winners:
            ten = _TEN[trump]
            if careful and winners >> ten & 1:
                return ten
            if led == jack or worth >= 10 or (careful and led % 13 <= 1):
                return _low(winners & ~(1 << jack) or winners)
        return _cheapest(trumps & ~winners or trumps, values, keep_back)
    return _cheapest(legal, values, 0)


def prepare(state: SevenUpState, careful: bool = True) -> bool:
    """Take the current deal's decisions before the tricks by these rules of thumb for both
    seats (stand or beg, give or run, discards), from wherever the deal is. False if the deal
    ended on the way (a void deal, or a Jack turned as new trump counted the dealer out);
    otherwise the tricks are about to be played (or are being played)."""
    start = len(state._deals)
    values = state._values if careful else RANK_VALUE
    while state._stage < DISCARDING:
        seat = state._to_act
        assert isinstance(seat, int)
        hand = state._hands[seat]
        action: Action
        if state._stage == STAND_OR_BEG:
            action = STAND if stands(hand, state._trump) else BEG
        else:
            assert state._stage == GIVE_OR_RUN
            eldest_score = state._scores[1 - seat]
            gift = state._gift_rule and give_one(hand, state._trump, eldest_score)
            action = GIVE if gift else RUN
        state._advance(seat, action, None)
        if len(state._deals) != start or state._to_act is None:
            return False
    if state._stage == DISCARDING:
        hands, discards = state._hands, state._discards
        trump = state._trump
        dealer = state._dealer
        seat = state._to_act
        assert isinstance(seat, int)
        for s in (seat, dealer) if seat != dealer else (seat,):
            kept = keep(hands[s], trump, values)
            discards[s] |= hands[s] & ~kept
            hands[s] = kept
        state._stage = PLAYING
        state._to_act = 1 - dealer
    return True


def playout(state: SevenUpState, careful: bool = True) -> None:
    """Play the rest of the current deal by these rules of thumb for both seats, from any
    point of it (:func:`prepare`, then the tricks). The state ends as the engine leaves it
    after the deal's last action (the hand counted, the next deal dealt), except that the
    action log does not record the playout's actions."""
    if not prepare(state, careful):
        return
    values = state._values if careful else RANK_VALUE
    hands, discards, won = state._hands, state._discards, state._won
    trump = state._trump
    tm = SUIT_MASKS[trump]
    free_discard = state._free_discard
    # What neither seat sees: the undealt cards; each seat sees its own discards besides.
    public = _FULL & ~(1 << state._turn_up)
    for c in state._rejected:
        public &= ~(1 << c)
    public &= ~(won[0] | won[1])
    seat = state._to_act
    assert isinstance(seat, int)
    lead_card, leader, trick_log = state._lead, state._leader, state._trick_log
    if lead_card >= 0:
        public &= ~(1 << lead_card)
    while True:
        hand = hands[seat]
        if careful:
            unseen = public & ~hand & ~discards[seat]
        else:  # only the card on the table is remembered
            unseen = _FULL & ~hand & ~(1 << lead_card if lead_card >= 0 else 0)
        if lead_card < 0:
            c = lead(hand, trump, unseen, values=values, careful=careful)
            hands[seat] = hand ^ (1 << c)
            public &= ~(1 << c)
            lead_card = c
            seat = 1 - seat
            continue
        same = hand & SUIT_MASKS[lead_card // 13]
        legal = hand if free_discard and not same else ((same | (hand & tm)) or hand)
        c = follow(hand, legal, lead_card, trump, unseen, values=values, careful=careful)
        hand ^= 1 << c
        hands[seat] = hand
        public &= ~(1 << c)
        if c // 13 == lead_card // 13:
            winner = seat if c > lead_card else leader
        else:
            winner = seat if c // 13 == trump else leader
        won[winner] |= (1 << c) | (1 << lead_card)
        trick_log = (trick_log, leader, lead_card, c, winner)
        lead_card = -1
        leader = seat = winner
        if not hand:
            state._lead, state._leader, state._to_act = -1, winner, winner
            state._trick_log = trick_log
            state._score_hand(None)
            return
