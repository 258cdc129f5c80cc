"""Expected/actual behaviour parsing and the comparison of a run against it.

``expected_behavior`` (in ``behavior_analysis.json``) is what a reproduction run must
show for the issue to count as reproduced: the reported symptom (a traceback, a named
exception, printed output). The author's own "Expected behavior" prose (what correct code
would do) is kept in ``validation_criteria`` so the report can quote it. Output and
tracebacks the report shows are kept as evidence with the context they were shown in; a
shown output is the strongest evidence there is, compared line by line after
normalization.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    CodeBlock,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    ShownEvidence,
)
from qa_agents.mre.tools.markdown import extract_code_blocks
from qa_agents.mre.tools.output_match import compare_outputs

_HEADING = re.compile(
    r"^(?:#{1,6}\s*(?P<h>[^\n]+?)\s*#*|\*\*(?P<b>[^*\n]+?)\*\*:?"
    r"|(?P<c>(?i:expected|actual|current|observed|steps|got)[\w ]{0,30}):)\s*$",
    re.MULTILINE,
)
_EXPECTED_KEYS = ("expected", "should", "desired", "intended")
_ACTUAL_KEYS = (
    "actual",
    "what happens",
    "current behav",
    "observed",
    "error",
    "traceback",
    "result",
    "output",
    "instead",
    "problem",
    "bug",
    "got",
)
_EXCEPTION = re.compile(
    r"(?<![\w.])(?P<type>(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt))"
    r"(?:\s*:\s*(?P<msg>[^\n`]+))?"
)
_TRACE_EXC = re.compile(r"^(?P<type>[A-Za-z_][\w.]*)(?::\s?(?P<msg>.*))?$")
_BARE_EXCEPTION = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*[A-Z][A-Za-z0-9]+)(?::\s?(?P<msg>.*))?$"
)
_RAISE_IS_CORRECT = re.compile(
    r"\b(should (?:raise|throw|fail|error)|expected (?:it )?to (?:raise|throw|fail)|"
    r"without rais\w*|(?:doesn'?t|does not|didn'?t|did not|never) (?:raise|throw)|"
    r"no (?:error|exception) (?:is )?(?:raised|thrown)|silently (?:accepts?|returns?|succeeds?))",
    re.IGNORECASE,
)


def sections(markdown: str) -> dict[str, str]:
    """Heading (lower-cased) -> the text under it, for ``#`` and ``**bold**`` headings."""
    found: dict[str, str] = {}
    matches = list(_HEADING.finditer(markdown))
    for i, match in enumerate(matches):
        title = (match.group("h") or match.group("b") or match.group("c") or "").strip().lower()
        end = matches[i + 1].start() if i + 1 < len(matches) else len(markdown)
        found.setdefault(title, markdown[match.end() : end].strip())
    return found


def shown_evidence(blocks: list[CodeBlock]) -> list[ShownEvidence]:
    """Every output and traceback the report shows, with the context it was shown in."""
    evidence: list[ShownEvidence] = []
    for block in blocks:
        source = f"block {block.index} ({block.origin})"
        if block.kind in {"output", "traceback"} and block.content.strip():
            evidence.append(
                ShownEvidence(
                    kind=block.kind,  # type: ignore[arg-type]
                    context=block.context,
                    text=block.content,
                    source=source,
                )
            )
        elif block.kind == "code" and block.transcript_output.strip():
            out, trace = _split_trace(block.transcript_output)
            if out.strip():
                evidence.append(
                    ShownEvidence(kind="output", context=block.context, text=out, source=source)
                )
            if trace.strip():
                evidence.append(
                    ShownEvidence(
                        kind="traceback", context=block.context, text=trace, source=source
                    )
                )
    return evidence


