"""A griffe extension that lets mkdocstrings read atout's docstrings as they are written.

atout's sources document themselves in the Sphinx manner, and the API reference must not ask
them to change: attributes carry ``#:`` comments, docstrings name other objects with roles
(``:class:`~atout.errors.IllegalAction```), introduce literal blocks with ``::`` and show
doctests after ``>>>``. mkdocstrings reads docstrings as Markdown and attribute docstrings only
from string literals, so this extension, run once per object as griffe loads the sources:

- gives an attribute with no docstring the ``#:`` comment lines just above it;
- turns each role into an *optional* cross-reference (mkdocs-autorefs' ``<autoref optional>``):
  a link where the target is documented, plain code where it is not (a private method, a
  built-in), so that a role never fails the strict build;
- ends a paragraph's ``::`` with one colon (and drops a ``::`` alone on its line), fences
  doctest blocks as Python, and writes reStructuredText's simple tables (columns under
  ``=====  =====`` rules) as Markdown tables.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(class|meth|func|mod|attr|data|exc|obj|const):`(~?)([^`]+)`")
_LITERAL = re.compile(r"(\S)::$", re.MULTILINE)
_LONE_LITERAL = re.compile(r"^[ \t]*::[ \t]*$", re.MULTILINE)
_RULE = re.compile(r"^ *=+( +=+)+ *$")


class AtoutDocstrings(griffe.Extension):
    """Comments as attribute docstrings; Sphinx roles as optional cross-references."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        # griffe calls on_object for every member of a package, not for the package itself.
        self.on_object(obj=pkg)

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.is_attribute and obj.docstring is None:
            comment = _comment_above(obj)
            if comment:
                obj.docstring = griffe.Docstring(comment, lineno=obj.lineno, parent=obj)
        if obj.docstring is not None:
            text = _tables(_fence_doctests(obj.docstring.value))
            text = _LONE_LITERAL.sub("", _LITERAL.sub(r"\1:", text))
            obj.docstring.value = _ROLE.sub(lambda m: _reference(obj, m), text)


def _comment_above(obj: griffe.Object) -> str:
    """The ``#:`` comment lines right above an attribute's first line, joined."""
    filepath = obj.module.filepath
    if obj.lineno is None or isinstance(filepath, list):
        return ""
    try:
        lines = obj.lines_collection[filepath]
    except (KeyError, ValueError):
        return ""
    found: list[str] = []
    i = obj.lineno - 2
    while i >= 0 and lines[i].strip().startswith("#:"):
        found.append(lines[i].strip()[2:].strip())
        i -= 1
    return "\n".join(reversed(found))


def _reference(obj: griffe.Object, match: re.Match[str]) -> str:
    """An optional autoref for one role, resolved in the scope of the documented object."""
    kind, short, target = match.groups()
    target = target.strip()
    title = target.rsplit(".", 1)[-1] if short else target
    if kind in ("meth", "func"):
        title += "()"
    head, _, rest = target.partition(".")
    identifier = target
    if not target.startswith("atout."):
        try:
            identifier = obj.resolve(head) + ("." + rest if rest else "")
        except Exception:  # a built-in, a standard module: no page of ours documents it
            identifier = target
    return f'<autoref identifier="{identifier}" optional><code>{title}</code></autoref>'


def _fence_doctests(text: str) -> str:
    """Wrap each run of doctest lines (``>>>`` and ``...``, up to a blank line) in a fence."""
    if "```" in text:
        return text  # fenced already
    out: list[str] = []
    in_block = False
    for line in text.splitlines():
        starts = line.lstrip().startswith(">>>")
        if starts and not in_block:
            out.append("```pycon")
            in_block = True
        elif in_block and not line.strip():
            out.append("```")
            in_block = False
        out.append(line)
    if in_block:
        out.append("```")
    return "\n".join(out)


def _tables(text: str) -> str:
    """Rewrite each reStructuredText simple table as a Markdown table: its first rule gives the
    columns (the last one runs to the end of the line); a second rule closes the header, if the
    table has one, and the last rule closes the table."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _RULE.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        rule = lines[i]
        starts = [m.start() for m in re.finditer(r"=+", rule)]
        end = next((j for j in range(i + 1, len(lines)) if _RULE.match(lines[j])), None)
        if end is None:
            out.append(rule)
            i += 1
            continue
        closing = next(
            (j for j in range(end + 1, len(lines)) if _RULE.match(lines[j])),
            None,
        )
        if closing is not None and all(lines[j].strip() for j in range(end + 1, closing)):
            header, body, i = lines[i + 1 : end], lines[end + 1 : closing], closing + 1
        else:
            header, body, i = [], lines[i + 1 : end], end + 1
        head = _cells(header[0], starts) if header else [""] * len(starts)
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + " --- |" * len(starts))
        out.extend("| " + " | ".join(_cells(row, starts)) + " |" for row in body if row.strip())
    return "\n".join(out)


def _cells(line: str, starts: list[int]) -> list[str]:
    """A table row cut at the columns' starts, each cell stripped (``|`` escaped)."""
    bounds = [*starts[1:], len(line) + 1]
    return [line[a:b].strip().replace("|", "\\|") for a, b in zip(starts, bounds, strict=True)]
