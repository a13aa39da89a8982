"""The rating ladder as a picture: one bar per bot with its 95% interval (matplotlib)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

__all__ = ["ladder"]


def ladder(report: dict[str, Any], path: Path) -> None:
    """Draw the bots' ratings, best at the top, with error bars, to ``path`` (PNG, SVG, ...)."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no screen needed
    import matplotlib.pyplot as plt

    rows = []
    for row in report["per_bot"]:
        if row.get("elo") and row["elo"]["value"] is not None:
            e = row["elo"]
            low = e["low"] if e["low"] is not None else e["value"]
            high = e["high"] if e["high"] is not None else e["value"]
            rows.append((row["spec"], e["value"], e["value"] - low, high - e["value"]))
        elif row.get("openskill"):
            o = row["openskill"]
            rows.append((row["spec"], o["mu"], 2 * o["sigma"], 2 * o["sigma"]))
    rows.sort(key=lambda r: r[1])
    label = (
        "Elo (Bradley-Terry, 95%)"
        if report["per_bot"] and "elo" in report["per_bot"][0]
        else ("OpenSkill mu (± 2 sigma)")
    )
    fig, ax = plt.subplots(figsize=(7, 0.6 * len(rows) + 1.5))
    ax.errorbar(
        [r[1] for r in rows],
        range(len(rows)),
        xerr=[[r[2] for r in rows], [r[3] for r in rows]],
        fmt="o",
        capsize=4,
    )
    ax.set_yticks(range(len(rows)), [r[0] for r in rows])
    ax.set_xlabel(label)
    ax.set_title(f"{report['rules']}: {report['played']} {report['unit']}s")
    ax.grid(axis="x", alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
