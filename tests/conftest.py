"""Test settings: hypothesis profiles, and fixtures shared by every test module."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

import atout

# "ci" (the default, used by `make test`) is bounded so that the suite stays well under its time
# budget; "dev" digs deeper for local runs: HYPOTHESIS_PROFILE=dev make pytest.
settings.register_profile(
    "ci",
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the ``patches_engine`` tests under the compiled engine: a method of a native class
    cannot be replaced. `make test` runs them in its pure-engine pass."""
    if atout.ENGINE != "compiled":
        return
    skip = pytest.mark.skip(reason="patches an engine method: runs in the pure engine pass")
    for item in items:
        if item.get_closest_marker("patches_engine"):
            item.add_marker(skip)
