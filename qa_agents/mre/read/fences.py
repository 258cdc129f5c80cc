"""Fenced and ``<pre>`` blocks of a markdown document, found the way CommonMark finds them.

A regular expression that closes a fence with the same run of backticks misses what
GitHub renders: a fence may close with a *longer* run (three backticks opened, four
closed), an unclosed fence runs to the end of the document, and older reports hold code
in HTML ``<pre>`` blocks with ``&lt;`` entities. A block missed here swallows the next
one, so the scan is done line by line, as the renderer does.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

# an info string that is the snippet's import, typed right after the backticks
_IMPORT_AS_INFO = re.compile(
    r"^(?:import [A-Za-z_][\w.]*(?:\s*,\s*[\w.]+)*|from [\w.]+ import \S.*)$"
)
_OPEN = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*?)[ \t]*$")
_PRE_OPEN = re.compile(r"^ {0,3}<pre(?:\s[^>]*)?>", re.IGNORECASE)
_PRE_CLOSE = re.compile(r"</pre>", re.IGNORECASE)
_CODE_TAG = re.compile(r"^\s*<code(?P<attrs>\s[^>]*)?>|</code>\s*$", re.IGNORECASE)
_LANG_ATTR = re.compile(r"(?:lang(?:uage)?-|lang=[\"']?)(?P<lang>[\w+-]+)", re.IGNORECASE)


@dataclass(frozen=True)
class Fence:
    """One block: where it sits in the text, its info string and its content."""

    start: int
    end: int
    info: str
    body: str
    origin: Literal["fenced", "pre"] = "fenced"

    @property
    def language(self) -> str:
        """The info string's first word, lower-cased (``python`` of ``python title=x``); a
        misspelt ``pythkn`` or ``pyhton`` is Python."""
        word = (self.info.split() or [""])[0].lower()
        return "python" if _MISSPELT_PYTHON.match(word) else word


# an info string no language name starts like: a line number, a symbol, a call
_NOT_A_LANGUAGE = re.compile(r"^\s*(?:\d+\s|[^\w\s{.+#>-])|^\s*\w+\(")
_MISSPELT_PYTHON = re.compile(r"^(?:pyth(?!on3?$)[a-z]{1,3}|pyhton3?|pthon3?|pytohn3?)$")


def fenced_blocks(markdown: str) -> list[Fence]:
    """Every fenced code block and ``<pre>`` block, in order, never overlapping."""
    lines = markdown.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    found: list[Fence] = []
    i = 0
    while i < len(lines):
        line = lines[i].rstrip("\r\n")
        opening = _OPEN.match(line)
        if opening and not (opening.group("fence")[0] == "`" and "`" in opening.group("info")):
            end = _closing_line(lines, i + 1, opening.group("fence"))
            indent = len(opening.group("indent"))
            body = "".join(_unindent(ln, indent) for ln in lines[i + 1 : end])
            stop = min(end + 1, len(lines))
            info = opening.group("info")
            # "```import ecdsa", "```    915  if h[11] != b:": the block's first line
            if _IMPORT_AS_INFO.match(info) or _NOT_A_LANGUAGE.match(info):
                info, body = "", f"{info}\n{body}"
            found.append(Fence(offsets[i], offsets[stop], info, body))
            i = stop
            continue
        if _PRE_OPEN.match(line):
            end = next((j for j in range(i, len(lines)) if _PRE_CLOSE.search(lines[j])), None)
            if end is not None:
                text = "".join(lines[i : end + 1])
                found.append(_pre_block(text, offsets[i], offsets[end + 1]))
                i = end + 1
                continue
        i += 1
    return found


def without_blocks(markdown: str, keep: Callable[[Fence], bool]) -> str:
    """The document with every block that ``keep`` rejects cut out."""
    parts: list[str] = []
    pos = 0
    for block in fenced_blocks(markdown):
        parts.append(markdown[pos : block.start])
        if keep(block):
            parts.append(markdown[block.start : block.end])
        pos = block.end
    parts.append(markdown[pos:])
    return "".join(parts)


def _closing_line(lines: list[str], start: int, fence: str) -> int:
    """Index of the line closing ``fence`` (same character, at least as long), or the end."""
    closing = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
    for j in range(start, len(lines)):
        if closing.match(lines[j].rstrip("\r\n")):
            return j
    return len(lines)


def _unindent(line: str, indent: int) -> str:
    """Content lines lose up to the opening fence's indentation, as CommonMark says."""
    spaces = len(line) - len(line.lstrip(" "))
    return line[min(spaces, indent) :]


def _pre_block(text: str, start: int, end: int) -> Fence:
    """A ``<pre>`` block: tags stripped, entities decoded, language from a ``class``."""
    inner = _PRE_CLOSE.split(re.sub(r"^\s*<pre[^>]*>", "", text, count=1, flags=re.I))[0]
    code_tag = _CODE_TAG.search(inner)
    language = ""
    if code_tag and code_tag.group("attrs"):
        lang = _LANG_ATTR.search(code_tag.group("attrs"))
        language = lang.group("lang") if lang else ""
    inner = _CODE_TAG.sub("", inner)
    body = html.unescape(inner).strip("\n") + "\n"
    return Fence(start, end, language, body, origin="pre")
