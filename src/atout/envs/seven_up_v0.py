"""Seven Up as a PettingZoo AEC environment: ``player_0`` and ``player_1``, one match (to 7
points) per episode. Spaces, rewards and illegal actions: :mod:`atout.envs.aec`; the
encodings: :mod:`atout.envs.encoding`.

    from atout.envs import seven_up_v0

    env = seven_up_v0.env(rules="seven_up(gift=true)")
"""

from __future__ import annotations

from typing import Any

from atout.envs.aec import AtoutAECEnv, make_raw, wrap

__all__ = ["env", "raw_env"]


def raw_env(
    rules: str = "seven_up", render_mode: str | None = None, reward: str = "match"
) -> AtoutAECEnv:
    """The environment without wrappers: an illegal action raises
    :class:`~atout.errors.IllegalAction`. ``rules`` is a Seven Up rules text."""
    return make_raw("seven_up", rules, render_mode, reward)


def env(rules: str = "seven_up", render_mode: str | None = None, reward: str = "match") -> Any:
    """The environment with PettingZoo's classic wrappers (an illegal action ends the episode,
    the offender losing 1)."""
    return wrap(raw_env(rules, render_mode, reward))
