"""Build the ``fresh2`` split from Kingfisher's rule examples and secretlint's rule snapshots
(two sources no rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh2.py

(``fetch github:mongodb/kingfisher``, ``fetch github:secretlint/secretlint`` and the
gitleaks mirror that ``build.py`` uses bring what it reads.) It writes
``fresh2_secrets.jsonl`` and ``fresh2_negatives.jsonl``; both are committed, so CI never
needs the network. How each source is cut: ``kingfisher.py`` and ``secretlint.py``.

A negative is kept only when no pattern of Kingfisher, of secretlint (our ``FORMATS``)
or of gitleaks matches it, it holds no value labelled a secret anywhere here, and reading
it did not find credential material (the ``HOLDS_A_CREDENTIAL`` tables).
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import kingfisher  # noqa: E402
import secretlint  # noqa: E402
from carriers import load, write  # noqa: E402

EARLIER_SECRETS = ("secrets.jsonl", "fresh_secrets.jsonl")
EARLIER_NEGATIVES = ("negatives.jsonl", "fresh_negatives.jsonl")
HOLDS_A_CREDENTIAL = kingfisher.HOLDS_A_CREDENTIAL | secretlint.HOLDS_A_CREDENTIAL


def vet(
    candidates: list[dict[str, Any]],
    judges: dict[str, list[re.Pattern[str]]],
    known: set[str],
    labelled: set[str],
    counts: Counter[str],
    holds: dict[str, str] | None = None,
) -> list[dict[str, Any]]:
    """The candidates no judge's pattern matches and that carry no credential we know of
    (``holds``: the reading's table, by how the text starts; this split's by default)."""
    holds = HOLDS_A_CREDENTIAL if holds is None else holds
    out = []
    seen: set[str] = set()
    for neg in candidates:
        text = neg["text"]
        if text in known or text in seen:
            counts["negatives dropped: repeated"] += 1
            continue
        judge = next((n for n, rxs in judges.items() if any(r.search(text) for r in rxs)), None)
        if judge:
            counts[f"negatives dropped: a {judge} pattern matches"] += 1
            continue
        if any(value in text for value in labelled):
            counts["negatives dropped: holds a value labelled a secret"] += 1
            continue
        if any(text.lstrip().startswith(start) for start in holds):
            counts["negatives dropped: read as credential material"] += 1
            continue
        seen.add(text)
        out.append(neg)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kingfisher", type=Path, default=kingfisher.MIRROR)
    parser.add_argument("--secretlint", type=Path, default=secretlint.MIRROR)
    parser.add_argument("--gitleaks", type=Path, default=build.GITLEAKS)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    earlier = [row for name in EARLIER_SECRETS for row in load(name)]
    known = {row["value"] for row in earlier}

    rules = kingfisher.Rules(args.kingfisher)
    snaps = secretlint.Snapshots(args.secretlint)
    found = kingfisher.secrets(rules, known, kingfisher.earlier_services(earlier), counts)
    found += secretlint.secrets(snaps, known | {r["value"] for r in found}, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"g{i:04d}"

    judges = {
        "Kingfisher": rules.matchers(),
        "secretlint (FORMATS)": [re.compile(p) for ps in secretlint.FORMATS.values() for p in ps],
        "gitleaks": build.gitleaks_regexes(args.gitleaks),
    }
    labelled = {v for v in known | {r["value"] for r in found} if len(v) >= kingfisher.MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    candidates = kingfisher.negative_candidates(rules)
    candidates += secretlint.negative_candidates(snaps, counts)
    negs = vet(candidates, judges, known_neg, labelled, counts)
    for i, row in enumerate(negs, 1):
        row["id"] = f"gn{i:04d}"

    write("fresh2_secrets.jsonl", found)
    write("fresh2_negatives.jsonl", negs)
    print(f"Kingfisher {rules.sha}: {len(rules.rules)} rules")
    print(f"secretlint {snaps.sha}: {len(snaps.cases)} snapshot cases")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for source in ("kingfisher", "secretlint"):
        rows = [r for r in found if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows)} secrets of {len({r['kind'] for r in rows})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
