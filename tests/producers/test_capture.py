"""The capture CLI end to end: a real git repo, real commands, the suite's real broker.

``fixtrace capture start|run|watch|finish`` and ``fixtrace thought`` are driven through the
real Typer app; the raw topic is then read back and the trace checked event by event.
"""

from __future__ import annotations

import asyncio
import hashlib
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from aiokafka import AIOKafkaConsumer
from typer.testing import CliRunner

from fixtrace.cli import app
from fixtrace_config import Settings
from producers.capture.session import Session, state_dir
from schemas.base import Wire
from schemas.codec import decode
from schemas.models import EventBatch, TraceFinalize, TraceOpened
from sinks.blobs import open_blob_store

BUGGY = "def add(a, b):\n    return a - b\n"
FIXED = "def add(a, b):\n    return a + b\n"
TEST = (
    'import sys\nsys.path.insert(0, "src")\nfrom calc import add\n\n\n'
    "def test_add():\n    assert add(2, 3) == 5\n"
)
BUG_REPORT = "# add() subtracts\n\n`add(2, 3)` returns -1 instead of 5.\n"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], capture_output=True, text=True, check=True
    ).stdout.strip()


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


@pytest.fixture()
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A small Python project with a failing test, committed; the working directory."""
    root = tmp_path / "proj"
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "src" / "calc.py").write_text(BUGGY)
    (root / "tests" / "test_calc.py").write_text(TEST)
    (root / ".gitignore").write_text("__pycache__/\n.pytest_cache/\n")
    _git(root, "init", "-q", "-b", "main")
    _git(root, "config", "user.email", "dev@example.invalid")
    _git(root, "config", "user.name", "Dev")
    _git(root, "add", "-A")
    _git(root, "commit", "-qm", "initial")
    monkeypatch.chdir(root)
    return root


@pytest.fixture()
def cli_env(unique_topics: Settings, tmp_path: Path) -> dict[str, str]:
    """FIXTRACE_* for the CLI: this test's topics, a blob folder, a data folder."""
    return {
        "FIXTRACE_KAFKA_BOOTSTRAP": unique_topics.kafka_bootstrap,
        "FIXTRACE_TOPIC_RAW": unique_topics.topic_raw,
        "FIXTRACE_DATA_DIR": str(tmp_path / "data"),
        "FIXTRACE_BLOB_URL": (tmp_path / "blobs").as_uri(),
        "PYTHONDONTWRITEBYTECODE": "1",
        # The recorded pytest runs must not write stderr (a second terminal_output event):
        # some pytest/plugin version pairs print deprecation warnings there.
        "PYTHONWARNINGS": "ignore",
    }


def _cli(env: dict[str, str], *args: str, code: int = 0) -> str:
    result = CliRunner().invoke(app, list(args), env=env)
    assert result.exit_code == code, (args, result.output, result.exception)
    return result.output


async def _read_trace(settings: Settings, timeout_s: float = 30) -> list[Wire]:
    """The raw topic from the start until the finalize marker has been read."""
    consumer = AIOKafkaConsumer(
        settings.topic_raw,
        bootstrap_servers=settings.kafka_bootstrap,
        auto_offset_reset="earliest",
        enable_auto_commit=False,
    )
    await consumer.start()
    out: list[Wire] = []
    try:
        async with asyncio.timeout(timeout_s):
            while not any(isinstance(r, TraceFinalize) for r in out):
                got = await consumer.getmany(timeout_ms=500)
                for msgs in got.values():
                    out.extend(decode(m.value) for m in msgs)
    finally:
        await consumer.stop()
    return out


