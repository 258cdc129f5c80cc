"""Redaction on a corpus the rules were not written from
(``bench/redact_corpus/scanner_fixtures/README.md``).

Targets: recall ≥ 99 % over the labelled secrets, false positives ≤ 2 % over the hard
negatives. The pre-check must find what the full scan finds on this corpus too.
"""

from __future__ import annotations

from collections import Counter

from bench.redact_corpus.recall import load, score
from streams.redact import RedactionConfig, Redactor


def test_corpus_is_big_varied_and_sourced() -> None:
    positives, negatives = load("positives.jsonl"), load("negatives.jsonl")
    assert sum(len(p["secrets"]) for p in positives) >= 80
    assert len({p["kind"] for p in positives}) >= 25
    assert len(negatives) >= 40
    assert len(Counter(p["carrier"] for p in positives)) >= 6
    for case in positives + negatives:
        assert case["source"].startswith("https://"), case["id"]
    for case in positives:
        assert all(s in case["text"] for s in case["secrets"]), case["id"]


def test_recall_and_false_positives() -> None:
    result = score()
    print(
        f"\nrecall {result.caught}/{result.secrets} = {result.recall:.1%}; "
        f"false positives {result.altered}/{result.negatives} = {result.fp_rate:.1%}"
    )
    assert result.recall >= 0.99, "missed:\n" + "\n".join(result.missed)
    assert result.fp_rate <= 0.02, "altered:\n" + "\n".join(result.false_positives)


def test_precheck_finds_what_the_full_scan_finds() -> None:
    fast = Redactor(RedactionConfig(precheck=True))
    full = Redactor(RedactionConfig(precheck=False))
    for case in load("positives.jsonl") + load("negatives.jsonl"):
        assert fast.redact_text(case["text"]) == full.redact_text(case["text"]), case["id"]
