"""Turn an assembled trace document into a :class:`TrajectoryRecord`.

Pure: blob bytes come from a resolver callable, so the rules (what pairs with what, where
the final patch comes from) are testable without a database or a blob store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fixtrace.ops.trajectory_model import (
    EvaluationLabel,
    JudgeLabel,
    Labels,
    RepoInfo,
    Step,
    StepKind,
    TaskInfo,
    TestOutcome,
    TestsSummary,
    TrajectoryRecord,
)
from schemas.document import QATests, StoredEvent, TraceDocument

BlobResolver = Callable[[str], str | None]
"""blob id → text, or None when the blob cannot be read."""

_ACTION_TOOL = {
    "terminal_command": "terminal",
    "file_edit": "edit",
    "file_snapshot": "snapshot",
    "debug_action": "debug",
    "navigation": "navigate",
    "commit": "commit",
    "pr_metadata": "pr",
}


class _Builder:
    """Walks events in seq order, appending steps and pairing observations with actions."""

    def __init__(self, resolve: BlobResolver, max_text: int) -> None:
        self.resolve = resolve
        self.max_text = max_text
        self.steps: list[Step] = []
        self.cmd_by_event: dict[str, int] = {}  # terminal command event_id → action index
        self.cmd_by_corr: dict[str, int] = {}  # correlation_id → action index
        self.obs_of: dict[int, int] = {}  # action index → its observation index
        self.last_terminal: int | None = None  # adjacency fallback for outputs

    def text(self, inline: str | None, blob_id: str | None, step: dict[str, Any]) -> str | None:
        """Inline text or the blob's text, clipped to ``max_text``."""
        value = inline
        if value is None and blob_id:
            value = self.resolve(blob_id)
            if value is None:
                step.setdefault("missing_blobs", []).append(blob_id)
        if value is not None and len(value) > self.max_text:
            step["truncated"] = True
            value = value[: self.max_text]
        return value

    def add(self, ev: StoredEvent, kind: StepKind, **fields: Any) -> int:
        index = len(self.steps)
        self.steps.append(
            Step(
                index=index,
                kind=kind,
                event_type=ev.type,
                seq=ev.seq,
                event_ids=[ev.event_id],
                ts_ms=ev.ts_ms,
                **fields,
            )  # fmt: skip
        )
        if kind is not StepKind.observation and ev.type != "terminal_output":
            self.last_terminal = index if fields.get("tool") == "terminal" else None
        return index

    def observe(self, action: int, ev: StoredEvent, **fields: Any) -> int:
        """The observation of ``action``: created on first output, extended by later ones."""
        existing = self.obs_of.get(action)
        if existing is None:
            tool = self.steps[action].tool
            index = self.add(ev, StepKind.observation, tool=tool, responds_to=action, **fields)
            self.obs_of[action] = index
            return index
        step = self.steps[existing]
        update: dict[str, Any] = {"event_ids": [*step.event_ids, ev.event_id]}
        if fields.get("text"):
            update["text"] = (step.text or "") + fields["text"]
            if len(update["text"]) > self.max_text:
                update["text"], update["truncated"] = update["text"][: self.max_text], True
        for key in ("exit_code", "test"):
            if fields.get(key) is not None:
                update[key] = fields[key]
        if fields.get("truncated"):
            update["truncated"] = True
        if fields.get("missing_blobs"):
            update["missing_blobs"] = [*step.missing_blobs, *fields["missing_blobs"]]
        self.steps[existing] = step.model_copy(update=update)
        return existing

    def command_for(self, ev: StoredEvent) -> int | None:
        """The terminal action an output or test run belongs to: ids first, then adjacency."""
        ctx = ev.context
        if ctx.parent_event_id and ctx.parent_event_id in self.cmd_by_event:
            return self.cmd_by_event[ctx.parent_event_id]
        if ctx.correlation_id:
            found = self.cmd_by_corr.get(ctx.correlation_id)
            if found is None:
                found = self.cmd_by_event.get(ctx.correlation_id)
            if found is not None:
                return found
        return self.last_terminal

    def event(self, ev: StoredEvent) -> None:
        p = ev.payload.__dict__
        kind = ev.type
        if kind == "thought":
            extra: dict[str, Any] = {}
            text = self.text(p.get("content_text"), p.get("content_blob_id"), extra)
            self.add(ev, StepKind.thought, thought_kind=p["kind"], text=text, **extra)
        elif kind == "terminal_command":
            index = self.add(ev, StepKind.action, tool="terminal", text=p["command"])
            self.cmd_by_event[ev.event_id] = index
            if ev.context.correlation_id:
                self.cmd_by_corr[ev.context.correlation_id] = index
        elif kind == "terminal_output":
            extra = {"truncated": True} if p.get("is_truncated") else {}
            text = self.text(p.get("chunk_text"), p.get("chunk_blob_id"), extra)
            action = self.command_for(ev)
            fields = {"text": text, "exit_code": p.get("exit_code"), **extra}
            if action is None:  # output with no command to pair with: stands alone
                self.add(ev, StepKind.observation, tool="terminal", **fields)
            else:
                self.observe(action, ev, **fields)
        elif kind == "test_run":
            self.test_run(ev, p)
        elif kind == "file_edit":
            extra = {}
            patch, blob = p.get("patch_text"), p.get("patch_blob_id")
            if patch is None and blob:  # patches are never clipped: they must still apply
                patch = self.resolve(blob)
                if patch is None:
                    extra["missing_blobs"] = [blob]
            self.add(ev, StepKind.action, tool="edit", file_path=p["file_path"], patch=patch,
                     text=p.get("edit_kind"), **extra)  # fmt: skip
        elif kind == "error":
            text = p["message"] + (f"\n{p['details_text']}" if p.get("details_text") else "")
            responds = len(self.steps) - 1 if self.steps else None
            self.add(ev, StepKind.observation, tool="error", text=text, responds_to=responds)
        elif kind == "debug_action":
            bits = (p["action"], p.get("file_path"), p.get("line"), p.get("expression"))
            index = self.add(ev, StepKind.action, tool="debug", file_path=p.get("file_path"),
                             text=" ".join(str(b) for b in bits if b is not None))  # fmt: skip
            if p.get("value_text") is not None:
                self.observe(index, ev, text=p["value_text"])
        elif kind == "navigation":
            bits = (p["kind"], p.get("file_path"), p.get("line"), p.get("symbol"), p.get("query"))
            self.add(ev, StepKind.action, tool="navigate", file_path=p.get("file_path"),
                     text=" ".join(str(b) for b in bits if b is not None))  # fmt: skip
        elif kind == "file_snapshot":
            self.add(ev, StepKind.action, tool="snapshot", file_path=p["file_path"],
                     text=p["snapshot_reason"])  # fmt: skip
        elif kind == "commit":
            self.add(ev, StepKind.action, tool="commit", text=p["message"])
        elif kind == "pr_metadata":
            self.add(ev, StepKind.action, tool="pr", text=p.get("title"))

    def test_run(self, ev: StoredEvent, p: dict[str, Any]) -> None:
        """A test run joins the terminal command that ran it, or is its own action."""
        outcome = TestOutcome(
            command=p["command"], runner=p["runner"], passed=p["passed"], exit_code=p["exit_code"],
            duration_ms=p["duration_ms"], tests_total=p.get("tests_total"),
            tests_failed=p.get("tests_failed"),
        )  # fmt: skip
        action = self.command_for(ev)
        ctx = ev.context
        linked = bool(ctx.parent_event_id or ctx.correlation_id) and action is not None
        same = action is not None and self.steps[action].text == p["command"]
        if not (linked or same):
            action = self.add(ev, StepKind.action, tool="test", text=p["command"])
        verdict = "PASSED" if p["passed"] else "FAILED"
        counts = (
            f" ({p['tests_failed']} of {p['tests_total']} failed)"
            if p.get("tests_total") is not None
            else ""
        )
        index = self.observe(action, ev, test=outcome, exit_code=p["exit_code"])
        if self.steps[index].text is None:
            self.steps[index] = self.steps[index].model_copy(
                update={"text": f"tests {verdict}{counts}, exit code {p['exit_code']}"}
            )


