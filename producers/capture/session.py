"""One capture session: its state file, its SDK client and the events it emits.

State lives in ``.git/fixtrace-capture/`` (``state.json``, a cache of the last seen content
of each file), so each CLI invocation resumes the trace at its last seq. The repository's
spool lives under the client spool root (:func:`capture_spool`): a broker outage leaves
events there, and the next fixtrace command that reaches a broker sends them, in any folder.

Several invocations run at once in practice (a ``watch`` in one terminal, ``run`` and
``thought`` in another), so a :class:`Session` holds an exclusive lock on the state while
it emits and reloads the state under it: seqs never collide and the spool has one writer.
``run`` releases the lock while the command itself executes.
"""

from __future__ import annotations

import asyncio
import difflib
import fcntl
import hashlib
import json
import os
import shlex
from pathlib import Path
from typing import IO, Any

from pydantic import BaseModel

from fixtrace_config import Settings
from producers.capture import git
from producers.capture.git import CaptureError
from producers.sdk import ProducerConfig, TraceProducer
from producers.sdk.sender import broker_reachable
from schemas.models import (
    BugReport,
)

__all__ = ["CaptureError", "CaptureState", "Session"]


class CaptureState(BaseModel):
    trace_id: str
    repo: str
    base_commit: str
    last_seq: int = 0
    hashes: dict[str, str] = {}
    consent: dict[str, bool] = {}
    """The trace's consent flags as opened (shown by ``capture start``)."""


def state_dir(repo: Path) -> Path:
    return git.git_dir(repo) / "fixtrace-capture"


def capture_spool(settings: Settings, repo: Path) -> Path:
    """The spool of the capture sessions of ``repo`` (one writer: the session's lock)."""
    repo = repo.resolve()
    key = hashlib.sha256(str(repo).encode()).hexdigest()[:12]
    return settings.spool_dir / f"capture-{repo.name}-{key}"


def load_state(repo: Path) -> CaptureState:
    path = state_dir(repo) / "state.json"
    if not path.exists():
        raise CaptureError(f"no capture session in {repo}: run `fixtrace capture start` first")
    return CaptureState.model_validate_json(path.read_text())


def save_state(repo: Path, state: CaptureState) -> None:
    path = state_dir(repo) / "state.json"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(state.model_dump_json())
    os.replace(tmp, path)


def _sha(data: bytes) -> str:
    return "sha256:" + hashlib.sha256(data).hexdigest()


def _text(data: bytes) -> str | None:
    """The file as text, or None for binary content (no diff or snapshot text for it)."""
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode()
    except UnicodeDecodeError:
        return None


def parse_bug_report(path: Path) -> BugReport:
    """Title from the first heading (or line), the whole file as the description."""
    text = path.read_text()
    first = next((ln for ln in text.splitlines() if ln.strip()), path.stem)
    return BugReport(title=first.lstrip("# ").strip()[:200], description=text)


def _changes(repo: Path, hashes: dict[str, str]) -> list[tuple[str, str | None, bytes | None]]:
    """Files whose content differs from ``hashes``: (path, new digest, new bytes).

    New files count, and so do files that disappeared (digest and bytes None).
    """
    out: list[tuple[str, str | None, bytes | None]] = []
    seen = set()
    for rel in git.files(repo):
        try:
            data = (repo / rel).read_bytes()
        except OSError:  # listed by git but deleted or unreadable
            continue
        seen.add(rel)
        digest = _sha(data)
        if hashes.get(rel) != digest:
            out.append((rel, digest, data))
    out += [(rel, None, None) for rel in hashes if rel not in seen]
    return out


def has_changes(repo: Path) -> bool:
    """Whether a scan would record an edit; reads the state without taking the lock."""
    return bool(_changes(repo, load_state(repo).hashes))


