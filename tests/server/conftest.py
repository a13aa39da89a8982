"""Fixtures of the server tests: a server process on SQLite, a PostgreSQL cluster of the tests'
own (installed first if the machine has none) and server processes on it.

``server`` runs a test once on each: the API, leak, impersonation and stand-in tests hold on
PostgreSQL as on SQLite."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.server.harness import ServerProcess
from tests.server.postgres import Cluster


@pytest.fixture(scope="session")
def sqlite_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One ``atout serve`` on a fresh SQLite file, shared by the tests that need no restart."""
    server = ServerProcess(tmp_path_factory.mktemp("sqlite")).start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """A throwaway PostgreSQL cluster on a free port."""
    cluster = Cluster()
    yield cluster
    cluster.stop()


@pytest.fixture(scope="session")
def postgresql_server(
    postgres: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProcess]:
    """One ``atout serve`` on a fresh PostgreSQL database, shared like ``sqlite_server``."""
    server = ServerProcess(tmp_path_factory.mktemp("postgresql"), postgres.database()).start()
    yield server
    server.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def server(request: pytest.FixtureRequest) -> ServerProcess:
    """The shared server on SQLite, then on PostgreSQL."""
    found: ServerProcess = request.getfixturevalue(f"{request.param}_server")
    return found


@pytest.fixture(scope="session")
def pg_pair(
    postgres: Cluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two ``atout serve`` processes on one PostgreSQL database."""
    url = postgres.database()
    pair = (
        ServerProcess(tmp_path_factory.mktemp("pg-a"), url).launch(),
        ServerProcess(tmp_path_factory.mktemp("pg-b"), url).launch(),
    )
    for server in pair:
        server.ready()
    yield pair
    for server in pair:
        server.stop()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[[str | None], ServerProcess]]:
    """Start server processes on a database URL (``None``: SQLite in this test's directory);
    every one still running is stopped at the end."""
    started: list[ServerProcess] = []

    def start(db: str | None) -> ServerProcess:
        server = ServerProcess(tmp_path / "data", db).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
