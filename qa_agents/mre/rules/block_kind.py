"""What a block of a report is (code, traceback, output, shell, other), as an ordered ladder of
named rules.

Issues mix the snippet with its traceback, shell commands and printed output, not always
in fences: REPL transcripts, code *and* its traceback in one block, ``python -c`` lines,
a value under "I get this output:". Each rule reads one block alone (its fence language,
its body, the prose right before it) and either decides ``(kind, content, shown output)``
or passes; the first rule that decides wins, so precedence is this list's order, not the
order of ``if`` branches. The rules that look at the blocks around one live in
``block_context.py``.
"""

from __future__ import annotations

import ast
import re

from qa_agents.mre.models import BlockKind
from qa_agents.mre.read.pasted_output import CODE_HINT, split_pasted_output
from qa_agents.mre.read.prose import announces_output, parses, python_c_code
from qa_agents.mre.read.prose_sessions import paragraph_session, script_with_values
from qa_agents.mre.read.shell_programs import shell_python, typed_at_interpreter
from qa_agents.mre.read.syntax import is_printed_value
from qa_agents.mre.read.tracebacks import PYTEST_FAILURE
from qa_agents.mre.read.transcripts import (
    is_transcript,
    outputs_at_prompts,
    python2_print,
    spaced_prompts,
    split_transcript,
    without_magics,
)
from qa_agents.mre.rules.registry import BLOCK_KIND, Example, Rule, rules_of
from qa_agents.mre.rules.vocabulary import STOPS_A_RUN, suffixes

PY_LANGS = {"python", "py", "python3", "py3", "ipython", "ipython3"}
PYCON_LANGS = {"pycon", "python-repl", ">>>"}
SHELL_LANGS = {"bash", "sh", "shell", "console", "zsh", "shell-session", "powershell", "cmd"}
OUTPUT_LANGS = {"text", "txt", "output", "log", "plaintext", "stdout", "stderr"}
TRACEBACK_LANGS = {"pytb", "traceback", "python-traceback"}
REPL_LANGS = PY_LANGS | SHELL_LANGS | OUTPUT_LANGS | {""}
"""Fences a shell session that started ``python`` and typed at its prompt may be in."""

Reading = tuple[BlockKind, str, str]
"""(kind, content, transcript_output): what a block is and what it showed."""

_EXC_LINE = re.compile(rf"^\s*(?:[\w.]+\.)?\w*{suffixes(STOPS_A_RUN)}\b(?::|$)")
_TRACEBACK_START = re.compile(r"^-{5,}$|^Traceback \(most recent call last\)")
_RAISE_LEAD = re.compile(r"\b(exception|error|raises?|throws?|traceback|fails?)\b", re.I)
_BARE_EXC = re.compile(r"^(?:[A-Za-z_]\w*\.)*[A-Z][A-Za-z0-9]+(?::\s.*)?$")


def prepared_body(language: str, body: str) -> str:
    """The body the rules read: a session's prompts made plain (``In [1]:`` magics gone,
    ``>>>`` without its space mended) in the fences a session may be in."""
    if language in REPL_LANGS | PYCON_LANGS:
        return outputs_at_prompts(body) or spaced_prompts(without_magics(body))
    return body


# -- the rules, in the order they are tried ------------------------------------------------


def _repl_session(language: str, body: str, lead: str = "") -> Reading | None:
    # a script that parses is a script, even with ">>> " lines inside a string of it
    # (``In [1]: x`` parses too, as an annotation: IPython cells stay sessions)
    ipython = re.search(r"^In(?: \[\d*\])?: ", body, re.M) is not None
    session = is_transcript(body) and (ipython or not parses(body))
    if language in PYCON_LANGS or (language in REPL_LANGS and session):
        code, shown = split_transcript(body)
        return "code", code, shown
    return None


def _values_shown_beside_code(language: str, body: str, lead: str = "") -> Reading | None:
    if language not in PY_LANGS | {""}:
        return None
    shown_values = script_with_values(body) or paragraph_session(body)
    if shown_values is None:
        return None
    code, shown = split_transcript(shown_values)
    return "code", code, shown


def _python_that_parses(language: str, body: str, lead: str = "") -> Reading | None:
    if language in PY_LANGS and parses(body):
        return "code", body, ""  # a traceback inside one of its strings is data
    return None


def _shows_a_traceback(language: str, body: str, lead: str) -> bool:
    return language in TRACEBACK_LANGS or (
        language in PY_LANGS | OUTPUT_LANGS | {""} and looks_like_traceback(body, lead)
    )


def _code_then_its_traceback(language: str, body: str, lead: str = "") -> Reading | None:
    if language in TRACEBACK_LANGS or not _shows_a_traceback(language, body, lead):
        return None
    code, trace = _split_code_and_traceback(body)
    return ("code", code, trace) if code else None


def _traceback(language: str, body: str, lead: str = "") -> Reading | None:
    return ("traceback", body, "") if _shows_a_traceback(language, body, lead) else None


