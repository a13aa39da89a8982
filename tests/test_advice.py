"""Hints with their reasons (``atout.advice``): the advised move on positions whose best move
is known by hand, every reason's claim checked against the state it was said of, the same
advice for states that look the same from the seat, and every reason in all four languages."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import atout
from atout import record
from atout.advice import CARD_ARGS, Advice, advise, explain
from atout.cards import parse_card
from atout.conformance import twin
from atout.core.actions import Bid, Play
from atout.core.game import Game
from atout.core.state import State
from atout.i18n import LANGUAGES, catalog

COACH = Path(__file__).parent / "data" / "coach"
RULES = ["schnapsen", "seven_up", "river(players=4,start_cards=5)"]


def _before_last(name: str) -> tuple[State, int]:
    """The state before the last action of a coach record, and the seat to act."""
    rec = record.load(COACH / f"{name}.json")
    for state, seat, _text in record.before_each(rec):
        if len(state.history) == len(rec.actions) - 1:
            return state.clone(), seat
    raise AssertionError("the record has no last action")


def _advise(state: State, seat: int, **kw: float) -> Advice:
    return advise(state.view(seat), state.legal_actions(seat), random.Random(1), **kw)  # type: ignore[arg-type]


def test_the_ace_of_trumps_in_a_one_card_round_is_bid_1_with_the_reason() -> None:
    # RULES.md §2 score: a trick is 1 point, an exact bid 10 more. Holding the ace of trumps
    # with one card each the trick is the seat's: bid 1 scores 11, bid 0 scores 1.
    state, seat = _before_last("ace-of-trumps-bid-0")
    a = _advise(state, seat, worlds=8)
    assert a.action == "bid 1" and a.runner_up == "bid 0"
    assert a.margin == 10.0 and not a.close and a.unit == "points"
    assert a.reason.key == "bid" and a.reason.args == {"bid": 1, "cards": 1}


def test_the_trump_marriage_that_reaches_66_is_advised_for_40() -> None:
    # RULES.md §3 marriages: the trump marriage (KD QD, diamonds trumps) is worth 40 and takes
    # the seat to 66 at once; the advice declares it and says what it is worth.
    state, seat = _before_last("marriage-not-declared")
    a = _advise(state, seat, worlds=16, time=60)
    assert a.action in ("play QD marriage", "play KD marriage")
    assert a.reason.key == "marriage" and a.reason.args["points"] == 40
    assert {a.reason.args["partner"], a.action.split()[1]} == {"KD", "QD"}
    assert a.values[a.action] == 2.0 and a.unit == "game points"


def test_the_forced_endgame_win_is_advised() -> None:
    # RULES.md §3: with the stock gone every card is known; KC wins the deal (+1), JD loses.
    state, seat = _before_last("forced-win-missed")
    a = _advise(state, seat, worlds=16, time=60)
    assert a.action == "play KC" and a.values["play KC"] == 1.0
    assert a.margin >= 2.0 and not a.close


def test_a_single_legal_action_is_advised_without_a_search() -> None:
    state = atout.load("river(players=3,start_cards=1)").new_match(seed=2)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[0], state.acting_seats[0])
    seat = state.acting_seats[0]
    a = _advise(state, seat)
    assert a.reason.key == "only" and a.runner_up is None and a.margin == 0.0


def _beats_table(game: Game[State], trick: tuple[int, ...], card: int, trump: int | None) -> bool:
    """Whether ``card`` played now would win the trick so far (the rules' own trick order)."""
    return game.trick_winner([*trick, card], trump) == len(trick)


@pytest.mark.parametrize("rules", RULES)
def test_every_reason_says_what_is_true_of_the_state(rules: str) -> None:
    """Random matches; at every decision every legal action is explained, and what each
    reason claims is checked against the state by the rules' own trick order."""
    game = atout.load(rules)
    seen: set[str] = set()
    for seed in range(25):
        rng = random.Random(seed)
        state = game.new_match(seed=seed)
        while not state.is_over and len(state.history) < 120:
            seat = state.acting_seats[0]
            legal = state.legal_actions(seat)
            view = state.view(seat)
            trump = getattr(view, "trump", None)
            trick = tuple(getattr(view, "trick", ()))
            plays = [a.card for a in legal if isinstance(a, Play)]
            for action in legal:
                reason = explain(view, legal, action)
                key, args = reason.key, reason.args
                seen.add(key)
                if len(legal) == 1:
                    assert key == "only"
                for name in CARD_ARGS:
                    if name in args:
                        parse_card(str(args[name]))
                if not isinstance(action, Play):
                    continue
                wins = bool(trick) and _beats_table(game, trick, action.card, trump)
                base = key.removesuffix("_game")
                if base in ("take", "trump_in", "make_exact", "take_needed", "take_jack",
                            "reach_66", "cannot_duck"):  # fmt: skip
                    assert wins, (key, action, trick)
                if base in ("let_go", "cannot_win", "stay_exact", "save_strength", "no_winner"):
                    assert trick and not wins, (key, action, trick)
                if base in ("cannot_win", "no_winner"):
                    assert not any(_beats_table(game, trick, c, trump) for c in plays)
                if base in ("let_go", "save_strength"):
                    assert any(_beats_table(game, trick, c, trump) for c in plays)
                if key == "cannot_duck":
                    assert all(_beats_table(game, trick, c, trump) for c in plays)
                if key == "marriage":
                    assert args["points"] == (40 if action.card // 13 == trump else 20)
                if key == "lead_master":
                    # No card the seat cannot account for ranks above it in its suit.
                    played = {c for t in getattr(view, "history", ()) for c in t.cards}
                    if hasattr(view, "stage"):  # Seven Up names its finished tricks "tricks"
                        played = {c for t in view.tricks for c in t.cards}
                    above = [
                        c
                        for c in range(52)
                        if c // 13 == action.card // 13
                        and c % 13 in game.rank_order
                        and game.strength(c) > game.strength(action.card)
                    ]
                    assert not trick and all(c in played or c in view.hand for c in above)
            bids = [a for a in legal if isinstance(a, Bid)]
            if bids:
                reasons = [explain(view, legal, b) for b in bids]
                barred = {r.args["barred"] for r in reasons if r.key == "bid_hook"}
                assert not barred & {b.tricks for b in bids}  # the hook's bid is not legal
            state.apply(rng.choice(legal), seat)
    assert len(seen) >= 8, seen  # the checks met most reasons, not only "best"


@pytest.mark.parametrize("rules", RULES)
def test_states_that_look_the_same_from_the_seat_get_the_same_advice(rules: str) -> None:
    game = atout.load(rules)
    compared = 0
    for seed in range(40):
        seat = seed % game.seats
        pair = twin(game, seed, 4 + seed % 9, seat)
        if pair is None or seat not in pair[0].acting_seats:
            continue
        first, second = pair
        legal = first.legal_actions(seat)
        if len(legal) < 2 or first.packs == second.packs:
            continue
        a, b = (
            advise(s.view(seat), s.legal_actions(seat), random.Random(seed), worlds=3, time=60)
            for s in (first, second)
        )
        assert a == b, f"{rules} seed {seed}"
        compared += 1
        if compared == 3:
            break
    assert compared == 3


def test_every_reason_is_in_every_language_with_the_same_placeholders() -> None:
    source = (Path(atout.__file__).parent / "advice.py").read_text()
    keys = set(re.findall(r'Reason\(\s*"(\w+)"', source))
    keys |= {f"{k}_game" for k in ("take", "trump_in", "let_go", "cannot_win")}
    keys |= {"margin", "margin.schnapsen", "close_call"}
    english = catalog("en")

    def forms(entry: object) -> list[str]:
        return [entry["one"], entry["other"]] if isinstance(entry, dict) else [str(entry)]

    for key in keys:
        wanted = {p for f in forms(english[f"why.{key}"]) for p in re.findall(r"\{(\w+)\}", f)}
        for lang in LANGUAGES:
            for form in forms(catalog(lang)[f"why.{key}"]):
                assert set(re.findall(r"\{(\w+)\}", form)) <= wanted | {"bid", "need"}, (lang, key)
