"""The redaction engine the stream calls on every string of every event.

Rules run in table order, each on the output of the previous one, so results are
deterministic and a replaced span is never matched again (``[REDACTED:…]`` contains no
characters the detectors accept as a secret). The literal-keyword pre-check only decides
*whether* a pattern runs; tests assert it yields the same findings as the full scan.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable

import ahocorasick

from schemas.models import ConsentFlags

from .consent import effective_mode
from .entropy import candidate_spans
from .hunk_lines import diff_marker
from .models import (
    MARKER,
    REPLACEMENT,
    TRUNCATE_RULE,
    ContentKind,
    RedactionConfig,
    RedactionOutcome,
)
from .rules import ALL_RULES, RULE_NAMES, Pattern, Rule
from .triggers import GATE_TRIGGERS, REGEX_TRIGGERS, TRIGGER_CONTEXTS
from .truncate import truncate
from .value_forms import test_vector_key

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
        # Hot-path copies of the config: pydantic attribute access costs on every string.
        self._max_bytes = self.config.max_bytes
        self._may_be_raw = self.config.mode == "raw"
        self._precheck = self.config.precheck
        self._steps: tuple[tuple[Rule, Pattern], ...] = tuple(
            (r, p) for r in self._rules for p in r.patterns
        )
        text_triggers = _distinct(p.triggers for _, p in self._steps if not p.in_token_run)
        regex_names = [t for t in text_triggers if t in REGEX_TRIGGERS]
        literal_needles = [
            t for t in text_triggers if t not in REGEX_TRIGGERS and t not in GATE_TRIGGERS
        ]
        # Triggers that are a whole-string test of their own (no literal to look for).
        self._gates = tuple((t, GATE_TRIGGERS[t]) for t in text_triggers if t in GATE_TRIGGERS)
        # Every literal a text trigger needs (the patterns' own, and those a regex trigger
        # looks for before its regex), found in one Aho-Corasick pass (pyahocorasick, C):
        # an ``in`` per literal cost ~250 ns each on a 423-character string, 30 of them.
        self._needles = _distinct([literal_needles, *(REGEX_TRIGGERS[n][0] for n in regex_names)])
        self._n_literal = len(literal_needles)
        automaton = ahocorasick.Automaton()
        for i, needle in enumerate(self._needles):
            automaton.add_word(needle, i)
        automaton.make_automaton()
        self._automaton = automaton
        # Regex triggers as (name, regex, whether it is a gate): tried only when one of
        # their literals is in the text. A non-``re`` condition (a gate, as
        # ``context.NOUN_GATE``) is given the needles that hit.
        self._regex_triggers = tuple(
            (name, REGEX_TRIGGERS[name][1], not isinstance(REGEX_TRIGGERS[name][1], re.Pattern))
            for name in regex_names
        )
        by_needle: dict[int, list[int]] = {}
        for j, name in enumerate(regex_names):
            for lit in REGEX_TRIGGERS[name][0]:
                by_needle.setdefault(self._needles.index(lit), []).append(j)
        self._regex_by_needle = {i: tuple(js) for i, js in by_needle.items()}
        self._run_needles = _distinct(
            p.triggers for _, p in self._steps if p.in_token_run and not p.at_run_start
        )
        self._start_needles = _distinct(p.triggers for _, p in self._steps if p.at_run_start)
        # Literals that narrow a pattern, looked for only when one of its triggers hit.
        self._requires: dict[str, tuple[str, ...]] = {}
        for _, p in self._steps:
            for t in p.triggers if p.requires else ():
                self._requires[t] = (*self._requires.get(t, ()), p.requires)
        self._plans: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[int, ...]] = {}
        # Whether some step runs on every string (no trigger: PII phone numbers; or its own
        # span finder); without one, a string with no trigger hit and no token run is clean.
        self._unconditional = any(
            p.spans is not candidate_spans and not p.triggers for _, p in self._steps
        )

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
        max_bytes = self._max_bytes
        if max_bytes is not None and len(text) * 4 > max_bytes:
            text, truncated = truncate(text, max_bytes)
        else:
            truncated = False  # cannot exceed (same test as truncate's): skip the call
        findings: dict[str, int] = {TRUNCATE_RULE: 1} if truncated else {}
        if self._may_be_raw and effective_mode(self.config.mode, kind, consent) == "raw":
            return RedactionOutcome(text, findings, truncated, scanned=False)
        if self._precheck:
            text = self._scan_prechecked(text, findings)
        else:
            text = self._scan_full(text, findings)
        return RedactionOutcome(text, findings, truncated)

    def redact_text(
        self, text: str, secrets: list[str] | None = None
    ) -> tuple[str, dict[str, int]]:
        """``redact(text)`` in redacted mode, as (text, findings), for the per-event hot path.

        Why not :meth:`redact`: building the frozen outcome costs ~0.7 µs (measured), about
        half the scan of a short clean string. Same truncation and findings, never raw.
        ``secrets``, when given, receives each redacted value (for the trace memory).
        """
        max_bytes = self._max_bytes
        if max_bytes is not None and len(text) * 4 > max_bytes:
            text, truncated = truncate(text, max_bytes)
            findings: dict[str, int] = {TRUNCATE_RULE: 1} if truncated else {}
        else:
            findings = {}
        if self._precheck:
            return self._scan_prechecked(text, findings, secrets), findings
        return self._scan_full(text, findings, secrets), findings

    def _scan_full(
        self, text: str, findings: dict[str, int], secrets: list[str] | None = None
    ) -> str:
        """Every pattern's regex on the text: the reference the pre-check must equal."""
        low = _lower(text)
        for rule, pattern in self._steps:
            subject = low if pattern.on_lower else text
            if pattern.finder is not None:  # a gated finder: every trigger may count
                spans = pattern.finder(text, low, None)
            else:
                spans = [_secret_span(m) for m in pattern.regex.finditer(subject)]
            if spans:
                new, n = self._replace(rule, text, spans, secrets)
                if n:
                    findings[rule.name] = findings.get(rule.name, 0) + n
                    text, low = new, _lower(new)
        return text

    def _scan_prechecked(
        self, text: str, findings: dict[str, int], secrets: list[str] | None = None
    ) -> str:
        """Run only the patterns whose triggers occur, found in one sweep per string.

        Why a sweep and a cached plan instead of testing triggers pattern by pattern: the
        per-pattern Python loop, not the C-level ``in``, was most of the cost. Each distinct
        trigger is tested once, provider-key triggers only inside the token runs, and the
        tuple of hits maps to the step list to run. After a replacement the text differs,
        so the plan is rebuilt for the remaining steps.
        """
        low = _lower(text)
        runs = candidate_spans(text)
        hits = self.text_hits(low)
        if not hits and not runs and not self._unconditional:
            return text  # no pattern can match (most strings): skip the plan and the loop
        plan = self._plan_for(low, runs, hits)
        steps = self._steps
        k = 0
        while k < len(plan):
            i = plan[k]
            k += 1
            rule, pattern = steps[i]
            if pattern.finder is not None:
                spans = pattern.finder(text, low, hits)
            elif pattern.spans is not None:
                spans = runs if pattern.spans is candidate_spans else pattern.spans(text)
            else:
                subject = low if pattern.on_lower else text
                # A trigger hit rarely means a match: one C-level search rejects the pattern
                # without building a finditer and a list (~0.4 µs less per planned pattern).
                if pattern.regex.search(subject) is None:
                    continue
                spans = [_secret_span(m) for m in pattern.regex.finditer(subject)]
            if not spans:
                continue
            new, n = self._replace(rule, text, spans, secrets)
            if n:
                findings[rule.name] = findings.get(rule.name, 0) + n
                text = new
                low = _lower(text)
                runs = candidate_spans(text)
                hits = self.text_hits(low)
                plan = tuple(j for j in self._plan_for(low, runs, hits) if j > i)
                k = 0
        return text

    def text_hits(self, low: str) -> list[str]:
        """The text triggers that count in the lower-cased text, in table order.

        A trigger with a :data:`~.rules.TRIGGER_CONTEXTS` entry counts only where its context
        matches; that regex runs only when the trigger is there at all.
        """
        found = {i for _, i in self._automaton.iter(low)}
        gated = [name for name, gate in self._gates if gate(low)]
        if not found:
            return gated
        needles, n_literal = self._needles, self._n_literal
        hits = [needles[i] for i in sorted(found) if i < n_literal]
        by_needle = self._regex_by_needle
        tried = sorted({j for i in found for j in by_needle.get(i, ())})
        if tried:
            raw = tuple(hits)
            for j in tried:
                name, regex, gate = self._regex_triggers[j]
                if regex.search(low, raw) if gate else regex.search(low):
                    hits.append(name)
        hits += gated
        if hits:
            contexts = TRIGGER_CONTEXTS
            hits = [t for t in hits if t not in contexts or contexts[t].search(low)]
            requires = self._requires
            narrowing = [r for t in hits if t in requires for r in requires[t]]
            if narrowing:  # a pattern's ``requires`` literal is one more hit
                hits += [r for r in dict.fromkeys(narrowing) if r in low]
        return hits

    def _plan_for(
        self, low: str, runs: list[tuple[int, int]], text_hits: list[str]
    ) -> tuple[int, ...]:
        """Indices of the steps that may match, given the text's trigger hits and token runs."""
        run_hits: tuple[str, ...] = ()
        if runs and self._run_needles:
            inside = " ".join([low[a:b] for a, b in runs])
            run_hits = tuple([t for t in self._run_needles if t in inside])
        starts = self._start_needles
        if runs and starts:
            at = [a for a, _ in runs if low.startswith(starts, a)]
            if at:  # rare: which prefixes, in table order
                run_hits += tuple(t for t in starts if any(low.startswith(t, a) for a in at))
        key = (tuple(text_hits), run_hits)
        plan = self._plans.get(key)
        if plan is None:
            if len(self._plans) >= _MAX_PLANS:
                self._plans.clear()
            plan = self._plans[key] = self._build_plan(set(text_hits), set(run_hits))
        return plan

    def _build_plan(self, text_hits: set[str], run_hits: set[str]) -> tuple[int, ...]:
        """Steps to run given which triggers occur; trigger-less patterns always run."""
        plan = []
        for i, (_, p) in enumerate(self._steps):
            hits = run_hits if p.in_token_run else text_hits
            if p.requires and p.requires not in text_hits:
                continue
            if not p.triggers or not hits.isdisjoint(p.triggers):
                plan.append(i)
        return tuple(plan)

    def _replace(
        self,
        rule: Rule,
        text: str,
        spans: list[tuple[int, int]],
        secrets: list[str] | None = None,
    ) -> tuple[str, int]:
        """Replace the accepted spans with the rule's token; return the text and count."""
        token = self._tokens[rule.name]
        check, widen = rule.accept, rule.widen
        marks = _Marks(text) if "[REDACTED:" in text else None
        pieces: list[str] = []
        taken: list[str] = []
        last = n = 0
        for begin, end in spans:
            if diff_marker(text, begin) or (begin and text.startswith(":-", begin - 1)):
                begin += 1  # a hunk's "+" or "-" (hunk_lines), a shell default's ${X:-…}
            if begin < last or (check is not None and not check(text[begin:end], text, begin, end)):
                continue
            if marks is not None and marks.cut_by(begin, end):
                continue  # "[REDACTED:x]" read as "user:pw" by a later rule
            if _MASKED.search(text, begin, min(len(text), end + 4)):
                continue  # "xxxxxxxx", "****", "####" (also right after): masked
            if _DOT_MASK.fullmatch(text, begin, end):
                continue  # "G......H.......!": masked but for a few signs
            if end - begin > 12 and text[end - 3 : end] in ("XXX", "xxx"):
                continue  # "AIzaSy…HQXXX": a key masked at its end (fresh54)
            if _SAYS_EXAMPLE.search(text, begin, end):
                continue  # "…tokenexample", "…ExampleKey…": a documented stand-in
            if text[begin:end].strip(_BRACKETS).lower() in _PLACEHOLDER_WORDS:
                continue  # "curl -u <user:password>", "neo4j:[PASSWORD]": a placeholder
            if test_vector_key(text[begin:end], text, begin):
                continue  # "Key = <hex>" beside "IV = …", "PT = …": a published test vector
            if widen is not None:
                wide_begin, end = widen(text, begin, end)
                begin = max(last, wide_begin)
            pieces.append(text[last:begin])
            pieces.append(token)
            taken.append(text[begin:end])
            if secrets is not None:
                secrets.append(text[begin:end])
            last = end
            n += 1
        if not n:
            return text, 0
        pieces.append(text[last:])
        out, repeats = _replace_repeats("".join(pieces), taken, token)
        return out, n + repeats


