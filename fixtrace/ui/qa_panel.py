"""The QA panel of a trace: one QA run's stages, with the trace's other runs beside it.

A replay under a new rubric or judge model is a new run stored beside the old one (run ids
are derived from the configuration), so the panel groups ``qa_results`` rows by run and
shows one run whole rather than mixing the newest row of each stage across runs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import Markup
from pydantic import ValidationError

from fixtrace.facts import plural
from fixtrace.ui.blobs import BlobReader
from fixtrace.ui.text import markdown_html
from qa_agents.judge.rubric import CRITERIA, Rubric, RubricNotFound, load_rubric
from qa_agents.repo_tests.junit import parse_junit
from qa_agents.stages import STAGES
from schemas.document import QAJudge, QATests

REPORT_BYTES = 512_000  # MRE reports, rationales and JUnit reports read for the panel


def _json(text: str | None) -> dict[str, Any]:
    try:
        value = json.loads(text or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


@dataclass
class Stage:
    """One stage row of a run."""

    stage: str
    status: str
    duration_ms: int
    flags: list[str]
    error: str | None
    result: dict[str, Any]


@dataclass
class Run:
    """One QA run: its configuration and its stages by name."""

    run_id: str
    finished_at_ms: int
    config: dict[str, Any]
    stages: dict[str, Stage] = field(default_factory=dict)

    @property
    def judge_overall(self) -> float | None:
        value = self.stages.get("judge", None)
        overall = value.result.get("overall") if value else None
        return float(overall) if isinstance(overall, int | float) else None

    @property
    def mre_verdict(self) -> str | None:
        stage = self.stages.get("mre")
        return str(stage.result["verdict"]) if stage and stage.result.get("verdict") else None

    @property
    def flags(self) -> list[str]:
        return sorted({f for s in self.stages.values() for f in s.flags})


@dataclass
class TestOutcomeRow:
    test_id: str
    before: str
    after: str


@dataclass
class CriterionView:
    name: str
    question: str
    weight: float | None
    score: float
    reason: str


@dataclass
class QAPanel:
    """What the template shows for the selected run."""

    run: Run
    runs: list[Run]
    tests: QATests | None = None
    test_outcomes: list[TestOutcomeRow] = field(default_factory=list)
    test_outcomes_note: str | None = None
    mre: dict[str, Any] | None = None
    mre_report: Markup | None = None
    mre_report_note: str | None = None
    issue: Markup | None = None
    judge: QAJudge | None = None
    criteria: list[CriterionView] = field(default_factory=list)
    rationale: str | None = None
    final_trace_blob_id: str | None = None
    problems: list[str] = field(default_factory=list)


def group_runs(rows: list[dict[str, Any]]) -> list[Run]:
    """Rows of ``qa_results`` grouped by run, newest run first."""
    runs: dict[str, Run] = {}
    for row in rows:
        run = runs.setdefault(row["run_id"], Run(row["run_id"], 0, _json(row.get("config_json"))))
        run.finished_at_ms = max(run.finished_at_ms, int(row["finished_at_ms"]))
        run.stages[row["stage"]] = Stage(
            stage=row["stage"],
            status=str(row["status"]),
            duration_ms=int(row["finished_at_ms"]) - int(row["started_at_ms"]),
            flags=list(row.get("flags") or []),
            error=row.get("error"),
            result=_json(row.get("result_json")),
        )
    for run in runs.values():  # pipeline order: schema, tests, mre, judge, final
        order = {name: i for i, name in enumerate(STAGES)}
        run.stages = dict(sorted(run.stages.items(), key=lambda kv: order.get(kv[0], 99)))
    return sorted(runs.values(), key=lambda r: r.finished_at_ms, reverse=True)


def _test_outcomes(tests: QATests, blobs: BlobReader) -> tuple[list[TestOutcomeRow], str | None]:
    """Per-test outcome before and after the fix, from the runs' JUnit reports."""
    by_phase: dict[str, dict[str, str]] = {}
    notes = []
    for inv in tests.invocations:
        if not inv.phase or not inv.report_blob_id:
            continue
        got = blobs.text(inv.report_blob_id, REPORT_BYTES)
        if got.text is None:
            notes.append(f"{inv.phase} report {got.problem}")
            continue
        by_phase[inv.phase] = {k: str(v) for k, v in parse_junit(got.text).items()}
    before, after = by_phase.get("before", {}), by_phase.get("after", {})
    names = sorted(set(before) | set(after))
    rows = [TestOutcomeRow(n, before.get(n, "absent"), after.get(n, "absent")) for n in names]
    if not rows and not notes:
        notes.append("no per-test report was stored (the runner wrote no JUnit XML)")
    return rows, "; ".join(notes) or None


