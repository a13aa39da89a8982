"""Debian's Chromium for the browser tests, installed first if the machine lacks it.

The tests drive ``/usr/bin/chromium`` through Playwright's Python API and never run
``playwright install`` (it downloads a browser build of Playwright's own, which CI machines
cannot fetch). :func:`chromium` finds Debian's binary; if there is none and the tests run as
root with ``apt-get``, it installs Debian's ``chromium`` package non-interactively first, the way
:mod:`tests.server.postgres` installs PostgreSQL (a fresh CI machine starts without either).
"""

from __future__ import annotations

import os
import shutil
import subprocess
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


def _install() -> None:
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise RuntimeError(
            "Chromium is not installed and these tests can install it only as root with "
            "apt-get: install Debian's chromium package (/usr/bin/chromium)"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", "chromium"]
    if subprocess.run(install, env=env, capture_output=True, check=False).returncode != 0:
        # A machine that never fetched the package lists cannot find the package yet.
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, check=True)
        subprocess.run(install, env=env, capture_output=True, check=True)


def chromium() -> Path:
    """The path of Debian's Chromium, installing it first if need be."""
    if not CHROMIUM.exists():
        _install()
    if not CHROMIUM.exists():
        raise RuntimeError(f"apt-get installed chromium but there is no {CHROMIUM}")
    return CHROMIUM
