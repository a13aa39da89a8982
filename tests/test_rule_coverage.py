"""Every paragraph and variant of RULES.md has a rule test that cites it.

The rule tests (``tests/<game>/test_rules.py``) cite the rule book in their docstrings as
``§N <paragraph>`` (``§3 Closing``, ``§1 Scoring a hand``) or ``§N `variant``` (``§3
`manual_claim```); the paragraph shared by all games is cited as "Seats and dealing". This test
reads the paragraphs from ``RULES.md`` at the repository's root, so a paragraph or a variant
added to the rule book fails it until a test cites it, as does a test citing a paragraph the
rule book does not have. ``python -m tests.test_rule_coverage`` prints the map from each
paragraph to its tests.

How the rule book is read (:func:`parse_rule_book`): a section is a ``## N. Title`` heading and
what follows it up to the next ``## ``; a paragraph is cited by its bold opening label
(``**Closing.**`` is "Closing"), an unlabelled opening paragraph as "the pack" (each game's
opening line names its pack), and a variant by its name in backticks, without a ``=K``
argument, where a list item introduces it: ``- Variant `gift` ...`` inside a paragraph, or
``- `no_hook`: ...`` under **Variants.**, with any further names a ``;`` adds to that item
(``- `start_cards=K` (above); `players` ...``). Other names in backticks (actions such as
``claim``) are not variants. The shared paragraphs are the bold labels before the first
section, without their "(all games)".
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest

from atout.games import game_class

TESTS = Path(__file__).parent
RULES = TESTS.parent / "RULES.md"
SEATS = "Seats and dealing"

#: Each rule-test module, the RULES.md section it tests and that section's game.
SECTIONS: dict[str, tuple[int, str]] = {
    "sevenup/test_rules.py": (1, "seven_up"),
    "river/test_rules.py": (2, "river"),
    "schnapsen/test_rules.py": (3, "schnapsen"),
}

#: The shared paragraphs, and each section's paragraphs and variants, in the rule book's order.
Book = tuple[tuple[str, ...], dict[int, tuple[str, ...]]]

_HEADING = re.compile(r"^## (\d+)\. ", re.MULTILINE)
_LABEL = re.compile(r"\*\*([^*]+?)\.?\*\*")
_VARIANT_ITEM = re.compile(r"^- (?:Variant )?`([a-z_]+)(?:=[^`]*)?`")
_VARIANT_MORE = re.compile(r"; `([a-z_]+)(?:=[^`]*)?`")


def _paragraphs(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]


def _labels(paragraph: str) -> list[str]:
    """The paragraph's bold opening label, if any, then the variants its list items name."""
    out = []
    label = _LABEL.match(paragraph)
    if label is not None and label.group(1) != "Variants":
        out.append(label.group(1))
    for line in paragraph.splitlines():
        item = _VARIANT_ITEM.match(line)
        if item is not None:
            out += [f"`{item.group(1)}`"] + [f"`{m}`" for m in _VARIANT_MORE.findall(line)]
    return out


def parse_rule_book(text: str) -> Book:
    """The shared paragraphs, and each section's paragraphs and variants (each once)."""
    heads = list(_HEADING.finditer(text))
    assert heads, "the rule book has no '## N. Title' sections"
    shared = tuple(
        re.sub(r" \(all games\)$", "", m.group(1))
        for p in _paragraphs(text[: heads[0].start()])
        if (m := _LABEL.match(p))
    )
    sections: dict[int, tuple[str, ...]] = {}
    for i, head in enumerate(heads):
        end = heads[i + 1].start() if i + 1 < len(heads) else len(text)
        body = _paragraphs(text[head.end() : end])[1:]  # the heading's own line first
        labels: list[str] = []
        for j, p in enumerate(body):
            found = _labels(p)
            if j == 0 and not _LABEL.match(p):
                assert "pack" in p, f"§{head.group(1)} opens with a paragraph not on the pack"
                found.insert(0, "the pack")
            labels += [label for label in found if label not in labels]
        sections[int(head.group(1))] = tuple(labels)
    return shared, sections


@cache
def rule_book() -> Book:
    """RULES.md, read once."""
    return parse_rule_book(RULES.read_text(encoding="utf-8"))


def _docstrings(module: str) -> dict[str, str]:
    """Each test function's name and docstring (whitespace folded)."""
    tree = ast.parse((TESTS / module).read_text(encoding="utf-8"))
    return {
        node.name: " ".join((ast.get_docstring(node) or "").split())
        for node in tree.body
        if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")
    }


