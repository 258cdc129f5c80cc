"""Code, sessions, tracebacks and outputs that a report writes outside any fence.

Reports paste a great deal without fences: a script that starts with ``import`` or a
decorator, REPL lines, 4-space indented blocks, a traceback under "I get this error",
one inline call (`` `lib.check(42)` `` or `` `lib.get(url)` hangs``), ``python -c "..."``
steps with their ``> output`` lines, and plain lines under "**Result:**". Each becomes a
raw block with the prose just before it (its lead) for the classifier.
"""

from __future__ import annotations

import ast
import re
import shlex
import textwrap
from collections.abc import Callable
from dataclasses import dataclass

from qa_agents.mre.rules.completion import (
    LABELLED_INLINE_VALUES,
    VALUE_UNDER_A_SIDE_HEADING,
    labelled_values,
    value_under_side_heading,
)
from qa_agents.mre.tools.command_lines import PYTHON_EXE
from qa_agents.mre.tools.prose_sessions import (
    gt_session,
    inline_call_with_result,
    promptless_session,
)
from qa_agents.mre.tools.quotes import unescaped
from qa_agents.mre.tools.syntax import (
    assigns_a_call,
    does_something,
    is_literal,
    is_runnable_call,
    parses,
)
from qa_agents.mre.tools.tracebacks import EXCEPTION_LINE
from qa_agents.mre.tools.transcripts import is_transcript, loose_prompt, python2_print

HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
TRACEBACK_HEAD = re.compile(r"^Traceback \(most recent call last\):?\s*$")
INLINE_ONLY = re.compile(r"^\s*(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)\s*$")
# `call(...)` then a few words saying what it does: "hangs.", "works fine."
_INLINE_LEADING = re.compile(r"^\s*(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)(?P<rest>[^`\n]*)$")
# any inline span of a sentence: "On trying ``lib.f("x")`` I get 947."
_INLINE_ANY = re.compile(r"(?P<tick>`+)(?P<code>[^`\n]+?)(?P=tick)")
_VALUE_LEAD = re.compile(
    r"\b(result\w*|output\w*|prints?|got|get|gives?|returns?|produces?|shows?|see|expect\w*|"
    r"should|instead|actual\w*|is|was|becomes?)\b",
    re.I,
)


@dataclass
class RawBlock:
    """A block before classification: where it came from and the prose just before it.

    ``adjacent``: only blank lines separate it from the block before (the output a
    snippet printed is often pasted right under it, with no prose between).
    ``mention``: a call named inside a sentence, code only when the report has no other.
    """

    language: str
    body: str
    origin: str
    lead: str
    section: str = ""
    adjacent: bool = False
    mention: bool = False
    info: str = ""  # a fence's whole info string (``json title="data.json"``)
    found_by: str = ""  # the named rule that found it in prose (``labelled-inline-values``)


def multiline_span(lines: list[str], start: int) -> tuple[str, int] | None:
    """Code written in one pair of single backticks over several lines (`` `import x``
    … ``f(x)` ``): the script without its backticks, when it parses (up to a traceback
    pasted inside the same span, which classification splits off)."""
    first = lines[start]
    if not first.startswith("`") or first.startswith("``") or first.count("`") != 1:
        return None
    for end in range(start + 1, min(len(lines), start + 200)):
        if "`" not in lines[end]:
            continue
        last = lines[end].rstrip()
        if lines[end].count("`") != 1 or not last.endswith("`"):
            return None
        body = "\n".join([first[1:], *lines[start + 1 : end], last[:-1]]).strip("\n")
        body = textwrap.dedent(body) + "\n"  # "`    d = f(x)" keeps its paste's indent
        code = _before_traceback(body)
        session = is_transcript(body)  # "`>>> from wcmatch import glob" … "False`"
        return (body, end + 1) if code.strip() and (session or parses(code)) else None
    return None


def _before_traceback(body: str) -> str:
    """The code of a span that pastes its traceback right under it (all of it if none)."""
    lines = body.splitlines()
    head = next((k for k, ln in enumerate(lines) if TRACEBACK_HEAD.match(ln.strip())), None)
    return body if head is None else "\n".join(lines[:head]) + "\n"


