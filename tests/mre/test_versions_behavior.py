"""PyPI lookup (real and mocked), version mentions, behaviour parsing and comparison."""

from __future__ import annotations

import httpx
import pytest

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.reproduced import compare
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.environment.versions import build_report, find_mentions, satisfies
from qa_agents.mre.models import ExecutionResults
from qa_agents.mre.read.tracebacks import parse_exception


def _client(handler, retries: int = 2) -> PypiClient:
    return PypiClient(retries=retries, backoff_s=0, transport=httpx.MockTransport(handler))


def test_real_pypi_latest_version() -> None:
    result = PypiClient(timeout_s=10).latest("packaging")
    assert result.error is None and result.latest_version
    assert result.latest_version[0].isdigit()


def test_real_pypi_unknown_package_is_clear() -> None:
    result = PypiClient(timeout_s=10).latest("this-package-does-not-exist-fixtrace-zz")
    assert result.not_found and "not found on PyPI" in (result.error or "")


def test_lookup_cached_per_normalised_name() -> None:
    calls: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request.url.path)
        return httpx.Response(200, json={"info": {"version": "1.2.3"}})

    client = _client(handler)
    assert client.latest("Foo_Bar").latest_version == "1.2.3"
    assert client.latest("foo-bar").latest_version == "1.2.3"
    assert calls == ["/pypi/foo-bar/json"]


def test_transient_errors_retried_then_reported() -> None:
    attempts = []

    def flaky(request: httpx.Request) -> httpx.Response:
        attempts.append(1)
        if len(attempts) < 3:
            raise httpx.ConnectTimeout("timed out", request=request)
        return httpx.Response(200, json={"info": {"version": "9.0"}})

    assert _client(flaky).latest("x").latest_version == "9.0"
    assert len(attempts) == 3

    def down(request: httpx.Request) -> httpx.Response:
        return httpx.Response(503)

    result = _client(down, retries=1).latest("x")
    assert result.transient and "2 attempts" in (result.error or "")


def test_404_is_not_retried() -> None:
    attempts = []

    def missing(request: httpx.Request) -> httpx.Response:
        attempts.append(1)
        return httpx.Response(404)

    assert _client(missing).latest("nope").not_found
    assert len(attempts) == 1


def test_mentions_from_prose_requirements_and_imports() -> None:
    md = (
        "Using `numpy>=1.24` on Python 3.11.\n\n- pandas 2.0.0\n- Ubuntu 22.04\n\n"
        "```python\nimport pandas as pd\nimport requests\nif count>=10: pass\n```\n"
    )
    found = {m.name: m.spec for m in find_mentions(md, ["pandas", "requests"])}
    assert found == {"numpy": ">=1.24", "pandas": "2.0.0", "requests": None}


def test_version_report_flags() -> None:
    def handler(request: httpx.Request) -> httpx.Response:
        if "ghost" in request.url.path:
            return httpx.Response(404)
        return httpx.Response(200, json={"info": {"version": "2.1.3"}})

    md = "- pandas 2.0.0\n- numpy>=1.24\n- requests"
    mentions = find_mentions(md, ["requests", "ghost"])
    report = build_report(mentions, _client(handler), md)
    by_name = {p.name: p for p in report.packages}
    assert by_name["pandas"].needs_update and not by_name["pandas"].is_latest
    assert by_name["numpy"].is_latest  # 2.1.3 satisfies >=1.24
    assert by_name["requests"].is_latest and by_name["requests"].mentioned_version is None
    assert not report.all_latest
    assert not report.can_proceed  # ghost does not exist: critical


@pytest.mark.parametrize(
    ("latest", "spec", "ok"),
    [("2.1.3", "2.1.3", True), ("2.1.3", "==2.0", False), ("2.1.3", "<2", False)],
)
def test_satisfies(latest: str, spec: str, ok: bool) -> None:
    assert satisfies(latest, spec) is ok


ISSUE = """# Bug

## Expected behavior
It should print 3.

## Actual behavior
It raises `ValueError: cannot convert float NaN to integer`.
"""


def test_behavior_error_symptom_and_strategy() -> None:
    analysis = analyse_behavior(ISSUE)
    expected = analysis.expected_behavior
    assert expected.type == "error" and expected.error_type == "ValueError"
    assert expected.error_message == "cannot convert float NaN to integer"
    assert analysis.comparison_strategy == "pattern_match"
    assert analysis.actual_behavior.provided and not analysis.needs_clarification
    assert "print 3" in expected.validation_criteria


def test_behavior_output_symptom() -> None:
    md = "## Actual behavior\nIt prints:\n\n```text\nresult: None\n```\n"
    analysis = analyse_behavior(md)
    assert analysis.expected_behavior.type == "output"
    assert analysis.comparison_strategy == "contains"
    run = ExecutionResults(exit_code=0, stdout="log\nresult: None\n")
    assert compare(analysis, run).matched


def test_behavior_unclear_needs_clarification() -> None:
    analysis = analyse_behavior("# Broken\nIt does not work sometimes.\n")
    assert analysis.needs_clarification


def test_compare_error_cases() -> None:
    analysis = analyse_behavior(ISSUE)
    same = ExecutionResults(
        exit_code=1, exception="ValueError: cannot convert float NaN to integer"
    )
    other = ExecutionResults(exit_code=1, exception="TypeError: bad operand")
    clean = ExecutionResults(exit_code=0)
    assert compare(analysis, same).matched
    assert not compare(analysis, other).matched
    assert compare(analysis, other).discrepancies[1] == "Actual: TypeError: bad operand"
    assert not compare(analysis, clean).matched


def test_parse_exception_from_stderr() -> None:
    stderr = "Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'b'\n"
    assert parse_exception(stderr) == ("KeyError", "'b'")
    assert parse_exception("plain warning") is None
