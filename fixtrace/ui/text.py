"""Untrusted text made fit to show: terminal output, diffs and markdown.

Everything a trace carries was written by someone else (a developer's terminal, an agent,
a bug report), so nothing here builds HTML from it by hand: plain text goes to the
templates, which escape it; markdown is rendered with raw HTML turned off and the result is
passed through nh3 (the Ammonia sanitizer) with a short allow-list, so a link can only be
http(s) or mailto and no attribute can carry script.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import nh3
from markdown_it import MarkdownIt
from markupsafe import Markup

# CSI (colours, cursor moves), OSC (titles, hyperlinks) and two-byte escapes.
_ANSI = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
# C0 controls other than tab and newline, DEL and the C1 range: shown as nothing.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")

_MD_TAGS = {
    "a", "abbr", "b", "blockquote", "br", "code", "del", "em", "h1", "h2", "h3", "h4", "h5",
    "h6", "hr", "i", "li", "ol", "p", "pre", "s", "strong", "sub", "sup", "table", "tbody",
    "td", "th", "thead", "tr", "ul",
}  # fmt: skip
_MD_ATTRIBUTES = {"a": {"href", "title"}, "td": {"align"}, "th": {"align"}, "ol": {"start"}}


def terminal_text(text: str) -> str:
    """Terminal output as a reader saw it: colours stripped, ``\\r`` overwrites applied."""
    text = _ANSI.sub("", text.replace("\r\n", "\n"))
    lines = [line.rsplit("\r", 1)[-1] for line in text.split("\n")]
    return _CONTROL.sub("", "\n".join(lines))


def line_count(text: str) -> int:
    """Lines in ``text`` (a trailing newline does not start another)."""
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def first_line(text: str, width: int = 100) -> str:
    """The first non-empty line, clipped: a preview for a collapsed block."""
    for line in text.splitlines():
        if line.strip():
            line = line.strip()
            return line if len(line) <= width else line[: width - 1] + "…"
    return ""


@dataclass(frozen=True)
class DiffLine:
    """One line of a unified diff with the class that colours it."""

    kind: str  # add, del, hunk, file, meta, ctx
    text: str


def diff_lines(patch: str) -> list[DiffLine]:
    """Classify each line of a unified diff (``git diff`` output included)."""
    out = []
    for line in terminal_text(patch).splitlines():
        if line.startswith(("+++ ", "--- ")):
            kind = "file"
        elif line.startswith("@@"):
            kind = "hunk"
        elif line.startswith(("diff ", "index ", "new file", "deleted file", "similarity",
                              "rename ", "old mode", "new mode", "Binary files")):  # fmt: skip
            kind = "meta"
        elif line.startswith("+"):
            kind = "add"
        elif line.startswith("-"):
            kind = "del"
        else:
            kind = "ctx"
        out.append(DiffLine(kind, line))
    return out


def diff_stats(lines: list[DiffLine]) -> tuple[int, int]:
    """(lines added, lines removed)."""
    return sum(x.kind == "add" for x in lines), sum(x.kind == "del" for x in lines)


@lru_cache(maxsize=1)
def _markdown() -> MarkdownIt:
    # "html": False makes markdown-it escape raw HTML instead of passing it through.
    return MarkdownIt("commonmark", {"html": False, "linkify": False}).enable(
        ["table", "strikethrough"]
    )


def markdown_html(text: str) -> Markup:
    """Markdown rendered and sanitized: safe to insert into a page as HTML."""
    rendered = _markdown().render(terminal_text(text))
    clean = nh3.clean(
        rendered,
        tags=_MD_TAGS,
        attributes=_MD_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="noopener noreferrer nofollow",
    )
    return Markup(clean)  # noqa: S704 - nh3 output is the sanitized HTML


def human_bytes(n: int | None) -> str:
    """``12.3 kB`` style sizes."""
    if n is None:
        return "?"
    size = float(n)
    for unit in ("B", "kB", "MB", "GB"):
        if size < 1000 or unit == "GB":
            return f"{size:.0f} {unit}" if unit == "B" else f"{size:.1f} {unit}"
        size /= 1000
    return f"{n} B"


_SEQ_CITE = re.compile(r"\b(seq|event)s?\s+#?(\d+)\b")


def seq_links(text: str | None) -> Markup:
    """Escaped text whose ``seq N`` / ``event N`` citations link to the timeline's events."""
    escaped = str(Markup.escape(text or ""))

    def link(m: re.Match[str]) -> str:
        return f'<a class="cite" href="#seq-{m.group(2)}">{m.group(0)}</a>'

    return Markup(_SEQ_CITE.sub(link, escaped))
