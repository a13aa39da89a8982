"""The training example's smoke test: one short MaskablePPO update on the Schnapsen
environments, then the trained policy plays rated matches as an atout bot.

It needs the ``train`` extra (sb3-contrib and torch), which ``make test`` does not install
(torch is large): it runs where that extra is installed and is skipped, saying so, elsewhere.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib", reason="the train extra (sb3-contrib, torch) is not installed")

EXAMPLE = Path(__file__).parents[2] / "examples" / "train_schnapsen.py"


def _example():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("train_schnapsen", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_schnapsen"] = module
    spec.loader.exec_module(module)
    return module


def test_one_training_step_then_rated_matches(tmp_path: Path) -> None:
    example = _example()
    model = example.train(steps=256, minutes=2, seed=3, verbose=0)
    assert model.num_timesteps >= 256  # one rollout of 4 environments x 512 steps at least
    path = tmp_path / "ppo.zip"
    model.save(path)
    rows = example.evaluate(str(path), matches=2)
    assert [r["opponent"] for r in rows] == ["random", "easy", "medium"]
    for row in rows:
        assert row["matches"] == 2 and row["faults"] == 0
        assert 0.0 <= row["low"] <= row["score"] <= row["high"] <= 1.0
