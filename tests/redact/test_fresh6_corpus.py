"""The fresh6 split (the values of gitleaks', TruffleHog's and detect-secrets' tests that the
main corpus left out, at the same pinned commits) is well formed: it loads, every case says
where it came from, and it shares no kind with the main corpus beyond the few its README
lists (that its ids and values stay apart from every earlier split, and that each value sits
in its carriers, is tested for every split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re

from bench.redact_corpus.public.carriers import load
from bench.redact_corpus.public.score import DEFAULT_FILES, SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh6"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:trufflesecurity/trufflehog/blob/3ab759fef4bb5935d4fe9ac68b503d05346b8364"
    r"|gitleaks/gitleaks/blob/b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b"
    r"|Yelp/detect-secrets/blob/5e141933554a0b74e7341841f318be21e895339c)/\S+"
)
"""The commits ``build.py`` pinned for the main corpus: the same sources, other values."""


def test_fresh6_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 400 and len({c["kind"] for c in SECRETS}) >= 400
    assert len(NEGATIVES) >= 80
    for case in SECRETS:
        assert case["split"] == "fresh6", case["id"]
        assert case["kind"].split(":")[0] in ("trufflehog", "gitleaks", "detect-secrets")
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case.get("example", case["value"])
    for neg in NEGATIVES:
        assert neg["split"] == "fresh6", neg["id"]
        assert neg["kind"].split(":")[0] in ("trufflehog-fp", "detect-secrets-fp"), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_most_kinds_are_new_to_the_main_corpus() -> None:
    # 389 of 400 kinds have no case in secrets.jsonl; the rest are later values of a family
    main_kinds = {c["kind"] for c in load(DEFAULT_FILES[0])}
    shared = {c["kind"] for c in SECRETS} & main_kinds
    assert len(shared) <= 11, sorted(shared)
