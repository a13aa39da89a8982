"""Perft: the number of legal action sequences to a fixed depth from fixed deals, pinned in
``tests/data/perft.json`` as regression anchors. A mismatch names the first actions whose
counts changed, as chess perft's "divide" does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import atout
from atout.conformance import divide, perft

from .schnapsen.helpers import pack

# Deals beyond the pinned pack are shuffled from seed 0, so counts that run into the next deal
# also pin the seeded shuffle.
DATA = json.loads((Path(__file__).parent / "data" / "perft.json").read_text())
CASES = [(game, case) for game, cases in DATA.items() for case in cases]


def _start(case: dict[str, Any]) -> atout.State:
    """The case's position. Its pack may list only its top cards, the rest of the game's pack
    following in card order (a River round leaves most of 52 cards in the stock); an action
    is its text, or ``[seat, text]`` where seats decide at once."""
    game = atout.load(case["rules"])
    top = [atout.parse_card(c) for c in case["pack"]]
    pack = top + [c for c in game.pack if c not in set(top)]
    state = game.new_match(seed=0, packs=[pack], dealer=case["dealer"])
    for a in case["actions"]:
        if isinstance(a, str):
            state.apply(a)
        else:
            state.apply(a[1], a[0])
    return state


@pytest.mark.parametrize(("game", "case"), CASES, ids=[f"{g}: {c['name']}" for g, c in CASES])
def test_perft_counts(game: str, case: dict[str, Any]) -> None:
    got = divide(_start(case), case["depth"])
    if got != case["divide"]:
        changed = {
            k: (case["divide"].get(k), got.get(k))
            for k in sorted(set(got) | set(case["divide"]))
            if got.get(k) != case["divide"].get(k)
        }
        pytest.fail(f"perft {case['depth']} changed (pinned, now): {changed}")
    assert sum(got.values()) == case["count"]


def test_perft_by_hand() -> None:
    """Counted by hand from the deal P1 (seat 0 holds AH KH QS JC 10D, clubs trumps): seat 0
    has 5 plays, the Jack exchange and the close: 7. After a play seat 1 may answer with any of
    5 cards (25); after the exchange seat 0 has 5 plays and the close (6); after the close,
    5 plays (5): 36."""
    case = {"rules": "schnapsen", "dealer": 1, "actions": [],
            "pack": pack("AH KH QS JC 10D", "10H QH KS JD AC", "QC",
                         "KD AS JH 10C QD KC 10S AD JS")}  # fmt: skip
    state = _start(case)
    assert perft(state, 1) == 7
    assert perft(state, 2) == 36
