"""A throwaway PostgreSQL server for the tests that use one (marked ``postgres``).

:func:`binaries` finds Debian's ``initdb`` and ``pg_ctl`` (``/usr/lib/postgresql/*/bin``, or
on ``PATH``); ``make test`` installs Debian's ``postgresql`` package first where it is missing
(``scripts/debian-packages``), the tests themselves install nothing.
:class:`Cluster` makes a cluster in a temporary directory (trust authentication, a free port on
127.0.0.1, its socket in that directory), starts it, creates databases, and removes it all
again. PostgreSQL refuses to run as root, so under root the cluster belongs to the
``postgres`` user the package creates.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

__all__ = ["Cluster", "binaries", "free_port"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _find() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).resolve().parent if on_path else None


def binaries() -> Path:
    """The directory holding ``initdb``, ``pg_ctl`` and ``createdb``; a clear error where
    PostgreSQL is not installed."""
    found = _find()
    if found is None:
        raise RuntimeError(
            "these tests run a PostgreSQL cluster and there is no initdb: run "
            "`scripts/debian-packages postgresql` (as `make test` does), or leave them out "
            "with `-m 'not postgres'`"
        )
    return found


class Cluster:
    """A PostgreSQL cluster of the tests' own, on ``127.0.0.1:port``."""

    def __init__(self) -> None:
        self.bin = binaries()
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="atout-pg-"))
        self.data = self.dir / "data"
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "postgres"
            owner = pwd.getpwnam("postgres")
            os.chown(self.dir, owner.pw_uid, owner.pw_gid)
        self._run("initdb", "-D", str(self.data), "-U", "atout", "--auth=trust", "-E", "UTF8")
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-o", options, "-w",
            "start",
        )  # fmt: skip
        self._databases = 0

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            [str(self.bin / tool), *args], user=self._user, capture_output=True, text=True,
            check=False, cwd=self.dir,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"{tool} failed: {done.stdout}{done.stderr}")

    def database(self) -> str:
        """A new empty database's URL."""
        self._databases += 1
        name = f"atout{self._databases}"
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "atout", name)
        return f"postgresql://atout@127.0.0.1:{self.port}/{name}"

    def stop(self) -> None:
        """Stop the server and remove the cluster."""
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
