"""Expected/actual behaviour parsing and the comparison of a run against it.

The spec's ``expected_behavior`` is what a reproduction run must show for the issue to
count as reproduced: the reported symptom (a traceback, a named exception, printed
output). The author's own "Expected behavior" prose (what correct code would do) is kept
in ``validation_criteria`` so the report can quote it. Output and tracebacks the report
shows are kept as evidence with the context they were shown in; a shown output is the
strongest evidence there is, compared line by line after normalization.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import (
    SCRIPT_NAME,
    ActualBehavior,
    BehaviorAnalysis,
    CodeBlock,
    Comparison,
    ExecutionResults,
    ExpectedBehavior,
    OutputComparison,
    ShownEvidence,
)
from qa_agents.mre.tools.markdown import extract_code_blocks

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
# a call or name written as code in prose: `encode`, `lib.load()`
_CODE_NAME = re.compile(r"`(?:[\w.]*\.)?(\w+)(?:\([^`]*\))?`")
_SHOULD = re.compile(r"\b(should|expect\w*|would like|wants?|ought|instead of)\b", re.I)
_NO_RAISE = re.compile(
    r"\b(?:raises?|throws?) no (?:exceptions?|errors?)\b|"
    r"\b(?:doesn'?t|does not|didn'?t|did not|never|won'?t) (?:raise|throw)\b|"
    r"\bno (?:exception|error) (?:is |was |gets )?(?:raised|thrown)\b",
    re.I,
)
_NO_OUTPUT = re.compile(
    r"\bprint\w*\b[^.!?\n]{0,30}\b(?:never|not|n't)\b[^.!?\n]{0,15}"
    r"\b(?:execut\w*|run\w*|reached|called|happen\w*)|"
    r"\bnothing (?:is |gets |was )?(?:printed|shown|displayed)\b|\bprints nothing\b",
    re.I,
)
# "call()  # raises KeyError: 'x'" – an exception written as a comment beside its line
_RAISE_COMMENT = re.compile(
    r"#[^#\n]*?(?P<exc>\b(?:[A-Za-z_]\w*\.)*[A-Z]\w*(?:Error|Exception)\b(?::[^#\n]*)?)\s*$"
)
MATCH_THRESHOLD = 0.8


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
        if block.kind == "code":
            evidence.extend(_commented_raises(block, source))
        if block.kind == "code" and block.transcript_output.strip():
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


def _commented_raises(block: CodeBlock, source: str) -> list[ShownEvidence]:
    """``call(x)  # TypeError: unhashable type``: the author wrote the raise beside the
    line; "# should raise ValueError" is what they expect instead."""
    found = []
    for line in block.content.splitlines():
        comment = _RAISE_COMMENT.search(line)
        if comment and line.split("#", 1)[0].strip():
            expected = bool(re.search(r"\b(should|expect\w*)\b", comment.group(0), re.I))
            found.append(
                ShownEvidence(
                    kind="traceback",
                    context="expected" if expected else "actual",
                    text=comment.group("exc").strip() + "\n",
                    source=f"{source}, a comment",
                )
            )
    return found


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
    prose = _prose(markdown, blocks)
    subjects = _raise_subjects(prose)
    expected_raise = any(e.kind == "traceback" and e.context == "expected" for e in evidence)
    scoped = subjects is not None and all(subjects) and not expected_raise
    facts = {
        "shown": evidence,
        "raise_is_correct": subjects is not None or expected_raise,
        "raise_expected_of": sorted({n for names in subjects or [] for n in names})
        if scoped
        else [],
        "exact_numbers": exact_numbers(markdown, evidence),
    }
    target = _symptom(evidence, actual_text) or _absence(prose)
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
            **facts,
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
        **facts,
    )


def _prose(markdown: str, blocks: list[CodeBlock]) -> str:
    """The report without its blocks: what the author says rather than shows."""
    for block in blocks:
        markdown = markdown.replace(block.content, " ")
    return markdown


def _raise_subjects(prose: str) -> list[list[str]] | None:
    """For each sentence saying the code ought to raise, the calls it names; None if none.

    "`encode` should raise on such a key" is about ``encode``: a raise from another call
    is not what that sentence asks for. A sentence that names no call is about any.
    """
    said = [s for s in _sentences(prose) if _RAISE_IS_CORRECT.search(s)]
    return [sorted(set(_CODE_NAME.findall(s))) for s in said] if said else None


def _sentences(prose: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+|\n\s*\n|\n(?=[#*-])", prose)


def _absence(prose: str) -> ExpectedBehavior | None:
    """The symptom as something that does not happen: "raises no exception", "the print
    never runs". Sentences about what should happen do not count."""
    for sentence in _sentences(prose):
        if _SHOULD.search(sentence):
            continue
        if _NO_RAISE.search(sentence):
            return ExpectedBehavior(
                type="state_change",
                description="the code raises no exception",
                absence="exception",
            )
        if _NO_OUTPUT.search(sentence):
            return ExpectedBehavior(
                type="state_change",
                description="the code prints nothing",
                absence="output",
            )
    return None


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
    if (
        run.exception
        and behavior.raise_is_correct
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
        return _compare_error(target, run)
    if target.type == "output":
        return _compare_output(behavior, run)
    if target.absence:
        return _compare_absence(target, run)
    outputs = compare_outputs(behavior, run)
    if outputs.status == "matches_expected":
        return Comparison(
            matched=False,
            detail="the output is what the report expects",
            discrepancies=[outputs.summary],
            category="matches-expected",
        )
    return Comparison(
        matched=False,
        detail="the reported behaviour cannot be checked automatically",
        category="not-checkable",
        discrepancies=["No observable symptom to compare with (exception or output)"],
    )


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
            discrepancies=[f"Actual: {_clip(run.stdout, 200)}"],
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


_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line \d+')


def traceback_frames(stderr: str) -> list[tuple[str, str]]:
    """(file name, source line) of each frame of the last traceback in ``stderr``."""
    if "Traceback (most recent call last)" not in stderr:
        return []
    lines = stderr[stderr.rfind("Traceback (most recent call last)") :].splitlines()
    frames = []
    for i, line in enumerate(lines):
        frame = _FRAME.match(line)
        if frame:
            source = lines[i + 1].strip() if i + 1 < len(lines) else ""
            frames.append((frame.group("file").rsplit("/", 1)[-1], source))
    return frames


def raised_in(stderr: str, script: str = SCRIPT_NAME) -> bool | None:
    """Did the last traceback end in ``script`` (not in a library)? None: no frames."""
    frames = traceback_frames(stderr)
    return frames[-1][0] == script if frames else None


def raising_line(stderr: str, script: str = SCRIPT_NAME) -> str | None:
    """The report's own line the exception came from (the script's innermost frame)."""
    return next((src for name, src in reversed(traceback_frames(stderr)) if name == script), None)


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
        category="matches-expected" if outputs.status == "matches_expected" else "",
    )


