"""Perft counts worked out by hand from the rule book; ``tests/data/perft.json`` pins deeper
ones (and ``tests/test_perft.py`` checks them)."""

from __future__ import annotations

from atout.conformance import perft

from .helpers import deal
from .test_rules import D1, NO_TRUMP


def test_the_hook_by_hand() -> None:
    """Three players, one card: the first two bid 0 or 1 (4 ways); the dealer is hooked off
    one number unless the others bid 2 between them: 1 + 1 + 1 + 2 = 5 ways to bid, and the
    one-card play is forced. Without the hook 2 x 2 x 2 = 8; with sealed bids every order of
    the three bidders counts too: 3! x 8 = 48."""
    hands = ("AH", "KH", "2C")
    assert perft(deal(hands, "3D", dealer=2), 3) == 5
    assert perft(deal(hands, "3D", dealer=2), 6) == 5
    no_hook = "river(players=3,start_cards=1,no_hook=true)"
    assert perft(deal(hands, "3D", dealer=2, rules=no_hook), 6) == 8
    sealed = "river(players=3,start_cards=1,simultaneous_bids=true)"
    assert perft(deal(hands, "3D", dealer=2, rules=sealed), 3) == 48


def test_d1_bids_and_first_trick_by_hand() -> None:
    """D1 (3 cards, seat 3 deals): 20 of the 64 ways the first three bid add up to 3 or less,
    leaving the dealer 3 bids, the other 44 leave 4: 236 ways to bid. Seat 0 leads: a heart
    (2 ways), then KH is forced, seat 2 (void) has 3 cards, QH is forced: 6; or 3D, then seat 1
    (void) has 3, 2D and 8D are forced: 3. 236 x 9 = 2124, as tests/data/perft.json pins."""
    state = deal(D1, "2S", dealer=3)
    assert perft(state, 4) == 236
    assert perft(state, 8) == 2124


def test_no_trump_round_by_hand() -> None:
    """The no-trump deal (each seat holds one whole suit): after the bids, seat 0 leads any
    of 13 hearts and the three others, void, may play any of their 13: 13 ** 4."""
    state = deal(NO_TRUMP, dealer=3)
    for bid in ("bid 0", "bid 0", "bid 0", "bid 0"):
        state.apply(bid)
    assert perft(state, 4) == 13**4
