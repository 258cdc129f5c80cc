"""Each named reading rule against its own examples: one test per example, named by rule.

The examples live with the rule (``qa_agents/mre/rules/``), so a rule's documentation and
its tests cannot drift apart; a new rule brings its tests with it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from qa_agents.mre.rules import RULES, Example, Rule
from qa_agents.mre.rules.registry import PROSE_LINE, SCRIPT, SHOWN_OUTPUT

CASES = [
    pytest.param(rule, example, id=f"{rule.name}[{i}]")
    for rule in RULES
    for i, example in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), CASES)
def test_rule_example(rule: Rule, example: Example) -> None:
    given = example.given
    assert (rule.apply(*given) if isinstance(given, tuple) else rule.apply(given)) == (
        example.expected
    )


def test_registry_rules_are_named_documented_and_exemplified() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    for rule in RULES:
        assert rule.phase in {PROSE_LINE, SHOWN_OUTPUT, SCRIPT}, rule.name
        assert rule.doc and "\n" not in rule.doc, rule.name
        # each rule shows what it reads and what it leaves alone (None, or the input as is)
        untouched = [e.expected in (None, False, [], e.given) for e in rule.examples]
        assert not all(untouched) and any(untouched), rule.name


def test_readme_lists_every_rule() -> None:
    """The README's table of named rules stays true to the registry."""
    readme = (Path(__file__).resolve().parents[2] / "qa_agents" / "mre" / "README.md").read_text()
    table = readme.split("## Named reading rules", 1)[1].split("\n## ", 1)[0]
    listed = [line.split("`")[1] for line in table.splitlines() if line.startswith("| `")]
    assert listed == [r.name for r in RULES]