_CALL_THEN_VERB = re.compile(  # ("f() returns" only names f)
    r"^\s*(?![\w.]+\(\)\s)(?P<code>[a-z_]\w*\.\S.*?\))\s+(?:causes?|raises?|crash(?:es)?|gives?|returns?|"
    r"fails?|throws?|segfaults?|hangs?|results? in|produces?)\b"
)
# a numbered step that ends by calling a module's function, unquoted
_STEP_CALL = re.compile(
    r"^\s*\d+[.)]\s.*?(?<![\w.`])(?P<code>[a-z_]\w*(?:\.\w+)+\([^()`]*\))\s*[.;]?\s*$"
)


def inline_block(line: str, lead: str, anything_before: bool) -> RawBlock | None:
    """One inline span on its own line (a value, a session, or a call), or a call that
    opens a short sentence (`` `lib.get(url)` hangs.``)."""
    only = INLINE_ONLY.match(line)
    if only and anything_before:
        span = only.group("code").strip()
        if span.startswith(">>> "):  # a one-line session
            return RawBlock("pycon", span + "\n", "inline", lead)
        code = is_runnable_call(span) or assigns_a_call(span)  # a span alone on its line
        if code and not announces_value(lead):
            return RawBlock("python", span + "\n", "inline", lead)
        return RawBlock("text", span + "\n", "inline", lead)
    leading = _INLINE_LEADING.match(line)
    if leading and not only and len(leading.group("rest").split()) <= 8:
        span = leading.group("code").strip()
        if is_runnable_call(span):
            return RawBlock("python", span + "\n", "inline", lead)
    if only or HEADING.match(line):
        return None
    said = _CALL_THEN_VERB.match(line)  # "gmpy2.mpg('1+2j').conjugate() causes a core dump."
    if said and is_runnable_call(said.group("code")):
        return RawBlock("python", said.group("code") + "\n", "inline", lead)
    step = _STEP_CALL.match(line)  # "1. try using command demoji.download_codes()"
    if step and is_runnable_call(step.group("code")):
        return RawBlock("python", step.group("code") + "\n", "inline", lead, mention=True)
    calls = [m.group("code").strip() for m in _INLINE_ANY.finditer(line)]
    # `f()` with nothing between the brackets names a function ("called from
    # `pd.read_msgpack()`"); a call with its arguments is one the author ran
    calls = [c for c in calls if is_runnable_call(c) and not c.endswith("()")]
    if len(calls) == 1:  # the one call a sentence names: the code, if the report has none
        return RawBlock("python", calls[0] + "\n", "inline", lead, mention=True)
    return None


def announces_value(lead: str) -> bool:
    """The line before ends with a colon after saying a value follows ("I get:")."""
    lines = [ln for ln in lead.splitlines() if ln.strip()]
    if not lines:
        return False
    last = lines[-1].strip().rstrip("*").rstrip()
    return last.endswith(":") and bool(_VALUE_LEAD.search(last))


# a line that can only open a Python script, at the start of a paragraph
_SCRIPT_START = re.compile(
    r"^(?:import [A-Za-z_]|from [\w.]+ import |@[A-Za-z_][\w.]*(?:\(|$)|def \w+\(|"
    r"async def \w+\(|class \w+[:(]|#!.*python)"
)
# a line that continues a script after a blank line
_SCRIPT_LINE = re.compile(
    r"^(?:[ \t]+\S|(?:import|from|def|class|async|if|elif|else|for|while|with|try|except|"
    r"finally|return|raise|print|assert|del|@)\b|[A-Za-z_][\w.\[\]'\"]*\s*(?:=[^=]|\())"
)
IMPORT_LINE = re.compile(r"^(?:import [A-Za-z_]|from [\w.]+ import )")
_REPL_LINE = re.compile(r"^(?:>>>(?: |$)|In(?: \[\d*\])?: )")  # a Python or IPython prompt
_OUTPUT_LEAD = re.compile(
    r"(?<![\w-])(result|results in|output|prints?|got|get|returns?|gives?|produces?)"
    r"\W*\**\s*:?\s*\**\s*:?\s*$",
    re.I,
)
_EXCEPTION_LINE = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Za-z_]\w*(?::.*)?$")
_PYTHON_C = re.compile(r"(?:^|[\s;&|(])(?:python[\d.]*|py)(?:\s+-[A-Za-z]+)*\s+-c\s")
# the prompt before one command: "$ ", "% ", "❯ ", "# ", "PS C:\\> ", "> python"
_STEP_PROMPT = re.compile(r"^\s*(?:[$%❯#]|PS [^>]*>|>\s*(?=python))\s*")
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_QUOTED = re.compile(r"^\s*>\s?(?!>)")
_RULE = re.compile(r"^ {0,3}(?:-{3,}|\*{3,}|_{3,}|={3,})\s*$")

