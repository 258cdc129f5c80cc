"""Blocks of a markdown issue: code, tracebacks, output and data, with what each was shown as.

Issues mix the snippet with its traceback, shell commands and printed output, not always
in fences: REPL transcripts as prose, indented code, code *and* its traceback in one
block, outputs quoted with ``>``, one inline span under "Got:". Only the snippet runs; the
rest is evidence, each piece tagged with the context it was shown in ("expected" vs
"actual") so an expected traceback is never mistaken for the symptom.
"""

from __future__ import annotations

import ast
import re

from qa_agents.mre.models import BlockContext, BlockKind, CodeBlock
from qa_agents.mre.rules.completion import instead_of_side, python_value_in_json_fence
from qa_agents.mre.rules.vocabulary import (
    EXPECT,
    JUDGED_RIGHT,
    SHOULD,
    STOPS_A_RUN,
    suffixes,
    words,
)
from qa_agents.mre.tools.block_roles import assign_roles
from qa_agents.mre.tools.fences import fenced_blocks
from qa_agents.mre.tools.pasted_output import CODE_HINT, split_pasted_output
from qa_agents.mre.tools.prose import (
    IMPORT_LINE,
    RawBlock,
    announces_output,
    parses,
    prose_blocks,
    python_c_code,
)
from qa_agents.mre.tools.prose_sessions import paragraph_session, script_with_values
from qa_agents.mre.tools.quotes import unquote_code
from qa_agents.mre.tools.shell_programs import shell_python, typed_at_interpreter
from qa_agents.mre.tools.syntax import is_printed_value
from qa_agents.mre.tools.tracebacks import PYTEST_FAILURE
from qa_agents.mre.tools.transcripts import (
    is_transcript,
    outputs_at_prompts,
    python2_print,
    spaced_prompts,
    split_transcript,
    without_magics,
)

PY_LANGS = {"python", "py", "python3", "py3", "ipython", "ipython3"}
PYCON_LANGS = {"pycon", "python-repl", ">>>"}
SHELL_LANGS = {"bash", "sh", "shell", "console", "zsh", "shell-session", "powershell", "cmd"}
_OUTPUT_LANGS = {"text", "txt", "output", "log", "plaintext", "stdout", "stderr"}
_TRACEBACK_LANGS = {"pytb", "traceback", "python-traceback"}
_EXC_LINE = re.compile(rf"^\s*(?:[\w.]+\.)?\w*{suffixes(STOPS_A_RUN)}\b(?::|$)")

_TRACEBACK_START = re.compile(r"^-{5,}$|^Traceback \(most recent call last\)")
_EXPECTED_WORDS = re.compile(rf"\b({words(EXPECT, SHOULD, *JUDGED_RIGHT)})\b", re.I)
# "doesn't give the expected result", "should have been detected as": what happened
_UNMET = re.compile(
    r"(?:\bnot|n't|\bnever)(?:\s+\w+){0,3}?\s+(?:the\s+)?expected\b"
    r"|\bshould(?:'ve| have) been (?!printed|returned|shown|output)",
    re.I,
)
# words that say a block is what happened; "prints"/"returns" alone only say output follows
_ACTUAL_WORDS = re.compile(
    r"\b(actual\w*|got|get|raises?|error|traceback|instead|happen\w*|observed|current\w*|"
    r"see|fails?|crash\w*|breaks?)\b",
    re.I,
)
_OUTPUT_WORDS = re.compile(
    r"\b(gives?|result\w*|output\w*|prints?|returns?|shows?|produces?)\b", re.I
)
_RAISE_LEAD = re.compile(r"\b(exception|error|raises?|throws?|traceback|fails?)\b", re.I)
_BARE_EXC = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z][A-Za-z0-9]+(?::\s.*)?$")
# a data file named on the line before its block: "In .env:", "Given config.yaml:"
NAMED_FILE = re.compile(
    r"(?<![\w/.-])(\.[A-Za-z][\w-]*|[\w-]+\.(?:env|ya?ml|json|toml|ini|cfg|csv|tsv|txt|xml))"
    r"(?![\w/])"
)
# a data format named on the line before its block: "Here is my yaml file:"
DATA_FORMAT = re.compile(
    r"\b(?P<fmt>json|ya?ml|toml|csv|tsv|xml|ini)[ -]?(?:file|data|document|input|config)\b", re.I
)
_TITLE = re.compile(r"\A(?:\s*<!--.*?-->\s*)*\s*#\s[^\n]*\n")
_SECTION = re.compile(r"^ {0,3}#{1,6}\s+(?P<h>.+?)\s*#*\s*$|^\*\*(?P<b>[^*\n]+)\*\*:?\s*$", re.M)


