"""Does fixtrace's resolved verdict agree with the SWE-bench harness on real agent outputs?

Takes agent outputs on SWE-bench instances — trajectories, and submitted predictions (the
harness's own input) — with their task records and the harness's published verdicts, and runs
them through the stack the way a user does: ``fixtrace up`` (started here on a private data
folder, or ``--data-dir`` of a running one), ``fixtrace import FORMAT … --instances RECORDS
--batch NAME``, the stream worker, the QA worker's held-out-test stage, then ``fixtrace traces
report`` and ``fixtrace sql``. Prints one row per case: the harness's verdict, fixtrace's (or
"no verdict: reason"), whether they agree, per-test agreement where the harness published
per-test results, and the seconds of the install step and the two test runs; then agreement
over the cases with a verdict, no-verdict counts by reason, per-test agreement with the
network-dependent disagreements told apart, and time figures beside the cost of an empty
sandboxed run measured in the same run (the floor each sandbox call pays).

    python bench/swebench_agreement.py --mirror-root /work/.mirror \\
        --python 3.9=/opt/fixtrace-python/3.9/bin/python3.9

runs every case of ``bench/data/swebench/cases.jsonl`` and the mini-swe-agent run with its
harness report (``--run``; data and sources in ``bench/data/swebench/README.md``).
Repositories come from local mirrors only (``--mirror-root``/``--mirror``); nothing is
downloaded but the third-party packages of ``bench/swebench_repos.toml`` (PyPI). Versions that
need an older Python (``python = "3.9"`` there) get the interpreter ``--python`` names.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.swebench_cases import Case, cases_from_index, cases_from_run, load_records  # noqa: E402
from bench.swebench_common import (  # noqa: E402
    mirror_sources,
    repos_config,
    with_interpreters,
    write_repos_file,
)
from bench.swebench_table import print_table  # noqa: E402
from bench.swebench_verdicts import compare_tests, remote_tests, verdict_of  # noqa: E402
from fixtrace.procs import ManagedProcess, spawn  # noqa: E402
from fixtrace.waiting import wait_until  # noqa: E402
from fixtrace_config import Settings  # noqa: E402
from fixtrace_config.stack_state import running_stack  # noqa: E402

DATA = Path(__file__).with_name("data") / "swebench"
DEFAULT_RUN = (
    "mini-swe-agent",
    DATA / "trajectories" / "mini-swe-agent" / "20251118_gemini-3-pro",
    DATA / "verified_reconstructed.jsonl",
    DATA / "harness" / "sbcli_verified_mini-1.15_gemini-3-pro.json",
)
RESULTS_SQL = (
    "SELECT t.task_id AS instance_id, q.result_json AS result_json, q.flags AS flags, "
    "q.error AS error "
    "FROM qa_results AS q FINAL INNER JOIN traces AS t FINAL USING (trace_id) "
    "WHERE q.stage = 'tests' AND has(t.labels, {label:String}) "
    "ORDER BY q.finished_at_ms"
)


class Stack:
    """``fixtrace up`` on a private data folder (or a running stack's folder)."""

    def __init__(self, data_dir: Path, repos_file: Path | None) -> None:
        self.data_dir = data_dir
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("FIXTRACE_")}
        self.env.pop("ANTHROPIC_API_KEY", None)
        self.env.update(FIXTRACE_DATA_DIR=str(data_dir), FIXTRACE_SANDBOX_BACKEND="bwrap")
        if repos_file is not None:
            self.env["FIXTRACE_QA_REPOS_FILE"] = str(repos_file)
        self.proc: ManagedProcess | None = None

    def start(self) -> None:
        self.proc = spawn(
            "fixtrace-up",
            [sys.executable, "-m", "fixtrace.cli", "up"],
            env=self.env,
            log_path=self.data_dir / "bench-up.log",
        )
        settings = Settings(data_dir=self.data_dir)
        wait_until(
            lambda: (s := running_stack(settings)) is not None and s.pid == self.proc.pid,
            timeout_s=180,
            message=f"fixtrace up did not start:\n{self.proc.log_tail()}",
        )

    def stop(self) -> None:
        """Ctrl-C, as a user stops it (it stops its services); then its process group."""
        if self.proc is None:
            return
        if self.proc.alive():
            os.kill(self.proc.pid, signal.SIGINT)
            deadline = time.monotonic() + 60
            while self.proc.alive() and time.monotonic() < deadline:
                time.sleep(0.2)
        self.proc.stop()

    def fixtrace(self, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "fixtrace.cli", *args],
            env=self.env, capture_output=True, text=True, timeout=timeout,
        )  # fmt: skip