LABELLED = LABELLED_INLINE_VALUES.name
UNDER_HEADING = VALUE_UNDER_A_SIDE_HEADING.name


def prose_blocks(prose: str, previous_lead: str | None) -> list[RawBlock]:
    """Blocks written in prose; ``previous_lead`` is the last block's lead (None: none)."""
    lines = [unescaped(line) for line in prose.split("\n")]
    out: list[RawBlock] = []
    i = 0
    para: list[str] = []
    while i < len(lines):
        # the prose before a block; right after another block, that block's context
        lead = "\n".join(para) or (out[-1].lead if out else previous_lead or "")
        anything_before = bool(para or out or previous_lead is not None)
        values = labelled_values(lines[i])
        if values:  # "Expected: `800`. Actual: `300`.": each value under its own label
            out += [
                RawBlock("text", v + "\n", "inline", f"{side.title()}:", found_by=LABELLED)
                for side, v in values
            ]
            para, i = [], i + 1
            continue
        end = next((j for j in range(i + 2, len(lines)) if not lines[j].strip()), len(lines))
        under = value_under_side_heading("\n".join(lines[i:end]))
        if under:  # "## Actual", a blank line, then "300"
            side = f"{under[0].title()}:"
            out.append(RawBlock("text", under[1], "prose", side, found_by=UNDER_HEADING))
            para, i = [], end
            continue
        found = _block_at(lines, i, para, lead, anything_before)
        if found is not None:
            block, i = found
            out.append(block)
            para = []
            continue
        para.append(lines[i])
        i += 1
    return out