def extract_code_blocks(markdown: str) -> list[CodeBlock]:
    """Every block of the issue, in order, classified and tagged with its context."""
    blocks: list[CodeBlock] = []
    mentions: set[int] = set()
    for index, raw in enumerate(raw_blocks(markdown)):
        if raw.mention:
            mentions.add(index)
        kind, content, transcript = classify_block(raw.language, raw.body, raw.lead)
        plain = raw.language in {"", "text", "txt"}
        # file contents, not a script (a file has no prompts and no imports)
        file_like = plain and names_data(raw.lead) and not is_transcript(raw.body)
        file_like = file_like and not IMPORT_LINE.match(raw.body.lstrip())  # "import rtoml"
        if kind in {"code", "output"} and file_like:
            kind, content, transcript = "other", raw.body, ""
        previous = blocks[-1] if blocks else None
        if kind == "other" and raw.adjacent and previous and _prints(previous):
            kind = "output"  # what the snippet right above printed, in its own language
        after_code = any(b.kind == "code" for b in blocks)
        if kind == "other" and raw.language == "json" and after_code:
            kind = "output" if python_value_in_json_fence(raw.body) else kind  # a repr
        blocks.append(
            CodeBlock(
                index=index,
                language=raw.language,
                kind=kind,
                content=content,
                origin=raw.origin,  # type: ignore[arg-type]
                context=context_of(raw.lead, raw.section),
                transcript_output=transcript,
                lead=raw.lead[-200:],
                info=raw.info,
            )
        )
    _inert_tail_is_data(blocks)
    assign_roles(blocks)
    if any(b.kind == "code" and b.index not in mentions for b in blocks):
        for block in blocks:  # a call a sentence names is prose beside real code
            if block.index in mentions or _restated(block, blocks):
                block.kind = "other"
    return blocks


def _restated(span: CodeBlock, blocks: list[CodeBlock]) -> bool:
    """An inline call whose function a block of the report also calls: the sentence
    (`` `session.run([...])` results in a traceback``) speaks of that code."""
    called = span.content.partition("(")[0].strip()
    return (
        span.origin == "inline"
        and span.kind == "code"
        and any(
            b.origin != "inline" and b.kind == "code" and f"{called}(" in b.content for b in blocks
        )
    )


def _inert_tail_is_data(blocks: list[CodeBlock]) -> None:
    """An unlabelled block after the script that calls, imports and defines nothing
    (``[section]`` / ``key = value`` settings parse as Python) adds nothing the run could
    show: it is what the script wrote or read, not more of the script."""
    code = [b for b in blocks if b.kind == "code"]
    for block in code[1:]:
        later_code = any(b.kind == "code" for b in blocks[block.index + 1 :])
        session = bool(block.transcript_output.strip())  # typed at a prompt: not data
        if block.language == "" and not later_code and not session and _inert(block.content):
            block.kind = "other"


def _inert(body: str) -> bool:
    try:
        tree = ast.parse(body)
    except (SyntaxError, ValueError):
        return False
    if not all(isinstance(s, ast.Expr | ast.Assign) for s in tree.body):
        return False
    return not any(isinstance(n, ast.Call) for n in ast.walk(tree))


def last_line(text: str) -> str:
    """The last line of a text that is not blank ("" when none)."""
    lines = [ln for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1] if lines else ""


def names_data(lead: str) -> bool:
    """The line before a block names one data file ("In .env:") or a data format."""
    lines = [ln for ln in lead.splitlines() if ln.strip()]
    if not lines:
        return False
    return len(NAMED_FILE.findall(lines[-1])) == 1 or bool(DATA_FORMAT.search(lines[-1]))


def _prints(block: CodeBlock) -> bool:
    return block.kind == "code" and bool(re.search(r"\bprint\s*\(", block.content))


