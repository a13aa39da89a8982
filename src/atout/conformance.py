"""The conformance kit: checks every game (and every variant) must pass, like PettingZoo's
``api_test``. Each check plays real matches from a seed and raises :class:`ConformanceError`
saying what broke and where. The test suite runs them over every registered game and variant
with hypothesis choosing the seeds; a new game passes them before it is registered.

- :func:`check_random_play`: random legal play ends; at every step the cards are conserved,
  the legal actions are non-empty, every legal action is accepted, and the game's invariants
  hold.
- :func:`check_illegal_actions`: every action that is not legal raises
  :class:`~atout.errors.IllegalAction` and leaves the state exactly as it was.
- :func:`check_clone`: a clone is equal and independent.
- :func:`check_record_replay`: the record of a match replays to the same views and result.
- :func:`check_views_hide`: no view shows a card its seat has not seen, and two states that
  differ only in cards a seat has not seen give that seat the same views.
- :func:`check_fair_choice`: on such a pair of states (:func:`twin`) a bot chooses the same
  legal action, for any bot: a bot writer runs it on their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from atout import record as records
from atout.core.actions import Action
from atout.core.game import Game
from atout.core.state import State
from atout.errors import IllegalAction, PackError
from atout.river.rules import RiverRules
from atout.river.view import RiverDealResult, RiverView
from atout.schnapsen.tables import POINTS
from atout.sevenup.view import SevenUpDealResult, SevenUpView

__all__ = [
    "INVARIANTS",
    "ConformanceError",
    "check_clone",
    "check_fair_choice",
    "check_illegal_actions",
    "check_random_play",
    "check_record_replay",
    "check_views_hide",
    "divide",
    "perft",
    "random_match",
    "twin",
]

#: The longest match any game may take, in actions: a bound that catches endless play.
MAX_STEPS = 20_000


class ConformanceError(AssertionError):
    """A game broke the protocol or one of its own invariants."""


#: Per-game invariants, by game name: called on the state after every step.
INVARIANTS: dict[str, Callable[[State], None]] = {}


def invariant(game: str) -> Callable[[Callable[[State], None]], Callable[[State], None]]:
    """Register a per-game invariant check."""

    def register(check: Callable[[State], None]) -> Callable[[State], None]:
        INVARIANTS[game] = check
        return check

    return register


def _seat_and_legal(state: State, rng: random.Random) -> tuple[int, list[Action]]:
    to_act = state.to_act
    assert to_act is not None
    seat = to_act if isinstance(to_act, int) else rng.choice(sorted(to_act))
    return seat, state.legal_actions(seat)


def random_match(game: Game[State], seed: int, steps: int | None = None) -> State:
    """A match from ``seed`` after ``steps`` random legal actions (all of them by default)."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    n = 0
    while state.to_act is not None and (steps is None or n < steps):
        seat, legal = _seat_and_legal(state, rng)
        state.apply(rng.choice(legal), seat)
        n += 1
        if n > MAX_STEPS:
            raise ConformanceError(f"{game.text} seed {seed}: no end after {MAX_STEPS} actions")
    return state


def check_conservation(state: State, where: str) -> None:
    """The zones are disjoint and hold exactly the game's pack."""
    pack = 0
    for c in state.game.pack:
        pack |= 1 << c
    seen = 0
    for name, mask in state.zones().items():
        if seen & mask:
            raise ConformanceError(f"{where}: zone {name} shares cards with another zone")
        seen |= mask
    if seen != pack:
        raise ConformanceError(f"{where}: the zones hold {seen:#x}, not the pack {pack:#x}")


