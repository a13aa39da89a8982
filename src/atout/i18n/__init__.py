"""Every string the faces show, in English, French, German and Danish: one catalog for all.

The catalogs are JSON (``en.json``, ``fr.json``, ``de.json``, ``da.json`` beside this module):
the web table loads them as they are, the terminal table through :class:`Translator`. A face's
own strings may live in a sub-catalog (``terminal/en.json`` …), merged over the common one.

An entry is a string with ``{name}`` placeholders, or a plural: ``{"plural": "n", "one": "1
card", "other": "{n} cards"}`` picks by the number in the named placeholder. Keys ending in
``.you`` are the sentence about the reader's own seat; the plain key is about another seat,
named ``{who}``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

from atout.cards import card_name, parse_card, suit_name

__all__ = ["LANGUAGES", "Translator", "catalog", "language_from_env", "missing_keys"]

#: The languages every catalog is written in, English first (the fallback).
LANGUAGES = ("en", "fr", "de", "da")

_SUITS = "CDHS"
_PLACEHOLDER = re.compile(r"\{(\w+)\}")
#: Languages whose readers read one of ours best.
_NEAREST = {"nb": "da", "nn": "da", "no": "da"}


@cache
def catalog(lang: str, extra: str | None = None) -> Mapping[str, Any]:
    """The entries of ``lang`` (the common catalog, with sub-catalog ``extra`` merged over
    it). Raises ``ValueError`` for a language atout is not written in."""
    if lang not in LANGUAGES:
        raise ValueError(f"atout speaks {', '.join(LANGUAGES)}, not {lang!r}")
    root = resources.files(__name__)
    entries: dict[str, Any] = json.loads((root / f"{lang}.json").read_text(encoding="utf-8"))
    if extra is not None:
        entries.update(json.loads((root / extra / f"{lang}.json").read_text(encoding="utf-8")))
    return entries


def missing_keys(extra: str | None = None) -> list[str]:
    """``lang:key`` for every key some language lacks or has beyond English (none, say the
    tests), and for every plural whose forms are not ``plural``, ``one`` and ``other``."""
    en = catalog("en", extra)
    out = []
    for lang in LANGUAGES:
        entries = catalog(lang, extra)
        out += [f"{lang}:{k}" for k in en if k not in entries]
        out += [f"en:{k}" for k in entries if k not in en]
        for key, entry in entries.items():
            if isinstance(entry, dict) and set(entry) != {"plural", "one", "other"}:
                out.append(f"{lang}:{key} (plural forms)")
    return out


def _one(lang: str, n: Any) -> bool:
    """Whether ``n`` takes the singular: 1 in English, German and Danish; 0 and 1 in French."""
    try:
        value = float(n)
    except (TypeError, ValueError):
        return False
    return value <= 1 if lang == "fr" else value == 1


class Translator:
    """Strings in one language: ``tr("cards_n", n=3)`` gives ``"3 cards"``.

    ``extra`` names a sub-catalog merged over the common one (``"terminal"``). A key missing
    in the language falls back to English (and English's plural rule), and a key missing
    there to itself, so that a forgotten string shows as its key rather than failing."""

    def __init__(self, lang: str = "en", extra: str | None = None) -> None:
        self.lang = lang
        self.extra = extra
        self._entries = catalog(lang, extra)
        self._english = catalog("en", extra)

    def __call__(self, key: str, **values: Any) -> str:
        lang = self.lang
        entry = self._entries.get(key)
        if entry is None:
            # English words take English plurals: its "one" form may say "1" outright.
            lang, entry = "en", self._english.get(key)
        if entry is None:
            return key
        if isinstance(entry, dict):
            entry = entry["one"] if _one(lang, values.get(entry["plural"])) else entry["other"]
        text: str = entry
        return _PLACEHOLDER.sub(
            lambda m: str(values[m.group(1)]) if m.group(1) in values else m.group(0), text
        )

    def cap(self, key: str, **values: Any) -> str:
        """The string with its first letter capitalised (a sentence that starts with a name)."""
        return capitalise(self(key, **values))

    def has(self, key: str) -> bool:
        """Whether the catalog holds ``key``."""
        return key in self._english

    def suit(self, suit: str) -> str:
        """A suit's name from its letter: ``H`` is "hearts", "cœur", "Herz", "hjerter"."""
        return suit_name(_SUITS.index(suit), self.lang)

    def card_name(self, card: str) -> str:
        """A card's name: "queen of spades", "dame de pique", "Pik-Dame", "spar dame"."""
        return card_name(parse_card(card), self.lang)

    def card_phrase(self, card: str) -> str:
        """A card's name as the object of a sentence: "the queen of spades", "la dame de
        pique", "die Pik-Dame" (accusative in German: "den Pik-König"), "spar dame"."""
        c = parse_card(card)
        name = card_name(c, self.lang)
        rank = c % 13  # 9 jack, 10 queen, 11 king, 12 ace
        if self.lang == "en":
            return f"the {name}"
        if self.lang == "fr":
            if rank == 12:
                return f"l’{name}"  # noqa: RUF001 (the typographic apostrophe)
            return ("la " if rank == 10 else "le ") + name
        if self.lang == "de":
            article = "das" if rank == 12 else "den" if rank in (9, 11) else "die"
            return f"{article} {name}{'n' if rank == 9 else ''}"
        return name


def capitalise(text: str) -> str:
    """``text`` with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def language_from_env(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as POSIX orders it: ``LANGUAGE`` (a colon list
    of preferences), then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``. ``fr_FR.UTF-8`` is French;
    Norwegian readers get Danish; ``C``, ``POSIX``, unset or a language atout is not written
    in give English."""
    import os

    env = os.environ if environ is None else environ
    tags: list[str] = []
    if env.get("LANGUAGE"):
        tags += env["LANGUAGE"].split(":")
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            tags.append(env[name])
            break
    for tag in tags:
        base = re.split(r"[_.@-]", tag.strip().lower(), maxsplit=1)[0]
        base = _NEAREST.get(base, base)
        if base in LANGUAGES:
            return base
    return "en"
