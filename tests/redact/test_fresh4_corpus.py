"""The fresh4 split (SonarSource's secrets rules' examples, ripsecrets' test files,
Whispers' fixtures) is well formed: it loads, every case says where it came from, and its
carriers name the service (that its ids and values stay apart from every earlier split, and
that each value sits in its carriers, is tested for every split in
``test_fresh_corpus``)."""

from __future__ import annotations

import re

from bench.redact_corpus.public.carriers import _service, load, text_cases
from bench.redact_corpus.public.score import SPLIT_FILES

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh4"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = {
    "sonar": re.compile(
        r"https://github\.com/SonarSource/sonar-text/blob/[0-9a-f]{40}/sonar-text-plugin/"
        r"src/main/resources/org/sonar/plugins/secrets/configuration/[\w.-]+\.yaml"
    ),
    "ripsecrets": re.compile(
        r"https://github\.com/sirwart/ripsecrets/blob/[0-9a-f]{40}/test/[\w/.-]+"
    ),
    "whispers": re.compile(
        r"https://github\.com/Skyscanner/whispers/blob/[0-9a-f]{40}/tests/fixtures/[\w/.-]+"
    ),
}


def test_fresh4_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 150 and len({c["kind"] for c in SECRETS}) >= 60
    assert len(NEGATIVES) >= 60
    for case in SECRETS:
        source, _, name = case["kind"].partition(":")
        assert case["split"] == "fresh4", case["id"]
        assert source in ("sonar", "ripsecrets") and re.fullmatch(r"[\w.-]+", name), case["id"]
        assert PINNED[source].fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        source, _, name = neg["kind"].partition(":")
        assert neg["split"] == "fresh4", neg["id"]
        assert source in ("sonar-fp", "ripsecrets-fp", "whispers-fp"), neg["id"]
        assert re.fullmatch(r"[\w./-]+", name), neg["id"]
        assert PINNED[source.removesuffix("-fp")].fullmatch(neg["source"]), neg["id"]
        assert neg["text"], neg["id"]


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AWS_API_KEY=…``, not ``SONAR_…`` or ``RIPSECRETS…``
    assert _service("sonar:aws-secret-access-keys-1") == "aws"
    assert _service("sonar:sonarqube-token-with-prefix") == "sonarqube"
    assert _service("ripsecrets:gcp") == "gcp"
    for carried in text_cases("fresh4", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(("export SONAR_", "export RIPSECRETS"))