def _split_trace(text: str) -> tuple[str, str]:
    """Transcript output before a traceback, and the traceback."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last)") or re.match(r"^-{5,}$", line):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    if lines and _EXCEPTION.match(lines[-1].strip()):  # a bare "KeyError: 'x'" at the end
        return "\n".join(lines[:-1]), lines[-1]
    return text, ""


def analyse_behavior(markdown: str) -> BehaviorAnalysis:
    """Turn the issue's prose and evidence blocks into checkable criteria."""
    parts = sections(markdown)
    expected_text = _pick(parts, _EXPECTED_KEYS)
    actual_text = _pick(parts, _ACTUAL_KEYS, exclude=_EXPECTED_KEYS)
    actual = ActualBehavior(description=_clip(actual_text), provided=bool(actual_text))
    blocks = extract_code_blocks(markdown)
    evidence = shown_evidence(blocks)
    raise_is_correct = _says_raise_is_correct(markdown, blocks) or any(
        e.kind == "traceback" and e.context == "expected" for e in evidence
    )
    target = _symptom(evidence, actual_text)
    if target is None:
        expected = ExpectedBehavior(
            type="state_change",
            description=_clip(expected_text) or "not described",
            validation_criteria="no observable symptom (exception or output) is described; "
            "cannot be checked automatically",
        )
        return BehaviorAnalysis(
            expected_behavior=expected,
            actual_behavior=actual,
            comparison_strategy="contains",
            needs_clarification=not evidence,
            shown=evidence,
            raise_is_correct=raise_is_correct,
        )
    target.validation_criteria = _criteria(target) + (
        f"; the author expects instead: {_clip(expected_text, 200)}" if expected_text else ""
    )
    strategy = "pattern_match" if target.type == "error" else "contains"
    return BehaviorAnalysis(
        expected_behavior=target,
        actual_behavior=actual,
        comparison_strategy=strategy,
        needs_clarification=False,
        shown=evidence,
        raise_is_correct=raise_is_correct,
    )


def _says_raise_is_correct(markdown: str, blocks: list[CodeBlock]) -> bool:
    """Prose (not code, not output) saying the code ought to raise."""
    prose = markdown
    for block in blocks:
        prose = prose.replace(block.content, " ")
    return bool(_RAISE_IS_CORRECT.search(prose))


def parse_exception(stderr: str) -> tuple[str, str] | None:
    """The final ``Type: message`` of the last traceback in ``stderr``."""
    if "Traceback (most recent call last)" not in stderr:
        return None
    tail = stderr[stderr.rfind("Traceback (most recent call last)") :].splitlines()[1:]
    # the exception is the first line back at column 0 after the frames; its message may
    # continue on the following lines (pydantic, marshmallow), which are not exceptions
    for line in tail:
        if line.startswith((" ", "\t")) or not line.strip():
            continue
        match = _TRACE_EXC.match(line.strip())
        if match:
            return match.group("type"), (match.group("msg") or "").strip()
    return None


