"""The OpenSpiel bridge (atout.envs.openspiel): OpenSpiel's own game checks on the bridged
games, its ISMCTS against an atout bot, evaluate_bots on River, MCCFR, serialization, and no
leak into a seat's information state or observation."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import (  # noqa: E402
    evaluate_bots,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)
from open_spiel.python.observation import make_observation  # noqa: E402

import atout  # noqa: E402
import atout.envs.openspiel as aos  # noqa: E402
from atout.cards import card_text  # noqa: E402
from atout.conformance import twin  # noqa: E402
from atout.core.state import State  # noqa: E402
from atout.envs import encoding  # noqa: E402

CHANCE = int(pyspiel.PlayerId.CHANCE)

#: (rules text, random simulations): OpenSpiel's random_sim_test on each.
SIMULATED = [
    ("schnapsen", 3),
    ("schnapsen(manual_claim=true)", 2),
    ("schnapsen(last_trick_ten=true,closer_fail_tricks_at_end=true)", 2),
    ("seven_up", 3),
    ("seven_up(gift=true)", 2),
    ("seven_up(free_discard=true,count_out=true)", 2),
    ("river(players=3)", 1),
    ("river", 1),
    ("river(players=8)", 1),
    ("river(players=5,simultaneous_bids=true)", 1),
    ("river(players=4,start_cards=13)", 1),  # 13-card rounds deal all 52: no trump
    ("river(players=6,start_cards=3,double_one=true,no_hook=true,exact_only=true)", 1),
]


def chance_step(state: Any, rng: Any) -> None:
    """Apply a chance outcome drawn by its probability."""
    outcomes, probs = zip(*state.chance_outcomes(), strict=True)
    state.apply_action(int(rng.choice(outcomes, p=probs)))


def random_states(text: str, matches: int, seed: int = 0) -> Iterator[Any]:
    """Every state (chance, decision and terminal) of ``matches`` random matches, cloned."""
    game = aos.load_game(text)
    rng = np.random.RandomState(seed)
    for _ in range(matches):
        state = game.new_initial_state()
        while True:
            yield state.clone()
            if state.is_terminal():
                break
            if state.is_chance_node():
                chance_step(state, rng)
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))


def views_of(state: Any, seat: int) -> tuple[str, str, list[float], list[float]]:
    """Everything OpenSpiel shows a seat: both strings and both tensors."""
    return (
        state.information_state_string(seat),
        state.observation_string(seat),
        list(state.information_state_tensor(seat)),
        list(state.observation_tensor(seat)),
    )


def bridged(game: Any, match: State, history: Sequence[tuple[int, Any]] | None = None) -> Any:
    """The bridged state that deals ``match``'s packs by chance (the first dealer, then each
    pack from the top) and takes its actions; ``game`` must draw the first dealer."""
    index = {c: i for i, c in enumerate(game.atout_game.pack)}
    packs = iter(match.packs)
    state = game.new_initial_state()
    state.apply_action(match.first_dealer)

    def deal() -> None:
        pack, j = next(packs), 0
        while state.is_chance_node():
            state.apply_action(index[pack[j]])
            j += 1

    deal()
    for seat, action in match.history if history is None else history:
        assert state.current_player() == seat
        state.apply_action(game.action_id(action))
        if state.is_chance_node():
            deal()
    return state


def dealt(text: str, pack: Sequence[int], dealer: int = 0) -> Any:
    """A bridged match whose first deal is dealt from ``pack`` by seat ``dealer``."""
    game = aos.load_game(text, dealer=dealer)
    index = {c: i for i, c in enumerate(game.atout_game.pack)}
    state = game.new_initial_state()
    for card in pack:
        if not state.is_chance_node():
            break
        state.apply_action(index[card])
    return state


# --- OpenSpiel's own checks ------------------------------------------------------------------


@pytest.mark.parametrize(("text", "sims"), SIMULATED)
def test_openspiel_random_sim_test(text: str, sims: int) -> None:
    """OpenSpiel's C++ checks on whole matches: legal actions sorted and empty for the other
    seats, masks, chance outcomes, clone consistency, serialization, every observation of every
    seat at every step with its declared size, returns within bounds and zero-sum where
    declared, and the match no longer than max_game_length."""
    game = aos.load_game(text)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize("text", ["schnapsen", "seven_up(gift=true)", "river(players=5)"])
def test_the_declared_sizes_are_the_encodings(text: str) -> None:
    game = aos.load_game(text)
    enc = encoding(text)
    atout_game = atout.load(text)
    assert game.num_players() == atout_game.seats
    assert game.num_distinct_actions() == len(enc.actions)
    assert game.max_chance_outcomes() == len(atout_game.pack)
    assert game.observation_tensor_shape() == [enc.size]
    assert game.information_state_tensor_shape() == [enc.size]
    assert game.get_type().short_name == aos.GAME_NAMES[atout_game.name]
    obs = make_observation(game)
    assert list(obs.dict) == [f.name for f in enc.layout]
    assert [obs.dict[f.name].shape for f in enc.layout] == [f.shape for f in enc.layout]


def test_game_strings_load_the_same_rules() -> None:
    assert aos.game_string("river(players=5,simultaneous_bids=true)") == (
        "atout_river(players=5,simultaneous_bids=True)"
    )
    assert aos.game_string("schnapsen", dealer=1) == "atout_schnapsen(dealer=1)"
    for text in ["schnapsen(manual_claim=true)", "seven_up(gift=true)", "river(players=7)"]:
        assert aos.load_game(text).atout_game.text == text
    loaded = pyspiel.load_game("atout_river(players=3,start_cards=2)")
    assert loaded.num_players() == 3
    assert loaded.atout_game.text == "river(players=3,start_cards=2)"
    assert {"atout_schnapsen", "atout_seven_up", "atout_river"} <= set(pyspiel.registered_names())
    with pytest.raises(Exception, match="3 to 8 players"):
        pyspiel.load_game("atout_river(players=9)")
    with pytest.raises(Exception, match="dealer"):
        pyspiel.load_game("atout_schnapsen(dealer=2)")


@pytest.mark.parametrize(
    "text", ["schnapsen(manual_claim=true)", "seven_up", "river(players=4,simultaneous_bids=true)"]
)
def test_api_checks_on_sampled_states(text: str) -> None:
    """What OpenSpiel's integration api_test checks on the states it samples: history lengths
    within the declared bounds, observations for every seat and errors for a seat that is not
    one, legal actions empty for the seats not to act and at the end, the chance nodes'
    outcomes a distribution over their legal actions, no observation types atout does not
    offer, and the no-argument information state an error at chance and terminal nodes."""
    game = aos.load_game(text)
    n = game.num_players()
    private_only = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=False,
            perfect_recall=False,
            private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER,
        ),
    )
    public_only = make_observation(
        game,
        pyspiel.IIGObservationType(
            public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    most_chance = game.max_chance_nodes_in_history()
    seen = {"chance": 0, "decision": 0, "terminal": 0}
    for state in random_states(text, matches=2):
        history = state.full_history()
        assert len(history) <= game.max_history_length()
        assert state.move_number() <= game.max_move_number()
        assert sum(1 for item in history if item.player == CHANCE) <= most_chance
        assert private_only.string_from(state, 0) is None
        assert public_only.string_from(state, 0) is None
        for call in (
            state.information_state_string,
            state.observation_string,
            state.information_state_tensor,
            state.observation_tensor,
        ):
            with pytest.raises(RuntimeError, match="player >= 0"):
                call(-1)
            with pytest.raises(RuntimeError, match="player <"):
                call(n + 1)
        if state.is_terminal():
            seen["terminal"] += 1
            assert state.current_player() == pyspiel.PlayerId.TERMINAL
            assert all(not state.legal_actions(p) for p in range(n))
            with pytest.raises(RuntimeError):
                state.information_state_string()
            returns = state.returns()
            assert sorted(set(returns)) == [-1.0, 1.0]
        elif state.is_chance_node():
            seen["chance"] += 1
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            assert actions == state.legal_actions() == sorted(set(actions))
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            assert all(0 < p <= 1 for _, p in outcomes)
            with pytest.raises(RuntimeError):
                state.information_state_string()
        else:
            seen["decision"] += 1
            player = state.current_player()
            assert state.returns() == [0.0] * n
            for p in range(n):
                assert bool(state.legal_actions(p)) == (p == player)
                assert (
                    len(state.information_state_tensor(p)) == game.information_state_tensor_size()
                )
                assert len(state.observation_tensor(p)) == game.observation_tensor_size()
    assert min(seen.values()) >= 2


@pytest.mark.parametrize("text", ["schnapsen", "seven_up(gift=true)", "river(players=3)"])
def test_observations_are_the_encoding_of_the_view(text: str) -> None:
    """The observation tensor is the encoding's observation of the seat's view, the
    information-state tensor the same vector, and the observation string the view as JSON."""
    game = aos.load_game(text)
    enc = game.encoding
    checked = 0
    for state in random_states(text, matches=1, seed=3):
        if state.is_chance_node() and state.atout_state is None:
            for p in range(game.num_players()):
                assert not any(state.observation_tensor(p))
                assert state.information_state_string(p) == ""
            continue
        if state.is_chance_node():
            continue
        for p in range(game.num_players()):
            view = state.view(p)
            expected = enc.observation(view).tolist()
            assert state.observation_tensor(p) == pytest.approx(expected)
            assert state.information_state_tensor(p) == pytest.approx(expected)
            assert json.loads(state.observation_string(p)) == json.loads(json.dumps(view.to_dict()))
            checked += 1
    assert checked > 50


# --- the chance model -------------------------------------------------------------------------


def test_each_deal_is_drawn_by_chance_and_the_match_goes_on() -> None:
    """The first dealer and every deal's pack are chance nodes: Schnapsen draws 19 cards a deal
    (the 20th is forced), and the action that ends a deal waits for the next pack, after which
    the match goes on from the same history."""
    game = aos.load_game("schnapsen")
    rng = np.random.RandomState(5)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    state.apply_action(1)
    runs: list[int] = []
    run = 0
    while not state.is_terminal():
        if state.is_chance_node():
            run += 1
            chance_step(state, rng)
            continue
        if run:
            runs.append(run)
            run = 0
        state.apply_action(int(rng.choice(state.legal_actions())))
    match = state.atout_state
    assert match is not None and match.is_over
    assert match.first_dealer == 1
    assert runs == [19] * len(match.packs)
    assert len(match.packs) >= 3  # each deal gives 1 to 3 of the 7 game points
    decisions = [item.action for item in state.full_history() if item.player != CHANCE]
    assert decisions == [game.action_id(a) for _, a in match.history]
    assert state.returns() == [1.0 if s in match.result().winners else -1.0 for s in (0, 1)]


def test_river_draws_only_the_cards_a_round_uses() -> None:
    """River draws each seat's cards and the card turned for trump, and no more."""
    game = aos.load_game("river(players=5,start_cards=3)", dealer=2)
    rng = np.random.RandomState(1)
    state = game.new_initial_state()
    draws = 0
    while state.is_chance_node():
        chance_step(state, rng)
        draws += 1
    assert draws == 5 * 3 + 1
    match = state.atout_state
    pack = match.packs[0]
    assert pack[16:] == sorted(pack[16:])  # the unseen rest, in card-id order


