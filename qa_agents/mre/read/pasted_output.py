"""Output pasted into the code block that printed it: as ``> value`` lines, or as the
lines a ``print`` wrote, right under it. Split off, they are the output the report shows,
and the rest is the code that runs."""

from __future__ import annotations

import ast
import re

from qa_agents.mre.read.syntax import parses

# a line that can only be code: an import, a definition, a decorator, a print, an assignment
CODE_HINT = re.compile(
    r"^\s*(import |from \S+ import |def |class |async def |@|print[ (]|\w[\w.\[\]'\"]* *=[^=])"
)
_LABEL = re.compile(r"^\s*(?:output|result|out|prints?|returns?)\s*:\s*$", re.I)
_QUOTED = re.compile(r"^>{1,3}(?!>)\s?")


def split_pasted_output(body: str) -> tuple[str, str]:
    """Code whose output was pasted as ``> value`` (or ``>>>value``) lines in the block.

    Only when the block does not parse with them and does without: a line written
    ``>>>42`` under a ``print`` is the value it printed, not a prompt.
    """
    if parses(body):
        return body, ""
    lines = body.splitlines()
    quoted = [ln for ln in lines if _QUOTED.match(ln)]
    if not quoted:
        return trailing_output(lines) or (body, "")
    rest = "\n".join(ln for ln in lines if ln not in quoted) + "\n"
    if not parses(rest):
        return body, ""
    return rest, "\n".join(_QUOTED.sub("", ln) for ln in quoted) + "\n"


def trailing_output(lines: list[str]) -> tuple[str, str] | None:
    """``print(url_normalize('www.foo.com:80/foo'))`` with the line it printed pasted under
    it in the same block: the code that parses, and the lines after a ``print`` (or a bare
    expression) that do not, none of which opens a statement."""
    for k in range(len(lines) - 1, 0, -1):
        code = "\n".join(lines[:k]) + "\n"
        if not parses(code):
            continue
        last = ast.parse(code).body
        rest = [ln for ln in lines[k:] if ln.strip()]
        shows = bool(last) and isinstance(last[-1], ast.Expr)
        if rest and _LABEL.match(rest[0]):
            rest = rest[1:]  # "Output:" alone on its line names what follows
        if shows and rest and not any(CODE_HINT.match(ln) or parses(ln) for ln in rest):
            return code, "\n".join(rest) + "\n"
        return None
    return None
