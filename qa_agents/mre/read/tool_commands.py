"""Reports of a project's command-line tool: its commands, the files they read, and what
the last one printed.

Why: a report about a linter or a formatter (``radon cc -as test.py``, ``yapf --diff
x.py``) shows the tool's input and the command, not a script. Its Python is the tool's
input: run as a script, it only fails on names the tool never needed. Read the way the
author ran it, the blocks become files and the commands run through the project's own
entry points, so the output compared is the tool's. Only a program that the report's own
repository publishes counts (the caller passes those names), so nothing is guessed from a
word alone, and only when every file a command reads is in the report.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from qa_agents.mre.document import ReportDocument, as_document
from qa_agents.mre.models import CodeBlock, ToolCommand
from qa_agents.mre.read.command_lines import PYTHON_EXE
from qa_agents.mre.read.markdown import RawBlock, last_line
from qa_agents.mre.rules.block_kind import PY_LANGS, PYCON_LANGS, SHELL_LANGS

# a prompt that starts a command: "$ ", "% ", "❯ ", "╰─ ", "PS C:\\> ", "user@host:~$ "
PROMPT = re.compile(r"^\s*(?:[$%❯]|╰─|➜\s+\S*|PS [^>]*>|[\w.-]+@[\w.-]+:\S*[$#])\s+")
_HEREDOC = re.compile(
    r"^cat\s+(?:>\s*(?P<p1>\S+)\s*<<-?\s*['\"]?(?P<e1>\w+)['\"]?"
    r"|<<-?\s*['\"]?(?P<e2>\w+)['\"]?\s*>\s*(?P<p2>\S+))\s*$"
)
# a file written as a placeholder: "[filename]", "<path to file>", "FILE"
_PLACEHOLDER = re.compile(
    r"^(?:[\[<{]\s*[\w -]*(?:file|path)[\w -]*\s*[\]>}]|FILE(?:NAME)?)$", re.I
)
_FOLDER = re.compile(r"^(?:\.{1,2}|[\w.~-]+(?:/[\w.~-]+)*)/$|^\.$")
_PATH = re.compile(r"^[\w./~-]*\w\.[A-Za-z]\w{0,7}$")
_FILE_COMMENT = re.compile(r"^\s*#\s*(?:(?:cat|file(?:name)?:)\s*)?(?P<path>[\w./-]+\.\w{1,8})\s*$")
_ONLY_ABOUT_ITSELF = {"--version", "-V", "-v", "--help", "-h", "version"}
_INLINE = re.compile(r"`([^`\n]+)`")
_ANY_FILE = "[file]"  # the input a command without a file argument is run on
_INPUT_EXTENSIONS = {"python": ".py", "py": ".py", "python3": ".py", "markdown": ".md", "md": ".md"}


@dataclass
class _Step:
    words: list[str]
    printed: list[str] = field(default_factory=list)
    unmarked: bool = False  # the first line of a block with no prompt and no shell tag


@dataclass
class ToolRun:
    """The commands in the order shown, the files they read, and what the last printed;
    ``missing``: the files they read that the report does not include (then no files)."""

    commands: list[ToolCommand]
    files: dict[str, str]
    printed: str
    blocks_used: list[int]
    missing: list[str] = field(default_factory=list)


def find_tool_run(
    report: str | ReportDocument, blocks: list[CodeBlock], programs: set[str]
) -> ToolRun | None:
    """The report's run of one of ``programs`` (with the inputs it reads, or the names of
    those the report leaves out), or None when it runs none."""
    markdown = report if isinstance(report, str) else report.markdown
    if not any(program in markdown for program in programs):
        return None  # every command spells its program out
    raws = list(as_document(report).pieces)
    commands: list[ToolCommand] = []
    printed: list[str] = []  # what the last of them printed
    files: dict[str, str] = {}
    session_blocks: set[int] = set()
    at = len(raws)  # the first block that runs one of the programs
    for index, raw in enumerate(raws):
        if raw.language.lower() in PY_LANGS | PYCON_LANGS:
            continue
        block_steps, block_files = session(raw.body, raw.language.lower() in SHELL_LANGS)
        ours = [(s, c) for s in block_steps if (c := _ours(s, programs))]
        if ours:
            at = min(at, index)
            commands += [c for _, c in ours]
            printed = ours[-1][0].printed
        if ours or block_files:
            session_blocks.add(index)
            files.update(block_files)
    inline = not commands
    if inline:
        commands, at = _inline_commands(markdown, raws, programs)
    if not commands:
        return None
    if any(_imports_any(b, programs) for b in blocks if b.kind == "code"):
        return None  # the Python is a script using the library, not the tool's input
    named, named_blocks = _named_files(blocks, raws, session_blocks)
    files.update(named)
    skip = session_blocks | named_blocks
    candidates = [
        b
        for b in blocks
        if (b.kind in {"code", "other"} or (b.kind == "output" and b.index < at))
        and b.origin != "inline"
        and b.index not in skip
    ]  # a block shown before the first command ran is its input, never its output
    wanted = _wanted(commands)
    used = _bind_inputs(commands, wanted, files, candidates, raws, at, inline)
    if used is None:  # the commands read files the report does not include
        missing = sorted(wanted - files.keys())
        return ToolRun(commands, {}, _shown(printed), [], missing) if missing else None
    return ToolRun(commands, files, _shown(printed), sorted({*used, *named_blocks}))


def session(body: str, shell: bool = True) -> tuple[list[_Step], dict[str, str]]:
    """The commands of a shell block with what each printed, and the files it wrote with
    ``cat > f << EOF`` or showed with ``$ cat f``. In a block with prompts only prompted
    lines are commands; without prompts every line is, when the block is marked as shell
    or writes a here-document; in any other block only its first line is (a command,
    then what it printed: an unmarked block is more often output than a script)."""
    lines = body.splitlines()
    prompted = any(PROMPT.match(line) for line in lines)
    every = not prompted and (shell or any(_HEREDOC.match(line.strip()) for line in lines))
    first = next((k for k, line in enumerate(lines) if line.strip()), 0)
    steps: list[_Step] = []
    files: dict[str, str] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        i += 1
        command = bool(PROMPT.match(line)) if prompted else every or i - 1 == first
        if not command:
            if steps:
                steps[-1].printed.append(line)
            continue
        text = PROMPT.sub("", line, count=1).strip()
        heredoc = _HEREDOC.match(text)
        if heredoc:
            end = heredoc["e1"] or heredoc["e2"]
            stop = next((j for j in range(i, len(lines)) if lines[j].strip() == end), None)
            if stop is not None:
                files[_path_key(heredoc["p1"] or heredoc["p2"])] = _text(lines[i:stop])
                i = stop + 1
                continue
        words = _split(text) if prompted or not line[:1].isspace() else []
        steps.append(_Step(words, unmarked=not (prompted or every)))
    for step in steps:
        if prompted and len(step.words) == 2 and step.words[0] == "cat" and step.printed:
            files.setdefault(_path_key(step.words[1]), _text(step.printed))
    return steps, files


def printed_by_tool(body: str, programs: set[str]) -> str | None:
    """What a shell block shows the last command of ``programs`` printing ("" when it
    shows nothing after it); None when the block runs none of them."""
    steps, _ = session(body, shell=False)
    ours = [s for s in steps if _ours(s, programs)]
    return _shown(ours[-1].printed) if ours else None


_NOT_FOUND = re.compile(
    r"not found|no such file|does not exist|doesn't exist|cannot find|can't find|"
    r"could not find|couldn't find|unable to (?:find|open|locate)|missing",
    re.I,
)
_FILE_NAME = re.compile(r"(?<![\w/.-])([\w./-]*\w\.[A-Za-z]\w{0,7})(?![\w/])")


def files_not_found(output: str, report: str) -> list[str]:
    """Files the tool said it could not find and the report never names (yamale's
    ``schema.yaml``, looked for beside the input): an input the report leaves out."""
    names = []
    for line in output.splitlines():
        if _NOT_FOUND.search(line):
            for name in _FILE_NAME.findall(line):
                if PurePosixPath(name).name not in report and name not in names:
                    names.append(name)
    return names


def _ours(step: _Step, programs: set[str]) -> ToolCommand | None:
    """The step as a command of ``programs``; the first line of an unmarked block only
    with an option or a file among its arguments (``docstring_parser 0.18.0`` is a
    version line, ``yamale -s schema data`` a command)."""
    command = _command(step.words, programs)
    if command is None or not step.unmarked:
        return command
    flagged = any(a.startswith("-") or _is_path(a) for a in command.argv[1:])
    return command if flagged or command.stdin else None


def _command(words: list[str], programs: set[str]) -> ToolCommand | None:
    """``radon cc -s x.py`` or ``python -m mccabe x.py`` as a command of ``programs``."""
    module = False
    if len(words) > 1 and PYTHON_EXE.match(words[0]) and re.fullmatch(r"-m\w\S*", words[1]):
        words = [words[0], "-m", words[1][2:], *words[2:]]  # ``python -mpipdeptree -r``
    if len(words) > 2 and PYTHON_EXE.match(words[0]) and words[1] == "-m":
        words, module = words[2:], True
    if words and words[0].lower().endswith(".exe"):
        words = [words[0][:-4], *words[1:]]  # PowerShell's ``xmldiff.exe a.xml b.xml``
    if not words or PurePosixPath(words[0]).name not in programs:
        return None
    stdin = None
    if "<" in words[1:-1]:
        at = words.index("<")
        stdin = _path_key(words[at + 1])
        words = words[:at] + words[at + 2 :]
    if len(words) > 1 and set(words[1:]) <= _ONLY_ABOUT_ITSELF:
        return None  # the author's setup, not the example
    if any(w in {"|", ">", ">>", "&&", ";"} or w.endswith(":") for w in words):
        return None  # a pipeline, or a line of output ("pydantic version: 1.9")
    return ToolCommand(argv=[PurePosixPath(words[0]).name, *words[1:]], module=module, stdin=stdin)


def _inline_commands(
    markdown: str, raws: list[RawBlock], programs: set[str]
) -> tuple[list[ToolCommand], int]:
    """Commands written in a sentence ("When calling `radon cc -s` on the above"), and
    the index of the first block after the sentence."""
    found: list[ToolCommand] = []
    at = len(raws)
    for span in _INLINE.findall(markdown):
        words = _split(PROMPT.sub("", span, count=1))
        command = _command(words, programs) if len(words) > 1 else None
        if command is not None and command not in found:
            found.append(command)
            after = (i for i, r in enumerate(raws) if f"`{span}`" in r.lead)
            at = min(at, next(after, len(raws)))
    return found, at


def _named_files(
    blocks: list[CodeBlock], raws: list[RawBlock], skip: set[int]
) -> tuple[dict[str, str], set[int]]:
    """Blocks headed by the file they hold (``# setup.cfg``, ``# cat tests/a.py``)."""
    named: dict[str, str] = {}
    used: set[int] = set()
    for block in blocks:
        if block.index in skip or block.origin == "inline":
            continue
        first, _, rest = raws[block.index].body.lstrip("\n").partition("\n")
        match = _FILE_COMMENT.match(first)
        if match and rest.strip():
            named[_path_key(match["path"])] = rest
            used.add(block.index)
    return named, used


def _bind_inputs(
    commands: list[ToolCommand],
    wanted: set[str],
    files: dict[str, str],
    candidates: list[CodeBlock],
    raws: list[RawBlock],
    at: int,
    inline: bool,
) -> list[int] | None:
    """Give every file a command reads its contents (in ``files``, in place): a file the
    session wrote or showed, a block whose lead names it, else the one block left before
    the first command (``at``; a block after it shows a result, and a diff a change).
    A session command naming no file runs as it is when no block is left; one written in
    a sentence (``inline``) needs its block. None when a file is nowhere in the report."""
    used: list[int] = []
    for path in sorted(wanted - files.keys()):
        named = [b for b in candidates if PurePosixPath(path).name in last_line(b.lead)]
        if len(named) == 1 and not _PLACEHOLDER.match(path):
            files[path] = raws[named[0].index].body
            used.append(named[0].index)
            candidates = [b for b in candidates if b is not named[0]]
    unbound = sorted(wanted - files.keys())
    candidates = [b for b in candidates if b.index < at and not _is_diff(raws[b.index])]
    if not wanted and (candidates or inline):  # "`radon cc -s` on the above, saved"
        unbound = [_ANY_FILE]
        for command in commands:
            command.argv.append(_ANY_FILE)
    folder = any(u.endswith(" (a folder)") for u in unbound)
    if folder or len(unbound) > 1 or (unbound and len(candidates) != 1):
        return None
    renamed: dict[str, str] = {}
    if unbound:
        block = candidates[0]
        path = unbound[0]
        if _PLACEHOLDER.match(path):
            path = "example" + _INPUT_EXTENSIONS.get(block.language.lower(), ".py")
        renamed[unbound[0]] = path
        files[path] = raws[block.index].body
        used.append(block.index)
    for command in commands:
        command.argv = [command.argv[0], *(_as_run(a, renamed) for a in command.argv[1:])]
        command.stdin = renamed.get(command.stdin, command.stdin) if command.stdin else None
    return used


def _wanted(commands: list[ToolCommand]) -> set[str]:
    """The files the commands read: their file arguments, standard input, and folders
    (``--recursive .``: a project, which no block of a report holds)."""
    wanted = {_path_key(a) for c in commands for a in c.argv[1:] if _is_path(a)}
    folders = {f"{a} (a folder)" for c in commands for a in c.argv[1:] if _FOLDER.match(a)}
    return wanted | folders | {c.stdin for c in commands if c.stdin}


def _as_run(arg: str, renamed: dict[str, str]) -> str:
    """A file argument as the run gives it: as written, unless it names a place outside
    the author's folder (then the file's name) or stands for a file (then the file)."""
    if not _is_path(arg):
        return arg
    key = _path_key(arg)
    return renamed.get(key, key if _outside(arg) else arg)


def _is_path(arg: str) -> bool:
    return not arg.startswith("-") and bool(_PATH.match(arg) or _PLACEHOLDER.match(arg))


def _path_key(path: str) -> str:
    """Where a file goes in the run's folder: ``./x.py`` → ``x.py``; a path outside the
    author's folder (``~/Desktop/x.py``, ``/tmp/x.py``) keeps only its name."""
    if _PLACEHOLDER.match(path):
        return path
    pure = PurePosixPath(path.replace("\\", "/"))
    return pure.name if _outside(path) else str(pure)


def _outside(path: str) -> bool:
    return path.startswith(("/", "~")) or ".." in PurePosixPath(path.replace("\\", "/")).parts


def _is_diff(raw: RawBlock) -> bool:
    return raw.language.lower() in {"diff", "patch"} or raw.body.lstrip().startswith("--- ")


def _imports_any(block: CodeBlock, programs: set[str]) -> bool:
    pattern = r"^\s*(?:import|from)\s+(?:" + "|".join(map(re.escape, programs)) + r")\b"
    return re.search(pattern, block.content, re.M) is not None


def _split(text: str) -> list[str]:
    try:
        # a backslash inside a path is Windows' separator (``.\\file1.xml``), not an escape
        return shlex.split(re.sub(r"(?<=[\w.])\\(?=[\w.])", "/", text.strip().strip("`")))
    except ValueError:
        return []


def _text(lines: list[str]) -> str:
    return "\n".join(lines).strip("\n") + "\n"


def _shown(lines: list[str]) -> str:
    """Printed lines as shown output ("" when they are blank)."""
    text = "\n".join(lines).strip("\n")
    return text + "\n" if text.strip() else ""
