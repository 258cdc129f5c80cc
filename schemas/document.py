"""The assembled trace document (``final_trace.json``): what the store's ``assemble`` returns.

Lenient where the wire models are strict (extra keys are kept), so a document written by a
newer version still reads. ``tests/sinks`` round-trips it through ClickHouse.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from schemas.base import BlobId, new_id, now_ms
from schemas.models import Developer, Environment, Event, Ingestion, PrRef, Repo, Task


class Doc(BaseModel):
    """Base of the assembled document: lenient on extra keys, so newer writers stay readable."""

    model_config = ConfigDict(extra="allow", use_enum_values=True)


CONSENT_DROPPED_RULE = "consent_dropped"
"""The redaction rule that records content removed because the developer withheld consent
(raw code, terminal output): the event keeps its place but carries no text, on purpose."""


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
    """The full assembled trace (final_trace.json): metadata, events in seq order, blobs, QA."""

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
