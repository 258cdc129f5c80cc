"""A run against the symptom the report shows: did it reproduce?

Why apart from reading the report (``behavior.py``): the comparison is the verdict's
evidence, with its own rules for what does not count (a raise the report asks for, output
the report says correct code prints, silence where the report says there is none).
"""

from __future__ import annotations

import re

from qa_agents.mre.models import (
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    MarkedLine,
    ShownEvidence,
)
from qa_agents.mre.rules.vocabulary import RAISED, suffixes
from qa_agents.mre.tools.behavior import clip
from qa_agents.mre.tools.comments import comment_of
from qa_agents.mre.tools.output_match import compare_outputs, normalize_lines
from qa_agents.mre.tools.tracebacks import raising_line


def compare(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    """Does the run show the reported symptom? ``partial`` cases are discrepancies."""
    target = behavior.expected_behavior
    if run.skipped or run.timed_out or run.needs_interaction or run.exit_code is None:
        return Comparison(matched=False, detail="the code did not run to completion")
    marked = marked_raise(behavior, run)
    if marked is not None and marked.says == "works":
        return Comparison(
            matched=False,
            detail="the code raised at a line the report says works",
            discrepancies=[f"Actual: {run.exception} at `{marked.line}`  # {marked.comment}"],
        )
    if (
        run.exception
        and behavior.raise_is_correct
        and marked is None
        and not _shown_actual_raise(behavior, run)
        and _raise_is_the_one_asked_for(behavior, run)
    ):
        return Comparison(
            matched=False,
            detail="the code raises, which the report says is the correct behaviour",
            category="raise-is-correct",
            discrepancies=[
                f"Actual: {run.exception}",
                "The report asks for an exception here, so a raise is not the bug",
            ],
        )
    if target.type == "error":
        return _compare_error(behavior, run)
    if marked is not None:  # says "fails"; the report shows no exception of its own
        return Comparison(
            matched=True,
            detail=f"raised {run.exception} at the line the report marks `# {marked.comment}`",
        )
    if target.type == "output":
        return _compare_output(behavior, run)
    if target.absence:
        return _compare_absence(target, run)
    failing = [m for m in behavior.marked_lines if m.says == "fails"]
    if failing:
        where = f"`{failing[0].line}`  # {failing[0].comment}"
        return Comparison(
            matched=False,
            detail="the code did not raise at the line the report marks as failing",
            discrepancies=[
                f"Expected: an exception at {where}",
                f"Actual: {run.exception or f'exit code {run.exit_code}, no error'}",
            ],
        )
    outputs = compare_outputs(behavior, run)
    if outputs.status == "matches_expected":
        return Comparison(
            matched=False,
            detail="the output is what the report expects",
            discrepancies=[outputs.summary],
            category="matches-expected",
        )
    cut = _cut_traceback_frames(behavior, run)
    if cut:
        return Comparison(
            matched=True,
            detail=f"raised {run.exception} through the lines the report's cut-off traceback "
            f"shows (`{cut[0]}`…)",
        )
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
    return any(got and got in e.text for e in _shown_as(behavior, "traceback"))


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
    got = _norm(run.exception.partition(": ")[2]) if run.exception else ""
    for e in _shown_as(behavior, "output"):
        text = _norm(e.text).strip(" .'\"`")
        if " " in text and text in got:
            return text
    return None


def _first_actual(behavior: BehaviorAnalysis) -> str:
    texts = [e.text for e in _shown_as(behavior, "output")]
    return texts[0] if texts else (behavior.expected_behavior.output_snippet or "")


def _shown_as(behavior: BehaviorAnalysis, kind: str) -> list[ShownEvidence]:
    """The outputs (or tracebacks) the report shows as what happened, not as expected."""
    return [e for e in behavior.shown if e.kind == kind and e.context != "expected"]


def _compare_error(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    target = behavior.expected_behavior
    want_type = (target.error_type or "").rsplit(".", 1)[-1]
    expected = f"{want_type}" + (f": {target.error_message}" if target.error_message else "")
    if not run.exception:
        return Comparison(
            matched=False,
            detail="the reported exception was not raised",
            discrepancies=[f"Expected: {expected}", f"Actual: exit code {run.exit_code}, no error"],
        )
    got_type, _, got_msg = run.exception.partition(": ")
    if got_type.rsplit(".", 1)[-1] != want_type:
        chained = _chained_match(target, run)
        if chained:
            return Comparison(matched=True, detail=f"raised {chained}, then {run.exception}")
        if _same_words(target.error_message, got_msg):
            return Comparison(
                matched=True,
                detail=f"raised {got_type} with the message shown for {want_type}, word for "
                "word: the same failure, under the class the library raises it as now",
                discrepancies=[f"Shown: {expected}", f"Actual: {run.exception}"],
            )
        return Comparison(
            matched=False,
            detail="a different exception was raised",
            discrepancies=[f"Expected: {expected}", f"Actual: {run.exception}"],
        )
    if target.error_message and not _messages_agree(target.error_message, got_msg):
        if _reworded_counts(behavior, run):
            return Comparison(
                matched=True,
                detail=f"raised {got_type} as shown; its message now reads differently, and "
                "the report is about the raise, not its wording",
                discrepancies=[f"Shown: {expected}", f"Actual: {run.exception}"],
            )
        return Comparison(
            matched=False,
            detail="same exception type, different message",
            discrepancies=[f"Expected: {expected}", f"Actual: {run.exception}"],
        )
    unprinted = _unprinted_lead(behavior, run)
    if unprinted:
        return Comparison(
            matched=False,
            detail=f"raised {run.exception} before printing what the report printed first",
            discrepancies=[f"Shown before the traceback: {unprinted}", f"Actual: {run.exception}"],
        )
    return Comparison(matched=True, detail=f"raised {run.exception}")


# a line a person typed, not one the script printed: a shell or REPL prompt, a command
_TYPED = re.compile(r"^(?:[$%#>]|>>>|\.\.\.|In \[|\(\S+\)|\S*python)", re.I)


def _unprinted_lead(behavior: BehaviorAnalysis, run: ExecutionResults) -> str | None:
    """A line the report's traceback block shows printed before its traceback that the
    run never printed: a run raising earlier than the report's did (``print('os')`` between
    two calls) raised at another call, not the one the report is about."""
    printed = set(normalize_lines(f"{run.stdout}\n{run.stderr}"))  # a panic's note: stderr
    for shown in _shown_as(behavior, "traceback"):
        lines = shown.text.splitlines()
        head = next((k for k, ln in enumerate(lines) if _TRACEBACK_HEAD in ln), 0)
        for line in lines[:head]:  # an IPython ``-----`` rule above its header prints nothing
            said = normalize_lines(line) if re.search(r"\w", line) else []
            if said and not _TYPED.match(line.strip()) and said[0] not in printed:
                return line.strip()
    return None


_TRACEBACK_HEAD = "Traceback (most recent call last)"


_FRAME_FUNCTION = re.compile(r'File "[^"]*", line \d+, in (?P<fn>[A-Za-z_]\w*)')


# what a message names: a quoted name (``'Datetime' object``) or a call (``get()``)
_NAMED = re.compile(r"'([A-Za-z_][\w.]*)'|\b([A-Za-z_][\w.]*)\(\)")


def _reworded_counts(behavior: BehaviorAnalysis, run: ExecutionResults) -> bool:
    """Whether the shown exception, raised with other words, is still the symptom: the
    report is about the raise, not its wording, and the run raised on the way the shown
    traceback went (through one of the functions it names, after printing as many values
    as the report shows), not for another reason."""
    if behavior.message_is_symptom:
        return False
    named = _NAMED.findall(behavior.expected_behavior.error_message or "")
    met = f"{run.exception} {run.stderr}"
    if named and not any((quoted or called) in met for quoted, called in named):
        return False  # "get() got … 'writer_options'": about names the run never met
    shown = {
        m.group("fn")
        for e in _shown_as(behavior, "traceback")
        for m in _FRAME_FUNCTION.finditer(e.text)
    }
    ran = {m.group("fn") for m in _FRAME_FUNCTION.finditer(run.stderr)}
    if shown and not shown & ran:
        return False
    # a run that raised before printing the values the report saw raised somewhere else
    values = [
        line
        for e in _shown_as(behavior, "output")
        for line in e.text.splitlines()
        if line.strip() and not _EXCEPTION_LINE.match(line.strip())
    ]
    return len(run.stdout.splitlines()) >= len(values)


# an exception line at the start of a line of stderr: one link of a chained traceback
_EXCEPTION_LINE = re.compile(
    rf"^(?P<type>[A-Za-z_][\w.]*{suffixes(RAISED)})(?:: (?P<msg>.*))?$", re.M
)


def _chained_match(target: ExpectedBehavior, run: ExecutionResults) -> str | None:
    """The shown exception as an earlier link of the run's chain ("During handling of the
    above exception, another exception occurred") or named inside the run's last exception
    (``got error: KeyError('foo')``, "TypeError raised while …"): the same failure, which
    the library now wraps, or which the report's traceback shows cut before its last link."""
    want_type = (target.error_type or "").rsplit(".", 1)[-1]
    if not want_type:
        return None
    links = []
    if "above exception" in run.stderr:
        links = [
            (m.group("type"), m.group("msg") or "", m.group(0))
            for m in _EXCEPTION_LINE.finditer(run.stderr)
        ]
    last = run.stderr[run.stderr.rfind("Traceback (most recent call last)") :]
    for match in re.finditer(rf"\b{re.escape(want_type)}\((?P<msg>[^)]*)\)", last):
        links.append((want_type, match.group("msg"), match.group(0)))
    # a wrapper that says what it wraps: "TypeError raised while resolving interpolation"
    wrapped = (run.exception or "").partition(": ")[2]
    if not target.error_message and re.search(rf"\b{re.escape(want_type)}\b", wrapped):
        links.append((want_type, "", run.exception or ""))
    for kind, message, text in links:
        same_type = kind.rsplit(".", 1)[-1] == want_type
        if same_type and (
            not target.error_message or _messages_agree(target.error_message, message)
        ):
            return text.strip()
    return None


def _same_words(want: str | None, got: str) -> bool:
    """The same message of four words or more: specific enough to name one failure."""
    a, b = _bare_message(want or ""), _bare_message(got)
    return a == b and len(a.split()) >= 4


def _messages_agree(want: str, got: str) -> bool:
    """Messages match when one contains the other once quotes and whitespace are ignored."""
    a, b = _bare_message(want), _bare_message(got)
    return a in b or b in a


def _bare_message(text: str) -> str:
    return _norm(text).strip("'\" .")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()
