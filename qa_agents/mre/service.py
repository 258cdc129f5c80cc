"""``validate_issue``: the one entry point used by the CLI and the QA worker.

Chooses the mode (agent team when a model is available, the deterministic pipeline
otherwise or when the provider fails), runs it over a fresh artifact folder, and reads the
artifacts back into an ``MreResult``.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

from fixtrace_config import Settings
from qa_agents.mre import artifacts as names
from qa_agents.mre.artifacts import ArtifactStore
from qa_agents.mre.deterministic import StepListener, quiet, run_pipeline
from qa_agents.mre.environment.pypi import PypiClient
from qa_agents.mre.models import MreError, MreResult, Timings, Verdict
from qa_agents.mre.repository import TraceRepository
from qa_agents.mre.run.execute import Executor
from qa_agents.mre.runtime import MreOptions, default_executor, default_pypi, sandbox_interpreter
from qa_agents.mre.steps import STEP_NAMES, MreSteps

MODE_AGENTS = "agents"
MODE_NO_MODEL = "deterministic (no model configured)"


def validate_issue(
    markdown: str,
    out_dir: Path,
    settings: Settings | None = None,
    *,
    title: str | None = None,
    options: MreOptions | None = None,
    listener: StepListener = quiet,
    agent_models: object | None = None,
    executor: Executor | None = None,
    pypi: PypiClient | None = None,
    repository: TraceRepository | None = None,
) -> MreResult:
    """Validate one markdown bug report; outputs land in ``out_dir``.

    ``agent_models`` (an ``AgentModels``) forces agent mode with those chat models; else
    agents run when an Anthropic key is configured, and the deterministic pipeline runs
    when none is or when the provider cannot be reached.

    ``repository`` (QA runs of a trace that names one): the code runs against the trace's
    repository at its base commit, and the modules it provides never come from PyPI.
    """
    started = time.perf_counter()
    settings = settings or Settings()
    options = options or MreOptions()
    store = ArtifactStore(out_dir)
    store.reset()
    store.write_text(names.ISSUE, markdown)
    steps = MreSteps(
        store=store,
        pypi=pypi or default_pypi(options),
        executor=executor or default_executor(settings, options),
        mode=MODE_NO_MODEL,
        title=title or issue_title(markdown),
        interpreter=lambda: sandbox_interpreter(options),
        repository=repository,
    )
    errors = _run(steps, settings, listener, agent_models)
    outcome_md = store.read_text(names.VALIDATION_REPORT) or ""
    verdict = _verdict_from_report(outcome_md)
    total = time.perf_counter() - started
    timings = Timings(
        install_s=round(steps.times.install_s, 3),
        execution_s=round(steps.times.execution_s, 3),
        other_s=round(max(0.0, total - steps.times.install_s - steps.times.execution_s), 3),
    )
    return MreResult(
        verdict=verdict,
        mode=steps.mode,
        report_markdown=outcome_md,
        artifacts=store.paths(),
        errors=errors,
        timings=timings,
        summary=_summary(outcome_md),
        reason_category=_field(outcome_md, "Reason"),
        verdict_rule=next(iter(_rules(outcome_md, "Verdict rule")), ""),
        rules=_rules(outcome_md),
    )


def _run(
    steps: MreSteps, settings: Settings, listener: StepListener, agent_models: object | None
) -> list[MreError]:
    from qa_agents.mre.agents.runner import AgentRunFailed, models_from_settings, run_agents

    models = agent_models or models_from_settings(settings)
    if models is None:
        return run_pipeline(steps, listener)
    steps.mode = MODE_AGENTS
    try:
        errors = run_agents(steps, models, listener)
    except AgentRunFailed as exc:
        steps.mode = f"deterministic (model unreachable: {exc.reason})"
        listener("coordinator", "error", f"falling back to the deterministic pipeline: {exc}")
        steps.store.reset()
        return [exc.error, *run_pipeline(steps, listener)]
    missing = _missing_steps(steps.store)
    if missing:
        steps.mode = f"agents (completed deterministically: {', '.join(missing)})"
        errors.append(
            MreError(
                step="coordinator",
                message="the agents did not produce every artifact; ran: " + ", ".join(missing),
                recovery_suggestion="check the agent transcript",
            )
        )
        errors.extend(run_pipeline(steps, listener, only=tuple(missing)))
    return errors


def _missing_steps(store: ArtifactStore) -> list[str]:
    produced = {
        "code_extractor": names.EXTRACTION_METADATA,
        "version_validator": names.VERSION_REPORT,
        "behavior_analyst": names.BEHAVIOR_ANALYSIS,
        "executor": names.EXECUTION_RESULTS,
        "report_generator": names.VALIDATION_REPORT,
    }
    missing = [s for s in STEP_NAMES if store.read_text(produced[s]) is None]
    if missing and "report_generator" not in missing:
        missing.append("report_generator")  # the report must reflect the filled-in artifacts
    return missing


def issue_title(markdown: str) -> str:
    """The first heading (or line) of the issue."""
    for line in markdown.splitlines():
        if line.strip() and not line.lstrip().startswith("<!--"):
            return re.sub(r"^#+\s*", "", line.strip())[:120]
    return "untitled issue"


def _verdict_from_report(markdown: str) -> Verdict:
    verdict = _field(markdown, "Verdict")
    return Verdict(verdict) if verdict in Verdict.__members__ else Verdict.ERROR


def _field(markdown: str, name: str) -> str:
    """A ``**Name**: value`` line of the report's head."""
    match = re.search(rf"^\*\*{name}\*\*: ([\w-]+)", markdown, re.MULTILINE)
    return match.group(1) if match else ""


def _rules(markdown: str, field: str = "Rules") -> list[str]:
    """The names on the report's ``**Rules**:`` line (the reading rules behind its verdict)
    or another such line of its head (``Verdict rule``)."""
    match = re.search(rf"^\*\*{field}\*\*: (.*)$", markdown, re.MULTILINE)
    return re.findall(r"`([^`]+)`", match.group(1)) if match else []


def _summary(markdown: str) -> str:
    """One line for tables: the first reason for RED/YELLOW/ERROR, else the summary."""
    for section in ("Issues Identified", "What Did Not", "Cause"):
        match = re.search(rf"## {section}\n(?:\d+\.|-) (.+)", markdown)
        if match:
            return match.group(1).strip()
    match = re.search(r"## Summary\n(.+)", markdown)
    return match.group(1).strip() if match else ""
