"""Well-formedness of the prose sets (bench/redact_corpus/public/prose/).

`prose_secrets.jsonl` holds public fixture secret values placed in generated prose (thoughts,
commit messages, pull-request descriptions, bug reports, error messages);
`prose_negatives.jsonl` holds real, hand-labelled paragraphs from public sources full of
harmless random-looking tokens. These tests check the files' shape only; they run no
redaction and import nothing from the engine.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

PROSE = Path(__file__).resolve().parents[2] / "bench/redact_corpus/public/prose"
CARRIERS = {"thought", "commit_message", "pr_description", "bug_report", "error_message"}
SECRET_KEYS = {"id", "secret_file", "secret_id", "kind", "value", "carrier", "wording", "text"}
NEGATIVE_KEYS = {"id", "carrier", "kind", "text", "source", "note"}
SOURCE = re.compile(
    r"^https://github\.com/[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+"
    r"/(?:commit/[0-9a-f]{40}|issues/\d+|pull/\d+)$"
)
# The sizes the sets were built to (see the README in that folder).
MIN_SECRET_ROWS = 4000
MIN_WORDINGS_PER_CARRIER = 25
MIN_NEGATIVES = 300
MIN_NEGATIVE_REPOSITORIES = 60
MIN_NEGATIVES_PER_CARRIER = {
    "commit_message": 60,
    "thought": 50,
    "bug_report": 50,
    "error_message": 25,
    "pr_description": 15,
}


def _load(name: str) -> list[dict]:
    path = PROSE / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


SECRETS = _load("prose_secrets.jsonl")
NEGATIVES = _load("prose_negatives.jsonl")


def test_secret_rows_have_fields_and_hold_their_value() -> None:
    for row in SECRETS:
        assert row.keys() >= SECRET_KEYS, row["id"]
        assert row["carrier"] in CARRIERS, row["id"]
        assert row["value"] and "\n" not in row["value"], row["id"]
        assert row["value"] in row["text"], row["id"]
        assert row["wording"].startswith(row["carrier"] + ":"), row["id"]


def test_secret_ids_unique_and_sequential() -> None:
    ids = [row["id"] for row in SECRETS]
    assert len(ids) == len(set(ids))
    assert ids == [f"p{i:05d}" for i in range(1, len(ids) + 1)]


def test_secret_counts_and_carriers() -> None:
    assert len(SECRETS) >= MIN_SECRET_ROWS
    assert {row["carrier"] for row in SECRETS} == CARRIERS
    wordings = Counter(row["carrier"] for row in {r["wording"]: r for r in SECRETS}.values())
    for carrier in CARRIERS:
        assert wordings[carrier] >= MIN_WORDINGS_PER_CARRIER, carrier


def test_each_secret_sits_in_two_carriers() -> None:
    per_secret = Counter((row["secret_file"], row["secret_id"]) for row in SECRETS)
    assert set(per_secret.values()) == {2}
    carriers = {}
    for row in SECRETS:
        carriers.setdefault((row["secret_file"], row["secret_id"]), set()).add(row["carrier"])
    assert all(len(c) == 2 for c in carriers.values())


@pytest.mark.parametrize("row", NEGATIVES, ids=[row["id"] for row in NEGATIVES])
def test_negative_row_is_well_formed(row: dict) -> None:
    assert row.keys() >= NEGATIVE_KEYS
    assert row["carrier"] in CARRIERS
    assert row["text"].strip() and row["kind"] and row["note"]
    assert 1 <= row["text"].count("\n") + 1 <= 15
    assert SOURCE.match(row["source"]), row["source"]


def test_negative_ids_unique_and_texts_distinct() -> None:
    ids = [row["id"] for row in NEGATIVES]
    assert len(ids) == len(set(ids))
    assert ids == [f"q{i:04d}" for i in range(1, len(ids) + 1)]
    assert len({row["text"] for row in NEGATIVES}) == len(NEGATIVES)


def test_negative_counts_carriers_and_repositories() -> None:
    assert len(NEGATIVES) >= MIN_NEGATIVES
    per_carrier = Counter(row["carrier"] for row in NEGATIVES)
    assert set(per_carrier) == CARRIERS
    for carrier, least in MIN_NEGATIVES_PER_CARRIER.items():
        assert per_carrier[carrier] >= least, carrier
    repos = {"/".join(row["source"].split("/")[3:5]) for row in NEGATIVES}
    assert len(repos) >= MIN_NEGATIVE_REPOSITORIES


def test_no_negative_text_is_a_positive_value() -> None:
    values = {row["value"] for row in SECRETS if len(row["value"]) >= 12}
    for row in NEGATIVES:
        assert not any(v in row["text"] for v in values), row["id"]
