"""Each named reading rule against its own examples: one test per example, named by rule.

The examples live with the rule (``qa_agents/mre/rules/`` and the ladders beside their
steps; ``rules/catalogue.py`` lists them all), so a rule's documentation and its tests
cannot drift apart; a new rule brings its tests with it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from qa_agents.mre.rules.catalogue import README, RULES, readme_with_table, rules_table
from qa_agents.mre.rules.registry import PHASES, Example, Rule

CASES = [
    pytest.param(rule, example, id=f"{rule.name}[{i}]")
    for rule in RULES
    for i, example in enumerate(rule.examples)
]


@pytest.mark.parametrize(("rule", "example"), CASES)
def test_rule_example(rule: Rule, example: Example) -> None:
    given = example.given
    answer = rule.apply(*given) if isinstance(given, tuple) else rule.apply(given)
    assert (rule.outcome(answer) if rule.outcome else answer) == example.expected


def test_registry_rules_are_named_documented_and_exemplified() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))
    last_of_phase = {r.phase: r.name for r in RULES}
    for rule in RULES:
        assert rule.phase in PHASES, rule.name
        assert rule.doc and "\n" not in rule.doc, rule.name
        assert rule.examples, rule.name
        # each rule shows what it reads and what it leaves alone (None, or the input as
        # is); only the last rule of a ladder decides everything that reaches it
        untouched = [e.expected in (None, False, [], e.given) for e in rule.examples]
        assert not all(untouched), rule.name
        assert any(untouched) or last_of_phase[rule.phase] == rule.name, rule.name


def test_rules_are_listed_phase_by_phase_in_reading_order() -> None:
    order = [PHASES.index(r.phase) for r in RULES]
    assert order == sorted(order)


def test_readme_table_is_generated_from_the_registry() -> None:
    """The README's rule table is the catalogue's; regenerate it with
    ``python -m qa_agents.mre.rules.catalogue --write-readme``."""
    readme = README.read_text()
    assert readme_with_table(readme) == readme
    for rule in RULES:
        assert f"| `{rule.name}` |" in readme


def test_open_mre_lists_the_rules(tmp_path: Path) -> None:
    """``open-mre --rules`` (the installed console script, from any folder) prints the
    catalogue's table and exits 0, without a report to validate."""
    script = Path(sys.executable).with_name("open-mre")
    root = str(Path(__file__).resolve().parents[2])
    env = os.environ | {"PYTHONPATH": root}
    done = subprocess.run(
        [str(script), "--rules"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == rules_table()
