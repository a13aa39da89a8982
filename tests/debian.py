"""Debian packages the tests need (PostgreSQL, Chromium), installed by the tests themselves
when the machine lacks them: CI starts from a fresh machine that has only what the project
installs."""

from __future__ import annotations

import os
import shutil
import subprocess

__all__ = ["apt_install"]


def apt_install(package: str, what: str) -> None:
    """Install Debian's ``package`` non-interactively; ``what`` names it in the error raised
    when that is impossible (not root, or no apt-get)."""
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise RuntimeError(
            f"{what} is not installed and these tests can install it only as root with "
            f"apt-get: install Debian's {package} package"
        )
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "-q", "--no-install-recommends", package]
    if subprocess.run(install, env=env, capture_output=True, check=False).returncode != 0:
        # A machine that never fetched the package lists cannot find the package yet.
        subprocess.run(["apt-get", "update", "-q"], env=env, capture_output=True, check=True)
        subprocess.run(install, env=env, capture_output=True, check=True)
