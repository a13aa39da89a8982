"""The API a bot writer programs against: what ``atout`` exports, the bot protocol, views that
check their seat, the driver loop for seats deciding at once, and the public card order."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

import atout
from atout.bots import uses_view
from atout.river.tables import BEATS
from atout.schnapsen.tables import FOLLOWER_WINS

GAMES = ("schnapsen", "seven_up", "river")


def test_every_exported_name_resolves() -> None:
    for name in atout.__all__:
        assert getattr(atout, name) is not None, name
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _ = atout.Nope  # type: ignore[attr-defined]


def test_what_a_bot_needs_is_exported() -> None:
    assert atout.Play(card=atout.parse_card("QS")).card == atout.parse_card("QS")
    assert str(atout.Bid(3)) == "bid 3"
    for name in ("Stand", "Beg", "Give", "Run", "Exchange", "Close", "Claim", "Pass", "Discard"):
        assert issubclass(getattr(atout, name), atout.Action)
    for game, view in (("schnapsen", "SchnapsenView"), ("seven_up", "SevenUpView"),
                       ("river", "RiverView")):  # fmt: skip
        state = atout.load(game).new_match(seed=1)
        assert type(state.view(0)) is getattr(atout, view)
        assert isinstance(state.view(0), atout.View)
        assert type(atout.load(game).rules) is getattr(atout, view.replace("View", "Rules"))
    assert issubclass(atout.IllegalAction, ValueError)


class _Plain:
    """A bot as the README describes it: no base class, no ``uses_view``, answers in text."""

    name = "plain"
    version = "1"

    def choose(
        self, view: atout.View, legal_actions: Sequence[atout.Action], rng: random.Random
    ) -> str:
        return str(legal_actions[-1])


def test_a_plain_object_is_a_bot_and_may_answer_in_text() -> None:
    bot = _Plain()
    assert isinstance(bot, atout.Bot)
    assert uses_view(bot)  # no ``uses_view``: it gets the full view
    assert not uses_view(atout.bots.RandomBot())
    from atout.arena.play import play_unit
    from atout.arena.schedule import Unit

    result = play_unit(
        "schnapsen", (f"{__name__.replace('.', '/')}.py:_Plain", "random"),
        Unit(index=0, seed=5, group=0, arrangement=0, seats=(0, 1)), deals=False,
    )  # fmt: skip
    assert not result.faults


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seat", [-1, 9, True, "0", 1.0])
def test_view_names_a_bad_seat(game: str, seat: object) -> None:
    state = atout.load(game).new_match(seed=1)
    with pytest.raises(
        ValueError, match=r"a view is for a seat from 0 to \d or None \(a spectator\), not"
    ):
        state.view(seat)  # type: ignore[arg-type]


def test_view_of_several_seats_says_how_to_view_them() -> None:
    state = atout.load("river(simultaneous_bids=true)").new_match(seed=1)
    assert isinstance(state.to_act, frozenset)
    with pytest.raises(ValueError, match=r"view each of them \(for seat in state.acting_seats\)"):
        state.view(state.to_act)  # type: ignore[arg-type]
    assert state.acting_seats == (0, 1, 2, 3)
    assert state.view(None).seat is None  # a spectator


@pytest.mark.parametrize(
    "rules", ["schnapsen", "seven_up(gift=true)", "river(players=5,simultaneous_bids=true)"]
)
def test_acting_seats_drive_every_variant(rules: str) -> None:
    state = atout.load(rules).new_match(seed=4)
    rng = random.Random(4)
    while not state.is_over:
        seats = state.acting_seats
        to_act = state.to_act
        assert seats == ((to_act,) if isinstance(to_act, int) else tuple(sorted(to_act or ())))
        seat = seats[-1]  # any of them may act first
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert state.acting_seats == ()


def test_card_orders() -> None:
    assert atout.load("schnapsen").rank_letters == ("A", "10", "K", "Q", "J")
    assert atout.load("seven_up").rank_letters[:5] == ("A", "K", "Q", "J", "10")
    river = atout.load("river")
    assert river.rank_letters[-1] == "2" and len(river.rank_letters) == 13
    schnapsen = atout.load("schnapsen")
    assert [schnapsen.strength(c) for c in ("JH", "QH", "KH", "10H", "AH")] == [0, 1, 2, 3, 4]
    with pytest.raises(ValueError, match="9H is not a card of the Schnapsen pack"):
        schnapsen.strength("9H")


def test_beats_and_trick_winner_by_hand() -> None:
    """RULES.md §3 "Cards": the Ten ranks above the King in Schnapsen, not in River; a trump
    takes any card of another suit; a card of neither the suit led nor trumps never wins."""
    schnapsen, river = atout.load("schnapsen"), atout.load("river")
    assert schnapsen.beats("10H", "KH", trump="S")
    assert not river.beats("10H", "KH", trump="S")
    assert river.beats("2S", "AH", trump="S") and not river.beats("2S", "AH", trump=None)
    assert not river.beats("AC", "2H", trump="S", led="H")
    assert river.beats("2H", "AC", trump="S", led="H")
    assert river.trick_winner(["5H", "AC", "KH", "2S"], trump="S") == 3
    assert river.trick_winner(["5H", "AC", "KH", "2D"], trump=None) == 2
    with pytest.raises(ValueError, match="not a suit"):
        river.beats("5H", "6H", trump="X")
    with pytest.raises(ValueError, match="at least one card"):
        river.trick_winner([], trump=0)


def test_beats_agrees_with_the_engines_tables() -> None:
    """The public helper and the engines' own trick tables are two writings of one rule."""
    schnapsen = atout.load("schnapsen")
    pack = schnapsen.pack
    for trump in range(4):
        for lead in pack:
            for follow in pack:
                if follow != lead:
                    want = bool(FOLLOWER_WINS[trump][lead * 52 + follow])
                    assert schnapsen.beats(follow, lead, trump) == want, (trump, lead, follow)
    river = atout.load("river")
    for trump in range(-1, 4):
        for best in range(52):
            for c in range(52):
                if c != best:
                    want = bool(BEATS[trump + 1][best * 52 + c])
                    assert river.beats(c, best, None if trump < 0 else trump) == want


@pytest.mark.parametrize("rules", ["schnapsen", "seven_up", "river(players=4)"])
def test_trick_winner_agrees_with_every_trick_played(rules: str) -> None:
    game = atout.load(rules)
    tricks = 0
    for seed in range(30):
        state = game.new_match(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = state.view(None)
            history = getattr(view, "history", None)
            for trick in history if isinstance(history, tuple) else view.tricks:  # type: ignore[attr-defined]
                trump = view.trump  # type: ignore[attr-defined]
                won = game.trick_winner(trick.cards, trump)
                assert (trick.leader + won) % game.seats == trick.winner, (seed, trick)
                tricks += 1
            seat = state.acting_seats[0]
            state.apply(rng.choice(state.legal_actions(seat)), seat)
    assert tricks > 100


def test_the_cli_reads_bot_lists_with_the_loaders_split() -> None:
    from atout.bots.loader import split_specs
    from atout.cli import arena

    assert not hasattr(arena, "_split_specs")
    assert split_specs("hard(time=0.2,seed=1),random") == ["hard(time=0.2,seed=1)", "random"]
    with pytest.raises(atout.RulesError, match="comma-separated list of bot specs"):
        split_specs("random,,hard")
