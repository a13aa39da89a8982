"""Where each seat's numbers of a deal sit in ``SchnapsenState._seats``: one list of twelve
ints, seat 0 then seat 1 for each field, so that ``clone()`` copies one list, not six.

``_seats[HAND + seat]`` is the seat's hand (a card mask), and the same for the others.
"""

from __future__ import annotations

from typing import Final

__all__ = ["HAND", "MARRIED", "PENDING", "SEATS", "TAKEN", "TRICKS", "WON"]

#: The cards held (a mask).
HAND: Final = 0
#: The cards captured (a mask).
WON: Final = 2
#: The card points captured (marriages not included).
TAKEN: Final = 4
#: The credited marriage points.
MARRIED: Final = 6
#: The marriage points waiting for the declarer's first trick.
PENDING: Final = 8
#: The tricks won.
TRICKS: Final = 10
#: The list's length.
SEATS: Final = 12