def _citation(section: int, label: str) -> str:
    # "§2 variant `no_hook`" and "§2 Variants: `players`" cite the variant too.
    return rf"§{section} (?:[Vv]ariants?:? )?" + re.escape(label)


def _cites(doc: str, section: int, label: str) -> bool:
    return re.search(_citation(section, label), doc) is not None


def coverage(book: Book | None = None) -> dict[str, list[str]]:
    """Each paragraph (``§N label``, and the shared "Seats and dealing") and the tests citing
    it, for the rule book (RULES.md unless ``book`` is given)."""
    shared, sections = book or rule_book()
    out: dict[str, list[str]] = {}
    for module, (section, _) in SECTIONS.items():
        docs = _docstrings(module)
        for label in sections[section]:
            out[f"§{section} {label}"] = [
                f"{module}::{name}" for name, doc in docs.items() if _cites(doc, section, label)
            ]
        for paragraph in shared:
            out.setdefault(paragraph, []).extend(
                f"{module}::{name}" for name, doc in docs.items() if paragraph in doc
            )
    return out


@pytest.mark.parametrize("paragraph", sorted(coverage()))
def test_every_paragraph_has_a_test(paragraph: str) -> None:
    assert coverage()[paragraph], f"no rule test cites {paragraph}"


@pytest.mark.parametrize("module", sorted(SECTIONS))
def test_every_citation_names_a_paragraph(module: str) -> None:
    """A citation of the section (``§N ...``) names one of its paragraphs or variants."""
    section, _ = SECTIONS[module]
    labels = rule_book()[1][section]
    for name, doc in _docstrings(module).items():
        for m in re.finditer(rf"§{section}\b", doc):
            rest = doc[m.start() :]
            known = any(re.match(_citation(section, label), rest) for label in labels)
            assert known, f"{name} cites an unknown paragraph: {rest[:50]!r}"
        other = {int(n) for n in re.findall(r"§(\d)", doc)} - {section}
        assert not other, f"{name} cites §{other} from the {module} tests"


def test_the_rule_tests_cite_the_rule_book() -> None:
    """Every test of the rule modules cites a paragraph, but for the few that check the
    protocol's faces of the game (notation, refusals, views, results, rules texts)."""
    protocol = re.compile(r"actions|illegal|view|result|rules_|texts|start_equal|refused_out")
    shared = rule_book()[0]
    for module in SECTIONS:
        for name, doc in _docstrings(module).items():
            if "§" not in doc and not any(p in doc for p in shared):
                assert protocol.search(name), f"{module}::{name} cites no paragraph"


def test_the_rule_book_is_read_whole() -> None:
    """The shared paragraph and a section per rule-test module are found, and every variant
    the rule book names is an option of that game's rules object (so the reading takes no
    action, such as `claim`, for a variant, and misses none)."""
    shared, sections = rule_book()
    assert shared == (SEATS,)
    assert sorted(sections) == sorted(section for section, _ in SECTIONS.values())
    for section, game in SECTIONS.values():
        variants = {label.strip("`") for label in sections[section] if label.startswith("`")}
        options = set(game_class(game).rules_type().to_dict())
        assert variants == options, (section, variants ^ options)
        assert "Deal" in sections[section]


def test_a_paragraph_added_to_the_rule_book_needs_a_test() -> None:
    """A new paragraph or variant in RULES.md is uncited until a test cites it."""
    text = RULES.read_text(encoding="utf-8").replace(
        "**Match.**", "**Bummerl.** Five deals lost in a row is a Bummerl.\n\n**Match.**", 1
    )
    text = text.replace(
        "- `last_trick_ten`:", "- `talon_of_four`: a new variant.\n- `last_trick_ten`:", 1
    )
    shared, sections = parse_rule_book(text)
    assert sections[3][-5:] == (
        "Match", "`closer_fail_tricks_at_end`", "`manual_claim`", "`talon_of_four`",
        "`last_trick_ten`",
    )  # fmt: skip
    assert "Bummerl" in sections[3]
    found = coverage((shared, sections))
    assert found["§3 Bummerl"] == [] and found["§3 `talon_of_four`"] == []
    assert found["§3 Match"] and found["§3 `manual_claim`"]


if __name__ == "__main__":
    for paragraph, tests in coverage().items():
        print(paragraph)
        for t in tests:
            print("   ", t)
