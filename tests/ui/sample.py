"""Traces for the UI tests, stored through the real store and blob folder.

Besides the ops sample (one fixed trace, one broken), a *hostile* trace: every field a page
shows carries an HTML/script payload (terminal output inline and as a blob, a diff, a
thought, the bug report's markdown, the MRE report, JUnit test names, the judge's
rationale, the repo id), plus ANSI colours, a redacted event and a gap in its seqs. Each
payload, if it ever ran, would set ``window.__xss`` and the page title, which is what the
browser test checks did not happen.
"""

from __future__ import annotations

import html
import json
from pathlib import Path

from schemas.document import BlobInfo, QAJudge, QATests, Redaction, StoredEvent, TestInvocation
from schemas.models import (
    BugReport,
    Developer,
    Event,
    QAResult,
    Repo,
    Task,
    TraceFinalize,
    TraceOpened,
)
from sinks.blobs.filesystem import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore
from tests.ops.sample import T0, store_sample

PWN = "window.__xss=1;document.title='pwned'"
SCRIPT = f"<script>{PWN}</script>"
IMG = f'<img src=x onerror="{PWN}">'
PAYLOAD = f"{SCRIPT} {IMG}"
HOSTILE_REPO = f"evil/{IMG}"
LONG_OUTPUT_LINES = 60


def _ev(seq: int, type_: str, payload: dict, redaction: Redaction | None = None) -> StoredEvent:
    ev = StoredEvent.model_validate(
        Event.model_validate(
            {"seq": seq, "ts_ms": T0 + seq * 1500, "type": type_, "payload": payload}
        ).model_dump()
    )
    if redaction is not None:
        ev.redaction = redaction
    return ev


def _junit(outcomes: dict[str, str]) -> str:
    cases = []
    for name, outcome in outcomes.items():
        cls, _, test = name.partition("::")
        inner = {"failed": '<failure message="boom">assert 1 == 2</failure>', "passed": ""}[outcome]
        cases.append(f'<testcase classname="{cls}" name="{test}">{inner}</testcase>')
    return f'<testsuites><testsuite name="pytest">{"".join(cases)}</testsuite></testsuites>'


def _put(blobs: FilesystemBlobStore, store: ClickHouseStore, text: str, ctype: str) -> str:
    ref = blobs.put(text.encode(), content_type=ctype)
    store.insert_blobs([BlobInfo(blob_id=ref.blob_id, byte_length=ref.byte_length,
                                 storage_uri=ref.storage_uri, content_type=ctype)])  # fmt: skip
    return ref.blob_id


