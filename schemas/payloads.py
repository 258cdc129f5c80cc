"""Event payloads: one model per event type, mirroring ``schemas/avro/fixtrace.payload.*``.

An event's ``type`` names its payload model (``PAYLOAD_MODELS``), and the envelope's Avro
union has one branch per model.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from schemas.base import BlobId, Wire
from schemas.shapes import (
    DebugActionName,
    Digest,
    ErrorKind,
    NavigationKind,
    PatchFormat,
    Revision,
    RunnerName,
    Shell,
    Text,
    Uuid,
)


class EventType(StrEnum):
    file_edit = "file_edit"
    file_snapshot = "file_snapshot"
    terminal_command = "terminal_command"
    terminal_output = "terminal_output"
    test_run = "test_run"
    debug_action = "debug_action"
    navigation = "navigation"
    thought = "thought"
    commit = "commit"
    pr_metadata = "pr_metadata"
    error = "error"


class Selection(Wire):
    start_line: int
    start_col: int
    end_line: int
    end_col: int


class FileEdit(Wire):
    file_path: Text
    edit_kind: str = Field("patch", pattern="^(patch|replace_range|keystroke_batch)$")
    patch_format: PatchFormat = "unified_diff"
    patch_blob_id: BlobId | None = None
    patch_text: Text | None = None
    pre_hash: Digest | None = None
    post_hash: Digest | None = None
    selection: Selection | None = None
    reason_ref: Uuid | None = None


class FileSnapshot(Wire):
    file_path: Text
    content_blob_id: BlobId | None = None
    content_text: Text | None = None
    snapshot_reason: str = Field(
        "manual_checkpoint", pattern="^(pre_test|post_test|manual_checkpoint)$"
    )


class TerminalCommand(Wire):
    cwd: Text
    command: Text
    shell: Shell = "bash"
    env_hash: Digest | None = None


class TerminalOutput(Wire):
    stream: str = Field(pattern="^(stdout|stderr)$")
    chunk_blob_id: BlobId | None = None
    chunk_text: Text | None = None
    is_truncated: bool = False
    exit_code: int | None = None


class TestRun(Wire):
    __test__ = False  # not a pytest test class

    command: Text
    runner: RunnerName = "custom"
    exit_code: int
    duration_ms: int = Field(ge=0)
    passed: bool
    report_blob_id: BlobId | None = None
    tests_total: int | None = None
    tests_failed: int | None = None


class DebugAction(Wire):
    action: DebugActionName
    file_path: Text | None = None
    line: int | None = None
    expression: Text | None = None
    value_text: Text | None = None


class Navigation(Wire):
    kind: NavigationKind
    file_path: Text | None = None
    line: int | None = None
    symbol: Text | None = None
    query: Text | None = None


class ThoughtKind(StrEnum):
    hypothesis = "hypothesis"
    plan = "plan"
    interpretation = "interpretation"
    decision = "decision"
    postmortem = "postmortem"


class Thought(Wire):
    content_blob_id: BlobId | None = None
    content_text: Text | None = None
    kind: ThoughtKind
    links_to: list[Uuid] = Field(default_factory=list)


class Commit(Wire):
    sha: Revision
    message: Text
    parent_sha: Revision | None = None
    diff_blob_id: BlobId | None = None
    files_changed: list[Text] = Field(default_factory=list)


class PrMetadata(Wire):
    title: Text | None = None
    description: Text | None = None
    url: Text | None = None
    diff_blob_id: BlobId | None = None
    base_branch: Text | None = None
    head_branch: Text | None = None


class Error(Wire):
    message: Text
    kind: ErrorKind | None = None
    details_text: Text | None = None


Payload = (
    FileEdit
    | FileSnapshot
    | TerminalCommand
    | TerminalOutput
    | TestRun
    | DebugAction
    | Navigation
    | Thought
    | Commit
    | PrMetadata
    | Error
)

PAYLOAD_MODELS: dict[str, type[Wire]] = {
    "file_edit": FileEdit,
    "file_snapshot": FileSnapshot,
    "terminal_command": TerminalCommand,
    "terminal_output": TerminalOutput,
    "test_run": TestRun,
    "debug_action": DebugAction,
    "navigation": Navigation,
    "thought": Thought,
    "commit": Commit,
    "pr_metadata": PrMetadata,
    "error": Error,
}
"""Event type → payload model; also names the Avro record of each payload."""
