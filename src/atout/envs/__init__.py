"""Reinforcement-learning environments for atout's games (the ``envs`` extra: numpy,
gymnasium, pettingzoo).

- :mod:`atout.envs.encoding`: the fixed action and observation encodings of each game
  (:func:`~atout.envs.encoding.encoding`), shared by every environment and by the OpenSpiel bridge.
- ``schnapsen_v0``, ``seven_up_v0``, ``river_v0``: PettingZoo AEC environments, one match per
  episode (:mod:`atout.envs.aec`).
- :class:`SingleAgentEnv`: a Gymnasium environment for one seat against atout bots
  (:mod:`atout.envs.single`), registered as ``atout/Schnapsen-v0``, ``atout/SevenUp-v0`` and
  ``atout/River-v0`` on import.
"""

from __future__ import annotations

from atout.envs import river_v0, schnapsen_v0, seven_up_v0
from atout.envs.aec import AtoutAECEnv
from atout.envs.encoding import Encoding, Field, encoding
from atout.envs.single import SingleAgentEnv, register

__all__ = [
    "AtoutAECEnv",
    "Encoding",
    "Field",
    "SingleAgentEnv",
    "encoding",
    "river_v0",
    "schnapsen_v0",
    "seven_up_v0",
]

register()
