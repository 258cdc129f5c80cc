"""REPL and IPython sessions pasted in a report: the statements typed, and what they printed.

Apart from block classification because a session mixes both in one block, and what a
version query echoed describes the author's setup, not the symptom.
"""

from __future__ import annotations

import ast
import re

from qa_agents.mre.read.syntax import does_something, is_expression, is_literal, parses

_PROMPT = re.compile(r"^(?:>>>|\.\.\.)(?: |$)|^In \[\d*\]: ?|^In: |^\s+\.{3,}: ?")
_IN_PROMPT = re.compile(r"^In(?: \[\d*\])?: ")
OUT_PROMPT = re.compile(r"^Out(?:\[\d*\])?: ?")
"""IPython's result prompt: what follows it is output."""
VERSION_QUERY = re.compile(
    r"__version__|\bVERSION\b|\bversion\s*\(|\bsys\.version|\bversion_info\b|python_version\("
)
"""A statement that asks for a version: what it printed is the author's setup."""


_GT_PROMPT = re.compile(r"^> ?(?!>)")
"""A one-character ``>`` prompt, which authors use for a REPL they trimmed."""


_ARROW = re.compile(r"^\s*(?:->|=>|→)\s?")
"""``-> value`` under a statement: what it returned, written as an arrow."""


def is_transcript(body: str) -> bool:
    """A REPL or IPython session: statements behind prompts, results in between."""
    return (
        is_gt_session(body)
        or arrow_session(body) is not None
        or any(
            line.startswith((">>> ", ">>>\t"))
            or line == ">>>"
            or re.match(r"^In(?: \[\d*\])?: ", line)
            for line in body.splitlines()
        )
    )


def arrow_session(body: str) -> str | None:
    """Statements each followed by an ``-> value`` line, as the ``>>>`` session they stand
    for; None when there is no arrow line, or the block parses as it is, or the lines
    without arrows are not code that does something."""
    lines = body.splitlines()
    if not any(_ARROW.match(ln) for ln in lines) or parses(body):
        return None
    statements = [ln for ln in lines if not _ARROW.match(ln)]
    if not does_something("\n".join(statements) + "\n"):
        return None
    return (
        "\n".join(
            _ARROW.sub("", ln) if _ARROW.match(ln) else (f">>> {ln}" if ln.strip() else "")
            for ln in lines
        )
        + "\n"
    )


def is_gt_session(body: str) -> bool:
    """Statements typed at a ``>`` prompt with what they printed under them
    (``> lib.parse("P1M").total_seconds()`` then ``0``).

    The first line is prompted, and the prompted lines are code that does something (a
    call, an import, an assignment): a quoted sentence or a quoted value is not.
    """
    lines = [ln for ln in body.splitlines() if ln.strip()]
    if not lines or not _GT_PROMPT.match(lines[0]):
        return False
    statements = "\n".join(_GT_PROMPT.sub("", ln) for ln in lines if _GT_PROMPT.match(ln))
    return does_something(statements + "\n")


# ``>>>import x``: the prompt typed without its space; ``>> import x`` or ``>>f(x)``: one
# ``>`` short
_LOOSE_PROMPT = re.compile(r"^(?:>>>(?=[^\s>])|>> ?(?=[^\s>]))(?P<rest>.*)$", re.M)


def spaced_prompts(body: str) -> str:
    """A session's loosely typed prompts as ``>>> ``, where what follows is a statement
    that acts, or any statement in a block with real ``>>> `` prompts. Output pasted after
    a prompt (``>>>3 gram``) and a quoted reply (``>> Thanks``) stay as they are."""
    prompted = re.search(r"^>>>(?: |$)", body, re.M) is not None
    return _LOOSE_PROMPT.sub(
        lambda m: (
            ">>> " + m.group("rest") if loose_statement(m.group("rest"), prompted) else m.group(0)
        ),
        body,
    )


def outputs_at_prompts(body: str) -> str | None:
    """A block that types its statements bare and marks each output with ``>>>`` (the
    prompt's place taken by the answer: ``lib.decode(x)`` then ``>>> ValueError: …``),
    rewritten as the session it stands for; None when the block is not one.

    Told from a real session by what sits at the prompts: only values (a literal, a repr
    like ``UUID('…')``) or exception lines, never a statement that acts, while the bare
    lines import, assign or call a function of a module.
    """
    lines = [ln for ln in body.splitlines() if ln.strip()]
    marked = [i for i, ln in enumerate(lines) if ln.startswith(">>> ")]
    if not marked or marked[0] == 0 or any(i - 1 in marked for i in marked):
        return None
    answers = [lines[i][4:].strip() for i in marked]
    typed = [ln for i, ln in enumerate(lines) if i not in marked]
    if not all(_answer_like(a) for a in answers) or not any(_bare_value(a) for a in answers):
        return None
    if not all(parses(ln.strip()) for ln in typed) or not any(_acts(ln) for ln in typed):
        return None
    return (
        "\n".join(ln[4:] if i in marked else f">>> {ln.strip()}" for i, ln in enumerate(lines))
        + "\n"
    )


def _answer_like(text: str) -> bool:
    """A value or an exception line, not a statement that acts."""
    return _bare_value(text) or (is_expression(text) and not _acts_beyond_repr(text))


def _bare_value(text: str) -> bool:
    """A literal, or a line that is no Python at all (``ValueError: int is out of range``)."""
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError):
        return True
    return is_literal(tree.body)


