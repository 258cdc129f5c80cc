"""The Python program a shell block hands to an interpreter it starts.

Besides ``python -c "..."`` (see ``prose.python_c_code``), authors show a shell session
feeding Python its program in two ways: a here-document (``python3 <<EOF`` … ``EOF``),
or the interpreter started bare (``python3``) with the program typed under it, without
the ``>>>`` prompts the session would have shown.
"""

from __future__ import annotations

import re

from qa_agents.mre.tools.command_lines import PYTHON_EXE
from qa_agents.mre.tools.syntax import does_something, parses

# ``python <<EOF`` (any interpreter name, options or env assignments before it)
_HEREDOC = re.compile(r"(?:^|[\s;&|])(?:python[\d.]*|py)(?:\s+-\S+)*\s*<<-?\s*['\"]?(?P<end>\w+)")
# a prompt before a command: "$ ", "% ", "# ", "root@host:/# "
_PROMPT = re.compile(r"^\s*(?:[$%#❯]\s*|[\w.-]+@[\w.-]+:\S*[$#]\s*)?")


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
