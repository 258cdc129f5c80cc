"""The fresh10 split (leaky-repo's credential files, GitGuardian's sample secrets, Bearer's
rule tests, git-secrets' tests and tfsec's check examples) is well formed: it loads, every
case cites its file and line at the pinned commit, ids are the split's own (``x``), no value
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
SECRETS_FILE, NEGATIVES_FILE = "fresh10_secrets.jsonl", "fresh10_negatives.jsonl"
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:Plazmaz/leaky-repo/blob/2e951359cac53addbee56437da3ffb546e3dfe24"
    r"|GitGuardian/sample_secrets/blob/(?:da09702283c7c14d2048eddfb448f19ea6a3da08"
    r"|59325a01e47c9b13a98f1ff2c9326be3cdf34ba9|752f204f7321389cd36e5b8068ba61bb2eb32417)"
    r"|Bearer/bearer-rules/blob/82c335f781a61a6d8b052394f84fd1d93edec467"
    r"|awslabs/git-secrets/blob/7d6b970cbd3c216353cb22b383b70c150140662e"
    r"|aquasecurity/tfsec/blob/1ade1215f0411885832574ac0ac3339f7452e589)/\S+#L\d+"
)
SOURCES = ("leaky-repo", "gg-samples", "bearer", "git-secrets", "tfsec")


def test_fresh10_is_a_split_of_the_scorer() -> None:
    # Read as text: importing score would import the engine.
    score = (FOLDER / "score.py").read_text()
    assert f'"fresh10": ("{SECRETS_FILE}", "{NEGATIVES_FILE}"),' in score


def test_fresh10_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 50 and len({c["kind"] for c in SECRETS}) >= 40
    assert len(NEGATIVES) >= 100
    for case in SECRETS:
        assert case["split"] == "fresh10", case["id"]
        assert case["kind"].split(":")[0] in SOURCES, case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert len(case["value"]) >= 8 and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh10", neg["id"]
        assert neg["kind"].split(":")[0] in tuple(s + "-fp" for s in SOURCES), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_fresh10_ids_and_caps() -> None:
    assert [c["id"] for c in SECRETS] == [f"x{i:04d}" for i in range(1, len(SECRETS) + 1)]
    assert [n["id"] for n in NEGATIVES] == [f"xn{i:04d}" for i in range(1, len(NEGATIVES) + 1)]
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3
    assert len({c["value"] for c in SECRETS}) == len(SECRETS)
    assert len({n["text"] for n in NEGATIVES}) == len(NEGATIVES)


def test_fresh10_stays_apart_from_every_earlier_split() -> None:
    earlier = [("secrets.jsonl", "negatives.jsonl")]
    for path in sorted(FOLDER.glob("fresh*_secrets.jsonl")):
        if path.name != SECRETS_FILE:
            earlier.append((path.name, path.name.replace("_secrets", "_negatives")))
    assert len(earlier) >= 10  # the main corpus and fresh to fresh9
    values = {c["value"] for files in earlier for c in load(files[0])}
    texts = {n["text"] for files in earlier for n in load(files[1])}
    assert not values & {c["value"] for c in SECRETS}
    assert not texts & {n["text"] for n in NEGATIVES}


def test_fresh10_id_letter_is_its_own() -> None:
    others = [p for p in FOLDER.glob("*.jsonl") if not p.name.startswith("fresh10_")]
    ids = {str(row.get("id", "")) for p in others for row in load(p.name)}
    assert not [i for i in ids if i.startswith("x")]


def test_no_fresh10_negative_holds_a_labelled_value() -> None:
    names = ["secrets.jsonl", *(p.name for p in sorted(FOLDER.glob("fresh*_secrets.jsonl")))]
    values = {c["value"] for name in names for c in load(name) if len(c["value"]) >= 8}
    assert not [n["id"] for n in NEGATIVES if any(v in n["text"] for v in values)]