def empty_sandbox_ms(runs: int = 5) -> float:
    """Median wall time of ``python -c pass`` in the bubblewrap sandbox (the per-call floor)."""
    from qa_agents.sandbox import SandboxSpec
    from qa_agents.sandbox.bwrap import BubblewrapSandbox

    box = BubblewrapSandbox()
    with tempfile.TemporaryDirectory(prefix="bench-floor-", dir="/var/tmp") as work:
        Path(work).chmod(0o755)
        times = [
            box.run(
                SandboxSpec(command=["/usr/bin/python3", "-c", "pass"], workdir=Path(work))
            ).duration_ms
            for _ in range(runs)
        ]
    return statistics.median(times)


def wait_for_grades(stack: Stack, batches: dict[str, int], timeout_s: float) -> None:
    """Poll ``fixtrace traces report`` until every imported output of every batch is graded."""
    started, last = time.monotonic(), None
    want = sum(batches.values())
    while True:
        done = 0
        for batch, count in batches.items():
            out = stack.fixtrace("traces", "report", "--batch", batch, "--json", timeout=60)
            report = json.loads(out.stdout) if out.returncode == 0 and out.stdout.strip() else None
            if report is not None and report["submitted_instances"] >= count:
                done += report["submitted_instances"] - len(report["incomplete_ids"])
        if done != last:
            print(f"  graded {done}/{want} ({time.monotonic() - started:.0f} s)", flush=True)
            last = done
        if done >= want:
            return
        if time.monotonic() - started > timeout_s:
            raise SystemExit(f"QA did not grade every case within {timeout_s:.0f} s")
        time.sleep(3)


def import_group(stack: Stack, cases: list[Case], batch: str, work: Path) -> dict[str, dict]:
    """``fixtrace import`` of one submission's outputs; instance → outcome.

    Predictions files hold more lines than the cases: only the cases' lines are imported.
    """
    fmt, records = cases[0].fmt, cases[0].records
    if fmt == "predictions":
        wanted = {c.instance_id for c in cases}
        lines = [line for line in cases[0].source.read_text().splitlines()
                 if line.strip() and json.loads(line)["instance_id"] in wanted]  # fmt: skip
        paths = [work / f"{batch}.jsonl"]
        paths[0].write_text("\n".join(lines) + "\n")
    else:
        paths = sorted({c.source for c in cases})
    out = stack.fixtrace("import", fmt, *map(str, paths), "--instances", str(records),
                         "--batch", batch, "--json")  # fmt: skip
    if out.returncode not in (0, 1) or not out.stdout.strip():
        raise SystemExit(f"fixtrace import failed (exit {out.returncode}):\n{out.stderr[-3000:]}")
    outcomes = json.loads(out.stdout)
    for o in outcomes:
        if o["status"] != "imported":
            print(f"  {o['status']}: {o['where']}: {o['reason']}")
    return {o["instance_id"]: o for o in outcomes if o.get("instance_id")}


