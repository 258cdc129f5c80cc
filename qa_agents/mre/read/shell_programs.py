"""The Python program a shell block hands to an interpreter it starts.

Besides ``python -c "..."`` (see ``prose.python_c_code``), authors show a shell session
feeding Python its program in two ways: a here-document (``python3 <<EOF`` … ``EOF``),
or the interpreter started bare (``python3``) with the program typed under it, without
the ``>>>`` prompts the session would have shown.
"""

from __future__ import annotations

import re

from qa_agents.mre.read.command_lines import PYTHON_EXE
from qa_agents.mre.read.prose import python_c_code
from qa_agents.mre.read.syntax import does_something, parses
from qa_agents.mre.read.transcripts import VERSION_QUERY

# ``python <<EOF`` (any interpreter name, options or env assignments before it)
_HEREDOC = re.compile(r"(?:^|[\s;&|])(?:python[\d.]*|py)(?:\s+-\S+)*\s*<<-?\s*['\"]?(?P<end>\w+)")
# a prompt before a command: "$ ", "% ", "# ", "root@host:/# "
_PROMPT = re.compile(r"^\s*(?:[$%#❯]\s*|[\w.-]+@[\w.-]+:\S*[$#]\s*)?")
# the prompt before a ``python -c`` step: "$ ", "% ", "❯ ", "PS C:\\> "
_SHELL_PROMPT = re.compile(r"^\s*(?:\$|%|❯|PS [^>]*>)\s+")


def heredoc_program(body: str) -> str | None:
    """The program a shell block feeds to Python as a here-document, or None."""
    lines = body.splitlines()
    for i, line in enumerate(lines):
        match = _HEREDOC.search(line)
        if match:
            rest = lines[i + 1 :]
            end = next((j for j, ln in enumerate(rest) if ln.strip() == match["end"]), None)
            program = "\n".join(rest[:end]).strip("\n")
            return program + "\n" if program and end is not None else None
    return None


def typed_at_interpreter(body: str) -> str | None:
    """The program typed under a bare ``python3`` line of a shell session (``docker run``,
    ``pip install …``, ``python3``, then the script), or None. Everything after that line
    must parse as one program that does something; a session with ``>>>`` prompts is read
    as a transcript elsewhere."""
    lines = body.splitlines()
    for i, line in enumerate(lines):
        if PYTHON_EXE.match(_PROMPT.sub("", line, count=1).strip()):
            program = "\n".join(lines[i + 1 :]).strip("\n")
            if program and parses(program) and does_something(program):
                return program + "\n"
            return None
    return None


def shell_python(body: str) -> tuple[str, str] | None:
    """(programs, printed) of the ``python -c`` steps of a shell session, or None.

    A step run twice (before and after an upgrade) is one program; the lines a prompted
    session shows after a step are what it printed. A step that prints versions
    describes the author's setup and is not part of the example.
    """
    heredoc = heredoc_program(body)
    if heredoc is not None:
        return heredoc, ""
    programs: list[str] = []
    printed: list[str] = []
    prompted = any(_SHELL_PROMPT.match(line) for line in body.splitlines())
    in_step = False
    for line in body.splitlines():
        is_command = bool(_SHELL_PROMPT.match(line)) or not prompted
        if is_command:
            program = python_c_code(_SHELL_PROMPT.sub("", line, count=1))
            if program is not None and VERSION_QUERY.search(program):
                program = None  # the author's setup, not the example
            in_step = program is not None
            if program is not None and program not in programs:
                programs.append(program)
        elif in_step and line.strip():
            printed.append(line)
    if not programs:
        return None
    return "".join(programs), "\n".join(printed) + ("\n" if printed else "")