def context_of(lead: str, section: str = "") -> BlockContext:
    """ "expected" or "actual" from the prose line right before a block, when it says.

    A line that only announces output ("Prints:") takes the side of the section it sits
    in, so the "Prints:" under an "Expected behaviour" heading shows what should happen.
    """
    lines = [ln for ln in lead.splitlines() if ln.strip() and not ln.lstrip().startswith("<!--")]
    line = re.sub(r"\([^()]*\)", " ", lines[-1]) if lines else ""  # an aside says neither
    *before, last = re.split(r"\b(?:but|however|whereas)\b", line, flags=re.I)
    if instead_of_side(line):  # "Instead of:": what the author wanted
        return "expected"
    if before and _EXPECTED_WORDS.search(" ".join(before)) and not _EXPECTED_WORDS.search(last):
        return "actual"  # "I'd expect an error, but instead it prints"
    if _EXPECTED_WORDS.search(line) and not _UNMET.search(line):
        return "expected"
    if _ACTUAL_WORDS.search(line) or _UNMET.search(line):
        return "actual"
    if section and _EXPECTED_WORDS.search(section) and not _ACTUAL_WORDS.search(section):
        return "expected"
    return "actual" if _OUTPUT_WORDS.search(line) else ""


def raw_blocks(markdown: str) -> list[RawBlock]:
    """Fenced and ``<pre>`` blocks, and in the prose between them what prose can hold."""
    markdown = unquote_code(_TITLE.sub("", markdown, count=1))
    found: list[RawBlock] = []
    pos = 0
    section = ""
    for fence in fenced_blocks(markdown):
        prose = markdown[pos : fence.start]
        found.extend(_in_section(prose_blocks(prose, _previous_lead(found)), prose, section))
        section = _last_section(prose, section)
        lead = _lead(prose, found)
        adjacent = bool(found) and not prose.strip()
        raw = RawBlock(fence.language, fence.body, fence.origin, lead, section, adjacent)
        raw.info = fence.info
        found.append(raw)
        pos = fence.end
    prose = markdown[pos:]
    found.extend(_in_section(prose_blocks(prose, _previous_lead(found)), prose, section))
    return found


def _in_section(blocks: list[RawBlock], prose: str, section: str) -> list[RawBlock]:
    """Tag prose blocks with the heading above each (the prose may hold headings too)."""
    for block in blocks:
        at = prose.find(block.body.splitlines()[0]) if block.body.strip() else -1
        block.section = _last_section(prose[: max(at, 0)], section)
    return blocks


def _last_section(prose: str, current: str) -> str:
    headings = list(_SECTION.finditer(prose))
    if not headings:
        return current
    last = headings[-1]
    return (last.group("h") or last.group("b") or "").strip()


def _previous_lead(found: list[RawBlock]) -> str | None:
    return found[-1].lead if found else None


def _lead(prose: str, found: list[RawBlock]) -> str:
    """The prose right before a block; when it is empty, the context of the previous one."""
    text = prose.strip("\n")
    if text.strip() or not found:
        return text
    return found[-1].lead


def classify_block(language: str, body: str, lead: str = "") -> tuple[BlockKind, str, str]:
    """(kind, content, transcript_output): what a block is and what it showed.

    REPL transcripts become their statements (the echoed results are the transcript
    output); a block holding code and then its traceback is split; ``> value`` lines
    after code are quoted output; the programs of ``python -c "..."`` shell steps are
    code, and what the session printed after them their output.
    """
    # a shell session that started `python` and then typed at its prompt is a REPL session
    repl_langs = PY_LANGS | SHELL_LANGS | _OUTPUT_LANGS | {""}
    if language in repl_langs | PYCON_LANGS:
        body = outputs_at_prompts(body) or spaced_prompts(without_magics(body))
    # a script that parses is a script, even with ">>> " lines inside a string of it
    # (``In [1]: x`` parses too, as an annotation: IPython cells stay sessions)
    ipython = re.search(r"^In(?: \[\d*\])?: ", body, re.M) is not None
    session = is_transcript(body) and (ipython or not parses(body))
    if language in PYCON_LANGS or (language in repl_langs and session):
        code, shown = split_transcript(body)
        return "code", code, shown
    shown_values = (
        script_with_values(body) or paragraph_session(body) if language in PY_LANGS | {""} else None
    )
    if shown_values is not None:
        code, shown = split_transcript(shown_values)
        return "code", code, shown
    if language in PY_LANGS and parses(body):
        return "code", body, ""  # a traceback inside one of its strings is data
    if language in _TRACEBACK_LANGS or (
        language in PY_LANGS | _OUTPUT_LANGS | {""} and looks_like_traceback(body, lead)
    ):
        code, trace = _split_code_and_traceback(body)
        if code and language not in _TRACEBACK_LANGS:
            return "code", code, trace
        return "traceback", body, ""
    if announces_output(lead) and (
        language == "json" or (language in PY_LANGS and is_printed_value(body))
    ):
        return "output", body, ""  # "And get this output:" over a python- or json-tagged value
    program = shell_python(body) if language in PY_LANGS and not parses(body) else None
    if program is not None:  # ``python -c "…"`` lines in a python-tagged fence
        return "code", program[0], program[1]
    if language in PY_LANGS:
        code, quoted = split_pasted_output(body)
        return "code", code, quoted
    typed = typed_at_interpreter(body) if language in SHELL_LANGS | {""} else None
    if typed is not None:
        return "code", typed, ""  # ``python3`` started bare, the script typed under it
    if language in SHELL_LANGS or (not language and _is_shell(body)):
        program = shell_python(body)
        if program is not None:
            return "code", program[0], program[1]
        return "shell", body, ""
    if language in _OUTPUT_LANGS:
        return "output", body, ""
    if not language and _source_excerpt(body):
        return "other", body, ""
    if not language:
        code, quoted = split_pasted_output(body)
        if _looks_like_code(code) and not announces_output(lead):
            return "code", code, quoted
        return "output", body, ""
    return "other", body, ""


