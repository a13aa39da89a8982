"""The levels as the tables build them: spec texts, names and versions, options, and the time
bound of every search bot in every game."""

from __future__ import annotations

import random
import time

import pytest

import atout
from atout.bots import LEVELS, Bot, make, parse_spec
from atout.bots.levels import Level
from atout.bots.loader import split_specs
from atout.errors import RulesError

GAMES = ["schnapsen", "seven_up", "river"]


@pytest.mark.parametrize(
    ("spec", "name", "options"),
    [
        ("hard", "hard", {}),
        ("expert(time=1.5)", "expert", {"time": 1.5}),
        ("easy(seed=3)", "easy", {"seed": 3}),
        ("medium(time=2, seed=4)", "medium", {"time": 2, "seed": 4}),
    ],
)
def test_spec_texts_build_the_levels(spec: str, name: str, options: dict[str, object]) -> None:
    assert parse_spec(spec) == (name, options)
    bot = make(spec)
    assert isinstance(bot, Bot) and isinstance(bot, Level)
    assert bot.name == name and bot.version
    assert bot.time == options.get("time") and bot.seed == options.get("seed")


def test_every_level_is_a_bot_with_a_name_and_a_version() -> None:
    for level in ("random", *LEVELS):
        bot = make(level)
        assert isinstance(bot, Bot)
        assert bot.name == level
        assert isinstance(bot.version, str) and bot.version


@pytest.mark.parametrize("spec", ["hard(time=0)", "expert(time=-1)", "hard(depth=3)", "master"])
def test_bad_specs_are_refused(spec: str) -> None:
    with pytest.raises(RulesError):
        make(spec)


def _slow_bot(game: str) -> Bot:
    """A search bot of the game asked for far more worlds than it can value in 0.2 s."""
    if game == "schnapsen":
        from atout.bots.search import SearchBot

        return SearchBot(worlds=10**6, playouts=64, time=0.2)
    if game == "seven_up":
        from atout.bots.sevenup_search import SevenUpSearch

        return SevenUpSearch(expert=True, time=0.2, play_worlds=10**6, bid_worlds=10**6,
                             discard_worlds=10**6)  # fmt: skip
    from atout.bots.river import RiverSearch

    return RiverSearch(worlds=10**6, time=0.2, infer=True)


@pytest.mark.parametrize("game", GAMES)
def test_time_bounds_every_search(game: str) -> None:
    """The search stops once its time is spent, whatever the number of worlds it was asked
    for, in every kind of decision the game has."""
    g = atout.load(game)
    bot = _slow_bot(game)
    rng = random.Random(1)
    state = g.new_match(seed=2)
    timed = 0
    while state.to_act is not None and timed < 4:
        to_act = state.to_act
        seat = to_act if isinstance(to_act, int) else min(to_act)
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            start = time.perf_counter()
            action = bot.choose(state.view(seat), legal, rng)
            assert time.perf_counter() - start < 1.5
            timed += 1
        else:
            action = legal[0]
        state.step(action, seat)
    assert timed == 4


@pytest.mark.parametrize("game", GAMES)
def test_the_time_option_reaches_the_search(game: str) -> None:
    """``expert(time=0.1)`` passes its bound to the game's search."""
    bot = make("expert(time=0.1)")
    assert isinstance(bot, Level)
    policy = bot._policy(game)
    search = getattr(policy, "__self__", None)
    assert search is not None and search.time == 0.1


def test_a_list_of_specs_keeps_the_commas_of_their_options() -> None:
    assert split_specs("hard") == ["hard"]
    assert split_specs("hard, expert(time=2,seed=1),m:C(a=1)") == [
        "hard",
        "expert(time=2,seed=1)",
        "m:C(a=1)",
    ]
    for bad in ("hard,", "hard(time=1", "a,,b"):
        with pytest.raises(RulesError, match="list of bot specs"):
            split_specs(bad)
