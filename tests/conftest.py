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


#: The fixtures that need a system package, and the marker of every test using one, so that
#: ``-m "not browser"`` or ``-m "not postgres"`` leaves them out where the package is missing.
NEEDS = {"browser": "browser", "postgres": "postgres", "postgresql_server": "postgres"}


def _needs(item: pytest.Item) -> set[str]:
    """The markers ``item`` earns by what it uses: a fixture of :data:`NEEDS`, or a database
    parameter (``db``, or a parametrized fixture) set to ``"postgresql"``, whose cluster the
    test asks for by name at run time."""
    names = set(getattr(item, "fixturenames", ()))
    found = {marker for fixture, marker in NEEDS.items() if fixture in names}
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "postgresql" in callspec.params.values():
        found.add("postgres")
    return found


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the tests that need Chromium or PostgreSQL (:func:`_needs`); skip the
    ``patches_engine`` tests under the compiled engine: a method of a native class cannot be
    replaced. `make test` runs them in its pure-engine pass."""
    for item in items:
        for marker in _needs(item):
            item.add_marker(marker)
    if atout.ENGINE != "compiled":
        return
    skip = pytest.mark.skip(reason="patches an engine method: runs in the pure engine pass")
    for item in items:
        if item.get_closest_marker("patches_engine"):
            item.add_marker(skip)
