"""Up and Down the River as a PettingZoo AEC environment: ``player_0`` ... ``player_{n-1}``
for the n seats (3 to 8), one match (every round) per episode; any rules text, sealed bids
included. Spaces, rewards and illegal actions: :mod:`atout.envs.aec`; the encodings:
:mod:`atout.envs.encoding`.

    from atout.envs import river_v0

    env = river_v0.env(rules="river(players=5,simultaneous_bids=true)")
"""

from __future__ import annotations

from typing import Any

from atout.envs.aec import AtoutAECEnv, make_raw, wrap

__all__ = ["env", "raw_env"]


def raw_env(
    rules: str = "river", render_mode: str | None = None, reward: str = "match"
) -> AtoutAECEnv:
    """The environment without wrappers: an illegal action raises
    :class:`~atout.errors.IllegalAction`. ``rules`` is a River rules text."""
    return make_raw("river", rules, render_mode, reward)


def env(rules: str = "river", render_mode: str | None = None, reward: str = "match") -> Any:
    """The environment with PettingZoo's classic wrappers (an illegal action ends the episode,
    the offender losing 1)."""
    return wrap(raw_env(rules, render_mode, reward))
