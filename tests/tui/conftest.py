"""The terminal table's tests see the same terminal wherever they run: full colour (the
snapshots do not depend on ``TERM``), unless a test asks for another."""

from __future__ import annotations

import pytest
import textual.constants


@pytest.fixture(autouse=True)
def full_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """A truecolor terminal, with colour (a test may set ``NO_COLOR`` or 16 colours)."""
    monkeypatch.setattr(textual.constants, "COLOR_SYSTEM", "truecolor")
    monkeypatch.delenv("NO_COLOR", raising=False)
