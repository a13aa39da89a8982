"""Test settings: hypothesis profiles, and fixtures shared by every test module."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

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
