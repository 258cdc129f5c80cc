"""The ``fresh24``, ``fresh25`` and ``fresh30`` splits: credentials people pasted into public
GitHub issue and pull-request threads, and what the same threads hold that only looks like
one (fresh24 and fresh25 built by ``bench/redact_corpus/public/fresh24.py`` and ``fresh25.py``
from their ``*_taken.py`` tables, labelled before any redaction was run on them; fresh25 is a
holdout from other threads, run once after the rules fresh24 prompted; fresh30, a second
holdout, was found by a helper who read no engine code with 104 searches of the stored
threads, none cited by an earlier file, and committed before it ran). Read as data: the
engine is never imported here."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from bench.redact_corpus.public.carriers import load

THREAD = re.compile(
    r"https://github\.com/[\w.\-]+/[\w.\-]+/(?:issues|pull)/\d+(?:#issuecomment-\d+|#discussion_r\d+)?"
)
FOLDER = Path(__file__).resolve().parents[2] / "bench" / "redact_corpus" / "public"
SPLITS = ("fresh24", "fresh25", "fresh30")
AT_LEAST = {"fresh24": (70, 50, 200), "fresh25": (70, 50, 200), "fresh30": (70, 60, 150)}
"""Secrets, kinds and negatives each built file holds at least."""


@pytest.mark.parametrize("split", SPLITS)
def test_the_split_holds_what_its_builder_said(split: str) -> None:
    secrets, negatives = load(f"{split}_secrets.jsonl"), load(f"{split}_negatives.jsonl")
    n_secrets, n_kinds, n_negatives = AT_LEAST[split]
    assert len(secrets) >= n_secrets and len({c["kind"] for c in secrets}) >= n_kinds
    assert len(negatives) >= n_negatives
    assert max(Counter(c["kind"] for c in secrets).values()) <= 3
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


def _threads(split: str) -> set[str]:
    names = (f"{split}_secrets.jsonl", f"{split}_negatives.jsonl")
    return {THREAD.fullmatch(r["source"])[0].split("#")[0] for name in names for r in load(name)}


@pytest.mark.parametrize(("earlier", "holdout"), [("fresh24", "fresh25"), ("fresh24", "fresh30"),
                                                  ("fresh25", "fresh30")])  # fmt: skip
def test_a_holdout_cites_no_thread_of_an_earlier_set(earlier: str, holdout: str) -> None:
    assert not _threads(earlier) & _threads(holdout)


def test_the_second_holdout_cites_no_thread_any_other_file_cites() -> None:
    """fresh30's threads are new to the whole folder, not only to the pasted sets."""
    cited = re.compile(r"https://github\.com/[\w.\-]+/[\w.\-]+/(?:issues|pull)/\d+")
    ours = _threads("fresh30")
    others: set[str] = set()
    for path in sorted(FOLDER.glob("*.jsonl")):
        if not path.name.startswith("fresh30_"):
            others |= {m for row in load(path.name) for m in cited.findall(json.dumps(row))}
    assert len(ours) >= 60 and not ours & others