def parse_run(text: str) -> tuple[str, Path, Path, Path]:
    fmt, run, records, harness = text.split(":")
    return fmt, Path(run), Path(records), Path(harness)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", type=Path, default=DATA / "cases.jsonl",
                    help="case index (cases.jsonl); '' for none")  # fmt: skip
    ap.add_argument("--case-records", type=Path, default=DATA / "records.jsonl")
    ap.add_argument("--run", type=parse_run, action="append", metavar="FMT:DIR:RECORDS:HARNESS",
                    help="a run directory and the harness's report of it (default: the "
                    "mini-swe-agent run under bench/data/swebench); repeatable")  # fmt: skip
    ap.add_argument("--no-runs", action="store_true", help="only the case index")
    ap.add_argument("--only", help="regular expression: only cases whose instance id matches")
    ap.add_argument("--repos", type=Path, default=Path(__file__).with_name("swebench_repos.toml"))
    ap.add_argument("--mirror-root", type=Path)
    ap.add_argument("--mirror", action="append", default=[], metavar="OWNER/NAME=PATH")
    ap.add_argument("--python", action="append", default=[], metavar="VERSION=PATH",
                    help="interpreter for a repos-file `python` version, e.g. 3.9=/opt/py/bin/"
                    "python3.9 (readable by the sandbox uid)")  # fmt: skip
    ap.add_argument("--data-dir", type=Path, help="use the stack running on this folder")
    ap.add_argument("--batch", default=f"swebench-agreement-{int(time.time())}")
    ap.add_argument("--timeout", type=float, default=5400.0, help="seconds to wait for QA")
    ap.add_argument("--json-out", type=Path, help="also write the rows as JSON")
    args = ap.parse_args(argv)
    # Stopped with SIGTERM (or SIGINT, which a background job ignores), still stop the stack.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    cases = [] if str(args.cases) in ("", ".") else cases_from_index(args.cases, args.case_records)
    for run in [] if args.no_runs else (args.run or [DEFAULT_RUN]):
        cases += cases_from_run(*run)
    if args.only:
        cases = [c for c in cases if re.search(args.only, c.instance_id)]
    if not cases:
        raise SystemExit("no cases to run")
    mirrors = mirror_sources({c.repo for c in cases}, args.mirror_root, args.mirror, strict=False)
    work = Path(tempfile.mkdtemp(prefix="swebench-agreement-", dir="/tmp"))
    config = with_interpreters(repos_config(args.repos, mirrors), args.python)
    repos_file = write_repos_file(config, work / "repos.json")
    floor_ms = empty_sandbox_ms()

    stack = Stack(args.data_dir or work / "data", None if args.data_dir else repos_file)
    if args.data_dir is None:
        for sub in ("home", "xdg-data", "xdg-state", "xdg-config"):
            (work / sub).mkdir()
        stack.env.update(HOME=str(work / "home"), XDG_DATA_HOME=str(work / "xdg-data"),
                         XDG_STATE_HOME=str(work / "xdg-state"),
                         XDG_CONFIG_HOME=str(work / "xdg-config"))  # fmt: skip
        print(f"starting fixtrace up on {stack.data_dir} (repos file {repos_file})", flush=True)
        stack.start()
    else:
        print(f"using the stack on {args.data_dir}: it must run with FIXTRACE_QA_REPOS_FILE="
              f"{repos_file} (written now) or an equivalent repos file", flush=True)  # fmt: skip
    groups: dict[tuple[str, str, str], list[Case]] = {}
    for case in cases:
        groups.setdefault(case.group, []).append(case)
    batches = {f"{args.batch}-{i}": group for i, group in enumerate(groups.values(), 1)}
    results: dict[tuple[str, str], dict] = {}
    try:
        t0 = time.monotonic()
        imported: dict[str, int] = {}
        for batch, group in batches.items():
            outcomes = import_group(stack, group, batch, work)
            imported[batch] = sum(o["status"] != "failed" for o in outcomes.values())
        print(f"import: {sum(imported.values())} outputs in {len(batches)} batches, "
              f"{time.monotonic() - t0:.1f} s", flush=True)  # fmt: skip
        wait_for_grades(stack, imported, args.timeout)
        for batch in batches:
            out = stack.fixtrace("sql", "--format", "json", RESULTS_SQL, "--param",
                                 f"label=import-batch:{batch}")  # fmt: skip
            for r in json.loads(out.stdout):
                results[(batch, r["instance_id"])] = r
        from producers.blob_upload import open_blob_store

        blobs = open_blob_store(Settings(data_dir=stack.data_dir))
        fetch = lambda blob_id: blobs.get(blob_id).decode(errors="replace")  # noqa: E731
        rows = [
            case_row(case, results.get((batch, case.instance_id)), fetch, remote_of(case, mirrors))
            for batch, group in batches.items()
            for case in group
        ]
    finally:
        if args.data_dir is None:
            stack.stop()
    print_table(rows, floor_ms)
    if args.json_out:
        args.json_out.write_text(json.dumps(rows, indent=1, default=str))
    return 0


