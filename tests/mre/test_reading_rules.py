"""Each named reading rule against its own examples: one test per example, named by rule.

The examples live with the rule (``qa_agents/mre/rules/``), so a rule's documentation and
its tests cannot drift apart; a new rule brings its tests with it.
"""

from __future__ import annotations

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
    assert rule.apply(example.given) == example.expected


def test_registry_rules_are_named_documented_and_exemplified() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    for rule in RULES:
        assert rule.phase in {PROSE_LINE, SHOWN_OUTPUT, SCRIPT}, rule.name
        assert rule.doc and "\n" not in rule.doc, rule.name
        # each rule shows what it reads and what it leaves alone
        assert any(e.expected is not None for e in rule.examples), rule.name
        assert any(e.expected is None for e in rule.examples), rule.name
