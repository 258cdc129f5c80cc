"""Build the ``fresh3`` split from Semgrep's secrets rules and their test files (a source no
rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh3.py

(``fetch github:semgrep/semgrep-rules`` and the gitleaks mirror that ``build.py`` uses
bring what it reads.) It writes ``fresh3_secrets.jsonl`` and ``fresh3_negatives.jsonl``;
both are committed, so CI never needs the network. How the source is cut: ``semgrep.py``.

A negative (an ``ok`` line) is kept only when no gitleaks rule matches it, it holds no value
labelled a secret anywhere here, and reading it did not find credential material
(``HOLDS_A_CREDENTIAL``). Semgrep's own regexes are no judge: an ``ok`` line is, by the
test's design, one the rule's regex reaches and its exclusions let pass.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import fresh2  # noqa: E402
import semgrep  # noqa: E402
from carriers import load, write  # noqa: E402

EARLIER_SECRETS = ("secrets.jsonl", "fresh_secrets.jsonl", "fresh2_secrets.jsonl")
EARLIER_NEGATIVES = ("negatives.jsonl", "fresh_negatives.jsonl", "fresh2_negatives.jsonl")

HOLDS_A_CREDENTIAL: dict[str, str] = {
    "AIzaSyBGJlWlxZEnJ2yUape3AjqmNyo5xx": "the flagged Google API key with two signs changed "
    "and padding glued on",
    "PE.ngeVfQFYQlKU0ufo8x5d1A.": "a SendGrid key (labelled in secrets.jsonl) with its prefix "
    "swapped",
    "SG.ngeVfQFYQlKU0ufo8x5d1": "a SendGrid key (labelled in secrets.jsonl) one sign short",
    "SGngeVfQFYQlKU0ufo8x5d1A": "a SendGrid key (labelled in secrets.jsonl) without its dots",
}
"""``ok`` lines no gitleaks rule matches that reading found still carry credential
material, keyed by how the text starts. Near misses whose body is itself a stand-in
(``abcd1234…``, ``AKCxxxx…``, a masked ``username:*****@``) stay: they hold no key."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--semgrep", type=Path, default=semgrep.MIRROR)
    parser.add_argument("--gitleaks", type=Path, default=build.GITLEAKS)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    known = {row["value"] for name in EARLIER_SECRETS for row in load(name)}

    rules = semgrep.Rules(args.semgrep)
    found = semgrep.secrets(rules, known, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"h{i:04d}"

    labelled = {v for v in known | {r["value"] for r in found} if len(v) >= semgrep.MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    candidates = semgrep.negative_candidates(rules, counts)
    judges: dict[str, list[re.Pattern[str]]] = {"gitleaks": build.gitleaks_regexes(args.gitleaks)}
    negs = fresh2.vet(candidates, judges, known_neg, labelled, counts, HOLDS_A_CREDENTIAL)
    for i, row in enumerate(negs, 1):
        row["id"] = f"hn{i:04d}"

    write("fresh3_secrets.jsonl", found)
    write("fresh3_negatives.jsonl", negs)
    print(f"semgrep-rules {rules.sha}: {len(rules.rules)} rules")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
