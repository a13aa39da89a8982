"""Debian's Chromium for the browser tests (marked ``browser``).

The tests drive ``/usr/bin/chromium`` through Playwright's Python API and never run
``playwright install`` (it downloads a browser build of Playwright's own, which CI machines
cannot fetch). ``make test`` installs Debian's ``chromium`` package first where it is missing
(``scripts/debian-packages``); the tests themselves install nothing.
"""

from __future__ import annotations

from pathlib import Path

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
    """The path of Debian's Chromium; a clear error where it is not installed."""
    if not CHROMIUM.exists():
        raise RuntimeError(
            f"the browser tests drive Debian's Chromium and there is no {CHROMIUM}: run "
            "`scripts/debian-packages chromium` (as `make test` does), or leave them out with "
            "`-m 'not browser'`"
        )
    return CHROMIUM