def compare(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    """Does the run show the reported symptom? ``partial`` cases are discrepancies."""
    target = behavior.expected_behavior
    if run.skipped or run.timed_out or run.needs_interaction or run.exit_code is None:
        return Comparison(matched=False, detail="the code did not run to completion")
    if run.exception and behavior.raise_is_correct and not _shown_actual_raise(behavior, run):
        return Comparison(
            matched=False,
            detail="the code raises, which the report says is the correct behaviour",
            discrepancies=[
                f"Actual: {run.exception}",
                "The report asks for an exception here, so a raise is not the bug",
            ],
        )
    if target.type == "error":
        return _compare_error(target, run)
    if target.type == "output":
        return _compare_output(behavior, run)
    outputs = compare_outputs(behavior, run)
    if outputs.status == "matches_expected":
        return Comparison(
            matched=False,
            detail="the output is what the report expects",
            discrepancies=[outputs.summary],
        )
    return Comparison(
        matched=False,
        detail="the reported behaviour cannot be checked automatically",
        discrepancies=["No observable symptom to compare with (exception or output)"],
    )


def _shown_actual_raise(behavior: BehaviorAnalysis, run: ExecutionResults) -> bool:
    """The report itself shows this exception as what went wrong."""
    got = (run.exception or "").partition(":")[0].rsplit(".", 1)[-1]
    return any(
        e.kind == "traceback" and e.context != "expected" and got and got in e.text
        for e in behavior.shown
    )


def _compare_output(behavior: BehaviorAnalysis, run: ExecutionResults) -> Comparison:
    outputs = compare_outputs(behavior, run)
    if run.exception:
        return Comparison(
            matched=False,
            detail="the code raised where the report shows output",
            discrepancies=[
                f"Expected output containing: {_clip(_first_actual(behavior), 200)}",
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
        + [f"Actual: {_clip(run.stdout or '(no output)', 200)}"],
    )


def _first_actual(behavior: BehaviorAnalysis) -> str:
    texts = [e.text for e in behavior.shown if e.kind == "output" and e.context != "expected"]
    return texts[0] if texts else (behavior.expected_behavior.output_snippet or "")


def _compare_error(target: ExpectedBehavior, run: ExecutionResults) -> Comparison:
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
        return Comparison(
            matched=False,
            detail="a different exception was raised",
            discrepancies=[f"Expected: {expected}", f"Actual: {run.exception}"],
        )
    if target.error_message and not _messages_agree(target.error_message, got_msg):
        return Comparison(
            matched=False,
            detail="same exception type, different message",
            discrepancies=[f"Expected: {expected}", f"Actual: {run.exception}"],
        )
    return Comparison(matched=True, detail=f"raised {run.exception}")


def _symptom(evidence: list[ShownEvidence], actual_text: str) -> ExpectedBehavior | None:
    for item in reversed(evidence):
        if item.kind == "traceback" and item.context != "expected":
            exc = parse_exception(item.text) or _last_exception_line(item.text)
            if exc:
                return ExpectedBehavior(
                    type="error",
                    description=f"raises {exc[0]}" + (f": {exc[1]}" if exc[1] else ""),
                    error_type=exc[0],
                    error_message=exc[1] or None,
                )
    outputs = [e for e in evidence if e.kind == "output" and e.context != "expected"]
    if outputs:
        return ExpectedBehavior(
            type="output",
            description=f"prints {_clip(outputs[0].text, 200)}",
            output_snippet=outputs[0].text,
        )
    if actual_text:
        match = _EXCEPTION.search(actual_text)
        if match:
            msg = (match.group("msg") or "").strip().rstrip(".").strip("'\" ") or None
            return ExpectedBehavior(
                type="error",
                description=f"raises {match.group('type')}" + (f": {msg}" if msg else ""),
                error_type=match.group("type"),
                error_message=msg,
            )
    return None


def _last_exception_line(text: str) -> tuple[str, str] | None:
    """``Type: message`` of a pasted exception; the class name need not end in Error."""
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    for line in reversed(lines):
        match = _EXCEPTION.match(line)
        if match:
            return match.group("type"), (match.group("msg") or "").strip()
    bare = _BARE_EXCEPTION.match(lines[-1]) if lines else None
    return (bare.group("type"), (bare.group("msg") or "").strip()) if bare else None


def _criteria(target: ExpectedBehavior) -> str:
    if target.type == "error":
        msg = f" with a message matching {target.error_message!r}" if target.error_message else ""
        return f"the run raises {target.error_type}{msg}"
    return f"stdout/stderr shows {_clip(target.output_snippet or '', 120)!r} (normalized)"


def _messages_agree(want: str, got: str) -> bool:
    """Messages match when one contains the other once quotes and whitespace are ignored."""
    a, b = _norm(want).strip("'\" ."), _norm(got).strip("'\" .")
    return a in b or b in a


def _pick(parts: dict[str, str], keys: tuple[str, ...], exclude: tuple[str, ...] = ()) -> str:
    for key in keys:
        for title, text in parts.items():
            if key in title and not any(x in title for x in exclude):
                return text
    return ""


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _clip(text: str, limit: int = 500) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"