def test_capture_session_end_to_end(
    repo: Path, cli_env: dict[str, str], unique_topics: Settings, tmp_path: Path
) -> None:
    bug = tmp_path / "bug.md"
    bug.write_text(BUG_REPORT)
    base = _git(repo, "rev-parse", "HEAD")
    pytest_cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"]

    start = ("capture", "start", "-q", "--bug-report", str(bug), "--developer", "dev-7")
    trace_id = _cli(cli_env, *start).strip()
    out = _cli(cli_env, "capture", "run", "--", *pytest_cmd, code=1)
    assert "1 failed" in out
    (repo / "src" / "calc.py").write_text(FIXED)
    assert "1 edit(s) recorded" in _cli(cli_env, "capture", "watch", "--once")
    assert _cli(cli_env, "capture", "watch", "--once") == ""  # nothing new: no event
    _cli(cli_env, "thought", "the operator is flipped", "--kind", "hypothesis")
    assert "1 passed" in _cli(cli_env, "capture", "run", "--", *pytest_cmd)
    _git(repo, "commit", "-qam", "Fix add()")
    head = _git(repo, "rev-parse", "HEAD")
    finished = _cli(
        cli_env,
        "capture",
        "finish",
        "-q",
        "--title",
        "Fix add",
        "--pr-url",
        "https://example.invalid/pr/1",
    )
    assert finished.strip() == trace_id

    records = asyncio.run(_read_trace(unique_topics))
    opened, *batches, fin = records
    assert isinstance(opened, TraceOpened) and isinstance(fin, TraceFinalize)
    assert all(isinstance(b, EventBatch) for b in batches)
    assert opened.trace_id == fin.trace_id == trace_id
    assert opened.repo.commit_base == base
    assert opened.repo.repo_fingerprint.tree_hash == _git(repo, "rev-parse", f"{base}^{{tree}}")
    assert opened.task.bug_report is not None
    assert opened.task.bug_report.title == "add() subtracts"
    assert opened.task.bug_report.description == BUG_REPORT
    assert opened.developer.developer_id == "dev-7"

    events = [e for b in batches for e in b.events]
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert fin.seq_last == len(events)
    assert [e.type for e in events] == [
        "terminal_command",
        "terminal_output",
        "test_run",
        "file_edit",
        "thought",
        "file_snapshot",
        "terminal_command",
        "terminal_output",
        "test_run",
        "commit",
        "pr_metadata",
    ]
    by: dict[str, list[Any]] = {}
    for e in events:
        by.setdefault(e.type, []).append(e)

    cmd1, cmd2 = by["terminal_command"]
    assert shlex.split(cmd1.payload.command) == pytest_cmd
    assert cmd1.payload.cwd == str(repo)
    out1, out2 = by["terminal_output"]
    assert out1.payload.stream == "stdout" and out1.payload.exit_code == 1
    assert "1 failed" in out1.payload.chunk_text and "assert -1 == 5" in out1.payload.chunk_text
    assert "1 passed" in out2.payload.chunk_text and out2.payload.exit_code == 0
    run1, run2 = by["test_run"]
    assert (run1.payload.runner, run1.payload.exit_code, run1.payload.passed) == (
        "pytest",
        1,
        False,
    )
    assert (run2.payload.runner, run2.payload.exit_code, run2.payload.passed) == ("pytest", 0, True)
    assert run1.payload.duration_ms > 0 and run1.payload.command == cmd1.payload.command
    for output, run, cmd in ((out1, run1, cmd1), (out2, run2, cmd2)):
        assert output.context.parent_event_id == run.context.parent_event_id == cmd.event_id

    (edit,) = by["file_edit"]
    assert edit.payload.file_path == "src/calc.py"
    assert edit.payload.patch_format == "unified_diff"
    assert edit.payload.patch_text.startswith("--- a/src/calc.py\n+++ b/src/calc.py\n")
    assert "-    return a - b\n+    return a + b\n" in edit.payload.patch_text
    assert edit.payload.pre_hash == _sha(BUGGY.encode())
    assert edit.payload.post_hash == _sha(FIXED.encode())

    (thought,) = by["thought"]
    assert (thought.payload.kind, thought.payload.content_text) == (
        "hypothesis",
        "the operator is flipped",
    )
    (snap,) = by["file_snapshot"]
    assert (snap.payload.file_path, snap.payload.content_text) == ("src/calc.py", FIXED)
    assert snap.payload.snapshot_reason == "pre_test"

    blobs = open_blob_store(cli_env["FIXTRACE_BLOB_URL"])
    (commit,) = by["commit"]
    assert commit.payload.sha == head and commit.payload.parent_sha == base
    assert commit.payload.message == "Fix add()"
    assert commit.payload.files_changed == ["src/calc.py"]
    final_diff = blobs.get(commit.payload.diff_blob_id).decode()
    assert "-    return a - b\n+    return a + b\n" in final_diff
    (pr,) = by["pr_metadata"]
    assert pr.payload.title == "Fix add" and pr.payload.url == "https://example.invalid/pr/1"
    assert pr.payload.diff_blob_id == commit.payload.diff_blob_id
    assert fin.final_state.commit_head == head
    assert fin.final_state.pr is not None
    assert fin.final_state.pr.diff_blob_id == commit.payload.diff_blob_id

    # the session is over: state retired, later commands refuse with a clear message
    sdir = state_dir(repo)
    assert not (sdir / "state.json").exists() and (sdir / f"done-{trace_id}.json").exists()
    late = CliRunner().invoke(app, ["thought", "too late"], env=cli_env)
    assert late.exit_code == 2 and "no capture session" in late.output
    assert _git(repo, "status", "--porcelain") == ""  # the developer's index was not touched


