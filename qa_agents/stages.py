"""The QA stages of one run, each turning a trace into one ``QAResult``.

Order: schema → tests → mre → judge → final. Every stage is wrapped so an exception becomes
a ``failed`` result with a ``<stage>_error`` flag instead of escaping: one bad trace (or one
broken stage) never stops the worker, and the later stages still run on what is known.
"""

from __future__ import annotations

import json
import logging
import tempfile
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from fixtrace_config import Settings
from fixtrace_config.failures import disk_full
from qa_agents.judge import build_packet, load_rubric, make_judge
from qa_agents.judge.rubric import RubricNotFound
from qa_agents.ports import Blobs, put_text
from qa_agents.repo_tests import RepoTestRunner
from qa_agents.runconfig import QAConfig
from qa_agents.validate import validate_trace
from schemas.base import now_ms
from schemas.document import QA, QAJudge, QATests, TraceDocument
from schemas.models import QAResult, StageStatus, TraceFinalized

log = logging.getLogger(__name__)

STAGES = ("schema", "tests", "mre", "judge", "final")


class StageOutput(BaseModel):
    """What a stage function returns; the wrapper adds ids, timing and config."""

    status: StageStatus = StageStatus.ok
    result: dict[str, Any] = Field(default_factory=dict)
    flags: list[str] = Field(default_factory=list)
    error: str | None = None


@dataclass
class RunContext:
    """One QA run of one trace: inputs, config and what earlier stages produced."""

    settings: Settings
    blobs: Blobs
    config: QAConfig
    run_id: str
    finalized: TraceFinalized
    doc: TraceDocument
    tests_runner: RepoTestRunner
    outputs: dict[str, StageOutput] = field(default_factory=dict)


def stage_schema(ctx: RunContext) -> StageOutput:
    report = validate_trace(ctx.doc, ctx.blobs)
    flags = [] if report.schema_valid else ["schema_invalid"]
    flags += [f for f in ctx.finalized.flags if f == "missing_events"]
    return StageOutput(result=report.model_dump(mode="json"), flags=flags)


def stage_tests(ctx: RunContext) -> StageOutput:
    outcome = ctx.tests_runner.run(ctx.doc)
    result = outcome.tests.model_dump(mode="json") if outcome.tests else {}
    return StageOutput(
        status=outcome.status, result=result, flags=outcome.flags, error=outcome.error
    )


def issue_markdown(doc: TraceDocument) -> str:
    """The trace's bug report as the markdown issue open-MRE reads."""
    br = doc.task.bug_report
    assert br is not None
    parts = [f"# {br.title}", "", br.description]
    for title, text in (
        ("Steps to reproduce", br.repro_steps),
        ("Expected", br.expected),
        ("Actual", br.actual),
    ):
        if text:
            parts += ["", f"## {title}", "", text]
    return "\n".join(parts) + "\n"


def stage_mre(ctx: RunContext) -> StageOutput:
    if ctx.doc.task.bug_report is None:
        return StageOutput(status=StageStatus.skipped, flags=["no_bug_report"])
    try:
        from qa_agents.mre import validate_issue
    except ImportError as exc:  # the MRE module is optional for this worker
        return StageOutput(
            status=StageStatus.skipped,
            flags=["mre_unavailable"],
            result={"skipped": f"qa_agents.mre not importable: {exc}"},
        )
    markdown = issue_markdown(ctx.doc)
    with tempfile.TemporaryDirectory(prefix="mre-") as out:
        repository, repo_result = _mre_repository(ctx, Path(out) / "repository")
        res = validate_issue(markdown, Path(out) / "run", ctx.settings, repository=repository)
        # The out dir is scratch: keep each artifact file as a blob, by name.
        artifacts = {
            name: put_text(ctx.blobs, Path(value).read_bytes(), "application/octet-stream")
            for name, value in res.artifacts.model_dump(mode="json").items()
            if isinstance(value, str) and Path(value).is_file()
        }
    report_blob = put_text(ctx.blobs, res.report_markdown or "", "text/markdown")
    verdict = str(getattr(res.verdict, "value", res.verdict))
    result = {
        "verdict": verdict,
        "mode": res.mode,
        "summary": res.summary,
        "report_blob_id": report_blob,
        "artifacts": artifacts,
        "errors": [e.model_dump(mode="json") for e in res.errors],
        "issue_blob_id": put_text(ctx.blobs, markdown, "text/markdown"),
    }
    result.update(repo_result)
    flags = [f"mre_{verdict.lower()}"]
    status = StageStatus.failed if verdict == "ERROR" else StageStatus.ok
    if "repository_error" in repo_result:
        flags.append("mre_repository_unavailable")
        status = StageStatus.failed if verdict == "ERROR" else StageStatus.degraded
    return StageOutput(status=status, result=result, flags=flags)