def _block_at(
    lines: list[str], i: int, para: list[str], lead: str, anything_before: bool
) -> tuple[RawBlock, int] | None:
    """The prose block that starts at line ``i``, with the index after it, or None."""
    line = lines[i]
    prev_blank = i == 0 or not lines[i - 1].strip()
    if prev_blank and _is_indented(line) and line.strip() and not _in_list(para):
        body, end = _take(lines, i, lambda s: _is_indented(s) or not s.strip())
        return RawBlock("", _dedent(body), "indented", lead), end
    deep = _list_code_indent(para)
    if prev_blank and deep and len(line) - len(line.lstrip(" ")) >= deep:
        body, end = _take(lines, i, lambda s: s.startswith(" " * deep) or not s.strip())
        return RawBlock("", textwrap.dedent("\n".join(body)) + "\n", "indented", lead), end
    data = _literal_assignments(lines, i) if prev_blank and not _in_list(para) else None
    if data is not None:
        body, end = data
        return RawBlock("", body, "prose", lead), end
    if _REPL_LINE.match(line) or loose_prompt(line):
        body, end = _take(lines, i, lambda s: bool(s.strip()))
        return RawBlock("", "\n".join(body) + "\n", "prose", lead), end
    raised = i + 1 < len(lines) and TRACEBACK_HEAD.match(lines[i + 1].strip())
    if raised and does_something(line.strip()):  # a sentence above it does not parse
        return RawBlock("", line.strip() + "\n", "prose", lead), i + 1  # the line that raised
    if TRACEBACK_HEAD.match(line.strip()):
        body, end = _traceback(lines, i)
        return RawBlock("", body, "prose", lead), end
    alone = prev_blank and not "".join(lines[i + 1 : i + 2]).strip()
    if alone and EXCEPTION_LINE.match(line.strip()):
        return RawBlock("", line.strip() + "\n", "prose", lead), i + 1  # "KeyError: 'x'" alone
    session = (gt_session(lines, i) if prev_blank else None) or inline_call_with_result(lines, i)
    if session is not None:
        body, end = session
        return RawBlock("pycon", body, "prose", lead), end
    after_rule = i > 0 and bool(_RULE.match(lines[i - 1]))
    # a whole import statement opens code even in the middle of a paragraph
    opens = prev_blank or after_rule or (IMPORT_LINE.match(line) and parses(line))
    if opens and _SCRIPT_START.match(line) and not _in_list(para):
        session = promptless_session(lines, i)
        if session is not None:
            body, end = session
            return RawBlock("pycon", body, "prose", lead), end
        script = _script(lines, i)
        if script is not None:
            body, end = script
            return RawBlock("", body, "prose", lead), end
    if _PYTHON_C.search(line.replace("`", " ")):
        session = _python_c_step(lines, i)
        if session is not None:
            body, end = session
            return RawBlock("sh", body, "prose", lead), end
    span = multiline_span(lines, i)
    if span is not None:
        body, end = span
        return RawBlock("", body, "inline", lead), end
    inline = inline_block(line, lead, anything_before)
    if inline is not None:
        return inline, i + 1
    if _is_output_lead(line):
        start = i + 1
        if start < len(lines) and not lines[start].strip():
            start += 1  # "run result:", a blank line, then the lines it printed
        body, end = _take(lines, start, lambda s: bool(s.strip()))
        sentences = start > i + 1 and any(re.search(r"[.!?]\s*$", b) for b in body)
        if body and not sentences and not any(INLINE_ONLY.match(b) for b in body):
            return RawBlock("text", "\n".join(body) + "\n", "prose", line), end
    return None


def _literal_assignments(lines: list[str], start: int) -> tuple[str, int] | None:
    """A paragraph that only assigns written-out values (``d = {"a": [1, 2]}``): the
    data a session pasted under it works on, set up before the prompts."""
    body, end = _take(lines, start, lambda s: bool(s.strip()))
    text = "\n".join(body)
    if not re.match(r"^[A-Za-z_]\w*\s*=[^=]", text) or not parses(text):
        return None
    tree = ast.parse(text)
    simple = all(
        isinstance(n, ast.Assign)
        and all(isinstance(t, ast.Name) for t in n.targets)
        and isinstance(n.value, ast.Dict | ast.List | ast.Tuple | ast.Set | ast.Constant)
        and is_literal(n.value)
        for n in tree.body
    )
    return (text + "\n", end) if simple and tree.body else None


def _script(lines: list[str], start: int) -> tuple[str, int] | None:
    """An unfenced script: the paragraphs from ``start`` that parse as Python together.

    The first paragraph is cut to its longest prefix that parses (prose may follow a
    script without a blank line); later paragraphs join while they look like code and
    the whole still parses.
    """
    first, end = _take(lines, start, _script_line)
    if python2_print("\n".join(first)):  # ``print entrada``: Python 2, code that cannot run
        return "\n".join(first) + "\n", end
    cut = next((n for n in range(len(first), 0, -1) if parses("\n".join(first[:n]))), 0)
    if cut == 0:
        return None
    body = first[:cut]
    end = start + cut
    while cut == len(first):
        nxt = end
        while nxt < len(lines) and not lines[nxt].strip():
            nxt += 1
        if nxt >= len(lines) or not _SCRIPT_LINE.match(lines[nxt]):
            break
        para, para_end = _take(lines, nxt, _script_line)
        trial = [*body, *([""] * (nxt - end)), *para]
        error = _parse_error(trial)
        if error is not None and not isinstance(error, IndentationError):
            if not "".join(lines[para_end:]).strip():  # the report ends mid-statement: cut off
                body, end = trial, para_end
            break
        body, end = trial, para_end  # a block's body may follow its ``def`` after a blank
    if _parse_error(body) is not None:  # the indentation was lost in pasting: code, but broken
        return "\n".join(body) + "\n", end
    statements = ast.parse("\n".join(body)).body
    if all(isinstance(s, ast.Import | ast.ImportFrom) for s in statements):
        return None  # imports alone show nothing
    return "\n".join(body) + "\n", end


