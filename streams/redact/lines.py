"""Where a run's line starts and ends, read no further than a reach from the run, and the
scope the context readings read around it (its line and the lines beside).

Why a reach: the readings that ask what a run's line says (a name before it, a record's
words, a sentence around a certificate line) ran once per run; reading each line whole made a
one-line text of many runs quadratic (1,000 ``public key <value>`` pairs on one line took
37 s). A name, a record's type or a sentence's words stand near the value they speak of.
"""

from __future__ import annotations

NAME_REACH = 120
"""How far from a run its line is read for a name or a label (``PublicKey =``,
``private_key:``, ``peer:``): the public-material readings' reach."""
VALUE_REACH = 240
"""How far a value's line is read for what stands before or after it (an alias, a flag, a
comment's opening: :mod:`.no_value`, ``value_forms.comment_words``); read whole for each
value, a long line of assignments was quadratic."""
SCOPE = 160
"""The context readings' reach (:mod:`.context`): characters each way, cut at the line
before and the line after the value's line."""


def line_start(text: str, start: int, reach: int) -> int:
    """The start of ``start``'s line, or ``reach`` before ``start`` if that is nearer."""
    bound = max(0, start - reach)
    newline = text.rfind("\n", bound, start)
    return newline + 1 if newline >= 0 else bound


def line_end(text: str, end: int, reach: int) -> int:
    """The end of ``end``'s line, or ``reach`` after ``end`` if that is nearer."""
    bound = min(len(text), end + reach)
    newline = text.find("\n", end, bound)
    return newline if newline >= 0 else bound


def scope(text: str, start: int, end: int) -> tuple[int, int]:
    """The value's line with the lines right before and after it, within SCOPE."""
    lo = max(0, start - SCOPE)
    line_start = text.rfind("\n", lo, start)
    if line_start >= 0:
        prev = text.rfind("\n", lo, line_start)
        lo = prev + 1 if prev >= 0 else lo
    hi = min(len(text), end + SCOPE)
    line_end = text.find("\n", end, hi)
    if line_end >= 0:
        nxt = text.find("\n", line_end + 1, hi)
        hi = nxt if nxt >= 0 else hi
    return lo, hi
