"""Evaluation deal sets (issue 18 §1): fixed packs written down, played by the arena in place
of packs shuffled from seeds, read back with a clear error for a damaged file."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest

import atout
from atout.arena import Tournament, dealset, play_unit, run, schedule
from atout.cards import card_text
from atout.core.state import shuffled_pack
from atout.errors import DealSetError

BENCH = Path(__file__).parents[2] / "bench"


@pytest.mark.parametrize("suffix", [".jsonl", ".jsonl.gz"])
def test_a_deal_set_reads_back_as_written(tmp_path: Path, suffix: str) -> None:
    made = dealset.make("river(players=5)", "river5-t", entries=3, packs=4, seed=9)
    path = tmp_path / f"set{suffix}"
    dealset.dump(made, path)
    assert dealset.load(path) == made
    assert made.rules == "river(players=5)" and len(made.entries) == 3
    # The packs are the ones a match with the entry's seed shuffles.
    seed, packs = made.entries[1]
    game = atout.load("river(players=5)")
    assert packs == tuple(shuffled_pack(game.pack, seed, d) for d in range(4))


def test_the_same_set_writes_the_same_bytes(tmp_path: Path) -> None:
    """A set is versioned by its file: making it again from its seed changes nothing."""
    for name in ("a.jsonl.gz", "b.jsonl.gz"):
        dealset.dump(dealset.make("schnapsen", "s", entries=2, packs=2, seed=1), tmp_path / name)
    assert (tmp_path / "a.jsonl.gz").read_bytes() == (tmp_path / "b.jsonl.gz").read_bytes()


def test_the_arena_plays_the_packs_of_the_file_not_of_the_seed(tmp_path: Path) -> None:
    """Every seating of a duplicate group is dealt the entry's packs, as the file has them
    (here edited: two cards swapped, which no seed would give), then the seed's."""
    made = dealset.make("schnapsen", "t", entries=2, packs=2, seed=3)
    seed, packs = made.entries[0]
    edited = (packs[0][1], packs[0][0], *packs[0][2:])
    made = dealset.DealSet(made.name, made.rules, ((seed, (edited, packs[1])), made.entries[1]))
    path = tmp_path / "t.jsonl"
    dealset.dump(made, path)
    t = Tournament("schnapsen", ("random", "easy"), units=4, duplicate=True, deal_set=str(path))
    units = t.schedule()
    assert [u.group for u in units] == [0, 0, 1, 1]
    assert units[0].packs == units[1].packs == (edited, packs[1])
    assert units[0].seats != units[1].seats
    for unit in units[:2]:
        played = play_unit("schnapsen", t.bots, unit, deals=False, keep_record=True)
        assert played.record is not None
        dealt = played.record["packs"]
        assert dealt[0] == [card_text(c) for c in edited]
        if len(dealt) > 1:
            assert dealt[1] == [card_text(c) for c in packs[1]]
        if len(dealt) > 2:  # past the set: the entry's seed shuffles, as any match would
            game = atout.load("schnapsen")
            assert dealt[2] == [card_text(c) for c in shuffled_pack(game.pack, seed, 2)]
    assert len(run(t).results) == 4


def test_a_tournament_asks_no_more_groups_than_the_set_holds(tmp_path: Path) -> None:
    path = tmp_path / "small.jsonl"
    dealset.dump(dealset.make("seven_up", "small", entries=2, packs=1, seed=1), path)
    with pytest.raises(DealSetError, match="holds 2 entries"):
        Tournament("seven_up", ("random", "random"), units=6, duplicate=True,
                   deal_set=str(path)).schedule()  # fmt: skip
    with pytest.raises(ValueError, match="for seven_up, not for schnapsen"):
        Tournament("schnapsen", ("random", "random"), units=2, duplicate=True,
                   deal_set=str(path)).check()  # fmt: skip
    with pytest.raises(atout.RulesError, match="played duplicate"):
        schedule(2, 2, 2, duplicate=False, seed=0, deal_set=dealset.load(path))


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def test_a_damaged_deal_set_names_the_line_at_fault(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    dealset.dump(dealset.make("schnapsen", "s", entries=3, packs=2, seed=1), path)
    good = _lines(path)

    def damaged(lines: list[str]) -> str:
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        with pytest.raises(DealSetError) as error:
            dealset.load(path)
        return str(error.value)

    assert "holds 2" in damaged(good[:-1]) and "truncated" in damaged(good[:-1])
    entry = json.loads(good[2])
    entry["packs"][1][0] = entry["packs"][1][1]  # a card twice
    assert ":3: the pack for deal 2" in damaged([*good[:2], json.dumps(entry), good[3]])
    assert ":4: not JSON" in damaged([*good[:3], good[3][:-5]])
    assert ":2: an entry is" in damaged([good[0], '{"packs": []}', *good[2:]])
    assert ":1: format 9" in damaged([good[0].replace('"format": 1', '"format": 9'), *good[1:]])
    assert "rules 'whist'" in damaged([good[0].replace('"schnapsen"', '"whist"'), *good[1:]])
    assert "empty" in damaged([])
    gz = tmp_path / "set.jsonl.gz"
    gz.write_bytes(gzip.compress(b"{")[:-3])
    with pytest.raises(DealSetError, match="not a deal set's text"):
        dealset.load(gz)
    with pytest.raises(DealSetError, match="cannot read"):
        dealset.load(tmp_path / "missing.jsonl")


def test_the_shipped_evaluation_sets_are_the_versioned_ones() -> None:
    """bench/data/dealsets holds v1 of each game's set, exactly as ``strength.py dealsets``
    makes it from its fixed seed, sized to cover a whole match."""
    spec = importlib.util.spec_from_file_location("strength", BENCH / "strength.py")
    assert spec is not None and spec.loader is not None
    strength = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(strength)
    for game, (entries, packs) in strength.SET_SIZES.items():
        path = strength.deal_set_path(game, "v1")
        shipped = dealset.load(path)
        assert shipped.name == f"{game}-v1" and len(shipped.entries) == entries
        assert all(len(p) == packs for _, p in shipped.entries)
        assert shipped == dealset.make(game, f"{game}-v1", entries, packs, strength.SET_SEED)
    river = atout.load("river").rules
    assert strength.SET_SIZES["river"][1] == len(river.schedule())  # type: ignore[attr-defined]


def test_the_command_plays_a_deal_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``atout arena --deal-set FILE`` plays duplicate on the file's packs; a file of another
    game is refused with the reason, before anything is played."""
    from atout.cli import main

    kept = tmp_path / "records"
    path = tmp_path / "s.jsonl.gz"
    made = dealset.make("schnapsen", "s", entries=2, packs=13, seed=5)
    dealset.dump(made, path)
    args = ["--deals", "4", "--deal-set", str(path), "--records", str(kept)]
    assert main(["arena", "schnapsen", "--bots", "random,easy", *args]) == 0
    firsts = sorted(json.loads(p.read_text())["packs"][0] for p in kept.glob("*.json"))
    expected = sorted([card_text(c) for c in packs[0]] for _, packs in made.entries for _ in "ab")
    assert firsts == expected
    assert (
        main(["arena", "river", "--bots", "random", "--deals", "4", "--deal-set", str(path)]) == 2
    )
    assert "not for river" in capsys.readouterr().err
