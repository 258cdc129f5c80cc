"""The fresh8 split (checkov's, Microsoft security-utilities', DevSkim's, rusty-hog's and
credential-digger's tests) is well formed: it loads, every case cites its file and line at
the pinned commit, ids are the split's own, and no value or negative text of an earlier
split comes back (that each value sits in its carriers and that no negative holds a
labelled value is tested for every split in ``test_fresh_corpus``). No redaction figure is
asserted here.

It reads the corpus files alone (``carriers.load``), not ``score``: ``score`` imports the
engine, and this split's checks must run where the engine may not be looked at (the split
was built blind)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bench.redact_corpus.public.carriers import load

FOLDER = Path(__file__).resolve().parents[2] / "bench" / "redact_corpus" / "public"
SECRETS_FILE, NEGATIVES_FILE = "fresh8_secrets.jsonl", "fresh8_negatives.jsonl"
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:bridgecrewio/checkov/blob/03d5fdad8d6154b1565799a7b1fb8070c158866f"
    r"|microsoft/security-utilities/blob/638ad20eb4d446319a31e9c0ed293d087b4ffa55"
    r"|microsoft/DevSkim/blob/a452aa506f80928b611c4c7bfe306b8115821aae"
    r"|newrelic/rusty-hog/blob/d65f94bd6b18324b089e9b1dcb63e9a5cc00307e"
    r"|SAP/credential-digger/blob/21f89283400168e2c454b57467291a248b571a3c)/\S+#L\d+"
)
SOURCES = ("checkov", "security-utilities", "devskim", "rusty-hog", "credential-digger")


def test_fresh8_is_a_split_of_the_scorer() -> None:
    # Read as text: importing score would import the engine.
    # The scorer reads <name>_secrets.jsonl and <name>_negatives.jsonl of every name in
    # OWN_FILE_SPLITS.
    score = (FOLDER / "score.py").read_text()
    registered = score[score.index("OWN_FILE_SPLITS = (") : score.index(")  # fmt: skip")]
    assert '"fresh8",' in registered
    assert (SECRETS_FILE, NEGATIVES_FILE) == ("fresh8_secrets.jsonl", "fresh8_negatives.jsonl")


def test_fresh8_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 30 and len({c["kind"] for c in SECRETS}) >= 20
    assert len(NEGATIVES) >= 40
    for case in SECRETS:
        assert case["split"] == "fresh8", case["id"]
        assert case["kind"].split(":")[0] in SOURCES, case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 8 and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh8", neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in SOURCES), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_fresh8_ids_and_caps() -> None:
    assert [c["id"] for c in SECRETS] == [f"u{i:04d}" for i in range(1, len(SECRETS) + 1)]
    assert [n["id"] for n in NEGATIVES] == [f"un{i:04d}" for i in range(1, len(NEGATIVES) + 1)]
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["value"] for c in SECRETS}) == len(SECRETS)
    assert len({n["text"] for n in NEGATIVES}) == len(NEGATIVES)


def test_fresh8_stays_apart_from_every_earlier_split() -> None:
    earlier = [("secrets.jsonl", "negatives.jsonl")]
    for path in sorted(FOLDER.glob("fresh*_secrets.jsonl")):
        if path.name != SECRETS_FILE:
            earlier.append((path.name, path.name.replace("_secrets", "_negatives")))
    assert len(earlier) >= 8  # the main corpus and fresh to fresh7
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in SECRETS}
    assert not texts & {n["text"] for n in NEGATIVES}
