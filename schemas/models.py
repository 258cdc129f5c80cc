"""Pydantic models of every record that crosses Kafka, mirroring ``schemas/avro/``.

The Avro files are the wire contract; these models are how Python code builds and checks
records. ``tests/schemas`` proves the two agree field for field.
"""

from __future__ import annotations

import time
import uuid
from enum import StrEnum
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator

BlobId = Annotated[str, StringConstraints(pattern=r"^sha256:[0-9a-f]{64}$")]


def now_ms() -> int:
    """Epoch milliseconds, the one clock unit of the wire format."""
    return time.time_ns() // 1_000_000


def new_id() -> str:
    """A random UUID string, used for trace and event ids."""
    return str(uuid.uuid4())


class Wire(BaseModel):
    """Base of wire records: unknown fields are errors, so typos never pass silently."""

    model_config = ConfigDict(extra="forbid", use_enum_values=True)


# --- event payloads --------------------------------------------------------------------


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
    file_path: str
    edit_kind: str = Field("patch", pattern="^(patch|replace_range|keystroke_batch)$")
    patch_format: str = "unified_diff"
    patch_blob_id: BlobId | None = None
    patch_text: str | None = None
    pre_hash: str | None = None
    post_hash: str | None = None
    selection: Selection | None = None
    reason_ref: str | None = None


class FileSnapshot(Wire):
    file_path: str
    content_blob_id: BlobId | None = None
    content_text: str | None = None
    snapshot_reason: str = Field(
        "manual_checkpoint", pattern="^(pre_test|post_test|manual_checkpoint)$"
    )


class TerminalCommand(Wire):
    cwd: str
    command: str
    shell: str = "bash"
    env_hash: str | None = None


class TerminalOutput(Wire):
    stream: str = Field(pattern="^(stdout|stderr)$")
    chunk_blob_id: BlobId | None = None
    chunk_text: str | None = None
    is_truncated: bool = False
    exit_code: int | None = None


class TestRun(Wire):
    __test__ = False  # not a pytest test class

    command: str
    runner: str = "custom"
    exit_code: int
    duration_ms: int = Field(ge=0)
    passed: bool
    report_blob_id: BlobId | None = None
    tests_total: int | None = None
    tests_failed: int | None = None


class DebugAction(Wire):
    action: str
    file_path: str | None = None
    line: int | None = None
    expression: str | None = None
    value_text: str | None = None


class Navigation(Wire):
    kind: str
    file_path: str | None = None
    line: int | None = None
    symbol: str | None = None
    query: str | None = None


class ThoughtKind(StrEnum):
    hypothesis = "hypothesis"
    plan = "plan"
    interpretation = "interpretation"
    decision = "decision"
    postmortem = "postmortem"


class Thought(Wire):
    content_blob_id: BlobId | None = None
    content_text: str | None = None
    kind: ThoughtKind
    links_to: list[str] = Field(default_factory=list)


class Commit(Wire):
    sha: str
    message: str
    parent_sha: str | None = None
    diff_blob_id: BlobId | None = None
    files_changed: list[str] = Field(default_factory=list)


class PrMetadata(Wire):
    title: str | None = None
    description: str | None = None
    url: str | None = None
    diff_blob_id: BlobId | None = None
    base_branch: str | None = None
    head_branch: str | None = None


class Error(Wire):
    message: str
    kind: str | None = None
    details_text: str | None = None


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


# --- the event envelope and the Kafka records ------------------------------------------


class Actor(Wire):
    kind: str = Field("human", pattern="^(human|tool|ide|agent)$")
    id: str | None = None


class EventContext(Wire):
    workspace_root: str | None = None
    branch: str | None = None
    commit_head: str | None = None
    correlation_id: str | None = None
    parent_event_id: str | None = None


