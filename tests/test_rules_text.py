"""Rules texts and rules objects: atout.load, canonical texts, unknown or contradictory options."""

from __future__ import annotations

import pytest

import atout
from atout.core.rules import parse_rules_text
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
