"""validation_report.md in one shape per verdict, and reproduction.py for GREEN runs."""

from __future__ import annotations

import datetime as dt
import platform
import re

from pydantic import BaseModel

from qa_agents.mre.decision import Decision
from qa_agents.mre.models import (
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExtractionMetadata,
    Verdict,
    VersionReport,
)
from qa_agents.mre.rules.completion import INLINE_OUTPUT_NOTE
from qa_agents.mre.rules.registry import SHIPPED_SCRIPT, Example, Rule

NOTE = INLINE_OUTPUT_NOTE.name
_STATUS = {
    Verdict.GREEN: "✓ REPRODUCED",
    Verdict.YELLOW: "⚠ PARTIAL_REPRODUCTION",
    Verdict.RED: "✗ CANNOT_REPRODUCE",
    Verdict.ERROR: "✗ VALIDATION_ERROR",
}


class ReportInputs(BaseModel):
    """Everything the report generator reads: the four artifacts and the decision."""

    title: str
    mode: str
    code: str
    extraction: ExtractionMetadata
    versions: VersionReport
    behavior: BehaviorAnalysis
    execution: ExecutionResults
    comparison: Comparison
    decision: Decision
    notes: list[str] = []


def render_report(inp: ReportInputs) -> str:
    """The markdown report; the section layout follows the verdict."""
    verdict = inp.decision.verdict
    head = [
        "# MRE Validation Report",
        "",
        f"**Status**: {_STATUS[verdict]}",
        f"**Verdict**: {verdict.value}",
        f"**Reason**: {inp.decision.category or 'unspecified'}",
        f"**Verdict rule**: `{inp.decision.verdict_rule or 'none'}`",
        f"**Rules**: {', '.join(f'`{r}`' for r in inp.decision.rules) or 'none'}",
        f"**Mode**: {inp.mode}",
        f"**Issue**: {inp.title}",
        "",
    ]
    if verdict == Verdict.GREEN:
        body = _green(inp)
    elif verdict == Verdict.YELLOW:
        body = _yellow(inp)
    elif verdict == Verdict.RED:
        body = _red(inp)
    else:
        body = _error(inp)
    body += _output_section(inp) + _marked_line_section(inp) + _reading_section(inp)
    notes = _notes(inp)
    return "\n".join(head + body + (["## Notes", *notes, ""] if notes else []))


def _reading_section(inp: ReportInputs) -> list[str]:
    """Each block as it was read and the named rules that decided it, so "which rule
    decided this verdict?" is answered in the report (``open-mre --rules`` says what each
    rule reads)."""
    blocks = inp.extraction.blocks
    if not blocks:
        return []
    lines = ["## How the Report Was Read", ""]
    for b in blocks:
        side = f", {b.context}" if b.context else ""
        where = f"{b.origin} {b.language}".strip() + (f", under “{b.section}”" if b.section else "")
        rules = ", ".join(f"`{r}`" for r in b.rules) or "no named rule"
        lines.append(f"- block {b.index + 1} ({where}): {b.kind}{side}, by {rules}")
    for claim in (e for e in inp.behavior.shown if e.rule):
        what = "shown output, its note taken off" if claim.rule == NOTE else "claim"
        lines.append(f"- {what} `{claim.text.strip()[:80]}` ({claim.kind}), by `{claim.rule}`")
    if inp.extraction.rules:
        lines.append("- script completed by " + ", ".join(f"`{r}`" for r in inp.extraction.rules))
    if inp.comparison.rule:
        lines.append(f"- the run compared with the report by `{inp.comparison.rule}`")
    return [*lines, ""]


def _error(inp: ReportInputs) -> list[str]:
    """The validation itself failed: say why, ask the author nothing."""
    return [
        "## Summary",
        "The validation could not run; this says nothing about the report.",
        "",
        "## Cause",
        *[f"- {r}" for r in inp.decision.reasons],
        "",
        "## What To Do",
        "- Fix the cause above (sandbox backend, package index, env builder) and re-run.",
        "",
    ]


def _output_section(inp: ReportInputs) -> list[str]:
    """Shown vs. actual output: the comparison that decides most verdicts."""
    cmp = inp.behavior.output_comparison
    if cmp is None or cmp.status == "not_compared":
        return []
    lines = [
        "## Shown vs. Actual Output",
        f"- Result: {cmp.status.replace('_', ' ')} ({cmp.summary})",
        "- Normalized: addresses, timestamps, paths, whitespace, float noise, `# comments`",
    ]
    lines += [f"- Not in the run's output: `{m}`" for m in cmp.missing[:8]]
    if cmp.actual_excerpt:
        lines += ["", "Run output (normalized):", "```", *cmp.actual_excerpt[:15], "```"]
    return [*lines, ""]


def _marked_line_section(inp: ReportInputs) -> list[str]:
    """The run raised at a line the author marked as failing (or as working)."""
    marked = inp.behavior.raised_at_marked_line
    if marked is None:
        return []
    meaning = (
        "the reported symptom"
        if marked.says == "fails"
        else "not the reported symptom: the report says this line works"
    )
    return [
        "## Marked Line",
        f"- The run raised `{inp.execution.exception}` at `{marked.line}`, which the report "
        f"marks `# {marked.comment}`: {meaning}",
        "",
    ]