class Session:
    """Resumes the trace with an SDK client under the state lock; flushes on exit."""

    def __init__(self, repo: Path, settings: Settings) -> None:
        self.repo, self.settings = repo.resolve(), settings
        self._lock: IO[str] | None = None
        self.finished = False  # set by finish(): the state is retired on exit
        self.blobs: Any = None
        self.reachable = False
        self.state: CaptureState
        self.client: TraceProducer

    async def __aenter__(self) -> Session:
        sdir = state_dir(self.repo)
        sdir.mkdir(parents=True, exist_ok=True)
        self._lock = open(sdir / "lock", "a")  # noqa: SIM115 - held until __aexit__
        await asyncio.to_thread(fcntl.flock, self._lock, fcntl.LOCK_EX)
        try:
            self.state = load_state(self.repo)
            cfg = ProducerConfig.from_settings(
                self.settings,
                spool_dir=capture_spool(self.settings, self.repo),
                request_timeout_ms=5000,
                spool_wait_s=10.0,  # a command sending leftovers holds it briefly
            )
            try:
                from producers.blob_upload import open_blob_store

                self.blobs = open_blob_store(self.settings)
            except Exception:  # noqa: BLE001 - without a blob store, text stays inline
                self.blobs = None
            self.client = TraceProducer(cfg, blob_store=self.blobs)
            await self.client.start()
            # a client with a backlog starts offline and sends it first: wait for that too
            self.reachable = self.client.online or await broker_reachable(
                cfg.bootstrap, cfg.probe_timeout_s
            )
            self.client.resume_trace(self.state.trace_id, self.state.last_seq)
        except BaseException:
            self._unlock()
            raise
        return self

    async def __aexit__(self, *exc: object) -> None:
        try:
            self.state.last_seq = self.client.last_seq(self.state.trace_id)
            if self.finished:  # still under the lock: nobody resumes a finished trace
                done = state_dir(self.repo) / f"done-{self.state.trace_id}.json"
                done.write_text(self.state.model_dump_json())
                (state_dir(self.repo) / "state.json").unlink(missing_ok=True)
            else:
                save_state(self.repo, self.state)
            # no broker: nothing is waited for; the records stay in the spool for later
            await self.client.close(timeout=10 if self.reachable else 0)
        finally:
            self._unlock()

    def _unlock(self) -> None:
        if self._lock is not None:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    async def emit(self, type_: str, payload: dict[str, Any], **kw: Any) -> Any:
        return await self.client.emit(self.state.trace_id, payload, type=type_, **kw)

    # --- watcher --------------------------------------------------------------------

    def _cache(self, digest: str) -> Path:
        return state_dir(self.repo) / "files" / digest.split(":")[1]

    def scan(self) -> list[tuple[str, bytes | None, bytes | None]]:
        """Files changed since the last scan, as (path, old bytes, new bytes); remembers them.

        ``old`` is None for a new file, ``new`` None for a deleted one. The first scan of a
        session only remembers the starting content.
        """
        first = not self.state.hashes
        changed: list[tuple[str, bytes | None, bytes | None]] = []
        for rel, digest, data in _changes(self.repo, self.state.hashes):
            old_digest = self.state.hashes.get(rel)
            old_cache = self._cache(old_digest) if old_digest else None
            old = old_cache.read_bytes() if old_cache and old_cache.exists() else None
            if digest is None or data is None:
                del self.state.hashes[rel]
            else:
                cache = self._cache(digest)
                cache.parent.mkdir(parents=True, exist_ok=True)
                cache.write_bytes(data)
                self.state.hashes[rel] = digest
            if not first:
                changed.append((rel, old, data))
        return changed

    async def emit_edits(self) -> int:
        """One ``file_edit`` (unified diff, pre/post hashes) per file changed since last scan."""
        n = 0
        for rel, old, new in self.scan():
            old_text, new_text = _text(old or b""), _text(new or b"")
            diff = None
            if old_text is not None and new_text is not None:
                diff = "".join(
                    difflib.unified_diff(
                        old_text.splitlines(True),
                        new_text.splitlines(True),
                        f"a/{rel}" if old is not None else "/dev/null",
                        f"b/{rel}" if new is not None else "/dev/null",
                    )
                )
            await self.emit(
                "file_edit",
                {
                    "file_path": rel,
                    "patch_text": diff,
                    "pre_hash": _sha(old) if old is not None else None,
                    "post_hash": _sha(new) if new is not None else None,
                },
            )
            n += 1
        return n

    async def snapshots(self, reason: str) -> int:
        """``file_snapshot`` of every text file changed since the base commit (new ones too)."""
        changed = git.git(self.repo, "diff", "--name-only", self.state.base_commit).splitlines()
        new = git.git(self.repo, "ls-files", "-o", "--exclude-standard").splitlines()
        n = 0
        for rel in sorted(set(changed) | set(new)):
            p = self.repo / rel
            text = _text(p.read_bytes()) if p.is_file() else None
            if text is not None:
                payload = {"file_path": rel, "content_text": text, "snapshot_reason": reason}
                await self.emit("file_snapshot", payload)
                n += 1
        return n


def quote(argv: list[str]) -> str:
    return " ".join(shlex.quote(a) for a in argv)


def dumps(obj: Any) -> str:
    return json.dumps(obj, indent=2)
