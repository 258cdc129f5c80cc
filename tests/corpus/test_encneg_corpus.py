"""Well-formedness of the `encneg` split (bench/redact_corpus/public/encneg_negatives.jsonl).

Harmless lines and short chunks that look random, taken from real public files: public
keys, fingerprints and signatures (PGP, minisign, DNSSEC, DKIM, SAML, JWKS, WireGuard,
age, SSH), encoded non-secrets (DNS stamps, SRI and lock-file hashes, data URIs, base64
file content, protobuf descriptors), content hashes and public ids (git, OCI, ARNs, ULIDs,
KSUIDs, onion and chain addresses). Every one is a negative, labelled by a helper who read
no engine code (``encneg_taken.py`` says what was read and left out). These tests check the
file's shape only; they run no redaction.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from tests.corpus.negatives_sets import KEYS, PUBLIC, blob, rows, unsorted_lines

CORPUS = PUBLIC / "encneg_negatives.jsonl"
BLOB = blob(r"#L\d+(?:-L\d+)?")
KIND = re.compile(r"^(?:pubkey|encoded|hash|id):[a-z0-9-]+$")
ROWS = rows(CORPUS)


def test_enough_rows_kinds_and_families() -> None:
    assert len(ROWS) >= 400
    kinds = Counter(r["kind"] for r in ROWS)
    assert len(kinds) >= 50 and max(kinds.values()) <= 20
    families = Counter(r["kind"].split(":")[0] for r in ROWS)
    assert min(families[f] for f in ("pubkey", "encoded", "hash", "id")) >= 30


def test_rows_are_whole_cited_and_unique() -> None:
    assert unsorted_lines(CORPUS) == []
    assert [r["id"] for r in ROWS] == [f"nc{i:04d}" for i in range(1, len(ROWS) + 1)]
    assert len({r["text"] for r in ROWS}) == len(ROWS)
    for row in ROWS:
        assert set(row) == KEYS and row["split"] == "encneg", row["id"]
        assert KIND.fullmatch(row["kind"]) and BLOB.fullmatch(row["source"]), row["id"]
        assert 1 <= len(row["text"].splitlines()) <= 8, row["id"]
        assert "PRIVATE KEY" not in row["text"], row["id"]


def test_prefix_is_ours_alone_and_no_labelled_value_is_held() -> None:
    values = set()
    for path in sorted(PUBLIC.glob("*.jsonl")):
        if path.name == CORPUS.name:
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line) if line.strip() else None
            if isinstance(row, dict):
                assert not str(row.get("id", "")).startswith("nc"), (path.name, row["id"])
                if "_secrets" in path.name or path.name == "secrets.jsonl":
                    values.add(row["value"])
    values = {v for v in values if len(v) >= 8}
    assert not [r["id"] for r in ROWS if any(v in r["text"] for v in values)]
