"""The training-export record: one trace as an ordered thought/action/observation trajectory.

Documented in ``docs/export.md``; bump ``SCHEMA_VERSION`` on any incompatible change.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = "1"


class Record(BaseModel):
    """Export models: closed, so the documented schema is the whole schema."""

    model_config = ConfigDict(extra="forbid")


class StepKind(StrEnum):
    thought = "thought"
    action = "action"
    observation = "observation"


class TestOutcome(Record):
    """A test run as the developer saw it."""

    __test__ = False

    command: str
    runner: str
    passed: bool
    exit_code: int
    duration_ms: int
    tests_total: int | None = None
    tests_failed: int | None = None


class Step(Record):
    """One step; which optional fields are set depends on ``kind`` and ``tool``."""

    index: int = Field(description="0-based position in the trajectory.")
    kind: StepKind
    event_type: str = Field(description="The fixtrace event type the step comes from.")
    seq: int = Field(description="seq of the (first) source event.")
    event_ids: list[str] = Field(description="Source events (several outputs merge into one).")
    ts_ms: int
    tool: str | None = Field(
        None,
        description="Actions: terminal, test, edit, snapshot, debug, navigate, commit, pr. "
        "Observations: the tool of the action observed, or 'error'.",
    )
    thought_kind: str | None = None
    text: str | None = Field(
        None, description="Thought text, command line, output, commit message, error…"
    )
    file_path: str | None = None
    patch: str | None = Field(None, description="file_edit patch, resolved from its blob.")
    exit_code: int | None = None
    test: TestOutcome | None = None
    responds_to: int | None = Field(None, description="Observations: index of the action.")
    truncated: bool = Field(False, description="Text was cut (capture or export limit).")
    missing_blobs: list[str] = Field(default_factory=list)


class RepoInfo(Record):
    repo_id: str
    remote_url: str | None = None
    commit_base: str


class TaskInfo(Record):
    title: str | None = None
    description: str | None = None
    repro_steps: str | None = None
    expected: str | None = None
    actual: str | None = None
    labels: list[str] = Field(default_factory=list)


class TestsSummary(Record):
    """What the trace's own test runs show."""

    __test__ = False

    runs: int
    passed_runs: int
    first_failed_seq: int | None = None
    last_passed_seq: int | None = None
    fail_to_pass: bool = Field(description="A failing run was followed by a passing one.")
    last_passed: bool | None = Field(None, description="The last run's verdict.")


class JudgeLabel(Record):
    overall: float
    scores: dict[str, float]
    mode: str = Field(description="'llm' or 'heuristic'.")
    model: str
    rubric_version: str


class EvaluationLabel(Record):
    """The benchmark instance a trace was graded against, and what failed after the fix."""

    dataset: str | None = None
    instance_id: str
    fail_to_pass_failed: list[str] = Field(
        default_factory=list, description="FAIL_TO_PASS tests that did not pass after the fix."
    )
    pass_to_pass_failed: list[str] = Field(
        default_factory=list, description="PASS_TO_PASS tests the fix broke."
    )


class Labels(Record):
    """QA outcomes attached by the QA worker (None when that stage has not run)."""

    tests_fail_to_pass: bool = Field(description="Trace's own runs went from failing to passing.")
    qa_fail_to_pass: list[str] = Field(
        default_factory=list, description="Tests the QA sandbox saw go fail→pass."
    )
    qa_pass_to_pass: list[str] = Field(default_factory=list)
    final_passed: bool | None = Field(
        None, description="The sandbox's verdict, else the trace's last test run."
    )
    final_passed_source: Literal["qa", "trace"] | None = None
    resolved: bool | None = Field(
        None,
        description="Held-out tests' verdict (SWE-bench definition); null without an "
        "evaluation spec or without a verdict.",
    )
    evaluation: EvaluationLabel | None = None
    schema_valid: bool | None = None
    mre_verdict: str | None = None
    mre_mode: str | None = None
    judge: JudgeLabel | None = None
    qa_run_id: str | None = None
    qa_flags: list[str] = Field(default_factory=list)


class TrajectoryRecord(Record):
    """One exported trace."""

    schema_version: Literal["1"] = SCHEMA_VERSION
    trace_id: str
    status: str | None = None
    created_at_ms: int
    finalized_at_ms: int | None = None
    repo: RepoInfo
    task: TaskInfo
    experience_level: str
    languages: list[str] = Field(default_factory=list)
    missing_seqs: list[int] = Field(default_factory=list)
    steps: list[Step]
    tests: TestsSummary
    final_patch: str | None = None
    final_patch_source: Literal["pr_diff", "commit_diff", "edits"] | None = None
    labels: Labels
