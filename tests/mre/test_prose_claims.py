"""The symptom written in a sentence when the report shows no output or traceback:
"searching gives a `LookupError`", 'but I got "a while" as the output'. Synthetic
reports; the end-to-end ones run for real in the sandbox (stdlib-only code)."""

from __future__ import annotations

import json

from qa_agents.mre.claims.sentences import prose_claims
from qa_agents.mre.models import Verdict


def _said(prose: str) -> list[tuple[str, str]]:
    return [(c.kind, c.text.strip()) for c in prose_claims(prose)]


def test_a_sentence_naming_the_exception_it_gave_is_a_claim() -> None:
    assert _said("Searching for `x` gives a `LookupError`.") == [("traceback", "LookupError")]
    assert _said("The code below causes an util.SelectorSyntaxError exception.") == [
        ("traceback", "util.SelectorSyntaxError")
    ]
    assert _said("Then a `KeyError` is raised.") == [("traceback", "KeyError")]
    assert _said("TypeError raised while resolving interpolation") == [("traceback", "TypeError")]


def test_a_quoted_value_the_code_gave_is_a_claim() -> None:
    assert _said('README says it prints one thing, but I got "a while" as the output') == [
        ("output", "a while")
    ]
    assert _said("It returns `0` instead of `None`.") == [("output", "0")]


def test_wishes_and_denials_are_not_claims() -> None:
    assert _said("It should raise a `ValueError`.") == []
    assert _said("I expected it to return `1`.") == []
    assert _said("It does not raise KeyError any more.") == []
    # the part after "but" states what happened
    assert _said("It should return `1`, but it returns `2`.") == [("output", "2")]


def _report(prose: str, code: str, expected: str = "") -> str:
    return f"# Lookups\n\n{prose}\n\n```python\n{code}```\n" + (
        f"\n## Expected behavior\n\nIt should give `{expected}`.\n" if expected else ""
    )


def _shown(result) -> list[dict]:
    return json.loads(result.artifacts.behavior_analysis.read_text())["shown"]


def test_an_exception_named_in_a_sentence_reproduces_when_the_run_raises_it(run_issue) -> None:
    result = run_issue(_report("Looking up a missing key gives a `KeyError`.", "{}['a']\n"))
    assert (result.verdict, result.reason_category) == (Verdict.GREEN, "reproduced")
    (claim,) = _shown(result)
    assert claim["kind"] == "traceback" and claim["source"].startswith("prose: ")
    stated = '- the symptom as the report states it: "Looking up a missing key gives a `KeyError`."'
    assert stated in result.report_markdown


def test_a_value_quoted_in_a_sentence_that_the_run_does_not_print_is_not_reproduced(
    run_issue,
) -> None:
    result = run_issue(_report('Titling it, I got "ABC".', "print('abc'.title())\n", "Abc"))
    assert (result.verdict, result.reason_category) == (Verdict.YELLOW, "not-reproduced")
    assert [c["text"] for c in _shown(result)] == ["ABC\n"]


def test_a_failing_assert_of_the_report_s_code_is_the_symptom_when_nothing_is_shown(
    run_issue,
) -> None:
    failing = run_issue("# Titles\n\n```python\nassert 'ab'.title() == 'AB'\n```\n")
    assert (failing.verdict, failing.reason_category) == (Verdict.GREEN, "reproduced")
    holding = run_issue("# Titles\n\n```python\nassert 'ab'.title() == 'Ab'\n```\n")
    assert (holding.verdict, holding.reason_category) == (Verdict.YELLOW, "not-reproduced")


def test_an_exception_named_in_brackets_beside_error_occurs_is_a_claim() -> None:
    said = _said("A parsing error occurs (arpeggio.NoMatch) by using backslashes.")
    assert said == [("traceback", "arpeggio.NoMatch")]
    assert _said("An error occurs when I run it.") == []  # names no exception


def test_an_unquoted_value_that_can_only_be_a_literal_is_a_claim() -> None:
    assert _said("It returns (2,6], whereas I would expect [5,6].") == [("output", "(2,6]")]
    assert _said("This returns [1, 2].") == [("output", "[1, 2]")]
    assert _said("It returns 5 apples.") == []  # words after the number: prose
    assert _said("The function returns a list.") == []


def test_a_url_a_sentence_ends_with_is_the_value_printed() -> None:
    assert _said("It prints http://www.example.com/?a=1") == [
        ("output", "http://www.example.com/?a=1")
    ]
    assert _said("It should print http://www.example.com/?a=1&b=2") == []  # the wish


def test_the_title_states_the_symptom_when_nothing_is_shown() -> None:
    from qa_agents.mre.claims.behavior import analyse_behavior

    md = "# TypeError raised while resolving\n\n```python\nresolve(cfg)\n```\n"
    assert analyse_behavior(md).expected_behavior.error_type == "TypeError"