def looks_like_traceback(text: str, lead: str = "") -> bool:
    """True for a Python traceback or a bare ``SomeError: message`` dump."""
    stripped = text.strip()
    if "Traceback (most recent call last)" in stripped:
        return True
    if any(_EXC_LINE.match(PYTEST_FAILURE.sub("", ln)) for ln in stripped.splitlines()):
        return True  # pytest's ``E   KeyError: …`` lines
    lines = [line for line in stripped.splitlines() if line.strip()]
    if not lines:
        return False
    frame_lines = sum(1 for line in lines if line.lstrip().startswith('File "'))
    if frame_lines > 0:
        return any(_EXC_LINE.match(line) for line in lines[-3:])
    if any(CODE_HINT.match(line) for line in lines):
        return False
    if any(_EXC_LINE.match(line) for line in lines):
        return True
    # "InvalidVersion: bad", "ParseError: ..." pasted under "it raises:"
    return bool(lead and _RAISE_LEAD.search(lead) and _BARE_EXC.match(lines[-1].strip()))


def _split_code_and_traceback(body: str) -> tuple[str, str]:
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if _TRACEBACK_START.match(line.strip()) or _EXC_LINE.match(line):
            code = "\n".join(lines[:i]).strip("\n")
            if code and parses(code) and _looks_like_code(code):
                return code + "\n", "\n".join(lines[i:]) + "\n"
            return "", body
    return "", body


def _is_shell(body: str) -> bool:
    first = body.lstrip().splitlines()[0] if body.strip() else ""
    return first.startswith(("$ ", "pip ", "python -m pip", "conda ", "uv ", "% ", "❯ ")) or (
        python_c_code(first) is not None
    )


def _source_excerpt(body: str) -> bool:
    """A function or class quoted with its rest elided (``def f(s):`` … ``...``): source
    the report points at, neither code to run nor output it printed."""
    lines = [ln for ln in body.splitlines() if ln.strip()]
    return (
        len(lines) > 2
        and re.match(r"^(?:async\s+)?(?:def|class)\s+\w+.*:\s*$", lines[0]) is not None
        and lines[-1].strip() in {"...", "…"}
        and not parses(body)
    )


def _looks_like_code(body: str) -> bool:
    """Python-looking text: it parses with a code-like line, or most lines look like code,
    or it is a Python script that is not Python 3 (a ``python`` shebang, a ``print``
    statement): then the syntax error is the report's, worth saying, rather than "no code".
    """
    lines = [ln for ln in body.splitlines() if ln.strip()]
    if not lines:
        return False
    if re.match(r"^#!.*\bpython", lines[0]) or python2_print(body):
        return True
    hinted = sum(1 for ln in lines if CODE_HINT.match(ln) or ln.rstrip().endswith((")", ":")))
    if parses(body):
        return not _is_value(body) and any(CODE_HINT.match(ln) or "(" in ln for ln in lines)
    has_import = any(re.match(r"^\s*(import|from)\s+\w", ln) for ln in lines)
    return has_import and hinted * 2 >= len(lines)


_VALUE_NODES = (
    ast.Module,
    ast.Expr,
    ast.Tuple,
    ast.List,
    ast.Dict,
    ast.Set,
    ast.Constant,
    ast.Name,
    ast.Load,
    ast.UnaryOp,
    ast.USub,
    ast.UAdd,
)


def _is_value(body: str) -> bool:
    """Text that parses only as a value (``(filename, debug)``, ``{'a': 1}``): a result
    shown, not a script; a script calls, assigns or imports something."""
    return all(isinstance(node, _VALUE_NODES) for node in ast.walk(ast.parse(body)))
