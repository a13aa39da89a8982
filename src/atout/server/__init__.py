"""The table server behind ``atout serve``: a JSON API over HTTP with an OpenAPI schema, one
websocket per seat, tables stored through SQLAlchemy (SQLite by default, PostgreSQL by URL).

The server is a face: it never computes a rule. It asks the state who acts, what is legal,
what each seat may see, and stores what happened. A table is its record: the seed (secret),
the pack of every deal and the append-only action log; replaying them rebuilds the state, which
is how every table resumes after a restart.

Modules, from the outside in:

- :mod:`~atout.server.app`: the FastAPI routes and the websocket (``create_app``);
- :mod:`~atout.server.schemas`, :mod:`~atout.server.errors`, :mod:`~atout.server.limits`:
  request and response shapes, the error bodies, the body-size limit;
- :mod:`~atout.server.service`: every operation on tables, and the order that makes them safe;
- :mod:`~atout.server.table`: a live table in memory, and the messages it sends;
- :mod:`~atout.server.sight`: what each seat has seen, and its own record with ``??``;
- :mod:`~atout.server.driver`, :mod:`~atout.server.botpool`: bots and stand-ins, thinking in
  worker processes;
- :mod:`~atout.server.broker`: several processes on one PostgreSQL database
  (LISTEN/NOTIFY, advisory-lock leases);
- :mod:`~atout.server.store`, :mod:`~atout.server.models`, :mod:`~atout.server.migrate`:
  the database, its schema and its Alembic migrations;
- :mod:`~atout.server.settings`, :mod:`~atout.server.run`: options and ``atout serve``.

The package itself imports nothing, so that the bot pool's worker processes, which import
:mod:`atout.server.botpool`, start without the web stack: ``from atout.server.app import
create_app``.
"""
