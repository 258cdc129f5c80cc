"""Size cap for one string: cut oversized values and say so in the text.

Truncation runs before the scan so a huge value costs no more than ``max_bytes`` to
scan. The cut backs off to the last whitespace in the final 512 characters so it does
not leave half a token behind (a half token would escape the shape-based rules).
"""

from __future__ import annotations

MARKER = "\n[TRUNCATED:{omitted} bytes]"
_BACKOFF_CHARS = 512


def truncate(text: str, max_bytes: int | None) -> tuple[str, bool]:
    """Return the text cut to at most ``max_bytes`` UTF-8 bytes (plus marker), and whether."""
    if max_bytes is None or len(text) * 4 <= max_bytes:
        return text, False  # cannot exceed: at most 4 bytes per character
    data = text.encode("utf-8", "surrogatepass")
    if len(data) <= max_bytes:
        return text, False
    head = data[:max_bytes].decode("utf-8", "ignore")
    cut = max(
        head.rfind(" ", len(head) - _BACKOFF_CHARS), head.rfind("\n", len(head) - _BACKOFF_CHARS)
    )
    if cut > 0:
        head = head[:cut]
    omitted = len(data) - len(head.encode("utf-8", "surrogatepass"))
    return head + MARKER.format(omitted=omitted), True
