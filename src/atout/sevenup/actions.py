"""Seven Up's actions, interned once so that ``legal_actions()`` allocates only its list.

``PLAY[c]`` is ``play <c>``, ``DISCARD[c]`` is ``discard <c>`` (hidden from the other seat);
then eldest's ``stand`` and ``beg``, and, under ``gift``, the dealer's ``give`` and ``run``.
"""

from __future__ import annotations

from typing import Final

from atout.core.actions import Beg, Discard, Give, Play, Run, Stand

__all__ = ["BEG", "DISCARD", "GIVE", "PLAY", "RUN", "STAND"]

PLAY: Final = tuple(Play(c) for c in range(52))
DISCARD: Final = tuple(Discard(c) for c in range(52))
STAND: Final = Stand()
BEG: Final = Beg()
GIVE: Final = Give()
RUN: Final = Run()
