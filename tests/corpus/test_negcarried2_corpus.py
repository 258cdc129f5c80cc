"""Well-formedness of the `negcarried2` split (public/negcarried2_negatives.jsonl).

A holdout of the same kind as `negcarried`, with other values from other sources: harmless
strings that look random (build, cache and temp paths, object URLs and registry paths, public
keys and fingerprints, lock-file and DNSSEC hashes, ids, encoded non-secrets, published test
vectors), each copied from a real public file or thread and carried by five hand-written texts
of a bug-fixing session: a command line, terminal output, a unified diff, a file excerpt and a
private note. Every row is a negative (``negcarried2_taken.py`` says what was read, the
labelling rule and what was left out). These tests check the file's shape only; they run no
redaction and need no network.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from bench.redact_corpus.public import negcarried2
from bench.redact_corpus.public.negcarried2_taken import ROWS as TABLE
from tests.corpus.negatives_sets import PUBLIC, THREAD, blob, rows, unsorted_lines

CORPUS = PUBLIC / "negcarried2_negatives.jsonl"
BLOB = blob(r"#L\d+")
KIND = re.compile(r"^(path|object|pubkey|hash|id|encoded|vector):[a-z0-9]+(?:-[a-z0-9]+)*$")
KEYS = {"carrier", "id", "kind", "source", "split", "text", "value"}
CARRIERS = ("command", "output", "patch", "snapshot", "thought")
CLASSES = {"path", "object", "pubkey", "hash", "id", "encoded", "vector"}
ROWS = rows(CORPUS)


def test_rebuilds_byte_identical_from_the_table() -> None:
    assert CORPUS.read_text(encoding="utf-8") == negcarried2.render([dict(r) for r in TABLE])
    assert unsorted_lines(CORPUS) == []


def test_every_value_has_the_five_carriers_in_order() -> None:
    by_value: dict[str, list[str]] = {}
    for row in ROWS:
        by_value.setdefault(row["value"], []).append(row["carrier"])
    assert len(by_value) == len(TABLE)
    assert all(carriers == list(CARRIERS) for carriers in by_value.values())
    assert len(ROWS) == len(CARRIERS) * len(TABLE)


def test_value_is_in_each_text_and_texts_are_clean() -> None:
    for row in ROWS:
        assert set(row) == KEYS and row["split"] == "negcarried2", row["id"]
        text = row["text"]
        assert row["value"] in text, row["id"]
        assert all(line == line.rstrip() for line in text.split("\n")), row["id"]
        assert "\r" not in text and "PRIVATE KEY" not in text, row["id"]
        if row["carrier"] in ("command", "thought"):
            assert "\n" not in text, row["id"]
        if row["carrier"] == "patch":
            head = text.split("\n")[:3]
            assert head[0].startswith("--- a/") and head[1].startswith("+++ b/"), row["id"]
            assert head[2].startswith("@@ -"), row["id"]
            assert negcarried2.hunk_problems(text.split("\n")) == [], row["id"]


def test_kinds_classes_and_limits() -> None:
    kinds = Counter(r["kind"] for r in TABLE)
    assert 100 <= len(TABLE) <= 120
    assert len(kinds) >= 30 and max(kinds.values()) <= 6
    assert all(KIND.fullmatch(k) for k in kinds)
    classes = Counter(k.split(":")[0] for k in kinds.elements())
    assert set(classes) == CLASSES
    assert min(classes.values()) >= 12
    assert len({r["value"] for r in TABLE}) == len(TABLE)


def test_ids_are_ours_unique_and_sequential() -> None:
    assert [r["id"] for r in ROWS] == [f"nq{i:04d}" for i in range(1, len(ROWS) + 1)]
    order = [(r["kind"], r["source"], r["value"], CARRIERS.index(r["carrier"])) for r in ROWS]
    assert order == sorted(order)
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else None
            if isinstance(row, dict):
                assert not str(row.get("id", "")).startswith("nq"), (path.name, row["id"])


def test_no_value_is_shared_with_another_file() -> None:
    values = {r["value"] for r in TABLE}
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        text = path.read_text(encoding="utf-8")
        assert not [v for v in values if json.dumps(v)[1:-1] in text], path.name


def test_sources_are_pinned_blob_lines_or_threads() -> None:
    for row in ROWS:
        assert BLOB.fullmatch(row["source"]) or THREAD.fullmatch(row["source"]), row["id"]
