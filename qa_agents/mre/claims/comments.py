"""What an author writes as a comment beside a line of code: what the line showed, the
exception it raised, or that it fails or works.

Why its own module: reports often give the symptom only there (``parse(x)  # getting
None``, ``assert ok(d)  # Fails``). The report reader takes these comments as shown
evidence, the hydration echoes the expressions whose value a comment claims, and the
comparison reads the comment on the line a run raised at; all three read them alike.
"""

from __future__ import annotations

import ast
import re
from typing import Literal

from qa_agents.mre.models import CodeBlock, MarkedLine, ShownEvidence
from qa_agents.mre.rules.registry import COMMENT, Example, rules_of
from qa_agents.mre.rules.vocabulary import RAISED, exception_class

# "call(x)  # raises KeyError: 'x'": an exception written beside its line
_RAISE = re.compile(rf"(?P<exc>\b{exception_class(RAISED)}\b(?::[^#\n]*)?)\s*$")
# "should print 3", "expected: 3", "returns None", "-> 3": who says it, and the value
_EXPECTING = r"(?P<should>(?:should|would|must|expected(?:\s+to)?|expecting|want(?:ed)?)\b\s*:?\s*)"
_VERB = (
    r"(?P<verb>(?:getting|gets?|got|returns?|returned|returning|gives?|gave|giving|"
    r"prints?|printed|printing|outputs?|shows?|showing|yields?|evaluates?\s+to|be)\b|"
    r"->|=>|→)"
)
_CLAIM = re.compile(rf"^{_EXPECTING}?{_VERB}?\s*:?\s*(?P<value>\S.*?)\s*$", re.I)
# prose after the value: "None, but 'x' is expected", "None instead of 'x'"
_VALUE_TAIL = re.compile(
    r"(?:[,;.]\s+|\s+)(?:but|instead|whereas|while|although|though|expected|should|which|"
    r"when|not|on|in|with)\b.*$|\s+\(.*\)$",
    re.I,
)
_FAILS = re.compile(
    r"\b(?:fail(?:s|ed|ing|ure)?|errors?(?:ed)?|raise[sd]?|throws?|threw|crash(?:es|ed)?|"
    r"breaks?|broke|broken|exception)\b",
    re.I,
)
_WORKS = re.compile(r"\b(?:works?|worked|working|pass(?:es|ed)?|ok(?:ay)?|fine|succeed\w*)\b", re.I)
# "should" in the languages reports' comments are written in: the expected side
_SHOULD_ABROAD = r"应该|应当|应|應該|應|べき|должн\w*|deber[ií]a|sollte|devrait|deveria|dovrebbe"
# "should fail", "expected to raise", "will fail", "fails silently": no claim about this run
_NOT_A_MARK = re.compile(
    r"\b(?:should(?:n'?t)?|expect\w*|must|would|ought|supposed|want\w*|silent\w*)\b|"
    + _SHOULD_ABROAD,
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:no|not|never|without|cannot|\w+n't|(?:does|do|did|is|was|won|can)nt)\s+(?:\w+\s+)?$",
    re.I,
)
_REPR_NAMES = {"nan", "inf", "NaN", "Infinity"}


def comment_of(line: str) -> str:
    """The comment on one line of code (text after a ``#`` outside string literals)."""
    quote = ""
    i = 0
    while i < len(line):
        char = line[i]
        if quote:
            if char == "\\":
                i += 1
            elif line.startswith(quote, i):
                i += len(quote) - 1
                quote = ""
        elif char in "'\"":
            quote = char * 3 if line.startswith(char * 3, i) else char
            i += len(quote) - 1
        elif char == "#":
            return line[i + 1 :].strip()
        i += 1
    return ""


def code_of(line: str) -> str:
    """The line without its comment."""
    comment = comment_of(line)
    if not comment:
        return line.strip()
    return line[: line.rfind(comment)].rstrip().removesuffix("#").strip()


