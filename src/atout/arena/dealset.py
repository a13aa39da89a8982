"""Evaluation deal sets: fixed, versioned packs for tournaments, so that strength figures from
different versions of the code are measured on the very same cards.

A tournament's packs are shuffled from seeds; that is reproducible only while the shuffle stays
the same. A deal set writes the packs down. It is a text file of JSON lines (gzipped when its
name ends in ``.gz``): a header, then one entry per duplicate group, each with the seed its
packs came from and every pack of its match in order (top card first, the cards as the rule
book writes them)::

    {"deal_set": "schnapsen-v1", "format": 1, "rules": "schnapsen", "entries": 400, "packs": 13}
    {"seed": 8133..., "packs": [["QS", "AH", ...], ...]}
    ...

An entry holds enough packs for the longest match the rules allow where that is bounded
(Schnapsen: 13 deals; River: its schedule), else a number chosen when the set is made (Seven
Up); a match that outlasts them goes on with packs shuffled from the entry's seed, as any match
would. The arena plays group ``g`` of a line-up on entry ``g`` (:func:`atout.arena.schedule`).

``make`` draws a set from a seed; ``dump`` and ``load`` write and read one, ``load`` checking
every line and every pack against the rules and naming the line at fault.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path

from atout.cards import card_text
from atout.core.state import seeded_int, shuffled_pack
from atout.errors import DealSetError, NotationError, PackError, RulesError
from atout.games import load as load_game

__all__ = ["FORMAT", "DealSet", "DealSetError", "dump", "load", "make"]

#: The deal-set file format this module writes and reads.
FORMAT = 1


@dataclass(frozen=True)
class DealSet:
    """A named, versioned list of entries, each a seed and the packs of one match."""

    name: str
    rules: str
    entries: tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]

    def entry(self, group: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        """The seed and packs of duplicate group ``group``; a clear error past the end."""
        if not 0 <= group < len(self.entries):
            raise DealSetError(
                f"the deal set {self.name} holds {len(self.entries)} entries: a tournament on "
                f"it plays at most {len(self.entries)} duplicate groups per line-up, not "
                f"{group + 1}"
            )
        return self.entries[group]


def make(rules: str, name: str, entries: int, packs: int, seed: int) -> DealSet:
    """A deal set of ``entries`` matches of ``packs`` deals each, shuffled from seeds drawn
    from ``seed`` exactly as a match with that seed shuffles its deals."""
    game = load_game(rules)
    out = []
    for i in range(entries):
        entry_seed = seeded_int(seed, f"dealset:{name}:{i}")
        out.append(
            (entry_seed, tuple(shuffled_pack(game.pack, entry_seed, d) for d in range(packs)))
        )
    return DealSet(name, game.text, tuple(out))


def dumps(deal_set: DealSet) -> str:
    """The set as the text of its file."""
    packs = max((len(p) for _, p in deal_set.entries), default=0)
    head = {"deal_set": deal_set.name, "format": FORMAT, "rules": deal_set.rules,
            "entries": len(deal_set.entries), "packs": packs}  # fmt: skip
    lines = [json.dumps(head)]
    for seed, entry_packs in deal_set.entries:
        cards = [[card_text(c) for c in p] for p in entry_packs]
        lines.append(json.dumps({"seed": seed, "packs": cards}, separators=(",", ":")))
    return "\n".join(lines) + "\n"


def dump(deal_set: DealSet, path: str | Path) -> None:
    """Write the set to ``path``, gzipped when its name ends in ``.gz`` (with no time stamp
    in the gzip header, so that the same set always writes the same bytes)."""
    data = dumps(deal_set).encode()
    if str(path).endswith(".gz"):
        data = gzip.compress(data, mtime=0)
    Path(path).write_bytes(data)


def load(path: str | Path) -> DealSet:
    """Read a deal set, checking its header, every entry and every pack (each a whole pack of
    the rules' game); raises :class:`DealSetError` naming the line at fault."""
    where = str(path)
    try:
        data = Path(path).read_bytes()
        if where.endswith(".gz"):
            data = gzip.decompress(data)
        lines = data.decode("utf-8").splitlines()
    except OSError as e:
        raise DealSetError(f"cannot read the deal set {where!r}: {e.strerror or e}") from None
    except (EOFError, UnicodeDecodeError, zlib.error) as e:
        raise DealSetError(f"{where}: not a deal set's text: {e}") from None
    if not "".join(lines).strip():
        raise DealSetError(f"{where}: the file is empty, not a deal set")
    head = _json(where, 1, lines[0])
    if not isinstance(head, dict) or "deal_set" not in head:
        raise DealSetError(f"{where}:1: the first line is not a deal set's header")
    if head.get("format") != FORMAT:
        raise DealSetError(f"{where}:1: format {head.get('format')!r}; this atout reads {FORMAT}")
    try:
        game = load_game(str(head.get("rules")))
    except (RulesError, NotationError) as e:
        raise DealSetError(f"{where}:1: rules {head.get('rules')!r}: {e}") from None
    entries: list[tuple[int, tuple[tuple[int, ...], ...]]] = []
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue  # a blank line (an editor's last newline, say) holds no entry
        entry = _json(where, number, line)
        if not isinstance(entry, dict) or type(entry.get("seed")) is not int:
            raise DealSetError(f'{where}:{number}: an entry is {{"seed": int, "packs": [...]}}')
        raw = entry.get("packs")
        if not isinstance(raw, list) or not raw:
            raise DealSetError(f"{where}:{number}: the entry has no packs")
        try:
            packs = tuple(game.check_pack(p, d) for d, p in enumerate(raw))
        except (PackError, NotationError, TypeError) as e:
            raise DealSetError(f"{where}:{number}: {e}") from None
        entries.append((entry["seed"], packs))
    if len(entries) != head.get("entries"):
        raise DealSetError(
            f"{where}: the header says {head.get('entries')} entries, the file holds "
            f"{len(entries)}: it was truncated or edited"
        )
    return DealSet(str(head["deal_set"]), game.text, tuple(entries))


def _json(where: str, number: int, line: str) -> object:
    try:
        return json.loads(line)
    except json.JSONDecodeError as e:
        raise DealSetError(f"{where}:{number}: not JSON: {e}") from None
