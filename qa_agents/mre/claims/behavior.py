"""Expected/actual behaviour read from a report (a run is compared with it in ``compare/``).

The spec's ``expected_behavior`` is what a reproduction run must show for the issue to
count as reproduced: the reported symptom (a traceback, a named exception, printed
output). The author's own "Expected behavior" prose (what correct code would do) is kept
in ``validation_criteria`` so the report can quote it. Output and tracebacks the report
shows are kept as evidence with the context they were shown in; a shown output is the
strongest evidence there is, compared line by line after normalization.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection

from qa_agents.mre.claims.comments import commented_evidence, marked_lines
from qa_agents.mre.claims.sentences import report_claims
from qa_agents.mre.compare.output_match import exact_numbers
from qa_agents.mre.document import ReportDocument, as_document
from qa_agents.mre.models import (
    ActualBehavior,
    BehaviorAnalysis,
    BlockContext,
    CodeBlock,
    ExpectedBehavior,
    MarkedLine,
    ShownEvidence,
)
from qa_agents.mre.read.command_lines import printed_by_command, script_argv
from qa_agents.mre.read.tool_commands import printed_by_tool
from qa_agents.mre.read.tracebacks import EXCEPTION_LINE, PYTEST_FAILURE, parse_exception
from qa_agents.mre.rules.completion import INLINE_OUTPUT_NOTE, without_notes
from qa_agents.mre.rules.registry import SYMPTOM, Example, Rule, rules_of
from qa_agents.mre.rules.symptom import (
    ABOUT_THE_MESSAGE_RULE,
    SAYS_A_RAISE_IS_CORRECT,
    SAYS_IT_NEVER_FINISHES,
    about_the_message,
    absence,
    never_finishes,
    raise_is_correct,
)
from qa_agents.mre.rules.vocabulary import (
    STOPS_A_RUN,
    exception_class,
)

_FENCE_LINE = re.compile(r"^ {0,3}(?:`{3,}|~{3,}).*$", re.M)
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
    rf"(?<![\w.])(?P<type>{exception_class(STOPS_A_RUN)})"
    r"(?:\s*:\s*(?P<msg>[^\n`]+))?"
)
_BARE_EXCEPTION = re.compile(
    r"^(?P<type>(?:[A-Za-z_]\w*\.)*[A-Z][A-Za-z0-9]+)(?::\s?(?P<msg>.*))?$"
)
# a call or name written as code in prose: `encode`, `lib.load()`
_CODE_NAME = re.compile(r"`(?:[\w.]*\.)?(\w+)(?:\([^`]*\))?`")


def sections(markdown: str) -> dict[str, str]:
    """Heading (lower-cased) -> the text under it, for ``#`` and ``**bold**`` headings."""
    found: dict[str, str] = {}
    matches = list(_HEADING.finditer(markdown))
    for i, match in enumerate(matches):
        title = _title(match)
        end = matches[i + 1].start() if i + 1 < len(matches) else len(markdown)
        found.setdefault(title, markdown[match.end() : end].strip())
    return found


def _title(heading: re.Match[str]) -> str:
    """A heading's text, lower-cased: ``## Expected behavior``, ``**Actual:**``, ``Got:``."""
    return (heading.group("h") or heading.group("b") or heading.group("c") or "").strip().lower()


