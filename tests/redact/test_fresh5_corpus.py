"""The fresh5 split (Trivy's secret scanner test files, Horusec's leaks rules' samples,
GitHub's custom secret scanning patterns' tests) is well formed: it loads, every case says
where it came from, and its carriers name the service (that its ids and values stay apart
from every earlier split, and that each value sits in its carriers, is tested for every
split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re

from bench.redact_corpus.public.carriers import _service, load, text_cases
from bench.redact_corpus.public.score import SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh5"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = {
    "trivy": re.compile(
        r"https://github\.com/aquasecurity/trivy/blob/[0-9a-f]{40}/pkg/fanal/secret/testdata/"
        r"[\w.-]+"
    ),
    "horusec": re.compile(
        r"https://github\.com/ZupIT/horusec/blob/[0-9a-f]{40}/internal/services/engines/leaks/"
        r"samples\.go"
    ),
    "secpatterns": re.compile(
        r"https://github\.com/advanced-security/secret-scanning-custom-patterns/blob/"
        r"[0-9a-f]{40}/[\w/. -]+"
    ),
}


def test_fresh5_files_load_with_their_labels() -> None:
    # what the three sources gave (README: short of the 150 secrets / 60 kinds aimed at)
    assert len(SECRETS) >= 50 and len({c["kind"] for c in SECRETS}) >= 40
    assert len(NEGATIVES) >= 30
    for case in SECRETS:
        source, _, name = case["kind"].partition(":")
        assert case["split"] == "fresh5", case["id"]
        assert source in PINNED and re.fullmatch(r"[\w.-]+", name), case["id"]
        assert PINNED[source].fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        source, _, name = neg["kind"].partition(":")
        assert neg["split"] == "fresh5", neg["id"]
        assert source in ("trivy-fp", "horusec-fp", "secpatterns-fp"), neg["id"]
        assert re.fullmatch(r"[\w./-]+", name), neg["id"]
        assert PINNED[source.removesuffix("-fp")].fullmatch(neg["source"]), neg["id"]
        assert neg["text"], neg["id"]


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AWS_API_KEY=…``, not ``HORUSEC_…`` or ``SECPATTERNS…``
    assert _service("horusec:aws-secret-key") == "aws"
    assert _service("secpatterns:okta_token") == "okta"
    assert _service("trivy:private-packagist-token") == "privatepackagist"
    for carried in text_cases("fresh5", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(
                ("export TRIVY", "export HORUSEC", "export SECPATTERNS")
            )
