"""The fresh3 split (Semgrep's secrets rules' test files) is well formed: it loads, every
case says where it came from, and its carriers name the service (that its ids and values
stay apart from every earlier split, and that each value sits in its carriers, is tested for
every split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re

from bench.redact_corpus.public.carriers import _service, load, text_cases
from bench.redact_corpus.public.score import SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh3"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/semgrep/semgrep-rules/blob/[0-9a-f]{40}/generic/secrets/"
    r"(?:gitleaks|security)/[\w.-]+"
)


def test_fresh3_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 150 and len({c["kind"] for c in SECRETS}) >= 60
    assert len(NEGATIVES) >= 50
    for case in SECRETS:
        assert case["split"] == "fresh3", case["id"]
        assert re.fullmatch(r"semgrep:[a-z0-9-]+", case["kind"]), case["id"]
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh3", neg["id"]
        assert re.fullmatch(r"semgrep-fp:[a-z0-9-]+", neg["kind"]), neg["id"]
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AWS_API_KEY=…``, not ``SEMGREP…`` or ``DETECTED…``
    assert _service("semgrep:detected-aws-secret-access-key") == "aws"
    assert _service("semgrep:adafruit-api-key") == "adafruit"
    for carried in text_cases("fresh3", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(("export SEMGREP", "export DETECTED"))
