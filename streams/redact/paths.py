"""Forms of places a random-looking run sits in, for the entropy rule's path reading
(:func:`streams.redact.entropy.in_path`): a Windows path, with backslashes or slashes,
and a relative object key or cache path.

Why apart from the entropy rule: these read the words around a run, not the run's
randomness; temp folders (``…\\Temp\\pip-install-Xk3jd8fQ2a``), hash-named cache entries
(``npm-cache/_cacache/index-v5/b4/94/<sha>``) and object keys are names of places.
"""

from __future__ import annotations

import re

from .ids import UUID
from .names import VOWELS

QUOTES = "\u2018\u2019\u201c\u201d\u00ab\u00bb"
"""Typographic quotes (‘…’ “…” «…»): Nix and GNU tools quote paths so in their messages."""
WORD_STOPS = " \t\r\n\"'`=(<>,;|" + QUOTES
"""What ends the word a path is: spaces, quotes, ``=``, brackets, separators."""

_OBJECT_WORD = re.compile(r"_?[a-z][a-z0-9]*(?:[\-_.][a-z0-9]+)*")
"""A segment that names something: lower case, ``-``/``_``/``.`` joining its parts
(``npm-cache``, ``_cacache``, ``index-v5``), a run of four letters with a vowel in it."""
_OBJECT_LETTERS = re.compile(r"[a-z]{4,}")
_MIN_OBJECT_WORDS = 2


def object_key(run: str) -> bool:
    """A relative object key or path: two or more ``/`` and either a whole segment that is
    a UUID, two whole segments that are lower-case names with a word of 4+ letters
    (``accounts/<uuid>/assets/<name>``, ``npm-cache/_cacache/index-v5/b4/94/<sha>``) or
    three of digits alone (an account id and a date's partitions:
    ``AWSLogs/<account>/elasticloadbalancing/us-west-1/2020/11/23/…``). Base64 keys hold
    ``/`` too (``wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY``), but their segments are mixed
    case or hold ``+`` and ``=``, and a UUID's ``-`` is no base64 character, so the tests
    are strict."""
    if run.count("/") < 2:
        return False
    segments = run.split("/")
    if any(UUID.fullmatch(seg) for seg in segments):
        return True
    words = [
        seg
        for seg in segments
        if _OBJECT_WORD.fullmatch(seg)
        and any(VOWELS.intersection(letters) for letters in _OBJECT_LETTERS.findall(seg))
    ]
    return len(words) >= _MIN_OBJECT_WORDS or sum(seg.isdigit() for seg in segments) >= 3


_WINDOWS_ROOT = re.compile(r"(?:[A-Za-z]:|\\\\[\w.$\-]+|%\w+%|\.{1,2}|~)\\")
"""How a Windows path starts: a drive (``C:\\``), a share (``\\\\host\\``), a variable
(``%TEMP%\\``), ``.\\`` or ``~\\``; in JSON or a string literal its ``\\`` is doubled."""
_MAX_PATH = 512
"""How far back a Windows path's folders are looked for (a path is rarely longer)."""


def in_windows_path(text: str, start: int) -> bool:
    """The run is in a word that starts like a Windows path, after one of its ``\\``: a
    folder's name (``C:\\Users\\dev\\AppData\\Local\\Temp\\pip-install-Xk3jd8fQ2a``,
    ``…\\Packages\\CanonicalGroupLimited.Ubuntu18.04onWindows_79rhkp1fndgsc``)."""
    if text.rfind("\\", max(0, start - _MAX_PATH), start) < 0:
        return False  # the common case, decided without walking back
    word = start
    while word > 0 and text[word - 1] not in WORD_STOPS:
        word -= 1
    head = text[word:start]
    if "\\" not in head:
        return False
    return any(_WINDOWS_ROOT.match(h) for h in (head, head.replace("\\\\", "\\")))


def drive_and_slash(text: str, word: int, start: int) -> bool:
    """The run starts right after a drive letter and ``:`` that open its word: a Windows
    path written with slashes (``C:/Users/marti/AppData/Local/Temp/QtCreator-P1XkOA/…``, as
    CMake, Git Bash and Node print them). A key has no drive before it."""
    return start == word + 2 and text[word].isalpha() and text.startswith(":/", word + 1)
