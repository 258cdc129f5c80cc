"""One capture session: its state file, its SDK client and the events it emits.

State lives in ``.git/fixtrace-capture/`` (``state.json``, the spool, a cache of the
last seen content of each file), so each CLI invocation resumes the trace at its last seq
and a broker outage just leaves events in the spool for the next invocation.
"""

from __future__ import annotations

import asyncio
import difflib
import hashlib
import json
import os
import shlex
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from fixtrace.config import Settings
from producers.capture import git
from producers.capture.tests_detect import test_runner
from producers.sdk import ProducerConfig, TraceProducer
from schemas.models import (
    BugReport,
    Developer,
    FinalState,
    PrRef,
    Repo,
    RepoFingerprint,
    Task,
    TraceOpened,
)


class CaptureState(BaseModel):
    trace_id: str
    repo: str
    base_commit: str
    last_seq: int = 0
    hashes: dict[str, str] = {}


def state_dir(repo: Path) -> Path:
    return git.git_dir(repo) / "fixtrace-capture"


def load_state(repo: Path) -> CaptureState:
    path = state_dir(repo) / "state.json"
    if not path.exists():
        raise RuntimeError(f"no capture session in {repo}: run `fixtrace capture start` first")
    return CaptureState.model_validate_json(path.read_text())


def save_state(repo: Path, state: CaptureState) -> None:
    path = state_dir(repo) / "state.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(state.model_dump_json())
    os.replace(tmp, path)


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def parse_bug_report(path: Path) -> BugReport:
    """Title from the first heading (or line), the whole file as the description."""
    text = path.read_text()
    first = next((ln for ln in text.splitlines() if ln.strip()), path.stem)
    return BugReport(title=first.lstrip("# ").strip()[:200], description=text)


class Session:
    """Resumes the trace with an SDK client; every method flushes before returning."""

    def __init__(self, repo: Path, settings: Settings, state: CaptureState) -> None:
        self.repo, self.settings, self.state = repo, settings, state
        cfg = ProducerConfig.from_settings(settings, spool_dir=state_dir(repo) / "spool",
                                           request_timeout_ms=5000)
        blobs = None
        try:
            from producers.claimcheck import open_blob_store

            blobs = open_blob_store(settings)
        except Exception:  # noqa: BLE001 - without a blob store, text stays inline
            blobs = None
        self.blobs = blobs
        self.client = TraceProducer(cfg, blob_store=blobs)

    async def __aenter__(self) -> Session:
        await self.client.start()
        self.client.resume_trace(self.state.trace_id, self.state.last_seq)
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.state.last_seq = self.client.last_seq(self.state.trace_id)
        save_state(self.repo, self.state)
        await self.client.close(timeout=10)
        if self.client.pending:
            print(f"fixtrace: broker unreachable, {self.client.pending} records spooled",
                  file=sys.stderr)

    async def emit(self, type_: str, payload: dict[str, Any], **kw: Any) -> Any:
        return await self.client.emit(self.state.trace_id, payload, type=type_, **kw)

    # --- watcher --------------------------------------------------------------------

    def _cache(self, digest: str) -> Path:
        return state_dir(self.repo) / "files" / digest.split(":")[1]

    def scan(self) -> list[tuple[str, bytes | None, bytes]]:
        """Files whose content changed since the last scan: (path, old, new)."""
        changed = []
        for rel in git.files(self.repo):
            p = self.repo / rel
            try:
                data = p.read_bytes()
            except OSError:
                continue
            digest = _sha(data)
            old_digest = self.state.hashes.get(rel)
            if old_digest == digest:
                continue
            old = self._cache(old_digest).read_bytes() if old_digest and self._cache(
                old_digest).exists() else None
            cache = self._cache(digest)
            cache.parent.mkdir(parents=True, exist_ok=True)
            cache.write_bytes(data)
            self.state.hashes[rel] = digest
            if old_digest is not None:
                changed.append((rel, old, data))
        return changed

    async def emit_edits(self) -> int:
        n = 0
        for rel, old, new in self.scan():
            old_text = (old or b"").decode(errors="replace")
            diff = "".join(difflib.unified_diff(
                old_text.splitlines(True), new.decode(errors="replace").splitlines(True),
                f"a/{rel}", f"b/{rel}"))
            await self.emit("file_edit", {
                "file_path": rel, "patch_text": diff,
                "pre_hash": _sha(old) if old is not None else None, "post_hash": _sha(new)})
            n += 1
        return n

    async def snapshots(self, reason: str) -> None:
        """file_snapshot of every file changed since the base commit."""
        names = git.git(self.repo, "diff", "--name-only", self.state.base_commit).splitlines()
        for rel in names:
            p = self.repo / rel
            if p.is_file():
                await self.emit("file_snapshot", {
                    "file_path": rel, "content_text": p.read_text(errors="replace"),
                    "snapshot_reason": reason})

    # --- recording shell -----------------------------------------------------------

    async def run(self, command: str) -> int:
        """Run one shell command, echo its output, and record it."""
        await self.emit_edits()
        runner = test_runner(command)
        if runner is not None:
            await self.snapshots("pre_test")
        cmd = await self.emit("terminal_command", {"cwd": str(Path.cwd()), "command": command,
                                                   "shell": Path(os.environ.get(
                                                       "SHELL", "bash")).name})
        t0 = time.monotonic()
        proc = await asyncio.to_thread(subprocess.run, command, shell=True,
                                       capture_output=True, text=True, check=False)
        duration = int((time.monotonic() - t0) * 1000)
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        ctx = {"parent_event_id": cmd.event_id}
        for stream, text in (("stdout", proc.stdout), ("stderr", proc.stderr)):
            if text:
                await self.emit("terminal_output", {
                    "stream": stream, "chunk_text": text, "exit_code": proc.returncode},
                    context={**_CTX, **ctx})
        if runner is not None:
            await self.emit("test_run", {
                "command": command, "runner": runner, "exit_code": proc.returncode,
                "duration_ms": duration, "passed": proc.returncode == 0},
                context={**_CTX, **ctx})
        return proc.returncode