def _mre_repository(ctx: RunContext, scratch: Path) -> tuple[Any, dict[str, Any]]:
    """The trace's repository at ``commit_base`` for MRE (``None`` without a source), and
    what the stage result records of it. A clone that fails is said in ``repository_error``:
    the report then runs on PyPI alone, and the stage is ``degraded``."""
    from qa_agents.mre.repository import checkout_trace_repository
    from qa_agents.repo_tests.git import GitError

    spec, source = ctx.tests_runner.repository(ctx.doc)
    if not source:
        return None, {}
    repo = ctx.doc.repo
    try:
        found = checkout_trace_repository(repo.repo_id, source, repo.commit_base, spec, scratch)
    except GitError as exc:
        why = f"cannot check out {repo.repo_id} at {repo.commit_base[:12]} from {source}: {exc}"
        return None, {"repository_error": why}
    return found, {"repository": {"repo_id": repo.repo_id, "commit": repo.commit_base}}


def stage_judge(ctx: RunContext) -> StageOutput:
    try:
        rubric = load_rubric(ctx.config.rubric_version, ctx.settings.rubric_dir)
    except RubricNotFound as exc:
        return StageOutput(status=StageStatus.failed, flags=["rubric_not_found"], error=str(exc))
    tests_out = ctx.outputs.get("tests")
    qa_tests = QATests.model_validate(tests_out.result) if tests_out and tests_out.result else None
    packet = build_packet(
        ctx.doc, ctx.blobs, budget_bytes=ctx.config.packet_budget_bytes, qa_tests=qa_tests
    )
    allow = ctx.doc.developer.consent_flags.allow_llm_judge
    judge = make_judge(ctx.settings, ctx.blobs, model=ctx.config.judge_model, allow_llm=allow)
    verdict = judge.judge(packet, rubric)
    verdict = verdict.model_copy(
        update={"packet_blob_id": put_text(ctx.blobs, packet.to_json(), "application/json")}
    )
    degraded = {"judge_unavailable", "judge_parse_failure"} & set(verdict.flags)
    status = StageStatus.degraded if degraded else StageStatus.ok
    return StageOutput(
        status=status, result=verdict.model_dump(mode="json"), flags=list(verdict.flags)
    )


def final_document(ctx: RunContext) -> TraceDocument:
    """The trace with this run's QA sections filled in (final_trace.json)."""
    out = ctx.outputs
    qa = QA(run_id=ctx.run_id)
    if "schema" in out and out["schema"].result:
        qa.schema_valid = out["schema"].result.get("schema_valid")
        qa.schema_problems = list(out["schema"].result.get("problems", []))
    if "tests" in out and out["tests"].result:
        qa.tests = QATests.model_validate(out["tests"].result)
    if "judge" in out and out["judge"].result:
        qa.judge = QAJudge.model_validate(out["judge"].result)
    if "mre" in out and out["mre"].result.get("verdict"):
        qa.mre = out["mre"].result
    qa.flags = sorted({f for o in out.values() for f in o.flags})
    doc = ctx.doc.model_copy(deep=True)
    doc.qa = qa
    _inline_small_blobs(doc, ctx.blobs, ctx.settings.final_inline_max_bytes)
    doc.qa_config = json.loads(ctx.config.canonical_json())  # type: ignore[attr-defined]
    return doc


def _inline_small_blobs(doc: TraceDocument, blobs: Blobs, limit: int) -> None:
    """Copy small text blobs into ``artifacts.blobs[].inline`` (references stay)."""
    if limit <= 0:
        return
    for info in doc.artifacts.blobs:
        if info.byte_length <= limit and info.content_type.startswith(("text/", "application/j")):
            try:
                info.inline = blobs.get(info.blob_id).decode("utf-8")
            except Exception:  # unreadable or not UTF-8: the reference is enough
                continue


def stage_final(ctx: RunContext) -> StageOutput:
    doc = final_document(ctx)
    data = json.dumps(doc.model_dump(mode="json"), sort_keys=True, indent=1).encode()
    blob_id = put_text(ctx.blobs, data, "application/json")
    replay = ctx.finalized.replay
    return StageOutput(
        result={
            "final_trace_blob_id": blob_id,
            "byte_length": len(data),
            "replay_id": replay.replay_id if replay else None,
        }
    )


STAGE_FUNCS: dict[str, Callable[[RunContext], StageOutput]] = {
    "schema": stage_schema,
    "tests": stage_tests,
    "mre": stage_mre,
    "judge": stage_judge,
    "final": stage_final,
}


def run_stage(ctx: RunContext, name: str) -> QAResult:
    """Run one stage; exceptions become a failed result with ``<name>_error``, except a full
    disk: that is never the trace's fault, so it is raised for the worker to wait out
    (``paused`` in `fixtrace status`) and the run is done again once space is back."""
    started = now_ms()
    try:
        output = STAGE_FUNCS[name](ctx)
    except Exception as exc:
        if disk_full(exc):
            raise
        log.exception("QA stage %s failed for trace %s", name, ctx.doc.trace_id)
        output = StageOutput(
            status=StageStatus.failed,
            flags=[f"{name}_error"],
            error=f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=5)}"[:4000],
        )
    ctx.outputs[name] = output
    return QAResult(
        run_id=ctx.run_id,
        trace_id=ctx.doc.trace_id,
        stage=name,
        status=output.status,
        started_at_ms=started,
        finished_at_ms=now_ms(),
        config_json=ctx.config.canonical_json(),
        result_json=json.dumps(output.result, sort_keys=True, separators=(",", ":")),
        flags=sorted(set(output.flags)),
        error=output.error,
    )
