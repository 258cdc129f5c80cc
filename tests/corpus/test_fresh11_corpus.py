"""The fresh11 split (OWASP WrongSecrets' challenges, TruffleHog's test_keys and CI/CD Goat's
planted credentials) is well formed: it loads, every case cites its file and line at the
pinned commit, ids are the split's own (``y``), no value
or negative text of an earlier split comes back, and no negative holds a labelled value
(that each value sits in its carriers is tested for every split in ``test_fresh_corpus``).
No redaction figure is asserted here.

It reads the corpus files alone (``carriers.load``), not ``score``: ``score`` imports the
engine, and this split's checks must run where the engine may not be looked at (the split
was built blind)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from bench.redact_corpus.public.carriers import load

FOLDER = Path(__file__).resolve().parents[2] / "bench" / "redact_corpus" / "public"
SECRETS_FILE, NEGATIVES_FILE = "fresh11_secrets.jsonl", "fresh11_negatives.jsonl"
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:OWASP/wrongsecrets/blob/81da75d7835a36216437b1c894f91b3b37b5e43d"
    r"|trufflesecurity/test_keys/blob/(?:0416560b1330d8ac42045813251d85c688717eaf"
    r"|fbc14303ffbf8fb1c2c1914e8dda7d0121633aca)"
    r"|cider-security-research/cicd-goat/blob/0ed10925f3983857cf219b2ac1c327b861fcccca)/\S+#L\d+"
)
SOURCES = ("wrongsecrets", "test-keys", "cicd-goat")


def test_fresh11_is_a_split_of_the_scorer() -> None:
    # Read as text: importing score would import the engine.
    score = (FOLDER / "score.py").read_text()
    assert f'"fresh11": ("{SECRETS_FILE}", "{NEGATIVES_FILE}"),' in score


def test_fresh11_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 40 and len({c["kind"] for c in SECRETS}) >= 30
    assert len(NEGATIVES) >= 50
    for case in SECRETS:
        assert case["split"] == "fresh11", case["id"]
        assert case["kind"].split(":")[0] in SOURCES, case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 8 and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh11", neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in SOURCES), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_fresh11_ids_and_caps() -> None:
    assert [c["id"] for c in SECRETS] == [f"y{i:04d}" for i in range(1, len(SECRETS) + 1)]
    assert [n["id"] for n in NEGATIVES] == [f"yn{i:04d}" for i in range(1, len(NEGATIVES) + 1)]
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["value"] for c in SECRETS}) == len(SECRETS)
    assert len({n["text"] for n in NEGATIVES}) == len(NEGATIVES)


def test_fresh11_stays_apart_from_every_earlier_split() -> None:
    earlier = [("secrets.jsonl", "negatives.jsonl")]
    for path in sorted(FOLDER.glob("fresh*_secrets.jsonl")):
        if path.name != SECRETS_FILE:
            earlier.append((path.name, path.name.replace("_secrets", "_negatives")))
    assert len(earlier) >= 11  # the main corpus and fresh to fresh11
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in SECRETS}
    assert not texts & {n["text"] for n in NEGATIVES}


def test_fresh11_id_letter_is_its_own() -> None:
    others = [p for p in FOLDER.glob("*.jsonl") if not p.name.startswith("fresh11_")]
    ids = {str(row.get("id", "")) for p in others for row in load(p.name)}
    assert not [i for i in ids if i.startswith("y")]


def test_no_fresh11_negative_holds_a_labelled_value() -> None:
    names = ["secrets.jsonl", *(p.name for p in sorted(FOLDER.glob("fresh*_secrets.jsonl")))]
    values = {c["value"] for name in names for c in load(name) if len(c["value"]) >= 8}
    assert not [n["id"] for n in NEGATIVES if any(v in n["text"] for v in values)]
