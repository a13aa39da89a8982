"""The engine's C modules (``atout.core._shuffle``, ``atout.core._frozen``,
``atout.bots._dealsolve``): each is the twin of a Python function of a compiled module, and is
used only where that module itself runs compiled.

Under the pure engine (``ATOUT_PURE=1``, or a build older than its sources: see
:mod:`atout._engine`) the import hook prefers sources to extensions, but a C module has no
source, so it would still load: the module asking checks its own file instead. This module
imports nothing of atout's, so that the engine's first modules can use it while
``atout._engine`` is still deciding which engine runs.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["c_twin"]


def c_twin(name: str, asker: str) -> Any:
    """The C module ``name`` where the module whose ``__file__`` is ``asker`` runs compiled
    and the C module was built (a compiler was there at install); else None."""
    if asker.endswith(".py"):
        return None
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
