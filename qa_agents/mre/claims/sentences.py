"""What a report says the code did, when it shows no output or traceback of its own.

Many reports write the symptom in a sentence: "searching for `x` gives a `LookupError`",
"the code below causes an ``util.SelectorSyntaxError`` exception", 'but I got "a while"
as the output'. Such a sentence names an exception class or quotes a value, which a run
can be compared with as well as a pasted block. Only clauses that state what happened
count: a clause about what should happen ("should raise", "I expected", "instead of
...") or one that denies it ("does not raise") is the author's wish, not the symptom.
"""

from __future__ import annotations

import re

from qa_agents.mre.models import ShownEvidence
from qa_agents.mre.rules.claims import (
    ABOUT_THE_MESSAGE,
    TITLE_OPENS_WITH_AN_EXCEPTION,
    clause_claim,
    title_exception,
)

__all__ = ["ABOUT_THE_MESSAGE", "prose_claims", "report_claims", "title_claim"]

# where one clause of a sentence ends and the next begins
_CLAUSE = re.compile(
    r"\s*(?:[;,]?\s+\b(?:but|however|instead|whereas)\b|;|\binstead of\b)\s*", re.I
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`\"])|\n\s*\n|\n(?=\s*[#*-])")


def prose_claims(prose: str) -> list[ShownEvidence]:
    """The exception or value each factual clause of the prose says the code gave."""
    found: list[ShownEvidence] = []
    for sentence in _SENTENCE.split(prose):
        for clause in _clauses(sentence):
            claim = _claim(clause)
            if claim is not None and claim.text not in {c.text for c in found}:
                found.append(claim)
    return found


def report_claims(title: str, prose: str) -> list[ShownEvidence]:
    """What the title and the author's sentences say the code did; a title that opens
    with an exception names it first ("TypeError on parsing …")."""
    named = title_claim(title)
    claims = prose_claims(f"{title}.\n\n{prose}" if title else prose)
    return [named, *claims] if named else claims


def title_claim(title: str) -> ShownEvidence | None:
    """The exception a title names first, as the symptom (rule
    ``title-opens-with-an-exception``)."""
    claim = title_exception(title)
    if claim is None:
        return None
    return ShownEvidence(
        kind="traceback",
        context="actual",
        text=claim[1],
        source=f"title: {title}",
        rule=TITLE_OPENS_WITH_AN_EXCEPTION.name,
    )


def _clauses(sentence: str) -> list[str]:
    """The parts of a sentence that can state a fact: what comes after "instead of"
    ("returns 1 instead of 2") is the wish, and so is the rest of its clause."""
    text = " ".join(sentence.split())
    parts = _CLAUSE.split(text)
    separators = [m.group(0) for m in _CLAUSE.finditer(text)]
    return [
        parts[0],
        *(
            part
            for sep, part in zip(separators, parts[1:], strict=True)
            if "instead of" not in sep.lower()
        ),
    ]


def _claim(clause: str) -> ShownEvidence | None:
    """The claim of one clause, by the first rule of ``rules/claims.py`` that decides."""
    decided = clause_claim(clause)
    if decided is None:
        return None
    (kind, text), rule = decided
    source = f"prose: {clause.strip()[:160]}"
    return ShownEvidence(kind=kind, context="actual", text=text, source=source, rule=rule)  # type: ignore[arg-type]
