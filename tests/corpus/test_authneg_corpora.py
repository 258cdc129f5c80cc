"""Well-formedness of the sets of harmless texts about credentials (``authneg``, built in the
twenty-first session; ``authneg2``, its blind holdout of other classes and pages, built in
the twenty-second): whole texts with their carrier, each with its page. These tests check
the files' shape only; they run no redaction."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from tests.corpus.negatives_sets import PUBLIC, THREAD, blob, rows

BLOB = blob(r"(?:#L\d+(?:-L\d+)?)?")
PAGE = re.compile(r"^https://[a-z0-9.\-]+\.[a-z]{2,}/\S*$")
KEYS = ["id", "kind", "carrier", "text", "source"]
SETS = {"authneg": ("ra", 120, 10), "authneg2": ("rd", 150, 8)}


@pytest.mark.parametrize("name", list(SETS))
def test_rows_ids_kinds_and_carriers(name: str) -> None:
    prefix, at_least, kinds = SETS[name]
    path = PUBLIC / f"{name}_negatives.jsonl"
    lines = path.read_text(encoding="utf-8").splitlines()
    table = rows(path)
    assert len(table) >= at_least and len(Counter(r["kind"] for r in table)) >= kinds
    assert [list(json.loads(line)) for line in lines] == [KEYS] * len(table)
    assert [r["id"] for r in table] == [f"{prefix}{i:04d}" for i in range(1, len(table) + 1)]
    assert len({r["text"] for r in table}) == len(table)
    for r in table:
        assert r["carrier"] in ("command", "output", "thought") and r["text"].strip()
        assert r["kind"].split(":")[0] == r["carrier"], r["id"]
        assert len(r["text"].splitlines()) <= 16 and "PRIVATE KEY-----" not in r["text"]
        assert BLOB.match(r["source"]) or THREAD.match(r["source"]) or PAGE.match(r["source"])


@pytest.mark.parametrize("name", list(SETS))
def test_the_id_prefix_is_the_sets_own(name: str) -> None:
    prefix = SETS[name][0]
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name != f"{name}_negatives.jsonl":
            ids = [str(r.get("id", "")) for r in rows(path) if isinstance(r, dict)]
            assert not [i for i in ids if i.startswith(prefix)], path.name
