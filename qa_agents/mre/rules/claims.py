"""What the author's sentences say the code did, as named rules: one clause at a time, the
first rule that decides wins.

Why: a report that shows no output or traceback often says it in words ("`parse` gives a
`LookupError`", "it returns `0`"); that claim is then the symptom a run is checked
against. A clause about what ought to happen ("should raise", "instead of 2") is no claim,
and a denial ("does not raise KeyError") says nothing happened. The sentences are cut
into clauses by ``claims/sentences.py``; the rules here read one clause, or the title.
"""

from __future__ import annotations

import re

from qa_agents.mre.rules.registry import CLAIM, Example, Rule, rules_of
from qa_agents.mre.rules.vocabulary import (
    DOTTED_PREFIX,
    NOT_NAMED_AS_ERRORS,
    RAISED,
    suffixes,
    words,
)

Claim = tuple[str, str]
"""(kind, text): ``("traceback", "KeyError: 'a'")`` or ``("output", "0\\n")``."""
NO_CLAIM: Claim = ("none", "")
"""What a rule answers for a clause it reads as no claim at all (later rules are skipped)."""

# a class named as an exception, or one of Python's that is not (``StopIteration``)
EXCEPTION_NAME = (
    rf"(?P<type>{DOTTED_PREFIX}(?:[A-Z]\w*{suffixes(RAISED)}|{words(*NOT_NAMED_AS_ERRORS)}))"
)
# "gives a `LookupError`", "causes an util.SelectorSyntaxError exception", "fails with KeyError"
_RAISES = re.compile(
    r"\b(?:gives?|gave|giving|raises?|raised|raising|throws?|threw|throwing|causes?|caused|"
    r"get|gets|got|getting|results? in|fails? with|failed with|failing with|produces?|"
    r"produced|returns?|returned|ends? with|ended with|there(?: is|'s) an? (?:error|exception))"
    r"\s*:?\s+(?:me\s+)?"
    r"(?:an?\s+|the\s+|this\s+|following\s+)*\W{0,2}" + EXCEPTION_NAME + r"\b"
)
# "a `KeyError` is raised", "KeyError exception occurs", "TypeError raised while …"
_IS_RAISED = re.compile(
    EXCEPTION_NAME + r"\W{0,2}\s+(?:exception\s+|error\s+)?"
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
WISH = re.compile(
    r"\b(?:should|shouldn'?t|expect\w*|would like|wants?|wanted|ought|supposed|desired|"
    r"intended|correct(?:ly)?|instead of|rather than|would be|must|ideally|hoping|hope)\b",
    re.I,
)
DENIAL = re.compile(r"\b(?:not|n't|never|no|without)\b", re.I)
# the report is about what the error says, not that it is raised
ABOUT_THE_MESSAGE = re.compile(
    r"\b(?:message|typo|wording|misleading|cryptic|unreadable|unhelpful|uninformative)\b", re.I
)
# a title that opens with the exception it is about: "TypeError on parsing …",
# "`KeyError` when …", "ValueError: bad input"
_TITLE_EXCEPTION = re.compile(
    r"^[`*_]{0,2}" + EXCEPTION_NAME + r"[`*_]{0,2}(?::\s*(?P<msg>.+)|\s|$)"
)


def _a_wish(clause: str) -> Claim | None:
    return NO_CLAIM if WISH.search(clause) else None


def _raises_an_exception(clause: str) -> Claim | None:
    raised = _RAISES.search(clause) or _IS_RAISED.search(clause)
    if raised is None or DENIAL.search(clause[: raised.start()]):
        return None
    message = _QUOTED_MESSAGE.match(clause[raised.end() :])
    ticked = clause[: raised.start("type")].endswith("`")
    return "traceback", raised.group("type") + (f": {message['msg']}" if message and ticked else "")


def _exception_in_parentheses(clause: str) -> Claim | None:
    named = _PAREN_RAISED.search(clause)
    text = named and (named.group("before") or named.group("after"))
    if named and text and not DENIAL.search(clause[: named.end()]):
        return "traceback", text
    return None


def _gives_a_value(clause: str) -> Claim | None:
    value = _VALUE.search(clause) or _BARE_VALUE.search(clause)
    if value is None or DENIAL.search(clause[: value.start()]):
        return None
    groups = value.groupdict()
    text = groups.get("tick") or groups.get("quote") or groups.get("curly") or groups.get("bare")
    return ("output", text.strip() + "\n") if text.strip() else None


def title_exception(title: str) -> Claim | None:
    """The exception a title opens with, as the symptom; a wish ("should raise") or a
    denial ("KeyError not raised") says it is not what happened, and a complaint about its
    message ("is misleading") that the raise alone shows nothing."""
    match = _TITLE_EXCEPTION.match(title.strip())
    if match is None or WISH.search(title) or DENIAL.search(title):
        return None
    if ABOUT_THE_MESSAGE.search(title):  # "XError is misleading": its words are the bug
        return None
    return "traceback", match.group("type") + (f": {match['msg'].strip()}" if match["msg"] else "")


_claim = rules_of(CLAIM)


_E = Example
TITLE_OPENS_WITH_AN_EXCEPTION = _claim(
    "title-opens-with-an-exception",
    "A title opening with an exception (`TypeError on parsing …`, `ValueError: bad`) names "
    "the symptom first, unless it wishes, denies or complains about the message.",
    title_exception,
    _E("TypeError on parsing dates", ("traceback", "TypeError")),
    _E("`ValueError`: bad input", ("traceback", "ValueError: bad input")),
    _E("KeyError not raised for a missing key", None),
    _E("KeyError message is misleading", None),
)
CLAUSE_RULES: list[Rule] = [
    _claim(
        "a-wish-is-no-claim",
        'A clause about what ought to happen ("should raise", "I expected `2`", "instead '
        'of") states no fact about the run.',
        _a_wish,
        _E("it should raise KeyError", NO_CLAIM),
        _E("I would expect `[1, 2]`", NO_CLAIM),
        _E("it raises KeyError", None),
    ),
    _claim(
        "raises-an-exception",
        'A clause saying the code raised a named exception ("gives a `LookupError`", "a '
        '`KeyError` is raised") claims that traceback; a denial before it does not.',
        _raises_an_exception,
        _E("calling it gives a `LookupError`", ("traceback", "LookupError")),
        _E("it fails with `KeyError: 'a'`", ("traceback", "KeyError: 'a'")),
        _E("a StopIteration is raised", ("traceback", "StopIteration")),
        _E("it does not raise KeyError", None),
    ),
    _claim(
        "exception-in-parentheses",
        'A clause saying an error occurs and naming its class in parentheses ("a parsing '
        'error occurs (arpeggio.NoMatch)") claims that traceback.',
        _exception_in_parentheses,
        _E("a parsing error occurs (arpeggio.NoMatch)", ("traceback", "arpeggio.NoMatch")),
        _E("an exception (`NoMatch`) is raised", ("traceback", "NoMatch")),
        _E("no error occurs (NoMatch)", None),
    ),
    _claim(
        "gives-a-value",
        'A clause saying the code gave a quoted or literal value ("returns `0`", "I got '
        '"a while"", "gives [1, 2]") claims that output.',
        _gives_a_value,
        _E("it returns `0`", ("output", "0\n")),
        _E('I got "a while" as the output', ("output", "a while\n")),
        _E("gives [1, 2]", ("output", "[1, 2]\n")),
        _E("it never returns `0`", None),
        _E("it returns a list of names", None),
    ),
]


def clause_claim(clause: str) -> tuple[Claim, str] | None:
    """(claim, the rule that decided) for one clause, or None when it claims nothing."""
    for rule in CLAUSE_RULES:
        claim = rule.apply(clause)
        if claim == NO_CLAIM:
            return None
        if claim is not None:
            return claim, rule.name
    return None