_CTX = {"workspace_root": None, "branch": None, "commit_head": None,
        "correlation_id": None, "parent_event_id": None}


async def start(repo: Path, settings: Settings, bug_report: Path | None,
                developer: str) -> CaptureState:
    """Open a trace on ``repo`` and write the session state."""
    repo = repo.resolve()
    sdir = state_dir(repo)
    if (sdir / "state.json").exists():
        raise RuntimeError(f"a capture is already running in {repo} (finish it first)")
    sdir.mkdir(parents=True, exist_ok=True)
    remote = git.remote(repo)
    opened = TraceOpened(
        repo=Repo(repo_id=remote or repo.name, remote_url=remote, commit_base=git.head(repo),
                  repo_fingerprint=RepoFingerprint(dependencies_lock_hash=git.lock_hash(repo))),
        task=Task(bug_report=parse_bug_report(bug_report) if bug_report else None),
        developer=Developer(developer_id=developer),
    )
    state = CaptureState(trace_id=opened.trace_id, repo=str(repo), base_commit=git.head(repo))
    save_state(repo, state)
    async with Session(repo, settings, state) as s:
        await s.client.open_trace(opened)
        s.scan()  # remember the starting content of every file
    return state


async def finish(repo: Path, settings: Settings, title: str | None,
                 description: str | None, pr_url: str | None) -> str:
    """Final edits, commit/PR metadata, the final diff as a blob, finalize; ends the session."""
    repo = repo.resolve()
    state = load_state(repo)
    async with Session(repo, settings, state) as s:
        await s.emit_edits()
        head = git.head(repo)
        diff = git.diff_from(repo, state.base_commit)
        diff_blob = None
        if s.blobs is not None and diff:
            diff_blob = (await asyncio.to_thread(
                s.blobs.put, diff.encode(), content_type="text/x-diff")).blob_id
        if head != state.base_commit:
            await s.emit("commit", {
                "sha": head, "message": git.git(repo, "log", "-1", "--format=%B"),
                "parent_sha": git.git(repo, "rev-parse", "HEAD~1", check=False) or None,
                "diff_blob_id": diff_blob,
                "files_changed": git.git(repo, "diff", "--name-only", state.base_commit,
                                         head).splitlines()})
        await s.emit("pr_metadata", {"title": title, "description": description,
                                     "url": pr_url, "diff_blob_id": diff_blob})
        await s.client.finalize(state.trace_id, FinalState(
            commit_head=head, pr=PrRef(title=title, description=description,
                                       diff_blob_id=diff_blob)))
    (state_dir(repo) / "state.json").rename(state_dir(repo) / f"done-{state.trace_id}.json")
    return state.trace_id


def quote(argv: list[str]) -> str:
    return " ".join(shlex.quote(a) for a in argv)


def dumps(obj: Any) -> str:
    return json.dumps(obj, indent=2)
