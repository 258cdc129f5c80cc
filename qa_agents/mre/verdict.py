"""GREEN / YELLOW / RED (or ERROR) from the four artifacts, plus the questions owed to the author.

Rules:
- ERROR is not a verdict on the report: the package index could not be reached, the
  environment could not be built, or the sandbox could not start. The cause is reported
  and nothing is asked of the author.
- RED: the report cannot be run as given: no code, code that does not parse, a package
  that does not exist, or a run stopped by something the report does not include (a
  file, a module, a name never defined, credentials, a network service, keyboard input,
  or a run past the time limit). The questions ask for exactly that input.
- GREEN: the run shows the reported symptom on the newest releases the sandbox's Python
  can install: the example reproduces and the bug is current.
- YELLOW: the code ran but the symptom did not show (a different exception or output,
  fixed in a later release, a raise the report calls correct), or nothing checkable was
  described.
"""

from __future__ import annotations

from qa_agents.mre.decision import Decision, ask
from qa_agents.mre.missing_input import (
    files_never_reached,
    missing_input,
    outgrown_python,
    reached_for_network,
)
from qa_agents.mre.models import (
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExtractionMetadata,
    Verdict,
    VersionReport,
)
from qa_agents.mre.questions import (
    behavior_questions,
    incomplete_questions,
    python_questions,
    version_notes,
    version_questions,
)


def decide(
    meta: ExtractionMetadata,
    versions: VersionReport,
    behavior: BehaviorAnalysis,
    run: ExecutionResults,
    comparison: Comparison,
) -> Decision:
    """Apply the rules above; questions are specific to what went wrong."""
    infra = infrastructure_failure(versions, run)
    if infra:
        return Decision(verdict=Verdict.ERROR, category="infrastructure", reasons=[infra])
    if (
        run.timed_out
        and behavior.never_finishes
        and not (run.network_attempts or run.needs_interaction)
    ):
        return Decision(
            verdict=Verdict.GREEN,
            category="reproduced",
            reasons=[
                "the run did not finish within the time limit, as the report says it never "
                "finishes",
                *version_notes(versions),
            ],
        )
    red = _red(meta, versions, run)
    if red is not None:
        if not behavior.shown and behavior.needs_clarification:
            red.reasons.append("Expected behavior not clearly described")
            red.questions += behavior_questions(behavior)
        return red
    if comparison.matched:
        return Decision(
            verdict=Verdict.GREEN,
            category="reproduced",
            reasons=[comparison.detail, *version_notes(versions)],
        )
    if run.network_attempts:
        return reached_for_network(meta, run)
    return files_never_reached(meta, run) or _yellow(meta, versions, behavior, run, comparison)


def infrastructure_failure(versions: VersionReport, run: ExecutionResults) -> str | None:
    """Why the validation itself failed (ours, not the report's), or None."""
    if versions.lookup_failed:
        return "the package index could not be reached: " + "; ".join(versions.notes)
    unknown = [p for p in versions.packages if _no_such_package(p.error)]
    if not versions.can_proceed and not unknown:
        return "no installable release for the sandbox's Python: " + "; ".join(versions.notes)
    if run.error is not None:
        return f"{run.error.error}: {run.error.message}"
    return None


def _no_such_package(error: str | None) -> bool:
    """PyPI has no such project, or only a name reserved with nothing released: the
    import is the author's own module, not a package we failed to install."""
    return bool(error) and ("not found" in error or "has no files" in error)


