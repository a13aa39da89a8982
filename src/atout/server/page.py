"""The web table's page: ``/`` serves ``static/index.html``, ``/static`` its modules, styles
and icon, and ``/i18n`` its strings (the JSON catalogs of :mod:`atout.i18n`, which the terminal
table reads too). There is no build step: the files are served as they are in the package.

:data:`HEADERS` go with the page: a content security policy that lets it load only its own
scripts and styles and talk only to its own server (its websocket included), so that nothing
a player types or a server relays can run as script.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

import atout.i18n
from atout.i18n import LANGUAGES

__all__ = ["CATALOGS", "HEADERS", "STATIC", "catalog_files", "home", "icon", "static_files"]

#: The directory of the page's files.
STATIC = Path(__file__).with_name("static")

#: The directory of the string catalogs: a Python package, so it holds modules too.
CATALOGS = Path(atout.i18n.__file__).parent

#: The catalog paths ``/i18n`` serves: ``en.json`` …, and a sub-catalog's ``terminal/en.json``.
_CATALOG_PATH = re.compile(rf"(?:[a-z]+/)?(?:{'|'.join(LANGUAGES)})\.json")

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


class _Revalidated(StaticFiles):
    """Static files a browser keeps but asks about again before each use (``no-cache``): the
    names carry no version, so without it a browser may guess them fresh for days and run
    last release's modules against this release's server. Asking costs a 304 (the ETag)."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


def static_files() -> StaticFiles:
    """The app that serves the page's files (ETags let browsers keep them)."""
    return _Revalidated(directory=STATIC)


class _Catalogs(_Revalidated):
    """The catalogs' directory served as static files, but only its catalogs: the package's
    modules (``__init__.py``, ``__pycache__``) and anything else there are not found (404)."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        # ``path`` is normalised by StaticFiles (no ``.`` or ``..`` parts) before it gets here.
        if not _CATALOG_PATH.fullmatch(path.replace("\\", "/")):
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)


def catalog_files() -> StaticFiles:
    """The app that serves the string catalogs, as :func:`static_files` serves the page's files
    (the same ETags; JSON as ``application/json``)."""
    return _Catalogs(directory=CATALOGS)