class Event(Wire):
    """One event; ``payload`` is validated by the model that ``type`` names."""

    event_id: str = Field(default_factory=new_id, min_length=1)
    seq: int = Field(ge=1)
    ts_ms: int = Field(default_factory=now_ms, ge=0)
    type: EventType
    actor: Actor = Field(default_factory=Actor)
    context: EventContext = Field(default_factory=EventContext)
    payload: Payload

    @model_validator(mode="before")
    @classmethod
    def _payload_by_type(cls, data: Any) -> Any:
        """Validate the payload with the model its type names, never by guessing."""
        if isinstance(data, dict):
            kind, payload = data.get("type"), data.get("payload")
            model = PAYLOAD_MODELS.get(str(getattr(kind, "value", kind)))
            if model is not None and not isinstance(payload, model):
                if isinstance(payload, Wire):
                    raise ValueError(
                        f"payload is {type(payload).__name__}, but type {kind!r} needs "
                        f"{model.__name__}"
                    )
                data = {**data, "payload": model.model_validate(payload)}
        return data


class ProducerInfo(Wire):
    client: str
    version: str | None = None
    host: str | None = None


class EventBatch(Wire):
    """One Kafka record: an ordered slice (1..N) of one trace's events."""

    trace_id: str = Field(min_length=1)
    sent_at_ms: int = Field(default_factory=now_ms)
    events: list[Event] = Field(min_length=1)
    producer: ProducerInfo | None = None

    @model_validator(mode="after")
    def _seq_increasing(self) -> EventBatch:
        """A batch is a slice of the log: its seqs must strictly increase."""
        seqs = [e.seq for e in self.events]
        if any(b <= a for a, b in zip(seqs, seqs[1:], strict=False)):
            raise ValueError(f"seq must strictly increase within a batch, got {seqs}")
        return self


class RepoFingerprint(Wire):
    tree_hash: str | None = None
    dependencies_lock_hash: str | None = None


class Repo(Wire):
    repo_id: str = Field(min_length=1)
    remote_url: str | None = None
    default_branch: str | None = None
    commit_base: str = Field(min_length=1)
    repo_fingerprint: RepoFingerprint = Field(default_factory=RepoFingerprint)


class BugReport(Wire):
    title: str
    description: str
    repro_steps: str | None = None
    expected: str | None = None
    actual: str | None = None
    links: list[str] = Field(default_factory=list)


class EvalSpec(Wire):
    """How a benchmark grades a fix (SWE-bench's held-out tests), kept out of the agent's events.

    Set by importers from the dataset's task record. The QA tests stage applies the test patch
    before both runs and calls the trace ``resolved`` when every ``fail_to_pass`` and every
    ``pass_to_pass`` test passes after the final patch. The gold patch is kept for reference
    only: it is never shown to the judge nor used to grade.
    """

    dataset: str | None = None
    instance_id: str = Field(min_length=1)
    version: str | None = None
    environment_setup_commit: str | None = None
    test_patch_blob_id: BlobId
    fail_to_pass: list[str] = Field(default_factory=list)
    pass_to_pass: list[str] = Field(default_factory=list)
    gold_patch_blob_id: BlobId | None = None


class Task(Wire):
    task_id: str | None = None
    bug_report: BugReport | None = None
    labels: list[str] = Field(default_factory=list)
    evaluation: EvalSpec | None = None


class ConsentFlags(Wire):
    store_raw_code: bool = False
    store_terminal_output: bool = True
    allow_llm_judge: bool = True


class Developer(Wire):
    developer_id: str = Field(min_length=1)
    experience_level: str = Field("unknown", pattern="^(junior|mid|senior|unknown)$")
    consent_flags: ConsentFlags = Field(default_factory=ConsentFlags)


class Ide(Wire):
    name: str
    version: str | None = None


class Environment(Wire):
    os: str | None = None
    ide: Ide | None = None
    language: list[str] = Field(default_factory=list)
    containerized: bool = False
    timezone: str | None = None


class Ingestion(Wire):
    mode: str = Field("incremental", pattern="^(batch|incremental)$")
    client_session_id: str = Field(default_factory=new_id)
    dedupe_policy: str = "event_id"
    clock_skew_ms_est: int = 0


