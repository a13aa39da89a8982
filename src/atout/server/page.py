"""The web table's page: ``/`` serves ``static/index.html``, and ``/static`` its modules,
styles and icon. There is no build step: the files are served as they are in the package.

:data:`HEADERS` go with the page: a content security policy that lets it load only its own
scripts and styles and talk only to its own server (its websocket included), so that nothing
a player types or a server relays can run as script.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from starlette.staticfiles import StaticFiles

__all__ = ["HEADERS", "STATIC", "home", "icon", "static_files"]

#: The directory of the page's files.
STATIC = Path(__file__).with_name("static")

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-cache",
}


@cache
def home() -> str:
    """The page's HTML (read once)."""
    return (STATIC / "index.html").read_text(encoding="utf-8")


@cache
def icon() -> bytes:
    """The page's icon (SVG)."""
    return (STATIC / "icon.svg").read_bytes()


def static_files() -> StaticFiles:
    """The app that serves the page's files (ETags let browsers keep them)."""
    return StaticFiles(directory=STATIC)