def render_reproduction(inp: ReportInputs) -> str:
    """reproduction.py: a provenance docstring above the executed code; must compile."""
    versions = " | ".join(
        f"{p.name}: {p.chosen_version or p.latest_version}"
        for p in inp.versions.packages
        if p.chosen_version or p.latest_version
    )
    python = inp.execution.python_version or platform.python_version()
    text = (
        f"MRE Validation - {inp.title}\n"
        f"Successfully reproduced on: {dt.date.today().isoformat()}\n"
        f"Python: {python}" + (f" | {versions}" if versions else "") + "\n"
        f"Expected symptom: {inp.behavior.expected_behavior.description}\n"
    )
    # the report's own words: a backslash (a title's ``\x``) or three quotes would break or
    # end the docstring, so they are escaped and the docstring reads as they were written
    text = re.sub(r'"(?=")', r'\\"', text.replace("\\", "\\\\"))  # no two quotes in a row
    header = f'"""\n{text}"""\n\n'
    code = inp.code
    future, rest = _split_future(code)
    source = future + header + rest
    compile(source, "reproduction.py", "exec")
    return source


def _not_compiling(decision: Decision, error: str | None) -> Decision | None:
    """YELLOW in place of a GREEN whose reproduction.py does not compile (``error``): it
    cannot happen for code that ran, and a script that does not compile is never shipped."""
    if decision.verdict != Verdict.GREEN or error is None:
        return None
    return Decision(
        verdict=Verdict.YELLOW,
        category="not-reproduced",
        reasons=[f"reproduction.py does not compile: {error}"],
        questions=["Can you paste the exact script you ran?"],
        verdict_rule="reproduction-does-not-compile",
        rules=decision.rules,
    )


_GREEN = Decision(verdict=Verdict.GREEN, category="reproduced")
REPRODUCTION_DOES_NOT_COMPILE = Rule(
    name="reproduction-does-not-compile",
    phase=SHIPPED_SCRIPT,
    doc="A GREEN whose reproduction.py (the run's code under its provenance docstring) "
    "does not compile is YELLOW: a script that does not compile is never shipped.",
    examples=(
        Example((_GREEN, "invalid syntax (line 3)"), ("YELLOW", "not-reproduced")),
        Example((_GREEN, None), None),  # it compiles: the GREEN stands
        Example((Decision(verdict=Verdict.RED, category="no-code"), "invalid syntax"), None),
    ),
    apply=_not_compiling,
    outcome=lambda d: (d.verdict.value, d.category) if d is not None else None,
)


def _green(inp: ReportInputs) -> list[str]:
    return [
        "## Summary",
        "Successfully reproduced the reported issue with provided code.",
        "",
        "## Evidence",
        *[f"- {r}" for r in inp.decision.reasons if r],
        *[
            f'- the symptom as the report states it: "{e.source.removeprefix("prose: ")}"'
            for e in inp.behavior.shown
            if e.source.startswith("prose: ")
        ],
        "",
        "## Execution Results",
        *_execution_lines(inp.execution),
        "",
        "## Package Versions",
        *_version_lines(inp.versions, inp.execution),
        "",
        "## Steps to Reproduce",
        "1. Install the package versions listed above in a fresh Python environment.",
        "2. Run `python reproduction.py`.",
        f"3. Observe: {inp.behavior.expected_behavior.description}",
        "",
        "## Reproduction File",
        "Validated code written to: `reproduction.py`",
        "",
    ]


def _yellow(inp: ReportInputs) -> list[str]:
    worked = ["- The extracted code ran in a fresh sandboxed environment."]
    if inp.comparison.matched:
        worked.append(f"- The reported symptom occurred: {inp.comparison.detail}.")
    didnt = [
        f"- {r}"
        for r in inp.decision.reasons
        if r != inp.comparison.detail or not inp.comparison.matched
    ]
    return [
        "## Summary",
        "Code executes but behavior differs from description."
        if not inp.comparison.matched
        else "The issue reproduces, but not under the conditions described.",
        "",
        "## What Worked",
        *worked,
        "",
        "## What Did Not",
        *(didnt or ["- (nothing)"]),
        "",
        "## Discrepancies",
        *([f"- {d}" for d in inp.comparison.discrepancies] or [f"- {inp.comparison.detail}"]),
        "",
        "## Questions for Issue Author",
        *_numbered(inp.decision.questions),
        "",
        "## Execution Details",
        *_execution_lines(inp.execution),
        "",
        "## Package Versions",
        *_version_lines(inp.versions, inp.execution),
        "",
    ]


