"""The shape of a named rule and the per-phase lookup; the rules live in their modules."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

BLOCK_KIND = "block kind"
"""What one block is (code, traceback, output, shell, other), from its fence, body and lead."""
BLOCK_IN_CONTEXT = "block in context"
"""A block's kind mended by the blocks around it (the data file a line names, a repr after
the code)."""
BLOCK_SIDE = "block side"
"""Whether a block shows what should happen or what happened, from the line before it."""
SYMPTOM = "symptom"
"""What the prose says about the symptom itself: it hangs, a raise is correct, nothing is
raised or printed."""
COMMENT = "comment"
"""What a comment beside a line of the report's code says: it raised, it fails, a value."""
CLAIM = "claim"
"""What a clause of the author's prose (or the title) says the code did."""
PROSE_LINE = "prose line"
"""A line of the report's prose, read before the other prose shapes."""
SHOWN_OUTPUT = "shown output"
"""A block the report shows as output, before it is compared with the run's."""
OUTPUT_LINE = "output line"
"""A line of output, shown or printed, normalized before the two are compared."""
SCRIPT = "script"
"""The extracted script, completed before it runs."""
COMPARISON = "comparison"
"""The run against the symptom the report describes: did it show it?"""
VERDICT = "verdict"
"""GREEN, YELLOW, RED or ERROR from what was read, installed and run: a ladder."""
SHIPPED_SCRIPT = "shipped script"
"""The reproduction.py a GREEN verdict ships, checked before it is written."""
PHASES = (
    BLOCK_KIND,
    BLOCK_IN_CONTEXT,
    BLOCK_SIDE,
    PROSE_LINE,
    SYMPTOM,
    COMMENT,
    CLAIM,
    SHOWN_OUTPUT,
    OUTPUT_LINE,
    SCRIPT,
    COMPARISON,
    VERDICT,
    SHIPPED_SCRIPT,
)
"""The phases in the order a report is read."""


@dataclass(frozen=True)
class Example:
    """What ``apply`` returns for ``given`` (markdown, code, or a tuple of ``apply``'s
    arguments): one generated test."""

    given: Any
    expected: Any


@dataclass(frozen=True)
class Rule:
    """One decision, named: its phase, a one-line why, its examples and a pure ``apply``."""

    name: str
    phase: str
    doc: str
    examples: tuple[Example, ...]
    apply: Callable[..., Any]
    outcome: Callable[[Any], Any] | None = None
    """What of ``apply``'s answer the examples state (a verdict rule's examples give the
    verdict and its category, not every question it asks); None: the whole answer."""


def rules_of(phase: str, outcome: Callable[[Any], Any] | None = None) -> Callable[..., Rule]:
    """A maker of ``phase``'s rules: ``make(name, doc, apply, *examples)``; ``outcome`` as
    in :class:`Rule`."""

    def make(name: str, doc: str, apply: Callable[..., Any], *examples: Example) -> Rule:
        return Rule(name, phase, doc, examples, apply, outcome)

    return make
