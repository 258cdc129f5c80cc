"""The symptom written as a comment on the line that shows it, with nothing printing it:
``assert ok(d)  # Fails`` on the line that raises, ``parse(x)  # getting None`` on a
bare expression. Synthetic reports, run for real in the sandbox (stdlib-only code)."""

from __future__ import annotations

import json

from qa_agents.mre.claims.comments import line_mark, value_claim
from qa_agents.mre.models import Verdict


def _report(code: str) -> str:
    return f"# A bug\n\nThe code below shows it.\n\n```python\n{code}```\n"


def _behavior(result) -> dict:
    return json.loads(result.artifacts.behavior_analysis.read_text())


def test_a_failing_assert_marked_fails_reproduces(run_issue) -> None:
    code = (
        "data = {'a': [1]}\n"
        "assert isinstance(data['a'], list)  # passes\n"
        "assert data['a'] == [2]  # Fails - the list is still [1]\n"
    )
    result = run_issue(_report(code))
    assert (result.verdict, result.reason_category) == (Verdict.GREEN, "reproduced")
    marked = _behavior(result)["raised_at_marked_line"]
    assert marked["says"] == "fails" and marked["line"] == "assert data['a'] == [2]"
    assert "## Marked Line" in result.report_markdown
    assert "marks `# Fails - the list is still [1]`: the reported symptom" in (
        result.report_markdown
    )


def test_an_exception_on_a_line_marked_works_is_not_the_symptom(run_issue) -> None:
    code = "data = {}\nvalue = data['a']  # works\nassert value == 2  # fails\n"
    result = run_issue(_report(code))
    assert (result.verdict, result.reason_category) == (Verdict.YELLOW, "not-reproduced")
    assert "raised at a line the report says works" in result.report_markdown
    assert _behavior(result)["raised_at_marked_line"]["says"] == "works"


def test_a_line_marked_failing_that_runs_cleanly_is_not_reproduced(run_issue) -> None:
    result = run_issue(_report("data = [1]\nassert data == [1]  # fails\n"))
    assert (result.verdict, result.reason_category) == (Verdict.YELLOW, "not-reproduced")
    assert "did not raise at the line the report marks as failing" in result.report_markdown


def test_expression_claimed_to_return_none_compares_and_reproduces(run_issue) -> None:
    """The claimed expression is not the block's last, and its value is None, which the
    prompt would not print: both are echoed because the comment claims a value."""
    code = "import re\nre.match('b', 'abc')  # returns None\nprint('done')\n"
    result = run_issue(_report(code))
    assert (result.verdict, result.reason_category) == (Verdict.GREEN, "reproduced")
    assert "__mre_echo__(re.match('b', 'abc'), True)" in result.artifacts.extracted_code.read_text()
    comparison = _behavior(result)["output_comparison"]
    assert comparison["status"] == "reproduced" and comparison["shown_lines"] == 1
    assert "## Shown vs. Actual Output" in result.report_markdown


def test_a_claimed_value_that_differs_from_the_run_is_not_reproduced(run_issue) -> None:
    result = run_issue(_report("len('abc')  # getting 4\n"))
    assert (result.verdict, result.reason_category) == (Verdict.YELLOW, "not-reproduced")
    assert _behavior(result)["output_comparison"]["status"] == "differs"
    assert "Not in the run's output: `4`" in result.report_markdown


def test_a_value_the_comment_says_it_should_return_is_the_expected_side(run_issue) -> None:
    result = run_issue(_report("'abc'.title()  # should return 'Abc'\n"))
    assert (result.verdict, result.reason_category) == (Verdict.YELLOW, "matches-expected")


def test_what_a_comment_says_of_its_line() -> None:
    assert line_mark("Fails - inner dict is still a Dict") == "fails"
    assert line_mark("<-- this raises") == "fails"
    assert line_mark("doesn't work") == "fails"  # a negated "works"
    assert line_mark("Passes") == line_mark("OK") == line_mark("no error here") == "works"
    # the expected side, both sides at once, or no word on the line: no mark
    for comment in ("should fail", "expected to raise", "fails silently", "works but 2 fails"):
        assert line_mark(comment) is None, comment
    assert line_mark("the inner dict") is None


def test_a_value_claim_reads_as_a_repr_on_an_expression_and_as_text_on_a_print() -> None:
    assert value_claim("parse(f, s) # getting None") == (False, "None")
    assert value_claim("f(x)  # returns None instead of 'x'") == (False, "None")
    assert value_claim("f(x)  # -> [1, 2].") == (False, "[1, 2]")
    assert value_claim("f(x)  # expected: 5") == (True, "5")
    # no claim word: a written-out literal alone (up to a second "#") is what the line
    # showed; a word is not; "#" inside a string starts no comment
    assert value_claim("f('#')  # 'a'") == (False, "'a'")
    assert value_claim("print(f(x))  # ['YX']   # ???", printed=True) == (False, "['YX']")
    assert value_claim("print(f(x))  # 'u'", printed=True) == (False, "u")
    assert value_claim("f('#')  # see below") is None
    assert value_claim("f(x)  # gives the wrong result") is None  # a description, not a value
    assert value_claim("print(f(x))  # prints u", printed=True) == (False, "u")
