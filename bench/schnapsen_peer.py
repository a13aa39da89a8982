"""A bridge from atout's bot protocol into the `schnapsen` package's engine (PyPI).

Deals are played in *its* engine, under its rules: no closing; marriages always wait for the
declarer's next trick; 66 counts only after a trick. An atout bot sits at its table through
:class:`AtoutSeat`: at each of its turns the package's player perspective is turned into an
atout Schnapsen view (the hand, the trump, the stock, the finished tricks, marriages and the
exchange, the points), its valid moves into atout actions, and the bot's choice back into a
move. Matches run from 7 to 0 as in atout, the first leader alternating deal by deal.

Where the two rule sets differ, the view describes the package's game as closely as atout's
terms allow: marriage points waiting although the declarer already has a trick are shown as
counted (they will be at its next trick).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from schnapsen.bots import RandBot, RdeepBot  # type: ignore[import-not-found]
from schnapsen.deck import Card, Rank, Suit  # type: ignore[import-not-found]
from schnapsen.game import (  # type: ignore[import-not-found]
    Bot,
    ExchangeTrick,
    Move,
    PlayerPerspective,
    RegularTrick,
    SchnapsenGamePlayEngine,
)

from atout.bots import Bot as AtoutBot
from atout.cards import CardSet, card
from atout.core.actions import Action, Exchange, Play
from atout.core.state import TrickRecord
from atout.schnapsen.tables import POINTS, STRENGTH, SUIT
from atout.schnapsen.view import ExchangeRecord, MarriageRecord, SchnapsenView

__all__ = ["AtoutSeat", "peer_bot", "play_match"]

_RANK = {Rank.ACE: 12, Rank.TEN: 8, Rank.KING: 11, Rank.QUEEN: 10, Rank.JACK: 9}
_SUIT = {Suit.CLUBS: 0, Suit.DIAMONDS: 1, Suit.HEARTS: 2, Suit.SPADES: 3}


def ours(c: Card) -> int:
    """The atout card for one of the package's cards."""
    return card(_RANK[c.rank], _SUIT[c.suit])


def _led(move: Move) -> int:
    """The card a lead puts on the table: with a marriage, the King (as the package plays it)."""
    if move.is_marriage():
        return ours(move.as_marriage().king_card)
    return ours(move.as_regular_move().card)


def _action(move: Move) -> Action:
    if move.is_trump_exchange():
        return Exchange()
    if move.is_marriage():
        return Play(ours(move.as_marriage().king_card), marriage=True)
    return Play(ours(move.as_regular_move().card))


def _winner(lead: int, follow: int, leader: int, trump: int) -> int:
    if SUIT[follow] == SUIT[lead]:
        return 1 - leader if STRENGTH[follow] > STRENGTH[lead] else leader
    return 1 - leader if SUIT[follow] == trump else leader