def _red(inp: ReportInputs) -> list[str]:
    attempted = ["- Parsed the issue and extracted its code blocks"]
    if inp.extraction.python_blocks_used:
        attempted.append("- Combined and hydrated the code (imports, entrypoint)")
    if inp.execution.skipped:
        attempted.append(f"- Execution skipped: {inp.execution.skip_reason}")
    elif inp.execution.exit_code is not None or inp.execution.timed_out:
        attempted.append("- Executed the code in a fresh sandboxed environment")
    else:
        attempted.append("- Could not determine root cause without executable example")
    missing = inp.decision.missing_information
    return [
        "## Summary",
        "Unable to reproduce issue - missing critical information.",
        "",
        "## Issues Identified",
        *_numbered(inp.decision.reasons),
        "",
        "## Questions for Issue Author",
        *(_numbered(inp.decision.questions) or ["1. Can you provide a runnable example?"]),
        "",
        "## Request for Additional Information",
        "To validate this issue, please provide:",
        "",
        *_numbered(missing),
        "",
        "## Attempted Steps",
        *attempted,
        "",
        *(
            ["## Execution Details", *_execution_lines(inp.execution), ""]
            if not inp.execution.skipped
            else []
        ),
    ]


def _execution_lines(run: ExecutionResults) -> list[str]:
    if run.skipped:
        return [f"- Not executed: {run.skip_reason}"]
    lines = [
        f"- Exit code: {run.exit_code}",
        (
            f"- Logged, and the run went on: {run.exception}"
            if run.exception and run.exit_code == 0
            else f"- Exception: {run.exception or 'none'}"
        ),
        f"- Execution time: {run.execution_time_ms}ms",
        f"- Timed out: {'yes' if run.timed_out else 'no'}",
        f"- Needs interaction: {'yes' if run.needs_interaction else 'no'}",
        f"- Sandbox: {run.sandbox_backend or 'n/a'}",
    ]
    if run.network_attempts:
        lines.append("- Network reached for (offline here): " + ", ".join(run.network_attempts))
    if run.flakiness_sources:
        lines.append("- Flakiness sources: " + "; ".join(run.flakiness_sources))
    if run.stdout.strip():
        lines += ["", "stdout:", "```", _tail(run.stdout), "```"]
    if run.stderr.strip():
        lines += ["", "stderr:", "```", _tail(run.stderr), "```"]
    return lines


def _version_lines(versions: VersionReport, run: ExecutionResults) -> list[str]:
    lines = []
    for p in versions.packages:
        used = p.chosen_version or p.latest_version
        why = (
            f"; {p.chosen_reason}"
            if p.chosen_reason and p.chosen_version != p.latest_version
            else ""
        )
        if not p.imported:
            said = f" {p.mentioned_version}" if p.mentioned_version else ""
            lines.append(f"- {p.name}{said}: named in the report, not imported (not installed)")
        elif p.error and not p.latest_version:
            lines.append(f"- {p.name}: unknown ({p.error})")
        elif p.mentioned_version and p.needs_update:
            lines.append(f"- {p.name}: {used} used (you mentioned {p.mentioned_version}{why})")
        elif used == p.latest_version:
            lines.append(f"- {p.name}: {used} (latest)")
        else:
            lines.append(f"- {p.name}: {used} (latest is {p.latest_version}{why})")
    if run.repository is not None:
        own = ", ".join(versions.from_repository) or "nothing the code imports"
        lines.append(
            f"- {own}: the trace's repository {run.repository.repo_id} at "
            f"{run.repository.commit[:12]} ({run.repository.installed_by}), not PyPI"
        )
    second = run.on_reported_versions
    if second is not None:
        state = "reproduces" if second.matched else "does not reproduce either"
        lines.append(
            f"- On your versions ({', '.join(second.requirements)}): {state}"
            + (f" ({second.exception})" if second.exception else "")
        )
    if versions.python_version:
        lines.append(f"- Python reported by the author: {versions.python_version}")
    lines.append(f"- Python used: {run.python_version or 'n/a (not executed)'}")
    return lines


def _notes(inp: ReportInputs) -> list[str]:
    notes = list(inp.notes)
    notes += [f"- Extraction: {w}" for w in inp.extraction.warnings]
    if inp.extraction.imports_added:
        added = ", ".join(f"`{i}`" for i in inp.extraction.imports_added)
        notes.append(f"- Imports added: {added}")
    if inp.extraction.guarded_imports:
        tried = ", ".join(f"`{i}`" for i in inp.extraction.guarded_imports)
        notes.append(
            f"- Imports tried for names used without an import (skipped if absent): {tried}"
        )
    if inp.extraction.entrypoint_added:
        notes.append("- A `__main__` entrypoint was added.")
    rewritten = inp.extraction.relative_imports_rewritten
    notes += [f"- Relative import rewritten: {r}" for r in rewritten]
    notes += [f"- Versions: {n}" for n in inp.versions.notes]
    return notes


def _numbered(items: list[str]) -> list[str]:
    return [f"{i}. {item}" for i, item in enumerate(items, start=1)]


def _tail(text: str, limit: int = 3000) -> str:
    text = text.rstrip()
    return text if len(text) <= limit else "…" + text[-limit:]


def _split_future(code: str) -> tuple[str, str]:
    """``from __future__`` lines must stay first, ahead of the provenance docstring."""
    lines = code.splitlines(keepends=True)
    future = [ln for ln in lines if ln.startswith("from __future__ import")]
    rest = [ln for ln in lines if not ln.startswith("from __future__ import")]
    return "".join(future), "".join(rest)
