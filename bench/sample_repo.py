"""A tiny real repository with a real bug, its fix, and a trace of fixing it.

Why it lives here: the QA tests and the QA bench need the same sample (a failing pytest
test on the base commit, a final patch that makes it pass), made with real git in a folder
of the caller's choosing. (The demo plays its own session on ``fixtrace/demo/sample_repo/``.)
"""

from __future__ import annotations

import subprocess
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from qa_agents.ports import Blobs, put_text
from schemas.document import StoredEvent, TraceDocument, TraceIngestion
from schemas.models import (
    BugReport,
    Developer,
    Event,
    FinalState,
    PrRef,
    Repo,
    Task,
    TraceFinalize,
    TraceFinalized,
    TraceOpened,
)

REPO_ID = "fixtrace/sample-headers"
BUGGY = 'def content_type(headers):\n    return headers["content-type"]\n'
FIXED = (
    'DEFAULT = "application/octet-stream"\n\n\n'
    "def content_type(headers):\n"
    '    return headers.get("content-type", DEFAULT)\n'
)
BASE_TEST = (
    "from headers import content_type\n\n\n"
    "def test_present():\n"
    '    assert content_type({"content-type": "text/html"}) == "text/html"\n'
)
NEW_TEST = (
    "from headers import content_type\n\n\n"
    "def test_missing_defaults():\n"
    '    assert content_type({}) == "application/octet-stream"\n'
)
BAD_PATCH = (
    "diff --git a/headers.py b/headers.py\n--- a/headers.py\n+++ b/headers.py\n"
    "@@ -1,2 +1,2 @@\n def content_type(hdrs):\n-    return hdrs['Content-Type']\n"
    "+    return hdrs.get('Content-Type')\n"
)


@dataclass
class SampleRepo:
    path: Path
    base_commit: str
    fix_patch: str


def run_git(cwd: Path, *args: str) -> str:
    """``git args`` in ``cwd`` with a fixed identity and no user or system config."""
    env = {
        "GIT_AUTHOR_NAME": "t",
        "GIT_AUTHOR_EMAIL": "t@example.invalid",
        "GIT_COMMITTER_NAME": "t",
        "GIT_COMMITTER_EMAIL": "t@example.invalid",
        "PATH": "/usr/bin:/bin",
        "GIT_CONFIG_NOSYSTEM": "1",
        "HOME": str(cwd),
    }
    return subprocess.run(
        ["git", *args], cwd=cwd, env=env, check=True, capture_output=True, text=True
    ).stdout


def make_sample_repo(path: Path) -> SampleRepo:
    """``git init`` a repo whose base commit has the bug; the fix is returned as a patch."""
    path.mkdir(parents=True, exist_ok=True)
    run_git(path, "init", "-q", "-b", "main")
    (path / "headers.py").write_text(BUGGY)
    (path / "tests").mkdir(exist_ok=True)
    (path / "tests" / "test_headers.py").write_text(BASE_TEST)
    run_git(path, "add", "-A")
    run_git(path, "commit", "-q", "-m", "base: content_type helper")
    base = run_git(path, "rev-parse", "HEAD").strip()
    (path / "headers.py").write_text(FIXED)
    (path / "tests" / "test_missing.py").write_text(NEW_TEST)
    run_git(path, "add", "-A")
    patch = run_git(path, "diff", "--cached", "HEAD")
    run_git(path, "reset", "-q", "--hard", base)
    return SampleRepo(path=path, base_commit=base, fix_patch=patch)