def _first_actual(behavior: BehaviorAnalysis) -> str:
    texts = [e.text for e in behavior.shown if e.kind == "output" and e.context != "expected"]
    return texts[0] if texts else (behavior.expected_behavior.output_snippet or "")


def compare_outputs(behavior: BehaviorAnalysis, run: ExecutionResults) -> OutputComparison:
    """Shown outputs against the run's stdout/stderr, normalized, line by line."""
    if run.exit_code is None:
        return OutputComparison(status="not_compared", summary="the code did not run")
    text = run.stdout + "\n" + run.stderr
    exact = set(behavior.exact_numbers)
    ran = normalize_lines(text, exact)
    ran_raw = normalize_lines(text, exact, mask_times=False)
    actual = _shown_lines(behavior, expected=False)
    expected = _shown_lines(behavior, expected=True)
    matched, missing = _line_match(actual, ran, ran_raw)
    counts = {"shown_lines": len(actual), "matched_lines": matched, "missing": missing}
    if actual and matched >= MATCH_THRESHOLD * len(actual):
        status, summary = "reproduced", f"{matched} of {len(actual)} shown lines found"
    elif expected and _line_match(expected, ran, ran_raw)[0] >= MATCH_THRESHOLD * len(expected):
        status, summary = "matches_expected", "the run prints the output the report expects"
    elif actual:
        status, summary = "differs", f"only {matched} of {len(actual)} shown lines found"
    else:
        return OutputComparison(status="not_compared", summary="the report shows no output")
    return OutputComparison(status=status, summary=summary, actual_excerpt=ran[:20], **counts)


def _shown_lines(behavior: BehaviorAnalysis, expected: bool) -> list[str]:
    """Normalized lines of the outputs shown as the bug (or as what should happen)."""
    exact = set(behavior.exact_numbers)
    return [
        line
        for e in behavior.shown
        if e.kind == "output" and (e.context == "expected") == expected
        for line in normalize_lines(e.text, exact)
    ]


def _line_match(shown: list[str], ran: list[str], ran_raw: list[str]) -> tuple[int, list[str]]:
    """How many shown lines occur in the run's output (whole, or as a cut-off part).

    A line holding the author's placeholders (``<id1>``) matches a run line of
    that shape, in order: one placeholder stands for one value throughout, and
    ``<id1>``/``<id2>`` for two different ones.
    """
    pool = set(ran)
    missing = []
    bindings: dict[str, str] = {}
    position = 0
    for line in shown:
        if line in pool or (len(line) >= 8 and any(line in r for r in ran)):
            continue
        found = _bind(line, ran_raw, position, bindings)
        if found is None:
            missing.append(line)
        else:
            position = found + 1
    return len(shown) - len(missing), missing


