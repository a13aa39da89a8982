"""Cards, card sets and notation (atout.cards)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from atout.cards import (
    FULL_PACK,
    SCHNAPSEN_PACK,
    CardSet,
    Rank,
    Suit,
    bits,
    card,
    card_name,
    card_text,
    parse_card,
    parse_cards,
    rank_name,
    suit_name,
)
from atout.errors import NotationError

cards = st.integers(0, 51)


def test_cards_are_suit_major() -> None:
    assert card(Rank.TWO, Suit.CLUBS) == 0
    assert card(Rank.ACE, Suit.CLUBS) == 12
    assert card(Rank.TWO, Suit.DIAMONDS) == 13
    assert card(Rank.ACE, Suit.SPADES) == 51
    assert parse_card("QS") == 3 * 13 + Rank.QUEEN
    assert [card_text(c) for c in (0, 8, 12, 51)] == ["2C", "10C", "AC", "AS"]


def test_packs() -> None:
    assert tuple(range(52)) == FULL_PACK
    assert sorted(card_text(c) for c in SCHNAPSEN_PACK) == sorted(
        f"{r}{s}" for r in ("A", "10", "K", "Q", "J") for s in "CDHS"
    )


@pytest.mark.parametrize(
    ("text", "want"),
    [("QS", "QS"), ("qs", "QS"), ("10h", "10H"), ("Th", "10H"), ("t♥", "10H"), ("A♣", "AC"),
     ("K♦", "KD"), ("2♠", "2S"), (" JD ", "JD"), ("Q♤", "QS")],
)  # fmt: skip
def test_parse_accepts_the_common_forms(text: str, want: str) -> None:
    assert card_text(parse_card(text)) == want


@pytest.mark.parametrize("text", ["", "Q", "1S", "11H", "QX", "ZS", "10", "QSS", "0S"])
def test_parse_rejects_with_the_forms(text: str) -> None:
    with pytest.raises(NotationError, match=r"rank .* then the suit"):
        parse_card(text)


@given(cards, st.booleans(), st.sampled_from(["10", "T"]))
def test_every_format_parses_back(c: int, symbols: bool, ten: str) -> None:
    text = card_text(c, symbols=symbols, ten=ten)
    assert parse_card(text) == c
    assert parse_card(text.lower()) == c


def test_card_text_rejects_non_cards() -> None:
    with pytest.raises(ValueError, match="not a card"):
        card_text(52)


@given(st.sets(cards))
def test_card_set_round_trips_and_behaves_like_a_set(s: set[int]) -> None:
    cs = CardSet(s)
    assert set(cs) == s and len(cs) == len(s) and bool(cs) == bool(s)
    assert CardSet.parse(str(cs)) == cs
    assert CardSet.parse(cs.texts()) == cs
    assert list(cs) == sorted(s) == list(bits(cs.mask))
    for c in range(52):
        assert (c in cs) == (c in s)


@given(st.sets(cards), st.sets(cards))
def test_card_set_operators(a: set[int], b: set[int]) -> None:
    x, y = CardSet(a), CardSet(b)
    assert set(x | y) == a | b
    assert set(x & y) == a & b
    assert set(x - y) == a - b
    assert set(x ^ y) == a ^ b
    assert x.issubset(x | y)
    assert set(x.of_suit(2)) == {c for c in a if c // 13 == 2}


def test_card_set_is_immutable_and_hashable() -> None:
    cs = CardSet.parse("QS 10H")
    with pytest.raises(AttributeError):
        cs._mask = 0  # type: ignore[misc]
    assert {cs: 1}[CardSet.parse(["10H", "QS"])] == 1
    assert repr(cs) == "CardSet('10H QS')"
    with pytest.raises(ValueError, match="not a card mask"):
        CardSet(1 << 52)


def test_parse_cards_takes_text_or_lists() -> None:
    assert parse_cards("QS, 10H AC") == parse_cards(["QS", "10H", "AC"])


def test_display_names_in_four_languages() -> None:
    qs = parse_card("QS")
    assert card_name(qs, "en") == "queen of spades"
    assert card_name(qs, "fr") == "dame de pique"
    assert card_name(qs, "de") == "Pik-Dame"
    assert card_name(qs, "da") == "spar dame"
    # Schnapsen's German names.
    assert [rank_name(r, "de") for r in (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK)] == [
        "Ass", "Zehn", "König", "Dame", "Bube"]  # fmt: skip
    assert suit_name(Suit.HEARTS, "fr") == "cœur"
    with pytest.raises(ValueError, match="choose one of en, fr, de, da"):
        card_name(qs, "xx")
