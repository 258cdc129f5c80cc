"""The building blocks of the rule registry: a pattern, a rule, and their constructors.

See ``rules.py``'s docstring for the speed rules every pattern follows.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

Accept = Callable[[str, str, int, int], bool]
"""(secret, original text, start, end) -> keep as a finding?"""
Finder = Callable[[str, str, list[str] | None], list[tuple[int, int]]]
"""(text, its lower-cased copy, the trigger hits or None) -> the spans a pattern finds."""


@dataclass(frozen=True, slots=True)
class Pattern:
    """One regex of a rule, with what the pre-check needs to know about it."""

    regex: re.Pattern[str]
    triggers: tuple[str, ...] = ()
    on_lower: bool = False
    spans: Callable[[str], list[tuple[int, int]]] | None = None
    """Instead of triggers: a faster finder of the same spans the regex finds (the entropy
    rule's runs)."""
    finder: Finder | None = None
    """With triggers: the pattern's own finder, run only where a trigger hit, given the
    text, its lower-cased copy and the trigger hits (None in the full scan: all may
    count). The regex is then a necessary condition of every span it finds (what the
    trigger checks test), not the finder."""
    in_token_run: bool = False
    """Every match lies inside a run :func:`entropy.candidate_spans` finds, so the
    triggers need only be looked for there (``tests/redact`` checks this on the corpus)."""
    at_run_start: bool = False
    """With ``in_token_run``: every match starts where its run starts (a prefixed token is
    never glued to the characters before it), so the triggers are tested with one
    ``startswith`` per run instead of a pass over the runs."""
    requires: str = ""
    """A lower-case literal every match contains, looked for only in strings where one of
    the pattern's triggers hit (and then part of the plan's key): narrows a pattern that
    shares a common trigger without adding a pass over every string."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A named detector: its patterns and an optional second-stage check."""

    name: str
    patterns: tuple[Pattern, ...]
    accept: Accept | None = None
    pii: bool = False
    widen: Callable[[str, int, int], tuple[int, int]] | None = None
    """Grows an accepted span (e.g. over the dotted parts of a token) before replacing it."""


def literal(
    regex: str, *triggers: str, lower: bool = False, flags: int = 0, requires: str = ""
) -> Pattern:
    return Pattern(re.compile(regex, flags), tuple(triggers), lower, requires=requires)


def token_run(regex: str, *triggers: str) -> Pattern:
    """A case-sensitive provider-key pattern whose matches are 20+ token characters."""
    return Pattern(re.compile(regex), tuple(triggers), in_token_run=True)


def prefixed(regex: str, *prefixes: str) -> Pattern:
    """A provider token that starts with one of ``prefixes`` where its run starts.

    The lookbehind after the regex's own start keeps the guarantee: no run character
    right before the match.
    """
    guarded = r"(?<![A-Za-z0-9+/_\-])" + regex
    return Pattern(re.compile(guarded), prefixes, in_token_run=True, at_run_start=True)


def found(regex: re.Pattern[str], triggers: tuple[str, ...], finder: Finder) -> Pattern:
    """A pattern whose spans its own finder gives, on the lower-cased text and where a
    trigger hit; ``regex`` is a necessary condition of every span (what the checks test)."""
    return Pattern(regex, triggers, on_lower=True, finder=finder)
