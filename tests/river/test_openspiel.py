"""OpenSpiel's ``oh_hell`` as an oracle: random rounds replayed in both engines from the same
deal; at every step the seat to act and the legal sets agree, and at the end each seat's points.

OpenSpiel 2.0.2's ``oh_hell`` plays one round of the standard rules (hook on, 3 to 7 players).
How its game maps onto ours (read in its ``oh_hell.cc`` and checked by experiment):

- Card ids are rank-major with its suits in the order C D S H: ``rank * 4 + suit``, rank 0 the
  two. Ours are suit-major with C D H S: ``suit * 13 + rank``. So hearts and spades swap places.
- Bids are actions ``52 + n``; plays are card ids. Seats are numbered alike, and both bid and
  play leftwards (seat + 1), starting left of the dealer.
- A round is a sequence of chance actions: the number of tricks, the dealer, then the cards
  dealt in position order, position ``i`` going to player ``i % players`` whoever deals (its
  dealer only decides who bids and leads first), and last the turned card. Our pack deals its
  ``i``-th card to seat ``(dealer + 1 + i) % players``, so OpenSpiel's ``i``-th deal action is
  the ``(i // players)``-th card our pack gives seat ``i % players``: pack index
  ``(i // players) * players + (i % players - dealer - 1) % players``. Its turned card is our
  pack's card after the dealt ones.
- Scoring: its default (``points_per_trick=1``, no ``off_bid_penalty``) is RULES.md's: a point
  a trick and 10 more for an exact bid.

Where the rules differ, only what coincides is compared: OpenSpiel always keeps a card to turn
(at most ``51 // players`` tricks), so a round dealing all 52 cards (4 players, 13 cards) is not
compared; it has no 8 players, no ``no_hook`` and no ``simultaneous_bids``; and its
``off_bid_penalty`` scores a missed bid ``-|tricks - bid|`` where ``exact_only`` scores 0, so
under ``exact_only`` only exact bids (10 + tricks in both) are compared.
"""

from __future__ import annotations

import random

import pyspiel

import atout
from atout.cards import FULL_PACK
from atout.core.actions import Bid, Play
from atout.river import RiverDealResult

#: OpenSpiel's suit index for each of ours (C D H S -> C D S H).
OS_SUIT = (0, 1, 3, 2)
#: OpenSpiel's action ids for bids start after the 52 cards.
BID_BASE = 52


def os_card(c: int) -> int:
    """OpenSpiel's id of our card ``c``."""
    return c % 13 * 4 + OS_SUIT[c // 13]


def os_action(action: atout.Action) -> int:
    if isinstance(action, Bid):
        return BID_BASE + action.tricks
    assert isinstance(action, Play)
    return os_card(action.card)


def os_deal(pack: list[int], cards: int, dealer: int, players: int) -> list[int]:
    """The chance actions after the number of tricks and the dealer: the cards in OpenSpiel's
    dealing order, then the turned card."""
    order = [
        pack[(i // players) * players + (i % players - dealer - 1) % players]
        for i in range(cards * players)
    ]
    return [os_card(c) for c in [*order, pack[cards * players]]]


def replay_round(
    rng: random.Random, players: int, cards: int, *, exact_only: bool = False
) -> tuple[RiverDealResult, list[float]]:
    """One random round in both engines, checked step by step; both engines' points."""
    pack = list(FULL_PACK)
    rng.shuffle(pack)
    dealer = rng.randrange(players)
    rules = f"river(players={players},start_cards={cards},exact_only={str(exact_only).lower()})"
    ours = atout.load(rules).new_match(seed=0, packs=[pack], dealer=dealer)
    game = pyspiel.load_game("oh_hell", {"players": players, "off_bid_penalty": exact_only})
    theirs = game.new_initial_state()
    for chance in [cards, dealer, *os_deal(pack, cards, dealer, players)]:
        assert theirs.is_chance_node() and chance in theirs.legal_actions()
        theirs.apply_action(chance)
    while ours.deals_done == 0:
        seat = ours.to_act
        assert isinstance(seat, int) and theirs.current_player() == seat
        legal = ours.legal_actions()
        assert sorted(os_action(a) for a in legal) == sorted(theirs.legal_actions())
        action = rng.choice(legal)
        ours.step(action)
        theirs.apply_action(os_action(action))
    assert theirs.is_terminal()
    deal = ours.result().deals[0]
    assert isinstance(deal, RiverDealResult)
    return deal, theirs.returns()


def test_a_thousand_rounds_agree_with_openspiel() -> None:
    rng = random.Random(2024)
    for _ in range(1000):
        players = rng.randint(3, 7)
        cards = rng.randint(1, 51 // players)
        deal, returns = replay_round(rng, players, cards)
        assert list(deal.points) == returns


def test_exact_bids_score_alike_under_exact_only_and_off_bid_penalty() -> None:
    rng = random.Random(7)
    exact = 0
    for _ in range(200):
        players = rng.randint(3, 7)
        deal, returns = replay_round(rng, players, rng.randint(1, 51 // players), exact_only=True)
        for s in range(players):
            if deal.bids[s] == deal.tricks[s]:
                assert deal.points[s] == returns[s] == 10 + deal.tricks[s]
                exact += 1
            else:
                assert deal.points[s] == 0 and returns[s] < 0
    assert exact > 100