def _criteria(
    judge: QAJudge, rationale: str | None, rubric_dir: Path | None
) -> list[CriterionView]:
    rubric: Rubric | None
    try:
        rubric = load_rubric(judge.rubric_version, rubric_dir)
    except (RubricNotFound, ValueError, ValidationError):
        rubric = None
    reasons: dict[str, str] = {}
    for line in (rationale or "").splitlines():
        match = re.match(r"\s*[-*]?\s*([a-z_]+)\s*:\s*(.+)", line)
        if match and match.group(1) in CRITERIA:
            reasons[match.group(1)] = match.group(2).strip()
    by_name = {c.name: c for c in rubric.criteria} if rubric else {}
    out = []
    for name in CRITERIA:
        crit = by_name.get(name)
        out.append(CriterionView(
            name=name, question=crit.question if crit else "", weight=crit.weight if crit else None,
            score=float(getattr(judge.scores, name)), reason=reasons.get(name, ""),
        ))  # fmt: skip
    return out


def build_panel(
    runs: list[Run], run_id: str | None, blobs: BlobReader, rubric_dir: Path | None = None
) -> QAPanel | None:
    """The panel of ``run_id`` (default: the newest run); None when the trace has no QA."""
    if not runs:
        return None
    run = next((r for r in runs if r.run_id == run_id), runs[0])
    panel = QAPanel(run=run, runs=runs)
    st = run.stages
    if "tests" in st and st["tests"].result:
        try:
            panel.tests = QATests.model_validate(st["tests"].result)
        except ValidationError as exc:
            panel.problems.append(
                f"tests result does not fit its model: {exc.error_count()} errors"
            )
        else:
            panel.test_outcomes, panel.test_outcomes_note = _test_outcomes(panel.tests, blobs)
    if "mre" in st and st["mre"].result:
        panel.mre = st["mre"].result
        for key, attr in (("report_blob_id", "mre_report"), ("issue_blob_id", "issue")):
            if blob_id := panel.mre.get(key):
                got = blobs.text(str(blob_id), REPORT_BYTES)
                if got.text is not None:
                    setattr(panel, attr, markdown_html(got.text))
                elif key == "report_blob_id":
                    panel.mre_report_note = f"report blob {got.problem}"
    if "judge" in st and st["judge"].result:
        try:
            panel.judge = QAJudge.model_validate(st["judge"].result)
        except ValidationError as exc:
            panel.problems.append(
                f"judge result does not fit its model: {exc.error_count()} errors"
            )
        else:
            if panel.judge.rationale_blob_id:
                got = blobs.text(panel.judge.rationale_blob_id, REPORT_BYTES)
                panel.rationale = got.text if got.text is not None else f"(rationale {got.problem})"
            panel.criteria = _criteria(panel.judge, panel.rationale, rubric_dir)
    if "final" in st:
        panel.final_trace_blob_id = st["final"].result.get("final_trace_blob_id")
    return panel


# --- what each stage decided, and why (issue 31: the page must not contradict the results) --

FLAG_REASONS: dict[str, str] = {
    "no_model_key": "no ANTHROPIC_API_KEY: scored by the offline heuristic judge",
    "llm_judge_not_allowed": "the developer did not allow an LLM judge",
    "no_bug_report": "the trace has no bug report to validate",
    "no_repo_source": "no repository to check out (no remote, no configured source)",
    "no_test_command": "the trace recorded no test run and no test command is configured",
    "schema_invalid": "the trace breaks its schema (problems listed)",
    "missing_events": "events never arrived before the trace was finalized",
    "sandbox_unavailable": "no sandbox could run the tests",
    "env_failed": "the test environment could not be built",
}
"""Plain-language reasons of the flags a newcomer meets first; others are shown as they are."""


