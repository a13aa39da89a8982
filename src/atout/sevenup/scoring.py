"""Counting a Seven Up hand (RULES.md §1 "Scoring a hand"): who scores High, Low, Jack, Game.

Only cards in play count: dealt to a player and not discarded. Turn-ups never are. All cards in
play are played in the six tricks, so the trumps captured are exactly the trumps in play.
"""

from __future__ import annotations

from dataclasses import dataclass

from atout.sevenup.rules import SevenUpRules
from atout.sevenup.tables import JACK, SUIT_MASKS, counting_total

__all__ = ["POINT_NAMES", "HandCount", "count_hand"]

#: The four points of a hand, in the order ``count_out`` counts them.
POINT_NAMES = ("high", "low", "jack", "game")


@dataclass(frozen=True, slots=True)
class HandCount:
    """Who scores each of the four points (``None``: nobody), with the cards and totals that
    decide them. ``points`` lists the four seats in :data:`POINT_NAMES` order."""

    high: int | None
    low: int | None
    jack: int | None
    game: int | None
    high_card: int | None
    low_card: int | None
    jack_card: int | None
    game_totals: tuple[int, int]

    @property
    def points(self) -> tuple[int | None, int | None, int | None, int | None]:
        return (self.high, self.low, self.jack, self.game)


def count_hand(
    rules: SevenUpRules, trump: int, won: list[int], played: list[int], eldest: int
) -> HandCount:
    """Count a hand from the cards each seat captured (``won``) and played (``played``)."""
    trumps = (won[0] | won[1]) & SUIT_MASKS[trump]
    high = low = jack = high_card = low_card = jack_card = None
    if trumps:
        # Natural rank order is card-id order within a suit: the top bit is the highest trump.
        high_card = trumps.bit_length() - 1
        low_card = (trumps & -trumps).bit_length() - 1
        high = 0 if won[0] >> high_card & 1 else 1
        by = played if rules.dealt_low else won
        low = 0 if by[0] >> low_card & 1 else 1
        if trumps >> JACK[trump] & 1:
            jack_card = JACK[trump]
            jack = 0 if won[0] >> jack_card & 1 else 1
    tens = rules.tens_only_game
    totals = (counting_total(won[0], tens_only=tens), counting_total(won[1], tens_only=tens))
    if totals[0] != totals[1]:
        game: int | None = 0 if totals[0] > totals[1] else 1
    else:
        game = eldest if rules.tie_game_to_eldest else None
    return HandCount(high, low, jack, game, high_card, low_card, jack_card, totals)
