"""The fresh2 split (Kingfisher's and secretlint's test data) is well formed: it loads, every
case says where it came from, ids are unique, and it stays apart from every earlier split
(that each value sits in its carriers is tested for every split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re
from collections import Counter

from bench.redact_corpus.public.carriers import load, text_cases
from bench.redact_corpus.public.score import SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh2"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/(?:mongodb/kingfisher/blob/[0-9a-f]{40}/(?:data/rules|testdata)/\S+"
    r"|secretlint/secretlint/blob/[0-9a-f]{40}/packages/@secretlint/secretlint-rule-[a-z0-9-]+"
    r"/test/snapshots/\S+)"
)
KIND = re.compile(r"kingfisher:kingfisher\.[\w.]+|secretlint:[a-z0-9-]+/\w+")
EARLIER = ("secrets.jsonl", "fresh_secrets.jsonl")


def test_fresh2_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 180 and len({c["kind"] for c in SECRETS}) >= 100
    assert len(NEGATIVES) >= 50
    for case in SECRETS:
        assert case["split"] == "fresh2" and KIND.fullmatch(case["kind"]), case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh2", neg["id"]
        assert neg["kind"].startswith(("kingfisher-fp:", "secretlint-fp:")), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_ids_and_values_are_apart_from_every_earlier_split() -> None:
    ids = [c["id"] for c in SECRETS] + [n["id"] for n in NEGATIVES]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"gn?\d{4}", i) for i in ids)
    earlier_ids = {c["id"] for name in EARLIER for c in load(name)}
    earlier_ids |= {
        n["id"] for name in ("negatives.jsonl", "fresh_negatives.jsonl") for n in load(name)
    }
    assert not earlier_ids & set(ids)
    earlier_values = {c["value"] for name in EARLIER for c in load(name)}
    assert not earlier_values & {c["value"] for c in SECRETS}
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3


def test_no_negative_holds_a_labelled_value() -> None:
    values = {c["value"] for name in (*EARLIER, SECRETS_FILE) for c in load(name)}
    values = {v for v in values if len(v) >= 8}
    assert not [n["id"] for n in NEGATIVES if any(v in n["text"] for v in values)]


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AIVEN_API_KEY=…``, not ``KINGFISHERAIVEN1_…``
    for carried in text_cases("fresh2", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(("export KINGFISHER", "export SECRETLINT"))
