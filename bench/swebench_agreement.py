"""Does fixtrace's resolved verdict agree with the SWE-bench harness on real agent runs?

Takes agent trajectories, the SWE-bench task records of their instances and the harness's
published results, and runs them through the stack the way a user does: ``fixtrace up``
(started here on a private data folder, or ``--data-dir`` of a running one), ``fixtrace import
FORMAT … --instances RECORDS --batch NAME``, the stream worker, the QA worker's held-out-test
stage, then ``fixtrace traces report`` and ``fixtrace sql``. Prints, per instance: the
harness's verdict, fixtrace's, whether they agree, and the seconds of the install step and
the two test runs (before/after the agent's patch); then the agreement and time figures,
beside the cost of an empty sandboxed run measured in the same run (the floor each of the
four sandbox calls per instance pays).

    python bench/swebench_agreement.py \\
        --format mini-swe-agent \\
        --trajectories bench/data/swebench/trajectories/mini-swe-agent/20251118_gemini-3-pro \\
        --records bench/data/swebench/verified_reconstructed.jsonl \\
        --harness bench/data/swebench/harness/sbcli_verified_mini-1.15_gemini-3-pro.json \\
        --mirror-root /work/.mirror

Repositories come from local mirrors only (``--mirror-root``/``--mirror``); nothing is
downloaded but the third-party packages of ``bench/swebench_repos.toml`` (PyPI).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.swebench_common import mirror_sources, repos_config, write_repos_file  # noqa: E402
from fixtrace.procs import ManagedProcess, spawn  # noqa: E402
from fixtrace.waiting import wait_until  # noqa: E402
from fixtrace_config import Settings  # noqa: E402
from fixtrace_config.stack_state import running_stack  # noqa: E402

RESULTS_SQL = (
    "SELECT t.task_id AS instance_id, q.result_json AS result_json, q.flags AS flags, "
    "q.error AS error "
    "FROM qa_results AS q FINAL INNER JOIN traces AS t FINAL USING (trace_id) "
    "WHERE q.stage = 'tests' AND has(t.labels, {label:String}) "
    "ORDER BY q.finished_at_ms"
)


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


def wait_for_grades(stack: Stack, batch: str, want: int, timeout_s: float) -> dict:
    """Poll ``fixtrace traces report`` until every imported instance is graded."""
    started, last = time.monotonic(), None
    while True:
        out = stack.fixtrace("traces", "report", "--batch", batch, "--json", timeout=60)
        report = json.loads(out.stdout) if out.returncode == 0 and out.stdout.strip() else None
        if report is not None:
            done = report["submitted_instances"] - len(report["incomplete_ids"])
            if done != last:
                print(f"  graded {done}/{want} ({time.monotonic() - started:.0f} s)", flush=True)
                last = done
            if report["submitted_instances"] >= want and not report["incomplete_ids"]:
                return report
        if time.monotonic() - started > timeout_s:
            raise SystemExit(f"QA did not grade the batch within {timeout_s:.0f} s: {report}")
        time.sleep(2)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--format", default="mini-swe-agent", help="fixtrace import format")
    ap.add_argument("--trajectories", type=Path, required=True, help="run directory or files")
    ap.add_argument("--records", type=Path, required=True, help="SWE-bench task records")
    ap.add_argument("--harness", type=Path, required=True, help="harness run report or CSV")
    ap.add_argument("--repos", type=Path, default=Path(__file__).with_name("swebench_repos.toml"))
    ap.add_argument("--mirror-root", type=Path)
    ap.add_argument("--mirror", action="append", default=[], metavar="OWNER/NAME=PATH")
    ap.add_argument("--data-dir", type=Path, help="use the stack running on this folder")
    ap.add_argument("--batch", default=f"swebench-agreement-{int(time.time())}")
    ap.add_argument("--timeout", type=float, default=3600.0, help="seconds to wait for QA")
    ap.add_argument("--json-out", type=Path, help="also write the rows as JSON")
    args = ap.parse_args(argv)

    records = [json.loads(line) for line in args.records.read_text().splitlines() if line]
    by_id = {r["instance_id"]: r for r in records}
    harness = harness_verdicts(args.harness)
    mirrors = mirror_sources(
        {r["repo"] for r in records}, args.mirror_root, args.mirror, strict=False
    )
    work = Path(tempfile.mkdtemp(prefix="swebench-agreement-", dir="/tmp"))
    repos_file = write_repos_file(repos_config(args.repos, mirrors), work / "repos.json")
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
    try:
        t0 = time.monotonic()
        out = stack.fixtrace("import", args.format, str(args.trajectories), "--instances",
                             str(args.records), "--batch", args.batch, "--json")  # fmt: skip
        if out.returncode not in (0, 1) or not out.stdout.strip():
            tail = out.stderr[-3000:]
            raise SystemExit(f"fixtrace import failed (exit {out.returncode}):\n{tail}")
        outcomes = json.loads(out.stdout)
        imported = [o for o in outcomes if o["status"] != "failed"]
        counts = {k: sum(o["status"] == k for o in outcomes) for k in ("imported", "skipped")}
        print(f"import: {counts['imported']} imported, {counts['skipped']} already stored or "
              f"skipped, {len(outcomes) - len(imported)} failed, "
              f"{time.monotonic() - t0:.1f} s", flush=True)  # fmt: skip
        for o in outcomes:
            if o["status"] != "imported":
                print(f"  {o['status']}: {o['where']}: {o['reason']}")
        report = wait_for_grades(stack, args.batch, len(imported), args.timeout)
        rows_out = stack.fixtrace("sql", "--format", "json", RESULTS_SQL, "--param",
                                  f"label=import-batch:{args.batch}")  # fmt: skip
        results = {r["instance_id"]: r for r in json.loads(rows_out.stdout)}
    finally:
        if args.data_dir is None:
            stack.stop()

    verdict_of = {i: o for o in ("resolved", "unresolved", "error", "empty_patch")
                  for i in report[f"{o}_ids"]}  # fmt: skip
    rows = []
    for instance in sorted({o["instance_id"] for o in imported if o.get("instance_id")}):
        result = json.loads(results[instance]["result_json"]) if instance in results else {}
        seconds = (result.get("evaluation") or {}).get("seconds", {})
        run_s = sum(seconds.get(k, 0.0) for k in ("install", "before", "after"))
        ours = verdict_of.get(instance, "not imported")
        rows.append({
            "instance": instance, "repo": by_id[instance]["repo"],
            "harness": harness.get(instance, "not published"), "fixtrace": ours,
            "agree": harness.get(instance) == ours if instance in harness else None,
            "install_s": seconds.get("install"), "before_s": seconds.get("before"),
            "after_s": seconds.get("after"), "install_plus_runs_s": round(run_s, 2),
            "flags": list(results.get(instance, {}).get("flags", [])),
            "error": results.get(instance, {}).get("error"),
            "record": "reconstructed" if by_id[instance].get("reconstructed") else "published",
        })  # fmt: skip
    print_table(rows, floor_ms)
    if args.json_out:
        args.json_out.write_text(json.dumps({"rows": rows, "report": report}, indent=1))
    return 0


def print_table(rows: list[dict], floor_ms: float) -> None:
    head = ("instance", "harness", "fixtrace", "agree", "install s", "before s", "after s",
            "install+runs s", "record", "flags")  # fmt: skip
    print("\n| " + " | ".join(head) + " |\n|" + "---|" * len(head))
    for r in rows:
        cells = (r["instance"], r["harness"], r["fixtrace"],
                 {True: "yes", False: "NO", None: "-"}[r["agree"]],
                 *(f"{r[k]:.2f}" if r[k] is not None else "-"
                   for k in ("install_s", "before_s", "after_s", "install_plus_runs_s")),
                 r["record"], ", ".join(r["flags"]) or "-")  # fmt: skip
        print("| " + " | ".join(map(str, cells)) + " |")
    for r in rows:
        if r["error"]:
            print(f"  {r['instance']}: {r['error'][:300]}")
    compared = [r for r in rows if r["agree"] is not None]
    agree = sum(r["agree"] for r in compared)
    repos = len({r["repo"] for r in rows})
    times = [r["install_plus_runs_s"] for r in rows if r["install_s"] is not None]
    graded = [r for r in compared if r["fixtrace"] in ("resolved", "unresolved")]
    agree_graded = sum(r["agree"] for r in graded)
    print(f"\nagreement with the harness: {agree}/{len(compared)} instances "
          f"({len(rows)} instances, {repos} repositories); where fixtrace gave a verdict: "
          f"{agree_graded}/{len(graded)}; no verdict: {len(compared) - len(graded)}")  # fmt: skip
    if times:
        print(f"install + two runs per instance: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s; baseline in this run: an empty sandboxed "
              f"`python -c pass` {floor_ms:.0f} ms (4 sandbox calls per instance)")  # fmt: skip


if __name__ == "__main__":
    raise SystemExit(main())
