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

import re

from pydantic import BaseModel, Field

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
from qa_agents.mre.tools.known_names import PYTHON2_BUILTINS
from qa_agents.mre.tools.tracebacks import raised_in

_FILE_ERRORS = {"FileNotFoundError", "IsADirectoryError", "NotADirectoryError"}
_MODULE_ERRORS = {"ModuleNotFoundError", "ImportError"}
_NETWORK_ERRORS = re.compile(
    r"ConnectionError|ConnectError|URLError|gaierror|NewConnectionError|MaxRetryError|"
    r"ConnectTimeout|ConnectionRefused|APIConnectionError|Temporary failure in name resolution|"
    r"Name or service not known|Network is unreachable|nodename nor servname",
)
_CREDENTIAL_ERRORS = re.compile(
    r"api[_ ]?key|credential|unauthori[sz]ed|authenticat|token|password|\b401\b|\b403\b",
    re.IGNORECASE,
)


CATEGORIES = {
    Verdict.GREEN: ("reproduced",),
    Verdict.YELLOW: (
        "fixed-since",
        "raise-is-correct",
        "matches-expected",
        "not-checkable",
        "not-reproduced",
    ),
    Verdict.RED: (
        "no-code",
        "not-parseable",
        "missing-file",
        "missing-module",
        "undefined-name",
        "credentials",
        "network",
        "keyboard-input",
        "timeout",
    ),
    Verdict.ERROR: ("infrastructure",),
}


class Decision(BaseModel):
    """The verdict with the reasons and questions that the report prints.

    ``category`` names the kind of reason in one word a bench or a dashboard can count
    (``missing-file``, ``network``, ``fixed-since``…; see ``CATEGORIES``).
    """

    verdict: Verdict
    category: str = ""
    reasons: list[str] = Field(default_factory=list)
    questions: list[str] = Field(default_factory=list)
    missing_information: list[str] = Field(default_factory=list)


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
        return _reached_for_network(meta, run)
    return _yellow(meta, versions, behavior, run, comparison)


def _reached_for_network(meta: ExtractionMetadata, run: ExecutionResults) -> Decision:
    """A run that did not reproduce and tried to reach a host: its result depends on a
    service the sandbox cannot reach, even when the library hid the failure."""
    if meta.network_targets:
        targets = ", ".join(f"`{t}`" for t in meta.network_targets[:3])
        does = f"The code fetches {targets}"
    else:
        targets = ", ".join(f"`{h}`" for h in run.network_attempts[:3]) or "a network service"
        does = f"The code reaches {targets} (a lookup or a connection)"
    return _ask(
        f"The code needs a network service ({targets}); the sandbox is offline",
        f"{does}. Can you include the data it reads (inline, as a small sample) so the "
        "example runs without the network?",
        "**The data the example fetches**, inline",
        "network",
    )


def infrastructure_failure(versions: VersionReport, run: ExecutionResults) -> str | None:
    """Why the validation itself failed (ours, not the report's), or None."""
    if versions.lookup_failed:
        return "the package index could not be reached: " + "; ".join(versions.notes)
    unknown = [p for p in versions.packages if p.error and "not found" in p.error]
    if not versions.can_proceed and not unknown:
        return "no installable release for the sandbox's Python: " + "; ".join(versions.notes)
    if run.error is not None:
        return f"{run.error.error}: {run.error.message}"
    return None


def _red(
    meta: ExtractionMetadata, versions: VersionReport, run: ExecutionResults
) -> Decision | None:
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
        return _ask(
            f"The extracted code is not valid Python 3: {meta.syntax_error}",
            f"The code does not parse ({meta.syntax_error}). Can you paste the exact "
            "script you ran, in a code block, as Python 3?",
            "**Complete, syntactically valid code**",
            "not-parseable",
        )
    if not versions.can_proceed:
        missing = [p.name for p in versions.packages if p.error and "not found" in p.error]
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
        return _ask(
            "The code waits for keyboard input, which an automated run cannot give",
            "The code reads from the keyboard. Which exact input do you type (and when) to "
            "trigger the bug? Can you pass it in the code instead?",
            "**The input values**, or code with them hard-coded",
            "keyboard-input",
        )
    if run.timed_out:
        return _ask(
            "The code did not finish within the time limit (timed out)",
            "The code ran past the time limit. Does it finish on your machine, and after "
            "how long? Can the example be made smaller?",
            "**A faster minimal example**",
            "timeout",
        )
    return _missing_input(meta, run)


