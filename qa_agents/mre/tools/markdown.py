"""Fenced-block extraction from a markdown issue, telling code apart from tracebacks and output.

Issues mix the snippet with its traceback, shell commands and printed output; only the
snippet may be executed, the rest is evidence for the behaviour analyst.
"""

from __future__ import annotations

import ast
import re

from qa_agents.mre.models import BlockKind, CodeBlock

FENCE = re.compile(
    r"^(?P<indent>[ \t]{0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\n`]*)\n"
    r"(?P<body>.*?)^(?P=indent)(?P=fence)[ \t]*$",
    re.MULTILINE | re.DOTALL,
)
_PY_LANGS = {"python", "py", "python3", "py3"}
_PYCON_LANGS = {"pycon", "python-repl", ">>>"}
_SHELL_LANGS = {"bash", "sh", "shell", "console", "zsh", "shell-session", "powershell", "cmd"}
_OUTPUT_LANGS = {"text", "txt", "output", "log", "plaintext", "stdout", "stderr"}
_TRACEBACK_LANGS = {"pytb", "traceback", "python-traceback"}
_EXC_LINE = re.compile(r"^\s*(?:[\w.]+\.)?\w*(?:Error|Exception|Warning|Exit|Interrupt)\b(?::|$)")
_CODE_HINT = re.compile(
    r"^\s*(import |from \S+ import |def |class |async def |@|\w[\w.\[\]'\"]* *=[^=])"
)


def extract_code_blocks(markdown: str) -> list[CodeBlock]:
    """Every fenced block of the issue, in order, classified by what it contains."""
    blocks: list[CodeBlock] = []
    for index, match in enumerate(FENCE.finditer(markdown)):
        language = (match.group("info").strip().split() or [""])[0].lower()
        body = match.group("body")
        kind, content = classify_block(language, body)
        blocks.append(CodeBlock(index=index, language=language, kind=kind, content=content))
    return blocks


def looks_like_traceback(text: str) -> bool:
    """True for a Python traceback or a bare ``SomeError: message`` dump."""
    stripped = text.strip()
    if "Traceback (most recent call last)" in stripped:
        return True
    lines = [line for line in stripped.splitlines() if line.strip()]
    if not lines:
        return False
    frame_lines = sum(1 for line in lines if line.lstrip().startswith('File "'))
    ends_with_exception = bool(_EXC_LINE.match(lines[-1]))
    if frame_lines > 0:
        return ends_with_exception
    return len(lines) <= 2 and ends_with_exception and not _parses(stripped)


def combine_python_blocks(blocks: list[CodeBlock]) -> tuple[str, list[str]]:
    """Join the executable blocks into one script; drop blocks that break the whole.

    Returns the script and warnings. A block that does not parse on its own is kept only
    when the joined script still parses (it may continue the previous block).
    """
    code_blocks = [b for b in blocks if b.kind == "code"]
    warnings: list[str] = []
    if not code_blocks:
        return "", warnings
    parts = [b.content.rstrip("\n") for b in code_blocks]
    joined = "\n\n".join(parts) + "\n"
    if _parses(joined) or len(code_blocks) == 1:
        return joined, warnings
    kept = []
    for block, part in zip(code_blocks, parts, strict=True):
        if _parses(part):
            kept.append(part)
        else:
            warnings.append(
                f"code block {block.index} is not valid Python on its own and was left out"
            )
    return ("\n\n".join(kept) + "\n") if kept else joined, warnings


def classify_block(language: str, body: str) -> tuple[BlockKind, str]:
    if language in _TRACEBACK_LANGS or (
        language in _PY_LANGS | _OUTPUT_LANGS | {""} and looks_like_traceback(body)
    ):
        return "traceback", body
    if language in _PYCON_LANGS or (language in _PY_LANGS | {""} and _is_repl(body)):
        return "code", _strip_repl(body)
    if language in _PY_LANGS:
        return "code", body
    if language in _SHELL_LANGS or (not language and _is_shell(body)):
        return "shell", body
    if language in _OUTPUT_LANGS:
        return "output", body
    if not language:
        return ("code" if _looks_like_code(body) else "output"), body
    return "other", body


def _is_repl(body: str) -> bool:
    return any(line.startswith(">>> ") or line == ">>>" for line in body.splitlines())


def _strip_repl(body: str) -> str:
    """Keep the statements of a REPL transcript, drop the echoed results."""
    lines = []
    for line in body.splitlines():
        if line.startswith((">>> ", "... ")):
            lines.append(line[4:])
        elif line in (">>>", "..."):
            lines.append("")
    return "\n".join(lines) + "\n"


def _is_shell(body: str) -> bool:
    first = body.lstrip().splitlines()[0] if body.strip() else ""
    return first.startswith(("$ ", "pip ", "python -m pip", "conda ", "uv "))


def _looks_like_code(body: str) -> bool:
    lines = body.splitlines()
    return _parses(body) and any(_CODE_HINT.match(line) or "(" in line for line in lines)


def _parses(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    return True
