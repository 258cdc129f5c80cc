"""A run's exception against the one the report shows: the same class, or the same failure
under another name (a chained cause, the message word for word), and a message that agrees.

Why its own module: as ``output_match.py`` is for printed output, this is the comparison
of a raise, with its own tolerances (a message reworded since, the lines printed before the
traceback); ``reproduced.py``'s ``the-reported-raise`` rule calls it.
"""

from __future__ import annotations

import re

from qa_agents.mre.compare.output_match import normalize_lines
from qa_agents.mre.models import (
    BehaviorAnalysis,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    ShownEvidence,
)
from qa_agents.mre.rules.vocabulary import RAISED, suffixes


def compare_error(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
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
    for shown in shown_as(behavior, "traceback"):
        lines = shown.text.splitlines()
        head = next((k for k, ln in enumerate(lines) if TRACEBACK_HEAD in ln), 0)
        for line in lines[:head]:  # an IPython ``-----`` rule above its header prints nothing
            said = normalize_lines(line) if re.search(r"\w", line) else []
            if said and not _TYPED.match(line.strip()) and said[0] not in printed:
                return line.strip()
    return None


TRACEBACK_HEAD = "Traceback (most recent call last)"


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
        for e in shown_as(behavior, "traceback")
        for m in _FRAME_FUNCTION.finditer(e.text)
    }
    ran = {m.group("fn") for m in _FRAME_FUNCTION.finditer(run.stderr)}
    if shown and not shown & ran:
        return False
    # a run that raised before printing the values the report saw raised somewhere else
    values = [
        line
        for e in shown_as(behavior, "output")
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
    return normalized(text).strip("'\" .")


def normalized(text: str) -> str:
    """Text with each run of whitespace as one space, trimmed."""
    return re.sub(r"\s+", " ", text).strip()


def shown_as(behavior: BehaviorAnalysis, kind: str) -> list[ShownEvidence]:
    """The outputs (or tracebacks) the report shows as what happened, not as expected."""
    return [e for e in behavior.shown if e.kind == kind and e.context != "expected"]
