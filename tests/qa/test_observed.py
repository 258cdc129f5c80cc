"""What the tests stage reads from pytest's output: only its summary sections, so a passing
test's captured log (``ERROR root:…``) or printed text is not taken for a test result."""

from __future__ import annotations

from qa_agents.repo_tests.junit import Outcome, parse_junit
from qa_agents.repo_tests.observed import junit_key, observed_outcomes, report_flags
from tests.qa.sandboxed_pytest import run_pytest

MODULE = """
import logging
import pytest

def test_logs_an_error():
    logging.getLogger("db").error("connection lost, retrying")
    print("FAILED tests/elsewhere.py::test_not_ours - printed by the test")

@pytest.mark.parametrize("when", ["Sun, 10 Nov 2013", "x"])
def test_params(when):
    assert when
"""


def test_a_passing_tests_logs_and_prints_are_not_results() -> None:
    res, xml = run_pytest("test_logs.py", MODULE, "-q", "-rA", "--junitxml=r.xml", read="r.xml")
    assert xml is not None
    report = parse_junit(xml)
    assert res.exit_code == 0, res.stdout
    assert "ERROR    db:test_logs.py" in res.stdout  # the log record is in the output
    observed = observed_outcomes(res.stdout)
    assert observed == {
        "test_logs.py::test_logs_an_error": Outcome.passed,
        "test_logs.py::test_params[Sun, 10 Nov 2013]": Outcome.passed,
        "test_logs.py::test_params[x]": Outcome.passed,
    }
    assert report == {junit_key(t): o for t, o in observed.items()}
    assert report_flags(res, observed, report) == (True, [])
