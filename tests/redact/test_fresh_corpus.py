"""The fresh split (Nosey Parker's rule examples) is well formed: it loads, every case says
where it came from, every value is really inside each of its carriers, ids are unique, and
it stays apart from the splits the rules were tuned on."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from bench.redact_corpus.public.carriers import NATIVE, TEXT_CARRIERS, load, text_cases
from bench.redact_corpus.public.score import SPLIT_FILES, event_fields

SECRETS_FILE, NEGATIVES_FILE = SPLIT_FILES["fresh"]
SECRETS = load(SECRETS_FILE)
NEGATIVES = load(NEGATIVES_FILE)
PINNED = re.compile(
    r"https://github\.com/praetorian-inc/noseyparker/blob/[0-9a-f]{40}/crates/\S+/rules/\S+\.yml"
)


def test_fresh_files_load_with_their_labels() -> None:
    assert len(SECRETS) >= 150 and len({c["kind"] for c in SECRETS}) >= 80
    assert len(NEGATIVES) >= 50
    for case in SECRETS:
        assert case["split"] == "fresh" and case["kind"].startswith("noseyparker:np.")
        assert PINNED.fullmatch(case["source"]), case["id"]
        assert case["value"] and case["value"] in case["example"], case["id"]
    for neg in NEGATIVES:
        assert neg["split"] == "fresh" and neg["kind"].startswith("noseyparker-fp:np.")
        assert PINNED.fullmatch(neg["source"]) and neg["text"], neg["id"]


def test_ids_are_unique_and_apart_from_the_main_files() -> None:
    ids = [c["id"] for c in SECRETS] + [n["id"] for n in NEGATIVES]
    assert len(ids) == len(set(ids))
    main_ids = {c["id"] for c in load("secrets.jsonl")} | {n["id"] for n in load("negatives.jsonl")}
    assert not main_ids & set(ids)
    assert not {c["value"] for c in load("secrets.jsonl")} & {c["value"] for c in SECRETS}
    assert max(Counter(c["kind"] for c in SECRETS).values()) <= 3


@pytest.mark.parametrize("split", ["fresh", "fresh2", "fresh3", "fresh4", "fresh5"])
def test_every_value_sits_in_each_of_its_six_text_carriers(split: str) -> None:
    """For every split kept in files of its own (the fresh2 to fresh5 modules hold
    their other checks)."""
    secrets_file = SPLIT_FILES[split][0]
    values = {c["id"]: c["value"] for c in load(secrets_file)}
    by_case: dict[str, set[str]] = {}
    for carried in text_cases(split, secrets_file):
        value = values[carried.case_id]
        assert any(s in carried.text for s in carried.secrets), (carried.case_id, carried.carrier)
        assert carried.secrets[0] in (value, json.dumps(value)[1:-1])
        by_case.setdefault(carried.case_id, set()).add(carried.carrier)
    assert set(by_case) == set(values)
    assert all(carriers == {*TEXT_CARRIERS, NATIVE} for carriers in by_case.values())


def test_the_main_splits_get_no_native_carrier() -> None:
    assert NATIVE not in {c.carrier for c in text_cases("blind")}


def test_field_carriers_cover_every_client_field() -> None:
    # score.run plants each fresh value, bare, in every one of these fields.
    assert len(event_fields()) >= 90