def test_concurrent_invocations_never_share_a_seq(
    repo: Path, cli_env: dict[str, str], unique_topics: Settings
) -> None:
    """A watcher and a `thought` at once: the state lock serializes them, seqs stay unique."""
    trace_id = _cli(cli_env, "capture", "start", "-q").strip()
    settings = unique_topics.model_copy(
        update={
            "data_dir": Path(cli_env["FIXTRACE_DATA_DIR"]),
            "blob_url": cli_env["FIXTRACE_BLOB_URL"],
        }
    )

    async def writer(n: int) -> None:
        for i in range(n):
            async with Session(repo, settings) as s:
                await s.emit("thought", {"kind": "plan", "content_text": f"{i}"})

    async def both() -> None:
        await asyncio.gather(writer(5), writer(5))

    asyncio.run(both())
    _cli(cli_env, "capture", "finish")
    records = asyncio.run(_read_trace(unique_topics))
    seqs = [e.seq for r in records if isinstance(r, EventBatch) for e in r.events]
    assert sorted(seqs) == list(range(1, 12))  # 10 thoughts + pr_metadata, no duplicates
    assert records[-1].seq_last == 11 and records[0].trace_id == trace_id


def test_capture_errors_are_one_line(repo: Path, cli_env: dict[str, str]) -> None:
    for args in (
        ["capture", "run", "--", "true"],
        ["capture", "finish"],
        ["capture", "watch", "--once"],
    ):
        result = CliRunner().invoke(app, args, env=cli_env)
        assert result.exit_code == 2, (args, result.output)
        assert "no capture session" in result.output
    _cli(cli_env, "capture", "start")
    again = CliRunner().invoke(app, ["capture", "start"], env=cli_env)
    assert again.exit_code == 2 and "already running" in again.output
    outside = CliRunner().invoke(app, ["capture", "start", "--repo", str(repo.parent)], env=cli_env)
    assert outside.exit_code == 2 and "error:" in outside.output


def test_recording_shell(repo: Path, cli_env: dict[str, str], unique_topics: Settings) -> None:
    _cli(cli_env, "capture", "start")
    result = CliRunner().invoke(
        app, ["capture", "shell"], env=cli_env, input="echo hello; echo oops >&2\n\nexit\n"
    )
    assert result.exit_code == 0, result.output
    assert "hello" in result.output
    _cli(cli_env, "capture", "finish")
    records = asyncio.run(_read_trace(unique_topics))
    events = [e for r in records if isinstance(r, EventBatch) for e in r.events]
    assert [e.type for e in events] == [
        "terminal_command",
        "terminal_output",
        "terminal_output",
        "pr_metadata",
    ]
    cmd, out, err, _ = events
    assert cmd.payload.command == "echo hello; echo oops >&2"
    assert (out.payload.stream, out.payload.chunk_text) == ("stdout", "hello\n")
    assert (err.payload.stream, err.payload.chunk_text) == ("stderr", "oops\n")
    assert out.context.parent_event_id == err.context.parent_event_id == cmd.event_id
