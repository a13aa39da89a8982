"""Schnapsen's actions, interned once so that ``legal_actions()`` allocates only its list.

``PLAY[c]`` is ``play <c>``, ``MARRY[c]`` is ``play <c> marriage`` (only the Kings and Queens
are ever legal), then ``exchange``, ``close``, and, under ``manual_claim``, ``claim`` (on lead,
or after winning the last trick) and ``pass`` (only after winning the last trick: not claiming,
with no card left to play on).
"""

from __future__ import annotations

from typing import Final

from atout.core.actions import Claim, Close, Exchange, Pass, Play

__all__ = ["CLAIM", "CLOSE", "EXCHANGE", "MARRY", "PASS", "PLAY"]

PLAY: Final = tuple(Play(c) for c in range(52))
MARRY: Final = tuple(Play(c, marriage=True) for c in range(52))
EXCHANGE: Final = Exchange()
CLOSE: Final = Close()
CLAIM: Final = Claim()
PASS: Final = Pass()
