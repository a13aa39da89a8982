"""Debian's Chromium for the browser tests, installed first if the machine lacks it.

The tests drive ``/usr/bin/chromium`` through Playwright's Python API and never run
``playwright install`` (it downloads a browser build of Playwright's own, which CI machines
cannot fetch). :func:`chromium` finds Debian's binary; if there is none and the tests run as
root with ``apt-get``, it installs Debian's ``chromium`` package non-interactively first, the way
:mod:`tests.server.postgres` installs PostgreSQL (a fresh CI machine starts without either).
"""

from __future__ import annotations

from pathlib import Path

from tests.debian import apt_install

__all__ = ["ARGS", "chromium"]

#: Where Debian's package puts the browser.
CHROMIUM = Path("/usr/bin/chromium")

#: Flags for a quiet headless browser in a container: no sandbox (root in a container has no
#: user namespaces to give it), no GPU, and none of the background traffic a first start makes.
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def chromium() -> Path:
    """The path of Debian's Chromium, installing it first if need be."""
    if not CHROMIUM.exists():
        apt_install("chromium", "Chromium (/usr/bin/chromium)")
    if not CHROMIUM.exists():
        raise RuntimeError(f"apt-get installed chromium but there is no {CHROMIUM}")
    return CHROMIUM
