"""Seven Up's rules object: the variants of RULES.md §1; every option is off by default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.core.rules import Rules

__all__ = ["SevenUpRules"]


@dataclass(frozen=True)
class SevenUpRules(Rules):
    """The variants of Seven Up (RULES.md §1), in the rule book's order."""

    game: ClassVar[str] = "seven_up"

    #: When eldest begs, the dealer chooses to give one (eldest scores 1 and the turned suit
    #: stays trump) or to run the cards; giving is refused while eldest has 6 points or more.
    gift: bool = False
    #: A player who cannot follow suit may play any card (by default only a player holding no
    #: card of the suit led and no trump may play a card of a third suit).
    free_discard: bool = False
    #: Low goes to the player who was dealt (held) it, whoever captured it.
    dealt_low: bool = False
    #: For Game only A 4, K 3, Q 2, J 1 and 10 count 10; 9 ... 2 count 0.
    tens_only_game: bool = False
    #: Equal Game totals give the Game point to eldest (by default nobody scores it).
    tie_game_to_eldest: bool = False
    #: Points are counted as they arise (turned Jack, gift, Jack turned as new trump, then High,
    #: Low, Jack, Game) and the first player to reach 7 wins at that moment.
    count_out: bool = False
