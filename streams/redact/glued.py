"""Pieces of a secret left glued to a redaction: the last rule of the table.

A rule takes the part of a token it recognises, and the rest of the same word can still
be the secret: the other segments of a signed token (``[REDACTED].xZfuYRGhvNuxobAAXRe``),
a key's hex tail after a known head (``[REDACTED]-07f2ede0aed78e82e8d2e620…``), the
random half of ``<id>!<secret>`` (``00DE0X0A0M0PeLE![REDACTED]``). Each piece is too short
or too plain to be read as a key alone, but glued to a finding it is the finding's.

A piece is taken when it is glued to a ``[REDACTED:…]`` token (nothing, or one or two of
``. ~ ! = : + - _ %`` between) and is key material by itself (:func:`_secret_piece`). The
walk goes on piece by piece until a piece is not, so a URL's host after
``user:[REDACTED]@`` or a name before ``API_KEY=[REDACTED]`` stays. A piece after ``@``
that a ``.`` or ``:`` follows is a host and is never taken; a ``/`` is no glue, so a path
after a token is left to the path rules. Only text with a token in it is read: the rule
cannot touch a string no other rule changed.
"""

from __future__ import annotations

import re

from .entropy import _classes, is_identifier_like, shannon_bits
from .key_material import _random_core
from .models import MARKER

_GLUE = ".~!=:+-_%@"
_PIECE_AFTER = re.compile(r"([.~!=:+\-_%@]{0,2})([A-Za-z0-9+/_\-=]+)")
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-=")
_WORD_START = " \t\n\r\"'`([{<,;|]"
_HEX = re.compile(r"[0-9a-fA-F]{12,}")
_MIN_PIECE = 6
_MIN_MIXED = 8
_MIXED_BITS = 3.3
_LOOK_BACK = 256


def _secret_piece(piece: str) -> bool:
    """Key material by itself: hex, a random run, or 8+ characters of two classes with no
    words in them and the entropy of random text (``xZfuYRGhvNuxobAAXRe``, whose case
    groups the random-run test reads as CamelCase)."""
    body = piece.strip("=_-")
    if len(body) < _MIN_PIECE:
        return False
    if _HEX.fullmatch(body) or _random_core(body, _MIN_PIECE):
        return True
    digit, upper, lower = _classes(body)
    return (
        len(body) >= _MIN_MIXED
        and digit + upper + lower >= 2
        and shannon_bits(body) >= _MIXED_BITS
        and not is_identifier_like(body)
    )


def glued_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The spans of the secret pieces glued to the text's redaction tokens."""
    spans: list[tuple[int, int]] = []
    for marker in MARKER.finditer(text):
        spans += _after(text, marker.end())
        spans += _before(text, marker.start())
    return sorted(set(spans))


def _after(text: str, at: int) -> list[tuple[int, int]]:
    found = []
    while True:
        piece = _PIECE_AFTER.match(text, at)
        if piece is None or not piece.group(2):
            return found
        begin, end = piece.span(2)
        if "@" in piece.group(1) and text[end : end + 1] in (".", ":"):
            return found  # user:[REDACTED]@host.example: a host
        if not _secret_piece(piece.group(2)):
            return found
        found.append((begin, end))
        if not text.startswith("[REDACTED:", end) and text[end : end + 1] not in _GLUE:
            return found
        at = end


def _before(text: str, at: int) -> list[tuple[int, int]]:
    end = at
    while end > at - 2 and end > 0 and text[end - 1] in _GLUE and text[end - 1] != "@":
        end -= 1
    begin = end
    while begin > max(0, at - _LOOK_BACK) and text[begin - 1] in _TOKEN_CHARS:
        begin -= 1
    if begin == end or (begin > 0 and text[begin - 1] not in _WORD_START):
        return []  # nothing, or the tail of a longer word (a path, a URL): not ours
    if not _secret_piece(text[begin:end]):
        return []
    return [(begin, end)]
