"""Shown output against a run's output: line by line, after removing run-specific noise.

Why its own rules: an output the report shows is the strongest evidence of the bug there is,
but two runs of one program never print exactly the same bytes (addresses, timestamps,
paths, float tails, prompts and the author's annotations differ). Lines are normalized on
both sides, and a run reproduces the report when most shown lines occur in its output.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import BehaviorAnalysis, ExecutionResults, OutputComparison

MATCH_THRESHOLD = 0.8
"""Share of the shown lines a run must print to count as the same output."""


def compare_outputs(behavior: BehaviorAnalysis, run: ExecutionResults) -> OutputComparison:
    """Shown outputs against the run's stdout/stderr, normalized, line by line."""
    if run.exit_code is None:
        return OutputComparison(status="not_compared", summary="the code did not run")
    ran = normalize_lines(run.stdout + "\n" + run.stderr)
    actual = _shown_lines(behavior, expected=False)
    expected = _shown_lines(behavior, expected=True)
    matched, missing = _line_match(actual, ran)
    counts = {"shown_lines": len(actual), "matched_lines": matched, "missing": missing}
    if actual and matched >= MATCH_THRESHOLD * len(actual):
        status, summary = "reproduced", f"{matched} of {len(actual)} shown lines found"
    elif expected and _line_match(expected, ran)[0] >= MATCH_THRESHOLD * len(expected):
        status, summary = "matches_expected", "the run prints the output the report expects"
    elif actual:
        status, summary = "differs", f"only {matched} of {len(actual)} shown lines found"
    else:
        return OutputComparison(status="not_compared", summary="the report shows no output")
    return OutputComparison(status=status, summary=summary, actual_excerpt=ran[:20], **counts)


def _shown_lines(behavior: BehaviorAnalysis, expected: bool) -> list[str]:
    """Normalized lines of the outputs shown as the bug (or as what should happen)."""
    return [
        line
        for e in behavior.shown
        if e.kind == "output" and (e.context == "expected") == expected
        for line in normalize_lines(e.text)
    ]


def _line_match(shown: list[str], ran: list[str]) -> tuple[int, list[str]]:
    """How many shown lines occur in the run's output (whole, or as a cut-off part)."""
    pool = set(ran)
    missing = [
        line
        for line in shown
        if line not in pool and not (len(line) >= 8 and any(line in r for r in ran))
    ]
    return len(shown) - len(missing), missing


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


def normalize_lines(text: str) -> list[str]:
    """Output lines with run-specific noise removed, so two runs of one program agree."""
    lines = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or _INPUT_LINE.match(line):
            continue  # what was typed at a prompt is code, not output
        line = _OUT_PREFIX.sub("", line)
        line = _ANNOTATION.sub("", line)
        line = _ADDRESS.sub("0x?", line)
        line = _TIMESTAMP.sub("<time>", line)
        line = _CLOCK.sub("<time>", line)
        line = _PSEUDO_FILE.sub("<input>", line)
        line = _PATH.sub("", line)
        line = _FLOAT.sub(lambda m: format(float(m.group(0)), ".6g"), line)
        line = re.sub(r"\s+", " ", line).strip()
        if line:
            lines.append(line)
    return lines
