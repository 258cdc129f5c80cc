"""Build the ``fresh5`` split from Trivy's secret scanner test files, Horusec's leaks rules'
samples and GitHub's custom secret scanning patterns' tests (sources no rule here was tuned
on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh5.py

(``fetch github:aquasecurity/trivy``, ``fetch github:ZupIT/horusec``,
``fetch github:advanced-security/secret-scanning-custom-patterns`` and the gitleaks mirror
that ``build.py`` uses bring what it reads.) It writes ``fresh5_secrets.jsonl`` and
``fresh5_negatives.jsonl``; both are committed, so CI never needs the network. How each
source is cut: ``trivy.py``, ``horusec.py``, ``secpatterns.py``.

A negative is kept only when no gitleaks rule and no fixed-format pattern of ripsecrets
matches it, it holds no value labelled a secret anywhere here, and reading it did not find
credential material (``HOLDS_A_CREDENTIAL``).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import fresh2  # noqa: E402
import horusec  # noqa: E402
import ripsecrets  # noqa: E402
import secpatterns  # noqa: E402
import trivy  # noqa: E402
from carriers import load, write  # noqa: E402

EARLIER_SECRETS = (
    "secrets.jsonl",
    "fresh_secrets.jsonl",
    "fresh2_secrets.jsonl",
    "fresh3_secrets.jsonl",
    "fresh4_secrets.jsonl",
)
EARLIER_NEGATIVES = (
    "negatives.jsonl",
    "fresh_negatives.jsonl",
    "fresh2_negatives.jsonl",
    "fresh3_negatives.jsonl",
    "fresh4_negatives.jsonl",
)

HOLDS_A_CREDENTIAL: dict[str, str] = {}
"""Negatives no judge flags that reading found still carry credential material, keyed by
how the text starts."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trivy", type=Path, default=trivy.MIRROR)
    parser.add_argument("--horusec", type=Path, default=horusec.MIRROR)
    parser.add_argument("--secpatterns", type=Path, default=secpatterns.MIRROR)
    parser.add_argument("--gitleaks", type=Path, default=build.GITLEAKS)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    known = {row["value"] for name in EARLIER_SECRETS for row in load(name)}

    data = trivy.Testdata(args.trivy)
    samples = horusec.Samples(args.horusec)
    patterns = secpatterns.Patterns(args.secpatterns)
    found = trivy.secrets(data, known, counts)
    found += horusec.secrets(samples, known | {r["value"] for r in found}, counts)
    found += secpatterns.secrets(patterns, known | {r["value"] for r in found}, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"m{i:04d}"

    labelled = {v for v in known | {r["value"] for r in found} if len(v) >= trivy.MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    candidates = trivy.negative_candidates(data, counts)
    candidates += horusec.negative_candidates(samples, counts)
    candidates += secpatterns.negative_candidates(patterns, counts)
    judges = ripsecrets.judges(args.gitleaks)
    negs = fresh2.vet(candidates, judges, known_neg, labelled, counts, HOLDS_A_CREDENTIAL)
    for i, row in enumerate(negs, 1):
        row["id"] = f"mn{i:04d}"

    write("fresh5_secrets.jsonl", found)
    write("fresh5_negatives.jsonl", negs)
    print(f"trivy {data.sha}, horusec {samples.sha}, secpatterns {patterns.sha}")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for source in ("trivy", "horusec", "secpatterns"):
        rows = [r for r in found if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows)} secrets of {len({r['kind'] for r in rows})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for source in ("trivy-fp", "horusec-fp", "secpatterns-fp"):
        rows = [r for r in negs if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows)} negatives of {len({r['kind'] for r in rows})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
