"""A run against the symptom the report shows: did it reproduce?

Why apart from reading the report (``behavior.py``): the comparison is the verdict's
evidence, with its own rules for what does not count (a raise the report asks for, output
the report says correct code prints, silence where the report says there is none).
"""

from __future__ import annotations

import re

from qa_agents.mre.claims.behavior import clip
from qa_agents.mre.claims.comments import comment_of
from qa_agents.mre.compare.output_match import compare_outputs
from qa_agents.mre.compare.raise_match import TRACEBACK_HEAD, compare_error, normalized, shown_as
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    MarkedLine,
    ShownEvidence,
)
from qa_agents.mre.read.tracebacks import raising_line, stopped_in_script
from qa_agents.mre.rules.registry import COMPARISON, Example, Rule, rules_of


def compare(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    """Does the run show the reported symptom? The first of :data:`COMPARISON_RULES` that
    decides, named in ``Comparison.rule``; ``partial`` cases are discrepancies."""
    for rule in COMPARISON_RULES:
        comparison = rule.apply(behavior, run)
        if comparison is not None:
            comparison.rule = rule.name
            return comparison
    raise AssertionError("not-checkable decides every run")  # pragma: no cover


def _did_not_run_to_completion(
    behavior: BehaviorAnalysis, run: ExecutionResults
) -> Comparison | None:
    if run.skipped or run.timed_out or run.needs_interaction or run.exit_code is None:
        return Comparison(matched=False, detail="the code did not run to completion")
    return None


def _raised_where_it_works(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    marked = marked_raise(behavior, run)
    if marked is None or marked.says != "works":
        return None
    return Comparison(
        matched=False,
        detail="the code raised at a line the report says works",
        discrepancies=[f"Actual: {run.exception} at `{marked.line}`  # {marked.comment}"],
    )


def _raise_is_correct(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    if not (
        run.exception
        and behavior.raise_is_correct
        and marked_raise(behavior, run) is None
        and not _shown_actual_raise(behavior, run)
        and _raise_is_the_one_asked_for(behavior, run)
    ):
        return None
    return Comparison(
        matched=False,
        detail="the code raises, which the report says is the correct behaviour",
        category="raise-is-correct",
        discrepancies=[
            f"Actual: {run.exception}",
            "The report asks for an exception here, so a raise is not the bug",
        ],
    )


def _the_raise(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    return compare_error(behavior, run) if behavior.expected_behavior.type == "error" else None


def _raised_at_the_marked_line(
    behavior: BehaviorAnalysis, run: ExecutionResults
) -> Comparison | None:
    marked = marked_raise(behavior, run)  # says "fails"; the report shows no exception
    if marked is None:
        return None
    return Comparison(
        matched=True,
        detail=f"raised {run.exception} at the line the report marks `# {marked.comment}`",
    )


def _the_output(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    return _compare_output(behavior, run) if behavior.expected_behavior.type == "output" else None


def _the_absence(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    target = behavior.expected_behavior
    return _compare_absence(target, run) if target.absence else None


def _no_raise_at_the_marked_line(
    behavior: BehaviorAnalysis, run: ExecutionResults
) -> Comparison | None:
    failing = [m for m in behavior.marked_lines if m.says == "fails"]
    if not failing:
        return None
    where = f"`{failing[0].line}`  # {failing[0].comment}"
    return Comparison(
        matched=False,
        detail="the code did not raise at the line the report marks as failing",
        discrepancies=[
            f"Expected: an exception at {where}",
            f"Actual: {run.exception or f'exit code {run.exit_code}, no error'}",
        ],
    )


def _prints_the_expected_output(
    behavior: BehaviorAnalysis, run: ExecutionResults
) -> Comparison | None:
    outputs = compare_outputs(behavior, run)
    if outputs.status != "matches_expected":
        return None
    return Comparison(
        matched=False,
        detail="the output is what the report expects",
        discrepancies=[outputs.summary],
        category="matches-expected",
    )


def _through_the_cut_traceback(
    behavior: BehaviorAnalysis, run: ExecutionResults
) -> Comparison | None:
    cut = _cut_traceback_frames(behavior, run)
    if not cut:
        return None
    return Comparison(
        matched=True,
        detail=f"raised {run.exception} through the lines the report's cut-off traceback "
        f"shows (`{cut[0]}`…)",
    )


def _not_checkable(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison | None:
    return Comparison(
        matched=False,
        detail="the reported behaviour cannot be checked automatically",
        category="not-checkable",
        discrepancies=["No observable symptom to compare with (exception or output)"],
    )


# the source line under a traceback's ``File "...", line N, in f`` line
_FRAME_SOURCE = re.compile(r'^\s*File "[^"]*", line \d+.*\n\s+(?P<src>\S.*)$', re.M)


def _cut_traceback_frames(behavior: BehaviorAnalysis, run: ExecutionResults) -> list[str]:
    """The source lines of a traceback the report shows cut off before its exception
    line, when the run raised through every one of them (else nothing): the frames
    are then the symptom the report could show."""
    if not run.exception:
        return []
    for shown in behavior.shown:
        if shown.kind != "traceback" or shown.context != "actual":
            continue
        frames = [m.group("src").strip() for m in _FRAME_SOURCE.finditer(shown.text)]
        ran = run.stderr.splitlines()  # a line hydration echoed holds the shown one
        if frames and all(any(frame in line for line in ran) for frame in frames):
            return frames
    return []


def marked_raise(behavior: BehaviorAnalysis, run: ExecutionResults) -> MarkedLine | None:
    """The line the report marks as failing or working, when the run raised there.

    The traceback prints the script's line with its comment, so the comment on the
    raising line (the script's innermost frame) finds the mark even where hydration
    rewrote the code (an echoed expression).
    """
    line = raising_line(run.stderr) if run.exception else None
    comment = comment_of(line) if line else ""
    if not comment:
        return None
    same = re.sub(r"\s+", " ", comment)
    return next((m for m in behavior.marked_lines if re.sub(r"\s+", " ", m.comment) == same), None)


def _compare_absence(target: ExpectedBehavior, run: ExecutionResults) -> Comparison:
    """The report says nothing is raised (or printed): the run must agree."""
    if run.exception:
        return Comparison(
            matched=False,
            detail="the code raised where the report says it does not",
            discrepancies=[f"Actual: {run.exception}"],
        )
    if target.absence == "exception":
        return Comparison(matched=True, detail="the code runs without raising, as reported")
    if run.stdout.strip():
        return Comparison(
            matched=False,
            detail="the code printed output where the report says it prints nothing",
            discrepancies=[f"Actual: {clip(run.stdout, 200)}"],
        )
    return Comparison(matched=True, detail="the code runs and prints nothing, as reported")


def _raise_is_the_one_asked_for(behavior: BehaviorAnalysis, run: ExecutionResults) -> bool:
    """Whether the report's "should raise" is about the call that raised in the run."""
    if not behavior.raise_expected_of:
        return True
    line = raising_line(run.stderr)
    if line is None:
        return True
    called = set(re.findall(r"\w+", line))
    return any(name in called for name in behavior.raise_expected_of)


def _shown_actual_raise(behavior: BehaviorAnalysis, run: ExecutionResults) -> bool:
    """The report itself shows this exception as what went wrong."""
    got = (run.exception or "").partition(":")[0].rsplit(".", 1)[-1]
    return any(got and got in e.text for e in shown_as(behavior, "traceback"))


def _compare_output(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    outputs = compare_outputs(behavior, run)
    message = _shown_as_output(behavior, run)
    if message:
        return Comparison(
            matched=True,
            detail=f"raised {run.exception}, whose message the report shows as its output "
            f"(`{clip(message, 80)}`)",
        )
    if run.exception and run.exit_code != 0:  # a traceback logged on the way is no raise
        return Comparison(
            matched=False,
            detail="the code raised where the report shows output",
            discrepancies=[
                f"Expected output containing: {clip(_first_actual(behavior), 200)}",
                f"Actual: {run.exception}",
            ],
        )
    if outputs.status == "reproduced":
        return Comparison(matched=True, detail=f"output matches the report ({outputs.summary})")
    detail = (
        "the output is what the report expects"
        if outputs.status == "matches_expected"
        else "output differs from the report"
    )
    return Comparison(
        matched=False,
        detail=detail,
        discrepancies=[f"Missing from the output: {line}" for line in outputs.missing[:5]]
        + [f"Actual: {clip(run.stdout or '(no output)', 200)}"],
        category="matches-expected" if outputs.status == "matches_expected" else "",
    )


def _shown_as_output(behavior: BehaviorAnalysis, run: ExecutionResults) -> str | None:
    """The shown output that is the run's exception message (a report that pastes only
    "`Account code exceeds maximum size 6.`" under "causing the following error:")."""
    got = normalized(run.exception.partition(": ")[2]) if run.exception else ""
    for e in shown_as(behavior, "output"):
        text = normalized(e.text).strip(" .'\"`")
        if " " in text and text in got:
            return text
    return None


def _first_actual(behavior: BehaviorAnalysis) -> str:
    texts = [e.text for e in shown_as(behavior, "output")]
    return texts[0] if texts else (behavior.expected_behavior.output_snippet or "")


# -- the ladder ----------------------------------------------------------------------------


def example_case(
    behavior: dict | None = None, run: dict | None = None
) -> tuple[BehaviorAnalysis, ExecutionResults]:
    """(behaviour, run) for a rule's example: nothing described, a run that printed
    nothing and ended well, with the given fields changed."""
    nothing = {"expected_behavior": ExpectedBehavior(), "actual_behavior": ActualBehavior()}
    analysis = BehaviorAnalysis(**(nothing | (behavior or {})))
    return analysis, ExecutionResults(**({"exit_code": 0} | (run or {})))


def _matched(comparison: Comparison | None) -> tuple[bool, str] | None:
    """What an example states: matched or not, and why not (the category)."""
    return (comparison.matched, comparison.category) if comparison is not None else None


_rule = rules_of(COMPARISON, outcome=_matched)


_E = Example
_C = example_case
_WORKS = {"marked_lines": [MarkedLine(line="f(1)", comment="works", says="works")]}
_FAILS = {"marked_lines": [MarkedLine(line="f(2)", comment="fails", says="fails")]}
_KEY_ERROR = "KeyError: 'a'"
_CUT_TRACEBACK = f'{TRACEBACK_HEAD}:\n  File "x.py", line 3, in <module>\n    f(1)\n'
COMPARISON_RULES: list[Rule] = [
    _rule(
        "did-not-run-to-completion",
        "A run skipped, cut at the time limit, waiting for input or never started shows "
        "nothing to compare.",
        _did_not_run_to_completion,
        _E(_C(run={"timed_out": True}), (False, "")),
        _E(_C(), None),
    ),
    _rule(
        "raised-where-the-report-says-it-works",
        "The run raised at a line the report marks as working (`# works`): not the symptom.",
        _raised_where_it_works,
        _E(_C(_WORKS, stopped_in_script(_KEY_ERROR, "f(1)  # works")), (False, "")),
        _E(_C(_WORKS), None),
    ),
    _rule(
        "raise-is-correct",
        "The run raised where the report says an exception is the correct behaviour (and "
        "does not show this one as its symptom): no reproduction.",
        _raise_is_correct,
        _E(
            _C({"raise_is_correct": True}, stopped_in_script(_KEY_ERROR, "f(1)")),
            (False, "raise-is-correct"),
        ),
        _E(_C({"raise_is_correct": True}), None),
    ),
    _rule(
        "the-reported-raise",
        "The symptom is an exception: the run must raise that class (its message or a "
        "chained cause agreeing where the report shows one).",
        _the_raise,
        _E(
            _C(
                {"expected_behavior": ExpectedBehavior(type="error", error_type="KeyError")},
                stopped_in_script(_KEY_ERROR, "f(1)"),
            ),
            (True, ""),
        ),
        _E(_C(), None),
    ),
    _rule(
        "raised-at-the-marked-line",
        "The report marks a line as failing (`# fails`, `# <- error`) and shows no exception "
        "of its own: a raise at that line reproduces it.",
        _raised_at_the_marked_line,
        _E(_C(_FAILS, stopped_in_script(_KEY_ERROR, "f(2)  # fails")), (True, "")),
        _E(_C(_FAILS), None),
    ),
    _rule(
        "the-shown-output",
        "The symptom is output the report shows: the run must print most of its lines, "
        "normalized (see the output-line rules).",
        _the_output,
        _E(
            _C(
                {
                    "expected_behavior": ExpectedBehavior(type="output", output_snippet="3\n"),
                    "shown": [ShownEvidence(kind="output", context="actual", text="3\n")],
                },
                {"stdout": "3\n"},
            ),
            (True, ""),
        ),
        _E(_C(), None),
    ),
    _rule(
        "the-reported-absence",
        "The symptom is that nothing is raised (or printed): the run must agree.",
        _the_absence,
        _E(_C({"expected_behavior": ExpectedBehavior(absence="exception")}), (True, "")),
        _E(
            _C(
                {"expected_behavior": ExpectedBehavior(absence="exception")},
                stopped_in_script(_KEY_ERROR, "f(1)"),
            ),
            (False, ""),
        ),
        _E(_C(), None),
    ),
    _rule(
        "no-raise-at-the-marked-line",
        "The report marks a line as failing, and the run did not raise there.",
        _no_raise_at_the_marked_line,
        _E(_C(_FAILS), (False, "")),
        _E(_C(), None),
    ),
    _rule(
        "prints-the-expected-output",
        "With no symptom described, the run prints what the report says correct code "
        "prints: the bug is not there (anymore).",
        _prints_the_expected_output,
        _E(
            _C(
                {"shown": [ShownEvidence(kind="output", context="expected", text="3\n")]},
                {"stdout": "3\n"},
            ),
            (False, "matches-expected"),
        ),
        _E(_C(), None),
    ),
    _rule(
        "through-the-cut-traceback",
        "The report shows a traceback cut before its exception line, and the run raised "
        "through every frame it shows: that is the symptom it could show.",
        _through_the_cut_traceback,
        _E(
            _C(
                {
                    "shown": [
                        ShownEvidence(
                            kind="traceback",
                            context="actual",
                            text=_CUT_TRACEBACK,
                        )
                    ]
                },
                stopped_in_script(_KEY_ERROR, "f(1)"),
            ),
            (True, ""),
        ),
        _E(_C(run=stopped_in_script(_KEY_ERROR, "f(1)")), None),
    ),
    _rule(
        "not-checkable",
        "No exception, output, marked line or absence is described: the run cannot be "
        "checked automatically.",
        _not_checkable,
        _E(_C(), (False, "not-checkable")),
    ),
]
