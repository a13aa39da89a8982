"""PettingZoo AEC environments: one atout match per episode, one agent per seat.

Use a game's module, as PettingZoo's classic games are used::

    from atout.envs import river_v0

    env = river_v0.env(rules="river(players=5)", reward="deal")
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else policy(obs)  # an id with mask 1
        env.step(action)

**Agents.** ``player_0`` ... ``player_{n-1}`` are the seats 0 ... n-1. The agent selected is
the seat to act; while several seats decide at once (River's ``simultaneous_bids``) they act
one after another, lowest seat first, each seeing only its own view (the sealed bids of the
others stay hidden until all have bid, as the view hides them).

**Spaces.** The action space is ``Discrete(len(encoding.actions))``, an action's id being its
index in :attr:`atout.envs.encoding.Encoding.actions`. An observation is a dict:
``"observation"``, the :class:`~atout.envs.encoding.Encoding`'s float32 vector of the agent's
view (``Box(0, 1, (size,))``), and ``"action_mask"``, int8 over the action ids, 1 for each legal
action of the agent if it is the agent to act, all 0 otherwise. Observations are built from the
seat's view alone.

**Episodes.** ``reset(seed=s)`` starts the match ``game.new_match(s)``, so a seed replays the
same deals; a later ``reset()`` without a seed starts a match whose seed is drawn from the
last one given (none given: from :mod:`secrets`). ``options={"packs": [...], "dealer": d}``
fixes the packs and the first dealer (other keys are ignored). The episode is the whole match:
every agent terminates when it ends; nothing truncates.

**Rewards** (``reward=``):

- ``"match"`` (the default): 0 until the match ends; then each of the ``k`` winners gets
  ``1 / k`` (equal top scores share the win) and every other seat ``-1``. In Schnapsen and
  Seven Up there is exactly one winner, so the rewards are +1 and -1: zero-sum. In River they
  sum to ``1 - (n - k)``.
- ``"deal"``: at the end of each deal, each seat gets ``game.deal_value(deal, seat)`` scaled:
  Schnapsen, the game points won (or conceded, negative) / 3, zero-sum; Seven Up, the seat's
  points in the deal less the other seat's / 4, zero-sum (a void deal gives 0); River, the
  seat's points in the round / (10 + N), N the starting number of cards, each from 0 to 1.
  Nothing more at the end of the match.

**Illegal actions.** :func:`wrap` (used by each game's ``env()``) applies PettingZoo's
``TerminateIllegalWrapper`` (an action whose mask is 0 ends the episode: the offender gets -1,
the others 0), ``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``, as PettingZoo's
classic games do. The raw environment (``raw_env()``) raises
:class:`~atout.errors.IllegalAction` instead, and the match is unchanged.

**Rendering.** ``render_mode="ansi"``: :meth:`AtoutAECEnv.render` returns a few lines of text of
the spectator's view; ``"human"`` prints them after every step.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any, ClassVar, Final

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import atout
from atout.cards import cards_text
from atout.core.game import Game
from atout.core.state import State
from atout.envs.encoding import Encoding, Mask, Vector, encoding

__all__ = ["REWARDS", "AtoutAECEnv", "deal_scale", "make_raw", "wrap"]

#: The reward schemes.
REWARDS: Final = ("match", "deal")


def deal_scale(game: Game[Any]) -> float:
    """What ``reward="deal"`` divides a deal's value by (``game.deal_value``): the most game
    points a Schnapsen deal scores (3), a Seven Up hand's four points, or the most points a
    River round can score, 10 + the starting number of cards."""
    if game.name == "schnapsen":
        return 3.0
    if game.name == "seven_up":
        return 4.0
    return float(10 + getattr(game.rules, "start", 0))


def match_rewards(winners: Sequence[int], seats: int) -> list[float]:
    """``reward="match"`` at the end: ``1 / k`` to each of the ``k`` winners, -1 to the rest."""
    share = 1.0 / len(winners) if winners else 0.0
    return [share if s in winners else -1.0 for s in range(seats)]


class AtoutAECEnv(AECEnv):  # type: ignore[misc]  # pettingzoo is untyped
    """One atout match as a PettingZoo AEC environment (see the module's docstring).

    ``rules`` is any rules text of the game; ``reward`` is ``"match"`` or ``"deal"``.
    :attr:`state` is the match (for tests and tools: an agent must learn only from its
    observations)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "atout_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self, rules: str = "schnapsen", render_mode: str | None = None, reward: str = "match"
    ) -> None:
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is human, ansi or None, not {render_mode!r}")
        self.game: Game[Any] = atout.load(rules)
        self.encoding: Encoding = encoding(self.game)
        # PettingZoo reads the name from the instance: each game's own.
        self.metadata = dict(self.metadata, name=f"{self.game.name}_v0")  # type: ignore[misc]
        self.render_mode = render_mode
        self.reward_kind = reward
        self._scale = deal_scale(self.game)
        n = self.game.seats
        self.possible_agents: list[str] = [f"player_{s}" for s in range(n)]
        self._seat_of = {agent: s for s, agent in enumerate(self.possible_agents)}
        size, count = self.encoding.size, len(self.encoding.actions)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._seeds: random.Random | None = None
        self._state: State | None = None
        self._zero_mask: Mask = np.zeros(count, np.int8)
        self._zero_mask.flags.writeable = False

    # --- the spaces ------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state(self) -> State:
        """The match being played (after :meth:`reset`)."""
        if self._state is None:
            raise RuntimeError("call reset() before reading the state")
        return self._state

    # --- the episode -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            match_seed = seed
        elif self._seeds is not None:
            match_seed = self._seeds.getrandbits(63)
        else:
            match_seed = secrets.randbits(63)
        options = options or {}
        self._state = self.game.new_match(
            match_seed, packs=options.get("packs"), dealer=options.get("dealer")
        )
        self._deals_done = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._state.acting_seats[0]]

    def observe(self, agent: str) -> dict[str, Vector | Mask]:
        state = self.state
        seat = self._seat_of[agent]
        obs = self.encoding.observation(state.view(seat))
        if agent == self.agent_selection and not state.is_over:
            mask = self.encoding.mask(state.legal_actions(seat))
        else:
            mask = self._zero_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state
        seat = self._seat_of[agent]
        actions = self.encoding.actions
        if action is None or not 0 <= action < len(actions):
            raise ValueError(f"{agent} acts with an action id from 0 to {len(actions) - 1}")
        state.step(actions[int(action)], seat)
        self._cumulative_rewards[agent] = 0.0
        rewards = self.rewards
        for a in rewards:
            rewards[a] = 0.0
        if state.deals_done != self._deals_done:
            self._deals_ended(state)
        if state.is_over:
            if self.reward_kind == "match":
                for s, r in enumerate(match_rewards(state.result().winners, self.game.seats)):
                    rewards[self.possible_agents[s]] = r
            self.terminations = dict.fromkeys(self.agents, True)
            # Every agent is done; the next in turn order steps out first.
            self.agent_selection = self.possible_agents[(seat + 1) % self.game.seats]
        else:
            self.agent_selection = self.possible_agents[state.acting_seats[0]]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _deals_ended(self, state: State) -> None:
        """Hand out ``reward="deal"`` for each deal finished since the last step."""
        deals = state.result().deals
        if self.reward_kind == "deal":
            game, scale = self.game, self._scale
            for deal in deals[self._deals_done :]:
                for s, agent in enumerate(self.possible_agents):
                    self.rewards[agent] += game.deal_value(deal, s) / scale
        self._deals_done = len(deals)

    # --- rendering -------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = spectator_text(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

    def __str__(self) -> str:
        return str(self.metadata["name"])


