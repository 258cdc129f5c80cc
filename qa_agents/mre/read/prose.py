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

from qa_agents.mre.read.command_lines import PYTHON_EXE
from qa_agents.mre.read.prose_inline import (
    HEADING,
    INLINE_ONLY,
    TRACEBACK_HEAD,
    RawBlock,
    inline_block,
    multiline_span,
)
from qa_agents.mre.read.prose_sessions import (
    gt_session,
    inline_call_with_result,
    promptless_session,
)
from qa_agents.mre.read.quotes import unescaped
from qa_agents.mre.read.syntax import (
    does_something,
    is_literal,
    parses,
)
from qa_agents.mre.read.tracebacks import EXCEPTION_LINE
from qa_agents.mre.read.transcripts import loose_prompt, python2_print
from qa_agents.mre.rules.completion import (
    LABELLED_INLINE_VALUES,
    VALUE_UNDER_A_SIDE_HEADING,
    labelled_values,
    value_under_side_heading,
)
from qa_agents.mre.rules.registry import PROSE_LINE, Example, Rule, rules_of

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
    """The prose block that starts at line ``i``, with the index after it, or None: the
    first of :data:`PROSE_SHAPE_RULES` that finds one (named in its ``found_by``)."""
    for rule in PROSE_SHAPE_RULES:
        found = rule.apply(lines, i, para, lead, anything_before)
        if found is not None:
            found[0].found_by = rule.name
            return found
    return None


Found = tuple[RawBlock, int] | None
"""A block read from the prose and the index of the line after it, or None."""


def _prev_blank(lines: list[str], i: int) -> bool:
    return i == 0 or not lines[i - 1].strip()


def _indented_block(lines: list[str], i: int, para: list[str], lead: str, _: bool = False) -> Found:
    line = lines[i]
    if not (_prev_blank(lines, i) and _is_indented(line) and line.strip() and not _in_list(para)):
        return None
    body, end = _take(lines, i, lambda s: _is_indented(s) or not s.strip())
    return RawBlock("", _dedent(body), "indented", lead), end


