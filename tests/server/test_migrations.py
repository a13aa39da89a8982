"""The migrations make exactly the schema the models describe: Alembic's autogenerate finds
nothing to change on a database they built, on SQLite and PostgreSQL. A model changed without
its migration (or a migration that drifts from its model) fails here."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from atout.server import migrate
from atout.server.models import Base


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_the_migrations_build_the_models_schema(
    db: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    if db == "sqlite":
        url = f"sqlite:///{tmp_path / 'atout.db'}"
    else:
        url = str(request.getfixturevalue("postgres").database())
    engine = create_engine(url)
    try:
        migrate.upgrade(engine)
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            assert compare_metadata(context, Base.metadata) == []
    finally:
        engine.dispose()
