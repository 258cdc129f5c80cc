"""The capture commands: start a trace, run a command, watch edits, finish.

Each is one short-lived process that resumes the session from its state file
(:class:`producers.capture.session.Session`) and emits what it saw.
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

from pydantic import BaseModel

from fixtrace_config import Settings
from producers.capture import git
from producers.capture.git import CaptureError
from producers.capture.live import run_live
from producers.capture.runner_counts import test_counts
from producers.capture.session import (
    CaptureState,
    Session,
    has_changes,
    load_state,
    parse_bug_report,
    save_state,
    state_dir,
)
from producers.capture.tests_detect import test_runner
from schemas.models import (
    ConsentFlags,
    Developer,
    FinalState,
    PrRef,
    Repo,
    RepoFingerprint,
    Task,
    TraceOpened,
)
from schemas.vocabularies import known_shell


async def run_command(repo: Path, settings: Settings, command: str) -> int:
    """Run one shell command, its output shown live (:mod:`.live`), and record it.

    Records pending edits, ``file_snapshot``s before a test command, ``terminal_command``,
    then (after the command, which runs without the state lock) ``terminal_output`` per
    non-empty stream and, for test commands, ``test_run`` with exit code, duration and the
    counts of the runner's own summary (:mod:`.test_counts`; unset when none is found).
    """
    runner = test_runner(command)
    cwd = Path.cwd()
    async with Session(repo, settings) as s:
        await s.emit_edits()
        if runner is not None:
            await s.snapshots("pre_test")
        shell = known_shell(Path(os.environ.get("SHELL", "bash")).name)
        cmd = await s.emit(
            "terminal_command", {"cwd": str(cwd), "command": command, "shell": shell}
        )
    t0 = time.monotonic()
    # Ctrl-C is for the command, as in a shell: it stops the command, and what it printed
    # and its exit code are still recorded (a Python handler, unlike SIG_IGN, is not
    # inherited by the command)
    main = threading.current_thread() is threading.main_thread()  # where handlers can be set
    previous = signal.signal(signal.SIGINT, lambda *_: None) if main else None
    try:
        proc = await asyncio.to_thread(run_live, command, cwd)
    finally:
        if main:
            signal.signal(signal.SIGINT, previous)
    duration = int((time.monotonic() - t0) * 1000)
    ctx = {"parent_event_id": cmd.event_id}
    async with Session(repo, settings) as s:
        for stream, text in (("stdout", proc.stdout), ("stderr", proc.stderr)):
            if text:
                payload = {"stream": stream, "chunk_text": text, "exit_code": proc.returncode}
                await s.emit("terminal_output", payload, context=ctx)
        if runner is not None:
            payload = {
                "command": command,
                "runner": runner,
                "exit_code": proc.returncode,
                "duration_ms": duration,
                "passed": proc.returncode == 0,
            }
            counts = test_counts(runner, proc.stdout + "\n" + proc.stderr)
            if counts is not None:
                payload["tests_total"], payload["tests_failed"] = counts
            await s.emit("test_run", payload, context=ctx)
    return proc.returncode


async def watch(repo: Path, settings: Settings, interval: float, once: bool) -> int:
    """Poll the working tree; each change becomes a ``file_edit``. Returns edits recorded.

    A poll that finds nothing changed takes no lock and opens no Kafka connection.
    """
    total = 0
    while True:
        if has_changes(repo):
            async with Session(repo, settings) as s:
                n = await s.emit_edits()
            if n:
                print(f"{n} edit(s) recorded", flush=True)
            total += n
        if once:
            return total
        await asyncio.sleep(interval)


async def start(
    repo: Path,
    settings: Settings,
    bug_report: Path | None,
    developer: str,
    consent: ConsentFlags | None = None,
) -> CaptureState:
    """Open a trace on ``repo`` and write the session state."""
    repo = repo.resolve()
    sdir = state_dir(repo)
    if (sdir / "state.json").exists():
        raise CaptureError(
            f"a capture is already running in {repo}: finish it (fixtrace capture finish) "
            "or drop it (fixtrace capture abort) first"
        )
    sdir.mkdir(parents=True, exist_ok=True)
    remote = git.remote(repo)
    base = git.git(repo, "rev-parse", "--verify", "-q", "HEAD", check=False)
    if not base:
        raise CaptureError(f"{repo} has no commit yet: commit once, then start the capture")
    opened = TraceOpened(
        repo=Repo(
            repo_id=remote or repo.name,
            # no remote: the QA worker of a stack on this machine clones the folder itself,
            # so the tests stage can re-run the tests instead of skipping with no source
            remote_url=remote or repo.as_uri(),
            commit_base=base,
            repo_fingerprint=RepoFingerprint(
                tree_hash=git.tree(repo), dependencies_lock_hash=git.lock_hash(repo)
            ),
        ),
        task=Task(bug_report=parse_bug_report(bug_report) if bug_report else None),
        developer=Developer(developer_id=developer, consent_flags=consent or ConsentFlags()),
    )
    state = CaptureState(
        trace_id=opened.trace_id,
        repo=str(repo),
        base_commit=base,
        consent=opened.developer.consent_flags.model_dump(),
    )
    save_state(repo, state)
    async with Session(repo, settings) as s:
        await s.client.open_trace(opened)
        s.scan()  # remember the starting content of every file
    return state


class Finished(BaseModel):
    """What ``finish`` recorded, for its one-line confirmation."""

    trace_id: str
    events: int
    files_changed: int
    committed: bool


async def finish(
    repo: Path, settings: Settings, title: str | None, description: str | None, pr_url: str | None
) -> Finished:
    """Final edits, commit/PR metadata, the final diff as a blob, finalize; ends the session."""
    repo = repo.resolve()
    files: list[str] = []
    async with Session(repo, settings) as s:
        state = s.state
        await s.emit_edits()
        head = git.head(repo)
        diff = git.diff_from(repo, state.base_commit)
        diff_blob = None
        if s.blobs is not None and diff:
            ref = await asyncio.to_thread(s.blobs.put, diff.encode(), content_type="text/x-diff")
            diff_blob = ref.blob_id
        if head != state.base_commit:
            files = git.git(repo, "diff", "--name-only", state.base_commit, head).splitlines()
            await s.emit(
                "commit",
                {
                    "sha": head,
                    "message": git.git(repo, "log", "-1", "--format=%B"),
                    "parent_sha": git.git(repo, "rev-parse", "HEAD~1", check=False) or None,
                    "diff_blob_id": diff_blob,
                    "files_changed": files,
                },
            )
        await s.emit(
            "pr_metadata",
            {
                "title": title,
                "description": description,
                "url": pr_url,
                "diff_blob_id": diff_blob,
            },
        )
        pr = PrRef(title=title, description=description, diff_blob_id=diff_blob)
        marker = await s.client.finalize(state.trace_id, FinalState(commit_head=head, pr=pr))
        s.finished = True
        changed = git.git(repo, "diff", "--name-only", state.base_commit).splitlines()
    return Finished(
        trace_id=state.trace_id,
        events=marker.seq_last,
        files_changed=len(set(changed) | set(files)),
        committed=head != state.base_commit,
    )


async def abort(repo: Path) -> CaptureState:
    """End the session without finalizing: nothing more is sent for its trace.

    The trace stays ``open`` in storage (what was already sent is kept, and the QA worker
    never runs on it); the session's state is kept as ``aborted-<trace id>.json``.
    """
    repo = repo.resolve()
    state = load_state(repo)
    sdir = state_dir(repo)
    (sdir / f"aborted-{state.trace_id}.json").write_text(state.model_dump_json())
    (sdir / "state.json").unlink()
    return state
