"""What the author's prose says about the symptom itself, as named rules: it never finishes,
the raise is the correct behaviour, the bug is the message's wording, nothing is raised or
printed.

Why: these sentences change what a run is checked for. "It hangs" makes a timeout the
reproduction; "`encode` should raise on such a key" makes a raise correct rather than the
symptom; "raises no exception" makes the absence of one the bug. Each rule reads the prose
(the report without its blocks) or one sentence of it; ``claims/behavior.py`` applies them.
"""

from __future__ import annotations

import re

from qa_agents.mre.rules.claims import ABOUT_THE_MESSAGE
from qa_agents.mre.rules.registry import SYMPTOM, Example, Rule, rules_of
from qa_agents.mre.rules.vocabulary import EXPECTATION, IN_PLACE_OF, WISH, words

Absence = str
"""``"exception"`` (nothing is raised) or ``"output"`` (nothing is printed)."""
NOT_A_FACT = "none"
"""A sentence about what should happen: it says nothing about what happened."""

_NEVER_FINISHES = re.compile(
    r"\b(?:hangs?|hanging|hung|forever|endless(?:ly)?|infinite(?:ly)?(?: loop)?|freez(?:es|ing)|"
    r"never (?:returns?|ends|finishes|terminates|completes|stops|exits)|"
    r"(?:doesn'?t|does not|won'?t|will not) (?:return|terminate|finish|stop|exit|complete))\b",
    re.I,
)
_RAISE_IS_CORRECT = re.compile(
    r"\b(should (?:raise|throw|fail|error)|expected (?:it )?to (?:raise|throw|fail)|"
    r"without rais\w*|(?:doesn'?t|does not|didn'?t|did not|never) (?:raise|throw)|"
    r"no (?:error|exception) (?:is )?(?:raised|thrown)|silently (?:accepts?|returns?|succeeds?))",
    re.IGNORECASE,
)
_SHOULD = re.compile(rf"\b({words(*EXPECTATION, *WISH, IN_PLACE_OF)})\b", re.I)
_NO_RAISE = re.compile(
    r"\b(?:raises?|throws?) no (?:exceptions?|errors?)\b|"
    r"\b(?:doesn'?t|does not|didn'?t|did not|never|won'?t) (?:raise|throw)\b|"
    r"\bno (?:exception|error) (?:is |was |gets )?(?:raised|thrown)\b|"
    r"\b(?:runs?|ran|returns?|passe[sd]) (?:with no |without (?:an?y? )?)(?:errors?|exceptions?)\b",
    re.I,
)
_NO_OUTPUT = re.compile(
    r"\bprint\w*\b[^.!?\n]{0,30}\b(?:never|not|n't)\b[^.!?\n]{0,15}"
    r"\b(?:execut\w*|run\w*|reached|called|happen\w*)|"
    r"\bnothing (?:is |gets |was )?(?:printed|shown|displayed)\b|\bprints nothing\b",
    re.I,
)


def never_finishes(prose: str) -> bool:
    """The author says the code never finishes ("hangs", "keeps printing x forever")."""
    return _NEVER_FINISHES.search(prose) is not None


def about_the_message(prose: str) -> bool:
    """The report is about what an exception says, not that it is raised."""
    return ABOUT_THE_MESSAGE.search(prose) is not None


def raise_is_correct(sentence: str) -> bool:
    """A sentence saying the code ought to raise (or silently does not)."""
    return _RAISE_IS_CORRECT.search(sentence) is not None


def _wish_is_no_absence(sentence: str) -> Absence | None:
    return NOT_A_FACT if _SHOULD.search(sentence) else None


def _nothing_is_raised(sentence: str) -> Absence | None:
    return "exception" if _NO_RAISE.search(sentence) else None


def _nothing_is_printed(sentence: str) -> Absence | None:
    return "output" if _NO_OUTPUT.search(sentence) else None


_symptom = rules_of(SYMPTOM)


_E = Example
SAYS_IT_NEVER_FINISHES = _symptom(
    "says-it-never-finishes",
    'The prose says the code never finishes ("hangs", "never returns", "forever"): a run '
    "cut at the time limit shows the symptom.",
    never_finishes,
    _E("Calling it hangs.", True),
    _E("It does not return when the list is empty.", True),
    _E("It returns 3.", False),
)
ABOUT_THE_MESSAGE_RULE = _symptom(
    "about-the-message",
    'The prose is about what an exception says ("the message is misleading", "a typo"): '
    "the raise alone shows nothing.",
    about_the_message,
    _E("The error message is misleading.", True),
    _E("It raises KeyError.", False),
)
SAYS_A_RAISE_IS_CORRECT = _symptom(
    "says-a-raise-is-correct",
    'A sentence saying the code ought to raise ("`encode` should raise on such a key", '
    '"silently accepts") makes a raise the correct outcome, not the symptom.',
    raise_is_correct,
    _E("`encode` should raise on such a key.", True),
    _E("It silently accepts bad input.", True),
    _E("It raises ValueError.", False),
)
ABSENCE_RULES: list[Rule] = [
    _symptom(
        "a-wish-says-no-absence",
        'A sentence about what should happen ("it should raise no error") says nothing about '
        "what did not happen.",
        _wish_is_no_absence,
        _E("It should pass without errors.", NOT_A_FACT),
        _E("It raises no exception.", None),
    ),
    _symptom(
        "says-nothing-is-raised",
        'A sentence saying the code raises nothing ("raises no exception", "runs without '
        'errors") makes the absence of a raise the symptom.',
        _nothing_is_raised,
        _E("It raises no exception.", "exception"),
        _E("The call ran without any errors.", "exception"),
        _E("It raises ValueError.", None),
    ),
    _symptom(
        "says-nothing-is-printed",
        'A sentence saying nothing is printed ("prints nothing", "the print is never '
        'reached") makes silence the symptom.',
        _nothing_is_printed,
        _E("It prints nothing.", "output"),
        _E("The print statement is never executed.", "output"),
        _E("It prints 3.", None),
    ),
]
SYMPTOM_RULES = [SAYS_IT_NEVER_FINISHES, ABOUT_THE_MESSAGE_RULE, SAYS_A_RAISE_IS_CORRECT]


def absence(sentence: str) -> tuple[Absence, str] | None:
    """(what the sentence says does not happen, the rule that read it), or None."""
    for rule in ABSENCE_RULES:
        said = rule.apply(sentence)
        if said == NOT_A_FACT:
            return None
        if said is not None:
            return said, rule.name
    return None
