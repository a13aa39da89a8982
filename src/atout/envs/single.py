"""A Gymnasium environment for one seat against atout bots.

::

    import gymnasium
    import atout.envs  # registers atout/Schnapsen-v0, atout/SevenUp-v0, atout/River-v0

    env = gymnasium.make("atout/Schnapsen-v0", opponents="medium")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(policy(obs, env.unwrapped.action_masks()))

One atout match per episode. The agent plays ``seat``; every other seat is an atout bot built
from a bot spec (``"random"``, ``"medium"``, ``"hard(time=0.2)"``, ``"path/bot.py:MyBot"``; one
spec for all of them, or one per other seat in seat order), and the bots, like the agent, see
only their own seat's view. The observation is the :class:`~atout.envs.encoding.Encoding`'s
vector of the agent's view (``Box(0, 1, (size,), float32)``), the action space
``Discrete(len(encoding.actions))``. :meth:`SingleAgentEnv.action_masks` gives the legal
actions as a bool array, as sb3-contrib's ``MaskablePPO`` asks (the ``action_mask`` of ``info``
holds the same). While several seats bid at once (River's ``simultaneous_bids``), they act one
after another, lowest seat first, as in the AEC environments.

**Rewards** are those of :mod:`atout.envs.aec`, for the agent's seat: ``reward="match"``,
0 until the match ends, then ``1 / k`` if the seat is one of the ``k`` winners and -1
otherwise; ``reward="deal"``, the scaled value of each deal to the seat when it ends (the
agent's or a bot's action may end it: the reward comes with the agent's step that led to it).

**Illegal actions** end the episode as in PettingZoo's classic games: ``terminated`` is true,
the reward -1, and ``info["illegal"]`` true; the match is left as it was.

**Seeds.** ``reset(seed=s)`` plays the match ``game.new_match(s)`` with bots seeded from ``s``,
so a seed replays the episode given the same actions; without a seed the match seed comes from
the environment's ``np_random``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

import atout
from atout.bots import make as make_bot
from atout.bots.base import Bot, uses_view
from atout.core.game import Game
from atout.core.state import State, View, seeded_int
from atout.envs.aec import REWARDS, deal_scale, match_rewards, spectator_text
from atout.envs.encoding import Encoding, Vector, encoding

__all__ = ["ENV_IDS", "SingleAgentEnv", "register"]

#: The Gymnasium ids registered by :func:`register`, with their rules texts.
ENV_IDS: dict[str, str] = {
    "atout/Schnapsen-v0": "schnapsen",
    "atout/SevenUp-v0": "seven_up",
    "atout/River-v0": "river",
}


class SingleAgentEnv(gymnasium.Env[Vector, np.int64]):
    """One seat of an atout match against bots (see the module's docstring).

    ``opponents`` is a bot spec or bot for every other seat, or a sequence of them with one
    per other seat in seat order. :attr:`state` is the match (for tests and tools)."""

    metadata = {"render_modes": ["human", "ansi"]}  # noqa: RUF012  (Env declares it so)

    def __init__(
        self,
        rules: str = "schnapsen",
        seat: int = 0,
        opponents: str | Bot | Sequence[str | Bot] = "medium",
        reward: str = "match",
        render_mode: str | None = None,
    ) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is human, ansi or None, not {render_mode!r}")
        self.game: Game[Any] = atout.load(rules)
        n = self.game.seats
        if not (type(seat) is int and 0 <= seat < n):
            raise ValueError(f"seat is a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        self.encoding: Encoding = encoding(self.game)
        self.reward_kind = reward
        self.render_mode = render_mode
        self._scale = deal_scale(self.game)
        others = [s for s in range(n) if s != seat]
        if isinstance(opponents, (str, Bot)):
            specs: list[str | Bot] = [opponents] * len(others)
        else:
            specs = list(opponents)
            if len(specs) != len(others):
                raise ValueError(
                    f"opponents names one bot for every other seat ({len(others)}), "
                    f"not {len(specs)}"
                )
        #: The bot of each other seat.
        self.bots: dict[int, Bot] = {
            s: make_bot(spec) if isinstance(spec, str) else spec
            for s, spec in zip(others, specs, strict=True)
        }
        self.observation_space = spaces.Box(0.0, 1.0, (self.encoding.size,), np.float32)
        self.action_space = spaces.Discrete(len(self.encoding.actions))
        self._state: State | None = None
        self._rngs: dict[int, random.Random] = {}
        self._deals_done = 0
        self._pending = 0.0
        self._illegal = False  # an illegal action ended the episode: step() waits for reset()

    @property
    def state(self) -> State:
        """The match being played (after :meth:`reset`)."""
        if self._state is None:
            raise RuntimeError("call reset() before reading the state")
        return self._state

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Vector, dict[str, Any]]:
        super().reset(seed=seed)
        match_seed = seed if seed is not None else int(self.np_random.integers(2**63 - 1))
        options = options or {}
        self._state = self.game.new_match(
            match_seed, packs=options.get("packs"), dealer=options.get("dealer")
        )
        self._rngs = {s: random.Random(seeded_int(match_seed, f"bot:{s}")) for s in self.bots}
        self._deals_done = 0
        self._pending = 0.0
        self._illegal = False
        self._play_bots()
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info()

    def step(self, action: int | np.int64) -> tuple[Vector, float, bool, bool, dict[str, Any]]:
        state = self.state
        if state.is_over or self._illegal:
            why = "an illegal action ended the episode" if self._illegal else "the match is over"
            raise RuntimeError(f"{why}: call reset()")
        actions = self.encoding.actions
        legal = state.legal_actions(self.seat)
        act = actions[int(action)] if 0 <= action < len(actions) else None
        if act is None or act not in legal:
            info = self._info()
            info["illegal"] = True
            self._illegal = True
            return self._observation(), -1.0, True, False, info
        state.step(act, self.seat)
        self._settle()
        self._play_bots()
        reward, self._pending = self._pending, 0.0
        if state.is_over and self.reward_kind == "match":
            reward += match_rewards(state.result().winners, self.game.seats)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, state.is_over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the agent's seat now, as a bool array over the action ids
        (all False once the match is over): what MaskablePPO calls."""
        state = self.state
        if state.is_over:
            return np.zeros(len(self.encoding.actions), np.bool_)
        return self.encoding.mask(state.legal_actions(self.seat)).astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = spectator_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # --- the loop --------------------------------------------------------------------------

    def _play_bots(self) -> None:
        """Let the bots act until the agent's seat is to act or the match is over."""
        state = self.state
        game = self.game
        while not state.is_over:
            seat = state.acting_seats[0]
            if seat == self.seat:
                return
            bot = self.bots[seat]
            legal = state.legal_actions(seat)
            view = state.view(seat) if uses_view(bot) else View(seat, game.text)
            choice = bot.choose(view, legal, self._rngs[seat])
            state.step(game.parse_action(choice) if isinstance(choice, str) else choice, seat)
            self._settle()

    def _settle(self) -> None:
        """Add ``reward="deal"``'s value of each deal finished since the last call."""
        state = self.state
        if state.deals_done == self._deals_done:
            return
        deals = state.result().deals
        if self.reward_kind == "deal":
            for deal in deals[self._deals_done :]:
                self._pending += self.game.deal_value(deal, self.seat) / self._scale
        self._deals_done = len(deals)

    def _observation(self) -> Vector:
        return self.encoding.observation(self.state.view(self.seat))

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}


def register() -> None:
    """Register the Gymnasium ids of :data:`ENV_IDS` (done on ``import atout.envs``); ids
    already registered are left as they are."""
    for env_id, rules in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id, entry_point="atout.envs.single:SingleAgentEnv", kwargs={"rules": rules}
            )
