"""Recall and false positives on ``scanner_fixtures/``: secrets from public scanners' test
fixtures the rules were not written from (see its README), counted the same way by
``tests/adversarial/test_redaction_recall.py`` and ``bench/adversarial.py redaction``."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from streams.redact import Redactor

CORPUS = Path(__file__).resolve().parent / "scanner_fixtures"


def load(name: str) -> list[dict]:
    return [json.loads(line) for line in (CORPUS / name).read_text().splitlines() if line]


def leaked(secret: str, text: str, window: int = 12) -> bool:
    """Whether any 12-character window of ``secret`` (all of it, when short) is in ``text``."""
    if len(secret) < 16:
        return secret in text
    return any(secret[i : i + window] in text for i in range(0, len(secret) - window + 1))


@dataclass
class Score:
    """Recall over labelled secrets, false positives over negatives, with the misses."""

    secrets: int = 0
    caught: int = 0
    negatives: int = 0
    altered: int = 0
    missed: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)

    @property
    def recall(self) -> float:
        return self.caught / self.secrets if self.secrets else 1.0

    @property
    def fp_rate(self) -> float:
        return self.altered / self.negatives if self.negatives else 0.0


def score(redactor: Redactor | None = None) -> Score:
    redactor = redactor or Redactor()
    out = Score()
    for case in load("positives.jsonl"):
        text = redactor.redact_text(case["text"])[0]
        for secret in case["secrets"]:
            out.secrets += 1
            if leaked(secret, text):
                out.missed.append(f"{case['id']} {case['kind']} ({case['carrier']})")
            else:
                out.caught += 1
    for case in load("negatives.jsonl"):
        out.negatives += 1
        text, findings = redactor.redact_text(case["text"])
        if text != case["text"]:
            out.altered += 1
            out.false_positives.append(f"{case['id']} {case['kind']}: {sorted(findings)}")
    return out
