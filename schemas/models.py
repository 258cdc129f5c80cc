"""Pydantic models of every record that crosses Kafka, mirroring ``schemas/avro/``.

The Avro files are the wire contract; these models are how Python code builds and checks
records. ``tests/schemas`` proves the two agree field for field. The event payloads are in
:mod:`schemas.payloads`, what every model shares in :mod:`schemas.base`, and the assembled
trace document built from the stored records in :mod:`schemas.document`.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import Field, model_validator

from schemas.base import BlobId, Wire, new_id, now_ms
from schemas.payloads import PAYLOAD_MODELS, EventType, Payload
from schemas.shapes import DedupePolicy, Digest, GitObject, Id, Revision, Text, Uuid, Version

# --- the event envelope and the Kafka records ------------------------------------------


class Actor(Wire):
    kind: str = Field("human", pattern="^(human|tool|ide|agent)$")
    id: Id | None = None


class EventContext(Wire):
    workspace_root: Text | None = None
    branch: Text | None = None
    commit_head: Revision | None = None
    correlation_id: Id | None = None
    parent_event_id: Uuid | None = None


class Event(Wire):
    """One event; ``payload`` is validated by the model that ``type`` names."""

    event_id: Uuid = Field(default_factory=new_id, min_length=1)
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
    client: Text
    version: Text | None = None
    host: Text | None = None


class EventBatch(Wire):
    """One Kafka record: an ordered slice (1..N) of one trace's events."""

    trace_id: Uuid = Field(min_length=1)
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
    tree_hash: GitObject | None = None
    dependencies_lock_hash: Digest | None = None


class Repo(Wire):
    repo_id: Text = Field(min_length=1)
    remote_url: Text | None = None
    default_branch: Text | None = None
    commit_base: Revision = Field(min_length=1)
    repo_fingerprint: RepoFingerprint = Field(default_factory=RepoFingerprint)


class BugReport(Wire):
    title: Text
    description: Text
    repro_steps: Text | None = None
    expected: Text | None = None
    actual: Text | None = None
    links: list[Text] = Field(default_factory=list)


class EvalSpec(Wire):
    """How a benchmark grades a fix (SWE-bench's held-out tests), kept out of the agent's events.

    Set by importers from the dataset's task record. The QA tests stage applies the test patch
    before both runs and calls the trace ``resolved`` when every ``fail_to_pass`` and every
    ``pass_to_pass`` test passes after the final patch. The gold patch is kept for reference
    only: it is never shown to the judge nor used to grade.
    """

    dataset: Text | None = None
    instance_id: Text = Field(min_length=1)
    version: Text | None = None
    environment_setup_commit: Revision | None = None
    test_patch_blob_id: BlobId
    fail_to_pass: list[Text] = Field(default_factory=list)
    pass_to_pass: list[Text] = Field(default_factory=list)
    gold_patch_blob_id: BlobId | None = None


class Task(Wire):
    task_id: Text | None = None
    bug_report: BugReport | None = None
    labels: list[Text] = Field(default_factory=list)
    evaluation: EvalSpec | None = None


class ConsentFlags(Wire):
    store_raw_code: bool = False
    store_terminal_output: bool = True
    allow_llm_judge: bool = True


class Developer(Wire):
    developer_id: Id = Field(min_length=1)
    experience_level: str = Field("unknown", pattern="^(junior|mid|senior|unknown)$")
    consent_flags: ConsentFlags = Field(default_factory=ConsentFlags)


class Ide(Wire):
    name: Text
    version: Text | None = None


class Environment(Wire):
    os: Text | None = None
    ide: Ide | None = None
    language: list[Text] = Field(default_factory=list)
    containerized: bool = False
    timezone: Text | None = None


class Ingestion(Wire):
    mode: str = Field("incremental", pattern="^(batch|incremental)$")
    client_session_id: Uuid = Field(default_factory=new_id)
    dedupe_policy: DedupePolicy = "event_id"
    clock_skew_ms_est: int = 0


class TraceOpened(Wire):
    """Opens a trace; travels on the raw topic keyed by ``trace_id``."""

    trace_id: Uuid = Field(default_factory=new_id, min_length=1)
    trace_version: Version = "1.0"
    created_at_ms: int = Field(default_factory=now_ms)
    repo: Repo
    task: Task = Field(default_factory=Task)
    developer: Developer
    environment: Environment = Field(default_factory=Environment)
    ingestion: Ingestion = Field(default_factory=Ingestion)


class PrRef(Wire):
    title: Text | None = None
    description: Text | None = None
    diff_blob_id: BlobId | None = None


class FinalState(Wire):
    commit_head: Revision | None = None
    pr: PrRef | None = None


class TraceFinalize(Wire):
    """The client's finalize marker: nothing after ``seq_last`` will come."""

    trace_id: Uuid = Field(min_length=1)
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


COMPLETE = "complete"
MISSING_EVENTS = "missing_events"
FINAL_STATUSES = (COMPLETE, MISSING_EVENTS)
"""The ``traces.status`` a trace ends in; before, it is ``open``, then ``finalizing`` once
its finalize marker is stored. A ``TraceFinalized`` flagged ``missing_events`` announces
the second; late events can still turn it into the first."""


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
