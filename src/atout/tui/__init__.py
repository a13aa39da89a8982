"""The terminal table: a Textual app playing one match (or reviewing a finished one).

:func:`run` is the entry point ``atout play`` calls when its output is a terminal. Textual is
imported only there, so that :mod:`atout.tui.session` (which the line mode uses too) imports
without the ``tui`` extra.

Modules: ``session`` (one match without the screen), ``app`` (the app and its shared keys),
``table`` (the table screen and the loop of computer moves), ``hand``, ``trick``, ``felt``,
``seats``, ``controls``, ``scores``, ``log`` (the table's parts), ``summary`` (ends of deals
and of the match), ``review`` (a finished match step by step), ``rules``, ``keys`` (the rules
and the key help), ``handover`` (pass and play), ``cards``, ``seating``, ``views``, ``words``
(drawing cards, naming seats, reading views, actions in words).
"""

from __future__ import annotations

from atout.tui.session import Session

__all__ = ["run"]


def run(session: Session, *, lang: str, review: bool = False, bot_delay: float = 0.4) -> int:
    """Play ``session``'s match on from where it stands in a full-screen terminal table, in
    ``lang`` (one of :data:`atout.i18n.LANGUAGES`), until the person quits; with ``review``,
    step through its record instead (a finished match). ``bot_delay`` is the pause in
    seconds after each computer move, so that a person sees the card land. The session keeps
    its journal after every action, so quitting at any moment loses nothing. Returns the
    exit status (0). Needs the ``tui`` extra (Textual)."""
    from atout.tui.app import TableApp

    app = TableApp(session, lang=lang, review=review, bot_delay=bot_delay)
    app.run()
    return app.return_code or 0