def _red(
    meta: ExtractionMetadata, versions: VersionReport, run: ExecutionResults
) -> Decision | None:
    if meta.tool_commands and meta.file_dependencies:
        names = ", ".join(f"`{f}`" for f in meta.file_dependencies)
        return ask(
            f"The report's command reads files it does not include: {names}",
            f"Please include {names} (or the few lines of it that show the problem) as a "
            "code block, with the command you ran on it.",
            "**The files the command reads**",
            "missing-file",
        )
    if meta.python_blocks_used == 0:
        return Decision(
            verdict=Verdict.RED,
            category="no-code",
            reasons=["No code provided in issue report"],
            questions=[
                "Can you paste the code that shows the problem as a code block, with the "
                "exact output or traceback it prints?"
            ],
            missing_information=[
                "**Minimal code example** that demonstrates the problem",
                "**Exact error message** or unexpected output",
                "**Package versions**: Run `pip list` and include relevant versions",
                "**Python version**: Output of `python --version`",
            ],
        )
    if meta.syntax_error:
        return ask(
            f"The extracted code is not valid Python 3: {meta.syntax_error}",
            f"The code does not parse ({meta.syntax_error}). Can you paste the exact "
            "script you ran, in a code block, as Python 3?",
            "**Complete, syntactically valid code**",
            "not-parseable",
        )
    if not versions.can_proceed:
        missing = [p.name for p in versions.packages if _no_such_package(p.error)]
        return Decision(
            verdict=Verdict.RED,
            category="missing-module",
            reasons=["Cannot install what the code imports: " + "; ".join(versions.notes)],
            questions=[
                f"The code imports `{name}`, which is not a package on PyPI. Is it your own "
                "module? Please include its code (or the part the example needs)."
                for name in missing
            ]
            or ["Which package versions did you use (`pip list`)?"],
            missing_information=[
                "**The modules the example imports**, or a self-contained example"
            ],
        )
    if run.skipped:
        return None
    if run.needs_interaction:
        return ask(
            "The code waits for keyboard input, which an automated run cannot give",
            "The code reads from the keyboard. Which exact input do you type (and when) to "
            "trigger the bug? Can you pass it in the code instead?",
            "**The input values**, or code with them hard-coded",
            "keyboard-input",
        )
    if run.timed_out:
        return ask(
            "The code did not finish within the time limit (timed out)",
            "The code ran past the time limit. Does it finish on your machine, and after "
            "how long? Can the example be made smaller?",
            "**A faster minimal example**",
            "timeout",
        )
    return missing_input(meta, run)


def _yellow(
    meta: ExtractionMetadata,
    versions: VersionReport,
    behavior: BehaviorAnalysis,
    run: ExecutionResults,
    comparison: Comparison,
) -> Decision:
    reasons = [comparison.detail]
    questions: list[str] = []
    fixed = _fixed_since(versions, run)
    if fixed:
        reasons.append(fixed)
        questions.append(
            "The problem does not show on the newest release. Can you upgrade and confirm "
            "it is fixed for you?"
        )
    elif any(p.imported and p.needs_update for p in versions.packages):
        questions += version_questions(versions)
    outgrown = outgrown_python(run)
    if outgrown:
        reasons.append(
            f"the newest release fails on import: it takes from `{outgrown}` a name this "
            f"Python ({run.python_version or 'the sandbox'}) no longer has"
        )
        questions.append(
            f"The newest release cannot be imported on Python {run.python_version or 'now'} "
            f"(`{run.exception}`). Does the problem show on a release that runs there?"
        )
    elif run.exception and not comparison.matched and "correct" not in comparison.detail:
        questions.append(
            f"Running the code raised `{run.exception}`. Can you paste the complete traceback "
            "you see, and confirm the code in the issue is exactly what you ran?"
        )
    elif behavior.expected_behavior.type == "error" and not run.exception:
        questions.append(
            f"The code ran without raising {behavior.expected_behavior.error_type}. Is there "
            "setup code or input data we are missing?"
        )
    elif behavior.expected_behavior.type == "output" and not run.exception:
        questions.append(
            "The code ran but did not print the output shown in the report. Is this the "
            "exact code and data that printed it?"
        )
    questions += behavior_questions(behavior)
    questions += python_questions(versions, run)
    questions += incomplete_questions(meta)
    if not questions:
        questions.append(
            "What exactly do you expect to happen, and what happens instead (the exact error "
            "message or output)? Please paste the output you see."
        )
    category = "fixed-since" if fixed else comparison.category or "not-reproduced"
    return Decision(verdict=Verdict.YELLOW, category=category, reasons=reasons, questions=questions)


def _fixed_since(versions: VersionReport, run: ExecutionResults) -> str | None:
    second = run.on_reported_versions
    if second is None or not second.matched:
        return None
    reported = ", ".join(second.requirements)
    used = ", ".join(f"{p.name} {p.chosen_version}" for p in versions.packages if p.chosen_version)
    return f"it reproduces on the reported versions ({reported}) but not on {used}: fixed since"
