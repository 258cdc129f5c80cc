"""The ``fresh24`` and ``fresh25`` splits: credentials people pasted into public GitHub issue
and pull-request threads, and what the same threads hold that only looks like one (built by
``bench/redact_corpus/public/fresh24.py`` and ``fresh25.py`` from their ``*_taken.py``
tables, labelled before any redaction was run on them; fresh25 is a holdout from other
threads, run once after the rules fresh24 prompted). Read as data: the engine is never
imported here."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from bench.redact_corpus.public.carriers import load

THREAD = re.compile(
    r"https://github\.com/[\w.\-]+/[\w.\-]+/(?:issues|pull)/\d+(?:#issuecomment-\d+|#discussion_r\d+)?"
)
SPLITS = ("fresh24", "fresh25")


@pytest.mark.parametrize("split", SPLITS)
def test_the_split_holds_what_its_builder_said(split: str) -> None:
    secrets, negatives = load(f"{split}_secrets.jsonl"), load(f"{split}_negatives.jsonl")
    assert len(secrets) >= 70 and len({c["kind"] for c in secrets}) >= 50
    assert len(negatives) >= 200 and max(Counter(c["kind"] for c in secrets).values()) <= 3
    assert len({c["source"] for c in secrets}) >= 60


@pytest.mark.parametrize("split", SPLITS)
def test_every_secret_is_cited_and_found_in_its_pasted_text(split: str) -> None:
    for case in load(f"{split}_secrets.jsonl"):
        assert case["split"] == split and isinstance(case["sure"], bool), case["id"]
        assert THREAD.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 6 and case["value"] in case["example"], case["id"]
        assert re.fullmatch(r"[a-z0-9][a-z0-9.\-]*:[a-z0-9][a-z0-9\-]*", case["kind"]), case["id"]


@pytest.mark.parametrize("split", SPLITS)
def test_every_negative_is_cited_and_holds_no_labelled_value(split: str) -> None:
    values = [c["value"] for c in load(f"{split}_secrets.jsonl")]
    for neg in load(f"{split}_negatives.jsonl"):
        assert neg["split"] == split and THREAD.fullmatch(neg["source"]), neg["id"]
        assert neg["text"] and not any(v in neg["text"] for v in values), neg["id"]


def test_the_holdout_cites_no_thread_of_the_first_set() -> None:
    first = {r["source"] for name in ("fresh24_secrets.jsonl", "fresh24_negatives.jsonl")
             for r in load(name)}  # fmt: skip
    holdout = {r["source"] for name in ("fresh25_secrets.jsonl", "fresh25_negatives.jsonl")
               for r in load(name)}  # fmt: skip
    assert not first & holdout
