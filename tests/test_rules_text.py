"""Rules texts and rules objects: atout.load, canonical texts, unknown or contradictory options."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

import atout
from atout.core.rules import parse_rules_text
from atout.games import game_class
from atout.schnapsen import SchnapsenRules


def test_defaults_are_the_rule_book() -> None:
    rules = atout.load("schnapsen").rules
    assert rules == SchnapsenRules()
    assert rules.to_dict() == {
        "closer_fail_tricks_at_end": False,
        "manual_claim": False,
        "last_trick_ten": False,
    }


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("schnapsen", "schnapsen"),
        ("schnapsen()", "schnapsen"),
        (" schnapsen ( manual_claim = TRUE ) ", "schnapsen(manual_claim=true)"),
        ("schnapsen(manual_claim=false)", "schnapsen"),
        (
            "schnapsen(last_trick_ten=1,manual_claim=yes)",
            "schnapsen(manual_claim=true,last_trick_ten=true)",
        ),
    ],
)
def test_canonical_text_round_trips(text: str, canonical: str) -> None:
    game = atout.load(text)
    assert game.text == canonical
    assert atout.load(canonical).rules == game.rules
    assert SchnapsenRules.from_dict(game.rules.to_dict()) == game.rules


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("chess", atout.RulesError, "there is no game 'chess'; the games are: schnapsen"),
        ("schnapsen(foo=true)", atout.RulesError, "has no option 'foo'; its options are"),
        ("schnapsen(manual_claim=maybe)", atout.RulesError, "manual_claim is true or false"),
        ("schnapsen(manual_claim=true,manual_claim=false)", atout.RulesError, "given twice"),
        ("schnapsen(manual_claim)", atout.NotationError, "write key=value"),
        ("schnapsen[x]", atout.NotationError, "cannot read"),
    ],
)
def test_bad_texts_raise_clear_errors(text: str, error: type[Exception], match: str) -> None:
    with pytest.raises(error, match=match):
        atout.load(text)


def test_typed_values_are_checked() -> None:
    with pytest.raises(atout.RulesError, match="true or false"):
        SchnapsenRules(manual_claim=3)  # type: ignore[arg-type]


def test_parse_rules_text() -> None:
    assert parse_rules_text("river(players=6,start_cards=5)") == (
        "river",
        {"players": "6", "start_cards": "5"},
    )


def test_variants_for_the_kit() -> None:
    from atout.schnapsen import Schnapsen

    assert Schnapsen.variants() == [
        "schnapsen",
        "schnapsen(closer_fail_tricks_at_end=true)",
        "schnapsen(manual_claim=true)",
        "schnapsen(last_trick_ten=true)",
    ]


@st.composite
def _rules(draw: st.DrawFn) -> atout.Rules:
    """Any valid rules object of any game: each option drawn (numbers within their range)."""
    name = draw(st.sampled_from(atout.names()))
    cls = game_class(name).rules_type
    options: dict[str, object] = {}
    for f in dataclasses.fields(cls):
        if f.type in (bool, "bool"):
            options[f.name] = draw(st.booleans())
    if name == "river":
        players = draw(st.integers(3, 8))
        options["players"] = players
        options["start_cards"] = draw(st.integers(0, 52 // players))
        if options["no_hook"] and options["simultaneous_bids"]:
            options["no_hook"] = False  # they contradict: tested above
    return cls(**options)  # type: ignore[arg-type]


@given(_rules())
def test_every_rules_text_round_trips(rules: atout.Rules) -> None:
    """The canonical text of any rule set of any game loads back to the same rules, and is the
    text of the loaded game; options out of order or spelled out in full read the same."""
    game = atout.load(rules.text)
    assert game.rules == rules and game.text == rules.text
    spelled = ",".join(f"{k}={str(v).lower()}" for k, v in reversed(rules.to_dict().items()))
    assert atout.load(f"{rules.game}({spelled})").rules == rules


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("seven_up(gift=true,gift=false)", "option 'gift' is given twice"),
        ("seven_up(count_out=7)", "count_out is true or false, not '7'"),
        ("river(players=4,start_cards=14)", "start_cards is at most 13 for 4 players"),
        ("river(no_hook=true,simultaneous_bids=true)", "contradict each other"),
        ("river(players=2)", "3 to 8 players, not 2"),
        ("river(manual_claim=true)", "river has no option 'manual_claim'; its options are"),
    ],
)
def test_other_games_bad_texts_raise_clear_errors(text: str, match: str) -> None:
    with pytest.raises(atout.RulesError, match=match):
        atout.load(text)
