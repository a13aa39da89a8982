"""The PettingZoo AEC environments (atout.envs.aec and the *_v0 modules): PettingZoo's own API
and seed tests, turn order, rewards, illegal actions, episodes, rendering."""

from __future__ import annotations

import functools
import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import atout  # noqa: E402
from atout.envs import AtoutAECEnv, encoding, river_v0, schnapsen_v0, seven_up_v0  # noqa: E402
from atout.errors import IllegalAction  # noqa: E402

MODULES: dict[str, Any] = {
    "schnapsen": schnapsen_v0,
    "seven_up": seven_up_v0,
    "river": river_v0,
}

VARIANTS = [
    "schnapsen",
    "schnapsen(manual_claim=true)",
    "seven_up",
    "seven_up(gift=true)",
    "river(players=3,start_cards=4)",
    "river(players=4,start_cards=3)",
    "river(players=8,start_cards=2)",
    "river(players=5,start_cards=3,simultaneous_bids=true)",
    "river(players=4,start_cards=13)",  # the 13-card rounds deal every card: no trump
    "river(start_cards=2,double_one=true,no_hook=true)",
]


def make(text: str, **kwargs: Any) -> Any:
    """The wrapped environment of a rules text."""
    return MODULES[atout.load(text).name].env(rules=text, **kwargs)


def play(env: Any, seed: int, choose: Callable[[Any, str], int] | None = None) -> list[str]:
    """Play one episode with random legal actions (or ``choose(obs, agent)``); return the agents
    in the order they acted (dead steps left out)."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    order = []
    for agent in env.agent_iter():
        obs, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        order.append(agent)
        legal = np.flatnonzero(obs["action_mask"])
        env.step(choose(obs, agent) if choose else int(rng.choice(list(legal))))
    return order


@pytest.mark.parametrize("text", VARIANTS)
def test_pettingzoo_api_test(text: str) -> None:
    with warnings.catch_warnings():
        # api_test warns that a dict observation is not a Box, as for every classic game.
        warnings.simplefilter("ignore", UserWarning)
        api_test(make(text, render_mode="ansi"), num_cycles=200)


@pytest.mark.parametrize("text", VARIANTS)
def test_pettingzoo_seed_test(text: str) -> None:
    name = atout.load(text).name
    seed_test(functools.partial(MODULES[name].env, rules=text), num_cycles=100)


def test_reset_seed_is_the_match_seed() -> None:
    env = make("river(players=5)")
    env.reset(seed=42)
    state = env.unwrapped.state
    assert state.view(None) == atout.load("river(players=5)").new_match(seed=42).view(None)
    assert state.seed == 42
    # Later resets without a seed follow from the last seed given.
    env.reset()
    first = env.unwrapped.state.seed
    env.reset(seed=42)
    env.reset()
    assert env.unwrapped.state.seed == first != 42


def test_reset_options_fix_packs_and_dealer() -> None:
    game = atout.load("schnapsen")
    pack = list(reversed(game.pack))
    env = make("schnapsen")
    env.reset(seed=1, options={"packs": [pack], "dealer": 1, "other": "ignored"})
    state = env.unwrapped.state
    assert state.packs[0] == pack and state.first_dealer == 1


def test_spaces_come_from_the_encoding() -> None:
    env = make("river(players=6)")
    env.reset(seed=1)
    enc = encoding("river(players=6)")
    assert env.possible_agents == [f"player_{s}" for s in range(6)]
    for agent in env.possible_agents:
        space = env.observation_space(agent)
        assert space["observation"].shape == (enc.size,)
        assert space["observation"].dtype == np.float32
        assert space["action_mask"].shape == (len(enc.actions),)
        assert space["action_mask"].dtype == np.int8
        assert env.action_space(agent).n == len(enc.actions)
    assert env.metadata["name"] == "river_v0"
    assert str(env.unwrapped) == "river_v0"


def test_observations_are_the_seats_views() -> None:
    """Each agent's observation is the encoding of its seat's view; only the agent to act has
    a mask, and it holds the legal actions."""
    env = make("river(players=4,start_cards=3)")
    enc = encoding("river(players=4,start_cards=3)")
    env.reset(seed=3)
    state = env.unwrapped.state
    for _ in range(12):
        acting = env.agent_selection
        for s, agent in enumerate(env.possible_agents):
            obs = env.observe(agent)
            assert np.array_equal(obs["observation"], enc.observation(state.view(s)))
            if agent == acting:
                assert np.array_equal(obs["action_mask"], enc.mask(state.legal_actions(s)))
            else:
                assert not obs["action_mask"].any()
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_agents_follow_the_seats_to_act() -> None:
    env = make("river(players=4,start_cards=2)")
    env.reset(seed=8)
    state = env.unwrapped.state
    steps = 0
    for agent in env.agent_iter():
        obs, _, termination, _, _ = env.last()
        if termination:
            break
        assert agent == f"player_{state.acting_seats[0]}"
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        steps += 1
    assert steps == len(state.history) == 3 * 4 + 4 * (2 + 1 + 2)


def test_sealed_bids_act_lowest_seat_first_and_stay_hidden() -> None:
    text = "river(players=5,start_cards=3,simultaneous_bids=true)"
    env = make(text)
    enc = encoding(text)
    env.reset(seed=6)
    state = env.unwrapped.state
    assert state.acting_seats == (0, 1, 2, 3, 4)
    bids = enc.field("bids")
    width = bids.shape[1]
    for seat in range(5):
        assert env.agent_selection == f"player_{seat}"
        obs, *_ = env.last()
        # The seats that bid before this one: has_bid shows it, their bids do not.
        got = enc.explain(obs["observation"])
        assert got["has_bid"] == [0.0] + [1.0 if seat + k >= 5 else 0.0 for k in range(1, 5)]
        assert not obs["observation"][bids.start + width : bids.start + bids.size].any()
        env.step(enc.action_id("bid 1"))
    assert all(b == 1 for b in state.view(0).bids)


@pytest.mark.parametrize("text", ["schnapsen", "seven_up", "river(players=5,start_cards=3)"])
def test_match_rewards(text: str) -> None:
    """``reward="match"``: nothing until the end; then 1/k to each of the k winners and -1 to
    the others: zero-sum in the two-player games."""
    for seed in range(3):
        env = make(text)
        totals: dict[str, float] = dict.fromkeys(env.possible_agents, 0.0)
        env.reset(seed=seed)
        rewards_before_end = []
        for agent in env.agent_iter():
            obs, reward, termination, truncation, _ = env.last()
            totals[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            rewards_before_end.append(reward)
            env.step(int(random.Random(seed).choice(list(np.flatnonzero(obs["action_mask"])))))
        assert not any(rewards_before_end)
        state = env.unwrapped.state
        winners = state.result().winners
        assert state.is_over and winners
        for s, agent in enumerate(env.possible_agents):
            assert totals[agent] == (1 / len(winners) if s in winners else -1.0)
        if state.game.seats == 2:
            assert sum(totals.values()) == 0


@pytest.mark.parametrize("text", ["schnapsen", "seven_up", "river(players=4,start_cards=3)"])
def test_deal_rewards(text: str) -> None:
    """``reward="deal"``: each deal's value to each seat when it ends, scaled; zero-sum in the
    two-player games, the seat's own round points / (10 + N) in River."""
    env = make(text, reward="deal")
    game = atout.load(text)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    env.reset(seed=4)
    nonzero = 0
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        nonzero += reward != 0
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    deals = env.unwrapped.state.result().deals
    assert nonzero >= len(deals) // 2
    scale = {"schnapsen": 3.0, "seven_up": 4.0}.get(game.name, 10.0 + 3)
    for s, agent in enumerate(env.possible_agents):
        want = sum(game.deal_value(d, s) for d in deals) / scale
        assert totals[agent] == pytest.approx(want)
    if game.name == "river":
        assert all(sum(d.points) > 0 for d in deals)
        assert totals["player_0"] == pytest.approx(sum(d.points[0] for d in deals) / 13)
    else:
        assert sum(totals.values()) == pytest.approx(0.0)