# --- ISMCTS, evaluate_bots, MCCFR -----------------------------------------------------------


def play_ismcts_match(
    opponent: str, *, seed: int, simulations: int, seeded_resampler: bool
) -> tuple[Any, int]:
    """A Schnapsen match: OpenSpiel's ISMCTS at seat 0, an atout bot at seat 1. The state at
    the end and how many searches ISMCTS ran (decisions with a choice)."""
    game = aos.load_game("schnapsen")
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=simulations, random_state=rng
    )
    if seeded_resampler:
        searcher.set_resampler(aos.resampler(random.Random(seed)))
    other = aos.AtoutBot(opponent, seed=seed)
    state = game.new_initial_state()
    searches = 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance_step(state, rng)
        elif state.current_player() == 0:
            searches += len(state.legal_actions()) > 1
            state.apply_action(int(searcher.step(state)))
        else:
            state.apply_action(other.step(state))
    return state, searches


def test_ismcts_plays_a_schnapsen_match_against_an_atout_bot() -> None:
    """ISMCTS samples its worlds with the state's own resample_from_infostate (and asserts, at
    each simulation, that the world gives the seat the same information state) and plays a
    whole match against the medium bot, which ends with a result."""
    state, searches = play_ismcts_match("medium", seed=2, simulations=20, seeded_resampler=False)
    match = state.atout_state
    result = match.result()
    assert result.over and len(result.winners) == 1
    assert max(result.scores) > 0 and min(result.scores) == 0  # Schnapsen counts down to 0
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert state.returns()[result.winners[0]] == 1.0
    assert len(match.packs) >= 3
    assert searches >= 10


