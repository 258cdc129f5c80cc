"""How far a taken token reaches past the run the entropy rule read: the dotted parts
written before it, a Facebook app id joined by ``|``, and the ``~`` pieces of an Azure AD
client secret. The ``high_entropy_token`` rule's widening, asked only after its check took
the run, so a wider span never decides whether a run is a token."""

from __future__ import annotations

_PART_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")
_MAX_PART = 64
_MAX_DOTTED_PARTS = 2
_TILDE_PIECE_CHARS = _PART_CHARS | frozenset(".~")
_MAX_TILDE_REACH = 48


def widen_token(text: str, start: int, end: int) -> tuple[int, int]:
    """The run grown over its dotted parts and app id before it (:func:`widen_dotted`) and
    over the ``~`` pieces around it (:func:`_widen_tilde`)."""
    start, end = _widen_tilde(text, start, end)
    return widen_dotted(text, start, end)


def widen_dotted(text: str, start: int, end: int) -> tuple[int, int]:
    """The span grown over up to two ``part.`` pieces written right before it (and a
    Facebook app id joined by ``|``).

    A backwards walk, not a regex search: a search that must end at ``start`` retries at
    every position of its window (~30 µs per finding, measured), the walk reads each
    character once.
    """
    for _ in range(_MAX_DOTTED_PARTS):
        dot = start - 1
        if dot < 2 or text[dot] != ".":
            break
        first = dot
        while first > 0 and dot - first < _MAX_PART and text[first - 1] in _PART_CHARS:
            first -= 1
        if dot - first < 2:
            break
        start = first
    return _widen_app_id(text, start), end


_APP_ID_DIGITS = (15, 16)


def _widen_app_id(text: str, start: int) -> int:
    """Grow over a Facebook app access token's ``<app id>|`` (15–16 digits, ``|`` or its
    URL escape ``%7C``, whose ``7C`` the run holds), as gitleaks' facebook-access-token rule
    reads ``<app id>|<app secret>``."""
    joiner = text[start - 1 : start]
    if not (joiner == "|" or (joiner == "%" and text[start : start + 2] in ("7C", "7c"))):
        return start
    digits = start - 1
    first = digits
    while first > 0 and text[first - 1].isdigit() and digits - first <= 16:
        first -= 1
    if digits - first in _APP_ID_DIGITS and not (first and text[first - 1].isalnum()):
        return first
    return start


def _widen_tilde(text: str, start: int, end: int) -> tuple[int, int]:
    """Grow over the signs joined to the run when a ``~`` is among them (with the ``.`` and
    ``-`` around it): Azure AD's client secrets of 2019-2021 are 34 signs of
    ``[A-Za-z0-9_.~-]`` (``jfor5qLdi8pf8t5Cjj-Hz_~9-KjA.vgb4_``, ``XRXJr0…ijvz.-5mD~0.vF90Q-``),
    and the run stops at the first ``.`` or ``~``, leaving the rest (fresh105's bot
    settings). Without a ``~`` nothing grows (a file's extension, a sentence's ``.``)."""
    stop, reach = end, min(len(text), end + _MAX_TILDE_REACH)
    while stop < reach and text[stop] in _TILDE_PIECE_CHARS:
        stop += 1
    first, reach = start, max(0, start - _MAX_TILDE_REACH)
    while first > reach and text[first - 1] in _TILDE_PIECE_CHARS:
        first -= 1
    if "~" not in text[first:start] and "~" not in text[end:stop]:
        return start, end
    return first, len(text[:stop].rstrip("."))
