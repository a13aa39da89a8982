"""Which engine runs: the compiled modules (mypyc) or the pure-Python reference.

Where a C compiler was present at install time, the engine's hot modules (``setup.py`` lists
them) have C extensions beside their ``.py`` sources, built from those same sources, and Python
imports an extension before a source of the same name. Setting ``ATOUT_PURE=1`` before
``atout`` is imported installs :class:`_SourceFirst`, which makes every ``atout`` module load
from its source instead, so the pure engine can always be run, tested and compared.

:data:`ENGINE` says which engine this process runs (``atout --version`` prints it).
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import Final

__all__ = ["ENGINE", "PURE_REQUESTED", "engine_of"]

#: Whether ``ATOUT_PURE`` asks for the pure engine (any value but empty or ``0``).
PURE_REQUESTED: Final = os.environ.get("ATOUT_PURE", "") not in ("", "0")

_LOADERS: Final = [
    (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES),
    (importlib.machinery.SourcelessFileLoader, importlib.machinery.BYTECODE_SUFFIXES),
]


class _SourceFirst:
    """A meta path finder that finds ``atout``'s submodules among sources only, skipping the
    compiled extensions beside them."""

    @classmethod
    def find_spec(
        cls, name: str, path: Sequence[str] | None = None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not name.startswith("atout.") or not path:
            return None
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, *_LOADERS).find_spec(name, target)
            if spec is not None:
                return spec
        return None


def engine_of(module: ModuleType) -> str:
    """``"compiled"`` if ``module`` was loaded from a C extension, else ``"pure"``."""
    origin = getattr(module, "__file__", None) or ""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return "compiled" if any(origin.endswith(s) for s in suffixes) else "pure"


def stale_extensions(root: str | None = None) -> list[str]:
    """The sources under ``root`` (atout's folder by default) changed after their compiled
    modules were built (an edit in an editable install since the last ``pip install -e .`` or
    ``make``): running those modules would run old rules."""
    stale = []
    for folder, _dirs, files in os.walk(root or os.path.dirname(__file__)):
        for name in files:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                if not name.endswith(suffix):
                    continue
                built = os.path.getmtime(os.path.join(folder, name))
                for ext in (".py", ".c"):  # mypyc's sources, and the C kernels'
                    source = os.path.join(folder, name[: -len(suffix)] + ext)
                    # A second of slack: an installer writes a module's files in either order.
                    if os.path.exists(source) and os.path.getmtime(source) > built + 1:
                        stale.append(source)
    return stale


_STALE: Final = [] if PURE_REQUESTED else stale_extensions()
if _STALE:
    warnings.warn(
        f"atout: {len(_STALE)} compiled module(s) are older than their sources "
        f"({os.path.relpath(_STALE[0])}...): running the pure engine; rebuild with "
        "`make` or `pip install -e .`",
        stacklevel=2,
    )
if (PURE_REQUESTED or _STALE) and _SourceFirst not in sys.meta_path:
    sys.meta_path.insert(0, _SourceFirst)

# The core state machinery is the first hot module: where it is compiled, all of them are
# (setup.py builds them together, as one group, or none).
ENGINE: Final = engine_of(importlib.import_module("atout.core.state"))
