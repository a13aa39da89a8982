"""The Gymnasium environment for one seat against atout bots (atout.envs.single)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import atout  # noqa: E402
from atout.core.actions import Action  # noqa: E402
from atout.core.state import View  # noqa: E402
from atout.envs import SingleAgentEnv, encoding  # noqa: E402


def play(env: SingleAgentEnv, seed: int) -> tuple[float, int, dict[str, Any]]:
    """One episode of random legal actions: the summed reward, the steps and the last info."""
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    total, steps = 0.0, 0
    while True:
        action = int(rng.choice(list(np.flatnonzero(env.action_masks()))))
        _, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        assert not truncated
        if terminated:
            return total, steps, info


@pytest.mark.parametrize(
    ("rules", "opponents"),
    [("schnapsen", "random"), ("seven_up(gift=true)", "easy"),
     ("river(players=5,start_cards=3,simultaneous_bids=true)", "random")],
)  # fmt: skip
def test_gymnasium_env_checker(rules: str, opponents: str) -> None:
    env = SingleAgentEnv(rules=rules, seat=1, opponents=opponents)
    check_env(env, skip_render_check=True)


def test_registered_ids() -> None:
    for env_id, rules in (
        ("atout/Schnapsen-v0", "schnapsen"),
        ("atout/SevenUp-v0", "seven_up"),
        ("atout/River-v0", "river"),
    ):
        env = gymnasium.make(env_id, opponents="random")
        obs, info = env.reset(seed=1)
        assert obs.shape == (encoding(rules).size,)
        assert env.unwrapped.game.text == rules
        assert info["action_mask"].dtype == np.bool_
    made = gymnasium.make("atout/River-v0", rules="river(players=6)", opponents="random")
    assert made.unwrapped.game.seats == 6 and len(made.unwrapped.bots) == 5


def test_action_masks_are_the_seats_legal_actions() -> None:
    env = SingleAgentEnv(rules="schnapsen(manual_claim=true)", seat=0, opponents="random")
    enc = encoding("schnapsen(manual_claim=true)")
    obs, info = env.reset(seed=3)
    rng = random.Random(1)
    while True:
        state = env.state
        assert state.acting_seats[0] == 0
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.shape == (len(enc.actions),)
        want = enc.mask(state.legal_actions(0)).astype(bool)
        assert np.array_equal(mask, want) and np.array_equal(info["action_mask"], want)
        assert np.array_equal(obs, enc.observation(state.view(0)))
        obs, _, terminated, _, info = env.step(int(rng.choice(list(np.flatnonzero(mask)))))
        if terminated:
            break
    assert env.state.is_over and not env.action_masks().any()


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up", "river(players=3,start_cards=3)"])
def test_match_reward_is_the_seats_result(rules: str) -> None:
    for seed in range(3):
        env = SingleAgentEnv(rules=rules, seat=1, opponents="random")
        total, _, _ = play(env, seed)
        winners = env.state.result().winners
        assert total == (1 / len(winners) if 1 in winners else -1.0)


def test_deal_reward_sums_the_deals() -> None:
    env = SingleAgentEnv(rules="river(players=4,start_cards=3)", seat=2, reward="deal",
                         opponents="random")  # fmt: skip
    total, _, _ = play(env, seed=5)
    deals = env.state.result().deals
    assert total == pytest.approx(sum(d.points[2] for d in deals) / 13)  # type: ignore[attr-defined]
    env = SingleAgentEnv(rules="schnapsen", reward="deal", opponents="random")
    total, _, _ = play(env, seed=5)
    game = atout.load("schnapsen")
    assert total == pytest.approx(sum(game.deal_value(d, 0) for d in env.state.result().deals) / 3)
    assert total != 0


def test_seed_replays_the_episode() -> None:
    first = SingleAgentEnv(rules="seven_up", opponents="easy")
    second = SingleAgentEnv(rules="seven_up", opponents="easy")
    assert play(first, 11)[:2] == play(second, 11)[:2]
    assert first.state.history == second.state.history


def test_illegal_action_ends_the_episode() -> None:
    env = SingleAgentEnv(rules="schnapsen", opponents="random")
    env.reset(seed=2)
    before = env.state.view(None)
    illegal = int(np.flatnonzero(~env.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert env.state.view(None) == before
    with pytest.raises(RuntimeError, match="an illegal action ended the episode: call reset"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))  # a legal one, too late
    env.reset(seed=2)
    _, reward, terminated, _, info = env.step(len(env.encoding.actions))  # out of range
    assert (reward, terminated, info["illegal"]) == (-1.0, True, True)


class Spy:
    """A bot that records what it is given and plays the first legal action."""

    name, version = "spy", "1"

    def __init__(self) -> None:
        self.seen: list[tuple[View, Sequence[Action]]] = []

    def choose(self, view: View, legal_actions: Sequence[Action], rng: random.Random) -> str:
        self.seen.append((view, legal_actions))
        return str(legal_actions[0])  # a bot may answer with an action's text


def test_bots_see_only_their_own_views() -> None:
    spies = [Spy(), Spy(), Spy()]
    env = SingleAgentEnv(rules="river(players=4,start_cards=2)", seat=1, opponents=spies)
    play(env, seed=4)
    for seat, spy in zip((0, 2, 3), spies, strict=True):
        assert spy.seen
        for view, legal in spy.seen:
            assert type(view).__name__ == "RiverView" and view.seat == seat
            assert legal
    assert env.state.is_over


def test_arguments_are_checked() -> None:
    with pytest.raises(ValueError, match="seat"):
        SingleAgentEnv(rules="schnapsen", seat=2)
    with pytest.raises(ValueError, match="one bot for every other seat"):
        SingleAgentEnv(rules="river", opponents=["random", "random"])
    with pytest.raises(ValueError, match="reward"):
        SingleAgentEnv(reward="win")
    with pytest.raises(RuntimeError, match="reset"):
        SingleAgentEnv(opponents="random").step(0)


def test_render_ansi() -> None:
    env = SingleAgentEnv(rules="seven_up", opponents="random", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text is not None and text.startswith("seven_up · deal 1") and "stage: " in text