def _acts_beyond_repr(text: str) -> bool:
    """Acts, unless it is a repr: one call of a bare name with literal arguments."""
    tree = ast.parse(text, mode="eval").body
    if isinstance(tree, ast.Call) and isinstance(tree.func, ast.Name):
        return not all(is_literal(a) for a in [*tree.args, *(k.value for k in tree.keywords)])
    return does_something(text)


def _acts(line: str) -> bool:
    tree = ast.parse(line.strip())
    return any(
        isinstance(n, ast.Import | ast.ImportFrom | ast.Assign)
        or (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute))
        for n in ast.walk(tree)
    )


# an IPython magic or shell escape on its own line: ``%%timeit``, ``%matplotlib inline``,
# ``!pip install x``; the timing magics' own statement (``%timeit -n 10 f(x)``) is kept
_MAGIC = re.compile(r"^(?P<indent>[ \t]*)(?:%(?P<cell>%)?(?P<name>\w+)(?P<rest>.*)|!.*)$")
_MAGIC_OPTIONS = re.compile(r"^(?:\s*-\w+(?:\s+\d+)?)*\s*")
_RUNS_ITS_STATEMENT = {"time", "timeit", "prun"}


def without_magics(body: str) -> str:
    """A notebook cell without IPython's magics: they set up or time the notebook, and the
    code under ``%%timeit`` (or after ``%timeit``) runs as it would once. The body as it
    was when it parses already."""
    if parses(body):
        return body
    kept = []
    for line in body.split("\n"):
        magic = _MAGIC.match(line)
        if magic is None:
            kept.append(line)
        elif magic["name"] in _RUNS_ITS_STATEMENT and not magic["cell"]:
            statement = _MAGIC_OPTIONS.sub("", magic["rest"], count=1)
            kept.append(magic["indent"] + statement if statement.strip() else "")
    cleaned = "\n".join(kept)
    return cleaned if cleaned.strip() and parses(cleaned) else body


def loose_prompt(line: str) -> bool:
    """Does the line open a session at a loosely typed prompt (``>>>import jieba``)?"""
    match = _LOOSE_PROMPT.match(line)
    return match is not None and loose_statement(match.group("rest"), False)


def loose_statement(text: str, prompted: bool) -> bool:
    return parses(text) and (prompted or does_something(text))


def split_transcript(body: str) -> tuple[str, str]:
    """(statements, everything the session printed) of a REPL/IPython transcript.

    What a version query printed (``lib.__version__``, ``sys.version``) describes the
    author's setup, not the symptom, so it is left out of the shown output.
    """
    body = arrow_session(body) or body
    code: list[str] = []
    shown: list[str] = []
    version_echo = False
    started = False
    prompts = _GT_PROMPT if is_gt_session(body) else _PROMPT
    lines = body.splitlines()
    first = next((k for k, ln in enumerate(lines) if prompts.match(ln)), len(lines))
    setup = "\n".join(lines[:first]).strip("\n")
    if setup and parses(setup) and does_something(setup):
        code.extend(setup.split("\n"))  # a script that set up what the session then ran
    for line in lines:
        prompt = prompts.match(line)
        if not prompt and not started:
            continue  # the interpreter's banner, or the shell command that started it
        started = True
        if prompt:
            statement = line[prompt.end() :]
            if not line.lstrip().startswith("..."):
                version_echo = bool(VERSION_QUERY.search(statement))
            code.append(statement)
        elif version_echo:
            continue
        elif OUT_PROMPT.match(line):
            shown.append(OUT_PROMPT.sub("", line))
        elif line.strip():
            shown.append(line)
    statements = "\n".join(code) + "\n"
    if not parses(statements):
        respaced = _stray_spaces_dropped(code)
        statements = respaced if parses(respaced) else statements
    if not parses(statements) and not any(python2_print(c) for c in code):
        last = max((k for k, ln in enumerate(lines) if prompts.match(ln)), default=len(lines))
        answered = any(ln.strip() for ln in lines[last + 1 :])  # it printed: no cut-off copy
        statements = _drop_unparseable(code, answered)
    return statements, "\n".join(shown) + ("\n" if shown else "")


def _stray_spaces_dropped(lines: list[str]) -> str:
    """``>>>  f()``: a space too many after the prompt, on a line that opens no block's
    body (the line before it is not indented and does not end with ``:``)."""
    kept: list[str] = []
    for line in lines:
        before = kept[-1] if kept else ""
        opens_body = before.rstrip().endswith(":") or before[:1].isspace()
        kept.append(line if opens_body else line.lstrip())
    return "\n".join(kept) + "\n"


def _drop_unparseable(lines: list[str], answered: bool) -> str:
    """Keep the statements of a transcript that parse (a session can hold a typo, typed
    again below it). A last statement that does not parse and that the session shows
    ``answered`` is no typo: it is the step the session shows failing (``loads(...the
    string dumped above...)``, a placeholder), so the session stays as typed and does not
    parse. One with nothing under it is a copy cut short there, and is dropped."""
    kept: list[str] = []
    for line in lines:
        trial = "\n".join([*kept, line]) + "\n"
        if parses(trial) or line.startswith((" ", "\t")) or line.rstrip().endswith(":"):
            kept.append(line)
    text = "\n".join(kept) + "\n"
    last_dropped = answered and bool(lines) and lines[-1] not in kept
    return text if parses(text) and not last_dropped else "\n".join(lines) + "\n"


def python2_print(body: str) -> bool:
    """Does the text fail to parse only as Python 2 does: at a ``print`` statement?"""
    try:
        ast.parse(body)
    except SyntaxError as exc:
        return "Missing parentheses in call to 'print'" in str(exc.msg)
    except ValueError:
        return False
    return False
