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

from collections.abc import Callable
from dataclasses import dataclass

from qa_agents.mre.decision import Decision, ask
from qa_agents.mre.missing_input import (
    MISSING_INPUT,
    files_never_reached,
    outgrown_python,
    reached_for_network,
)
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    CodeBlock,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    ExtractionMetadata,
    ToolCommand,
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
from qa_agents.mre.read.tracebacks import stopped_in_script
from qa_agents.mre.rules.registry import VERDICT, Example, Rule, rules_of


@dataclass(frozen=True)
class Facts:
    """What a verdict rule reads: the four artifacts and the comparison."""

    meta: ExtractionMetadata
    versions: VersionReport
    behavior: BehaviorAnalysis
    run: ExecutionResults
    comparison: Comparison


def decide(
    meta: ExtractionMetadata,
    versions: VersionReport,
    behavior: BehaviorAnalysis,
    run: ExecutionResults,
    comparison: Comparison,
) -> Decision:
    """The first of :data:`VERDICT_RULES` that decides; questions are specific to what
    went wrong. The decision names its rule (``verdict_rule``)."""
    facts = Facts(meta, versions, behavior, run, comparison)
    for rule in VERDICT_RULES:
        decision = rule.apply(facts)
        if decision is None:
            continue
        if rule.name in _REPORT_CANNOT_RUN and not behavior.shown and behavior.needs_clarification:
            decision.reasons.append("Expected behavior not clearly described")
            decision.questions += behavior_questions(behavior)
        decision.verdict_rule = rule.name
        return decision
    raise AssertionError("ran-without-the-symptom decides every report")  # pragma: no cover


# -- the rules, in the order they are tried ------------------------------------------------


def _validation_failed(f: Facts) -> Decision | None:
    infra = infrastructure_failure(f.versions, f.run)
    return (
        Decision(verdict=Verdict.ERROR, category="infrastructure", reasons=[infra])
        if infra
        else None
    )


def _never_finishes_as_reported(f: Facts) -> Decision | None:
    run = f.run
    if not (
        run.timed_out
        and f.behavior.never_finishes
        and not (run.network_attempts or run.needs_interaction)
    ):
        return None
    return Decision(
        verdict=Verdict.GREEN,
        category="reproduced",
        reasons=[
            "the run did not finish within the time limit, as the report says it never finishes",
            *version_notes(f.versions),
        ],
    )


def _command_reads_files_not_included(f: Facts) -> Decision | None:
    meta = f.meta
    if not (meta.tool_commands and meta.file_dependencies):
        return None
    names = ", ".join(f"`{n}`" for n in meta.file_dependencies)
    return ask(
        f"The report's command reads files it does not include: {names}",
        f"Please include {names} (or the few lines of it that show the problem) as a "
        "code block, with the command you ran on it.",
        "**The files the command reads**",
        "missing-file",
    )


def _no_code(f: Facts) -> Decision | None:
    if f.meta.python_blocks_used != 0:
        return None
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


def _does_not_parse(f: Facts) -> Decision | None:
    error = f.meta.syntax_error
    if not error:
        return None
    return ask(
        f"The extracted code is not valid Python 3: {error}",
        f"The code does not parse ({error}). Can you paste the exact "
        "script you ran, in a code block, as Python 3?",
        "**Complete, syntactically valid code**",
        "not-parseable",
    )


def _cannot_install_an_import(f: Facts) -> Decision | None:
    versions = f.versions
    if versions.can_proceed:
        return None
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
        missing_information=["**The modules the example imports**, or a self-contained example"],
    )


def _waits_for_the_keyboard(f: Facts) -> Decision | None:
    if f.run.skipped or not f.run.needs_interaction:
        return None
    return ask(
        "The code waits for keyboard input, which an automated run cannot give",
        "The code reads from the keyboard. Which exact input do you type (and when) to "
        "trigger the bug? Can you pass it in the code instead?",
        "**The input values**, or code with them hard-coded",
        "keyboard-input",
    )


def _runs_past_the_time_limit(f: Facts) -> Decision | None:
    if f.run.skipped or not f.run.timed_out:
        return None
    return ask(
        "The code did not finish within the time limit (timed out)",
        "The code ran past the time limit. Does it finish on your machine, and after "
        "how long? Can the example be made smaller?",
        "**A faster minimal example**",
        "timeout",
    )


def _after_a_run(decide: Callable[[ExtractionMetadata, ExecutionResults], Decision | None]):
    """A rule of ``missing_input.py``, for a run that was not skipped."""

    def apply(f: Facts) -> Decision | None:
        return None if f.run.skipped else decide(f.meta, f.run)

    return apply


def _shows_the_reported_symptom(f: Facts) -> Decision | None:
    if not f.comparison.matched:
        return None
    return Decision(
        verdict=Verdict.GREEN,
        category="reproduced",
        reasons=[f.comparison.detail, *version_notes(f.versions)],
    )


