"""The deterministic pipeline: the agents' tools called in the agents' order, no model."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from qa_agents.mre.models import MreError
from qa_agents.mre.steps import STEP_NAMES, MreSteps

StepStatus = Literal["start", "done", "error"]
StepListener = Callable[[str, StepStatus, str], None]


def quiet(step: str, status: StepStatus, detail: str) -> None:
    """Default listener: say nothing."""


def run_pipeline(
    steps: MreSteps, listener: StepListener = quiet, only: tuple[str, ...] = STEP_NAMES
) -> list[MreError]:
    """Run the named steps in step order; errors are collected, later steps still run."""
    actions = {
        "code_extractor": steps.extract_code,
        "version_validator": steps.validate_versions,
        "behavior_analyst": steps.analyze_behavior,
        "executor": steps.execute,
        "report_generator": steps.generate_report,
    }
    errors: list[MreError] = []
    for name in STEP_NAMES:
        if name not in only:
            continue
        listener(name, "start", "")
        result = actions[name]()
        if isinstance(result, MreError):
            errors.append(result)
            listener(name, "error", result.message)
        else:
            listener(name, "done", describe(name, result))
    return errors


def describe(step: str, result: object) -> str:
    """One line per step for the live display."""
    from qa_agents.mre.models import (
        BehaviorAnalysis,
        ExecutionResults,
        Extraction,
        VersionReport,
    )
    from qa_agents.mre.steps import ReportOutcome

    if isinstance(result, Extraction):
        m = result.metadata
        return (
            f"{m.code_blocks_found} block(s), {m.python_blocks_used} Python, "
            f"{len(m.imports_added)} import(s) added, {len(m.warnings)} warning(s)"
        )
    if isinstance(result, VersionReport):
        pkgs = ", ".join(f"{p.name} {p.latest_version or '?'}" for p in result.packages)
        return f"{pkgs or 'no packages'}; all latest: {result.all_latest}"
    if isinstance(result, BehaviorAnalysis):
        e = result.expected_behavior
        return f"{e.type}: {e.description[:80]}" + (
            " (needs clarification)" if result.needs_clarification else ""
        )
    if isinstance(result, ExecutionResults):
        if result.skipped:
            return f"skipped: {result.skip_reason}"
        if result.error:
            return result.error.message[:120]
        return (
            f"exit {result.exit_code}, {result.exception or 'no exception'}, "
            f"{result.execution_time_ms} ms" + (", timed out" if result.timed_out else "")
        )
    if isinstance(result, ReportOutcome):
        return result.summary[:160]
    return ""
