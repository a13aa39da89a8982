"""The database schema: a table is its record.

Four tables, created and changed only by the migrations in :mod:`atout.server.migrations`:

- ``tables``: one row per table: its rules text, first dealer and secret seed, its options
  (``grace``, ``standin``), its status (``waiting`` for players, ``playing``, ``over``), the
  number of actions applied (``seq``) and, once over, the result.
- ``seats``: one row per seat: a bot spec or ``human``; for a human seat, the SHA-256 of its
  token once taken, or of its invite code while free (never the secrets themselves), the name
  the player gave, and when the seat was last seen.
- ``deals``: the pack of every deal begun, top card first, in card notation: chance is data,
  so a stored table replays even if the shuffle ever changed.
- ``actions``: the append-only action log. Its primary key ``(table_id, seq)`` makes the
  database the referee of races: of two writers of the same ``seq`` exactly one commits.

Replaying ``deals`` and ``actions`` through the engine rebuilds the state; nothing else about a
match is stored.

Beside them, ``analyses`` keeps what the coach made of finished tables, and ``players`` the
players who keep a history: a player is a secret key (its SHA-256 only) and a name, and a seat
taken with the key names its ``player_id``. History, statistics and ratings are read from the
finished tables those seats are at: nothing about a match is copied into them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, Float, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["ActionRow", "AnalysisRow", "Base", "DealRow", "PlayerRow", "SeatRow", "TableRow"]


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class TableRow(Base):
    """A table: the match's rules, chance and options, and where it stands."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    rules: Mapped[str] = mapped_column(String(500))
    dealer: Mapped[int] = mapped_column(Integer)
    #: Secret while the match is played: it tells every unseen card.
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(10), index=True)
    seq: Mapped[int] = mapped_column(Integer, default=0)
    grace: Mapped[float] = mapped_column(Float)
    standin: Mapped[str] = mapped_column(String(100))
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SeatRow(Base):
    """A seat: who plays it, and for a human seat the hashes that admit its player."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``human``, or the bot spec that plays the seat.
    player: Mapped[str] = mapped_column(String(100))
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    last_seen: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: The player (:class:`PlayerRow`) who took the seat with their key, if they gave one.
    player_id: Mapped[str | None] = mapped_column(
        String(16), ForeignKey("players.id", ondelete="SET NULL"), nullable=True, index=True
    )


class DealRow(Base):
    """The pack of one deal (from 0), as space-separated card texts, top card first."""

    __tablename__ = "deals"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    deal: Mapped[int] = mapped_column(Integer, primary_key=True)
    pack: Mapped[str] = mapped_column(Text)


class ActionRow(Base):
    """One applied action: the ``seq``-th of its table (from 1), the seat that took it, its
    text, and who chose it (``seat``: the seat's player; otherwise the bot spec, prefixed
    ``standin:`` when a bot played for an absent human)."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(100))
    by: Mapped[str] = mapped_column(String(110))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class AnalysisRow(Base):
    """What the coach made of a finished table, made once and kept with it: its analysis
    (:meth:`atout.coach.Analysis.to_dict`) in one ``mode`` (``view`` or ``open``), or a
    duplicate challenge (:meth:`atout.duplicate.Duplicate.to_dict`) under the mode
    ``duplicate:<deal>:<seat>``."""

    __tablename__ = "analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    mode: Mapped[str] = mapped_column(String(24), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PlayerRow(Base):
    """A player who keeps a history: the SHA-256 of their secret key (the key itself is
    shown to them once, never stored) and the name they go by."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
