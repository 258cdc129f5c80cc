"""Sessions pasted in prose without ``>>>`` prompts: statements with the values they showed.

Authors paste what they typed and what came back in three bare shapes: a statement and
the repr under it (``hm("Ann, Lee")`` then ``<HumanName : [...]>``), a ``>`` prompt
instead of ``>>>``, and an inline call with an ``output: 'x'`` line under it. Each is
rewritten as the ``>>>`` transcript it stands for, so the values are echoed when the
code runs and compared with what the report shows.
"""

from __future__ import annotations

import ast
import re

from qa_agents.mre.read.syntax import (
    does_something,
    is_expression,
    is_literal,
    is_runnable_call,
    literal_arguments,
    parses,
)
from qa_agents.mre.read.transcripts import OUT_PROMPT, is_gt_session
from qa_agents.mre.rules.vocabulary import RAISED_OR_WARNED, exception_class

# a line that opens a statement of a session: a comment, a call, an assignment, an import
_STATEMENT = re.compile(
    r"^(?:#|import |from [\w.]+ import |[A-Za-z_][\w.]*(?:\[[^\]]*\])*\s*(?:=[^=]|\(|\.|$))"
)
# prose, not a printed value: a capitalised sentence of five words or more
_SENTENCE = re.compile(r"^[A-Z][a-z']*(?:,? [\w'’,()-]+){4,}[.!?:]?\s*$")
# what a printed value's line starts with: a repr, a literal, or the indentation of one
_VALUE_LINE = re.compile(r"^(?:\s|[<>\[\]{}()\'\"\d]|-\d|True\b|False\b|None\b|[A-Za-z_][\w.]*\()")
# "output: 'flmy'", "out: 'aB'", "returns 3", "-> None" under an inline call
_RESULT_LINE = re.compile(
    r"^\s*(?:>\s*)?(?:(?:output|out|result|returns?|gives?|got|prints?)\s*:?(?:\s*(?:->|=>|→))?|-{1,2}>|=>|→)"
    r"\s*(?P<value>\S.*?)\s*$",
    re.I,
)
# an inline span alone on its line, maybe after a short label: "input : ``f(x)``"
_INLINE_CODE = re.compile(
    r"^\s*(?:[A-Za-z][\w ]{0,20}?\s*:\s*)?(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)\s*$"
)


def gt_session(lines: list[str], start: int) -> tuple[str, int] | None:
    """A paragraph typed at a ``>`` prompt with its output unprompted under it."""
    end = _paragraph_end(lines, start)
    body = "\n".join(lines[start:end]) + "\n"
    if not lines[start].startswith(">") or not is_gt_session(body):
        return None
    return body, end


def inline_call_with_result(lines: list[str], start: int) -> tuple[str, int] | None:
    """`` `singularize('flour')` `` with ``output: 'flmy'`` on the next line (the span may
    follow a label, ``input : ``f(x)````, and the value sit in backticks), or the same
    with the call unquoted when it runs as given (``w2n.to_num("ten")`` /
    ``returns -> 2000``), or any statement with IPython's ``Out[21]: ('c', 20)`` under it
    (the prompt shows it was typed, whatever its arguments)."""
    only = _INLINE_CODE.match(lines[start])
    bare = lines[start].strip()
    if start + 1 >= len(lines):
        return None
    announced = _ANNOUNCING_TAIL.search(bare)  # "utm.to_latlon(...) returns", value below
    if announced and is_runnable_call(bare[: announced.start()]):
        value = lines[start + 1].strip().strip("`")
        if is_expression(value):
            return f">>> {bare[: announced.start()]}\n{value}\n", start + 2
    shown = _shown_below(lines, start) if only else None  # "I get a response:" then `x`
    if shown is not None and does_something(only.group("code")):
        return f">>> {only.group('code').strip()}\n{shown}\n", start + 3
    ipython = OUT_PROMPT.match(lines[start + 1])  # IPython's ``Out[21]:``: typed at a prompt
    result = _RESULT_LINE.match(lines[start + 1])
    called = is_runnable_call(bare) or (
        result is not None
        and _function_called(bare)
        and is_expression(_without_prose_tail(result.group("value").strip("`")))
    )
    if not only and not ipython and not called:
        return None
    code = only.group("code").strip() if only else bare
    if not (result or ipython) or not does_something(code):
        return None
    shown = lines[start + 1][ipython.end() :] if ipython else result.group("value")
    value = _without_prose_tail(shown.strip().strip("`").strip())
    return f">>> {code}\n{value}\n", start + 2


# a line saying the value under it is what came back: "I get a response:", "Output:"
_ANNOUNCES = re.compile(
    r"^\s*(?:(?:I|we|it)\s+)?(?:get|got|gets|receive[sd]?|see|saw|returns?|gives?|prints?)\b"
    r"[^.:]{0,30}:\s*$|^\s*(?:output|result|response|returned)\s*:\s*$",
    re.I,
)


def _shown_below(lines: list[str], start: int) -> str | None:
    """The value two lines under an inline call, below a line announcing it, or None."""
    if start + 2 >= len(lines) or not _ANNOUNCES.match(lines[start + 1]):
        return None
    value = _INLINE_CODE.match(lines[start + 2])
    text = value.group("code").strip() if value else lines[start + 2].strip()
    return text if value or is_expression(text) else None


_ANNOUNCING_TAIL = re.compile(r"\s+(?:returns?|gives?|prints?|outputs?|yields?)\s*:?\s*$", re.I)


