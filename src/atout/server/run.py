"""``atout serve``: run the table server on uvicorn."""

from __future__ import annotations

import uvicorn

from atout.server.app import create_app
from atout.server.settings import Settings

__all__ = ["serve"]


def serve(settings: Settings) -> None:
    """Serve until interrupted (Ctrl-C or SIGTERM end it cleanly). uvloop and httptools are
    used when installed (the ``server`` extra installs them)."""
    app = create_app(settings, announce=True)
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws_max_size=64 * 1024,
        timeout_graceful_shutdown=5,
    )
