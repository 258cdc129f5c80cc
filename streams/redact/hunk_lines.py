"""A unified diff's line markers: the ``+`` or ``-`` that opens a hunk's added or removed
line belongs to the diff, not to the value written after it.

Why a module of its own: the token readings see runs of base64 signs, and ``+`` is one, so
a certificate's line, an IPFS CID or a minisign key a patch adds was judged as ``+<value>``
(no published form fits that) and a store path as a word opening with ``+`` (no path does).
Three places ask here: the engine (no rule's span starts at a marker), the path reading (a
word starts after it) and the PEM body reading (each side of a hunk is read apart).
"""

from __future__ import annotations

from functools import lru_cache


def diff_marker(text: str, at: int) -> bool:
    """``text[at]`` is a ``+`` or ``-`` opening a line, in a text with a hunk header."""
    at_line_start = at == 0 or text[at - 1] == "\n"
    return at_line_start and text[at : at + 1] in ("+", "-") and has_hunk_header(text)


@lru_cache(maxsize=1)
def has_hunk_header(text: str) -> bool:
    """Kept for the last text read: every run of a patch asks."""
    return text.startswith("@@ -") or "\n@@ -" in text
