"""The fresh4 split (SonarSource's secrets rules' examples, ripsecrets' test files, Whispers'
fixtures) is well formed: it loads, every case says where it came from, ids are unique, and
it stays apart from every earlier split (that each value sits in its carriers is tested for
every split in ``test_fresh_corpus``)."""

from __future__ import annotations

import re
from collections import Counter

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
EARLIER = ("secrets.jsonl", "fresh_secrets.jsonl", "fresh2_secrets.jsonl", "fresh3_secrets.jsonl")
EARLIER_NEGATIVES = (
    "negatives.jsonl",
    "fresh_negatives.jsonl",
    "fresh2_negatives.jsonl",
    "fresh3_negatives.jsonl",
)


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


def test_ids_and_values_are_apart_from_every_earlier_split() -> None:
    ids = [c["id"] for c in SECRETS] + [n["id"] for n in NEGATIVES]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"kn?\d{4}", i) for i in ids)
    earlier_ids = {c["id"] for name in (*EARLIER, *EARLIER_NEGATIVES) for c in load(name)}
    assert not earlier_ids & set(ids)
    earlier_values = {c["value"] for name in EARLIER for c in load(name)}
    assert not earlier_values & {c["value"] for c in SECRETS}
    earlier_texts = {n["text"] for name in EARLIER_NEGATIVES for n in load(name)}
    assert not earlier_texts & {n["text"] for n in NEGATIVES}
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3


def test_no_negative_holds_a_labelled_value() -> None:
    values = {c["value"] for name in (*EARLIER, SECRETS_FILE) for c in load(name)}
    values = {v for v in values if len(v) >= 8}
    assert not [n["id"] for n in NEGATIVES if any(v in n["text"] for v in values)]


def test_carriers_name_the_service_not_the_scanner() -> None:
    # carrier texts say ``export AWS_API_KEY=…``, not ``SONAR_…`` or ``RIPSECRETS…``
    assert _service("sonar:aws-secret-access-keys-1") == "aws"
    assert _service("sonar:sonarqube-token-with-prefix") == "sonarqube"
    assert _service("ripsecrets:gcp") == "gcp"
    for carried in text_cases("fresh4", SECRETS_FILE):
        if carried.carrier == "command" and carried.text.startswith("export "):
            assert not carried.text.startswith(("export SONAR_", "export RIPSECRETS"))
