"""The schema's Alembic migrations, run by :func:`atout.server.migrate.upgrade` at every start."""
