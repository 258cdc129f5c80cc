"""Well-formedness of the `pathneg` split (bench/redact_corpus/public/pathneg_negatives.jsonl).

Harmless single lines whose parts look random, taken from real public files and threads:
object-store keys and URLs, temp, cache and build paths, hashed or content-addressed URLs,
and lines of public certificates and public keys. Every one is a negative. These tests
check the file's shape only; they run no redaction.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tests.corpus.negatives_sets import (
    KEYS,
    PUBLIC,
    THREAD,
    blob,
    commits_per_repository,
    rows,
    unsorted_lines,
)

CORPUS = PUBLIC / "pathneg_negatives.jsonl"
BLOB = blob(r"#L\d+")
KIND = re.compile(r"^[a-z]+:[a-z0-9-]+$")
FAMILIES = {"object", "path", "url", "image", "pubkey"}

ROWS = rows(CORPUS)


def test_enough_rows_and_kinds() -> None:
    assert len(ROWS) >= 200
    kinds = Counter(r["kind"] for r in ROWS)
    assert len(kinds) >= 20
    families = Counter(r["kind"].split(":")[0] for r in ROWS)
    assert families["pubkey"] >= 30
    assert families["object"] >= 10
    assert families["path"] >= 50


def test_lines_have_sorted_keys() -> None:
    assert unsorted_lines(CORPUS) == []


def test_ids_are_sequential() -> None:
    assert [r["id"] for r in ROWS] == [f"tp{i:04d}" for i in range(1, len(ROWS) + 1)]


def test_prefix_is_ours_alone() -> None:
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                if isinstance(row, dict):
                    assert not str(row.get("id", "")).startswith("tp"), path.name


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row_shape(row: dict) -> None:
    assert set(row) == KEYS
    assert row["split"] == "pathneg"
    assert KIND.match(row["kind"]) and row["kind"].split(":")[0] in FAMILIES
    text = row["text"]
    assert isinstance(text, str) and text.strip()
    assert "\n" not in text and "\r" not in text
    assert text == text.strip()
    assert len(text) <= 300
    source = row["source"]
    assert BLOB.match(source) or THREAD.match(source), source


def test_no_private_key_material() -> None:
    for row in ROWS:
        assert "-----BEGIN" not in row["text"]
        assert "PRIVATE KEY" not in row["text"]


def test_no_signed_urls() -> None:
    for row in ROWS:
        assert not re.search(r"(?i)x-amz-signature|[?&](sig|signature|se|sv|token)=", row["text"])


def test_at_most_twenty_per_kind() -> None:
    assert max(Counter(r["kind"] for r in ROWS).values()) <= 20


def test_no_repeats() -> None:
    texts = [r["text"] for r in ROWS]
    assert len(texts) == len(set(texts))


def test_nothing_shared_with_other_negatives() -> None:
    ours = {r["text"] for r in ROWS}
    for path in sorted(PUBLIC.glob("*negatives*.jsonl")):
        if path.name == CORPUS.name:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        theirs = {json.loads(line)["text"] for line in lines if line.strip()}
        assert not ours & theirs, path.name


def test_nothing_shared_with_secret_values() -> None:
    ours = {r["text"] for r in ROWS}
    for path in sorted(PUBLIC.glob("*secrets*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        values = {json.loads(line).get("value") for line in lines if line.strip()}
        assert not ours & values, path.name


def test_sources_per_blob_are_pinned_to_one_commit_per_repo() -> None:
    commits = commits_per_repository([row["source"] for row in ROWS])
    assert commits
    assert all(len(c) == 1 for c in commits.values()), commits