def line_mark(comment: str) -> Literal["fails", "works"] | None:
    """What a comment says of its line: it fails (raises), or it works; None when it says
    neither, both, or what should happen ("should fail" is the expected side)."""
    if _NOT_A_MARK.search(comment):
        return None
    said = set()
    for pattern, side, flipped in ((_FAILS, "fails", "works"), (_WORKS, "works", "fails")):
        for match in pattern.finditer(comment):
            negated = _NEGATION.search(comment[: match.start()])
            said.add(flipped if negated else side)
    return said.pop() if len(said) == 1 else None  # type: ignore[return-value]


def raise_in_comment(comment: str) -> tuple[str, str] | None:
    """(side, exception) a comment names as raised by its line: ``# raises KeyError: 'a'``
    is what happened, ``# should raise ValueError`` (in any language) what should."""
    raised = _RAISE.search(comment)
    if raised is None:
        return None
    expected = re.search(rf"\b(should|expect\w*)\b|{_SHOULD_ABROAD}", comment, re.I)
    return ("expected" if expected else "actual"), raised.group("exc").strip()


def value_claim(line: str, printed: bool = False) -> tuple[bool, str] | None:
    """(expected?, value) claimed by the comment on a line: ``f(x)  # returns None``.

    ``printed``: the line is a ``print``, whose output is text; otherwise the line is a
    bare expression, whose value shows as its ``repr``, so the claim must read as one
    (``None``, ``'a'``, ``[1]``, ``Point(x=1)``, ``<Foo object>``), not a description
    ("# gives the wrong result").
    """
    match = _CLAIM.match(comment_of(line))
    if not match:
        return None
    if not (match.group("should") or match.group("verb")):
        return _bare_value(comment_of(line), printed)
    value = match.group("value").strip("`").strip()
    if not printed:
        if not _reads_as_repr(value):
            value = _VALUE_TAIL.sub("", value).strip().strip("`")
        value = value.removesuffix(".").strip("`")  # a sentence's stop: no repr ends in "."
        if not _reads_as_repr(value):
            return None
    elif (match.group("verb") or "").lower() == "be" or not match.group("verb"):
        return None  # "print(x)  # should be 3": kept to what a print shows
    return bool(match.group("should")), value


def _bare_value(comment: str, printed: bool) -> tuple[bool, str] | None:
    """``print(f(x))  # ['a']  # wrong``: a comment that is only a value (up to a second
    ``#``) is what the line showed. Only a written-out literal counts, not a word."""
    value = comment.split("#", 1)[0].strip().strip("`").strip()
    try:
        literal = ast.literal_eval(value)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    if printed and isinstance(literal, str):
        return False, literal  # print shows a string without its quotes
    return False, value


def _reads_as_repr(value: str) -> bool:
    if value.startswith("<") and value.endswith(">"):
        return True
    try:
        node = ast.parse(value, mode="eval").body
    except SyntaxError:
        return False
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        node = node.operand
    if isinstance(node, ast.Name):
        return node.id in _REPR_NAMES
    return isinstance(
        node, ast.Constant | ast.List | ast.Tuple | ast.Set | ast.Dict | ast.Call | ast.Attribute
    )


def commented_evidence(block: CodeBlock, source: str) -> list[ShownEvidence]:
    """What the author wrote beside the block's lines: each exception raised, and what
    each print or bare expression showed ("# should print b" is expected instead)."""
    found: list[ShownEvidence] = []
    shown: dict[str, list[str]] = {"actual": [], "expected": []}
    expressions = _bare_expression_lines(block.content)
    previous = ""
    for number, written in enumerate(block.content.splitlines(), 1):
        line = written
        if (
            not code_of(written)
            and previous
            and not comment_of(previous)
            and written.lstrip().startswith("#")
        ):
            # "print(x)" then "#Output: hi" on the next line: the comment is the print's
            line, number = f"{previous}  {written.strip()}", number - 1
        previous = written if code_of(written) else ""
        if not code_of(line):
            continue
        comment = comment_of(line)
        raised = raise_in_comment(comment)
        if raised:
            found.append(
                ShownEvidence(
                    kind="traceback",
                    context=raised[0],
                    text=raised[1] + "\n",
                    source=f"{source}, a comment",
                    rule=COMMENT_NAMES_A_RAISE.name,
                )
            )
        printed = re.match(r"\s*print\(.*\)\s*#", line) is not None
        claim = value_claim(line, printed) if printed or number in expressions else None
        label = _printed_label(code_of(line)) if printed else ""
        if label and comment.startswith(label):  # print("Output: ", x)  # Output: hi
            claim = (False, comment)
        if claim:
            shown["expected" if claim[0] else "actual"].append(claim[1] + "\n")
    found += [
        ShownEvidence(
            kind="output",
            context=context,  # type: ignore[arg-type]
            text="".join(lines),
            source=source,
            rule=COMMENT_GIVES_THE_VALUE.name,
        )
        for context, lines in shown.items()
        if lines
    ]
    return found


