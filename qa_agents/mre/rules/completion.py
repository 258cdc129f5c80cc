"""Rules that complete a report the way a careful reader would (issue 32, item 5).

A reader fills in what the author clearly meant: the value after "Actual:" on the same line
as "Expected:" is the output, not a sentence. Each rule is general (no report's names in
it) and says in its examples what it reads.
"""

from __future__ import annotations

import re

from qa_agents.mre.rules.registry import PROSE_LINE, Example, Rule

# -- labelled-inline-values ----------------------------------------------------------------

_EXPECTED_WORDS = ("expected", "expecting", "expect", "should be")
_ACTUAL_WORDS = ("actual", "actually", "got", "but got", "result", "output", "instead")
_LABEL = "|".join(
    re.escape(w).replace(r"\ ", r"\s+")
    for w in sorted(_EXPECTED_WORDS + _ACTUAL_WORDS, key=len, reverse=True)
)
# "Expected: `800`." / "**Actual**: `300`" / "but got `300`": one label, one span
_PAIR = re.compile(
    rf"\**(?P<label>{_LABEL})(?:\s+(?:result|output|value|behaviou?r))?\**\s*[:=]?\s*\**\s*"
    r"(?P<tick>`+)(?P<value>[^`\n]+?)(?P=tick)\**\s*[.,;]?\s*",
    re.IGNORECASE,
)
_BULLET = re.compile(r"^\s*(?:[-*+]\s+)?")


def labelled_values(line: str) -> list[tuple[str, str]] | None:
    """The (side, value) pairs of a line made only of labelled inline values, else None."""
    rest = _BULLET.sub("", line, count=1).strip()
    if not rest or "`" not in rest:
        return None
    pairs: list[tuple[str, str]] = []
    at = 0
    while at < len(rest):
        match = _PAIR.match(rest, at)
        if match is None:
            return None  # words other than labels and values: a sentence, read elsewhere
        label = " ".join(match.group("label").lower().split())
        side = "expected" if label in _EXPECTED_WORDS else "actual"
        pairs.append((side, match.group("value").strip()))
        at = match.end()
    sides = [s for s, _ in pairs]
    if "actual" not in sides or sides.count("actual") > 1 or sides.count("expected") > 1:
        return None  # no value shown as the bug, or two of them: no pair to read
    return pairs


LABELLED_INLINE_VALUES = Rule(
    name="labelled-inline-values",
    phase=PROSE_LINE,
    doc="A line of only labelled inline values (`Expected: `800`. Actual: `300`.`) shows "
    "both sides: the actual value is the output the run must print, the other the expected.",
    examples=(
        Example("Expected: `800`. Actual: `300`.", [("expected", "800"), ("actual", "300")]),
        Example("**Expected**: `[1]`, **Actual**: `[2]`", [("expected", "[1]"), ("actual", "[2]")]),
        Example("- Actual output: `None`", [("actual", "None")]),
        Example("Expected `True` but got `False`", [("expected", "True"), ("actual", "False")]),
        Example("Expected: `800`.", None),  # nothing shown as the bug
        Example("The result is `300`, which is wrong.", None),  # a sentence
        Example("Use `total()` instead.", None),
    ),
    apply=labelled_values,
)


RULES: list[Rule] = [LABELLED_INLINE_VALUES]


def rule(name: str) -> Rule:
    """The rule called ``name``."""
    return next(r for r in RULES if r.name == name)
