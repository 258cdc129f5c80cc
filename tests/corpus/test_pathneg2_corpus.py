"""Well-formedness of the `pathneg2` split (bench/redact_corpus/public/pathneg2_negatives.jsonl).

A blind holdout of `pathneg`'s classes, built in the twenty-second session by a helper who
read no engine code, from 140 sources none of this folder's files cited before: object-store
keys and URIs, paths with random-looking or hash-named folders, single lines of public
certificates and public keys, content-addressed names in paths. Every row is a negative.
These tests check the file's shape only; they run no redaction.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from tests.corpus.negatives_sets import KEYS, PUBLIC, THREAD, blob, rows, unsorted_lines

CORPUS = PUBLIC / "pathneg2_negatives.jsonl"
BLOB = blob(r"#L\d+(?:-L\d+)?")
PAGE = re.compile(r"^https://(?:docs\.amazonaws\.cn|rachelevans\.org)/\S+$")
KIND = re.compile(r"^[a-z]+:[a-z0-9.-]+$")
FAMILIES = {"object", "path", "pubkey", "content"}

ROWS = rows(CORPUS)


def test_enough_rows_in_every_class() -> None:
    assert len(ROWS) >= 200
    families = Counter(r["kind"].split(":")[0] for r in ROWS)
    assert set(families) == FAMILIES and min(families.values()) >= 40


def test_lines_have_sorted_keys_and_sequential_ids() -> None:
    assert unsorted_lines(CORPUS) == []
    assert [r["id"] for r in ROWS] == [f"tq{i:04d}" for i in range(1, len(ROWS) + 1)]


def test_no_text_or_id_prefix_of_another_file() -> None:
    others = [p for p in sorted(PUBLIC.glob("*.jsonl")) if p != CORPUS]
    texts = {r.get("text") for p in others for r in rows(p) if isinstance(r, dict)}
    ids = {str(r.get("id", "")) for p in others for r in rows(p) if isinstance(r, dict)}
    assert not texts & {r["text"] for r in ROWS}
    assert not [i for i in ids if i.startswith("tq")]


@pytest.mark.parametrize("row", ROWS, ids=[r["id"] for r in ROWS])
def test_row_shape(row: dict) -> None:
    assert set(row) == KEYS and row["split"] == "pathneg2"
    assert KIND.match(row["kind"]) and row["kind"].split(":")[0] in FAMILIES
    text = row["text"]
    assert text == text.strip() and "\n" not in text and len(text) <= 400
    assert "-----BEGIN" not in text and "PRIVATE KEY" not in text.upper()
    source = row["source"]
    assert BLOB.match(source) or THREAD.match(source) or PAGE.match(source), source