def sample_fix_trace(
    repo: SampleRepo,
    blobs: Blobs,
    *,
    patch: str | None = None,
    test_command: str = "pytest -q",
    trace_id: str | None = None,
) -> tuple[TraceOpened, list[Event], TraceFinalize]:
    """The wire records of a developer fixing the sample bug (patch blob stored first)."""
    trace_id = trace_id or str(uuid.uuid4())
    diff_blob = put_text(blobs, patch if patch is not None else repo.fix_patch, "text/x-diff")
    thought_blob = put_text(
        blobs,
        "The helper indexes the dict directly; a response without the header "
        "raises KeyError. Use .get with a default.",
    )
    t0 = 1_700_000_000_000
    raw = [
        (
            "thought",
            {
                "kind": "hypothesis",
                "content_text": "content_type() assumes the header "
                "is present; an empty headers dict must raise KeyError.",
            },
        ),
        ("terminal_command", {"cwd": "/work/repo", "command": test_command}),
        (
            "test_run",
            {
                "command": test_command,
                "runner": "pytest",
                "exit_code": 1,
                "duration_ms": 420,
                "passed": False,
            },
        ),
        (
            "terminal_output",
            {
                "stream": "stdout",
                "chunk_text": "FAILED tests/test_missing.py::"
                "test_missing_defaults - KeyError: 'content-type'",
            },
        ),
        ("thought", {"kind": "interpretation", "content_blob_id": thought_blob}),
        ("file_edit", {"file_path": "headers.py", "patch_blob_id": diff_blob}),
        (
            "test_run",
            {
                "command": test_command,
                "runner": "pytest",
                "exit_code": 0,
                "duration_ms": 390,
                "passed": True,
            },
        ),
        (
            "thought",
            {
                "kind": "decision",
                "content_text": "Default to octet-stream, as RFC 9110 "
                "suggests for unknown content; keep the change to one line.",
            },
        ),
        (
            "commit",
            {
                "sha": "0" * 40,
                "message": "Default content type",
                "diff_blob_id": diff_blob,
                "files_changed": ["headers.py", "tests/test_missing.py"],
            },
        ),
    ]
    events = [
        Event(
            event_id=str(uuid.uuid5(uuid.NAMESPACE_URL, f"{trace_id}/{i}")),
            seq=i + 1,
            ts_ms=t0 + 1000 * i,
            type=kind,
            payload=payload,
        )
        for i, (kind, payload) in enumerate(raw)
    ]
    opened = TraceOpened(
        trace_id=trace_id,
        created_at_ms=t0 - 1000,
        repo=Repo(repo_id=REPO_ID, commit_base=repo.base_commit, remote_url=None),
        task=Task(
            bug_report=BugReport(
                title="content_type raises KeyError without a content-type header",
                description="content_type({}) raises KeyError instead of returning a default.",
                expected="application/octet-stream",
                actual="KeyError: 'content-type'",
            )
        ),
        developer=Developer(developer_id="dev-sample", experience_level="senior"),
    )
    finalize = TraceFinalize(
        trace_id=trace_id,
        finalized_at_ms=t0 + 1000 * len(raw),
        seq_last=len(raw),
        final_state=FinalState(
            commit_head="0" * 40,
            pr=PrRef(
                title="Default content type",
                description="Return a default instead of KeyError.",
                diff_blob_id=diff_blob,
            ),
        ),
    )
    return opened, events, finalize


def as_document(opened: TraceOpened, events: list[Event], finalize: TraceFinalize) -> TraceDocument:
    """The assembled document of those records (what the store's ``assemble`` returns)."""
    return TraceDocument(
        trace_id=opened.trace_id,
        created_at_ms=opened.created_at_ms,
        finalized_at_ms=finalize.finalized_at_ms,
        repo=opened.repo,
        task=opened.task,
        developer=opened.developer,
        environment=opened.environment,
        ingestion=TraceIngestion(**opened.ingestion.model_dump(), seq_last=finalize.seq_last),
        events=[StoredEvent.model_validate(e.model_dump()) for e in events],
        final_state={
            "commit_head": finalize.final_state.commit_head,
            "pr": finalize.final_state.pr,
        },
    )


def write_trace(
    store: object,
    opened: TraceOpened,
    events: list[Event],
    finalize: TraceFinalize,
    blobs: Any = None,
) -> TraceFinalized:
    """Store a whole trace as the stream worker would, and return its TraceFinalized.

    For tests and the bench when the stream worker is not part of the run. With ``blobs``
    the referenced blobs' metadata rows are written too (what ``artifacts.blobs`` lists).
    """
    from qa_agents.validate import blob_refs
    from schemas.document import BlobInfo, Redaction

    s: Any = store
    if blobs is not None:
        ids = {b for e in events for _, b in blob_refs(e.model_dump(mode="json"))}
        ids |= {b for _, b in blob_refs(finalize.model_dump(mode="json"))}
        s.insert_blobs([BlobInfo(**blobs.stat(b).model_dump()) for b in sorted(ids)])
    s.upsert_trace_opened(opened, Redaction())
    s.insert_events(
        opened.trace_id,
        [StoredEvent.model_validate(e.model_dump()) for e in events],
        ingested_at_ms=finalize.finalized_at_ms,
    )
    s.upsert_trace_finalize(finalize)
    s.mark_trace_complete(
        opened.trace_id,
        status="complete",
        missing_seqs=[],
        event_count=len(events),
        completed_at_ms=finalize.finalized_at_ms,
    )
    return TraceFinalized(
        trace_id=opened.trace_id,
        finalized_at_ms=finalize.finalized_at_ms,
        completed_at_ms=finalize.finalized_at_ms,
        seq_last=finalize.seq_last,
        event_count=len(events),
    )
