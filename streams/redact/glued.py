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

The rest of a YAML plain scalar or an ``env`` line's value after a token goes too when it
reads as a generated secret's (a WordPress salt holds blanks and every sign a value's rule
stops at: :func:`_rest_of_value`), and so does the rest of an unquoted value a rule stopped
at a quote inside it (:func:`_quoted_rest`).
"""

from __future__ import annotations

import re

from . import lines
from .entropy import _classes, shannon_bits
from .key_material import _random_core
from .models import MARKER
from .names import is_identifier_like

_GLUE = ".~!=:+-_%@"
_PIECE_AFTER = re.compile(r"([.~!=:+\-_%@]{0,2})([A-Za-z0-9+/_\-=]+)")
_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-=")
_WORD_START = " \t\n\r\"'`([{<,;|]"
_HEX = re.compile(r"[0-9a-fA-F]{12,}")
_MIN_PIECE = 6
_MIN_MIXED = 8
_MIXED_BITS = 3.3
_LOOK_BACK = 256
_ASSIGNED = re.compile(r"(?:[A-Z][A-Z0-9_]*|\w*(?i:token|key|secret|pass|auth)\w*)=(?=[^=])")
"""A variable's name (in capitals, or naming a credential) and ``=`` before a value glued to
a token: never the secret's (``BOT_TOKEN=<bot id>:[token]``); Beamer's ``b_lw=_afi…=`` is
one token."""
_NUMBERED_HEAD = re.compile(r"[0-9]{1,64}/[0-9]{16,64}")
"""An Asana personal access token's head (``<version or id>/<user id>:`` before its key):
the token is read whole, as TruffleHog's detector does."""


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
    """The spans of the secret pieces glued to the text's redaction tokens, and the rest of
    a value a token stopped short of (:func:`_rest_of_value`)."""
    spans: list[tuple[int, int]] = []
    previous = -1
    for marker in MARKER.finditer(text):
        spans += _after(text, marker.end())
        spans += _before(text, marker.start())
        spans += _rest_of_value(text, marker.start(), marker.end())
        spans += _quoted_rest(text, marker.start(), marker.end())
        if previous >= 0:
            spans += _between(text, previous, marker.start())
        previous = marker.end()
    return sorted(set(spans))


def _between(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """A piece between two tokens on one line, at most two blanks in it, that reads as a
    generated secret's (:func:`_noise`, 8 characters are enough here): two rules took the
    ends of one value with blanks and signs inside (``[REDACTED] 2(#o0|2$cB+K|.G$hB~4
    [REDACTED]``). Quotes, a new line or words between are two values (``"a": "[…]",
    "b": "[…]"``, ``KEY=[…] SECRET=[…]``)."""
    gap = text[begin:end]
    inner = gap.strip()
    if not inner or "\n" in gap or '"' in gap or "'" in gap or gap.count(" ") > 2:
        return []
    if not _noise(inner.replace(" ", ""), minimum=8):
        return []
    start = begin + len(gap) - len(gap.lstrip())
    return [(start, start + len(inner))]


_YAML_KEY = re.compile(r"[ \t]*(?:- )?[\"']?[\w.\-]+[\"']?:[ \t]+")
"""A YAML line's key, its colon and blanks, right up to the value."""
_ENV_NAME = re.compile(r"[ \t]*(?:export[ \t]+)?[A-Z][A-Z0-9_]*=")
"""An environment variable's line (``env`` output, a ``.env`` file) up to the value."""
_SIGNS = frozenset("!@#$%^&*()[]{}<>|;:,.?~`+=")


def _noise(word: str, minimum: int = 16) -> bool:
    """16+ characters of letters of both cases, digits and 4+ distinct signs: a generated
    secret's part, not a word, a flag, a path or a command."""
    if len(word) < minimum or "/" in word:
        return False
    digit, upper, lower = _classes(word)
    return bool(digit and upper and lower) and len(_SIGNS.intersection(word)) >= 4


def _rest_of_value(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The rest of a value a token stopped short of: a YAML plain scalar and an environment
    line's value (``env`` prints it raw) run to their line's end, blanks and signs
    included (``WORDPRESS_AUTH_KEY: Y>Y9.5Ch0-3cq|=vbus…;NSa+GJmj _1Ed(cVZ7r#…`` in a
    compose file, a WordPress salt from ``wp_generate_password(64, true, true)``). Taken
    only when that rest reads as a generated secret's (:func:`_noise`, at most two blanks):
    never a command (``DB_PASSWORD=x123 npm start``), a comment or a log's words.

    The key or name before the token and the rest after it are read within a reach
    (:mod:`.lines`): read to the line's ends, one line of many tokens took quadratic time
    (``token=…`` 10,922 times on one line: 5.7 s at 256 KiB)."""
    line_start = lines.line_start(text, start, _HEAD_REACH)
    if line_start and text[line_start - 1] != "\n":
        return []  # no key or variable's name is that long
    head = text[line_start:start]
    if not (_YAML_KEY.fullmatch(head) or _ENV_NAME.fullmatch(head)):
        return []
    line_end = lines.line_end(text, end, _REST_REACH)
    if line_end < len(text) and text[line_end] != "\n":
        return []  # a rest that long is a line of text, not a value
    rest = text[end:line_end].split(" #", 1)[0].rstrip()
    if not rest or rest.count(" ") > 2 or "[REDACTED:" in rest:
        return []
    if not _noise(rest.replace(" ", "")):
        return []
    begin = end + len(rest) - len(rest.lstrip())
    return [(begin, end + len(rest))]


_HEAD_REACH = 256
_REST_REACH = 1024


_QUOTES = "'\"`"
_MIN_QUOTED_REST = 6
_LINE_REACH = 4096
"""How much of a line before a token :func:`_quoted_rest` reads (and its rest at most
``_REST_REACH``): a line of many tokens glued by quotes was read whole for each, quadratic."""


def _quoted_rest(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The rest of an unquoted value a rule stopped at a quote inside it
    (``KEY=[REDACTED]';alksAjhdna'/``: WrongSecrets' ``Fald';alksAjhdna'/`` in a ``.env``
    line): glued to the token, up to the next blank, holding a quote and six letters or
    digits. Not when the token was quoted or sits inside a string the line opened before it
    (``"url": "…?token=[REDACTED]","next": 1``: the quote closes that string)."""
    if end >= len(text) or text[end] not in _QUOTES + ";,":
        return []
    line_start = max(text.rfind("\n", 0, start) + 1, start - _LINE_REACH)
    before = text[line_start:start]
    if before[-1:] in _QUOTES or any(before.count(q) % 2 for q in _QUOTES):
        return []
    stop, limit = end, min(len(text), end + _REST_REACH)
    while stop < limit and not text[stop].isspace():
        stop += 1
    rest = text[end:stop]
    if "[REDACTED:" in rest or not any(q in rest for q in _QUOTES):
        return []
    if sum(c.isalnum() for c in rest) < _MIN_QUOTED_REST:
        return []
    return [(end, stop)]


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
    assigned = _ASSIGNED.match(text, begin, end)
    if assigned:
        begin = assigned.end()  # NAME=<bot id>:[token]: base64 pads only at its end
    piece = text[begin:end]
    if not (
        _secret_piece(piece) or (text[end : end + 1] == ":" and _NUMBERED_HEAD.fullmatch(piece))
    ):
        return []
    return [(begin, end)]
