"""The fresh2 split (Kingfisher's and secretlint's test data) is well formed: it loads,
every case says where it came from, and its carriers name the service (that its ids and
values stay apart from every earlier split, and that each value sits in its carriers, is
tested for every split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re

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


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AIVEN_API_KEY=…``, not ``KINGFISHERAIVEN1_…``
    for carried in text_cases("fresh2", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(("export KINGFISHER", "export SECRETLINT"))