def check_random_play(game: Game[State], seed: int) -> State:
    """Play a random match, checking conservation, legality and invariants at every step."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    check = INVARIANTS.get(game.name)
    n = 0
    while True:
        where = f"{game.text} seed {seed} step {n}"
        check_conservation(state, where)
        if check is not None:
            check(state)
        if state.to_act is None:
            if state.legal_actions():
                raise ConformanceError(f"{where}: legal actions after the match is over")
            if not state.result().over:
                raise ConformanceError(f"{where}: nobody to act but the result is not over")
            return state
        seat, legal = _seat_and_legal(state, rng)
        if not legal:
            raise ConformanceError(f"{where}: no legal action for seat {seat}")
        if len(set(legal)) != len(legal):
            raise ConformanceError(f"{where}: legal actions repeat: {legal}")
        for a in legal:
            if not state.is_legal(a, seat) or not state.is_legal(str(a), seat):
                raise ConformanceError(f"{where}: {a} is listed as legal but refused")
            if game.parse_action(str(a)) != a:
                raise ConformanceError(f"{where}: {a!r} does not read back from {str(a)!r}")
        state.apply(rng.choice(legal), seat)
        n += 1
        if n > MAX_STEPS:
            raise ConformanceError(f"{game.text} seed {seed}: no end after {MAX_STEPS} actions")


def check_illegal_actions(game: Game[State], seed: int, steps: int) -> None:
    """After ``steps`` random actions, every action not legal for the seat to act (and every
    action at all for a seat not to act) raises ``IllegalAction`` and changes nothing."""
    state = random_match(game, seed, steps)
    if state.to_act is None:
        return
    rng = random.Random(seed)
    seat, legal = _seat_and_legal(state, rng)
    before = state.clone()
    views = [state.view(s) for s in range(game.seats)]
    for a in game.all_actions():
        if a in legal:
            continue
        _expect_refusal(state, a, seat, f"{game.text} seed {seed} step {steps}: {a}")
    to_act = state.to_act
    acting = {to_act} if isinstance(to_act, int) else set(to_act)
    for other in set(range(game.seats)) - acting:
        for a in legal:
            _expect_refusal(state, a, other, f"{game.text} seed {seed}: {a} by seat {other}")
    if state != before or [state.view(s) for s in range(game.seats)] != views:
        raise ConformanceError(f"{game.text} seed {seed}: a refused action changed the state")


def _expect_refusal(state: State, action: Action, seat: int, where: str) -> None:
    if state.is_legal(action, seat):
        raise ConformanceError(f"{where}: accepted but not among the legal actions")
    try:
        state.apply(action, seat)
    except IllegalAction as e:
        if not str(e):
            raise ConformanceError(f"{where}: refused without a reason") from None
        return
    raise ConformanceError(f"{where}: applied although illegal")


def check_clone(game: Game[State], seed: int, steps: int) -> None:
    """A clone equals its original, and playing on it leaves the original alone."""
    state = random_match(game, seed, steps)
    copy = state.clone()
    if copy != state:
        raise ConformanceError(f"{game.text} seed {seed}: a clone differs from its original")
    if state.to_act is None:
        return
    snapshot = [state.view(s).to_dict() for s in range(game.seats)], state.zones()
    rng = random.Random(seed + 1)
    while copy.to_act is not None:
        seat, legal = _seat_and_legal(copy, rng)
        copy.apply(rng.choice(legal), seat)
    after = [state.view(s).to_dict() for s in range(game.seats)], state.zones()
    if after != snapshot or state == copy:
        raise ConformanceError(f"{game.text} seed {seed}: playing on a clone changed the original")


def check_record_replay(game: Game[State], seed: int) -> None:
    """Play a match recording every seat's view; its record, written out and read back,
    replays to the same views at every step and the same result."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    trail = [_views(state)]
    while state.to_act is not None:
        seat, legal = _seat_and_legal(state, rng)
        state.apply(rng.choice(legal), seat)
        trail.append(_views(state))
    rec = records.loads(records.dumps(records.from_state(state)))
    replayed = [_views(records.start(rec))]
    replayed += [_views(s) for s, _seat, _text, _events in records.steps(rec)]
    for i, (want, got) in enumerate(zip(trail, replayed, strict=True)):
        if want != got:
            raise ConformanceError(f"{game.text} seed {seed}: the replay differs at step {i}")
    final = records.replay(rec)
    if final.result() != state.result():
        raise ConformanceError(f"{game.text} seed {seed}: the replay gives another result")


def _views(state: State) -> list[Any]:
    # Views are frozen values, so comparing them compares what each seat may know, at a
    # fraction of the cost of their JSON form (long River matches replay hundreds of steps).
    return [state.view(s) for s in range(state.game.seats)] + [state.view(None)]


