"""Actions in words, as the terminal's buttons, hints and review say them: the card as the
object of the sentence, with its article in each language that has one."""

from __future__ import annotations

import pytest

from atout.cards import parse_card
from atout.core.actions import Discard, Play
from atout.i18n import Translator
from atout.tui.words import action_words


@pytest.mark.parametrize(
    ("lang", "play", "marriage", "discard"),
    [
        ("en", "play the queen of spades", "lead the king of hearts and declare the marriage",
         "discard the ace of clubs"),
        ("fr", "jouer la dame de pique", "entamer le roi de cœur et annoncer le mariage",
         "écarter l’as de trèfle"),  # noqa: RUF001 (the apostrophe)
        ("de", "die Pik-Dame spielen", "den Herz-König ausspielen und die Hochzeit ansagen",
         "das Kreuz-Ass ablegen"),
        ("da", "spil spar dame", "spil hjerter konge ud og meld ægteskabet", "læg klør es af"),
    ],
)  # fmt: skip
def test_a_card_action_names_its_card_with_the_article(
    lang: str, play: str, marriage: str, discard: str
) -> None:
    tr = Translator(lang)
    assert action_words(Play(parse_card("QS")), None, tr) == play
    assert action_words(Play(parse_card("KH"), marriage=True), None, tr) == marriage
    assert action_words(Discard(parse_card("AC")), None, tr) == discard
