"""App passwords: sixteen lower-case letters drawn at random, whole or in four groups.

Gmail's and Yahoo's app passwords are sixteen letters a-z (Google shows them in groups of
four: ``jdab pewu hoqn whho``), Apple's app-specific ones four groups joined by ``-``. They
sit in SMTP settings, mail scripts and notes under any name or none, and no entropy bar
takes them: sixteen letters of one case hold at most four bits a sign. What tells them from
a word or a name is how they are spelt (:func:`.names.rare_pairs`): sixteen letters count
when four of their fifteen pairs are rare in names and words, four groups when three of
their twelve pairs inside a group are. A random draw does either in 93 % of draws
(simulated); of 6,843 16-letter words in 24,678 package and documentation files on this
machine, 19 do (eight distinct: ``cryptohkdfdigest``, ``boykovkolmogorov``, alphabets),
and no run of four 4-letter words of those files does.
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .names import rare_pairs

APP_PASSWORD = re.compile(
    r"(?<![A-Za-z0-9_])(?:[a-z]{16}|[a-z]{4}([ -])[a-z]{4}\1[a-z]{4}\1[a-z]{4})(?![A-Za-z0-9_])"
)
"""Sixteen letters alone, or four groups of four joined by one blank or one ``-``."""
_MIN_RARE_WHOLE = 4
_MIN_RARE_GROUPED = 3
_LETTERS_TO_A = bytes.maketrans(bytes(range(ord("a"), ord("z") + 1)), b"a" * 26)
_SHAPES = (b"a" * 16, b"aaaa aaaa aaaa aaaa", b"aaaa-aaaa-aaaa-aaaa")


def app_password_spans(text: str) -> list[tuple[int, int]]:
    """The spans :data:`APP_PASSWORD` finds, searched for only in text that has one of its
    shapes (sixteen letters in a row, or four groups of four): a C-speed translate and three
    ``find`` passes, where most strings stop."""
    if len(text) < 16:
        return []
    data = text.encode("utf-8", "surrogatepass").translate(_LETTERS_TO_A)
    if not any(data.find(shape) >= 0 for shape in _SHAPES):
        return []
    return [m.span() for m in APP_PASSWORD.finditer(text)]


def drawn_app_password(value: str, text: str, start: int, end: int) -> bool:
    """The letters read as drawn, not spelt: enough rare pairs (inside each group when
    grouped), and no placeholder (``abcdefghijklmnop``, ``xxxx xxxx xxxx xxxx``)."""
    joined = value.replace(" ", "").replace("-", "")
    if is_placeholder(value) or is_placeholder(joined):
        return False
    if len(value) == 16:
        return rare_pairs(value) >= _MIN_RARE_WHOLE
    groups = value.replace("-", " ").split(" ")
    return sum(rare_pairs(group) for group in groups) >= _MIN_RARE_GROUPED
