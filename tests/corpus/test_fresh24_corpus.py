"""The ``fresh24`` split: credentials people pasted into public GitHub issue and pull-request
threads, and what the same threads hold that only looks like one (built by
``bench/redact_corpus/public/fresh24.py`` from ``fresh24_taken.py``, labelled before any
redaction was run on it). Read as data: the engine is never imported here."""

from __future__ import annotations

import re
from collections import Counter

from bench.redact_corpus.public.carriers import load

THREAD = re.compile(
    r"https://github\.com/[\w.\-]+/[\w.\-]+/(?:issues|pull)/\d+(?:#issuecomment-\d+|#discussion_r\d+)?"
)
SECRETS = load("fresh24_secrets.jsonl")
NEGATIVES = load("fresh24_negatives.jsonl")


def test_the_split_holds_what_its_builder_said() -> None:
    assert len(SECRETS) >= 70 and len({c["kind"] for c in SECRETS}) >= 60
    assert len(NEGATIVES) >= 200 and max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["source"] for c in SECRETS}) >= 60


def test_every_secret_is_cited_and_found_in_its_pasted_text() -> None:
    for case in SECRETS:
        assert case["split"] == "fresh24" and isinstance(case["sure"], bool), case["id"]
        assert THREAD.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 6 and case["value"] in case["example"], case["id"]
        assert re.fullmatch(r"[a-z0-9][a-z0-9.\-]*:[a-z0-9][a-z0-9\-]*", case["kind"]), case["id"]


def test_every_negative_is_cited_and_holds_no_labelled_value() -> None:
    values = [c["value"] for c in SECRETS]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh24" and THREAD.fullmatch(neg["source"]), neg["id"]
        assert neg["text"] and not any(v in neg["text"] for v in values), neg["id"]
