"""Well-formedness of the `vectors` split (bench/redact_corpus/public/vectors_negatives.jsonl).

Harmless strings that look like keys, taken from real public files and threads: crypto test
vectors, object-store keys and cache paths, encoded non-secrets. Every one is a negative.
These tests check the file's shape only; they run no redaction.
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

CORPUS = PUBLIC / "vectors_negatives.jsonl"
BLOB = blob(r"#L\d+(?:-L\d+)?")
KIND = re.compile(r"^[a-z]+:[a-z0-9-]+$")
FAMILIES = {"vector", "object", "path", "id", "build", "ci", "encoded"}

ROWS = rows(CORPUS)


def test_enough_rows() -> None:
    assert len(ROWS) >= 250
    families = Counter(r["kind"].split(":")[0] for r in ROWS)
    assert families["vector"] >= 150
    assert families["encoded"] >= 30


def test_lines_have_sorted_keys() -> None:
    assert unsorted_lines(CORPUS) == []


def test_ids_are_sequential() -> None:
    assert [r["id"] for r in ROWS] == [f"vn{i:04d}" for i in range(1, len(ROWS) + 1)]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row_shape(row: dict) -> None:
    assert set(row) == KEYS
    assert row["split"] == "vectors"
    assert KIND.match(row["kind"]) and row["kind"].split(":")[0] in FAMILIES
    text = row["text"]
    assert isinstance(text, str) and text.strip()
    lines = text.split("\n")
    assert 1 <= len(lines) <= 3
    assert all(line == line.strip() and line for line in lines)
    assert all(len(line) <= 300 for line in lines)
    source = row["source"]
    assert BLOB.match(source) or THREAD.match(source), source
    if len(lines) > 1:
        assert BLOB.match(source) and re.search(r"#L(\d+)-L(\d+)$", source)
        start, end = map(int, re.search(r"#L(\d+)-L(\d+)$", source).groups())
        assert end - start + 1 == len(lines)


def test_no_private_key_material() -> None:
    for row in ROWS:
        assert "-----BEGIN" not in row["text"]
        assert "PRIVATE KEY" not in row["text"]
        assert not re.search(r"(?i)302e020100300506032b65(70|6e)", row["text"])


def test_at_most_twenty_per_kind() -> None:
    assert max(Counter(r["kind"] for r in ROWS).values()) <= 20


def test_no_repeats() -> None:
    texts = [r["text"] for r in ROWS]
    assert len(texts) == len(set(texts))


def test_nothing_shared_with_other_negatives() -> None:
    ours = {r["text"] for r in ROWS}
    for path in sorted(PUBLIC.glob("*negatives.jsonl")):
        if path.name == CORPUS.name:
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        theirs = {json.loads(line)["text"] for line in lines}
        assert not ours & theirs, path.name


def test_sources_per_blob_are_pinned_to_one_commit_per_repo() -> None:
    commits = commits_per_repository([row["source"] for row in ROWS])
    assert commits
    assert all(len(c) == 1 for c in commits.values()), commits
