"""Schnapsen's rules object: RULES.md §3 "Variants"; every option is off by default."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from atout.core.rules import Rules

__all__ = ["SchnapsenRules"]


@dataclass(frozen=True)
class SchnapsenRules(Rules):
    """The variants of Schnapsen (RULES.md §3)."""

    game: ClassVar[str] = "schnapsen"

    #: When a closer fails, the opponent scores 3 if they have won no trick by the end of the
    #: deal (by default: if they had won no trick at the moment of closing).
    closer_fail_tricks_at_end: bool = False
    #: 66 is not recognised automatically: a player on lead, or after winning a trick, claims
    #: it (``claim``); a wrong claim gives the opponent 2 game points, or 3 if the claimant has
    #: won no trick. Without a claim, play goes on and nobody is asked: a trick's winner claims
    #: or leads, and only after the last trick, with no card left, is not claiming an action of
    #: its own (``pass``).
    manual_claim: bool = False
    #: The winner of the last trick earns 10 card points, as in Sixty-six (only when the stock
    #: was played out: a closed stock leaves cards unplayed, so there is no last-trick ten).
    last_trick_ten: bool = False
