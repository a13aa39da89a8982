"""Every paragraph and variant of RULES.md has a rule test that cites it.

The rule tests (``tests/<game>/test_rules.py``) cite the rule book in their docstrings as
``§N <paragraph>`` (``§3 Closing``, ``§1 Scoring a hand``) or ``§N `variant``` (``§3
`manual_claim```); the paragraph shared by all games is cited as "Seats and dealing". This test
holds the list of the rule book's paragraphs and fails when one has no test, or when a test cites
a paragraph the rule book does not have. ``python -m tests.test_rule_coverage`` prints the map
from each paragraph to its tests.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
SEATS = "Seats and dealing"

#: Per rule-test module: its RULES.md section, and that section's paragraphs (by their bold
#: label; "the pack" is the section's opening line on the pack) and variants (in backticks).
PARAGRAPHS: dict[str, tuple[int, tuple[str, ...]]] = {
    "sevenup/test_rules.py": (1, (
        "the pack", "Deal", "Stand or beg", "`gift`", "Discard", "Play", "`free_discard`",
        "Scoring a hand", "`dealt_low`", "`tens_only_game`", "`tie_game_to_eldest`", "Winning",
        "`count_out`",
    )),
    "river/test_rules.py": (2, (
        "the pack", "Rounds", "`start_cards`", "Deal", "Bids", "`simultaneous_bids`", "Play",
        "Score", "`players`", "`no_hook`", "`double_one`", "`exact_only`",
    )),
    "schnapsen/test_rules.py": (3, (
        "Cards", "Deal", "Play while the stock is open",
        "Play once the stock is exhausted or closed", "Exchanging the trump Jack", "Marriages",
        "Closing", "66 and the deal's result", "Match", "`closer_fail_tricks_at_end`",
        "`manual_claim`", "`last_trick_ten`",
    )),
}  # fmt: skip


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


def coverage() -> dict[str, list[str]]:
    """Each paragraph (``§N label``, and "Seats and dealing") and the tests citing it."""
    out: dict[str, list[str]] = {}
    for module, (section, labels) in PARAGRAPHS.items():
        docs = _docstrings(module)
        for label in labels:
            out[f"§{section} {label}"] = [
                f"{module}::{name}" for name, doc in docs.items() if _cites(doc, section, label)
            ]
        out.setdefault(SEATS, []).extend(
            f"{module}::{name}" for name, doc in docs.items() if SEATS in doc
        )
    return out


@pytest.mark.parametrize("paragraph", sorted(coverage()))
def test_every_paragraph_has_a_test(paragraph: str) -> None:
    assert coverage()[paragraph], f"no rule test cites {paragraph}"


@pytest.mark.parametrize("module", sorted(PARAGRAPHS))
def test_every_citation_names_a_paragraph(module: str) -> None:
    """A citation of the section (``§N ...``) names one of its paragraphs or variants."""
    section, labels = PARAGRAPHS[module]
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
    for module in PARAGRAPHS:
        for name, doc in _docstrings(module).items():
            if "§" not in doc and SEATS not in doc:
                assert protocol.search(name), f"{module}::{name} cites no paragraph"


if __name__ == "__main__":
    for paragraph, tests in coverage().items():
        print(paragraph)
        for t in tests:
            print("   ", t)
