"""Stand-ins that count: ``0123456789``, ``abcdef``, a UUID's groups filled in order.

Documentation and tests write such values where a key goes; no generator draws them.
Read by the token rules (:mod:`.token_bodies`, :mod:`.urls`, :mod:`.context`), the said
reading (:mod:`.said`), the value forms (:mod:`.value_forms`) and a prefix's tail
(:func:`.accept.stand_in_tail`, ``django-insecure-0123…``); the alphabet in a value's place
(:func:`the_alphabet`) by :func:`.accept.is_placeholder`. A counted value under a secret's
name stays a finding: gitleaks' SonarQube sample counts and is one there, and fresh57's
``blowfish_secret = '0123…8912'`` is phpMyAdmin's real key.
"""

from __future__ import annotations

import re
import string

_RUN = re.compile(r"[a-z]{4,}|[A-Z]{4,}|[0-9]{4,}")
_NEXT = {
    a: b
    for seq in ("0123456789", "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    for a, b in zip(seq, seq[1:] + seq[0], strict=True)
}
"""The character after each digit and letter, wrapping (``9`` → ``0``, ``z`` → ``a``)."""


def counts_up(token: str) -> bool:
    """Half of ``token`` or more stands in counting runs of four or more (``0123456789``,
    ``abcdef``, ``01234567-89ab-cdef-0123-456789abcdef``): a documentation stand-in, which
    no generated key is. gitleaks' own Anthropic example (``…-abc123xyz-456def789ghij-…``)
    mixes short runs and stays under half."""
    in_runs = 0
    for m in _RUN.finditer(token):
        run, length = m.group(), 1
        for a, b in zip(run, run[1:], strict=False):
            if _NEXT.get(a) == b:
                length += 1
                continue
            in_runs += length if length >= 4 else 0
            length = 1
        in_runs += length if length >= 4 else 0
    return 2 * in_runs >= len(token)


_ALPHABET = "abcdefghijklmnopqrstuvwxyz"


def the_alphabet(value: str) -> bool:
    """Eight letters or more of the alphabet in order, maybe around again in either case
    (``abc…xyzABC…XYZabcdefgh``: fresh64): a stand-in, never a drawn value. Only the whole
    value: one that holds the alphabet among digits stays a finding, as counted ones do
    (toollines2's doubtful ``SECRET_KEY_BASE = '01234567890ABC…XYZ…'``)."""
    return len(value) >= 8 and value.lower() in _ALPHABET * (len(value) // 26 + 2)


_FEW_SIGNS_MIN = 12
_PREFIX_MAX = 4
_RUN_MIN = 12


def few_signs(value: str) -> bool:
    """Twelve signs or more of one letter and one digit, dashes aside (``a1a1a1a1a1a1a-a1a1…``:
    fresh182), or a short prefix and one sign twelve times or more (Scaleway's
    ``SCW11111111111111111``: fresh181): typed by hand to fill a place, never drawn. Two
    digits taking turns (``1212121212121212``, an oauth2-proxy cookie secret, fresh96) and a
    word before eight of one digit (``iman55555555``, fresh42) are labelled values: they stay."""
    signs = value.replace("-", "")
    kinds = set(signs)
    letters, digits = sum(c.isalpha() for c in kinds), sum(c.isdigit() for c in kinds)
    if len(signs) >= _FEW_SIGNS_MIN and letters == digits == 1:
        return True
    head = len(signs) - len(signs.lstrip(string.ascii_letters))
    tail = signs[head:]
    return head <= _PREFIX_MAX and len(tail) >= _RUN_MIN and len(set(tail)) == 1