def shown_evidence(
    blocks: list[CodeBlock], programs: Collection[str] = (), inputs: Collection[int] = ()
) -> list[ShownEvidence]:
    """Every output and traceback the report shows, with the context it was shown in.
    ``programs``: the report's own command-line tools; a block running one shows, as
    output, only what the last of those commands printed. ``inputs``: blocks that are
    files those commands read."""
    evidence: list[ShownEvidence] = []
    for block in (b for b in blocks if b.index not in inputs):
        source = f"block {block.index} ({block.origin})"
        by_tool = printed_by_tool(block.content, set(programs)) if programs else None
        if by_tool is not None and block.kind in {"shell", "output"}:
            evidence.extend(_printed(by_tool, block.context, source))
            continue
        printed = printed_by_command(block)
        if printed:  # `% python example.py -d B` and what it printed
            evidence.append(
                ShownEvidence(kind="output", context=block.context, text=printed, source=source)
            )
        if block.kind == "output" and all(script_argv(ln) for ln in block.content.splitlines()):
            continue  # a command line written as a value is the input, not output
        if block.kind in {"output", "traceback"} and block.content.strip():
            text = without_notes(block.content) if block.kind == "output" else block.content
            evidence.append(
                ShownEvidence(
                    kind=block.kind,  # type: ignore[arg-type]
                    context=block.context,
                    text=text,
                    source=source,
                    rule=_note_taken(text, block.content),
                )
            )
        if block.kind == "code":
            evidence.extend(commented_evidence(block, source))
        if block.kind == "code":
            evidence.extend(_printed(block.transcript_output, block.context, source))
    return evidence


def _printed(text: str, context: BlockContext, source: str) -> list[ShownEvidence]:
    """What a session printed: its output, then the traceback it ended with."""
    out, trace = _split_trace(text) if text.strip() else ("", "")
    noted = without_notes(out)  # "{'a': 2} <-- not expected": the value, not the note
    return [
        ShownEvidence(kind=kind, context=context, text=part, source=source, rule=rule)
        for kind, part, rule in (
            ("output", noted, _note_taken(noted, out)),
            ("traceback", trace, ""),
        )
        if part.strip()
    ]


def _note_taken(read: str, shown: str) -> str:
    """``inline-output-note`` when it took an author's note off the shown output."""
    return INLINE_OUTPUT_NOTE.name if read != shown else ""