class TraceOpened(Wire):
    """Opens a trace; travels on the raw topic keyed by ``trace_id``."""

    trace_id: str = Field(default_factory=new_id, min_length=1)
    trace_version: str = "1.0"
    created_at_ms: int = Field(default_factory=now_ms)
    repo: Repo
    task: Task = Field(default_factory=Task)
    developer: Developer
    environment: Environment = Field(default_factory=Environment)
    ingestion: Ingestion = Field(default_factory=Ingestion)


class PrRef(Wire):
    title: str | None = None
    description: str | None = None
    diff_blob_id: BlobId | None = None


class FinalState(Wire):
    commit_head: str | None = None
    pr: PrRef | None = None


class TraceFinalize(Wire):
    """The client's finalize marker: nothing after ``seq_last`` will come."""

    trace_id: str = Field(min_length=1)
    finalized_at_ms: int = Field(default_factory=now_ms)
    seq_last: int = Field(ge=0)
    final_state: FinalState = Field(default_factory=FinalState)


class ReplayRequest(Wire):
    replay_id: str = Field(default_factory=new_id)
    rubric_version: str | None = None
    judge_model: str | None = None
    requested_by: str | None = None
    requested_at_ms: int = Field(default_factory=now_ms)


class TraceFinalized(Wire):
    """Published by the stream once per completion; what the QA worker consumes."""

    trace_id: str
    finalized_at_ms: int
    completed_at_ms: int = Field(default_factory=now_ms)
    seq_last: int
    event_count: int
    missing_seqs: list[int] = Field(default_factory=list)
    flags: list[str] = Field(default_factory=list)
    replay: ReplayRequest | None = None


class StageStatus(StrEnum):
    ok = "ok"
    failed = "failed"
    skipped = "skipped"
    degraded = "degraded"


class QAResult(Wire):
    """One QA stage's outcome; ``result_json`` holds the stage's own document."""

    run_id: str
    trace_id: str
    stage: str
    status: StageStatus
    started_at_ms: int
    finished_at_ms: int
    config_json: str
    result_json: str
    flags: list[str] = Field(default_factory=list)
    error: str | None = None


class DeadLetter(Wire):
    """A record the pipeline could not process: the bytes, where from, and why."""

    reason: str
    error_type: str
    stage: str
    source_topic: str
    source_partition: int
    source_offset: int
    key: bytes | None = None
    value: bytes
    failed_at_ms: int = Field(default_factory=now_ms)


WIRE_RECORDS: dict[str, type[Wire]] = {
    "fixtrace.TraceOpened": TraceOpened,
    "fixtrace.EventBatch": EventBatch,
    "fixtrace.TraceFinalize": TraceFinalize,
    "fixtrace.TraceFinalized": TraceFinalized,
    "fixtrace.QAResult": QAResult,
    "fixtrace.DeadLetter": DeadLetter,
}
"""Avro full name → model, for every top-level record type."""

RAW_TOPIC_RECORDS = (TraceOpened, EventBatch, TraceFinalize)
"""What the raw topic carries: a trace's whole life, keyed by ``trace_id``."""


# --- the assembled trace document (the plan's final_trace.json) -------------------------


class Doc(BaseModel):
    """Base of the assembled document: lenient on extra keys, so newer writers stay readable."""

    model_config = ConfigDict(extra="allow", use_enum_values=True)


class Redaction(Doc):
    applied: bool = False
    rules: list[str] = Field(default_factory=list)
    counts: dict[str, int] = Field(default_factory=dict)


class BlobInfo(Doc):
    blob_id: BlobId
    content_type: str = "text/plain"
    byte_length: int = Field(ge=0)
    storage_uri: str
    redaction: Redaction = Field(default_factory=Redaction)
    inline: str | None = None


class Artifacts(Doc):
    blobs: list[BlobInfo] = Field(default_factory=list)


class TraceIngestion(Ingestion):
    model_config = ConfigDict(extra="allow")
    seq_last: int | None = None


class StoredEvent(Event):
    """An event as stored: the envelope plus the redaction the stream applied."""

    model_config = ConfigDict(extra="allow")
    redaction: Redaction = Field(default_factory=Redaction)


class DocFinalState(Doc):
    commit_head: str | None = None
    pr: PrRef | None = None
    final_trace_blob_id: BlobId | None = None


