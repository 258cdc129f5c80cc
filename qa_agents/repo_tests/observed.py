"""What the host saw a test run do, and whether the run's own report agrees.

Why: the JUnit file is written inside the sandbox, by the process whose tests it grades,
into a folder that process owns. A test (or its conftest) can delete it, replace it with
an all-green one, or exit 0 after failures. So the tests stage decides from what the host
observed itself — the exit status and pytest's ``-rA`` summary on the captured output —
and keeps the report as detail, flagged when it is missing or disagrees:

- ``junit_report_missing``: pytest ran but no regular report file is there (deleted,
  replaced by a symlink or a FIFO, never written);
- ``junit_report_mismatch``: the report's per-test outcomes differ from the output's;
- ``runner_output_contradicts_exit``: exit status 0, but the output shows failed or
  errored tests, or pytest's summary never printed (it stopped before its end) — the run
  does not count as passed.
"""

from __future__ import annotations

import re

from qa_agents.repo_tests.grading import parse_pytest_log
from qa_agents.repo_tests.junit import Outcome
from qa_agents.sandbox import SandboxResult

#: pytest's ``-rA`` section header; printed whenever a test ran (the tests stage always
#: passes ``-rA`` last, so a command's own ``-r`` cannot turn it off).
SUMMARY_HEADER = re.compile(r"^=+ short test summary info =+$", re.MULTILINE)

_AS_OUTCOME = {
    "PASSED": Outcome.passed,
    "XPASS": Outcome.passed,  # as JUnit reports a non-strict XPASS
    "FAILED": Outcome.failed,
    "ERROR": Outcome.error,
    "SKIPPED": Outcome.skipped,
    "XFAIL": Outcome.skipped,  # as JUnit reports it
}
_WORST_FIRST = (Outcome.error, Outcome.failed, Outcome.skipped, Outcome.passed)


def summary_lines(output: str) -> list[str]:
    """The lines of every ``short test summary info`` section (header to the next ``=``
    rule). Why only there: with ``-rA`` pytest also prints the captured output and logs
    of passing tests, where ``ERROR root:db.py:12 …`` is a log record, not a test."""
    lines: list[str] = []
    inside = False
    for line in output.splitlines():
        if SUMMARY_HEADER.match(line):
            inside = True
        elif inside and line.startswith("="):
            inside = False
        elif inside:
            lines.append(line)
    return lines


def observed_outcomes(output: str) -> dict[str, Outcome]:
    """``{pytest node id: outcome}`` from the summary sections of the captured output; a
    test reported twice (a teardown error after a pass, or a line a test printed in a
    fake section after pytest's) keeps its worst outcome."""
    outcomes: dict[str, Outcome] = {}
    for line in summary_lines(output):
        one = parse_pytest_log(line)
        for test_id, status in one.items():
            outcome = _AS_OUTCOME[status]
            seen = outcomes.get(test_id)
            if seen is None or _WORST_FIRST.index(outcome) < _WORST_FIRST.index(seen):
                outcomes[test_id] = outcome
    return outcomes


def junit_key(node_id: str) -> str:
    """The ``classname::name`` pytest's JUnit report gives the test ``node_id``.

    ``tests/test_x.py::TestC::test_y[p q]`` → ``tests.test_x.TestC::test_y[p q]``; a
    collection error's ``tests/test_x.py`` → ``::tests.test_x``.
    """
    names = node_id.split("::")
    names[0] = re.sub(r"\.py$", "", names[0].replace("/", "."))
    return f"{'.'.join(names[:-1])}::{names[-1]}"


def report_flags(
    result: SandboxResult,
    observed: dict[str, Outcome],
    report: dict[str, Outcome] | None,
) -> tuple[bool, list[str]]:
    """(whether the run passed, flags) for a pytest run; ``report`` None = no report."""
    flags: list[str] = []
    passed = result.ok
    if report is None:
        flags.append("junit_report_missing")
    elif report != {junit_key(t): o for t, o in observed.items()}:
        flags.append("junit_report_mismatch")
    if result.ok:
        output = f"{result.stdout}\n{result.stderr}"
        failing = any(o in (Outcome.failed, Outcome.error) for o in observed.values())
        if failing or not SUMMARY_HEADER.search(output):
            flags.append("runner_output_contradicts_exit")
            passed = False
    return passed, flags