@pytest.mark.parametrize("text", ["schnapsen", "seven_up(gift=true)", "river(players=8)"])
def test_episode_ends_with_every_agent_done(text: str) -> None:
    env = make(text)
    order = play(env, seed=2)
    assert env.unwrapped.state.is_over
    assert env.agents == []
    assert len(order) == len(env.unwrapped.state.history)


def test_illegal_action_ends_the_episode(caplog: pytest.LogCaptureFixture) -> None:
    """PettingZoo's convention: the offender gets -1, the others 0, and every agent is done."""
    env = make("river(players=4,start_cards=3)")
    env.reset(seed=1)
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = len(env.unwrapped.state.history)
    env.step(illegal)
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    assert all(r == 0 for a, r in env.rewards.items() if a != agent)
    assert len(env.unwrapped.state.history) == history  # the match itself is untouched
    for other in env.agent_iter():
        _, reward, termination, _, _ = env.last()
        assert termination and reward == (-1 if other == agent else 0)
        env.step(None)
    assert env.agents == []


def test_raw_env_raises_on_illegal_actions() -> None:
    env = river_v0.raw_env(rules="river(start_cards=2)")
    assert isinstance(env, AtoutAECEnv)
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.state.view(None)
    with pytest.raises(IllegalAction):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.state.view(None) == before
    with pytest.raises(ValueError, match="action id"):
        env.step(len(mask))
    with pytest.raises(ValueError, match="action id"):
        env.step(-1)


def test_rules_and_options_are_checked() -> None:
    with pytest.raises(ValueError, match="rules text of schnapsen, not of river"):
        river_v0.env(rules="schnapsen")
    with pytest.raises(ValueError, match="reward"):
        schnapsen_v0.env(reward="points")
    with pytest.raises(ValueError, match="render_mode"):
        seven_up_v0.env(render_mode="rgb_array")
    assert seven_up_v0.raw_env().game.text == "seven_up"


def test_render_is_the_spectators_text(capsys: pytest.CaptureFixture[str]) -> None:
    env = make("schnapsen", render_mode="ansi")
    env.reset(seed=5)
    text = env.render()
    assert text.startswith("schnapsen · deal 1 · dealer player_")
    assert "stock: 10 cards" in text and "to go: 7 7" in text and "to act: player_" in text
    hidden = env.unwrapped.state.view(0).hand
    assert not any(f" {c} " in f" {text} " for c in hidden.texts())
    human = make("river(players=3,start_cards=2)", render_mode="human")
    play(human, seed=1)
    out = capsys.readouterr().out
    assert "bids:" in out and "match over · won by player_" in out
    silent = make("river")
    silent.reset(seed=1)
    assert silent.render() is None