def _announced_printed_value(language: str, body: str, lead: str = "") -> Reading | None:
    if announces_output(lead) and (
        language == "json" or (language in PY_LANGS and is_printed_value(body))
    ):
        return "output", body, ""
    return None


def _python_c_in_a_python_fence(language: str, body: str, lead: str = "") -> Reading | None:
    program = shell_python(body) if language in PY_LANGS and not parses(body) else None
    return ("code", program[0], program[1]) if program is not None else None


def _python_with_pasted_output(language: str, body: str, lead: str = "") -> Reading | None:
    if language not in PY_LANGS:
        return None
    code, quoted = split_pasted_output(body)
    return "code", code, quoted


def _typed_at_the_interpreter(language: str, body: str, lead: str = "") -> Reading | None:
    typed = typed_at_interpreter(body) if language in SHELL_LANGS | {""} else None
    return ("code", typed, "") if typed is not None else None


def _is_shell_session(language: str, body: str) -> bool:
    return language in SHELL_LANGS or (not language and _is_shell(body))


def _python_c_in_a_shell_session(language: str, body: str, lead: str = "") -> Reading | None:
    program = shell_python(body) if _is_shell_session(language, body) else None
    return ("code", program[0], program[1]) if program is not None else None


def _shell_session(language: str, body: str, lead: str = "") -> Reading | None:
    return ("shell", body, "") if _is_shell_session(language, body) else None


def _output_fence(language: str, body: str, lead: str = "") -> Reading | None:
    return ("output", body, "") if language in OUTPUT_LANGS else None


def _source_excerpt_rule(language: str, body: str, lead: str = "") -> Reading | None:
    return ("other", body, "") if not language and _source_excerpt(body) else None


def _unlabelled_code(language: str, body: str, lead: str = "") -> Reading | None:
    if language:
        return None
    code, quoted = split_pasted_output(body)
    if _looks_like_code(code) and not announces_output(lead):
        return "code", code, quoted
    return None


def _unlabelled_output(language: str, body: str, lead: str = "") -> Reading | None:
    return None if language else ("output", body, "")


def _any_other_language(language: str, body: str, lead: str = "") -> Reading | None:
    return "other", body, ""


_kind = rules_of(BLOCK_KIND)