def _reached_for_the_network(f: Facts) -> Decision | None:
    return reached_for_network(f.meta, f.run) if f.run.network_attempts else None


def _files_never_reached(f: Facts) -> Decision | None:
    return files_never_reached(f.meta, f.run)


def _ran_without_the_symptom(f: Facts) -> Decision | None:
    return _yellow(f.meta, f.versions, f.behavior, f.run, f.comparison)


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


# -- the ladder ----------------------------------------------------------------------------


def example_facts(
    meta: dict | None = None,
    versions: dict | None = None,
    behavior: dict | None = None,
    run: dict | None = None,
    matched: bool = False,
) -> Facts:
    """Facts for a rule's example: a one-block script that ran and printed something else,
    with the given fields changed."""
    return Facts(
        ExtractionMetadata(**({"code_blocks_found": 1, "python_blocks_used": 1} | (meta or {}))),
        VersionReport(**(versions or {})),
        BehaviorAnalysis(
            expected_behavior=ExpectedBehavior(),
            actual_behavior=ActualBehavior(),
            **(behavior or {}),
        ),
        ExecutionResults(**({"exit_code": 0} | (run or {}))),
        Comparison(matched=matched, detail="the run's output differs from the report's"),
    )


def _verdict_of(decision: Decision | None) -> tuple[str, str] | None:
    """What an example states: the verdict and its reason category."""
    return (decision.verdict.value, decision.category) if decision is not None else None


_rule = rules_of(VERDICT, outcome=_verdict_of)