def _missing_input(meta: ExtractionMetadata, run: ExecutionResults) -> Decision | None:
    """A run stopped by something the report does not include."""
    if not run.exception:
        return None
    exc_type = run.exception.partition(":")[0].rsplit(".", 1)[-1]
    message = run.exception.partition(":")[2]
    if meta.credentials and (
        exc_type == "KeyError" or _CREDENTIAL_ERRORS.search(run.exception) or meta.uses_network
    ):
        needed = "; ".join(meta.credentials)
        return _ask(
            f"The code needs credentials the report does not include ({needed})",
            f"The example needs {needed} and a live service. Can you reproduce it without "
            "them (a local stub, a recorded response), or paste the full traceback you get?",
            "**A self-contained example** that needs no secrets",
            "credentials",
        )
    uses_network = meta.uses_network or bool(run.network_attempts)
    if uses_network and _NETWORK_ERRORS.search(run.exception + run.stderr[-2000:]):
        return _reached_for_network(meta, run)
    python2 = _python2_name(run)
    if exc_type in _FILE_ERRORS or (
        meta.file_dependencies and (exc_type in {"OSError", "IOError"} or python2)
    ):
        files = meta.file_dependencies or [message.strip()]
        names = ", ".join(f"`{f}`" for f in files)
        return _ask(
            f"The code reads files the report does not include: {names}"
            + (f" (and calls `{python2}()`, which Python 3 does not have)" if python2 else ""),
            f"Please attach {names} or replace them with inline sample data.",
            "**Referenced files** the example needs",
            "missing-file",
        )
    if python2:
        return _ask(
            f"The code is Python 2: `{python2}` does not exist in Python 3",
            f"The code calls `{python2}`, a Python 2 builtin. Can you paste a Python 3 "
            "version of the example?",
            "**The example in Python 3**",
            "not-parseable",
        )
    if exc_type in _MODULE_ERRORS and not _submodule_gone(run):
        return _ask(
            f"The environment is incomplete: {run.exception}",
            f"Running the code failed with `{run.exception}`. Which package provides this "
            "module, or can you include the module's code?",
            "**The modules the example imports**",
            "missing-module",
        )
    if (
        exc_type == "NameError"
        and raised_in(run.stderr) is not False
        and _undefined_name(run) not in meta.shown_undefined_names
    ):
        return _ask(
            f"The code uses a name it never defines: {run.exception}",
            f"Running the code failed with `{run.exception}`. Please include the code that "
            "defines it (the example looks incomplete).",
            "**The missing definitions**",
            "undefined-name",
        )
    guessed = _guessed_module(run, meta)
    if guessed is not None:
        return _ask(
            f"The code uses a name it never defines: `{guessed}` (the PyPI project of that "
            f"name, tried in its place, is another thing: {run.exception})",
            f"The code uses `{guessed}` without defining it. Please include the code that "
            "creates it (the example looks incomplete).",
            "**The missing definitions**",
            "undefined-name",
        )
    return None


def _guessed_module(run: ExecutionResults, meta: ExtractionMetadata) -> str | None:
    """A name the report never defines, which hydration imported as the PyPI project it
    names, when the run shows that module is not it (``module 'tko' has no attribute
    'find_token'`` in the report's own line): the report's undefined name after all."""
    match = re.match(
        r"AttributeError: (module '(\w+)' has no attribute '\w+')", run.exception or ""
    )
    if match is None or raised_in(run.stderr) is False:
        return None
    shown = any(match.group(1) in b.content + b.transcript_output for b in meta.blocks)
    name = match.group(2)
    return name if f"import {name}" in meta.imports_added and not shown else None


def _ask(reason: str, question: str, missing: str, category: str) -> Decision:
    """RED with the one question and the one missing input that go with the reason."""
    return Decision(
        verdict=Verdict.RED,
        category=category,
        reasons=[reason],
        questions=[question],
        missing_information=[missing],
    )


def _undefined_name(run: ExecutionResults) -> str | None:
    """The name of the run's NameError. One the report shows is its symptom, left to the
    comparison (GREEN when it is the reported one), not a definition the report lacks."""
    match = re.match(r"NameError: name '(\w+)' is not defined", run.exception or "")
    return match.group(1) if match else None


def _submodule_gone(run: ExecutionResults) -> bool:
    """``No module named 'lib.old'``: Python names the dotted path only when ``lib``
    itself imported, so the library is there and its layout changed since the report (an
    API change: a different outcome, not a module the report left out)."""
    match = re.search(r"No module named '([\w.]+)'", run.exception or "")
    return bool(match and "." in match.group(1))


def _python2_name(run: ExecutionResults) -> str | None:
    """The Python 2 builtin the report's own code called, when that is what failed."""
    name = _undefined_name(run)
    return name if name in PYTHON2_BUILTINS and raised_in(run.stderr) else None


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
    if run.exception and not comparison.matched and "correct" not in comparison.detail:
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