def test_a_seeded_ismcts_plays_the_same_match_again() -> None:
    first, _ = play_ismcts_match("easy", seed=4, simulations=10, seeded_resampler=True)
    second, _ = play_ismcts_match("easy", seed=4, simulations=10, seeded_resampler=True)
    assert first.history() == second.history()
    third, _ = play_ismcts_match("easy", seed=5, simulations=10, seeded_resampler=True)
    assert third.history() != first.history()


@pytest.mark.parametrize(
    "text", ["river(players=3,start_cards=5)", "river(players=5,simultaneous_bids=true)"]
)
def test_evaluate_bots_with_random_bots_on_river(text: str) -> None:
    game = aos.load_game(text)
    n = game.num_players()
    rng = np.random.RandomState(7)
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(n - 1)]
    bots.append(aos.AtoutBot("random", seed=9))
    state = game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, rng)
    assert state.is_terminal() and state.atout_state.is_over
    winners = state.atout_state.result().winners
    assert winners
    assert list(returns) == [1.0 if s in winners else -1.0 for s in range(n)]


def test_outcome_sampling_mccfr_runs_on_the_smallest_river() -> None:
    """Tabular CFR does not fit (6.5 million deals before the first bid); outcome-sampling
    MCCFR samples them, and learns a policy over the bids of the information states it met."""
    game = aos.load_game("river(players=3,start_cards=1)")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(100):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        chance_step(state, rng)
    probs = policy.action_probabilities(state)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