_E = Example
_F = example_facts
_RED = "RED"
_NOT_ON_PYPI = {"can_proceed": False, "packages": [{"name": "mylib", "error": "not found"}]}
_BEFORE_THE_RUN = [
    _rule(
        "validation-failed",
        "PyPI could not be reached, no release installs on the sandbox's Python, or the "
        "sandbox failed: ERROR, ours, and nothing is asked of the author.",
        _validation_failed,
        _E(_F(versions={"lookup_failed": True}), ("ERROR", "infrastructure")),
        _E(_F(), None),
    ),
    _rule(
        "never-finishes-as-reported",
        "The run hit the time limit (without network or keyboard) and the report says it "
        "never finishes: GREEN.",
        _never_finishes_as_reported,
        _E(_F(run={"timed_out": True}, behavior={"never_finishes": True}), ("GREEN", "reproduced")),
        _E(_F(run={"timed_out": True}), None),
    ),
]
_REPORT_CANNOT_RUN_RULES = [
    _rule(
        "command-reads-files-not-included",
        "The report runs its project's command on files it does not include: RED.",
        _command_reads_files_not_included,
        _E(
            _F(
                meta={
                    "tool_commands": [ToolCommand(argv=["tool", "a.txt"])],
                    "file_dependencies": ["a.txt"],
                }
            ),
            (_RED, "missing-file"),
        ),
        _E(_F(meta={"file_dependencies": ["a.txt"]}), None),
    ),
    _rule(
        "no-code",
        "No block of the report is Python that could run: RED.",
        _no_code,
        _E(_F(meta={"python_blocks_used": 0}), (_RED, "no-code")),
        _E(_F(), None),
    ),
    _rule(
        "does-not-parse",
        "The extracted script is not valid Python 3 (cut off, Python 2, placeholders): RED.",
        _does_not_parse,
        _E(_F(meta={"syntax_error": "invalid syntax (line 2)"}), (_RED, "not-parseable")),
        _E(_F(), None),
    ),
    _rule(
        "cannot-install-an-import",
        "What the code imports cannot be installed (no such project on PyPI, nothing "
        "released): RED, asking for the author's own module.",
        _cannot_install_an_import,
        _E(_F(versions=_NOT_ON_PYPI), (_RED, "missing-module")),
        _E(_F(), None),
    ),
    _rule(
        "waits-for-the-keyboard",
        "The run waited for keyboard input an automated run cannot give: RED.",
        _waits_for_the_keyboard,
        _E(_F(run={"needs_interaction": True, "exit_code": 1}), (_RED, "keyboard-input")),
        _E(_F(run={"needs_interaction": True, "skipped": True}), None),
    ),
    _rule(
        "runs-past-the-time-limit",
        "The run did not finish within the time limit, and the report does not say it "
        "never finishes: RED.",
        _runs_past_the_time_limit,
        _E(_F(run={"timed_out": True, "exit_code": None}), (_RED, "timeout")),
        _E(_F(), None),
    ),
]
_MISSING_INPUT_EXAMPLES = {
    "needs-credentials": (
        _E(
            _F(
                meta={"credentials": ["API_KEY"]},
                run={"exit_code": 1, "exception": "KeyError: 'API_KEY'"},
            ),
            (_RED, "credentials"),
        ),
        _E(_F(meta={"credentials": ["API_KEY"]}), None),  # the run went through
    ),
    "needs-a-network-service": (
        _E(
            _F(
                meta={"uses_network": True},
                run={"exit_code": 1, "exception": "requests.exceptions.ConnectionError: x"},
            ),
            (_RED, "network"),
        ),
        _E(_F(run={"exit_code": 1, "exception": "requests.exceptions.ConnectionError: x"}), None),
    ),
    "reads-files-not-included": (
        _E(
            _F(
                run={
                    "exit_code": 1,
                    "exception": "FileNotFoundError: [Errno 2] No such file: 'a.csv'",
                }
            ),
            (_RED, "missing-file"),
        ),
        _E(
            _F(
                meta={
                    "blocks": [
                        CodeBlock(
                            index=0,
                            kind="traceback",
                            content="FileNotFoundError: [Errno 2] No such file: 'a.csv'",
                        )
                    ]
                },
                run={
                    "exit_code": 1,
                    "exception": "FileNotFoundError: [Errno 2] No such file: 'a.csv'",
                },
            ),
            None,  # the report shows that error: its symptom
        ),
    ),
    "python-2-builtin": (
        _E(
            _F(run=stopped_in_script("NameError: name 'unicode' is not defined", "unicode(x)")),
            (_RED, "not-parseable"),
        ),
        _E(_F(run=stopped_in_script("NameError: name 'thing' is not defined", "thing(x)")), None),
    ),
    "module-not-included": (
        _E(
            _F(run={"exit_code": 1, "exception": "ModuleNotFoundError: No module named 'mylib'"}),
            (_RED, "missing-module"),
        ),
        _E(
            _F(run={"exit_code": 1, "exception": "ModuleNotFoundError: No module named 'lib.old'"}),
            None,
        ),
    ),
    "name-never-defined": (
        _E(
            _F(run=stopped_in_script("NameError: name 'thing' is not defined", "thing(x)")),
            (_RED, "undefined-name"),
        ),
        _E(
            _F(
                meta={"shown_undefined_names": ["thing"]},
                run=stopped_in_script("NameError: name 'thing' is not defined", "thing(x)"),
            ),
            None,  # the report shows that NameError: its symptom
        ),
    ),
    "namesake-of-an-undefined-name": (
        _E(
            _F(
                meta={"imports_added": ["import tko"]},
                run=stopped_in_script(
                    "AttributeError: module 'tko' has no attribute 'find'", "tko.find(x)"
                ),
            ),
            (_RED, "undefined-name"),
        ),
        _E(
            _F(
                run=stopped_in_script(
                    "AttributeError: module 'tko' has no attribute 'find'", "tko.find(x)"
                )
            ),
            None,
        ),
    ),
}
_REPORT_CANNOT_RUN_RULES += [
    _rule(name, why, _after_a_run(decide), *_MISSING_INPUT_EXAMPLES[name])
    for name, why, decide in MISSING_INPUT
]
_AFTER_THE_RUN = [
    _rule(
        "shows-the-reported-symptom",
        "The run shows the reported exception or output on the newest releases the sandbox "
        "installs: GREEN.",
        _shows_the_reported_symptom,
        _E(_F(matched=True), ("GREEN", "reproduced")),
        _E(_F(), None),
    ),
    _rule(
        "reached-for-the-network",
        "The run did not reproduce and tried to reach a host: its result depends on a "
        "service the offline sandbox cannot reach: RED.",
        _reached_for_the_network,
        _E(_F(run={"network_attempts": ["example.com"]}), (_RED, "network")),
        _E(_F(), None),
    ),
    _rule(
        "files-never-reached",
        "The run failed on something else before reading files the report does not "
        "include: without them nobody can check the report: RED.",
        _files_never_reached,
        _E(
            _F(
                meta={"file_dependencies": ["a.csv"]},
                run={"exit_code": 1, "exception": "ValueError: x"},
            ),
            (_RED, "missing-file"),
        ),
        _E(_F(meta={"file_dependencies": ["a.csv"]}), None),
    ),
    _rule(
        "ran-without-the-symptom",
        "The code ran but the symptom did not show (fixed since, a raise the report calls "
        "correct, the expected output, nothing checkable, or just different): YELLOW.",
        _ran_without_the_symptom,
        _E(_F(), ("YELLOW", "not-reproduced")),
    ),
]
VERDICT_RULES: list[Rule] = [*_BEFORE_THE_RUN, *_REPORT_CANNOT_RUN_RULES, *_AFTER_THE_RUN]
_REPORT_CANNOT_RUN = {r.name for r in _REPORT_CANNOT_RUN_RULES}
"""RED rules whose decision also says when the expected behaviour is unclear."""