def _seen(state: State, seat: int) -> int:
    """The cards in zones ``seat`` sees now."""
    m = 0
    for name, mask in state.zones().items():
        if state.zone_is_seen(name, seat):
            m |= mask
    return m


def check_views_hide(game: Game[State], seed: int, steps: int, seat: int) -> bool:
    """Two checks on a random match of ``steps`` actions, for one seat.

    1. No view of ``seat`` (nor a spectator's) mentions a card the seat has not seen in a zone
       it sees, this deal or before.
    2. Shuffling the cards the seat has not seen this deal among their places in the pack, then
       replaying the same actions, gives the seat the same view at every step.

    Returns whether check 2 was conclusive: the other world replayed and differed somewhere
    (another seat's legal moves may forbid the same actions in it)."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    seen_match = _seen(state, seat)
    seen_deal = seen_match
    seen_public = 0
    deal = 0
    views = [state.view(seat)]
    actions: list[tuple[int, Action]] = []
    for n in range(steps + 1):
        where = f"{game.text} seed {seed} step {n} seat {seat}"
        if len(state.packs) - 1 != deal:
            deal, seen_deal = len(state.packs) - 1, 0
        seen = _seen(state, seat)
        seen_deal |= seen
        seen_match |= seen
        leak = state.view(seat).cards_mask() & ~seen_match
        if leak:
            raise ConformanceError(f"{where}: the view shows unseen cards {leak:#x}")
        for name, mask in state.zones().items():
            if all(state.zone_is_seen(name, s) for s in range(game.seats)):
                seen_public |= mask
        if state.view(None).cards_mask() & ~seen_public:
            raise ConformanceError(f"{where}: the spectator's view shows hidden cards")
        if state.to_act is None or n == steps:
            break
        who, legal = _seat_and_legal(state, rng)
        a = rng.choice(legal)
        state.apply(a, who)
        actions.append((who, a))
        views.append(state.view(seat))
    other = _permuted(game, state, actions=actions, deal=deal, seen_deal=seen_deal, rng=rng)
    if other is None:
        return False
    other_views = [other[0].view(seat)] + [s.view(seat) for s in other[1]]
    for i, (v, w) in enumerate(zip(views, other_views, strict=True)):
        if v != w:
            raise ConformanceError(
                f"{game.text} seed {seed} seat {seat}: the view at step {i} depends on cards "
                f"the seat has not seen:\n{v.to_dict()}\n{w.to_dict()}"
            )
    return True


def _permuted(
    game: Game[State],
    state: State,
    *,
    actions: list[tuple[int, Action]],
    deal: int,
    seen_deal: int,
    rng: random.Random,
) -> tuple[State, list[State]] | None:
    """The other world: the current deal's cards a seat has not seen (``seen_deal``) permuted
    among their places in the pack, and the same actions replayed; its start and every state
    after an action. ``None`` if nothing moved or the actions are not all legal there."""
    packs = [list(p) for p in state.packs]
    pack = packs[deal]
    places = [i for i, c in enumerate(pack) if not seen_deal >> c & 1]
    cards = [pack[i] for i in places]
    rng.shuffle(cards)
    for i, c in zip(places, cards, strict=True):
        pack[i] = c
    if packs == state.packs:
        return None
    try:
        other = game.new_match(
            seed=state.seed, packs=packs, dealer=state.first_dealer, shuffle=False
        )
        start = other.clone()
        after = []
        for who, a in actions:
            other.apply(a, who)
            after.append(other.clone())
    except (IllegalAction, PackError):
        return None
    return start, after


def twin(game: Game[State], seed: int, steps: int, seat: int) -> tuple[State, State] | None:
    """A random match after ``steps`` actions, and another state that gives ``seat`` the same
    view but holds the cards the seat has not seen in other places (or ``None`` if no such
    world replays): the pair on which a fair bot must choose the same."""
    rng = random.Random(seed)
    state = game.new_match(seed=seed)
    actions: list[tuple[int, Action]] = []
    deal, seen_deal = 0, _seen(state, seat)
    for _ in range(steps):
        if state.to_act is None:
            break
        who, legal = _seat_and_legal(state, rng)
        a = rng.choice(legal)
        state.apply(a, who)
        actions.append((who, a))
        if len(state.packs) - 1 != deal:
            deal, seen_deal = len(state.packs) - 1, 0
        seen_deal |= _seen(state, seat)
    other = _permuted(game, state, actions=actions, deal=deal, seen_deal=seen_deal, rng=rng)
    if other is None:
        return None
    last = other[1][-1] if other[1] else other[0]
    if last.view(seat) != state.view(seat):
        raise ConformanceError(f"{game.text} seed {seed}: twin views differ for seat {seat}")
    return state, last


class _Chooser(Protocol):
    def choose(self, view: Any, legal_actions: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal_actions``."""
        ...


