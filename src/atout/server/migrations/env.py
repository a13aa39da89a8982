"""Alembic's environment: migrations run on the connection :mod:`atout.server.migrate` hands
over (in its transaction, under its lock), never on a URL of their own."""

from __future__ import annotations

from alembic import context
from sqlalchemy.engine import Connection

from atout.server.models import Base

connection = context.config.attributes["connection"]
assert isinstance(connection, Connection)
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