def _function_called(text: str) -> bool:
    """``dictor({'a': 1}, 'x.a')``: a lower-case function called with written-out values.
    Under a line saying what it returns, it is a call, not a class's repr."""
    try:
        (node,) = ast.parse(text).body
    except (SyntaxError, ValueError):
        return False
    call = node.value if isinstance(node, ast.Expr) else None
    return (
        isinstance(call, ast.Call)
        and isinstance(call.func, ast.Name)
        and call.func.id[:1].islower()
        and bool(call.args or call.keywords)
        and literal_arguments(call)
    )


# the rest of a sentence after the value it gives: "21, which should be 22."
_PROSE_TAIL = re.compile(
    r"(?:,?\s+(?:which|but|instead|while|whereas|though|although|where)\b.*|\.)$"
)


def _without_prose_tail(text: str) -> str:
    """``returns 21, which should be 22.`` shows ``21``: the value without the sentence
    it ends, when what is left is a Python value and the whole is not."""
    head = _PROSE_TAIL.sub("", text, count=1).strip().strip("`")
    return head if head != text and is_expression(head) and not is_expression(text) else text


def promptless_session(lines: list[str], start: int) -> tuple[str, int] | None:
    """Statements that parse, each followed by the value it showed, over one or more
    paragraphs; None unless some statement has a shown value right under it.

    A paragraph joins while it opens with a statement; a sentence, a traceback or a
    blank line after the last value ends the session; every
    output line must look like a printed value (a repr, a literal, an indented line).
    """
    transcript: list[str] = []
    shown_any = False
    i = start
    end = start
    while i < len(lines) and _STATEMENT.match(lines[i]):
        para_end = _paragraph_end(lines, i)
        cut = next((n for n in range(para_end, i, -1) if parses("\n".join(lines[i:n]))), i)
        cut = _first_shown_value(lines, i, cut)
        # a statement that only names a value counts when the value is shown under it
        if cut == i or not (does_something("\n".join(lines[i:cut])) or cut < para_end):
            break
        output = lines[cut:para_end]
        if any(_SENTENCE.match(ln) or not _VALUE_LINE.match(ln) for ln in output):
            break
        transcript.extend(_prompted(lines[i:cut]))
        transcript.extend(output)
        shown_any = shown_any or bool(output)
        end = para_end
        i = para_end
        while i < len(lines) and not lines[i].strip():
            i += 1
    if not shown_any:
        return None
    return "\n".join(transcript) + "\n", end


def _first_shown_value(lines: list[str], start: int, cut: int) -> int:
    """Where the values begin when they parse too: a repr (``Fraction(1, 2)``, ``'a'``)
    right under a bare expression is what the expression showed."""
    for k in range(start + 1, cut):
        if _bare_expression(lines[k - 1]) and any(
            _repr_like("\n".join(lines[k:m])) for m in range(k + 1, cut + 1)
        ):
            return k  # a value may run over several lines: ``[('add', …),`` ``('remove', …)]``
    return cut


def script_with_values(body: str) -> str | None:
    """A script that parses whole yet is a session: under a bare expression, the value it
    showed, written as a literal or a repr (``difference`` then ``[('add', '', …)]``). A
    literal statement does nothing in a script, so there it can only be shown output.
    The block as a ``>>>`` transcript, or None."""
    lines = body.rstrip("\n").split("\n")
    if not parses(body) or not lines or not lines[0].strip():
        return None
    session = promptless_session(lines, 0)
    if session is None or session[1] < len(lines):
        return None
    return session[0]


# what a call raised, pasted as its output: "ValueError: ('day must be in 1..29', 30)"
_RAISED = re.compile(rf"^{exception_class(RAISED_OR_WARNED)}(?::\s.*)?$")


def paragraph_session(body: str) -> str | None:
    """A block of paragraphs that each hold one expression and, under it, what it showed
    (a value or the exception it raised), maybe after a line of prose saying what it is:
    the ``>>>`` transcript it stands for, or None. Two paragraphs at least, so a script
    followed by its error stays a script."""
    paragraphs = [p.strip("\n").split("\n") for p in re.split(r"\n\s*\n", body.strip("\n"))]
    if paragraphs and len(paragraphs[0]) == 1 and not parses(paragraphs[0][0]):
        paragraphs = paragraphs[1:]  # "weird behaviour on 1832-03-20"
    if len(paragraphs) < 2:
        return None
    transcript: list[str] = []
    for statement, *shown in paragraphs:
        if not shown or not _bare_expression(statement.strip()) or statement[:1].isspace():
            return None
        if any(
            _SENTENCE.match(ln) or not (_VALUE_LINE.match(ln) or _RAISED.match(ln)) for ln in shown
        ):
            return None
        transcript += [f">>> {statement.strip()}", *shown]
    return "\n".join(transcript) + "\n"


def _bare_expression(line: str) -> bool:
    try:
        (node,) = ast.parse(line).body
    except (SyntaxError, ValueError):
        return False
    return isinstance(node, ast.Expr) and not (
        isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "print"
    )


def _repr_like(line: str) -> bool:
    """A literal, or a class's repr: a Capitalised name called with literals only."""
    try:
        (node,) = ast.parse(line.strip()).body
    except (SyntaxError, ValueError):
        return False
    if not isinstance(node, ast.Expr):
        return False
    value = node.value
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Name | ast.Attribute):
        name = value.func.id if isinstance(value.func, ast.Name) else value.func.attr
        return name[:1].isupper() and literal_arguments(value)
    return is_literal(value)


def _prompted(statements: list[str]) -> list[str]:
    return [
        (">>> " if not ln.startswith((" ", "\t", ")", "]", "}")) else "... ") + ln
        for ln in statements
    ]


def _paragraph_end(lines: list[str], start: int) -> int:
    end = start
    while end < len(lines) and lines[end].strip():
        end += 1
    return end
