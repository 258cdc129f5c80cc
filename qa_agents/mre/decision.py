"""A verdict with its reason category, reasons and the questions owed to the author.

Apart from the rules that decide it (``verdict.py``, ``missing_input.py``) because every
rule builds one, and the report and the pipeline read it.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from qa_agents.mre.models import Verdict

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


def ask(reason: str, question: str, missing: str, category: str) -> Decision:
    """RED with the one question and the one missing input that go with the reason."""
    return Decision(
        verdict=Verdict.RED,
        category=category,
        reasons=[reason],
        questions=[question],
        missing_information=[missing],
    )
