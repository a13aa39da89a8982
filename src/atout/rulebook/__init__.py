"""The rules of each game as players read them, in English, French, German and Danish.

These texts are written from ``RULES.md`` (the authority) for people at the table; each game
has ``<game>.<lang>.md`` here. :func:`text` gives one, :func:`languages` says which exist.
"""

from __future__ import annotations

from importlib import resources

from atout.cards import LANGUAGES

__all__ = ["languages", "text"]


def languages(game: str) -> list[str]:
    """The languages the rules of ``game`` are written in, English first."""
    root = resources.files(__name__)
    return [lang for lang in LANGUAGES if root.joinpath(f"{game}.{lang}.md").is_file()]


def text(game: str, lang: str = "en") -> str:
    """The rules of ``game`` in ``lang``; a clear :class:`ValueError` if there is no such text."""
    have = languages(game)
    if not have:
        raise ValueError(f"there are no written rules for {game!r}")
    if lang not in have:
        raise ValueError(f"the rules of {game} are written in {', '.join(have)}, not {lang!r}")
    return resources.files(__name__).joinpath(f"{game}.{lang}.md").read_text(encoding="utf-8")
