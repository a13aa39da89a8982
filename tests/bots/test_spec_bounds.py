"""Every number in a bot spec is finite and bounded (issue 15): ``nan``, ``inf`` and numbers
out of range are refused with an error naming the option, by the loader for every bot and by
each level for its own options; and nothing out of bounds is ever built."""

from __future__ import annotations

import math

import pytest

from atout.bots import make, parse_spec
from atout.bots.levels import MAX_SEED, MAX_TIME, Hard, Medium
from atout.errors import RulesError


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ("hard(time=nan)", "time"),
        ("hard(time=NAN)", "time"),
        ("expert(time=inf)", "time"),
        ("expert(time=-inf)", "time"),
        ("medium(time=Infinity)", "time"),
        ("hard(time=1e999)", "time"),
        ("easy(seed=nan)", "seed"),
        ("search(worlds=nan)", "worlds"),
        ("search(playouts=inf)", "playouts"),
        ("tests.whatever:Bot(x=nan)", "x"),
    ],
)
def test_a_number_that_is_not_finite_is_no_option(spec: str, option: str) -> None:
    with pytest.raises(RulesError, match=f"option {option}=.* is not a finite number"):
        parse_spec(spec)
    with pytest.raises(RulesError, match=option):
        make(spec)


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ("hard(time=-1)", "time"),
        ("hard(time=0)", "time"),
        ("hard(time=0.0)", "time"),
        (f"expert(time={MAX_TIME * 2:g})", "time"),
        ("medium(time=true)", "time"),
        ("medium(time=fast)", "time"),
        ("medium(seed=-1)", "seed"),
        ("medium(seed=1.5)", "seed"),
        ("medium(seed=true)", "seed"),
        ("medium(seed=abc)", "seed"),
        (f"medium(seed={MAX_SEED + 1})", "seed"),
    ],
)
def test_the_levels_refuse_options_out_of_bounds(spec: str, option: str) -> None:
    with pytest.raises(RulesError, match=f"refuses its options: {option} is "):
        make(spec)


def test_options_within_bounds_are_taken() -> None:
    bot = make(f"hard(time={MAX_TIME:g},seed={MAX_SEED})")
    assert isinstance(bot, Hard) and bot.time == MAX_TIME and bot.seed == MAX_SEED
    bot = make("medium(time=0.001,seed=0)")
    assert isinstance(bot, Medium) and bot.time == 0.001 and bot.seed == 0


@pytest.mark.parametrize("time", [math.nan, math.inf, -1.0, 0, True, "1"])
def test_a_level_built_in_python_refuses_them_too(time: object) -> None:
    with pytest.raises(ValueError, match="time is "):
        Hard(time=time)  # type: ignore[arg-type]


def test_a_compiled_bot_class_takes_its_options_by_name() -> None:
    """A class compiled by mypyc reports its parameters positional-only; a spec still sets
    them by name, and an option it does not take is still refused."""
    bot = make("atout.bots.river_mcts:RiverMCTS(iterations=30,rollout=greedy,bids=model)")
    assert (bot.iterations, bot.rollout, bot.bids) == (30, "greedy", "model")  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="takes iterations"):
        make("atout.bots.river_mcts:RiverMCTS(depth=3)")
