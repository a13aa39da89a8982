"""A mkdocs hook for pages that show what atout computes or holds at build time.

- ``<!-- encoding: RULES -->`` becomes the observation layout of that rules text, as
  ``atout.envs.encoding.encoding(RULES).describe()`` gives it, so the game pages always show
  the encoding the environments use.
- ``<!-- reference: MODULE -->`` becomes that module's API reference (``::: MODULE``) where the
  module exists, and a note that it is not in this version where it does not: the page names a
  module that lands later without failing the strict build before it does.

It imports atout's environments, so the build needs the ``envs`` extra (``make docs`` installs
the test extra, which holds it); without it the build fails and says so.
"""

from __future__ import annotations

import importlib.util
import re
from typing import Any

from mkdocs.exceptions import PluginError

_ENCODING = re.compile(r"<!-- encoding: (\S+?) -->")
_REFERENCE = re.compile(r"<!-- reference: ([\w.]+) -->")


def on_page_markdown(markdown: str, **kwargs: Any) -> str:
    markdown = _REFERENCE.sub(lambda m: _reference(m.group(1)), markdown)
    if _ENCODING.search(markdown) is None:
        return markdown
    try:
        from atout.envs.encoding import encoding
    except ImportError as e:
        raise PluginError(
            f"the observation tables need atout.envs (pip install -e '.[envs]'): {e}"
        ) from None
    return _ENCODING.sub(lambda m: encoding(m.group(1)).describe(), markdown)


def _reference(module: str) -> str:
    try:
        found = importlib.util.find_spec(module) is not None
    except ImportError:  # its package is missing too
        found = False
    if found:
        return f"::: {module}\n    options:\n      heading_level: 3\n"
    return f"!!! note\n    `{module}` is not in this version of atout yet.\n"