def store_hostile(store: ClickHouseStore, blob_root: Path, trace_id: str) -> dict[str, str]:
    """Store the hostile trace and two QA runs; returns the blob ids the tests look for."""
    blobs = FilesystemBlobStore(blob_root)
    esc = html.escape(PAYLOAD, quote=True)  # as pytest writes it into the JUnit attribute
    big_output = "\n".join(
        f"\x1b[31mline {i}\x1b[0m {PAYLOAD}" if i % 10 == 0 else f"line {i}"
        for i in range(400)
    )  # fmt: skip
    ids = {
        "big_output": _put(blobs, store, big_output, "text/plain"),
        "patch": _put(
            blobs,
            store,
            (
                "--- a/app.py\n+++ b/app.py\n@@ -1,2 +1,2 @@\n"
                f"-title = '{SCRIPT}'\n+title = escape('{IMG}')\n context line\n"
            ),
            "text/x-diff",
        ),  # fmt: skip
        "report": _put(
            blobs,
            store,
            (
                f"# MRE report\n\nRaw HTML: {PAYLOAD} <iframe src=javascript:{PWN}></iframe>\n\n"
                f"[click me](javascript:{PWN}) and [docs](https://example.org/docs)\n\n"
                "| step | result |\n|---|---|\n| run | **reproduced** |\n"
            ),
            "text/markdown",
        ),  # fmt: skip
        "rationale": _put(
            blobs,
            store,
            (
                f"Heuristic judge.\nroot_cause_identification: cause named {SCRIPT}\n"
                "plan_quality: a plan came first\n"
            ),
            "text/plain",
        ),  # fmt: skip
        "junit_before": _put(
            blobs,
            store,
            _junit({f"tests.test_x::test_{esc}": "failed", "tests.test_x::test_plain": "passed"}),
            "application/xml",
        ),  # fmt: skip
        "junit_after": _put(
            blobs,
            store,
            _junit({f"tests.test_x::test_{esc}": "passed", "tests.test_x::test_plain": "passed"}),
            "application/xml",
        ),  # fmt: skip
    }
    long_inline = "\n".join(f"collected item {i}" for i in range(LONG_OUTPUT_LINES))
    events = [
        _ev(1, "thought", {"kind": "hypothesis", "content_text": f"Maybe {PAYLOAD} is unescaped"}),
        _ev(2, "terminal_command", {"cwd": "/w", "command": f"echo '{SCRIPT}'"}),
        _ev(
            3,
            "terminal_output",
            {"stream": "stdout", "chunk_text": f"\x1b[1;32m{PAYLOAD}\x1b[0m\n"},
        ),  # fmt: skip
        _ev(4, "terminal_output", {"stream": "stdout", "chunk_blob_id": ids["big_output"]}),
        _ev(5, "terminal_output", {"stream": "stderr", "chunk_text": long_inline, "exit_code": 1}),
        # seq 6 and 7 never arrive: a gap
        _ev(8, "file_edit", {"file_path": f"app{IMG}.py", "patch_blob_id": ids["patch"]}),
        _ev(
            9,
            "terminal_output",
            {"stream": "stdout", "chunk_text": "AWS key [REDACTED:aws_access_key_id]\n"},
            Redaction(applied=True, rules=["aws_access_key_id"], counts={"aws_access_key_id": 1}),
        ),  # fmt: skip
        _ev(
            10,
            "test_run",
            {
                "command": "pytest -q",
                "runner": "pytest",
                "exit_code": 0,
                "duration_ms": 12,
                "passed": True,
                "tests_total": 2,
                "tests_failed": 0,
            },
        ),  # fmt: skip
        _ev(
            11,
            "commit",
            {
                "sha": "c0ffee" * 6 + "abcd",
                "message": f"fix {SCRIPT}",
                "diff_blob_id": ids["patch"],
                "files_changed": ["app.py"],
            },
        ),  # fmt: skip
    ]
    store.upsert_trace_opened(TraceOpened.model_construct(
        trace_id=trace_id, created_at_ms=T0 + 3_600_000,
        repo=Repo(repo_id=HOSTILE_REPO, commit_base="abc1234", remote_url=f"https://x/{IMG}"),
        task=Task(bug_report=BugReport(
            title=f"Title {SCRIPT}",
            description=f"**Bold** then raw {PAYLOAD}\n\n[bad link](javascript:{PWN})\n",
            expected=f"no alert {IMG}",
        ), labels=[SCRIPT]),
        # The wire models refuse this id (its shape), but the UI must stay safe on whatever
        # a store holds (older rows, other writers): built unvalidated on purpose.
        developer=Developer.model_construct(developer_id=f"dev{IMG}", experience_level="mid"),
    ))  # fmt: skip
    store.insert_events(trace_id, events, ingested_at_ms=T0 + 3_650_000)
    store.upsert_trace_finalize(TraceFinalize.model_construct(
        trace_id=trace_id, finalized_at_ms=T0 + 3_660_000, seq_last=11))  # fmt: skip
    store.mark_trace_complete(trace_id, status="missing_events", missing_seqs=[6, 7],
                              event_count=len(events), completed_at_ms=T0 + 3_670_000)  # fmt: skip
    tests = QATests(
        runner="pytest", sandbox_backend="bwrap", final_passed=True,
        fail_to_pass=[f"tests.test_x::test_{PAYLOAD}"],
        invocations=[
            TestInvocation(command=f"pytest {SCRIPT}", phase="before", exit_code=1, passed=False,
                           duration_ms=300, report_blob_id=ids["junit_before"],
                           stdout_blob_id=ids["big_output"]),
            TestInvocation(command="pytest", phase="after", exit_code=0, passed=True,
                           duration_ms=280, report_blob_id=ids["junit_after"]),
        ],
    )  # fmt: skip
    for run, rubric, overall, at in (("run-old", "1.0", 2.5, 0), ("run-new", "1.1", 4.0, 5000)):
        judge = QAJudge(
            model="heuristic-v1", mode="heuristic", rubric_version=rubric,
            scores=dict.fromkeys(["root_cause_identification", "plan_quality",
                                  "experiment_iterate_loop", "use_of_signals_tests_logs",
                                  "minimality_of_fix", "clarity"], overall),
            overall=overall, rationale_blob_id=ids["rationale"], flags=["no_model_key"],
        )  # fmt: skip
        cfg = json.dumps({"rubric_version": rubric, "judge_model": "claude-sonnet-4-5",
                          "judge_backend": "heuristic", "sandbox_backend": "bwrap"})  # fmt: skip
        start = T0 + 4_000_000 + at
        rows = [
            ("tests", tests.model_dump(mode="json"), []),
            ("mre", {"verdict": "YELLOW", "mode": "deterministic", "summary": f"partly {SCRIPT}",
                     "report_blob_id": ids["report"], "errors": [{"message": IMG}]},
             ["mre_yellow"]),
            ("judge", judge.model_dump(mode="json"), ["no_model_key"]),
        ]  # fmt: skip
        store.insert_qa_results(
            QAResult(run_id=f"{run}-{trace_id}", trace_id=trace_id, stage=stage, status="ok",
                     started_at_ms=start, finished_at_ms=start + 100, config_json=cfg,
                     result_json=json.dumps(result), flags=flags)
            for stage, result, flags in rows
        )  # fmt: skip
    return ids


def store_all(store: ClickHouseStore, blob_root: Path, prefix: str) -> dict[str, str]:
    """The ops sample plus the hostile trace; returns trace ids by role and blob ids."""
    fixed, broken = store_sample(store, blob_root, prefix)
    hostile = f"{prefix}-hostile"
    ids = store_hostile(store, blob_root, hostile)
    return {"fixed": fixed, "broken": broken, "hostile": hostile, **ids}