def check_fair_choice(bot: _Chooser, pair: tuple[State, State], seat: int, seed: int) -> bool:
    """On a :func:`twin` pair, the bot's choice for ``seat`` with the stream ``seed``: the
    same in both states, and legal. False when ``seat`` has no decision to make there."""
    first, second = pair
    to_act = first.to_act
    if to_act is None or (to_act != seat if isinstance(to_act, int) else seat not in to_act):
        return False
    legal = first.legal_actions(seat)
    if second.legal_actions(seat) != legal:
        raise ConformanceError(f"{first.game.text}: twin states differ in seat {seat}'s actions")
    choice = bot.choose(first.view(seat), legal, random.Random(seed))
    if choice not in legal:
        raise ConformanceError(f"{first.game.text}: {bot!r} chose {choice}, not a legal action")
    other = bot.choose(second.view(seat), legal, random.Random(seed))
    if other != choice:
        raise ConformanceError(
            f"{first.game.text}: {bot!r} chose {choice} and {other} for seat {seat} in two "
            f"states that look the same from it (stream {seed})"
        )
    return True


@invariant("schnapsen")
def _schnapsen_points(state: State) -> None:
    """Card points add up: captured points are the worth of the captured cards (plus the
    last-trick ten), the pack holds 120, and credited points never shrink below captures."""
    zones = state.zones()
    total = sum(POINTS[c] for c in state.game.pack)
    if total != 120:
        raise ConformanceError(f"the Schnapsen pack holds {total} card points, not 120")
    in_play = 0
    for mask in zones.values():
        m = mask
        while m:
            low = m & -m
            in_play += POINTS[low.bit_length() - 1]
            m ^= low
    if in_play != 120:
        raise ConformanceError(f"the zones hold {in_play} card points, not 120")
    view = state.view(None).to_dict()
    for s in (0, 1):
        won = 0
        m = zones[f"won{s}"]
        while m:
            low = m & -m
            won += POINTS[low.bit_length() - 1]
            m ^= low
        marriages = sum(r["points"] for r in view["marriages"] if r["seat"] == s)
        credited = view["points"][s] - won
        ten = 10 if state.game.rules.to_dict().get("last_trick_ten") else 0
        if credited < 0 or credited > marriages + ten:
            raise ConformanceError(
                f"seat {s} counts {view['points'][s]} card points but won {won} "
                f"with {marriages} in marriages"
            )
        if credited + view["pending"][s] > marriages + ten:
            raise ConformanceError(f"seat {s} has more marriage points than it declared")


