"""What a validation asks the author, and the version notes it adds, by what it found.

Apart from the verdict rules because each verdict reuses them: questions stay specific
to what went wrong (their version, their Python, their description, their code).
"""

from __future__ import annotations

from qa_agents.mre.models import (
    BehaviorAnalysis,
    ExecutionResults,
    ExtractionMetadata,
    VersionReport,
)


def version_notes(versions: VersionReport) -> list[str]:
    return [
        f"{p.name}: reported on {p.mentioned_version}, still present in {p.chosen_version}"
        for p in versions.packages
        if p.imported and p.needs_update and p.chosen_version
    ]


def version_questions(versions: VersionReport) -> list[str]:
    return [
        f"Are you using a different version of {p.name}? (you mentioned "
        f"{p.mentioned_version}; the run used {p.chosen_version}, the newest release for the "
        f"sandbox's Python) Does the issue persist on {p.chosen_version}?"
        for p in versions.packages
        if p.imported and p.needs_update and p.chosen_version
    ]


def python_questions(versions: VersionReport, run: ExecutionResults) -> list[str]:
    """Ask when the author's Python (major.minor) is not the one the run used."""
    theirs, ours = versions.python_version, run.python_version
    if not theirs or not ours or _minor(theirs) == _minor(ours):
        return []
    return [
        f"You report Python {theirs}; the validation ran on Python {ours}. "
        f"Does the issue occur on Python {_minor(ours)} too?"
    ]


def _minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def behavior_questions(behavior: BehaviorAnalysis) -> list[str]:
    if not behavior.needs_clarification:
        return []
    return [
        "What exactly do you expect to happen, and what happens instead "
        "(the exact error message or output)?"
    ]


def incomplete_questions(meta: ExtractionMetadata) -> list[str]:
    return [
        f"The code looks incomplete ({w}). Is there additional setup code we are missing?"
        for w in meta.warnings
        if "never defined" in w or "placeholder" in w
    ]