# --- resampling, cloning, serialization --------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["schnapsen", "seven_up(gift=true)", "river(players=4,simultaneous_bids=true)"]
)
def test_resampled_worlds_keep_the_seats_information_state(text: str) -> None:
    """A world has the seat's information state, observation and legal actions; the other
    seats' hidden cards vary between worlds; and a world plays on to the end of the match."""
    game = aos.load_game(text)
    rng = np.random.RandomState(11)
    checked = varied = 0
    for i, state in enumerate(random_states(text, matches=1, seed=11)):
        if state.is_chance_node() or state.is_terminal() or i % 5:
            continue
        seat = state.current_player()
        worlds = [state.resample(seat, random.Random(k)) for k in range(4)]
        hidden = set()
        for world in worlds:
            assert world.is_sampled_world and not state.is_sampled_world
            assert views_of(world, seat) == views_of(state, seat)
            assert world.legal_actions() == state.legal_actions()
            zones = world.atout_state.zones()
            hidden.add(
                tuple(v for k, v in zones.items() if k.startswith("hand") and k != f"hand{seat}")
            )
            with pytest.raises(TypeError, match="sampled world"):
                pyspiel.serialize_game_and_state(game, world)
        varied += len(hidden) > 1
        checked += 1
        world = worlds[0]
        while not world.is_terminal():
            assert not world.is_chance_node()  # a world shuffles its own later deals
            world.apply_action(int(rng.choice(world.legal_actions())))
        assert sorted(set(world.returns())) == [-1.0, 1.0]
    assert checked >= 5 and varied >= checked // 2
    # OpenSpiel's own entry point, with its sampler.
    for state in random_states(text, matches=1, seed=12):
        if not state.is_chance_node() and not state.is_terminal():
            seat = state.current_player()
            world = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert world.information_state_string(seat) == state.information_state_string(seat)
            break


@pytest.mark.parametrize(
    "text", ["schnapsen(manual_claim=true)", "seven_up", "river(players=3,start_cards=3)"]
)
def test_serialization_replays_every_kind_of_state(text: str) -> None:
    """A state deserialized (at the start, while a pack is drawn, at decisions, while the
    action that ended a deal waits for the next pack, at the end) is the same state: its
    text, history, every seat's information state and observation, and what comes next."""
    game = aos.load_game(text)
    n = game.num_players()
    kinds = set()
    for i, state in enumerate(random_states(text, matches=1, seed=8)):
        waiting = state.is_chance_node() and state.atout_state is not None and "waits" in str(state)
        if not (i % 7 == 0 or waiting or state.is_terminal()):
            continue
        kinds.add("waiting" if waiting else "chance" if state.is_chance_node() else "other")
        again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
        assert str(again) == str(state)
        assert again.history() == state.history()
        if not state.is_chance_node():
            for p in range(n):
                assert views_of(again, p) == views_of(state, p)
        if not state.is_terminal():
            assert again.legal_actions() == state.legal_actions()
            action = state.legal_actions()[0]
            state.apply_action(action)
            again.apply_action(action)
            assert str(again) == str(state)
    assert kinds == {"waiting", "chance", "other"}


def test_a_clone_is_independent() -> None:
    game = aos.load_game("river(players=3,start_cards=2)")
    rng = np.random.RandomState(2)
    state = game.new_initial_state()
    while state.is_chance_node():
        chance_step(state, rng)
    before = (str(state), state.information_state_string(0), state.history())
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert (str(state), state.information_state_string(0), state.history()) == before
    assert str(clone) != before[0]
    assert len(clone.information_state_string(0)) > len(before[1])


