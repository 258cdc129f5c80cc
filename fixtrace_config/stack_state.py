"""The running stack's state: ``<data_dir>/stack.json`` and a pointer to it in the state home.

chdb lets one process own a data folder; while ``fixtrace up`` runs it is that process, so
clients reach ClickHouse through the stack's gateway and Kafka through the broker it started
(on a port picked at start). ``up`` writes what a client needs to its data folder and the
same record to ``$XDG_STATE_HOME/fixtrace/stacks/``, so a client in any folder finds a stack
started with any ``--data-dir``. A record whose process is gone (or whose pid now belongs to
another process) is stale and ignored.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
from pathlib import Path
from typing import Any

from pydantic import BaseModel, TypeAdapter, ValidationError

from fixtrace_config.paths import state_home
from fixtrace_config.settings import Settings

STATE_FILE = "stack.json"

STACK_FIELDS = (
    "data_dir",
    "kafka_bootstrap",
    "topic_raw",
    "topic_finalized",
    "topic_qa",
    "topic_dlq",
    "clickhouse_dsn",
    "blob_url",
    "s3_endpoint",
    "s3_access_key",
    "s3_region",
    "s3_secure",
)
"""The settings a client takes from the running stack unless set explicitly (no secrets)."""


class StackState(BaseModel):
    """What ``fixtrace up`` writes while it runs (files mode 0600: the token is a secret)."""

    pid: int
    gateway_url: str
    kafka_bootstrap: str
    fleet_token: str
    process_id: str | None = None
    """``boot id:start time`` of ``pid``, so a pid reused after a crash or reboot is no match."""
    started_at_ms: int = 0
    endpoints: dict[str, Any] = {}
    """The stack's values of :data:`STACK_FIELDS`."""

    @property
    def data_dir(self) -> Path | None:
        """The stack's data folder (None in a record from an older version)."""
        value = self.endpoints.get("data_dir")
        return Path(value) if value else None


def state_path(settings: Settings) -> Path:
    """Where the running stack of ``settings.data_dir`` writes its state."""
    return settings.data_dir / STATE_FILE


def pointers_dir() -> Path:
    """The folder of pointers to running stacks (one file per data folder)."""
    return state_home() / "stacks"


def pointer_path(data_dir: Path) -> Path:
    """The pointer file of the stack on ``data_dir``."""
    key = hashlib.sha256(str(data_dir.resolve()).encode()).hexdigest()[:16]
    return pointers_dir() / f"{key}.json"


def pid_alive(pid: int) -> bool:
    """Whether a process with this pid runs (signal 0 probes without sending).

    A zombie (exited, not yet reaped by its parent) answers signal 0 but runs nothing: a
    stack that has exited is not running while the shell or test that started it has not
    yet collected its exit code. One whose main thread alone has exited still runs.
    """
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # exists, owned by someone else
        return True
    return not _exited(pid)


def _stat_fields(pid: int) -> list[str] | None:
    """``/proc/<pid>/stat`` from field 3 (state) on, or None (no such process, not Linux).

    Split after the last ``)``: the command name before it may hold spaces and parentheses.
    """
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat.rsplit(")", 1)[1].split()


def _exited(pid: int) -> bool:
    """Whether ``pid`` is a zombie with no thread left (Linux ``/proc``; elsewhere: runs).

    A process's main thread turns zombie as soon as it exits, while its other threads may
    still be ending (Python's exit with a worker thread in a system call); its parent cannot
    collect it until the last one has gone, so until then it has not exited.
    """
    fields = _stat_fields(pid)
    if fields is None or fields[0] not in ("Z", "X"):
        return False
    try:
        return len(os.listdir(f"/proc/{pid}/task")) <= 1
    except OSError:  # reaped meanwhile
        return True


