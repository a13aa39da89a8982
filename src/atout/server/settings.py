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
    ``max_body`` bounds a request body in bytes (larger: 413), and ``max_record`` the
    body of a record opened for review (``POST /api/records``). ``host`` and ``port`` are only
    used to print the address. ``fixed_deals`` lets a table be created from given packs, first
    dealer and seed (``atout serve --fixed-deals``, for tests and demonstrations): whoever
    creates such a table knows every card, so a server strangers play on keeps it off.

    The quotas hold per client address (the peer of the connection, which behind a proxy
    is the proxy, unless ``forwarded_allow_ips`` names it) and per table, in this process's
    memory; ``0`` turns one off. They are answered
    with 429 (a websocket: close code 4429). ``max_tables_per_minute`` bounds the tables an
    address creates in any minute; ``max_hints_per_minute`` the hints an address asks for,
    ``max_table_hints_per_minute`` those asked at one table (each runs a bot);
    ``max_analyses_per_minute`` the analyses and duplicate challenges an address starts;
    ``max_sockets`` the websockets an address holds open at once, ``max_table_sockets`` those
    it holds on one table, and ``max_spectators`` the spectators' websockets (from every
    address) on one table. ``waiting_ttl`` is how long (seconds) a table may wait for its
    players with nobody joining (counted from its creation, or the last seat taken) before
    it expires (0: never). ``forwarded_allow_ips`` names the proxies (uvicorn's
    comma-separated addresses and networks, ``*`` for any) whose ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` headers are believed, so that the quotas count the clients behind
    them and invite links keep their ``https``; empty (the default), none is: anyone can
    write such a header."""

    db: URL = field(default_factory=lambda: database_url(None, data_dir()))
    grace: float = 60.0
    min_grace: float = MIN_GRACE
    standin: str = "medium"
    bot_workers: int = 0
    bot_timeout: float = 30.0
    max_bot_time: float = 10.0
    max_body: int = 16 * 1024
    # A record holds a whole match: Schnapsen's is a few kilobytes, a River of 8 players to
    # 10 cards about 30 kB. Eight times that still parses in milliseconds.
    max_record: int = 256 * 1024
    host: str = "127.0.0.1"
    port: int = 8000
    fixed_deals: bool = False

    # The quotas' defaults are for a server strangers play on: each is several times what a
    # person playing, or a program playing its bot against the levels, needs, and stops a
    # loop gone wrong or a flood long before the process runs short of anything.
    #
    # A table a minute is quick for a person; a program trying its bot makes one every few
    # seconds. 30 (one every 2 s, sustained) lets both through and keeps one address from
    # filling the database and the lobby at the speed of its network.
    max_tables_per_minute: int = 30
    # A hint runs the hint bot in the bot pool: a worker busy for a while. A player asks at
    # most once a decision, and decisions come every couple of seconds at the quickest: 30 a
    # minute at one table. An address may be a household or a school behind one NAT, at
    # several tables: 60 a minute.
    max_hints_per_minute: int = 60
    max_table_hints_per_minute: int = 30
    # An analysis values every decision of a match, a challenge plays a deal with the expert:
    # a worker busy for minutes. A person reviewing a match starts one of each mode and a few
    # challenges; 10 a minute lets that through and stops a client queueing hundreds.
    max_analyses_per_minute: int = 10
    # A browser tab holds one websocket, for the table it shows: 20 on one table is a player
    # with many tabs or a family watching from one address; 100 in all, a NAT of players.
    max_sockets: int = 100
    max_table_sockets: int = 20
    # Every update goes to every socket of its table: 200 spectators bound one table's share
    # of the process's sends. The seats' own sockets are never refused for it, so strangers
    # filling a table cannot lock its players out.
    max_spectators: int = 200
    # A day: an invite sent by mail or chat is answered the same day or the next; past that,
    # the table only clutters the lobby, and the memory of every process holding it.
    waiting_ttl: float = 24 * 3600.0
    forwarded_allow_ips: str = ""

    @property
    def is_sqlite(self) -> bool:
        """Whether the tables live in a SQLite file."""
        return self.db.get_backend_name() == "sqlite"

    @property
    def workers(self) -> int:
        """The bot pool's size."""
        return self.bot_workers or os.cpu_count() or 1