_PLACEHOLDER = re.compile(r"<(?P<name>[A-Za-z_][\w-]*)>")
# angle-bracketed words that are not an author's placeholder: HTML tags, Python's own
# ``<module>``/``<lambda>`` names, and the tokens normalization writes
_NOT_PLACEHOLDER = re.compile(
    r"^(?:h[1-6]|[abipqsu]|em|br|hr|li|ol|ul|dl|dt|dd|tr|td|th|code|pre|div|span|img|sup|"
    r"sub|del|ins|table|thead|tbody|html|head|body|title|strong|small|module|lambda|"
    r"genexpr|listcomp|dictcomp|setcomp|locals|string|stdin|frozen|time|input)$",
    re.IGNORECASE,
)


def _bind(line: str, ran: list[str], start: int, bindings: dict[str, str]) -> int | None:
    """Index of the first run line from ``start`` that the placeholder line matches."""
    parts = _PLACEHOLDER.split(line)
    names = parts[1::2]
    if all(_NOT_PLACEHOLDER.match(n) for n in names):
        return None
    pattern = "".join(
        (re.escape(f"<{n}>") if _NOT_PLACEHOLDER.match(n) else f"(?P<p{i // 2}>.+?)")
        if i % 2
        else re.escape(n)
        for i, n in enumerate(parts)
    )
    regex = re.compile(pattern)
    for index in range(start, len(ran)):
        match = regex.fullmatch(ran[index])
        if match is None:
            continue
        trial = dict(bindings)
        values = {names[int(k[1:])]: v for k, v in match.groupdict().items() if v is not None}
        if all(_consistent(name, value, trial) for name, value in values.items()):
            bindings.update(trial)
            return index
    return None


def _consistent(name: str, value: str, bindings: dict[str, str]) -> bool:
    """Bind ``name`` to ``value`` unless that contradicts what is bound already."""
    if bindings.get(name, value) != value:
        return False
    stem = re.sub(r"[-_]?\d+$", "", name)
    for other, bound in bindings.items():
        if other != name and re.sub(r"[-_]?\d+$", "", other) == stem and bound == value:
            return False  # <x1> and <x2> stand for two different values
    bindings[name] = value
    return True


def exact_numbers(markdown: str, evidence: list[ShownEvidence]) -> list[str]:
    """Long floats shown in outputs whose short value the report also writes.

    ``0.30000000000000004`` shown where the report's code or prose says ``0.3`` is the
    point of the report, not float noise: such digits are compared as written.
    """
    exact = set()
    for item in evidence:
        for match in _FLOAT.finditer(item.text):
            written = match.group(0)
            short = {repr(float(written)), format(float(written), ".6g")}
            rest = markdown.replace(written, " ")
            if any(re.search(rf"(?<![\w.]){re.escape(v)}(?![\d])", rest) for v in short):
                exact.add(written)
    return sorted(exact)


_ADDRESS = re.compile(r"\b0x[0-9a-fA-F]{4,}\b")
_TIMESTAMP = re.compile(
    r"\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?\b"
)
_CLOCK = re.compile(r"\b\d{1,2}:\d{2}:\d{2}(?:\.\d+)?\b")
_PATH = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][\w.@+-]+){2,}[\\/](?=[\w.-]+)")
_FLOAT = re.compile(r"(?<![\w.])-?\d+\.\d{7,}(?:e[+-]?\d+)?")
_PSEUDO_FILE = re.compile(r"<(?:stdin|string|input|python-input-\d+|ipython-input-[\w-]+)>")
_INPUT_LINE = re.compile(r"^(?:>>>|\.\.\.)(?: |$)|^In \[\d*\]:")
_OUT_PREFIX = re.compile(r"^Out\[\d*\]: ?")
_ANNOTATION = re.compile(r"\s{2,}#.*$|\s+#\s*(?:<-+|-+>|should|expected|wrong|correct).*$", re.I)


def normalize_lines(
    text: str, exact: set[str] | frozenset[str] = frozenset(), mask_times: bool = True
) -> list[str]:
    """Output lines with run-specific noise removed, so two runs of one program agree.

    ``exact``: floats kept as written (their digits are what the report is about);
    ``mask_times``: off to compare the author's placeholders with real values.
    """
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or _INPUT_LINE.match(line):
            continue  # what was typed at a prompt is code, not output
        line = _OUT_PREFIX.sub("", line)
        line = _ANNOTATION.sub("", line)
        line = _ADDRESS.sub("0x?", line)
        if mask_times:
            line = _TIMESTAMP.sub("<time>", line)
            line = _CLOCK.sub("<time>", line)
        line = _PSEUDO_FILE.sub("<input>", line)
        line = _PATH.sub("", line)
        line = _FLOAT.sub(lambda m: _float_noise(m.group(0), exact), line)
        line = re.sub(r"\s+", " ", line).strip()
        if line:
            lines.append(line)
    return lines


def _float_noise(number: str, exact: set[str] | frozenset[str]) -> str:
    return number if number in exact else format(float(number), ".6g")


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
    if target.absence == "exception":
        return "the run ends without raising, as the report says"
    if target.absence == "output":
        return "the run ends without raising and prints nothing, as the report says"
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
