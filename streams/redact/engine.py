"""The redaction engine the stream calls on every string of every event.

Rules run in table order, each on the output of the previous one, so results are
deterministic and a replaced span is never matched again (``[REDACTED:…]`` contains no
characters the detectors accept as a secret). The literal-keyword pre-check only decides
*whether* a pattern runs; tests assert it yields the same findings as the full scan.
"""

from __future__ import annotations

import re

from schemas.models import ConsentFlags

from .consent import effective_mode
from .models import REPLACEMENT, TRUNCATE_RULE, ContentKind, RedactionConfig, RedactionOutcome
from .rules import ALL_RULES, RULE_NAMES, Rule
from .truncate import truncate

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _lower(text: str) -> str:
    """Lower-case with the same length as ``text``, so spans map back one to one."""
    low = text.lower()
    return low if len(low) == len(text) else text.translate(_ASCII_LOWER)


def _secret_span(m: re.Match[str]) -> tuple[int, int]:
    """Span of the first participating group, or of the whole match."""
    last = m.lastindex
    if last:
        for i in range(1, last + 1):
            start = m.start(i)
            if start != -1:
                return start, m.end(i)
    return m.span()


class Redactor:
    """Redacts secrets (and optionally PII) from strings; build once, call per string."""

    def __init__(self, config: RedactionConfig | None = None) -> None:
        self.config = config or RedactionConfig()
        unknown = set(self.config.disabled_rules) - set(RULE_NAMES)
        if unknown:
            raise ValueError(f"unknown redaction rules: {sorted(unknown)}")
        self._rules: tuple[Rule, ...] = tuple(
            r
            for r in ALL_RULES
            if r.name not in self.config.disabled_rules and (self.config.pii or not r.pii)
        )
        self._tokens = {r.name: REPLACEMENT.format(rule=r.name) for r in self._rules}

    @property
    def rule_names(self) -> tuple[str, ...]:
        """Names of the rules this redactor applies, in order."""
        return tuple(r.name for r in self._rules)

    def redact(
        self,
        text: str,
        *,
        kind: ContentKind = "text",
        consent: ConsentFlags | None = None,
    ) -> RedactionOutcome:
        """Redact one string; ``kind`` and ``consent`` only matter when ``mode="raw"``."""
        text, truncated = truncate(text, self.config.max_bytes)
        findings: dict[str, int] = {TRUNCATE_RULE: 1} if truncated else {}
        if effective_mode(self.config.mode, kind, consent) == "raw":
            return RedactionOutcome(text, findings, truncated, scanned=False)
        text = self._scan(text, findings)
        return RedactionOutcome(text, findings, truncated)

    def _scan(self, text: str, findings: dict[str, int]) -> str:
        precheck = self.config.precheck
        low = _lower(text)
        seen: dict[str, bool] = {}  # trigger -> present; rules share triggers
        for rule in self._rules:
            for pattern in rule.patterns:
                if precheck and pattern.spans is not None:
                    spans = pattern.spans(text)
                elif (
                    precheck and pattern.triggers and not _any_present(pattern.triggers, low, seen)
                ):
                    continue
                else:
                    subject = low if pattern.on_lower else text
                    spans = [_secret_span(m) for m in pattern.regex.finditer(subject)]
                if not spans:
                    continue
                new, n = self._replace(rule, text, spans)
                if n:
                    findings[rule.name] = findings.get(rule.name, 0) + n
                    text, low = new, _lower(new)
                    seen.clear()
        return text

    def _replace(self, rule: Rule, text: str, spans: list[tuple[int, int]]) -> tuple[str, int]:
        """Replace the accepted spans with the rule's token; return the text and count."""
        token = self._tokens[rule.name]
        check = rule.accept
        pieces: list[str] = []
        last = n = 0
        for begin, end in spans:
            if begin < last or (check is not None and not check(text[begin:end], text, begin, end)):
                continue
            pieces.append(text[last:begin])
            pieces.append(token)
            last = end
            n += 1
        if not n:
            return text, 0
        pieces.append(text[last:])
        return "".join(pieces), n


def _any_present(triggers: tuple[str, ...], low: str, seen: dict[str, bool]) -> bool:
    """The pre-check: does any of the pattern's literal keywords occur (memoised per text)?"""
    for t in triggers:
        hit = seen.get(t)
        if hit is None:
            hit = seen[t] = t in low
        if hit:
            return True
    return False