@invariant("river")
def _river_tricks(state: State) -> None:
    """Tricks add up: this round's tricks taken are its finished tricks, and each hand holds
    the round's cards less those it played. Every finished round's tricks add up to the cards
    dealt to each seat, its bids beat the hook where it applies, its points follow from bids
    and tricks, and its totals run on from the round before; at the end, every round's result
    holds the hands dealt, of that many cards each."""
    view, rules = state.view(None), state.game.rules
    assert isinstance(view, RiverView) and isinstance(rules, RiverRules)
    n, finished = rules.players, len(view.history)
    if sum(view.tricks) != finished:
        raise ConformanceError(
            f"round {view.deal}: {sum(view.tricks)} tricks taken but {finished} finished"
        )
    on_table = {(view.leader + i) % n for i in range(len(view.trick))}
    for s, size in enumerate(view.hand_sizes):
        if size != view.cards - finished - (s in on_table):
            raise ConformanceError(f"round {view.deal}: seat {s} holds {size} cards")
    totals = [0] * n
    for row in view.sheet:
        if sum(row.tricks) != row.cards:
            raise ConformanceError(
                f"round {row.deal}: the tricks taken add up to {sum(row.tricks)}, not the "
                f"{row.cards} cards dealt to each seat"
            )
        if rules.hook and sum(row.bids) == row.cards:
            raise ConformanceError(f"round {row.deal}: the bids add up to the cards (the hook)")
        for s in range(n):
            exact = row.tricks[s] == row.bids[s]
            want = 10 + row.tricks[s] if exact else 0 if rules.exact_only else row.tricks[s]
            if row.points[s] != want:
                raise ConformanceError(f"round {row.deal}: seat {s} scores {row.points[s]}")
            totals[s] += want
        if tuple(totals) != row.totals:
            raise ConformanceError(f"round {row.deal}: the totals {row.totals} do not run on")
    if state.is_over:
        for deal in state.result().deals:
            assert isinstance(deal, RiverDealResult)
            sizes = [len(h) for h in deal.hands]
            if sizes != [deal.cards] * n:
                raise ConformanceError(f"round {deal.deal}: the hands dealt hold {sizes} cards")


@invariant("seven_up")
def _seven_up_points(state: State) -> None:
    """Points add up: every point of a finished deal is named in its breakdown (the turned Jacks
    the dealer's, the gift eldest's, High, Low and Jack only with a trump in play), a void deal
    scores nothing, the match score is the finished deals' points plus those the current deal
    has scored so far, and under count_out nobody holds 7 while the match goes on."""
    view, result = state.view(None), state.result()
    assert isinstance(view, SevenUpView)
    total = [0, 0]
    for deal in result.deals:
        assert isinstance(deal, SevenUpDealResult)
        named = (deal.turned_jack, deal.gift, deal.new_trump_jack, deal.high, deal.low,
                 deal.jack, deal.game)  # fmt: skip
        where = f"deal {deal.deal}"
        if list(deal.points) != [named.count(0), named.count(1)]:
            raise ConformanceError(f"{where}: points {deal.points} but the breakdown {named}")
        if {deal.turned_jack, deal.new_trump_jack} - {None, deal.dealer}:
            raise ConformanceError(f"{where}: a turned Jack scored for eldest")
        if deal.gift not in (None, 1 - deal.dealer):
            raise ConformanceError(f"{where}: the gift went to the dealer")
        if deal.high_card is None and {deal.high, deal.low, deal.jack} != {None}:
            raise ConformanceError(f"{where}: High, Low or Jack with no trump in play")
        if deal.void and (any(deal.points) or deal.trump is not None):
            raise ConformanceError(f"{where}: a void deal scored {deal.points}")
        total = [total[0] + deal.points[0], total[1] + deal.points[1]]
    if not result.over:
        total = [total[0] + view.deal_points[0], total[1] + view.deal_points[1]]
    if list(result.scores) != total:
        raise ConformanceError(f"the scores are {result.scores} but the deals add up to {total}")
    rules = state.game.rules.to_dict()
    if rules["count_out"] and not result.over and max(result.scores) >= 7:
        raise ConformanceError(f"count_out: the match goes on at {result.scores}")


def perft(state: State, depth: int) -> int:
    """The number of distinct legal action sequences of ``depth`` actions from ``state``
    (a sequence that ends the match sooner counts once), like chess perft."""
    if depth == 0 or state.to_act is None:
        return 1
    to_act = state.to_act
    seats = [to_act] if isinstance(to_act, int) else sorted(to_act)
    total = 0
    for seat in seats:
        for action in state.legal_actions(seat):
            child = state.clone()
            child.step(action, seat)
            total += perft(child, depth - 1)
    return total


def divide(state: State, depth: int) -> dict[str, int]:
    """:func:`perft` split by first action (text), to find where two counts part."""
    out: dict[str, int] = {}
    to_act = state.to_act
    seats = [] if to_act is None else [to_act] if isinstance(to_act, int) else sorted(to_act)
    for seat in seats:
        for action in state.legal_actions(seat):
            child = state.clone()
            child.step(action, seat)
            key = str(action) if len(seats) == 1 else f"{seat}: {action}"
            out[key] = perft(child, depth - 1)
    return out
