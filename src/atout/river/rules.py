"""Up and Down the River's rules object: RULES.md §2 "Rounds" and "Variants".

``players`` (4 by default, 3 to 8) and ``start_cards`` (the rule book's default for the number
of players, written 0) are numbers; the other options are off by default.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.core.rules import Rules
from atout.errors import RulesError
from atout.river.tables import PACK_SIZE  # a C static where compiled, like every table

__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "PACK_SIZE", "RiverRules", "default_start"]

#: The seeds say 4 to 8 players; RULES.md also accepts 3.
MIN_PLAYERS = 3
MAX_PLAYERS = 8


def default_start(players: int) -> int:
    """The rule book's starting number of cards: 10, or the most that leaves a card to turn
    for trump, ``min(10, 51 // players)``: 10, 10, 10, 8, 7, 6 for 3 to 8 players."""
    return min(10, (PACK_SIZE - 1) // players)


@dataclass(frozen=True)
class RiverRules(Rules):
    """The variants of Up and Down the River (RULES.md §2).

    ``start_cards`` is 0 for the rule book's default (:func:`default_start`), and a number that
    equals that default is stored as 0, so that one rule set has one canonical text:
    ``river(start_cards=10)`` is ``river``. :attr:`start` is the number in force.

    ``no_hook`` together with ``simultaneous_bids`` is refused as a contradiction, not accepted
    as redundant: ``no_hook`` is a rule for bidding in turn ("bids in turn, but the dealer may
    bid anything"), and simultaneous bids have no turn and, already, no hook. Accepting both
    would also give one rule set two texts.
    """

    game: ClassVar[str] = "river"

    #: How many sit at the table: 3 to 8.
    players: int = 4
    #: The starting number of cards N (0: the rule book's default for the number of players);
    #: any K with ``K * players ≤ 52``. A round that deals all 52 cards has no trump.
    start_cards: int = 0
    #: All players bid at once; nobody sees another's bid before bidding; no hook.
    simultaneous_bids: bool = False
    #: Bids in turn, but the dealer may bid anything.
    no_hook: bool = False
    #: The one-card round is played twice: N … 1, 1 … N.
    double_one: bool = False
    #: Tricks score only when the bid is made: 10 + tricks if exact, 0 otherwise.
    exact_only: bool = False

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.start_cards == default_start(self.players):
            object.__setattr__(self, "start_cards", 0)

    def check(self) -> None:
        n = self.players
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise RulesError(f"river is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
        k, most = self.start_cards, PACK_SIZE // n
        if k < 0:
            raise RulesError(
                f"river option start_cards is a number of cards from 1 to {most} for {n} "
                f"players (or 0 for the rule book's {default_start(n)}), not {k}"
            )
        if k > most:
            raise RulesError(
                f"52 cards cannot deal {k} to each of {n} players: start_cards is at most "
                f"{most} for {n} players"
            )
        if self.no_hook and self.simultaneous_bids:
            raise RulesError(
                "river options no_hook and simultaneous_bids contradict each other: no_hook "
                "is for bidding in turn, and simultaneous bids have no hook already"
            )

    @property
    def start(self) -> int:
        """The starting number of cards N in force."""
        return self.start_cards or default_start(self.players)

    @property
    def hook(self) -> bool:
        """Whether the dealer, bidding last, may not make the bids add up to the cards."""
        return not (self.no_hook or self.simultaneous_bids)

    def schedule(self) -> tuple[int, ...]:
        """The number of cards of each round: N, N-1, … 2, 1, 2, … N (2N-1 rounds), with the
        one-card round twice under ``double_one``."""
        n = self.start
        down = tuple(range(n, 0, -1))
        up = tuple(range(1 if self.double_one else 2, n + 1))
        return down + up
