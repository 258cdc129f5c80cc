"""The command line a report ran its script with, and what that command printed.

Reports of command-line tools show ``% python example.py -d -i 1000 B`` and the usage
error under it. Run without those arguments, the script only complains that they are
missing; run with them, it can show the reported symptom. The command's own line is the
input, not output, so it never counts as something the run had to print.
"""

from __future__ import annotations

import ast
import re
import shlex

from qa_agents.mre.models import CodeBlock

# a prompt before the command: "$ ", "% ", "❯ ", "> ", "PS C:\\> ", "➜  ~ ", "user@host:~$ "
_PROMPT = re.compile(r"^\s*(?:[$%❯>#]|PS [^>]*>|➜\s+\S*|[\w.-]+@[\w.-]+:\S*[$#])?\s*")
_NEXT_COMMAND = re.compile(r"^\s*(?:[$%❯]|PS [^>]*>|➜)\s")
PYTHON_EXE = re.compile(r"^(?:.*[/\\])?(?:python[\d.]*|py)(?:\.exe)?$")
"""An interpreter's name as a command line gives it (``python3``, ``/usr/bin/python``)."""
# what a script imports or reads when it takes its arguments from the command line
_READS_ARGV = {
    "argparse",
    "optparse",
    "getopt",
    "click",
    "typer",
    "plac",
    "fire",
    "docopt",
    "argh",
    "clize",
    "configargparse",
}


def script_argv(line: str) -> list[str] | None:
    """``["example.py", "-d", "B"]`` for ``% python example.py -d B``; None for any other
    line, and for a script run without arguments (its default command line is the same)."""
    text = _PROMPT.sub("", line.strip().strip("`"), count=1)
    try:
        words = shlex.split(text)
    except ValueError:
        return None
    if len(words) < 3 or not PYTHON_EXE.match(words[0]):
        return None
    rest = words[1:]
    while rest and rest[0].startswith("-") and not rest[0].endswith(".py"):
        rest = rest[1:]  # the interpreter's own options (-u, -X dev)
    if len(rest) < 2 or not rest[0].endswith(".py"):
        return None
    return [rest[0].rsplit("/", 1)[-1], *rest[1:]]


def report_argv(blocks: list[CodeBlock]) -> list[str] | None:
    """The first command line with arguments that the report's shell or output blocks
    show running a script."""
    for block in blocks:
        if block.kind in {"shell", "output"}:
            for line in block.content.splitlines():
                argv = script_argv(line)
                if argv is not None:
                    return argv
    return None


def printed_by_command(block: CodeBlock) -> str | None:
    """What a shell block shows its script command printing (the lines after it, up to the
    next command); None when the block runs no script with arguments."""
    if block.kind != "shell":
        return None
    lines = block.content.splitlines()
    start = next((k for k, ln in enumerate(lines) if script_argv(ln)), None)
    if start is None:
        return None
    printed = []
    for line in lines[start + 1 :]:
        if _NEXT_COMMAND.match(line):
            break
        printed.append(line)
    return "\n".join(printed).strip("\n") + "\n" if any(p.strip() for p in printed) else None


def reads_argv(code: str) -> bool:
    """Does the script take arguments from its command line?"""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return False
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""]
        else:
            names = []
        if any(n.split(".")[0] in _READS_ARGV for n in names):
            return True
        if isinstance(node, ast.Attribute) and node.attr == "argv":
            return True
    return False


def with_argv(argv: list[str]) -> str:
    """The line that gives the script the report's command line."""
    return f"import sys; sys.argv[:] = {argv!r}  # added by open-mre: the command line shown\n"