_E = Example
_TRACE = "Traceback (most recent call last):\nValueError: bad\n"
BLOCK_KIND_RULES: list[Rule] = [
    _kind(
        "repl-session",
        "A `>>>` or `In [1]:` session (a pycon fence, or any that does not parse as a "
        "script) is its statements as code, its echoed results as shown output.",
        _repl_session,
        _E(("pycon", ">>> 1 + 1\n2\n"), ("code", "1 + 1\n", "2\n")),
        _E(("", ">>> f()\nTrue\n"), ("code", "f()\n", "True\n")),
        _E(("python", 's = """\n>>> x\n"""\nprint(s)\n'), None),  # a script that parses
        _E(("json", '{">>> a": 1}'), None),
    ),
    _kind(
        "values-shown-beside-code",
        "A script whose lines are followed by the values they printed, unprompted (`f(1)` "
        "then `2`), is code with those values as shown output.",
        _values_shown_beside_code,
        _E(
            ("python", "import math\nmath.floor(2.5)\n2\n"),
            ("code", "import math\nmath.floor(2.5)\n", "2\n"),
        ),
        _E(("python", "import math\nprint(math.pi)\n"), None),
        _E(("text", "import math\nmath.floor(2.5)\n2\n"), None),  # an output fence
    ),
    _kind(
        "python-that-parses",
        "A python-tagged block that parses is the script, even with a traceback inside one "
        "of its strings.",
        _python_that_parses,
        _E(("python", "import x\nx.run()\n"), ("code", "import x\nx.run()\n", "")),
        _E(
            ("py", 'print("Traceback (most recent call last)")\n'),
            ("code", 'print("Traceback (most recent call last)")\n', ""),
        ),
        _E(("python", "x = (\n"), None),
        _E(("", "import x\n"), None),
    ),
    _kind(
        "code-then-its-traceback",
        "A block holding code and then the traceback it raised is split: the code runs, the "
        "traceback is what it showed.",
        _code_then_its_traceback,
        _E(
            (
                "",
                "import json\njson.loads('x')\n" + _TRACE,
            ),
            (
                "code",
                "import json\njson.loads('x')\n",
                "Traceback (most recent call last):\nValueError: bad\n",
            ),
        ),
        _E(("pytb", "import json\njson.loads('x')\nValueError: bad\n"), None),  # a traceback fence
        _E(("", "Traceback (most recent call last):\nValueError: bad\n"), None),
    ),
    _kind(
        "traceback",
        "A traceback fence, a block with `Traceback (most recent call last)` or an "
        'exception line, or a bare `SomeError: msg` under "it raises:" is the traceback.',
        _traceback,
        _E(("pytb", "ValueError: bad\n"), ("traceback", "ValueError: bad\n", "")),
        _E(("text", "E   KeyError: 'a'\n"), ("traceback", "E   KeyError: 'a'\n", "")),
        _E(("", "InvalidVersion: bad", "It raises:"), ("traceback", "InvalidVersion: bad", "")),
        _E(("", "InvalidVersion: bad", "It prints:"), None),
        _E(("text", "all good\n"), None),
    ),
    _kind(
        "announced-printed-value",
        'A json- or python-tagged value under a line announcing output ("And get this '
        'output:") is that output, not a script.',
        _announced_printed_value,
        _E(("python", "[1, 2]\n", "I get this output:"), ("output", "[1, 2]\n", "")),
        _E(("json", '{"a": 1}\n', "Result:"), ("output", '{"a": 1}\n', "")),
        _E(("python", "[1, 2]\n", "Here is my list:"), None),
    ),
    _kind(
        "python-c-in-a-python-fence",
        '`python -c "…"` lines in a python-tagged fence are their programs as code, what '
        "the session printed after them shown output.",
        _python_c_in_a_python_fence,
        _E(("python", '$ python -c "print(1)"\n1\n'), ("code", "print(1)\n", "1\n")),
        _E(("python", "print(1\n"), None),
    ),
    _kind(
        "python-with-pasted-output",
        "Any other python-tagged block is code; `> value` lines or output pasted after it "
        "are its shown output.",
        _python_with_pasted_output,
        _E(("python", "print(1\n"), ("code", "print(1\n", "")),
        _E(("bash", "print(1\n"), None),
    ),
    _kind(
        "typed-at-the-interpreter",
        "A shell block that starts `python3` bare and types the script under it is that script.",
        _typed_at_the_interpreter,
        _E(("bash", "$ python3\nimport x\nx.run()\n"), ("code", "import x\nx.run()\n", "")),
        _E(("bash", "$ pip install x\n"), None),
    ),
    _kind(
        "python-c-in-a-shell-session",
        '`python -c "…"` in a shell block (or an unlabelled one that looks like a shell) is '
        "its program, with the session's printed lines as shown output.",
        _python_c_in_a_shell_session,
        _E(
            ("console", "$ python -c 'import x; print(x.v)'\n3\n"),
            ("code", "import x; print(x.v)\n", "3\n"),
        ),
        _E(("console", "$ pip install x\n"), None),
    ),
    _kind(
        "shell-session",
        "Any other shell-tagged block, or an unlabelled one starting `$ ` or `pip `, is "
        "shell: commands, not the script.",
        _shell_session,
        _E(("bash", "$ pip install x\n"), ("shell", "$ pip install x\n", "")),
        _E(("", "pip install x\n"), ("shell", "pip install x\n", "")),
        _E(("text", "pip install x\n"), None),
    ),
    _kind(
        "output-fence",
        "A text/output/log fence that no earlier rule read as a session or traceback is "
        "shown output.",
        _output_fence,
        _E(("text", "42\n"), ("output", "42\n", "")),
        _E(("", "42\n"), None),
    ),
    _kind(
        "source-excerpt",
        "An unlabelled `def f(...):` … `...` with its body elided is source the report points "
        "at: neither code to run nor output.",
        _source_excerpt_rule,
        _E(
            ("", "class Foo:\n    def f(self):\n    ...\n"),
            ("other", "class Foo:\n    def f(self):\n    ...\n", ""),
        ),
        _E(("", "def f(s):\n    return s\n"), None),
    ),
    _kind(
        "unlabelled-code",
        "An unlabelled block that looks like Python (imports and calls, a python shebang, a "
        "print statement) and is not announced as output is code.",
        _unlabelled_code,
        _E(("", "import x\nx.run()\n"), ("code", "import x\nx.run()\n", "")),
        _E(("", "import x\nx.run()\n", "It prints:"), None),
        _E(("", "{'a': 1}\n"), None),  # a value shown, not a script
    ),
    _kind(
        "unlabelled-output",
        "Any other unlabelled block is shown output.",
        _unlabelled_output,
        _E(("", "{'a': 1}\n"), ("output", "{'a': 1}\n", "")),
        _E(("yaml", "a: 1\n"), None),
    ),
    _kind(
        "any-other-language",
        "A block in any other language (yaml, json, toml, html, …) is other: data or "
        "source, never the script.",
        _any_other_language,
        _E(("yaml", "a: 1\n"), ("other", "a: 1\n", "")),
    ),
]


def classify_block(language: str, body: str, lead: str = "") -> tuple[BlockKind, str, str]:
    """(kind, content, transcript_output) of a block, by the first rule that decides."""
    kind, content, shown, _ = read_block(language, body, lead)
    return kind, content, shown


def read_block(language: str, body: str, lead: str = "") -> tuple[BlockKind, str, str, str]:
    """(kind, content, transcript_output, the name of the rule that decided)."""
    body = prepared_body(language, body)
    for rule in BLOCK_KIND_RULES:
        reading = rule.apply(language, body, lead)
        if reading is not None:
            return (*reading, rule.name)
    raise AssertionError("any-other-language decides every block")  # pragma: no cover


# -- what the rules look at ----------------------------------------------------------------


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