def _tests_summary(events: list[StoredEvent]) -> TestsSummary:
    runs = [e for e in events if e.type == "test_run"]
    failed = [e.seq for e in runs if not e.payload.__dict__["passed"]]
    passed = [e.seq for e in runs if e.payload.__dict__["passed"]]
    first_fail = min(failed, default=None)
    last_pass = max(passed, default=None)
    return TestsSummary(
        runs=len(runs),
        passed_runs=len(passed),
        first_failed_seq=first_fail,
        last_passed_seq=last_pass,
        fail_to_pass=first_fail is not None and last_pass is not None and first_fail < last_pass,
        last_passed=runs[-1].payload.__dict__["passed"] if runs else None,
    )


def _final_patch(
    doc: TraceDocument, steps: list[Step], resolve: BlobResolver
) -> tuple[str | None, str | None]:
    """The PR diff, else the last commit's diff, else the edits' patches in order."""
    pr = doc.final_state.pr
    pr_blobs = [pr.diff_blob_id] if pr and pr.diff_blob_id else []
    pr_blobs += [
        e.payload.__dict__["diff_blob_id"]
        for e in reversed(doc.events)
        if e.type == "pr_metadata" and e.payload.__dict__.get("diff_blob_id")
    ]
    for blob in pr_blobs:
        if (text := resolve(blob)) is not None:
            return text, "pr_diff"
    for e in reversed(doc.events):
        blob = e.payload.__dict__.get("diff_blob_id") if e.type == "commit" else None
        if blob and (text := resolve(blob)) is not None:
            return text, "commit_diff"
    patches = [s.patch for s in steps if s.tool == "edit" and s.patch]
    if patches:
        return "".join(p if p.endswith("\n") else p + "\n" for p in patches), "edits"
    return None, None


