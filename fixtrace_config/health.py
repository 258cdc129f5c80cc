"""What each long-running part of a stack says about itself, for ``fixtrace status``.

Why files: the stream worker, the QA worker and the broker supervisor run in ``fixtrace up``
or as separate processes on the same data folder, and `fixtrace status` runs in yet another
process. Each writes one small JSON file per process under ``<data_dir>/health/`` when its
state changes (never per record); status reads the files of live processes only.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Literal

from pydantic import BaseModel

State = Literal["ok", "retrying", "stuck", "paused", "down"]
BAD_STATES: frozenset[str] = frozenset({"stuck", "paused", "down"})
"""States in which the part makes no progress: `fixtrace status` says so and exits 1."""


class PartHealth(BaseModel):
    """One part's state: ``ok``, ``retrying`` (a failure being waited out), ``stuck``
    (still failing after the bound), ``paused`` (waiting for disk space), ``down``."""

    part: str
    pid: int
    state: State
    since_ms: int
    detail: str = ""
    failures: int = 0


def health_dir(data_dir: Path) -> Path:
    return data_dir / "health"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class HealthFile:
    """Writes one part's state to its file when the state (or its detail) changes."""

    def __init__(self, data_dir: Path | None, part: str) -> None:
        self.part = part
        self.path = (
            None
            if data_dir is None
            else health_dir(data_dir) / f"{part.replace(' ', '-')}-{os.getpid()}.json"
        )
        self.current: PartHealth | None = None

    def set(self, state: State, detail: str = "", failures: int = 0) -> None:
        """Record ``state``; writes only when it differs from the last one written."""
        last = self.current
        if last is not None and (last.state, last.detail, last.failures) == (
            state,
            detail,
            failures,
        ):
            return
        since = last.since_ms if last is not None and last.state == state else _now_ms()
        self.current = PartHealth(
            part=self.part, pid=os.getpid(), state=state, since_ms=since, detail=detail[:300],
            failures=failures,
        )  # fmt: skip
        if self.path is None:
            return
        with contextlib.suppress(OSError):  # a full disk must not break the reporter
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_suffix(".tmp")
            tmp.write_text(self.current.model_dump_json())
            tmp.replace(self.path)

    def remove(self) -> None:
        if self.path is not None:
            with contextlib.suppress(OSError):
                self.path.unlink()


def read_health(data_dir: Path) -> list[PartHealth]:
    """The states of the parts whose process still runs (files of dead ones are skipped)."""
    out = []
    folder = health_dir(data_dir)
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.json")):
        try:
            record = PartHealth.model_validate(json.loads(path.read_text()))
        except (OSError, ValueError):
            continue
        if _alive(record.pid):
            out.append(record)
    return out


def _now_ms() -> int:
    return time.time_ns() // 1_000_000
