"""Blockquotes that hold code, and markdown marks on a pasted session's lines.

Markdown quotes (``> line``) are how some authors paste code, and how others quote a
reply. A quote that opens a paragraph and holds a fence, a script's first line or a
``>>>`` session is read as its text, so the fence and prose readers find the code in
it; any other quote is left as written. A session pasted without a fence often picks up
markdown's marks too: a prompt escaped so it shows (``\\>>> x``), a line set in bold.
"""

from __future__ import annotations

import re

from qa_agents.mre.read.syntax import parses
from qa_agents.mre.rules.vocabulary import RAISED_OR_WARNED, exception_class

_QUOTE = re.compile(r"^ {0,3}>(?!>>)")
# what can only be code inside a quote: a fence, a script's first line, a session
_HOLDS_CODE = re.compile(
    r"^(?: {0,3}(?:`{3,}|~{3,})|>>>(?: |(?=[A-Za-z_]))|In \[\d*\]:"
    r"|import [A-Za-z_]|from [\w.]+ import )",
    re.M,
)


def unquote_code(markdown: str) -> str:
    """The markdown with each quote that holds code replaced by the quote's text."""
    lines = markdown.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        starts_paragraph = i == 0 or not lines[i - 1].strip()
        if not (starts_paragraph and _QUOTE.match(lines[i])):
            out.append(lines[i])
            i += 1
            continue
        end = i
        while end < len(lines) and _QUOTE.match(lines[end]):
            end += 1
        quoted = [_unquote(line) for line in lines[i:end]]
        if _HOLDS_CODE.search("\n".join(quoted)) and (end == len(lines) or not lines[end].strip()):
            out.extend(quoted)
        else:
            out.extend(lines[i:end])
        i = end
    return "\n".join(out)


def _unquote(line: str) -> str:
    text = _QUOTE.sub("", line, count=1)
    return text[1:] if text.startswith(" ") else text


# a prompt escaped so markdown shows it (``\\>>> x``), and code set in bold (``**f(x)**``)
_ESCAPED_PROMPT = re.compile(r"^\\(?=>)")
_BOLD_LINE = re.compile(r"^(?P<prompt>>>> )?\*\*(?P<text>[^*].*?)\*\*\s*$")
_RAISED = re.compile(rf"^{exception_class(RAISED_OR_WARNED)}:\s")


def unescaped(line: str) -> str:
    """A pasted session line as typed: without markdown's escape, and without the bold
    set on a call or an exception line (a bold heading stays as written)."""
    line = _ESCAPED_PROMPT.sub("", line)
    bold = _BOLD_LINE.match(line)
    if bold is None:
        return line
    text = bold.group("text")
    code = "(" in text and parses(text)
    return (bold.group("prompt") or "") + text if code or _RAISED.match(text) else line
