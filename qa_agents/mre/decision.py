"""A verdict with its reason category, reasons and the questions owed to the author.

Apart from the rules that decide it (``verdict.py``, ``missing_input.py``) because every
rule builds one, and the report and the pipeline read it.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from qa_agents.mre.models import BehaviorAnalysis, Comparison, ExtractionMetadata, Verdict

CATEGORIES = {
    Verdict.GREEN: ("reproduced",),
    Verdict.YELLOW: (
        "fixed-since",
        "raise-is-correct",
        "matches-expected",
        "not-checkable",
        "not-reproduced",
    ),
    Verdict.RED: (
        "no-code",
        "not-parseable",
        "missing-file",
        "missing-module",
        "undefined-name",
        "credentials",
        "network",
        "keyboard-input",
        "timeout",
    ),
    Verdict.ERROR: ("infrastructure",),
}


class Decision(BaseModel):
    """The verdict with the reasons and questions that the report prints.

    ``category`` names the kind of reason in one word a bench or a dashboard can count
    (``missing-file``, ``network``, ``fixed-since``…; see ``CATEGORIES``).
    """

    verdict: Verdict
    category: str = ""
    reasons: list[str] = Field(default_factory=list)
    questions: list[str] = Field(default_factory=list)
    missing_information: list[str] = Field(default_factory=list)
    verdict_rule: str = Field("", description="The named verdict rule that decided it.")
    rules: list[str] = Field(
        default_factory=list,
        description="The named reading rules the verdict rests on (``open-mre --rules``).",
    )


def ask(reason: str, question: str, missing: str, category: str) -> Decision:
    """RED with the one question and the one missing input that go with the reason."""
    return Decision(
        verdict=Verdict.RED,
        category=category,
        reasons=[reason],
        questions=[question],
        missing_information=[missing],
    )


def rules_behind(
    meta: ExtractionMetadata,
    behavior: BehaviorAnalysis | None = None,
    comparison: Comparison | None = None,
) -> list[str]:
    """The named rules the verdict rests on, in reading order, once each: those that
    decided each block (its kind, its side, a file it was written as), those that read a
    claim or a symptom from the prose, those that completed the script, and the rule that
    compared the run with the report."""
    claims = [*(e.rule for e in behavior.shown if e.rule), *behavior.rules] if behavior else []
    blocks = [r for b in meta.blocks for r in b.rules]
    compared = [comparison.rule] if comparison and comparison.rule else []
    return list(dict.fromkeys([*blocks, *claims, *meta.rules, *compared]))