def process_id(pid: int) -> str | None:
    """``boot id:start time`` of a live process (Linux ``/proc``), or None where unknown."""
    try:
        boot = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        return None
    fields = _stat_fields(pid)
    return f"{boot}:{fields[19]}" if fields is not None else None  # field 22: starttime


def is_live(state: StackState) -> bool:
    """Whether the process that wrote ``state`` still runs."""
    if not pid_alive(state.pid):
        return False
    if state.process_id is None:
        return True
    current = process_id(state.pid)
    return current is None or current == state.process_id


def read_state(path: Path) -> StackState | None:
    """The record in ``path``, or None (missing or unreadable)."""
    try:
        return StackState.model_validate_json(path.read_text())
    except (OSError, ValidationError):
        return None


def running_stack(settings: Settings) -> StackState | None:
    """The state of a live stack on this data folder, or None (missing, stale or unreadable)."""
    state = read_state(state_path(settings))
    return state if state is not None and is_live(state) else None


def pointed_stacks() -> list[tuple[Path, StackState, bool]]:
    """Every pointer with its record and whether it is live, newest first."""
    found = []
    for path in sorted(pointers_dir().glob("*.json")):
        state = read_state(path)
        if state is not None:
            found.append((path, state, is_live(state)))
    found.sort(key=lambda item: item[1].started_at_ms, reverse=True)
    return found


def find_stack(settings: Settings) -> StackState | None:
    """The stack a client of ``settings`` should use, or None.

    An explicit data folder (flag or ``FIXTRACE_DATA_DIR``) means that folder's stack only;
    otherwise the newest live pointer, else a stack on the default data folder.
    """
    if "data_dir" in settings.model_fields_set:
        return running_stack(settings)
    for _path, state, live in pointed_stacks():
        if live:
            return state
    return running_stack(settings)


def stack_endpoints(settings: Settings) -> dict[str, Any]:
    """The values of :data:`STACK_FIELDS` in ``settings``, JSON-ready, for the state file."""
    return settings.model_dump(mode="json", include=set(STACK_FIELDS))


@functools.cache
def _adapter(name: str) -> TypeAdapter[Any]:
    """Validates a JSON value of setting ``name`` (built once: ~1 ms each)."""
    return TypeAdapter(Settings.model_fields[name].annotation)


def apply_stack(settings: Settings, state: StackState) -> tuple[Settings, list[str]]:
    """``settings`` with the stack's endpoints where not set explicitly; the fields taken."""
    taken: dict[str, Any] = {}
    endpoints = {**state.endpoints, "kafka_bootstrap": state.kafka_bootstrap}
    for name, value in endpoints.items():
        if name in STACK_FIELDS and name not in settings.model_fields_set:
            taken[name] = _adapter(name).validate_python(value)
    # model_construct keeps the caller's explicit fields as the only "set" ones, so resolving
    # the result again finds the same stack (model_copy would mark the taken fields as set)
    merged = Settings.model_construct(
        _fields_set=set(settings.model_fields_set), **{**dict(settings), **taken}
    )
    return merged, sorted(taken)


def _write_private(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    os.replace(tmp, path)


def publish_stack(settings: Settings, state: StackState) -> None:
    """Write the state to the data folder and its pointer to the state home."""
    text = state.model_dump_json()
    _write_private(state_path(settings), text)
    _write_private(pointer_path(settings.data_dir), text)


def retract_stack(settings: Settings, pid: int) -> None:
    """Remove the state file and pointer of ``settings.data_dir`` if they still name ``pid``."""
    for path in (state_path(settings), pointer_path(settings.data_dir)):
        state = read_state(path)
        if state is not None and state.pid == pid:
            with contextlib.suppress(OSError):
                path.unlink()


def prune_stale_pointers() -> list[Path]:
    """Delete pointers of stacks that are gone (a crashed or killed ``up``); returns them."""
    removed = []
    for path, _state, live in pointed_stacks():
        if not live:
            with contextlib.suppress(OSError):
                path.unlink()
                removed.append(path)
    return removed
