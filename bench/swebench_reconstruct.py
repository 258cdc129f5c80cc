"""Rebuild SWE-bench task records from the upstream fix, the way the dataset was built.

Used where the published record (test patch, FAIL_TO_PASS, PASS_TO_PASS) is not available
here. For each instance of ``--sources`` (instance id, repo, version, base commit, and the
upstream merge commit of the fixing pull request):

- ``patch`` / ``test_patch``: the pull request's diff (``base...merge^2``, as GitHub's PR diff
  is), split into test files and the rest like the dataset does;
- ``FAIL_TO_PASS`` / ``PASS_TO_PASS``: the fixtrace QA stage runs the test patch's files at the
  base commit and again with the gold patch (sandboxed, installed per ``--repos``); tests
  that fail before and pass after, and tests that pass in both;
- ``problem_statement``: the task text an agent trajectory received (``--trajectories``).

Every record says so in ``reconstructed``. The repositories come from local mirrors
(``--mirror-root`` with ``<owner>+<name>/repo`` folders, as the ``fetch`` tool lays them
out, or ``--mirror owner/name=PATH``); nothing is downloaded.

    python bench/swebench_reconstruct.py --sources bench/data/swebench/verified_sources.json \\
        --trajectories bench/data/swebench/trajectories/mini-swe-agent \\
        --mirror-root /work/.mirror --out bench/data/swebench/verified_reconstructed.jsonl
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.swebench_common import mirror_sources, repos_config  # noqa: E402
from fixtrace_config import Settings  # noqa: E402
from producers.importers import IMPORTERS  # noqa: E402
from qa_agents.ports import get_text, put_text  # noqa: E402
from qa_agents.repo_tests import RepoTestRunner  # noqa: E402
from qa_agents.trace_facts import is_test_path, split_patch  # noqa: E402
from schemas.document import TraceDocument
from schemas.models import Developer, EvalSpec, PrRef, Repo, Task
from sinks.blobs import FilesystemBlobStore  # noqa: E402


def pr_diff(mirror: str, base: str, merge: str) -> str:
    """The pull request's diff: from the merge base of ``base`` and the PR head to the head."""
    return subprocess.run(
        ["git", "-C", mirror, "diff", "--no-color", "--no-ext-diff", f"{base}...{merge}^2"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip


def split(diff: str) -> tuple[str, str]:
    """(gold patch, test patch)."""
    files = split_patch(diff).files
    gold = "".join(f.text for f in files if not is_test_path(f.path))
    tests = "".join(f.text for f in files if is_test_path(f.path))
    return gold, tests


def statuses(blobs: FilesystemBlobStore, invocation) -> dict[str, str]:  # noqa: ANN001
    return json.loads(get_text(blobs, invocation.report_blob_id)) if invocation else {}


def derive_lists(
    runner: RepoTestRunner, blobs: FilesystemBlobStore, source: dict, gold: str, test_patch: str
) -> tuple[list[str], list[str], dict]:
    """Run before/after with the gold patch; (FAIL_TO_PASS, PASS_TO_PASS, run facts)."""
    spec = EvalSpec(
        dataset="reconstructed",
        instance_id=source["instance_id"],
        version=source["version"],
        test_patch_blob_id=put_text(blobs, test_patch, "text/x-diff"),
    )
    doc = TraceDocument(
        trace_id=f"reconstruct-{source['instance_id']}",
        created_at_ms=0,
        repo=Repo(repo_id=source["repo"], commit_base=source["base_commit"]),
        task=Task(task_id=source["instance_id"], evaluation=spec),
        developer=Developer(developer_id="reconstruct"),
        final_state={"pr": PrRef(diff_blob_id=put_text(blobs, gold, "text/x-diff"))},
    )
    out = runner.run(doc)
    if out.tests is None or len(out.tests.invocations) != 2:
        raise RuntimeError(f"{source['instance_id']}: gold run incomplete: {out.flags} {out.error}")
    before, after = (statuses(blobs, inv) for inv in out.tests.invocations)
    ok = ("PASSED", "XFAIL")
    f2p = sorted(t for t, s in after.items() if s in ok and before.get(t) not in ok)
    p2p = sorted(t for t, s in after.items() if s in ok and before.get(t) in ok)
    facts = {
        "flags": out.flags,
        "seconds": out.tests.evaluation.seconds if out.tests.evaluation else {},
    }
    return f2p, p2p, facts


def problem_statement(trajectories: Path, instance_id: str) -> str | None:
    for path in sorted(trajectories.rglob(f"{instance_id}.traj.json")):
        bug = IMPORTERS["mini-swe-agent"](path).opened.task.bug_report
        if bug is not None:
            return bug.description
    return None


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sources", type=Path, required=True)
    ap.add_argument("--trajectories", type=Path, required=True)
    ap.add_argument("--repos", type=Path, default=Path(__file__).with_name("swebench_repos.toml"))
    ap.add_argument("--mirror-root", type=Path)
    ap.add_argument("--mirror", action="append", default=[], metavar="OWNER/NAME=PATH")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args(argv)
    sources = json.loads(args.sources.read_text())
    mirrors = mirror_sources({s["repo"] for s in sources}, args.mirror_root, args.mirror)
    with tempfile.TemporaryDirectory(prefix="swebench-reconstruct-") as tmp:
        settings = Settings(data_dir=Path(tmp), sandbox_backend="bwrap")
        blobs = FilesystemBlobStore(Path(tmp) / "blobs", fsync=False)
        runner = RepoTestRunner(settings, blobs, repos=repos_config(args.repos, mirrors))
        records = []
        for source in sources:
            mirror = mirrors[source["repo"]]
            gold, test_patch = split(pr_diff(mirror, source["base_commit"], source["fix_merge"]))
            f2p, p2p, facts = derive_lists(runner, blobs, source, gold, test_patch)
            print(f"{source['instance_id']}: F2P {len(f2p)}, P2P {len(p2p)}, {facts}", flush=True)
            records.append(
                {
                    "instance_id": source["instance_id"],
                    "repo": source["repo"],
                    "base_commit": source["base_commit"],
                    "version": source["version"],
                    "environment_setup_commit": None,
                    "problem_statement": problem_statement(
                        args.trajectories, source["instance_id"]
                    ),
                    "patch": gold,
                    "test_patch": test_patch,
                    "FAIL_TO_PASS": f2p,
                    "PASS_TO_PASS": p2p,
                    "reconstructed": (
                        f"base_commit and version from the published SWE-bench Verified metadata; "
                        f"patch/test_patch from the fixing pull request ({source['repo']} merge "
                        f"{source['fix_merge']}); FAIL_TO_PASS/PASS_TO_PASS by running the test "
                        "patch's files at base and with the gold patch in fixtrace's sandbox "
                        "(Python 3.11, bench/swebench_repos.toml)"
                    ),
                }
            )
    args.out.write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in records))
    print(f"wrote {len(records)} record(s) to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
