"""Realistic synthetic traces, for tests, benchmarks and load generation.

The mix follows what a bug-fix session looks like: commands and their output dominate,
with edits, test runs and thoughts between them. Deterministic for a given seed.
"""

from __future__ import annotations

import random
import uuid

from schemas.models import (
    BugReport,
    Developer,
    Event,
    FinalState,
    Repo,
    Task,
    TraceFinalize,
    TraceOpened,
)

FULL_PAYLOADS: dict[str, dict] = {
    # Every field of every payload type set, for round-trip tests.
    "file_edit": {
        "file_path": "src/a.py",
        "edit_kind": "replace_range",
        "patch_text": "--- a\n+++ b\n",
        "patch_blob_id": "sha256:" + "a" * 64,
        "pre_hash": "sha256:" + "b" * 64,
        "post_hash": "sha256:" + "c" * 64,
        "selection": {"start_line": 1, "start_col": 0, "end_line": 3, "end_col": 4},
        "reason_ref": "cd638f46-bfb6-5700-b5ee-93683c610274",
    },
    "file_snapshot": {
        "file_path": "a.py",
        "content_text": "x = 1\n",
        "snapshot_reason": "post_test",
    },
    "terminal_command": {
        "cwd": "/r",
        "command": "ls -la",
        "shell": "zsh",
        "env_hash": "sha256:" + "d" * 64,
    },
    "terminal_output": {
        "stream": "stderr",
        "chunk_text": "boom",
        "is_truncated": True,
        "exit_code": 2,
    },
    "test_run": {
        "command": "pytest",
        "runner": "pytest",
        "exit_code": 1,
        "duration_ms": 12,
        "passed": False,
        "tests_total": 3,
        "tests_failed": 1,
    },
    "debug_action": {"action": "inspect", "file_path": "a.py", "line": 3, "expression": "x"},
    "navigation": {"kind": "search", "query": "parse_headers"},
    "thought": {
        "kind": "decision",
        "content_text": "use .get",
        "links_to": [
            "cd638f46-bfb6-5700-b5ee-93683c610274",
            "142e848d-2708-54e4-864d-2cce6c9f1082",
        ],
    },
    "commit": {
        "sha": "f" * 40,
        "message": "fix",
        "parent_sha": "e" * 40,
        "files_changed": ["a.py"],
    },
    "pr_metadata": {"title": "Fix", "url": "https://example.invalid/pr/1", "base_branch": "main"},
    "error": {"message": "lost handle", "kind": "capture", "details_text": "trace"},
}


_MIX: list[tuple[str, int]] = [
    ("terminal_command", 22),
    ("terminal_output", 30),
    ("file_edit", 12),
    ("test_run", 8),
    ("thought", 10),
    ("navigation", 8),
    ("file_snapshot", 3),
    ("debug_action", 4),
    ("commit", 1),
    ("pr_metadata", 1),
    ("error", 1),
]

_OUTPUT = (
    "============================= test session starts ==============================\n"
    "collected 14 items\n\ntests/test_parser.py ..F...........                [100%]\n"
    "FAILED tests/test_parser.py::test_empty_header - KeyError: 'content-type'\n"
)
_PATCH = (
    "--- a/src/parser.py\n+++ b/src/parser.py\n@@ -41,7 +41,7 @@ def parse_headers(raw):\n"
    "-    return headers['content-type']\n+    return headers.get('content-type', DEFAULT)\n"
)


def _payload(kind: str, rng: random.Random) -> dict:
    n = rng.randint(1, 999)
    return {
        "terminal_command": lambda: {
            "cwd": "/work/repo",
            "command": f"pytest -x tests/ -k case_{n}",
        },
        "terminal_output": lambda: {"stream": "stdout", "chunk_text": _OUTPUT},
        "file_edit": lambda: {"file_path": f"src/mod_{n % 7}.py", "patch_text": _PATCH},
        "test_run": lambda: {
            "command": "pytest -q",
            "runner": "pytest",
            "exit_code": n % 2,
            "duration_ms": 800 + n,
            "passed": n % 2 == 0,
        },
        "thought": lambda: {
            "kind": "hypothesis",
            "content_text": "The parser assumes the header is present; an empty response has none.",
        },
        "navigation": lambda: {"kind": "goto_definition", "file_path": "src/parser.py", "line": n},
        "file_snapshot": lambda: {
            "file_path": "src/parser.py",
            "content_text": "def parse_headers(raw):\n    ...\n" * 3,
            "snapshot_reason": "pre_test",
        },
        "debug_action": lambda: {"action": "inspect", "expression": "headers", "value_text": "{}"},
        "commit": lambda: {"sha": f"{n:040x}", "message": "Handle missing content-type"},
        "pr_metadata": lambda: {"title": "Fix KeyError on empty headers"},
        "error": lambda: {"message": "watcher lost inotify handle", "kind": "capture"},
    }[kind]()


def sample_events(n: int, seed: int = 0, start_seq: int = 1) -> list[Event]:
    """``n`` events of the realistic mix with seqs ``start_seq``..``start_seq+n-1``."""
    rng = random.Random(seed)
    kinds = rng.choices([k for k, _ in _MIX], weights=[w for _, w in _MIX], k=n)
    base_ts = 1_700_000_000_000 + seed * 1_000_000
    return [
        Event(
            event_id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            seq=start_seq + i,
            ts_ms=base_ts + i * 250,
            type=kind,
            payload=_payload(kind, rng),
        )
        for i, kind in enumerate(kinds)
    ]


def sample_opened(trace_id: str | None = None, seed: int = 0) -> TraceOpened:
    """A trace-opened record for a small Python repository with a real-looking bug report."""
    rng = random.Random(seed)
    return TraceOpened(
        trace_id=trace_id or str(uuid.UUID(int=rng.getrandbits(128), version=4)),
        created_at_ms=1_700_000_000_000 + seed * 1_000_000,
        repo=Repo(repo_id="acme/httpparse", commit_base=f"{rng.getrandbits(160):040x}"),
        task=Task(
            bug_report=BugReport(
                title="KeyError on responses without content-type",
                description="parse_headers raises KeyError when the header is missing.",
                expected="A default content type",
                actual="KeyError: 'content-type'",
            )
        ),
        developer=Developer(developer_id=f"dev-{seed % 17}", experience_level="senior"),
    )


def sample_trace(n_events: int, seed: int = 0) -> tuple[TraceOpened, list[Event], TraceFinalize]:
    """A whole trace: opened, ``n_events`` events, and its finalize marker."""
    opened = sample_opened(seed=seed)
    events = sample_events(n_events, seed=seed)
    finalize = TraceFinalize(
        trace_id=opened.trace_id,
        finalized_at_ms=events[-1].ts_ms + 1000 if events else opened.created_at_ms,
        seq_last=n_events,
        final_state=FinalState(commit_head=f"{seed:040x}"),
    )
    return opened, events, finalize
