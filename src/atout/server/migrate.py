"""Bring a database's schema up to date: Alembic's ``upgrade head``, run at every start.

Two server processes starting at once on one PostgreSQL database take turns: the upgrade runs
in one transaction under an advisory lock, so the second finds the schema already current.
"""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Engine

__all__ = ["upgrade"]

#: An arbitrary 64-bit key naming the migration lock among PostgreSQL's advisory locks.
_LOCK = 0x61746F75745F6D67


def upgrade(engine: Engine) -> None:
    """Apply every migration the database lacks."""
    config = Config()
    config.set_main_option("script_location", "atout.server:migrations")
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
