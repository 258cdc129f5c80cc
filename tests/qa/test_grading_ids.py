"""Test ids are read whole (pytest ids may hold spaces) and the SWE-bench datasets' ids,
cut at the first space by the harness's old whitespace-splitting parser, still match.

The log comes from a real pytest run in the bubblewrap sandbox of a module parametrized
like marshmallow's ``test_datetime_field_rfc822`` (the issue's example); the cut ids are
made from that log by the old parser's rule (second whitespace-separated word of a
``-rA`` line), as the published dataset holds them. Before issue 30 the whole ids were
"missing" (failures), so a PASS_TO_PASS list of them read as ``p2p_failed_before``.
"""

from __future__ import annotations

import pytest

from qa_agents.repo_tests.grading import environment_failures, grade, is_resolved, parse_pytest_log
from tests.qa.sandboxed_pytest import run_pytest

MODULE = """
import pytest

@pytest.mark.parametrize(("value", "expected", "kind"), [
    ("Sun, 10 Nov 2013 01:23:45 -0000", "2013-11-10", "rfc"),
    ("Sun, 10 Nov 2013 01:23:45 +0000", "2013-11-10", "rfc"),
    ("2013-11-10T01:23:45", "2013-11-10", "iso"),
])
def test_datetime_field_rfc822(value, expected, kind):
    assert expected in ("2013-11-10",)

@pytest.mark.parametrize("text", ["a b", "[1] - [2]"])
def test_broken_with_spaces(text):
    assert text == "never", [1]

def test_plain():
    pass
"""


@pytest.fixture(scope="module")
def runs() -> tuple[str, list[str]]:
    """(pytest -rA output, the whole node ids pytest --collect-only lists, one a line)."""
    listed = run_pytest("test_fields.py", MODULE, "--collect-only", "-q")[0].stdout
    collected = [line for line in listed.splitlines() if "::" in line]
    return run_pytest("test_fields.py", MODULE, "-rA")[0].stdout, collected


def old_parser_ids(log: str) -> dict[str, str]:
    """The harness's old rule: ``status, test_id = line.split()[:2]`` on -rA lines."""
    out = {}
    for line in log.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in ("PASSED", "FAILED"):
            out[words[1]] = words[0]
    return out


@pytest.fixture(scope="module")
def log(runs: tuple[str, list[str]]) -> str:
    return runs[0]


def test_ids_are_read_whole(runs: tuple[str, list[str]]) -> None:
    log, collected = runs
    statuses = parse_pytest_log(log)
    assert sorted(statuses) == sorted(collected)
    rfc = (
        "test_fields.py::test_datetime_field_rfc822[Sun, 10 Nov 2013 01:23:45 -0000-2013-11-10-rfc]"
    )
    assert statuses[rfc] == "PASSED"
    assert statuses["test_fields.py::test_broken_with_spaces[a b]"] == "FAILED"
    assert statuses["test_fields.py::test_broken_with_spaces[[1] - [2]]"] == "FAILED"
    assert statuses["test_fields.py::test_plain"] == "PASSED"
    assert len(statuses) == 6


def test_whole_and_cut_ids_both_grade(runs: tuple[str, list[str]]) -> None:
    log, collected = runs
    statuses = parse_pytest_log(log)
    whole_p2p = [t for t in collected if "rfc822" in t or "plain" in t]
    assert len(whole_p2p) == 4
    cut_p2p = [t for t in old_parser_ids(log) if "rfc822" in t or "plain" in t]
    # The cut forms are what the dataset holds: two whole ids share "…[Sun,".
    assert "test_fields.py::test_datetime_field_rfc822[Sun," in cut_p2p
    for p2p in (whole_p2p, cut_p2p):
        tests = grade([], p2p, statuses, statuses)
        assert is_resolved(tests), [t for t in tests if not t.ok]
        assert environment_failures(tests) == []


def test_a_cut_id_takes_the_worst_of_the_whole_ids_it_names(log: str) -> None:
    statuses = parse_pytest_log(log)
    cut = [t for t in old_parser_ids(log) if "broken" in t]
    assert cut == [
        "test_fields.py::test_broken_with_spaces[a",
        "test_fields.py::test_broken_with_spaces[[1]",
    ]
    tests = grade(cut, [], statuses, statuses)
    assert [t.after for t in tests] == ["FAILED", "FAILED"] and not is_resolved(tests)
    # A cut id matches only as the whole part before a space, never as a loose prefix.
    assert (
        grade(["test_fields.py::test_datetime_field_rfc8"], [], statuses, statuses)[0].after is None
    )