class TestInvocation(Doc):
    __test__ = False

    invocation_id: str = Field(default_factory=new_id)
    ts_ms: int = Field(default_factory=now_ms)
    command: str
    phase: str | None = None
    exit_code: int | None = None
    duration_ms: int = 0
    passed: bool = False
    timed_out: bool = False
    report_blob_id: BlobId | None = None
    stdout_blob_id: BlobId | None = None
    stderr_blob_id: BlobId | None = None


class HeldOutTest(Doc):
    """One test of an evaluation spec and its status in the runs before and after the fix."""

    __test__ = False

    test_id: str
    kind: str = Field(description="'fail_to_pass' or 'pass_to_pass' (the spec's list).")
    before: str | None = Field(
        None, description="PASSED, FAILED, ERROR, SKIPPED, XFAIL, XPASS; None = not in the output."
    )
    after: str | None = None
    ok: bool = Field(
        description="Not a failure after the fix (SWE-bench rules: a missing test fails)."
    )


class QAEvaluation(Doc):
    """The benchmark verdict of a trace whose task carries an evaluation spec."""

    dataset: str | None = None
    instance_id: str
    version: str | None = None
    test_command: str | None = Field(None, description="The command run, test files included.")
    tests: list[HeldOutTest] = Field(default_factory=list)
    installs: list[TestInvocation] = Field(
        default_factory=list, description="The repository's install step, once per run."
    )
    seconds: dict[str, float] = Field(
        default_factory=dict, description="install (both runs), before, after, total."
    )

    def failed(self, kind: str) -> list[str]:
        """Test ids of ``kind`` that were not a success after the fix."""
        return [t.test_id for t in self.tests if t.kind == kind and not t.ok]


class QATests(Doc):
    runner: str = "custom"
    container_image: str | None = None
    sandbox_backend: str | None = None
    invocations: list[TestInvocation] = Field(default_factory=list)
    fail_to_pass: list[str] = Field(default_factory=list)
    pass_to_pass: list[str] = Field(default_factory=list)
    final_passed: bool | None = None
    resolved: bool | None = Field(
        None,
        description="Only with an evaluation spec: every FAIL_TO_PASS and PASS_TO_PASS test "
        "passes after the final patch. None = no spec, or no verdict (see flags).",
    )
    evaluation: QAEvaluation | None = None


class JudgeScores(Doc):
    root_cause_identification: float = Field(ge=0, le=5)
    plan_quality: float = Field(ge=0, le=5)
    experiment_iterate_loop: float = Field(ge=0, le=5)
    use_of_signals_tests_logs: float = Field(ge=0, le=5)
    minimality_of_fix: float = Field(ge=0, le=5)
    clarity: float = Field(ge=0, le=5)


class QAJudge(Doc):
    model: str
    mode: str = Field(description="'llm' or 'heuristic': which judge produced the scores.")
    rubric_version: str
    scores: JudgeScores
    overall: float = Field(ge=0, le=5)
    rationale_blob_id: BlobId | None = None
    flags: list[str] = Field(default_factory=list)


class QA(Doc):
    run_id: str | None = None
    schema_valid: bool | None = None
    schema_problems: list[str] = Field(default_factory=list)
    tests: QATests | None = None
    judge: QAJudge | None = None
    mre: dict[str, Any] | None = None
    flags: list[str] = Field(default_factory=list)


class TraceDocument(Doc):
    """The full assembled trace of the plan: metadata, events in seq order, blobs, QA."""

    trace_version: str = "1.0"
    trace_id: str
    created_at_ms: int
    finalized_at_ms: int | None = None
    repo: Repo
    task: Task = Field(default_factory=Task)
    developer: Developer
    environment: Environment = Field(default_factory=Environment)
    ingestion: TraceIngestion = Field(default_factory=TraceIngestion)
    artifacts: Artifacts = Field(default_factory=Artifacts)
    events: list[StoredEvent] = Field(default_factory=list)
    final_state: DocFinalState = Field(default_factory=DocFinalState)
    missing_seqs: list[int] = Field(default_factory=list)
    qa: QA = Field(default_factory=QA)