def test_illegal_actions_raise() -> None:
    game = aos.load_game("schnapsen", dealer=0)
    state = game.new_initial_state()
    state.apply_action(3)
    with pytest.raises(ValueError, match="not a card left"):
        state.apply_action(3)
    rng = np.random.RandomState(0)
    while state.is_chance_node():
        chance_step(state, rng)
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state)
    with pytest.raises(atout.IllegalAction):
        state.apply_action(illegal)
    assert str(state) == before


# --- no leaks ---------------------------------------------------------------------------------


def test_another_seats_hidden_cards_change_nothing_a_seat_sees() -> None:
    """Schnapsen, by hand: two deals that differ only in one card of seat 1's hand swapped with
    the stock's last face-down card give seat 0 the same information states, observations and
    tensors through two tricks in which seat 1 plays cards it holds in both; seat 1's own
    information state differs from the start."""
    pack = list(atout.load("schnapsen").pack)
    random.Random(5).shuffle(pack)
    first = dealt("schnapsen", pack)
    zones = first.atout_state.zones()
    hand1 = [c for c in first.atout_state.packs[0] if zones["hand1"] >> c & 1]
    stock = [c for c in pack if zones["stock"] >> c & 1 and not zones["trump_card"] >> c & 1]
    x, y = hand1[-1], stock[-1]  # y is drawn last, after the two tricks
    other = list(pack)
    i, j = other.index(x), other.index(y)
    other[i], other[j] = y, x
    second = dealt("schnapsen", other)
    assert second.atout_state.zones()["hand1"] == zones["hand1"] ^ (1 << x) ^ (1 << y)
    assert views_of(first, 1) != views_of(second, 1)
    kept = [c for c in hand1 if c != x]
    steps = 0
    while steps < 4:
        assert views_of(first, 0) == views_of(second, 0)
        assert first.current_player() == second.current_player()
        if first.current_player() == 1:
            legal = set(first.legal_actions()) & set(second.legal_actions())
            ids = [first.get_game().action_id(f"play {card_text(c)}") for c in kept]
            action = next(a for a in ids if a in legal)
            kept.remove(kept[ids.index(action)])
        else:
            action = first.legal_actions()[0]
            assert second.legal_actions() == first.legal_actions()
        first.apply_action(action)
        second.apply_action(action)
        steps += 1
    assert views_of(first, 0) == views_of(second, 0)


@pytest.mark.parametrize(
    "text",
    ["schnapsen", "schnapsen(manual_claim=true)", "seven_up", "seven_up(gift=true)", "river"],
)
def test_twin_matches_give_a_seat_the_same_information(text: str) -> None:
    """atout's conformance twins (the current deal's cards a seat has not seen moved elsewhere
    in the pack, the same actions replayed), dealt through the bridge's chance nodes: the seat's
    information state, observation and tensors are the same, though the hidden cards differ."""
    game = aos.load_game(text)
    conclusive = 0
    for seed in range(12):
        for seat in range(game.num_players()):
            pair = twin(game.atout_game, seed, steps=seed % 20 + 4, seat=seat)
            if pair is None:
                continue
            first, second = (bridged(game, s) for s in pair)
            if first.atout_state.zones() == second.atout_state.zones():
                continue  # only the never-seen rest of a River pack moved
            assert views_of(first, seat) == views_of(second, seat)
            conclusive += 1
    assert conclusive >= 10


def test_a_sealed_bid_is_hidden_until_the_last_bid() -> None:
    """River's simultaneous bids, taken one at a time: two matches that differ only in seat
    0's sealed bid give seats 1 and 2 the same information until seat 3, the last, bids; then
    every bid is shown."""
    game = aos.load_game("river(players=4,start_cards=3,simultaneous_bids=true)", dealer=0)
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    while state.is_chance_node():
        chance_step(state, rng)
    assert state.current_player() == 0
    first, second = state.clone(), state.clone()
    first.apply_action(game.action_id("bid 0"))
    second.apply_action(game.action_id("bid 1"))
    assert views_of(first, 0) != views_of(second, 0)
    for seat in (1, 2):
        assert first.current_player() == second.current_player() == seat
        for watcher in (1, 2, 3):
            assert views_of(first, watcher) == views_of(second, watcher)
        bid = game.action_id("bid 1")
        first.apply_action(bid)
        second.apply_action(bid)
    assert views_of(first, 1) == views_of(second, 1)
    first.apply_action(game.action_id("bid 1"))
    second.apply_action(game.action_id("bid 1"))
    for watcher in (1, 2, 3):
        assert views_of(first, watcher) != views_of(second, watcher)
    assert "bids_revealed bids=[0 1 1 1]" in first.information_state_string(2)
