"""Build the ``fresh4`` split from SonarSource's secrets rules' examples, ripsecrets' test
files and Whispers' test fixtures (sources no rule here was tuned on, nor any earlier split
taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh4.py

(``fetch github:SonarSource/sonar-text``, ``fetch github:sirwart/ripsecrets``,
``fetch github:Skyscanner/whispers`` and the gitleaks mirror that ``build.py`` uses bring
what it reads.) It writes ``fresh4_secrets.jsonl`` and ``fresh4_negatives.jsonl``; both are
committed, so CI never needs the network. How each source is cut: ``sonartext.py``,
``ripsecrets.py``, ``whispers.py``.

A negative is kept only when no gitleaks rule and no fixed-format pattern of ripsecrets
matches it, it holds no value labelled a secret anywhere here, and reading it did not find
credential material (``HOLDS_A_CREDENTIAL``). Sonar's own patterns are no judge: its
negative examples are, by the tests' design, texts the pattern reaches and a filter lets
pass.
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
import ripsecrets  # noqa: E402
import sonartext  # noqa: E402
import whispers  # noqa: E402
from carriers import load, write  # noqa: E402

EARLIER_SECRETS = (
    "secrets.jsonl",
    "fresh_secrets.jsonl",
    "fresh2_secrets.jsonl",
    "fresh3_secrets.jsonl",
)
EARLIER_NEGATIVES = (
    "negatives.jsonl",
    "fresh_negatives.jsonl",
    "fresh2_negatives.jsonl",
    "fresh3_negatives.jsonl",
)

HOLDS_A_CREDENTIAL: dict[str, str] = {
    "To add a worker to this swarm": "Docker's documented swarm join token, in full format",
    '"JoinTokens": {': "two swarm join tokens in full format",
    'OPENAI_API_KEY = SecretStr("sk-': "an OpenAI key with its last seven signs masked: the "
    "rest is key material",
    'AWS_SESS_TOK = "IQoJ': "a whole AWS session token, split over a string concatenation",
    "# noncompliant example\n# See https://docs.djangoproject.com": "a Django secret key "
    "(one sign from a labelled one); only the env-default rule lets it pass",
    '{\n  "agent_id": "acme-prod-agent"': "a Docker Hub token whose body starts with `_`: "
    "its format is no reason to think it void",
    "Authorization: Bearer y3_redacted-": "a Yandex OAuth token with `redacted-` in front of "
    "46 signs of a labelled one",
    "Authorization: Bearer t1.P=.redacted-": "a Yandex IAM token with `redacted-` in front of "
    "the rest of its body",
    "const NETWORKS = {\n  '1': 'https://outlook.office.com/webhook/": "a whole Teams "
    "webhook URL of the older outlook.office.com form",
    "const NETWORKS = {\n  '1': 'https://team_name.webhook.office.com/": "a whole Teams "
    "webhook URL (only its host, with `_`, is off)",
    'value="1239825619-KN3hB': "shaped like a Twitter access token (user id, dash, 43 signs)",
}
"""Negatives no judge flags that reading found still carry credential material, keyed by
how the text starts."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sonar", type=Path, default=sonartext.MIRROR)
    parser.add_argument("--ripsecrets", type=Path, default=ripsecrets.MIRROR)
    parser.add_argument("--whispers", type=Path, default=whispers.MIRROR)
    parser.add_argument("--gitleaks", type=Path, default=build.GITLEAKS)
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    known = {row["value"] for name in EARLIER_SECRETS for row in load(name)}

    providers = sonartext.Providers(args.sonar)
    tests = ripsecrets.Tests(args.ripsecrets)
    fixtures = whispers.Fixtures(args.whispers)
    found = sonartext.secrets(providers, known, counts)
    found += ripsecrets.secrets(tests, known | {r["value"] for r in found}, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"k{i:04d}"

    labelled = {v for v in known | {r["value"] for r in found} if len(v) >= sonartext.MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    candidates = sonartext.negative_candidates(providers, counts)
    candidates += ripsecrets.negative_candidates(tests, counts)
    candidates += whispers.negative_candidates(fixtures, counts)
    judges = ripsecrets.judges(args.gitleaks)
    negs = fresh2.vet(candidates, judges, known_neg, labelled, counts, HOLDS_A_CREDENTIAL)
    for i, row in enumerate(negs, 1):
        row["id"] = f"kn{i:04d}"

    write("fresh4_secrets.jsonl", found)
    write("fresh4_negatives.jsonl", negs)
    print(f"sonar-text {providers.sha}: {len(providers.rules)} rules")
    print(f"ripsecrets {tests.sha}, whispers {fixtures.sha}")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for source in ("sonar", "ripsecrets"):
        rows = [r for r in found if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows)} secrets of {len({r['kind'] for r in rows})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for source in ("sonar-fp", "ripsecrets-fp", "whispers-fp"):
        rows = [r for r in negs if r["kind"].startswith(source + ":")]
        print(f"  {source}: {len(rows)} negatives of {len({r['kind'] for r in rows})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