def _evaluation_label(qa_tests: QATests | None) -> EvaluationLabel | None:
    ev = qa_tests.evaluation if qa_tests else None
    if ev is None:
        return None
    return EvaluationLabel(
        dataset=ev.dataset,
        instance_id=ev.instance_id,
        fail_to_pass_failed=ev.failed("fail_to_pass"),
        pass_to_pass_failed=ev.failed("pass_to_pass"),
    )


def _labels(doc: TraceDocument, tests: TestsSummary) -> Labels:
    qa = doc.qa
    qa_tests, judge, mre = qa.tests, qa.judge, qa.mre or {}
    qa_final = qa_tests.final_passed if qa_tests else None
    final = qa_final if qa_final is not None else tests.last_passed
    source = "qa" if qa_final is not None else ("trace" if final is not None else None)
    return Labels(
        tests_fail_to_pass=tests.fail_to_pass,
        qa_fail_to_pass=list(qa_tests.fail_to_pass) if qa_tests else [],
        qa_pass_to_pass=list(qa_tests.pass_to_pass) if qa_tests else [],
        final_passed=final,
        final_passed_source=source,
        resolved=qa_tests.resolved if qa_tests else None,
        evaluation=_evaluation_label(qa_tests),
        schema_valid=qa.schema_valid,
        mre_verdict=mre.get("verdict"),
        mre_mode=mre.get("mode"),
        judge=JudgeLabel(
            overall=judge.overall,
            scores=judge.scores.model_dump(),
            mode=judge.mode,
            model=judge.model,
            rubric_version=judge.rubric_version,
        )
        if judge
        else None,  # fmt: skip
        qa_run_id=qa.run_id,
        qa_flags=list(qa.flags),
    )


def build_trajectory(
    doc: TraceDocument, resolve: BlobResolver, *, max_text: int = 20_000
) -> TrajectoryRecord:
    """The export record of one trace; outputs longer than ``max_text`` are clipped."""
    builder = _Builder(resolve, max_text)
    for ev in doc.events:
        builder.event(ev)
    tests = _tests_summary(doc.events)
    patch, source = _final_patch(doc, builder.steps, resolve)
    bug = doc.task.bug_report
    extra = doc.model_extra or {}
    return TrajectoryRecord(
        trace_id=doc.trace_id,
        status=extra.get("status"),
        created_at_ms=doc.created_at_ms,
        finalized_at_ms=doc.finalized_at_ms,
        repo=RepoInfo(
            repo_id=doc.repo.repo_id,
            remote_url=doc.repo.remote_url,
            commit_base=doc.repo.commit_base,
        ),  # fmt: skip
        task=TaskInfo(
            title=bug.title if bug else None,
            description=bug.description if bug else None,
            repro_steps=bug.repro_steps if bug else None,
            expected=bug.expected if bug else None,
            actual=bug.actual if bug else None,
            labels=list(doc.task.labels),
        ),  # fmt: skip
        experience_level=doc.developer.experience_level,
        languages=list(doc.environment.language),
        missing_seqs=list(doc.missing_seqs),
        steps=builder.steps,
        tests=tests,
        final_patch=patch,
        final_patch_source=source,
        labels=_labels(doc, tests),
    )
