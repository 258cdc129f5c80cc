"""Shown output against a run's output: line by line, after removing run-specific noise.

Why its own rules: an output the report shows is the strongest evidence of the bug there is,
but two runs of one program never print exactly the same bytes (addresses, timestamps,
paths, float tails, prompts and the author's annotations differ). Lines are normalized on
both sides, and a run reproduces the report when most shown lines occur in its output.
"""

from __future__ import annotations

import ast
import datetime
import re
from collections import Counter

from qa_agents.mre.models import (
    BehaviorAnalysis,
    ExecutionResults,
    OutputComparison,
    ShownEvidence,
)
from qa_agents.mre.read.syntax import is_expression
from qa_agents.mre.rules.completion import without_notes
from qa_agents.mre.rules.output_lines import FLOAT, TIMESTAMP, normalize_line

MATCH_THRESHOLD = 0.8
"""Share of the shown lines a run must print to count as the same output."""


def compare_outputs(behavior: BehaviorAnalysis, run: ExecutionResults) -> OutputComparison:
    """Shown outputs against the run's stdout/stderr, normalized, line by line."""
    if run.exit_code is None:
        return OutputComparison(status="not_compared", summary="the code did not run")
    text = run.stdout + "\n" + run.stderr
    exact = set(behavior.exact_numbers)
    ran = normalize_lines(text, exact)
    ran_raw = normalize_lines(text, exact, mask_times=False)
    actual_blocks = _shown_blocks(behavior, expected=False)
    actual = [line for block in actual_blocks for line in block]
    expected = [line for block in _shown_blocks(behavior, expected=True) for line in block]
    matched, missing = _line_match(actual, ran, ran_raw)
    counts = {"shown_lines": len(actual), "matched_lines": matched, "missing": missing}
    if (
        actual
        and matched >= MATCH_THRESHOLD * len(actual)
        and _each_block_found(actual_blocks, ran, ran_raw)
    ):
        status, summary = "reproduced", f"{matched} of {len(actual)} shown lines found"
    elif expected and _line_match(expected, ran, ran_raw)[0] >= MATCH_THRESHOLD * len(expected):
        status, summary = "matches_expected", "the run prints the output the report expects"
    elif actual:
        status, summary = "differs", f"only {matched} of {len(actual)} shown lines found"
    else:
        return OutputComparison(status="not_compared", summary="the report shows no output")
    return OutputComparison(status=status, summary=summary, actual_excerpt=ran[:20], **counts)


def _each_block_found(blocks: list[list[str]], ran: list[str], ran_raw: list[str]) -> bool:
    """Every output shown as the bug is mostly in the run, not only all of them together:
    a block that matches in full (the other library's correct output, shown beside the
    bug) must not carry one whose telling lines are missing.

    Each printed line stands for one shown line only: a session that showed ``2`` twice
    and then ``2`` once more where the run now prints ``3`` has lost that last ``2``,
    though the earlier ones are still in the run."""
    unused = Counter(ran)
    for lines in blocks:
        found = 0
        for line in lines:
            same = next((q for q in _quotings(line) if unused[q] > 0), None)
            if same is not None:
                unused[same] -= 1
                found += 1
            elif line not in unused and not _line_match([line], ran, ran_raw)[1]:
                found += 1  # a cut-off line or one with placeholders, matched by shape
        if lines and found < MATCH_THRESHOLD * len(lines):
            return False
    return True


def _shown_blocks(behavior: BehaviorAnalysis, expected: bool) -> list[list[str]]:
    """Normalized lines of each output shown as the bug (or as what should happen)."""
    exact = set(behavior.exact_numbers)
    return [
        [_value_of(line) for line in normalize_lines(e.text, exact)]
        for e in behavior.shown
        if e.kind == "output" and (e.context == "expected") == expected
    ]


_RETURN_WORD = re.compile(r"^(?:returns?|->|=>|→)\s+(?=\S)", re.I)


def _value_of(line: str) -> str:
    """A shown ``return 0`` (or ``-> 0``) is the value ``0`` the call gave."""
    value = _RETURN_WORD.sub("", line)
    return value if value != line and is_expression(value) else line


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
        if (
            not pool.isdisjoint(_quotings(line))
            or (_cut_off(line) and any(line.rstrip(".… ") in r for r in ran))
            or _fields_added(line, ran)
        ):
            continue
        found = _bind(line, ran_raw, position, bindings)
        if found is None:
            missing.append(line)
        else:
            position = found + 1
    return len(shown) - len(missing), missing


def _quotings(line: str) -> set[str]:
    """A line as shown, and as ``print`` or the prompt would show the same string: a
    report writes `jap` where the run echoes ``'jap'``, or the other way round."""
    forms = {line, f"'{line}'", f'"{line}"'}
    if len(line) >= 2 and line[0] == line[-1] and line[0] in "'\"":
        forms.add(line[1:-1])
    return forms