def _script_line(line: str) -> bool:
    """Lines of one script paragraph: not blank, not a ``-----`` rule around the code."""
    return bool(line.strip()) and not _RULE.match(line)


def _parse_error(lines: list[str]) -> SyntaxError | None:
    try:
        ast.parse("\n".join(lines))
    except SyntaxError as exc:
        return exc
    return None


def _traceback(lines: list[str], start: int) -> tuple[str, int]:
    """A traceback pasted in prose: the header, its frames, then the exception line(s)."""
    end = start + 1
    while end < len(lines) and lines[end].startswith((" ", "\t")):
        end += 1
    if end < len(lines) and _EXCEPTION_LINE.match(lines[end].strip().split(" ", 1)[0]):
        end += 1
    return "\n".join(lines[start:end]) + "\n", end


def _python_c_step(lines: list[str], start: int) -> tuple[str, int] | None:
    """A ``python -c "..."`` step and the ``> output`` lines under it, as a session."""
    command = _LIST_MARK.sub("", lines[start]).strip()
    command = _STEP_PROMPT.sub("", command.strip("`"))
    if python_c_code(command) is None:
        return None
    end = start + 1
    shown = []
    while end < len(lines) and _QUOTED.match(lines[end]):
        shown.append(_QUOTED.sub("", lines[end]))
        end += 1
    return "\n".join([f"$ {command}", *shown]) + "\n", end


def python_c_code(command: str) -> str | None:
    """The program of a ``python -c PROGRAM`` command line, or None."""
    try:
        words = shlex.split(command.strip().strip("`"))
    except ValueError:
        return None
    for k, word in enumerate(words[:-1]):
        if word != "-c":
            continue
        j = k - 1
        while j >= 0 and words[j].startswith("-"):
            j -= 1
        if j >= 0 and PYTHON_EXE.match(words[j]):
            return words[k + 1] + "\n"
    return None


def _is_output_lead(line: str) -> bool:
    """ "**Result:**", "It prints:" – a line announcing output pasted as plain lines."""
    text = line.strip().rstrip("*").rstrip()
    return bool(text.endswith(":") and _OUTPUT_LEAD.search(text) and not HEADING.match(line))


def announces_output(lead: str) -> bool:
    """The line before a block ends by saying output follows ("In 1.2, this prints:",
    "Output:", "and it prints"): what comes next was printed, even if it parses."""
    lines = [ln for ln in lead.splitlines() if ln.strip()]
    if not lines or HEADING.match(lines[-1]):
        return False
    return bool(_OUTPUT_LEAD.search(lines[-1].strip().rstrip("*").rstrip()))


def _take(lines: list[str], start: int, keep: Callable[[str], bool]) -> tuple[list[str], int]:
    end = start
    while end < len(lines) and keep(lines[end]):
        end += 1
    body = lines[start:end]
    while body and not body[-1].strip():
        body.pop()
        end -= 1
    return body, end


def _is_indented(line: str) -> bool:
    return line.startswith(("    ", "\t"))


def _in_list(para: list[str]) -> bool:
    return _list_code_indent(para) is not None


def _list_code_indent(para: list[str]) -> int | None:
    """How deep a code block inside the list item above must be indented: four spaces past
    where the item's text starts (``1. Run code below`` then code eight spaces in)."""
    last = next((p for p in reversed(para) if p.strip()), "")
    match = _LIST_MARK.match(last)
    return match.end() + 4 if match else None


def _dedent(lines: list[str]) -> str:
    """The block without its markdown indent, and without the indent every line of it
    still shares (code pasted eight spaces deep is code at the margin)."""
    body = "\n".join(ln[4:] if ln.startswith("    ") else ln.lstrip("\t") for ln in lines)
    return textwrap.dedent(body) + "\n"