class _Marks:
    """Where the tokens of earlier rules lie in a text, in order, found once per replace.

    Why bisect: a long text can hold thousands of tokens and thousands of new spans; testing
    each span against every token cost a 1 MB list of URLs seconds (quadratic)."""

    __slots__ = ("spans", "ends")

    def __init__(self, text: str) -> None:
        self.spans = [m.span() for m in MARKER.finditer(text)]
        self.ends = [b for _, b in self.spans]  # sorted too: tokens never overlap

    def cut_by(self, begin: int, end: int) -> bool:
        """The span cuts into, or is exactly, an earlier rule's token. A value that holds
        whole tokens and more is taken whole (``"redis://u:[REDACTED:…]@h"`` as a quoted
        key)."""
        first = bisect_right(self.ends, begin)  # tokens ending after the span begins
        touched = self.spans[first : bisect_left(self.spans, (end,))]  # ... starting before its end
        return any(a < begin or end < b or (a, b) == (begin, end) for a, b in touched)


def _replace_repeats(out: str, taken: list[str], token: str) -> tuple[str, int]:
    """Replace the taken values where they appear again in the text (see
    :data:`_REPEAT_MIN`); returns the text and how many were replaced.

    A few values are looked up one by one. Many (a long dump of keys) are found in one
    Aho-Corasick pass, leftmost and then longest first, so the cost stays linear in the
    text: one search of the whole text per value made a 1 MB dump quadratic."""
    values = [
        v
        for v in dict.fromkeys(taken)
        if len(v) >= _REPEAT_MIN and _not_a_word(v) and v not in token and v not in "[REDACTED:"
    ]  # a value inside a token ("REDACTED") would be replaced within the tokens written
    n = 0
    if len(values) <= _FEW_REPEATS:
        for value in values:
            if value in out:
                n += out.count(value)
                out = out.replace(value, token)
        return out, n
    automaton = ahocorasick.Automaton()
    for value in values:
        automaton.add_word(value, len(value))
    automaton.make_automaton()
    found = sorted((last - size + 1, -size) for last, size in automaton.iter(out))
    pieces: list[str] = []
    done = 0
    for start, minus_size in found:
        if start >= done:
            pieces += (out[done:start], token)
            done = start - minus_size
            n += 1
    pieces.append(out[done:])
    return "".join(pieces), n


