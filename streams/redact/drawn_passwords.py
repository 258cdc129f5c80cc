"""Passwords and keys their makers draw, told from words and slugs of the same shape:
Google's and Apple's app passwords (four groups of four letters) and the key Django's
``startproject`` writes. The value checks of ``providers``' rules that find them."""

from __future__ import annotations

from .names import VOWELS

_COMMON_FOUR_LETTER_WORDS = frozenset({
    "must", "have", "will", "then", "been", "with", "that", "this", "from", "your", "more",
    "than", "when", "what", "they", "were", "here", "some", "also", "only", "into", "over",
    "such", "each", "make", "like", "long", "used", "sent", "able", "need", "once",
})  # fmt: skip


def drawn_django_key(value: str) -> bool:
    """Django's generated key, not 50 signs of a slug, a log record or a formula: two of the
    signs words never hold (``!@#$%^&*()``), four digits and ten letters among them, no
    ``**`` (a power: sympy's sources)."""
    signs = sum(c in "!@#$%^&*()" for c in value)
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    return signs >= 2 and digits >= 4 and letters >= 10 and "**" not in value


def drawn_apple_groups(value: str, text: str, start: int, end: int) -> bool:
    """Apple's app-specific password, four groups of four letters drawn at random: a group
    without a vowel (a slug's words have one: ``blog-post-card-body``) and at most one
    common word (82 % of drawn ones have such a group, simulated)."""
    groups = value.split("-")
    return drawn_groups(" ".join(groups), text, start, end) and _vowelless_group(groups)


def drawn_app_password(value: str, text: str, start: int, end: int) -> bool:
    """Four groups Google drew (:func:`drawn_groups`), ending the value (a quote or the
    line's end after them); where words go on after them (a thought's "the key bekx dhiy
    umud rnst gets a 401"), one group without a vowel, as drawn ones mostly have and a
    sentence's words never (:func:`drawn_apple_groups`)."""
    if not drawn_groups(value, text, start, end):
        return False
    rest = text[end : end + 2].lstrip("\"'")
    if not rest or rest[0] in "\r\n":
        return True
    return _vowelless_group(value.split())


def drawn_groups(value: str, text: str, start: int, end: int) -> bool:
    """Four groups Google drew, not four words of a sentence ("password: must have more
    than …"): at most one group is a common word."""
    return sum(group in _COMMON_FOUR_LETTER_WORDS for group in value.split()) <= 1


def _vowelless_group(groups: list[str]) -> bool:
    """A group with no vowel (``y`` counted): most drawn passwords have one, a sentence's or
    a slug's words none."""
    return any(VOWELS.isdisjoint(group) for group in groups)
