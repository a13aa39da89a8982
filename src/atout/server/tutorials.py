"""The guided first game of each game: a fixed first deal against the ``easy`` bot, chosen so
that a new player meets the game's decisions early (Schnapsen: a marriage to declare and the
trump Jack to exchange on the first lead; Seven Up: stand or beg as eldest, holding the Jack
of the turned suit; Up and Down the River: the first bid, holding the ace of trumps). The page
explains each decision as it comes (``tut.*`` in the catalog) and shows the coach's advice;
the deals after the first are shuffled as in any match.

A tutorial is a table like any other, made for one person: it is not part of a player's
history (the table is created without the player's key), since its first deal is known."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["TUTORIALS", "Tutorial"]


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first match: its rules text, its players (the person at seat 0), the
    first dealer and the first deal's pack (top card first, as ``packs`` are given)."""

    rules: str
    seats: tuple[str, ...]
    dealer: int
    pack: str


TUTORIALS: Final[dict[str, Tutorial]] = {
    # You lead first holding QC KC (a marriage of 20), the trump Jack JH (the turned card is
    # 10H: an exchange), JD and AS.
    "schnapsen": Tutorial(
        "schnapsen",
        ("human", "easy"),
        1,
        "QC JD JH QH 10C JC 10H AS KC JS QS AD KD 10S AC KS AH 10D QD KH",
    ),
    # You are eldest with 6C AC JD QD 7H 9H; the 2D is turned: diamonds, your Jack among them.
    "seven_up": Tutorial(
        "seven_up",
        ("human", "easy"),
        1,
        "JD 9H QD JS KH 5D AC 6C 7H 8S 6S 4C 2D 8D 7S 2H AH QS 8C 10D 10H 3D QC 3C 10S 2C 5S"
        " 4D 7C AD KS 7D 6H 9D 4S 5H 3H QH 6D 4H JH AS JC 8H KC KD 2S 9S 9C 3S 10C 5C",
    ),
    # Three players, from three cards (3, 2, 1, 2, 3): you bid first holding 5C 6D AD, the
    # diamonds trumps.
    "river": Tutorial(
        "river(players=3,start_cards=3)",
        ("human", "easy", "easy"),
        2,
        "5C QS 2H 6D KD 7H AD 2S 4C 3D 3S 7D 8C 10C 9H 6H 4S 7S 8S 7C 4H QH 5S AH 10D 6C 2D"
        " 8H KC 3C JS 10H 2C JD QD 9S KH AS KS 10S 6S 9C 8D QC 3H 4D 5H 5D 9D JC AC JH",
    ),
}