def view_of(
    p: PlayerPerspective,
    leader_move: Move | None,
    *,
    deal: int,
    dealer: int,
    to_go: tuple[int, int],
) -> SchnapsenView:
    """The atout view of seat 0 (the atout bot) from the package's perspective."""
    trump = _SUIT[p.get_trump_suit()]
    history = p.get_game_history()
    turned_card = history[0][0].get_trump_card()
    turned = ours(turned_card) if turned_card is not None else -1
    tricks: list[TrickRecord] = []
    marriages: list[MarriageRecord] = []
    exchange: ExchangeRecord | None = None
    won = [0, 0]
    for then, trick in history:
        if trick is None:
            continue
        leader = 0 if then.am_i_leader() else 1
        if isinstance(trick, ExchangeTrick):
            old = then.get_trump_card()
            exchange = ExchangeRecord(leader, ours(trick.exchange.jack), ours(old), len(tricks))
            continue
        assert isinstance(trick, RegularTrick)
        lead = _led(trick.leader_move)
        if trick.leader_move.is_marriage():
            suit = SUIT[lead]
            marriages.append(
                MarriageRecord(leader, suit, lead, 40 if suit == trump else 20, len(tricks))
            )
        follow = ours(trick.follower_move.card)
        w = _winner(lead, follow, leader, trump)
        won[w] += 1
        tricks.append(TrickRecord(leader, (lead, follow), w, POINTS[lead] + POINTS[follow]))
    me_leads = leader_move is None
    on_table: tuple[int, ...] = ()
    if leader_move is not None:
        on_table = (_led(leader_move),)
        if leader_move.is_marriage():
            suit = SUIT[on_table[0]]
            marriages.append(
                MarriageRecord(1, suit, on_table[0], 40 if suit == trump else 20, len(tricks))
            )
    mine, theirs = p.get_my_score(), p.get_opponent_score()
    points = [mine.direct_points, theirs.direct_points]
    pending = [mine.pending_points, theirs.pending_points]
    for s in (0, 1):
        if won[s] and pending[s]:  # counted at the declarer's next trick in that engine
            points[s] += pending[s]
            pending[s] = 0
    hand = CardSet(ours(c) for c in p.get_hand().get_cards())
    trump_card = p.get_trump_card()
    return SchnapsenView(
        seat=0,
        rules="schnapsen",
        deal=deal,
        dealer=dealer,
        to_act=0,
        leader=0 if me_leads else 1,
        hand=hand,
        hand_sizes=(len(hand), len(hand) - (0 if me_leads else 1)),
        trump=trump,
        trump_card=ours(trump_card) if trump_card is not None else None,
        turned=turned,
        stock_size=p.get_talon_size(),
        closed=False,
        closed_by=None,
        closed_at=None,
        close_record=None,
        trick=on_table,
        points=(points[0], points[1]),
        pending=(pending[0], pending[1]),
        tricks=(won[0], won[1]),
        to_go=to_go,
        history=tuple(tricks),
        marriages=tuple(marriages),
        exchange=exchange,
        claim_pending=False,
        match_over=False,
    )


class AtoutSeat(Bot):  # type: ignore[misc]
    """An atout bot at the package's table."""

    def __init__(self, bot: AtoutBot, rng: random.Random) -> None:
        super().__init__(name=f"atout-{bot.name}")
        self.bot = bot
        self.rng = rng
        self.deal = 1
        self.dealer = 1
        self.to_go = (7, 7)

    def get_move(self, perspective: PlayerPerspective, leader_move: Move | None) -> Move:
        view = view_of(perspective, leader_move, deal=self.deal, dealer=self.dealer,
                       to_go=self.to_go)  # fmt: skip
        moves = perspective.valid_moves()
        actions = [_action(m) for m in moves]
        chosen = self.bot.choose(view, actions, self.rng)
        return moves[actions.index(chosen)]


def peer_bot(kind: str, rng: random.Random, samples: int = 16, depth: int = 4) -> Any:
    """One of the package's bots: ``rdeep`` (RdeepBot(samples, depth)) or ``rand``."""
    if kind == "rdeep":
        return RdeepBot(num_samples=samples, depth=depth, rand=rng)
    return RandBot(rand=rng)


def play_match(atout: AtoutSeat, peer: Any, rng: random.Random, atout_first: bool) -> bool:
    """A 7-to-0 match in the package's engine; whether the atout bot won it. The first leader
    (the non-dealer) alternates deal by deal, starting with the atout bot if ``atout_first``."""
    engine = SchnapsenGamePlayEngine()
    to_go = [7, 7]  # the atout bot's, the peer's
    leads = atout_first
    deal = 1
    while min(to_go) > 0:
        atout.deal, atout.dealer, atout.to_go = deal, 1 if leads else 0, (to_go[0], to_go[1])
        first, second = (atout, peer) if leads else (peer, atout)
        winner, points, _score = engine.play_game(first, second, rng)
        side = 0 if winner is atout else 1
        to_go[side] = max(0, to_go[side] - points)
        leads = not leads
        deal += 1
    return to_go[0] == 0


def run(make_atout: Callable[[], AtoutBot], peer: Callable[[random.Random], Any], matches: int,
        seed: int) -> list[bool]:  # fmt: skip
    """``matches`` matches, the atout bot leading first in every other one; who won each."""
    out = []
    for i in range(matches):
        rng = random.Random(f"{seed}:{i}")
        seat = AtoutSeat(make_atout(), random.Random(f"{seed}:{i}:atout"))
        out.append(play_match(seat, peer(random.Random(f"{seed}:{i}:peer")), rng, i % 2 == 0))
    return out
