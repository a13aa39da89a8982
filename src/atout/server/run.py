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
        # A view is a kilobyte or two of JSON: compressing every message for every socket cost
        # more CPU (a fifth of the server's, under load) than its bytes cost on any network.
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=5,
    )
