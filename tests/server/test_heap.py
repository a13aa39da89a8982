"""The allocator's free memory given back (atout.server.heap): what keeps a long-running
server's resident memory flat when a freed heap is pinned by one block on its top."""

from __future__ import annotations

import os
import sys

import pytest

from atout.server import heap


def _rss_kb() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's malloc_trim")
def test_trim_gives_back_the_pages_a_pinned_heap_keeps() -> None:
    # 64 MB in blocks malloc takes from the heap (over Python's 512-byte small objects, under
    # malloc's mmap threshold), written so that their pages are resident.
    blocks = [bytearray(b"x" * 2048) for _ in range(32_768)]
    pin = bytearray(b"y" * 2048)  # the heap's top: free() alone cannot shrink past it
    before = _rss_kb()
    del blocks
    freed = _rss_kb()
    assert before - freed < 16_000, "freed below a live block: malloc keeps the pages"
    assert heap.trim()
    after = _rss_kb()
    assert freed - after > 40_000, (before, freed, after)
    del pin
