"""The server's settings: where tables are stored and the limits it enforces.

``atout serve`` builds one :class:`Settings` from its options; tests build their own. Every
field has the default a person running ``atout serve`` with no options gets.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.engine import URL, make_url

__all__ = ["MIN_GRACE", "Settings", "data_dir", "database_url"]

#: The least grace period (seconds) a table may give its absent players before a stand-in
#: plays for them, unless the server is started with another (``--min-grace``). Shorter, a
#: player without an open websocket (a program speaking HTTP only) is away between any two of
#: its requests, and the stand-in plays their whole match.
MIN_GRACE = 10.0


def data_dir() -> Path:
    """The default data directory: ``$ATOUT_DATA_DIR``, else ``$XDG_DATA_HOME/atout``, else
    ``~/.local/share/atout``."""
    explicit = os.environ.get("ATOUT_DATA_DIR")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "atout"


def database_url(db: str | None, data: Path) -> URL:
    """The SQLAlchemy URL for ``--db``: ``None`` gives the SQLite file ``atout.db`` in the
    data directory; ``postgresql://`` (and ``postgres://``) URLs get the psycopg 3 driver;
    other URLs are taken as they are (``sqlite:///path.db``)."""
    if db is None:
        return make_url(f"sqlite:///{data / 'atout.db'}")
    if db.startswith("postgres://"):
        db = "postgresql://" + db[len("postgres://") :]
    url = make_url(db)
    if url.drivername == "postgresql":
        url = url.set(drivername="postgresql+psycopg")
    return url


@dataclass(frozen=True)
class Settings:
    """What a server process needs to know.

    ``db`` is a SQLAlchemy URL (see :func:`database_url`). ``grace`` and ``standin`` are the
    defaults of the table options of the same names; ``min_grace`` is the least grace a table
    may set (a table asking for less is refused). ``bot_workers`` is the size of the process
    pool the bots think in (0: one per CPU). ``bot_timeout`` is the wall-clock bound on one bot
    decision, past which a uniformly random legal action is played instead, and
    ``max_bot_time`` the most thinking time a table may give a bot (``hard(time=...)``).
    ``max_body`` bounds a request body in bytes (larger: 413). ``host`` and ``port`` are only
    used to print the address. ``fixed_deals`` lets a table be created from given packs, first
    dealer and seed (``atout serve --fixed-deals``, for tests and demonstrations): whoever
    creates such a table knows every card, so a server strangers play on keeps it off."""

    db: URL = field(default_factory=lambda: database_url(None, data_dir()))
    grace: float = 60.0
    min_grace: float = MIN_GRACE
    standin: str = "medium"
    bot_workers: int = 0
    bot_timeout: float = 30.0
    max_bot_time: float = 10.0
    max_body: int = 16 * 1024
    host: str = "127.0.0.1"
    port: int = 8000
    fixed_deals: bool = False

    @property
    def is_sqlite(self) -> bool:
        """Whether the tables live in a SQLite file."""
        return self.db.get_backend_name() == "sqlite"

    @property
    def workers(self) -> int:
        """The bot pool's size."""
        return self.bot_workers or os.cpu_count() or 1
