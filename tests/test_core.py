"""The core protocol as the issue's public API promises it, on Schnapsen."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import atout
from atout.cards import SCHNAPSEN_PACK, card_text
from atout.core.actions import Action
from atout.core.events import Event
from atout.core.state import State, shuffled_pack
from atout.schnapsen.layout import HAND
from atout.schnapsen.state import SchnapsenState

from .schnapsen.helpers import pack

P1 = pack("AH KH QS JC 10D", "10H QH KS JD AC", "QC", "KD AS JH 10C QD KC 10S AD JS")


def test_the_public_api_in_ten_lines() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(seed=7)
    assert state.to_act in (0, 1)
    legal = state.legal_actions()
    events = state.apply(str(legal[0]))
    assert events and all(isinstance(e, atout.Event) for e in events)
    view = state.view(0).to_dict()
    for key in ("seat", "hand", "trump", "trump_card", "stock_size", "closed", "trick", "points",
                "pending", "tricks", "to_go", "dealer", "history"):  # fmt: skip
        assert key in view
    json.dumps(view)
    result = state.result().to_dict()
    assert {"over", "winners", "scores", "deals"} <= set(result)
    assert result["scores"] == [7, 7] and not result["over"]
    copy = state.clone()
    assert copy == state and copy is not state


def test_fixed_packs_and_dealer() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(packs=[P1], dealer=1)
    assert [card_text(c) for c in state.packs[0]] == P1
    assert state.first_dealer == 1 and state.to_act == 0
    ints = game.new_match(packs=[[atout.parse_card(c) for c in P1]], dealer=1)
    assert ints.view(0) == state.view(0)


def test_seeded_matches_repeat_and_differ() -> None:
    game = atout.load("schnapsen")
    assert game.new_match(seed=3).packs == game.new_match(seed=3).packs
    assert game.new_match(seed=3).packs != game.new_match(seed=4).packs
    assert game.new_match().packs != game.new_match().packs  # drawn from secrets


def test_deals_beyond_the_given_packs_are_shuffled_from_the_seed() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(seed=9, packs=[P1], dealer=1)
    state.apply("close")
    for a in ("play AH", "play QH", "play JC", "play AC", "play KS", "play QS", "play 10H",
              "play KH", "play JD", "play 10D"):  # fmt: skip
        state.apply(a)
    assert state.deals_done == 1
    assert state.packs[1] == list(shuffled_pack(SCHNAPSEN_PACK, 9, 1))
    strict = game.new_match(seed=9, packs=[P1], dealer=1, shuffle=False)
    strict.apply("close")
    with pytest.raises(atout.PackError, match="no pack is given for deal 2"):
        for a in ("play AH", "play QH", "play JC", "play AC", "play KS", "play QS", "play 10H",
                  "play KH", "play JD", "play 10D"):  # fmt: skip
            strict.apply(a)
    assert strict.deals_done == 0  # the failing action was rolled back


@pytest.mark.parametrize(
    ("bad", "match"),
    [
        (P1[:-1], "missing: JS"),
        ([*P1[:-1], "QS"], "twice: QS; missing: JS"),
        ([*P1[:-1], "2C"], "missing: JS; not in the pack: 2C"),
    ],
)
def test_bad_packs_are_refused(bad: list[str], match: str) -> None:
    with pytest.raises(atout.PackError, match=match):
        atout.load("schnapsen").new_match(packs=[bad])


def test_bad_dealer_is_refused() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat from 0 to 1"):
        atout.load("schnapsen").new_match(dealer=2)


def test_shuffle_is_close_to_uniform() -> None:
    """Each card lands on top about equally often over many seeds (a coarse check)."""
    tops = Counter(shuffled_pack(SCHNAPSEN_PACK, seed, 0)[0] for seed in range(20_000))
    assert set(tops) == set(SCHNAPSEN_PACK)
    assert max(tops.values()) < 1.25 * 1000 and min(tops.values()) > 0.75 * 1000


@pytest.mark.patches_engine
def test_a_rule_bug_mid_apply_leaves_the_state_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """Bad input loses nothing: even an exception half-way through a rule is rolled back."""
    state = atout.load("schnapsen").new_match(packs=[P1], dealer=1)
    state.apply("play AH")
    before = state.clone()

    def broken(self: SchnapsenState, seat: int, c: int, events: object) -> None:
        self._seats[HAND + seat] = 0
        raise RuntimeError("boom")

    monkeypatch.setattr(SchnapsenState, "_follow", broken)
    with pytest.raises(RuntimeError):
        state.apply("play 10H")
    assert state == before
    assert state.history == [(0, atout.load("schnapsen").parse_action("play AH"))]


@pytest.mark.patches_engine
@pytest.mark.parametrize("rules", ["schnapsen(manual_claim=true)", "seven_up(gift=true)",
                                   "river(players=5,simultaneous_bids=true)"])  # fmt: skip
def test_a_rule_bug_late_in_a_match_is_undone_by_replaying_it(
    monkeypatch: pytest.MonkeyPatch, rules: str
) -> None:
    """The rollback replays the match from its packs and log: deep into a shuffled match, with
    several deals done, a failure half-way through an action leaves every field as it was."""
    game = atout.load(rules)
    state = game.new_match(seed=11)
    rng = random.Random(4)
    while state.deals_done < 2:
        to_act = state.to_act
        seat = to_act if isinstance(to_act, int) else min(to_act)  # type: ignore[arg-type]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    before = state.clone()
    cls = type(state)
    advance = cls._try_advance
    faults = [RuntimeError("boom")]  # one fault, on this action only: a bug's one bad case

    def broken(self: State, seat: int, action: Action, events: list[Event] | None) -> bool:
        done = advance(self, seat, action, events)  # the action done, then the fault
        if faults:
            raise faults.pop()
        return done

    monkeypatch.setattr(cls, "_try_advance", broken)
    to_act = state.to_act
    seat = to_act if isinstance(to_act, int) else min(to_act)  # type: ignore[arg-type]
    with pytest.raises(RuntimeError, match="boom"):
        state.apply(state.legal_actions(seat)[0], seat)
    assert state == before and state.fields() == before.fields()


@pytest.mark.patches_engine
def test_a_state_that_cannot_be_replayed_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A state dealt without its packs (a search world) cannot be rewound: the failure keeps
    its own message and gains a note saying so."""
    state = atout.load("schnapsen").new_match(seed=3)
    state._packs = ((),)  # as a sampled world has: no pack to replay from

    def broken(self: State, seat: int, action: Action, events: list[Event] | None) -> bool:
        raise RuntimeError("boom")

    monkeypatch.setattr(SchnapsenState, "_try_advance", broken)
    with pytest.raises(RuntimeError, match="boom") as failure:
        state.apply(state.legal_actions()[0])
    assert "could not be replayed" in " ".join(failure.value.__notes__)


def test_history_and_step() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(packs=[P1], dealer=1)
    state.step(game.parse_action("play AH"))
    state.step(game.parse_action("play 10H"), seat=1)
    assert [(s, str(a)) for s, a in state.history] == [(0, "play AH"), (1, "play 10H")]
    assert state.history_for(1) == [(0, "play AH"), (1, "play 10H")]
    with pytest.raises(atout.IllegalAction):
        state.step(game.parse_action("play QS"), seat=1)


def test_legal_actions_for_a_seat_not_to_act_are_empty() -> None:
    state = atout.load("schnapsen").new_match(packs=[P1], dealer=1)
    assert state.legal_actions(1) == []
    assert state.legal_actions(0) == state.legal_actions()


def test_finished_match_refuses_everything() -> None:
    game = atout.load("schnapsen")
    state = game.new_match(seed=2)
    rng = random.Random(1)
    while state.to_act is not None:
        state.playout(rng.random)
    assert state.legal_actions() == [] and state.result().over
    with pytest.raises(atout.IllegalAction, match="the match is over"):
        state.apply("close")
