"""The fresh9 split (gosec's, bandit's, eslint-plugin-no-secrets', find-sec-bugs' and 2ms'
tests) is well formed: it loads, every case cites its file and line at the pinned commit,
ids are the split's own (``w``: ``v`` is the vectors split's ``vn…``), no value or negative
text of an earlier split comes back, and no negative holds a labelled value (that each value
sits in its carriers is tested for every split in ``test_fresh_corpus``). No redaction
figure is asserted here.

It reads the corpus files alone (``carriers.load``), not ``score``: ``score`` imports the
engine, and this split's checks must run where the engine may not be looked at (the split
was built blind)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bench.redact_corpus.public.carriers import load

FOLDER = Path(__file__).resolve().parents[2] / "bench" / "redact_corpus" / "public"
SECRETS_FILE, NEGATIVES_FILE = "fresh9_secrets.jsonl", "fresh9_negatives.jsonl"
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:securego/gosec/blob/45b083a0cb42119d61b1e0e364d8c62c68f6f5cd"
    r"|PyCQA/bandit/blob/92080542688902ad1eb6af74cf16939fad767d29"
    r"|nickdeis/eslint-plugin-no-secrets/blob/fe95b10ac26be814327bb58ab97935c392adc4a1"
    r"|find-sec-bugs/find-sec-bugs/blob/e38542b3c810c548fc271a681881557d23e2088e"
    r"|Checkmarx/2ms/blob/e2fafb4a9738d0f2984b0570f056e70a72ad55cb)/\S+#L\d+"
)
SOURCES = ("gosec", "bandit", "no-secrets", "find-sec-bugs", "2ms")


def test_fresh9_is_a_split_of_the_scorer() -> None:
    # Read as text: importing score would import the engine.
    score = (FOLDER / "score.py").read_text()
    assert f'"fresh9": ("{SECRETS_FILE}", "{NEGATIVES_FILE}"),' in score


def test_fresh9_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 150 and len({c["kind"] for c in SECRETS}) >= 100
    assert len(NEGATIVES) >= 40
    for case in SECRETS:
        assert case["split"] == "fresh9", case["id"]
        assert case["kind"].split(":")[0] in SOURCES, case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 8 and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh9", neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in SOURCES), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_fresh9_ids_and_caps() -> None:
    assert [c["id"] for c in SECRETS] == [f"w{i:04d}" for i in range(1, len(SECRETS) + 1)]
    assert [n["id"] for n in NEGATIVES] == [f"wn{i:04d}" for i in range(1, len(NEGATIVES) + 1)]
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["value"] for c in SECRETS}) == len(SECRETS)
    assert len({n["text"] for n in NEGATIVES}) == len(NEGATIVES)


def test_fresh9_stays_apart_from_every_earlier_split() -> None:
    earlier = [("secrets.jsonl", "negatives.jsonl")]
    for path in sorted(FOLDER.glob("fresh*_secrets.jsonl")):
        if path.name != SECRETS_FILE:
            earlier.append((path.name, path.name.replace("_secrets", "_negatives")))
    assert len(earlier) >= 9  # the main corpus and fresh to fresh8
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in SECRETS}
    assert not texts & {n["text"] for n in NEGATIVES}


def test_fresh9_id_letter_is_its_own() -> None:
    others = [p for p in FOLDER.glob("*.jsonl") if not p.name.startswith("fresh9_")]
    ids = {str(row.get("id", "")) for p in others for row in load(p.name)}
    assert not [i for i in ids if i.startswith("w")]


def test_no_fresh9_negative_holds_a_labelled_value() -> None:
    names = ["secrets.jsonl", *(p.name for p in sorted(FOLDER.glob("fresh*_secrets.jsonl")))]
    values = {c["value"] for name in names for c in load(name) if len(c["value"]) >= 8}
    assert not [n["id"] for n in NEGATIVES if any(v in n["text"] for v in values)]
