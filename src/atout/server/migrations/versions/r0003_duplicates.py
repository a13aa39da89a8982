"""The duplicate challenges, kept beside the analyses: a longer ``mode``.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Widen ``analyses.mode`` from 4 characters to 24, for ``duplicate:<deal>:<seat>``. In a
    batch: SQLite alters a column by copying its table."""
    with op.batch_alter_table("analyses") as batch:
        batch.alter_column("mode", type_=sa.String(24), existing_type=sa.String(4))


def downgrade() -> None:
    op.execute("DELETE FROM analyses WHERE mode LIKE 'duplicate:%'")
    with op.batch_alter_table("analyses") as batch:
        batch.alter_column("mode", type_=sa.String(4), existing_type=sa.String(24))