_FEW_REPEATS = 8
"""Up to this many distinct values, one ``in`` each is cheaper than building an automaton."""


_REPEAT_MIN = 6
"""A secret a rule took is also replaced where it appears again in the same string without
the context the rule needed (``-pS3cr3t!x … echo S3cr3t!x``); the trace memory does the
same across strings. Shorter values, and values that are plain lower-case words
(``postgres://fixtrace:fixtrace@…`` names the project too), are left where they repeat."""
_PLAIN_WORD = re.compile(r"[a-z_\-]+")


def _not_a_word(value: str) -> bool:
    return _PLAIN_WORD.fullmatch(value) is None


_MASKED = re.compile(
    r"x{8}|X{8}|\*{4}|#{4}|0{16}|•{4}|●{4}|(?:\\\*){3}"
    r"|([0-9a-f])\1{7}-\1{4}-\1{4}-\1{4}-\1{12}"
)
"""A run no key has (gitleaks' own samples mask theirs so; a UUID of one digit repeated,
``aaaaaaaa-aaaa-…``; Markdown's escaped ``\\*\\*\\*``: fresh100); the span is left
alone."""
_DOT_MASK = re.compile(r"[^\s.$]{0,2}(?:\.{5,}[^\s.$]{0,2})+")
"""A value shown by a sign or two between runs of dots (``G......H.......!``: fresh107); not
a bcrypt hash's salt of dots (``$2a$04$......``), which its rule takes whole."""
_SAYS_EXAMPLE = re.compile(
    r"(?<=[A-Za-z0-9])[Ee]xample|example(?=[A-Za-z0-9])|(?i:replace_?me)|(?<=\w)_example_(?=\w)"
)
"""A value that says it is an example inside it (CredSweeper's ``cfat_…tokenexample``,
``…pExampleKeyTestOnly…``, JFrog's ``ASIA2TEO6PMT6_example_4T4VM3J``; TruffleHog's Fly.io
detector drops "contains term: example") or asks to be replaced (``…_REPLACE_ME_…``): a
documented stand-in, no key. AWS's capitalised
``…7EXAMPLE`` and ``…EXAMPLEKEY`` stay findings: detect-secrets' ``test_data/each_secret.py``
and TruffleHog's canary test hold them as the secrets to find (gitleaks allowlists them),
and so do counting keys (``dapi0123456789abcdef…``)."""
_BRACKETS = "<>[]{}'\" "
_PLACEHOLDER_WORDS = frozenset(
    {"password", "passwd", "pass", "pwd", "secret", "token", "apikey", "value", "key"}
)

_MAX_PLANS = 4096
"""Bound on cached plans: one per distinct set of trigger hits, few in practice."""


def _distinct(groups: Iterable[tuple[str, ...]]) -> tuple[str, ...]:
    """Each trigger once, in first-seen order (each one costs a pass over every string)."""
    return tuple(dict.fromkeys(t for g in groups for t in g))