_KEYWORD_REPR = re.compile(r"^[A-Za-z_][\w.]*\(.*\b\w+=.*\)$")
_NEXT_FIELD = re.compile(r"^[A-Za-z_]\w*=")


def _fields_added(line: str, ran: list[str]) -> bool:
    """A keyword repr the library has since given more fields: shown
    ``ExtractResult(domain='co', suffix='pl')``, printed ``ExtractResult(domain='co',
    suffix='pl', is_private=False)``. Every shown field is there, in order, with its value;
    only new keyword fields follow them."""
    if not _KEYWORD_REPR.match(line):
        return False
    head = line[:-1] + ", "
    return any(
        r.startswith(head) and r.endswith(")") and _NEXT_FIELD.match(r[len(head) :]) for r in ran
    )


def _cut_off(line: str) -> bool:
    """A shown line that may be part of a longer one: long (a report trims what runs on),
    or ending in an ellipsis. A short complete line, ``https://x/?c=``, must match whole:
    inside ``https://x/?c=%252`` it is a different value."""
    return len(line) >= 40 or line.endswith(("...", "…"))


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
    """Long floats shown in outputs whose short value the report also writes, and
    timestamps on a date the report's code builds.

    ``0.30000000000000004`` shown where the report's code or prose says ``0.3`` is the
    point of the report, not float noise: such digits are compared as written. So is
    ``2023-01-03T15:17:00`` shown for ``datetime(2023, 1, 3, 15, 17, 0, 5)``: a time the
    code computes from its own date, not the clock's.
    """
    exact = set()
    noted = without_notes(markdown)  # as the shown outputs are read: the authors' notes off
    built = _built_dates(markdown)
    for item in evidence:
        for stamp in TIMESTAMP.finditer(item.text):  # a date the code itself builds
            shown = _date(stamp.group(0)[:10])
            near = shown is not None and any(abs((shown - d).days) <= 7 for d in built)
            if near or stamp.group(0)[:10] in noted.replace(item.text, ""):
                exact.add(stamp.group(0))
        for match in FLOAT.finditer(item.text):
            written = match.group(0)
            short = {repr(float(written)), format(float(written), ".6g")}
            rest = markdown.replace(written, " ")
            if any(re.search(rf"(?<![\w.]){re.escape(v)}(?![\d])", rest) for v in short):
                exact.add(written)
    return sorted(exact)


_BUILT_DATE = re.compile(r"\(\s*(\d{4})\s*,\s*(\d{1,2})\s*,\s*(\d{1,2})\b")


def _built_dates(markdown: str) -> list[datetime.date]:
    """The dates the report's code builds (``datetime(2010, 1, 1, …)``): a timestamp within
    a week of one is computed from it (a sunrise the day before), not read off the clock."""
    found = (_date(f"{y}-{int(m):02d}-{int(d):02d}") for y, m, d in _BUILT_DATE.findall(markdown))
    return [d for d in found if d is not None]


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def normalize_lines(
    text: str, exact: set[str] | frozenset[str] = frozenset(), mask_times: bool = True
) -> list[str]:
    """Output lines with run-specific noise removed, so two runs of one program agree.

    ``exact``: floats kept as written (their digits are what the report is about);
    ``mask_times``: off to compare the author's placeholders with real values.
    """
    lines = [normalize_line(raw, exact, mask_times) for raw in text.splitlines()]
    return _join_wrapped([line for line in lines if line])


_OPENS_VALUE = re.compile(r"^(?:[\[{(]|[A-Za-z_][\w.]*\()")


def _join_wrapped(lines: list[str]) -> list[str]:
    """One line per value: a repr wrapped over lines (by ``pprint`` or by the author's
    paste) is the one line a plain ``print`` of the same value writes."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        end = i + 1
        if _OPENS_VALUE.match(lines[i]) and not is_expression(lines[i]):
            end = next(
                (
                    j
                    for j in range(i + 2, min(len(lines), i + 30) + 1)
                    if is_expression(" ".join(lines[i:j]))
                ),
                i + 1,
            )
        joined = " ".join(lines[i:end])
        out.append(_as_printed(joined) if end > i + 1 else joined)
        i = end
    return out


def _as_printed(value: str) -> str:
    """A literal wrapped over lines as ``print`` writes it (``{ 'a': [ 1 ] }`` →
    ``{'a': [1]}``); a set keeps the author's order, as its printed order is the run's."""
    try:
        parsed = ast.literal_eval(value)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return value
    return value if "set" in _kinds(parsed) else repr(parsed)


def _kinds(value: object) -> set[str]:
    """The container types in a literal, nested ones too."""
    if isinstance(value, dict):
        return {"dict"}.union(*(_kinds(v) for v in (*value.keys(), *value.values())))
    if isinstance(value, list | tuple | set | frozenset):
        return {type(value).__name__}.union(*(_kinds(v) for v in value))
    return set()
