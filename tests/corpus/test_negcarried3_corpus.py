"""Shape of the `negcarried3` split (public/negcarried3_negatives.jsonl).

The third holdout of the `negcarried` kind: harmless random-looking values (tool-made folder
names, object keys and artifact URLs, public certificate and key material, lock-file checksums,
request and trace ids, plain encodings, hash test vectors), each copied from a pinned public
file or thread and carried by five hand-written texts of a bug-fixing session. Every row is a
negative; ``negcarried3_taken.py`` records the sources, the labelling rule and what was left
out. These tests only check the committed file's form: no redactor runs, no network is used.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from bench.redact_corpus.public import negcarried3
from bench.redact_corpus.public.negcarried3_taken import DROPPED_BY_HAND
from bench.redact_corpus.public.negcarried3_taken import ROWS as TABLE
from tests.corpus.negatives_sets import PUBLIC, THREAD, blob, rows, unsorted_lines

CORPUS = PUBLIC / "negcarried3_negatives.jsonl"
BLOB = blob(r"#L\d+")
KIND = re.compile(r"^(path|object|pubkey|hash|id|encoded|vector):[a-z0-9]+(?:-[a-z0-9]+)*$")
KEYS = {"carrier", "id", "kind", "source", "split", "text", "value"}
CARRIERS = ("command", "output", "patch", "snapshot", "thought")
CLASSES = {"path", "object", "pubkey", "hash", "id", "encoded", "vector"}
COMPLAINED = {"path", "object", "pubkey"}
SIBLING_TABLES = ("negcarried_rows.json", "negcarried2_rows.json")
REPO = re.compile(r"^https://github\.com/([^/]+/[^/]+)/")
ROWS = rows(CORPUS)


def test_file_is_what_the_table_renders() -> None:
    assert CORPUS.read_text(encoding="utf-8") == negcarried3.render([dict(r) for r in TABLE])
    assert unsorted_lines(CORPUS) == []


def test_five_carriers_per_value_in_order() -> None:
    by_value: dict[str, list[str]] = {}
    for row in ROWS:
        by_value.setdefault(row["value"], []).append(row["carrier"])
    assert len(by_value) == len(TABLE)
    assert all(carriers == list(CARRIERS) for carriers in by_value.values())
    assert len(ROWS) == len(CARRIERS) * len(TABLE)


def test_texts_hold_the_value_and_keep_their_shape() -> None:
    for row in ROWS:
        assert set(row) == KEYS and row["split"] == "negcarried3", row["id"]
        text = row["text"]
        lines = text.split("\n")
        assert row["value"] in text, row["id"]
        assert all(line == line.rstrip() for line in lines), row["id"]
        assert "\r" not in text and "PRIVATE KEY" not in text, row["id"]
        if row["carrier"] in ("command", "thought"):
            assert len(lines) == 1, row["id"]
        if row["carrier"] == "output":
            assert 2 <= len(lines) <= 8, row["id"]
        if row["carrier"] == "snapshot":
            assert 3 <= len(lines) <= 15, row["id"]
        if row["carrier"] == "patch":
            assert lines[0].startswith("--- a/") and lines[1].startswith("+++ b/"), row["id"]
            assert lines[2].startswith("@@ -"), row["id"]
            assert negcarried3.hunk_problems(lines) == [], row["id"]
            assert any(line.startswith("+") and row["value"] in line for line in lines[3:])


def test_kinds_classes_and_balance() -> None:
    kinds = Counter(r["kind"] for r in TABLE)
    assert 100 <= len(TABLE) <= 120
    assert len(kinds) >= 30 and max(kinds.values()) <= 6
    assert all(KIND.fullmatch(k) for k in kinds)
    classes = Counter(k.split(":")[0] for k in kinds.elements())
    assert set(classes) == CLASSES
    assert min(classes.values()) >= 12
    complained = sum(n for c, n in classes.items() if c in COMPLAINED)
    assert 0.4 <= complained / len(TABLE) <= 0.6
    assert len({r["value"] for r in TABLE}) == len(TABLE)


def test_ids_use_the_nv_prefix_alone() -> None:
    assert [r["id"] for r in ROWS] == [f"nv{i:04d}" for i in range(1, len(ROWS) + 1)]
    order = [(r["kind"], r["source"], r["value"], CARRIERS.index(r["carrier"])) for r in ROWS]
    assert order == sorted(order)
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else None
            if isinstance(row, dict):
                assert not str(row.get("id", "")).startswith("nv"), (path.name, row["id"])


def test_values_are_new_to_every_other_file() -> None:
    values = {r["value"] for r in TABLE}
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        text = path.read_text(encoding="utf-8")
        assert not [v for v in values if json.dumps(v)[1:-1] in text], path.name


def test_repositories_differ_from_the_siblings() -> None:
    sibling_repos = set()
    for name in SIBLING_TABLES:
        for row in json.loads((PUBLIC / name).read_text(encoding="utf-8")):
            sibling_repos.add(REPO.match(row["source"]).group(1))
    ours = {REPO.match(r["source"]).group(1) for r in TABLE}
    assert not ours & sibling_repos


def test_sources_are_pinned_lines_or_threads() -> None:
    for row in ROWS:
        assert BLOB.fullmatch(row["source"]) or THREAD.fullmatch(row["source"]), row["id"]


def test_dropped_notes_say_why() -> None:
    assert DROPPED_BY_HAND
    assert all(what.strip() and why.strip() for what, why in DROPPED_BY_HAND)