def _split_trace(text: str) -> tuple[str, str]:
    """Transcript output before a traceback, and the traceback."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Traceback (most recent call last)") or re.match(r"^-{5,}$", line):
            return "\n".join(lines[:i]), "\n".join(lines[i:])
    if lines and _EXCEPTION.match(lines[-1].strip()):  # a bare "KeyError: 'x'" at the end
        return "\n".join(lines[:-1]), lines[-1]
    for i, line in enumerate(lines):  # one a session went on after: "ValueError: …" then more
        if EXCEPTION_LINE.match(line.strip()):
            return "\n".join(lines[:i] + lines[i + 1 :]), line
    return text, ""


def analyse_behavior(
    report: str | ReportDocument, programs: Collection[str] = (), inputs: Collection[int] = ()
) -> BehaviorAnalysis:
    """Turn the issue's prose and evidence blocks into checkable criteria (``programs``
    and ``inputs``: the commands the extraction runs and their files, see
    ``shown_evidence``)."""
    document = as_document(report)
    markdown = document.markdown
    parts = sections(markdown)
    expected_text = _pick(parts, _EXPECTED_KEYS)
    actual_text = _pick(parts, _ACTUAL_KEYS, exclude=_EXPECTED_KEYS)
    actual = ActualBehavior(description=clip(actual_text), provided=bool(actual_text))
    blocks = document.fresh_blocks()
    evidence = shown_evidence(blocks, programs, inputs)
    prose = _prose(markdown, blocks)
    subjects = _raise_subjects(prose)
    expected_raise = any(e.kind == "traceback" and e.context == "expected" for e in evidence)
    scoped = subjects is not None and all(subjects) and not expected_raise
    marked = [
        line
        for block in blocks
        if block.kind == "code"
        for line in marked_lines(block, f"block {block.index} ({block.origin})")
    ]
    facts = {
        "shown": evidence,
        "marked_lines": marked,
        "raise_is_correct": subjects is not None or expected_raise,
        "raise_expected_of": sorted({n for names in subjects or [] for n in names})
        if scoped
        else [],
        "exact_numbers": exact_numbers(markdown, evidence),
        "never_finishes": never_finishes(prose),
        "message_is_symptom": about_the_message(prose),
    }
    held = [subjects is not None, facts["never_finishes"], facts["message_is_symptom"]]
    rules = [r.name for r, holds in zip(_PROSE_FACTS, held, strict=True) if holds]
    target = (
        _symptom(evidence, actual_text, rules)
        or _noted(LINE_MARKED_AS_FAILING, marked, rules)
        or _absence(prose, rules)
    )
    if target is None:  # nothing shown: what the author's sentences say the code did
        claims = report_claims(_report_title(markdown), _without_expected(prose))
        facts["shown"] = evidence = [*evidence, *claims]
        shown_trace = any(e.kind == "traceback" for e in evidence)  # cut, with no exception
        target = _symptom(claims, "", rules)
        if target is None and not shown_trace:
            target = _noted(ASSERTS_OF_THE_REPORT, blocks, rules)
    if target is None:
        expected = ExpectedBehavior(
            type="state_change",
            description=clip(expected_text) or "not described",
            validation_criteria="no observable symptom (exception or output) is described; "
            "cannot be checked automatically",
        )
        return BehaviorAnalysis(
            expected_behavior=expected,
            actual_behavior=actual,
            comparison_strategy="contains",
            needs_clarification=not evidence,
            rules=rules,
            **facts,
        )
    target.validation_criteria = _criteria(target) + (
        f"; the author expects instead: {clip(expected_text, 200)}" if expected_text else ""
    )
    strategy = "pattern_match" if target.type == "error" else "contains"
    return BehaviorAnalysis(
        expected_behavior=target,
        actual_behavior=actual,
        comparison_strategy=strategy,
        needs_clarification=False,
        rules=rules,
        **facts,
    )


def _prose(markdown: str, blocks: list[CodeBlock]) -> str:
    """The report without its blocks: what the author says rather than shows."""
    for block in blocks:
        markdown = markdown.replace(block.content, " ")
    return _FENCE_LINE.sub(" ", markdown)  # "results in ```json": a fence is not a value


def _report_title(markdown: str) -> str:
    """The issue's title (its first ``# `` line), which often states the symptom:
    "TypeError raised while resolving interpolation"."""
    match = re.search(r"^#\s+(?P<t>\S.*)$", markdown, re.M)
    return match.group("t").strip() if match else ""


def _without_expected(prose: str) -> str:
    """The prose without the sections saying what should happen ("Expected behavior")."""
    kept, skipping, last = [], False, 0
    for match in _HEADING.finditer(prose):
        if not skipping:
            kept.append(prose[last : match.start()])
        title = _title(match)
        skipping = any(k in title for k in _EXPECTED_KEYS) and not any(
            k in title for k in ("actual", "instead", "got", "current", "observed")
        )
        last = match.end()
    if not skipping:
        kept.append(prose[last:])
    return "\n\n".join(kept)


def _raise_subjects(prose: str) -> list[list[str]] | None:
    """For each sentence saying the code ought to raise, the calls it names; None if none.

    "`encode` should raise on such a key" is about ``encode``: a raise from another call
    is not what that sentence asks for. A sentence that names no call is about any.
    """
    said = [s for s in _sentences(prose) if raise_is_correct(s)]
    return [sorted(set(_CODE_NAME.findall(s))) for s in said] if said else None


def _sentences(prose: str) -> list[str]:
    return re.split(r"(?<=[.!?])\s+|\n\s*\n|\n(?=[#*-])", prose)


def _asserted(blocks: list[CodeBlock]) -> ExpectedBehavior | None:
    """With nothing shown or said, the report's own ``assert`` lines state what should
    hold (``assert humps.camelize("j1") == "J1"``): the bug shows when one fails."""
    for block in blocks:
        if block.kind != "code":
            continue
        try:
            tree = ast.parse(block.content)
        except (SyntaxError, ValueError):
            continue
        if any(isinstance(node, ast.Assert) for node in tree.body):
            return ExpectedBehavior(
                type="error",
                description="an `assert` of the report's code fails",
                error_type="AssertionError",
            )
    return None


def _marked_failure(marked: list[MarkedLine]) -> ExpectedBehavior | None:
    """The symptom as a line the author marks as failing (``assert ok(d)  # Fails``): the
    run must raise there."""
    failing = [m for m in marked if m.says == "fails"]
    if not failing:
        return None
    return ExpectedBehavior(
        type="state_change",
        description=f"`{failing[0].line}` raises (marked `# {failing[0].comment}`)",
    )


def _absence(prose: str, rules: list[str]) -> ExpectedBehavior | None:
    """The symptom as something that does not happen: "raises no exception", "the print
    never runs" (``rules/symptom.py``'s absence rules; the one that read it joins ``rules``).
    Sentences about what should happen do not count."""
    for sentence in _sentences(prose):
        said = absence(sentence)
        if said is None:
            continue
        rules.append(said[1])
        if said[0] == "exception":
            description = "the code raises no exception"
        else:
            description = "the code prints nothing"
        return ExpectedBehavior(type="state_change", description=description, absence=said[0])  # type: ignore[arg-type]
    return None


def _symptom(
    evidence: list[ShownEvidence], actual_text: str, rules: list[str]
) -> ExpectedBehavior | None:
    """The shown symptom, by the first of the shown-symptom rules that finds one (its name
    joins ``rules``)."""
    for rule, given in (
        (LAST_SHOWN_TRACEBACK, evidence),
        (FIRST_SHOWN_OUTPUT, evidence),
        (EXCEPTION_NAMED_UNDER_ACTUAL, actual_text),
    ):
        target = rule.apply(given)
        if target is not None:
            rules.append(rule.name)
            return target
    return None


def last_shown_traceback(evidence: list[ShownEvidence]) -> ExpectedBehavior | None:
    """The exception of the last traceback shown as what happened."""
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
    return None


def first_shown_output(evidence: list[ShownEvidence]) -> ExpectedBehavior | None:
    """The first output shown as what happened."""
    outputs = [e for e in evidence if e.kind == "output" and e.context != "expected"]
    if not outputs:
        return None
    return ExpectedBehavior(
        type="output",
        description=f"prints {clip(outputs[0].text, 200)}",
        output_snippet=outputs[0].text,
    )


def exception_named_under_actual(actual_text: str) -> ExpectedBehavior | None:
    """An exception named in the "Actual behaviour" section's text."""
    match = _EXCEPTION.search(actual_text) if actual_text else None
    if match is None:
        return None
    msg = (match.group("msg") or "").strip().rstrip(".").strip("'\" ") or None
    return ExpectedBehavior(
        type="error",
        description=f"raises {match.group('type')}" + (f": {msg}" if msg else ""),
        error_type=match.group("type"),
        error_message=msg,
    )


def _last_exception_line(text: str) -> tuple[str, str] | None:
    """``Type: message`` of a pasted exception; the class name need not end in Error."""
    lines = [PYTEST_FAILURE.sub("", ln.strip()) for ln in text.strip().splitlines() if ln.strip()]
    for match in filter(None, map(_EXCEPTION.match, reversed(lines))):
        return match.group("type"), (match.group("msg") or "").strip()
    bare = _BARE_EXCEPTION.match(lines[-1]) if lines else None
    return (bare.group("type"), (bare.group("msg") or "").strip()) if bare else None


def _criteria(target: ExpectedBehavior) -> str:
    if target.absence == "exception":
        return "the run ends without raising, as the report says"
    if target.absence == "output":
        return "the run ends without raising and prints nothing, as the report says"
    if target.type == "state_change":  # no exception or output shown: a marked line
        return "the run raises at a line the report marks as failing"
    if target.type == "error":
        msg = f" with a message matching {target.error_message!r}" if target.error_message else ""
        return f"the run raises {target.error_type}{msg}"
    return f"stdout/stderr shows {clip(target.output_snippet or '', 120)!r} (normalized)"


def _pick(parts: dict[str, str], keys: tuple[str, ...], exclude: tuple[str, ...] = ()) -> str:
    for key in keys:
        for title, text in parts.items():
            if key in title and not any(x in title for x in exclude):
                return text
    return ""


def clip(text: str, limit: int = 500) -> str:
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1] + "…"


