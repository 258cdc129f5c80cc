"""App passwords: sixteen lower-case letters drawn at random, whole or in four groups.

Gmail's and Yahoo's app passwords are sixteen letters a-z (Google shows them in groups of
four: ``jdab pewu hoqn whho``), Apple's app-specific ones four groups joined by ``-``. They
sit in SMTP settings, mail scripts and notes under any name or none, and no entropy bar
takes them: sixteen letters of one case hold at most four bits a sign. What tells them from
a word or a name is how they are spelt (:func:`.names.rare_pairs`): sixteen letters count
when four of their fifteen pairs are rare in names and words, four groups when three of
their twelve pairs inside a group are, and the letters are not in order. A random draw
does either in 93 % of draws (simulated); of the 16-letter words and runs of four 4-letter
words in 24,678 package and documentation files on this machine, one is taken (a user's
name run together); a module's name after ``.``, an id after ``ns-``, alphabets and
sympy's list of subscript letters are not.
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .names import rare_pairs

APP_PASSWORD = re.compile(
    r"(?<![A-Za-z0-9_.\-/\\])(?:[a-z]{16}|[a-z]{4}([ -])[a-z]{4}\1[a-z]{4}\1[a-z]{4})"
    r"(?![A-Za-z0-9_\-/\\])"
)
"""Sixteen letters alone, or four groups of four joined by one blank or one ``-``; not a part
of a dotted, dashed or slashed name (``from .<module> import``, AWS's ``ns-<16 letters>``)."""
_MIN_RARE_WHOLE = 4
_MIN_RARE_GROUPED = 3
_LETTERS_TO_A = bytes.maketrans(bytes(range(ord("a"), ord("z") + 1)), b"a" * 26)
_WHOLE, _SPACED, _DASHED = b"a" * 16, b"aaaa aaaa aaaa aaaa", b"aaaa-aaaa-aaaa-aaaa"


def app_password_spans(text: str) -> list[tuple[int, int]]:
    """The spans :data:`APP_PASSWORD` finds, searched for only in text that has one of its
    shapes (sixteen letters in a row, or four groups of four): a C-speed translate and three
    searches of its bytes, where most strings stop (0.3 µs for an event's string)."""
    if len(text) < 16:
        return []
    data = text.encode("utf-8", "surrogatepass").translate(_LETTERS_TO_A)
    if _WHOLE not in data and _SPACED not in data and _DASHED not in data:
        return []
    return [m.span() for m in APP_PASSWORD.finditer(text)]


def drawn_app_password(value: str, text: str, start: int, end: int) -> bool:
    """The letters read as drawn, not spelt: enough rare pairs (inside each group when
    grouped), no placeholder (``xxxx xxxx xxxx xxxx``) and no letters in order."""
    joined = value.replace(" ", "").replace("-", "")
    if is_placeholder(value) or is_placeholder(joined) or _in_order(joined):
        return False
    if len(value) == 16:
        return rare_pairs(value) >= _MIN_RARE_WHOLE
    groups = value.replace("-", " ").split(" ")
    return sum(rare_pairs(group) for group in groups) >= _MIN_RARE_GROUPED


def _in_order(letters: str) -> bool:
    """Letters written in order, up or down, in at most two runs: an alphabet or a list of
    letters (``zyxwvutsrqponmlk``, sympy's subscript letters ``aeiou`` then ``rvxhklmnpst``
    in order), which a draw of sixteen almost never is."""
    rises = sum(a < b for a, b in zip(letters, letters[1:], strict=False))
    falls = len(letters) - 1 - rises
    return min(rises, falls) <= 1