@dataclass
class Decision:
    """One stage's verdict in words, its tone (badge class), and the reasons behind it."""

    stage: str
    status: str
    text: str
    tone: str
    why: list[str] = field(default_factory=list)


def _schema(stage: Stage) -> tuple[str, str, list[str]]:
    r = stage.result
    if r.get("schema_valid") is True:
        events, blobs = r.get("events_checked", 0), r.get("blobs_checked", 0)
        counted = f"{plural(events, 'event')}, {plural(blobs, 'blob')} checked"
        return f"valid ({counted})", "v-green", []
    if r.get("schema_valid") is False:
        problems = [str(p) for p in r.get("problems") or []]
        return f"invalid: {len(problems)} problem(s)", "v-red", problems
    return "not checked", "v-none", []


def tests_verdict(tests: QATests | None) -> tuple[str, str]:
    """The sandbox re-run in words and tone: the header badge and the tests stage agree."""
    if tests is None:
        return "not re-run", "v-none"
    if tests.resolved is not None:
        return ("resolved", "v-green") if tests.resolved else ("unresolved", "v-red")
    if tests.fail_to_pass:
        return "fail → pass", "v-blue"
    if tests.final_passed is True:
        return "passed", "v-green"
    if tests.final_passed is False:
        return "failing after the fix", "v-red"
    return "no verdict", "v-none"


def decisions(panel: QAPanel) -> list[Decision]:
    """Each stage of the shown run: what it decided and why, read from its stored result."""
    out = []
    for stage in panel.run.stages.values():
        restated = {"schema_invalid", f"mre_{str((panel.mre or {}).get('verdict')).lower()}"}
        why = [FLAG_REASONS.get(f, f) for f in stage.flags if f not in restated]
        if stage.stage == "schema":
            text, tone, problems = _schema(stage)
            why = problems + why
        elif stage.stage == "tests" and panel.tests is not None:
            text, tone = tests_verdict(panel.tests)
            if panel.tests.fail_to_pass:
                text += f" ({len(panel.tests.fail_to_pass)} test(s))"
        elif stage.stage == "mre" and panel.mre:
            verdict = str(panel.mre.get("verdict") or "no verdict")
            text, tone = (
                f"{verdict} ({panel.mre.get('mode') or 'unknown mode'})",
                (f"v-{verdict.lower()}"),
            )
        elif stage.stage == "judge" and panel.judge is not None:
            j = panel.judge
            text, tone = f"{j.overall:.2f} / 5 by {j.model} ({j.mode})", "v-none"
        elif stage.stage == "final" and stage.result.get("final_trace_blob_id"):
            text, tone = "final_trace.json written", "v-green"
        else:
            text, tone = {"skipped": ("not run", "v-none"), "failed": ("failed", "v-red")}.get(
                stage.status, (stage.status, "v-none")
            )
        if stage.error:
            why.append(stage.error.strip().splitlines()[0] if stage.error.strip() else "")
        out.append(Decision(stage.stage, stage.status, text, tone, [w for w in why if w]))
    return out


def config_rows(panel: QAPanel) -> list[tuple[str, str]]:
    """The run's configuration, saying which judge actually scored (not only the configured
    model: "judge model claude-sonnet-4-5" beside "judge backend heuristic" read as both)."""
    cfg = panel.run.config
    keys = ("rubric_version", "sandbox_backend", "pipeline_version")
    rows = [(k.replace("_", " "), str(cfg[k])) for k in keys if k in cfg]
    j = panel.judge
    if j is not None:
        rows.insert(1, ("judge", f"{j.model} ({j.mode})"))
        configured = cfg.get("judge_model")
        if configured and configured != j.model:
            rows.insert(2, ("configured model", f"{configured} (not used: {j.mode} judge scored)"))
    elif cfg.get("judge_model"):
        rows.insert(1, ("configured model", str(cfg["judge_model"])))
    return rows
