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
from qa_agents.mre.rules.vocabulary import (
    DOTTED_PREFIX,
    NOT_NAMED_AS_ERRORS,
    RAISED,
    suffixes,
    words,
)

# a class named as an exception, or one of Python's that is not (``StopIteration``)
_EXCEPTION_NAME = (
    rf"(?P<type>{DOTTED_PREFIX}(?:[A-Z]\w*{suffixes(RAISED)}|{words(*NOT_NAMED_AS_ERRORS)}))"
)
# "gives a `LookupError`", "causes an util.SelectorSyntaxError exception", "fails with KeyError"
_RAISES = re.compile(
    r"\b(?:gives?|gave|giving|raises?|raised|raising|throws?|threw|throwing|causes?|caused|"
    r"get|gets|got|getting|results? in|fails? with|failed with|failing with|produces?|"
    r"produced|returns?|returned|ends? with|ended with|there(?: is|'s) an? (?:error|exception))"
    r"\s*:?\s+(?:me\s+)?"
    r"(?:an?\s+|the\s+|this\s+|following\s+)*\W{0,2}" + _EXCEPTION_NAME + r"\b"
)
# "a `KeyError` is raised", "KeyError exception occurs", "TypeError raised while …"
_IS_RAISED = re.compile(
    _EXCEPTION_NAME + r"\W{0,2}\s+(?:exception\s+|error\s+)?"
    r"(?:(?:(?:is|was|gets|got|being)\s+)?(?:raised|thrown)|occurs|occurred|happens|happened)\b"
)
# "a parsing error occurs (arpeggio.NoMatch)", "an exception (`NoMatch`) is raised"
_PAREN_RAISED = re.compile(
    r"\b(?:error|exception)\s+(?:\(\W?(?P<before>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)\W?\)\s+)?"
    r"(?:occurs|occurred|happens|happened|(?:is|was|gets|got)\s+(?:raised|thrown))"
    r"(?:\s+\(\W?(?P<after>(?:[A-Za-z_]\w*\.)*[A-Z]\w*)\W?\))?",
    re.I,
)
# "I got "a while" as the output", "returns `0`", "prints `[1, 2]`"
_VALUE = re.compile(
    r"\b(?:got|get|gets|getting|returns?|returned|returning|gives?|gave|giving|prints?|"
    r"printed|printing|outputs?|outputted|shows?|showed|displays?|displayed|yields?|"
    r"yielded|evaluates? to|results? in|will be)\s*:?\s+(?:me\s+|back\s+)?(?:an?\s+(?=`))?"
    r"(?:`+(?P<tick>[^`\n]{1,120}?)`+|\"(?P<quote>[^\"\n]{1,120})\"|“(?P<curly>[^”\n]{1,120})”)"
)
# "returns (2,6]", "gives [1, 2]": an unquoted value that can only be a literal (it opens
# with a bracket, a digit or a quote, and has no words after a space) or a URL ("it
# prints http://example.com/?a=1"), ending its clause
_BARE_VALUE = re.compile(
    r"\b(?:returns?|returned|gives?|gave|prints?|printed|outputs?|yields?|evaluates? to)"
    r"\s*:?\s+(?P<bare>[\[({'\d-](?!.*\s[A-Za-z]).*?|[a-z]+://\S+?)[.;:]?\s*$"
)
# the message after the class in the same code span: "fails with `KeyError: 'a'`"
_QUOTED_MESSAGE = re.compile(r":\s*(?P<msg>[^`]+?)\s*`")
# a clause about what ought to happen, not what did
_WISH = re.compile(
    r"\b(?:should|shouldn'?t|expect\w*|would like|wants?|wanted|ought|supposed|desired|"
    r"intended|correct(?:ly)?|instead of|rather than|would be|must|ideally|hoping|hope)\b",
    re.I,
)
_DENIAL = re.compile(r"\b(?:not|n't|never|no|without)\b", re.I)
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


# the report is about what the error says, not that it is raised
ABOUT_THE_MESSAGE = re.compile(
    r"\b(?:message|typo|wording|misleading|cryptic|unreadable|unhelpful|uninformative)\b", re.I
)
# a title that opens with the exception it is about: "TypeError on parsing …",
# "`KeyError` when …", "ValueError: bad input"
_TITLE_EXCEPTION = re.compile(
    r"^[`*_]{0,2}" + _EXCEPTION_NAME + r"[`*_]{0,2}(?::\s*(?P<msg>.+)|\s|$)"
)


def report_claims(title: str, prose: str) -> list[ShownEvidence]:
    """What the title and the author's sentences say the code did; a title that opens
    with an exception names it first ("TypeError on parsing …")."""
    named = title_claim(title)
    claims = prose_claims(f"{title}.\n\n{prose}" if title else prose)
    return [named, *claims] if named else claims


def title_claim(title: str) -> ShownEvidence | None:
    """The exception a title names first, as the symptom; a wish ("should raise") or a
    denial ("KeyError not raised") says it is not what happened, and a complaint about
    its message ("is misleading") that the raise alone shows nothing."""
    match = _TITLE_EXCEPTION.match(title.strip())
    if match is None or _WISH.search(title) or _DENIAL.search(title):
        return None
    if ABOUT_THE_MESSAGE.search(title):  # "XError is misleading": its words are the bug
        return None
    text = match.group("type") + (f": {match['msg'].strip()}" if match["msg"] else "")
    return ShownEvidence(kind="traceback", context="actual", text=text, source=f"title: {title}")


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
    if _WISH.search(clause):
        return None
    source = f"prose: {clause.strip()[:160]}"
    raised = _RAISES.search(clause) or _IS_RAISED.search(clause)
    if raised is not None and not _DENIAL.search(clause[: raised.start()]):
        message = _QUOTED_MESSAGE.match(clause[raised.end() :])
        ticked = clause[: raised.start("type")].endswith("`")
        text = raised.group("type") + (f": {message['msg']}" if message and ticked else "")
        return ShownEvidence(kind="traceback", context="actual", text=text, source=source)
    named = _PAREN_RAISED.search(clause)
    text = named and (named.group("before") or named.group("after"))
    if named and text and not _DENIAL.search(clause[: named.end()]):
        return ShownEvidence(kind="traceback", context="actual", text=text, source=source)
    value = _VALUE.search(clause) or _BARE_VALUE.search(clause)
    if value is not None and not _DENIAL.search(clause[: value.start()]):
        groups = value.groupdict()
        text = (
            groups.get("tick") or groups.get("quote") or groups.get("curly") or groups.get("bare")
        )
        if text.strip():
            return ShownEvidence(
                kind="output", context="actual", text=text.strip() + "\n", source=source
            )
    return None