_PROSE_FACTS = (SAYS_A_RAISE_IS_CORRECT, SAYS_IT_NEVER_FINISHES, ABOUT_THE_MESSAGE_RULE)
"""The prose facts a behaviour analysis records, in the order of ``held`` above."""


def _noted(rule: Rule, given: object, rules: list[str]) -> ExpectedBehavior | None:
    """``rule`` applied; its name joins ``rules`` when it finds the symptom."""
    target = rule.apply(given)
    if target is not None:
        rules.append(rule.name)
    return target


def _symptom_of(target: ExpectedBehavior | None) -> tuple[str, str] | None:
    """What an example states: the symptom's kind and description."""
    return (target.type, target.description) if target is not None else None


def _shown(kind: str, text: str, context: str = "actual") -> ShownEvidence:
    return ShownEvidence(kind=kind, context=context, text=text)  # type: ignore[arg-type]


_rule = rules_of(SYMPTOM, outcome=_symptom_of)


_E = Example
_KEY = "Traceback (most recent call last):\nKeyError: 'a'\n"
LAST_SHOWN_TRACEBACK = _rule(
    "last-shown-traceback",
    "The exception of the last traceback the report shows as what happened is the symptom.",
    last_shown_traceback,
    _E([_shown("traceback", _KEY)], ("error", "raises KeyError: 'a'")),
    _E([_shown("traceback", _KEY, "expected")], None),  # what should happen
)
FIRST_SHOWN_OUTPUT = _rule(
    "first-shown-output",
    "Without a traceback, the first output the report shows as what happened is the symptom.",
    first_shown_output,
    _E([_shown("output", "3\n")], ("output", "prints 3")),
    _E([_shown("output", "3\n", "expected")], None),
)
EXCEPTION_NAMED_UNDER_ACTUAL = _rule(
    "exception-named-under-actual",
    'Without a block, an exception named under "Actual behaviour" is the symptom.',
    exception_named_under_actual,
    _E("It raises KeyError: 'a'.", ("error", "raises KeyError: a")),
    _E("It returns the wrong value.", None),
)
LINE_MARKED_AS_FAILING = _rule(
    "line-marked-as-failing",
    "Without anything shown, a line the author marks as failing (`# Fails`) is where the "
    "run must raise.",
    _marked_failure,
    _E(
        [MarkedLine(line="ok(d)", comment="Fails", says="fails")],
        ("state_change", "`ok(d)` raises (marked `# Fails`)"),
    ),
    _E([MarkedLine(line="ok(d)", comment="works", says="works")], None),
)
ASSERTS_OF_THE_REPORT = _rule(
    "asserts-of-the-report",
    "With nothing shown or said, the report's own `assert` lines state what should hold: "
    "the bug shows when one fails.",
    _asserted,
    _E(
        [CodeBlock(index=0, kind="code", content="assert f(1) == 2\n")],
        ("error", "an `assert` of the report's code fails"),
    ),
    _E([CodeBlock(index=0, kind="code", content="print(f(1))\n")], None),
)
SHOWN_SYMPTOM_RULES = [
    LAST_SHOWN_TRACEBACK,
    FIRST_SHOWN_OUTPUT,
    EXCEPTION_NAMED_UNDER_ACTUAL,
    LINE_MARKED_AS_FAILING,
    ASSERTS_OF_THE_REPORT,
]
"""The order the behaviour analyst tries them in; the absence rules and the prose claims
(``rules/symptom.py``, ``rules/claims.py``) come between the fourth and the fifth."""
