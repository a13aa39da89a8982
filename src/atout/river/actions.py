"""River's actions, interned once so that ``legal_actions()`` allocates only its list.

``PLAY[c]`` is ``play <c>`` and ``BID[t]`` is ``bid <t>`` (no round deals more than 17 cards,
52 // 3, but every number a pack could deal is interned, so any readable bid is one object).
"""

from __future__ import annotations

from typing import Final

from atout.core.actions import Bid, Play

__all__ = ["BID", "PLAY"]

PLAY: Final = tuple(Play(c) for c in range(52))
BID: Final = tuple(Bid(t) for t in range(53))
