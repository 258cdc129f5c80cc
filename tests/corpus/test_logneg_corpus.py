"""Well-formedness of the `logneg` split (bench/redact_corpus/public/logneg_negatives.jsonl).

Chunks of real terminal output and logs (2 to 30 lines), taken verbatim from public test
fixtures, docs and issue threads, that hold no secret. Every one is a negative. These tests
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

CORPUS = PUBLIC / "logneg_negatives.jsonl"
OTHERS = ("realneg_negatives.jsonl", "vectors_negatives.jsonl")
BLOB = blob(r"#L(\d+)-L(\d+)")
KIND = re.compile(r"^log:[a-z0-9]+(-[a-z0-9]+)*$")

ROWS = rows(CORPUS)


def test_enough_rows_and_kinds() -> None:
    assert len(ROWS) >= 300
    assert len({r["kind"] for r in ROWS}) >= 25


def test_lines_have_sorted_keys() -> None:
    assert unsorted_lines(CORPUS) == []


def test_ids_are_sequential() -> None:
    assert [r["id"] for r in ROWS] == [f"gl{i:04d}" for i in range(1, len(ROWS) + 1)]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row_shape(row: dict) -> None:
    assert set(row) == KEYS
    assert row["split"] == "logneg"
    assert KIND.match(row["kind"]), row["kind"]
    text = row["text"]
    assert isinstance(text, str)
    lines = text.split("\n")
    assert 2 <= len(lines) <= 30
    assert lines[0].strip() and lines[-1].strip()
    assert all(line == line.rstrip() for line in lines)
    assert all(len(line) <= 300 for line in lines)
    assert "\x1b" not in text
    source = row["source"]
    blob = BLOB.match(source)
    assert blob or THREAD.match(source), source
    if blob:
        start, end = map(int, blob.groups())
        assert end - start + 1 == len(lines), source


def test_no_private_key_material() -> None:
    for row in ROWS:
        assert not re.search(r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY", row["text"])
        assert "-----BEGIN" not in row["text"]
        assert "PRIVATE KEY" not in row["text"]


def test_at_most_twenty_per_kind() -> None:
    assert max(Counter(r["kind"] for r in ROWS).values()) <= 20


def test_no_repeats() -> None:
    texts = [r["text"] for r in ROWS]
    assert len(texts) == len(set(texts))


@pytest.mark.parametrize("name", OTHERS)
def test_nothing_shared_with_other_negatives(name: str) -> None:
    ours = {r["text"] for r in ROWS}
    lines = (PUBLIC / name).read_text(encoding="utf-8").splitlines()
    theirs = {json.loads(line)["text"] for line in lines}
    assert not ours & theirs, name


def test_sources_per_blob_are_pinned_to_one_commit_per_repo() -> None:
    commits = commits_per_repository([row["source"] for row in ROWS])
    assert commits
    assert all(len(c) == 1 for c in commits.values()), commits


def test_both_kinds_of_source() -> None:
    blobs = sum(bool(BLOB.match(r["source"])) for r in ROWS)
    threads = sum(bool(THREAD.match(r["source"])) for r in ROWS)
    assert blobs + threads == len(ROWS)
    assert blobs >= 100 and threads >= 50
