"""The agreement bench's reading of the harness's published files, and of fixtrace's results.

Inputs are the real published files under ``bench/data/swebench`` (per-instance
``report.json`` of the Daemon and glm-5.3 runs, the 2024 harness's evaluation logs of CodeR);
the bench itself needs mirrors and a stack, so CI checks the parts that decide its figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from bench.swebench_cases import cases_from_index, cases_from_run, harness_verdicts
from bench.swebench_verdicts import compare_tests, network_failures, remote_tests, verdict_of

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "bench" / "data" / "swebench"
RECORDS = DATA / "records.jsonl"


def _records() -> dict[str, dict]:
    return {json.loads(line)["instance_id"]: json.loads(line) for line in RECORDS.open()}


def _spec(record: dict) -> set[tuple[str, str]]:
    ids = {k: json.loads(record[k]) for k in ("FAIL_TO_PASS", "PASS_TO_PASS")}
    return {("fail_to_pass", t) for t in ids["FAIL_TO_PASS"]} | {
        ("pass_to_pass", t) for t in ids["PASS_TO_PASS"]
    }


def test_every_case_is_read_with_the_harness_per_test_results_where_published() -> None:
    cases = cases_from_index(DATA / "cases.jsonl", RECORDS)
    records = _records()
    assert len(cases) == 24 and sum(c.harness_resolved for c in cases) == 5
    assert {c.fmt for c in cases} == {"predictions", "swe-agent"}
    for case in cases:
        if case.harness_tests_from == "report.json" and case.harness_patch_applied:
            # The published lists split the record's own lists, nothing more or less.
            assert set(case.harness_tests) == _spec(records[case.instance_id]), case
        if case.harness_tests:
            # Graded with the harness's rules, the per-test results give its verdict.
            assert all(case.harness_tests.values()) == case.harness_resolved, case
    by = {(c.instance_id, c.submission): c for c in cases}
    # CodeR's patch for requests-1963 did not apply: that log has no test run.
    assert by[("psf__requests-1963", "20240604_CodeR")].harness_tests == {}
    # CodeR's flask-4045 run died importing flask (Werkzeug 3 in its environment): every test
    # is missing from the log, so every one failed, whatever the patch did.
    flask = by[("pallets__flask-4045", "20240604_CodeR")]
    assert flask.harness_tests_from == "eval log" and not any(flask.harness_tests.values())
    # The Daemon pytest-7220 patch was not applied by the harness: no per-test lists.
    assert by[("pytest-dev__pytest-7220", "20260923_Daemon")].harness_tests == {}


def test_a_run_directory_is_cases_by_the_harness_run_report() -> None:
    run = DATA / "trajectories" / "mini-swe-agent" / "20251118_gemini-3-pro"
    harness = DATA / "harness" / "sbcli_verified_mini-1.15_gemini-3-pro.json"
    cases = cases_from_run("mini-swe-agent", run, DATA / "verified_reconstructed.jsonl", harness)
    verdicts = harness_verdicts(harness)
    assert len(cases) == 6
    assert all(c.harness_resolved == (verdicts[c.instance_id] == "resolved") for c in cases)


REQUESTS_LIKE = """
import pytest, requests
HTTPBIN = "http://httpbin.org/"

def httpbin(*suffix):
    return HTTPBIN + "/".join(suffix)

class RequestsTestCase:
    def test_entry_points(self):
        requests.session

    def test_HTTP_200_OK_GET(self):
        assert requests.get(httpbin("get")).status_code == 200

    def test_connection_error(self):
        with pytest.raises(requests.ConnectionError):
            requests.get("http://fooobarbangbazbing.httpbin.org")

def test_local_only():
    assert requests.Request("GET", "http://localhost:1/").url

@pytest.mark.parametrize("url", ["http://doesnotexist.google.com"])
def test_errors(url):
    with pytest.raises(requests.ConnectionError):
        requests.get(url)