def _printed_label(code: str) -> str:
    """The text a ``print`` writes first when its first argument is a literal string."""
    try:
        call = ast.parse(code.strip()).body[0].value  # type: ignore[attr-defined]
        first = call.args[0]
    except (SyntaxError, IndexError, AttributeError):
        return ""
    return (
        first.value.strip()
        if isinstance(first, ast.Constant) and isinstance(first.value, str)
        else ""
    )


def marked_lines(block: CodeBlock, source: str) -> list[MarkedLine]:
    """Lines the author marks as failing or working: ``assert ok(d)  # Fails``."""
    marked = []
    for line in block.content.splitlines():
        says = line_mark(comment_of(line)) if code_of(line) else None
        if says:
            marked.append(
                MarkedLine(line=code_of(line), comment=comment_of(line), says=says, source=source)
            )
    return marked


def _bare_expression_lines(code: str) -> set[int]:
    """Line numbers of one-line bare top-level expressions (not ``print`` calls)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return set()
    return {n.lineno for n in bare_expressions(tree) if n.lineno == n.end_lineno}


def bare_expressions(tree: ast.Module) -> list[ast.Expr]:
    """Top-level expressions whose value the prompt would show: not a docstring, not a
    ``print`` call."""
    return [
        n
        for n in tree.body
        if isinstance(n, ast.Expr)
        and not (isinstance(n.value, ast.Constant) and isinstance(n.value.value, str))
        and not (
            isinstance(n.value, ast.Call)
            and isinstance(n.value.func, ast.Name)
            and n.value.func.id == "print"
        )
    ]


# -- the comment rules --------------------------------------------------------------------

_comment = rules_of(COMMENT)
_E = Example
COMMENT_NAMES_A_RAISE = _comment(
    "comment-names-a-raise",
    "A comment ending in an exception (`f(x)  # raises KeyError: 'a'`) shows that raise; "
    'with "should" or "expected" (any language) it is what should happen.',
    raise_in_comment,
    _E("raises KeyError: 'a'", ("actual", "KeyError: 'a'")),
    _E("should raise ValueError", ("expected", "ValueError")),
    _E("works fine", None),
)
COMMENT_MARKS_THE_LINE = _comment(
    "comment-marks-the-line",
    "A comment saying its line fails (`# Fails`, `# error`) or works (`# ok`), and not "
    "what should happen, marks where a run must (not) raise.",
    line_mark,
    _E("Fails", "fails"),
    _E("this one works", "works"),
    _E("doesn't work", "fails"),
    _E("should fail", None),  # the expected side
)
COMMENT_GIVES_THE_VALUE = _comment(
    "comment-gives-the-value",
    "A comment giving the value a print or a bare expression showed (`# returns None`, "
    '`# [1, 2]`) is shown output; with "should" it is the expected value.',
    value_claim,
    _E("f(x)  # returns None", (False, "None")),
    _E("f(x)  # should be [1, 2]", (True, "[1, 2]")),
    _E("f(x)  # gives the wrong result", None),  # a description, not a value
)
COMMENT_RULES = [COMMENT_NAMES_A_RAISE, COMMENT_MARKS_THE_LINE, COMMENT_GIVES_THE_VALUE]
