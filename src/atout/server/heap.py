"""Giving the C allocator's free memory back to the system.

A long-running server allocates and frees the same sizes over and over (a match's records,
JSON bodies, SQLite's buffers, websocket frames). glibc's ``malloc`` keeps what is freed for
reuse, and gives memory back to the system only from the top of each arena, so a heap whose
top holds one live block keeps every free page below it resident: the process's RSS creeps up
with no object leaking. ``malloc_trim(0)`` releases every free page of every arena. The table
service calls :func:`trim` after each round of forgetting finished tables (once a minute).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
from collections.abc import Callable

__all__ = ["trim"]


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` where the C library has none (musl, macOS,
    Windows): there, :func:`trim` does nothing."""
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name)
        function: Callable[[int], int] = libc.malloc_trim
    except (OSError, AttributeError, TypeError):
        return None
    return function


def trim() -> bool:
    """Give the allocator's free pages back to the system; whether any were (``False`` too
    where the C library cannot)."""
    function = _malloc_trim()
    return bool(function(0)) if function is not None else False