def remote_of(case: Case, mirrors: dict[str, str]) -> set[str]:
    """The case's held-out tests that name a remote host, read from the mirror at the base."""
    if not case.harness_tests or case.repo not in mirrors:
        return set()
    base = load_records(case.records)[case.instance_id]["base_commit"]
    files = {}
    for path in sorted({test_id.split("::")[0] for _, test_id in case.harness_tests}):
        shown = subprocess.run(["git", "--git-dir", mirrors[case.repo], "show", f"{base}:{path}"],
                               capture_output=True, text=True)  # fmt: skip
        if shown.returncode == 0:
            files[path] = shown.stdout
    return remote_tests(files)


def case_row(case: Case, row: dict | None, fetch, remote: set[str]) -> dict:  # noqa: ANN001
    """One table row: the harness's verdict beside fixtrace's, per-test agreement, time."""
    result = json.loads(row["result_json"]) if row and row.get("result_json") else None
    flags = list((row or {}).get("flags") or [])
    verdict = verdict_of(result, flags, (row or {}).get("error"), fetch)
    tests = compare_tests(case, result, fetch, remote)
    agree = None
    if verdict.resolved is not None and case.harness_resolved is not None:
        agree = verdict.resolved == case.harness_resolved
    evaluation = (result or {}).get("evaluation") or {}
    return {
        "instance": case.instance_id, "repo": case.repo, "submission": case.submission,
        "kind": "prediction" if case.fmt == "predictions" else f"{case.fmt} trajectory",
        "harness": _word(case.harness_resolved, "error"),
        "harness_patch_applied": case.harness_patch_applied,
        "fixtrace": _word(verdict.resolved, f"no verdict: {verdict.reason}"),
        "reason": verdict.reason, "detail": verdict.detail, "agree": agree,
        "flags": verdict.flags,
        "seconds": verdict.seconds, "tests": tests.__dict__ if tests else None,
        "tests_from": case.harness_tests_from,
        "odd_ids": odd_ids(evaluation.get("tests") or [], case),
    }  # fmt: skip


def _word(resolved: bool | None, none: str) -> str:
    return none if resolved is None else ("resolved" if resolved else "unresolved")


_WELL_FORMED = re.compile(r"^[^\s\[\]]+::[^\s\[]+(\[.*\])?$")


def odd_ids(tests: list[dict], case: Case) -> list[dict]:
    """Spec ids that are not whole pytest node ids (progress markers, ids cut at a space),
    with what fixtrace and the harness made of them."""
    out = []
    for t in tests:
        if _WELL_FORMED.match(t["test_id"]):
            continue
        harness = case.harness_tests.get((t["kind"], t["test_id"]))
        out.append(
            {
                "id": t["test_id"],
                "kind": t["kind"],
                "before": t["before"],
                "after": t["after"],
                "ok": t["ok"],
                "harness": None if harness is None else ("success" if harness else "failure"),
            }
        )
    return out  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