"""


def test_network_dependent_tests_are_named_from_their_source() -> None:
    assert remote_tests({"test_requests.py": REQUESTS_LIKE}) == {
        "test_requests.py::httpbin",
        "test_requests.py::RequestsTestCase::test_HTTP_200_OK_GET",
        "test_requests.py::RequestsTestCase::test_connection_error",
        "test_requests.py::test_errors",  # the host is in the parametrize decorator
    }


def test_connection_failures_are_read_from_pytest_output(tmp_path: Path) -> None:
    """Real pytest output (-rA summary and failure sections) of tests failing as the
    sandbox makes them fail: a name that does not resolve, and an unrelated assertion."""
    (tmp_path / "test_net.py").write_text(
        "import socket\n"
        "class TestT:\n"
        "    def test_lookup(self):\n"
        "        raise socket.gaierror(-3, 'Temporary failure in name resolution')\n"
        "def test_logic():\n"
        "    assert 1 + 1 == 3\n"
        "def test_ok():\n"
        "    pass\n"
    )
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-rA", "-p", "no:cacheprovider", "test_net.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    ).stdout
    found = network_failures(out)
    assert "test_net.py::TestT::test_lookup" in found or "TestT.test_lookup" in found
    assert not {"test_net.py::test_logic", "test_logic", "test_net.py::test_ok"} & found


def _result(tests: list[dict], before_out: str = "", after_out: str = "") -> tuple[dict, dict]:
    blobs = {"b": before_out, "a": after_out}
    invocations = [
        {"phase": "before", "stdout_blob_id": "b"},
        {"phase": "after", "stdout_blob_id": "a"},
    ]
    result = {
        "resolved": None,
        "invocations": invocations,
        "evaluation": {"tests": tests, "seconds": {"install": 1.0, "before": 2.0, "after": 3.0}},
    }
    return result, blobs


def test_no_verdict_says_why() -> None:
    trace = 'TypeError: required field "lineno" missing from alias\n'
    result, blobs = _result([], before_out=trace)
    verdict = verdict_of(result, ["p2p_failed_before"], "2 PASS_TO_PASS …", blobs.__getitem__)
    assert verdict.resolved is None and verdict.seconds == 6.0
    assert verdict.detail == "2 PASS_TO_PASS …"
    assert verdict.reason == (
        "needs Python < 3.10 (pytest's assertion rewriter predates Python 3.10's ast)"
    )
    result, blobs = _result([], before_out="E   AssertionError")
    verdict = verdict_of(result, ["p2p_failed_before"], "…", blobs.__getitem__)
    assert verdict.reason == "PASS_TO_PASS tests fail before the fix too (environment)"
    assert verdict_of(None, [], None, blobs.__getitem__).reason.startswith("not graded")


def test_per_test_comparison_tells_network_from_other_differences() -> None:
    case = cases_from_index(DATA / "cases.jsonl", RECORDS)[3]  # Daemon, psf__requests-2317
    assert case.instance_id == "psf__requests-2317" and case.harness_tests_from == "report.json"
    harness = case.harness_tests
    net_fail = "test_requests.py::RequestsTestCase::test_BASICAUTH_TUPLE_HTTP_200_OK_GET"
    net_pass = "test_requests.py::RequestsTestCase::test_connection_error"
    other = "test_requests.py::RequestsTestCase::test_basic_building"
    assert harness[("pass_to_pass", net_fail)] is False
    assert harness[("pass_to_pass", other)] is True
    tests = []
    for (kind, test_id), ok in harness.items():
        after = "PASSED" if ok else "FAILED"
        if test_id == net_pass:
            after, ok = "PASSED", True  # no network here: the expected failure happens
        if test_id == other:
            after, ok = "FAILED", False  # a difference the network does not explain
        tests.append({"kind": kind, "test_id": test_id, "before": after, "after": after,
                      "ok": ok})  # fmt: skip
    summary = f"FAILED {net_fail} - requests.exceptions.ConnectionError: Max retries exceeded\n"
    result, blobs = _result(tests, after_out=summary)
    remote = {net_pass.split("[")[0]}
    got = compare_tests(case, result, blobs.__getitem__, remote)
    assert got.compared == len(harness) and got.agree == len(harness) - 2
    assert got.network == [net_pass]
    assert got.other == [f"{other} (harness pass, fixtrace FAILED)"]
    assert net_fail in got.network_agree  # both fail; here for want of network
