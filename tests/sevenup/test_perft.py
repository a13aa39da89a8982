"""Seven Up perft counted by hand (the pinned counts are in tests/data/perft.json)."""

from __future__ import annotations

import atout
from atout.conformance import perft

from .helpers import deal
from .test_rules import D1


def test_perft_by_hand() -> None:
    """From D1 (hearts turned; the undealt cards in card order, so a beg runs 3C 4C 5C to
    eldest, 6C 7C 8C to the dealer and turns 9C). Depth 1: stand or beg (2). Depth 2: after
    stand eldest leads one of 6 cards; after a beg eldest discards one of 9: 15. Depth 3: the
    dealer's answers to the six leads, follow or trump (2C: 10C 9H JH; 10D: KD 4D 9H JH; 3H and
    AH: 9H JH; QS and KS: 5S 9H JH), 17, and 9 x 8 discard orders: 89. Depth 4: the winner of
    each first trick leads one of 5 (85), and 9 x 8 x 7 discard orders (504): 589."""
    state = deal(*D1)
    assert [perft(state, d) for d in (1, 2, 3, 4)] == [2, 15, 89, 589]


def test_perft_counts_a_finished_match_once() -> None:
    game = atout.load("seven_up")
    state = game.new_match(seed=3)
    state.playout(lambda: 0.0)
    while not state.is_over:
        state.playout(lambda: 0.5)
    assert perft(state, 3) == 1
