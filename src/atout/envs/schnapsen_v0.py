"""Schnapsen as a PettingZoo AEC environment: ``player_0`` and ``player_1``, one match (to 7
game points) per episode. Spaces, rewards and illegal actions: :mod:`atout.envs.aec`; the
encodings: :mod:`atout.envs.encoding`.

    from atout.envs import schnapsen_v0

    env = schnapsen_v0.env(rules="schnapsen(manual_claim=true)")
"""

from __future__ import annotations

from typing import Any

from atout.envs.aec import AtoutAECEnv, make_raw, wrap

__all__ = ["env", "raw_env"]


def raw_env(
    rules: str = "schnapsen", render_mode: str | None = None, reward: str = "match"
) -> AtoutAECEnv:
    """The environment without wrappers: an illegal action raises
    :class:`~atout.errors.IllegalAction`. ``rules`` is a Schnapsen rules text."""
    return make_raw("schnapsen", rules, render_mode, reward)


def env(rules: str = "schnapsen", render_mode: str | None = None, reward: str = "match") -> Any:
    """The environment with PettingZoo's classic wrappers (an illegal action ends the episode,
    the offender losing 1)."""
    return wrap(raw_env(rules, render_mode, reward))