def spectator_text(state: State) -> str:
    """A few lines on the match as a spectator sees it: the deal, the dealer, trump, the trick
    on the table, the scores and who acts (or the result)."""
    view = state.view(None)
    v = view.to_dict()
    head = f"{view.rules} · deal {v.get('deal')} · dealer player_{v.get('dealer')}"
    trump = v.get("trump")
    turned = v.get("turned", v.get("turn_up"))
    if trump is not None or turned is not None:
        head += f" · trump {trump or '-'}" + (f" (turned {turned})" if turned else "")
    lines = [head]
    if "stock_size" in v:
        lines.append(
            f"stock: {v['stock_size']} cards" + (" (closed)" if v["closed"] else "")
            + " · points: " + " ".join(map(str, v["points"]))
            + " · tricks: " + " ".join(map(str, v["tricks"]))
        )  # fmt: skip
    if "stage" in v:
        lines.append(f"stage: {v['stage']}")
    if "bids" in v:
        bids = ["-" if b is None else str(b) for b in v["bids"]]
        lines.append("bids: " + " ".join(bids) + " · tricks: " + " ".join(map(str, v["tricks"])))
    trick = getattr(view, "trick", ())
    if trick:
        leader = getattr(view, "leader", 0)
        lines.append(f"trick (led by player_{leader}): {cards_text(trick)}")
    if "to_go" in v:
        lines.append("to go: " + " ".join(map(str, v["to_go"])))
    elif "scores" in v:
        lines.append("scores: " + " ".join(map(str, v["scores"])))
    if state.is_over:
        winners = ", ".join(f"player_{s}" for s in state.result().winners)
        lines.append(f"match over · won by {winners}")
    else:
        lines.append("to act: " + ", ".join(f"player_{s}" for s in state.acting_seats))
    return "\n".join(lines)


def make_raw(
    game: str,
    rules: str | None = None,
    render_mode: str | None = None,
    reward: str = "match",
) -> AtoutAECEnv:
    """The raw environment of ``game`` (``schnapsen``, ``seven_up`` or ``river``) under a rules
    text of that game (the defaults when ``None``)."""
    text = game if rules is None else rules
    loaded = atout.load(text)
    if loaded.name != game:
        raise ValueError(f"{text!r} is a rules text of {loaded.name}, not of {game}")
    return AtoutAECEnv(text, render_mode=render_mode, reward=reward)


def wrap(env: AtoutAECEnv) -> Any:
    """The environment with PettingZoo's classic wrappers: illegal actions end the episode
    (the offender gets -1), action ids out of range fail an assertion, and the AEC order is
    enforced."""
    out: Any = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    out = wrappers.AssertOutOfBoundsWrapper(out)
    return wrappers.OrderEnforcingWrapper(out)
