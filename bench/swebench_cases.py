"""What the SWE-bench harness said: the bench's cases, their verdicts and per-test statuses.

A *case* is one agent output (a trajectory, or a prediction's patch) on one instance with the
harness's published verdict for that very output. Cases come from an index file
(``bench/data/swebench/cases.jsonl``, fields in the data README) or from a run directory and
the harness's run report of that run. Where the harness published per-test results — a
``report.json`` with ``tests_status``, or the 2024 harness's evaluation log — each FAIL_TO_PASS
and PASS_TO_PASS test gets the harness's success/failure, so verdicts can be compared per test.
"""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass, field
from pathlib import Path

from qa_agents.repo_tests.grading import grade, parse_pytest_log

#: Import format of each case kind of the index file.
FORMATS = {
    "predictions": "predictions",
    "trajectory-swe-agent": "swe-agent",
    "trajectory-mini-swe-agent": "mini-swe-agent",
}
#: Repositories the harness parses with ``parse_log_pytest_options`` (path params shortened).
PYTEST_OPTIONS_REPOS = {"psf/requests", "pydicom/pydicom", "pylint-dev/pylint"}


@dataclass
class Case:
    """One agent output with the harness's verdict on it."""

    instance_id: str
    repo: str
    submission: str
    fmt: str
    source: Path
    records: Path
    harness_resolved: bool | None  # None: the harness gave no verdict (an error)
    harness_patch_applied: bool | None = None
    #: ``(kind, test id)`` → True (success) / False (failure), where published.
    harness_tests: dict[tuple[str, str], bool] = field(default_factory=dict)
    harness_tests_from: str = ""  # "report.json" or "eval log"

    @property
    def group(self) -> tuple[str, str, str]:
        """Outputs imported together (one ``fixtrace import`` call, one batch)."""
        return self.fmt, self.submission, str(self.records)


def report_tests(path: Path, instance_id: str) -> dict[tuple[str, str], bool]:
    """The F2P/P2P success and failure lists of a harness ``report.json``.

    A test in neither list (an XPASS, or a status the harness does not count) is left out,
    as the harness leaves it out of its counts.
    """
    report = json.loads(path.read_text())[instance_id]
    status = report.get("tests_status") or {}
    out: dict[tuple[str, str], bool] = {}
    for key, kind in (("FAIL_TO_PASS", "fail_to_pass"), ("PASS_TO_PASS", "pass_to_pass")):
        lists = status.get(key) or {}
        out.update({(kind, t): True for t in lists.get("success", [])})
        out.update({(kind, t): False for t in lists.get("failure", [])})
    return out


def eval_log_tests(path: Path, record: dict) -> dict[tuple[str, str], bool]:
    """Per-test success from a 2024 harness evaluation log, graded with the harness's rules.

    That harness ran the tests once, after applying the test patch and the prediction, and
    graded the record's lists on the statuses its log parser read from the output; this
    reads the same output with the same parser rules (a test missing from it fails). A log
    where the prediction was not applied has no test run and gives nothing.
    """
    text = path.read_text(errors="replace")
    if ">>>>> Applied Patch (pred)" not in text:
        return {}
    statuses = parse_pytest_log(text, shorten_path_params=record["repo"] in PYTEST_OPTIONS_REPOS)
    tests = grade(_ids(record["FAIL_TO_PASS"]), _ids(record["PASS_TO_PASS"]), None, statuses)
    return {(t.kind, t.test_id): t.ok for t in tests}


def _ids(value: str | list[str]) -> list[str]:
    return json.loads(value) if isinstance(value, str) else list(value)


def load_records(path: Path) -> dict[str, dict]:
    return {
        r["instance_id"]: r
        for r in (json.loads(line) for line in path.read_text().splitlines() if line.strip())
    }


def cases_from_index(path: Path, records: Path) -> list[Case]:
    """The cases of an index file (``cases.jsonl``); paths are relative to its folder."""
    root = path.parent
    by_id = load_records(records)
    cases = []
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        case = Case(
            instance_id=row["instance_id"],
            repo=row["repo"],
            submission=row["submission"],
            fmt=FORMATS[row["kind"]],
            source=root / row["path"],
            records=records,
            harness_resolved=row["harness_resolved"],
            harness_patch_applied=row.get("harness_patch_applied"),
        )
        report = row.get("harness_report", "")
        if report.endswith("report.json"):
            case.harness_tests = report_tests(root / report, case.instance_id)
            case.harness_tests_from = "report.json"
        elif row.get("harness_log"):
            case.harness_tests = eval_log_tests(root / row["harness_log"], by_id[case.instance_id])
            case.harness_tests_from = "eval log" if case.harness_tests else ""
        cases.append(case)
    return cases


def harness_verdicts(path: Path) -> dict[str, str]:
    """instance → resolved / unresolved / error / empty_patch, from a harness run report
    (``resolved_ids`` …, as ``make_run_report`` and sb-cli write it), the 2024 harness's
    ``results.json`` (``resolved``, ``no_apply`` … lists) or a CSV with
    ``instance_id,resolved`` columns."""
    if path.suffix == ".csv":
        with path.open() as fh:
            return {
                row["instance_id"]: "resolved" if row["resolved"] == "True" else "unresolved"
                for row in csv.DictReader(fh)
            }
    report = json.loads(path.read_text())
    if isinstance(report.get("resolved"), list):  # the 2024 harness's results.json
        verdicts = dict.fromkeys(report.get("generated", []), "unresolved")
        verdicts.update(dict.fromkeys(report.get("no_generation", []), "empty_patch"))
        verdicts.update(dict.fromkeys(report.get("no_apply", []), "error"))
        verdicts.update(dict.fromkeys(report["resolved"], "resolved"))
        return verdicts
    verdicts = {}
    for key in ("unresolved", "error", "empty_patch", "resolved"):
        for instance in report.get(f"{key}_ids", []):
            verdicts[instance] = key
    return verdicts


def cases_from_run(fmt: str, run: Path, records: Path, harness: Path) -> list[Case]:
    """A run directory's outputs with the verdicts of the harness's report on that run.

    Only instances with a record and a published verdict are cases; the harness's
    ``error`` (no verdict) and ``empty_patch`` (unresolved) are kept as such.
    """
    verdicts = harness_verdicts(harness)
    by_id = load_records(records)
    suffix = {"mini-swe-agent": "*.traj.json", "swe-agent": "*.traj"}[fmt]
    files = sorted(run.rglob(suffix)) if run.is_dir() else [run]
    cases = []
    for file in files:
        instance = file.name.removesuffix(".json").removesuffix(".traj")
        if instance not in by_id or instance not in verdicts:
            continue
        verdict = verdicts[instance]
        cases.append(
            Case(
                instance_id=instance,
                repo=by_id[instance]["repo"],
                submission=run.name if run.is_dir() else run.parent.name,
                fmt=fmt,
                source=file,
                records=records,
                harness_resolved=None if verdict == "error" else verdict == "resolved",
            )
        )
    return cases