def _code_in_a_list_item(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    deep = _list_code_indent(para)
    if not (_prev_blank(lines, i) and deep and len(lines[i]) - len(lines[i].lstrip(" ")) >= deep):
        return None
    body, end = _take(lines, i, lambda s: s.startswith(" " * deep) or not s.strip())
    return RawBlock("", textwrap.dedent("\n".join(body)) + "\n", "indented", lead), end


def _written_out_data(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    ok = _prev_blank(lines, i) and not _in_list(para)
    data = _literal_assignments(lines, i) if ok else None
    return (RawBlock("", data[0], "prose", lead), data[1]) if data is not None else None


def _prompt_lines(lines: list[str], i: int, para: list[str], lead: str, _: bool = False) -> Found:
    if not (_REPL_LINE.match(lines[i]) or loose_prompt(lines[i])):
        return None
    body, end = _take(lines, i, lambda s: bool(s.strip()))
    return RawBlock("", "\n".join(body) + "\n", "prose", lead), end


def _line_above_a_traceback(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    raised = i + 1 < len(lines) and TRACEBACK_HEAD.match(lines[i + 1].strip())
    if raised and does_something(lines[i].strip()):  # a sentence above it does not parse
        return RawBlock("", lines[i].strip() + "\n", "prose", lead), i + 1
    return None


def _traceback_in_prose(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    if not TRACEBACK_HEAD.match(lines[i].strip()):
        return None
    body, end = _traceback(lines, i)
    return RawBlock("", body, "prose", lead), end


def _exception_line_alone(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    alone = _prev_blank(lines, i) and not "".join(lines[i + 1 : i + 2]).strip()
    if alone and EXCEPTION_LINE.match(lines[i].strip()):
        return RawBlock("", lines[i].strip() + "\n", "prose", lead), i + 1
    return None


def _gt_prompt_session(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    session = gt_session(lines, i) if _prev_blank(lines, i) else None
    return (RawBlock("pycon", session[0], "prose", lead), session[1]) if session else None


def _call_with_its_result(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    session = inline_call_with_result(lines, i)
    return (RawBlock("pycon", session[0], "prose", lead), session[1]) if session else None


def _opens_code(lines: list[str], i: int, para: list[str]) -> bool:
    """Line ``i`` may start a script: after a blank line or a rule, or a whole import
    statement even in the middle of a paragraph."""
    line = lines[i]
    after_rule = i > 0 and bool(_RULE.match(lines[i - 1]))
    opens = _prev_blank(lines, i) or after_rule or (IMPORT_LINE.match(line) and parses(line))
    return bool(opens and _SCRIPT_START.match(line) and not _in_list(para))


def _promptless_session(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    session = promptless_session(lines, i) if _opens_code(lines, i, para) else None
    return (RawBlock("pycon", session[0], "prose", lead), session[1]) if session else None


def _unfenced_script(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    script = _script(lines, i) if _opens_code(lines, i, para) else None
    return (RawBlock("", script[0], "prose", lead), script[1]) if script else None


def _python_c_in_prose(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    session = _python_c_step(lines, i) if _PYTHON_C.search(lines[i].replace("`", " ")) else None
    return (RawBlock("sh", session[0], "prose", lead), session[1]) if session else None


def _span_over_lines(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    span = multiline_span(lines, i)
    return (RawBlock("", span[0], "inline", lead), span[1]) if span else None


def _inline_span(
    lines: list[str], i: int, para: list[str], lead: str, before: bool = False
) -> Found:
    inline = inline_block(lines[i], lead, before)
    return (inline, i + 1) if inline is not None else None


def _lines_under_an_output_lead(
    lines: list[str], i: int, para: list[str], lead: str, _: bool = False
) -> Found:
    if not _is_output_lead(lines[i]):
        return None
    start = i + 1
    if start < len(lines) and not lines[start].strip():
        start += 1  # "run result:", a blank line, then the lines it printed
    body, end = _take(lines, start, lambda s: bool(s.strip()))
    sentences = start > i + 1 and any(re.search(r"[.!?]\s*$", b) for b in body)
    if body and not sentences and not any(INLINE_ONLY.match(b) for b in body):
        return RawBlock("text", "\n".join(body) + "\n", "prose", lines[i]), end
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


# -- the prose-shape rules, in the order they are tried -----------------------------------


def _read(found: Found) -> tuple[str, str, int] | None:
    """What an example states: the block's fence language, its body and the line after it."""
    return (found[0].language, found[0].body, found[1]) if found is not None else None


def _at(text: str, para: tuple[str, ...] = (), i: int = 0) -> tuple:
    """A rule's arguments for prose ``text`` read from line ``i`` (``para``: the paragraph
    above)."""
    return (text.split("\n"), i, list(para), "\n".join(para), bool(para))


_shape = rules_of(PROSE_LINE, outcome=_read)
_E = Example
PROSE_SHAPE_RULES: list[Rule] = [
    _shape(
        "indented-block",
        "Lines indented four spaces after a blank line (outside a list) are a block.",
        _indented_block,
        _E(_at("    import x\n    x.f()\n\nText"), ("", "import x\nx.f()\n", 2)),
        _E(_at("Text"), None),
    ),
    _shape(
        "code-in-a-list-item",
        "Code indented under a list item, past the item's own text, is a block.",
        _code_in_a_list_item,
        _E(_at("\n        x.f()", ("1. Run:",), 1), ("", "x.f()\n", 2)),
        _E(_at("x.f()", ("Run:",)), None),
    ),
    _shape(
        "written-out-data",
        'A paragraph that only assigns written-out values (`d = {"a": [1]}`) is data '
        "the code below works on.",
        _written_out_data,
        _E(_at('d = {"a": [1]}'), ("", 'd = {"a": [1]}\n', 1)),
        _E(_at("d = f(1)"), None),
    ),
    _shape(
        "prompt-lines",
        "Lines starting with `>>>` or `In [1]:` are a session, up to a blank line.",
        _prompt_lines,
        _E(_at(">>> f(1)\n2\n\nText"), ("", ">>> f(1)\n2\n", 2)),
        _E(_at("f(1)"), None),
    ),
    _shape(
        "line-above-a-traceback",
        "A code line right above a `Traceback` header is the line that raised.",
        _line_above_a_traceback,
        _E(_at("f(1)\nTraceback (most recent call last):"), ("", "f(1)\n", 1)),
        _E(_at("It breaks:\nTraceback (most recent call last):"), None),
    ),
    _shape(
        "traceback-in-prose",
        "A `Traceback (most recent call last)` header and its frames are a traceback.",
        _traceback_in_prose,
        _E(
            _at("Traceback (most recent call last):\nKeyError: 'a'"),
            ("", "Traceback (most recent call last):\nKeyError: 'a'\n", 2),
        ),
        _E(_at("KeyError: 'a'"), None),
    ),
    _shape(
        "exception-line-alone",
        "An exception line alone in its paragraph (`KeyError: 'x'`) is a traceback.",
        _exception_line_alone,
        _E(_at("KeyError: 'x'"), ("", "KeyError: 'x'\n", 1)),
        _E(_at("KeyError: 'x'\nwhich is wrong"), None),
    ),
    _shape(
        "gt-prompt-session",
        "A session typed at a `>` prompt, with its printed values, is a session.",
        _gt_prompt_session,
        _E(_at("> f(1)\n2"), ("pycon", "> f(1)\n2\n", 2)),
        _E(_at("> a quoted sentence"), None),
    ),
    _shape(
        "call-with-its-result",
        "An inline call with its result on the next line (`output:`) is a session.",
        _call_with_its_result,
        _E(_at("`f(1)`\noutput: 2"), ("pycon", ">>> f(1)\n2\n", 2)),
        _E(_at("`f(1)`"), None),
    ),
    _shape(
        "promptless-session",
        "Statements each followed by the value they printed, without prompts, are a session.",
        _promptless_session,
        _E(
            _at("import math\nmath.floor(2.5)\n2"),
            ("pycon", ">>> import math\n>>> math.floor(2.5)\n2\n", 3),
        ),
        _E(_at("Text"), None),
    ),
    _shape(
        "unfenced-script",
        "Paragraphs that open like code (`import`, `def`, a decorator) and parse together "
        "are a script.",
        _unfenced_script,
        _E(_at("import x\nx.f()\n\nIt fails."), ("", "import x\nx.f()\n", 2)),
        _E(_at("import x"), None),  # imports alone show nothing
    ),
    _shape(
        "python-c-in-prose",
        'A `python -c "…"` command in the prose, with its output, is a shell session.',
        _python_c_in_prose,
        _E(_at("$ python -c 'print(1)'\n1"), ("sh", "$ python -c 'print(1)'\n", 1)),
        _E(_at("Run python."), None),
    ),
    _shape(
        "span-over-lines",
        "Code in one pair of single backticks over several lines is a block.",
        _span_over_lines,
        _E(_at("`import x\nx.f()`"), ("", "import x\nx.f()\n", 2)),
        _E(_at("`x`"), None),
    ),
    _shape(
        "inline-code-span",
        "One inline span alone on its line, or a call a sentence names, is a block.",
        _inline_span,
        _E(_at("`x.f(1)`", ("Run",)), ("python", "x.f(1)\n", 1)),
        _E(_at("Just words."), None),
    ),
    _shape(
        "lines-under-an-output-lead",
        'Plain lines right under "Result:" or "Output:" are output.',
        _lines_under_an_output_lead,
        _E(_at("Result:\n2\n3"), ("text", "2\n3\n", 3)),
        _E(_at("Result:\n\nIt was wrong."), None),  # a sentence after a blank line
    ),
]
