"""Shown vs. actual output: normalization and the comparison that decides most verdicts."""

from __future__ import annotations

from qa_agents.mre.models import ExecutionResults
from qa_agents.mre.tools.behavior import analyse_behavior, compare
from qa_agents.mre.tools.output_match import compare_outputs, normalize_lines


def test_normalization_removes_run_noise() -> None:
    shown = (
        ">>> obj\n<Thing object at 0x7f3a2b1c9d30>\n"
        "today: 2023-04-17 12:45:20.873231  # <--- RESULT DID NOT CHANGE\n"
        '  File "/home/me/venv/lib/python3.9/site-packages/lib/core.py", line 3\n'
        "ratio   0.30000000000000004\n# a comment line\n"
    )
    run = (
        "<Thing object at 0x55d0c0ffee00>\ntoday: 2026-11-24 09:01:02.000001\n"
        '  File "/tmp/env/lib/python3.11/site-packages/lib/core.py", line 3\nratio 0.3\n'
    )
    assert normalize_lines(shown) == normalize_lines(run)


def _issue(shown: str, expected: str = "") -> str:
    extra = f"I expected:\n```\n{expected}\n```\n" if expected else ""
    return f"```python\nprint(data)\n```\n\nThe output is:\n```\n{shown}\n```\n{extra}"


def test_output_reproduced_differs_or_matches_expected() -> None:
    behavior = analyse_behavior(_issue("{'a': 2}", expected="{'a': 1}"))
    assert behavior.expected_behavior.type == "output"
    same = ExecutionResults(exit_code=0, stdout="{'a': 2}\n")
    fixed = ExecutionResults(exit_code=0, stdout="{'a': 1}\n")
    other = ExecutionResults(exit_code=0, stdout="{'b': 3}\n")
    assert compare(behavior, same).matched
    assert compare_outputs(behavior, fixed).status == "matches_expected"
    assert not compare(behavior, fixed).matched
    result = compare_outputs(behavior, other)
    assert result.status == "differs" and result.missing == ["{'a': 2}"]


def test_a_raise_where_output_is_shown_is_not_a_reproduction() -> None:
    behavior = analyse_behavior(_issue("{'a': 2}"))
    raised = ExecutionResults(exit_code=1, exception="KeyError: 'a'")
    assert compare(behavior, raised).detail == "the code raised where the report shows output"


def test_raise_the_report_asks_for_is_not_the_bug() -> None:
    md = (
        "It takes an invalid date without raising:\n\n```\n>>> parse('2016-13-45')\n"
        "<Date 2016-01-01>\n```\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.raise_is_correct
    run = ExecutionResults(exit_code=1, exception="ParserError: month must be in 1..12")
    comparison = compare(behavior, run)
    assert not comparison.matched and "correct behaviour" in comparison.detail


def test_expected_traceback_is_not_the_symptom() -> None:
    md = (
        "## Expected behavior\nIt should raise:\n```\nTraceback (most recent call last):\n"
        "ValueError: negative\n```\n\n## Actual behavior\nIt prints:\n```\n-1\n```\n"
    )
    behavior = analyse_behavior(md)
    assert behavior.expected_behavior.type == "output" and behavior.raise_is_correct


def test_exception_class_not_named_error_and_multiline_messages() -> None:
    behavior = analyse_behavior(
        "```python\nparse('1,<2')\n```\nIt throws an exception:\n"
        "```\nInvalidVersion: Invalid version: '1,\n```\n"
    )
    assert behavior.expected_behavior.error_type == "InvalidVersion"
    run = ExecutionResults(exit_code=1, exception="pkg.InvalidVersion: Invalid version: '1,<2'")
    assert compare(behavior, run).matched
