"""Secrets said in prose and real prose that holds none, through the stream's redaction.

Run: ``python bench/redact_prose.py [--base <commit>] [--show 20]``. Scores the prose corpus
(``bench/redact_corpus/public/prose``: 2,118 fixture values in 4,236 thoughts, commit
messages, PR descriptions, bug reports and error messages written without reading the
rules; 300 real paragraphs from 109 public repositories' issues, PRs, commits, SWE-bench
problem statements and agent runs): each text is stored through the event or trace-opened
field its carrier lives in (``CARRIER_FIELDS``), so the text rules and the field's reading
(``schemas.fields.LONE_VALUES``) both apply, as the stream stores it. A positive is caught
when its value is gone from what is stored; a negative is a false positive when what is
stored differs at all. Prints recall per carrier, per wording (``plain``: no secret word in
it) and per source file, false positives per carrier, and the misses and alterations seen.

``--base <commit>`` runs the same scoring on another commit's engine (a ``git worktree`` of
it, removed after) on the same corpus, and prints both.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "bench" / "redact_corpus" / "public" / "prose"

CARRIER_FIELDS = {
    "thought": "fixtrace.payload.Thought.content_text",
    "commit_message": "fixtrace.payload.Commit.message",
    "pr_description": "fixtrace.payload.PrMetadata.description",
    "bug_report": "fixtrace.BugReport.description",
    "error_message": "fixtrace.payload.Error.message",
}
"""The field each prose carrier lives in."""


def _rows(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (CORPUS / name).read_text().splitlines() if line]


def _rate(caught: int, n: int) -> str:
    return f"{caught}/{n} = {caught / max(1, n):.1%}"


def score(show: int) -> dict[str, Any]:
    """The figures on the engine importable here (this tree, or a ``--base`` worktree)."""
    from bench.redact_corpus.public.score import _stored_field, leaked
    from streams.redact import Redactor
    from streams.redact_events import DictRedaction

    redaction = DictRedaction(Redactor())
    tally: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    missed: list[str] = []
    for row in _rows("prose_secrets.jsonl"):
        stored = _stored_field(CARRIER_FIELDS[row["carrier"]], row["text"], redaction)
        ok = not leaked(row["value"], stored)
        wording = "plain" if row.get("plain") else "named"
        for key in ("all", f"carrier {row['carrier']}", f"wording {wording}",
                    f"file {row['secret_file']}"):  # fmt: skip
            tally[key][0] += ok
            tally[key][1] += 1
        if not ok:
            missed.append(f"{row['id']} {row['kind']} {row['carrier']}: {row['value'][:60]!r}")
    fps: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    altered: list[str] = []
    for row in _rows("prose_negatives.jsonl"):
        stored = _stored_field(CARRIER_FIELDS[row["carrier"]], row["text"], redaction)
        changed = stored != row["text"]
        for key in ("all", f"carrier {row['carrier']}"):
            fps[key][0] += changed
            fps[key][1] += 1
        if changed:
            marks = [w for w in str(stored).split() if "[REDACTED" in w]
            altered.append(f"{row['id']} {row['carrier']} {row['source']}: {marks}")
    return {
        "recall": {k: _rate(*v) for k, v in sorted(tally.items())},
        "false_positives": {k: _rate(*v) for k, v in sorted(fps.items())},
        "missed_seen": missed[:show],
        "missed": len(missed),
        "altered_seen": altered,
    }


def _at(commit: str, show: int) -> dict[str, Any]:
    """:func:`score` run on ``commit``'s engine in a temporary worktree."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "base"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), commit],
                       check=True, capture_output=True)  # fmt: skip
        try:
            env = os.environ | {"PYTHONPATH": str(tree)}
            code = (f"import json, runpy; m = runpy.run_path({str(Path(__file__))!r}); "
                    f"print(json.dumps(m['score']({show})))")  # fmt: skip
            out = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, check=True,
                                 capture_output=True, text=True)  # fmt: skip
            return json.loads(out.stdout)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", help="also score this commit's engine on the same corpus")
    parser.add_argument("--show", type=int, default=20, help="misses to list")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    out: dict[str, Any] = {"this_tree": score(args.show)}
    if args.base:
        out = {"base": {"commit": args.base, **_at(args.base, args.show)}, **out}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
