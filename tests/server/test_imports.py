"""A server on SQLite never imports the PostgreSQL driver (issue 15, house-keeping): psycopg
and its C library are loaded only where a ``postgresql://`` URL is used."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# The whole life of a SQLite server, in a fresh interpreter: migrations, the bot pool, the
# broker, a table created and played on, then the modules it loaded.
_SERVE = """
import sys
from pathlib import Path
from fastapi.testclient import TestClient
from atout.server.app import create_app
from atout.server.settings import Settings, database_url

settings = Settings(db=database_url(None, Path(sys.argv[1])), bot_workers=1)
with TestClient(create_app(settings)) as client:
    assert client.get("/api/health").status_code == 200
    made = client.post("/api/tables", json={"game": "schnapsen", "seats": ["human", "random"]})
    assert made.status_code == 201, made.text
print(" ".join(sorted(name for name in sys.modules if name.split(".")[0] == sys.argv[2])))
"""


@pytest.mark.parametrize("module", ["psycopg", "psycopg_binary"])
def test_a_sqlite_server_does_not_import_the_postgresql_driver(tmp_path: Path, module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", _SERVE, str(tmp_path), module],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"a SQLite server imported {done.stdout.strip()}"
