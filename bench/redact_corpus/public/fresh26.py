"""Build the ``fresh26`` split: secrets in the public test fixtures, rule tests and
documentation examples of tools no earlier split cites (1Password's shell plugins, Watchman's
signatures, Checkmarx KICS, lego, acme.sh, Brakeman, netbox-docker, Broken Crystals, the
Datadog agent's scrubber, containers/image), and hard negatives read in the same files: a
holdout of the kind an outside tester builds from secret scanners' fixtures.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh26.py

The cases are the hand-read tables of ``fresh26_taken.py`` (its docstring names the sources and
their commits, the labelling rules and what was left out). This script only checks them,
numbers them and writes ``fresh26_secrets.jsonl`` (ids ``rf0001``...) and
``fresh26_negatives.jsonl`` (ids ``rfn0001``...); both are committed, so CI never needs the
network. No id of another file starts with ``rf``.

Checks (any failure stops the build, nothing is dropped silently): every secret has a ``kind``
``<source>:<what>`` and every negative ``<source>-fp:<what>``, ``<source>`` one of ``SOURCES``;
every ``source`` is a file pinned at a commit with its line
(``https://github.com/<owner>/<repo>/blob/<40 hex>/<path>#L<n>``) in one of ``REPOSITORIES``,
and no other ``*.jsonl`` file of this folder cites that repository; a secret's value has
``MIN_LEN`` signs or more and its ``example`` holds it, ``sure`` is a boolean; a negative's text
has 1 to ``MAX_LINES`` lines; no kind has more than ``MAX_PER_KIND`` secrets; no value and no
negative text repeats; no value occurs in any other ``*.jsonl`` file of this folder (in any
string field of any row); no negative text occurs there either, and no negative holds a value
of another split's secrets file (of 6 signs or more) or of this split. File helpers are
``fresh24.py``'s.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fresh24  # noqa: E402
import fresh26_taken  # noqa: E402

SPLIT = "fresh26"
PREFIX = "rf"
MIN_LEN = 8
MAX_LINES = 10
MAX_PER_KIND = 3
SOURCES = (
    "shell-plugins",
    "watchman",
    "kics",
    "lego",
    "acme-sh",
    "brakeman",
    "netbox-docker",
    "brokencrystals",
    "datadog-agent",
    "containers-image",
)
REPOSITORIES = (
    "1Password/shell-plugins",
    "PaperMtn/watchman-signatures",
    "Checkmarx/kics",
    "go-acme/lego",
    "acmesh-official/acme.sh",
    "presidentbeef/brakeman",
    "netbox-community/netbox-docker",
    "NeuraLegion/brokencrystals",
    "DataDog/datadog-agent",
    "containers/image",
)
PINNED = re.compile(r"https://github\.com/(?P<repo>[\w.-]+/[\w.-]+)/blob/[0-9a-f]{40}/[^#\s]+#L\d+")
KIND = re.compile(r"(?P<source>[a-z0-9][a-z0-9.-]*):[a-z0-9][a-z0-9.-]*")
CITED = re.compile(r"github\.com/([\w.-]+/[\w.-]+)")


def cited_elsewhere() -> set[str]:
    """The repositories (lower case) that any ``source`` of another file of this folder names."""
    repos: set[str] = set()
    for path in fresh24.earlier_files(SPLIT):
        for row in fresh24.load(path):
            source = row.get("source")
            if isinstance(source, str):
                repos |= {m.lower() for m in CITED.findall(source)}
    return repos


def _source_problems(row: dict, taken: set[str], fp: bool) -> list[str]:
    problems = []
    where = row["source"]
    match = PINNED.fullmatch(where)
    if not match or match["repo"] not in REPOSITORIES:
        problems.append(f"source {where!r}")
    elif match["repo"].lower() in taken:
        problems.append(f"{where}: a repository an earlier file cites")
    kind = KIND.fullmatch(row["kind"])
    allowed = tuple(s + "-fp" for s in SOURCES) if fp else SOURCES
    if not kind or kind["source"] not in allowed:
        problems.append(f"{where}: kind {row['kind']!r}")
    return problems


def check(secrets: list[dict], negatives: list[dict]) -> list[str]:
    problems: list[str] = []
    joined, earlier_values = fresh24.earlier_texts_and_values(SPLIT)
    taken = cited_elsewhere()
    kinds = Counter(s["kind"] for s in secrets)
    problems += [f"kind {k!r} has {n} secrets" for k, n in kinds.items() if n > MAX_PER_KIND]
    seen = Counter(s["value"] for s in secrets)
    problems += [f"repeated value {v!r}" for v, n in seen.items() if n > 1]
    texts = Counter(n["text"] for n in negatives)
    problems += [f"repeated negative {t[:40]!r}" for t, n in texts.items() if n > 1]

    for s in secrets:
        value, where = s["value"], s["source"]
        if set(s) != {"kind", "source", "value", "example", "sure"}:
            problems.append(f"{where}: secret fields {sorted(s)}")
        problems += _source_problems(s, taken, fp=False)
        if not isinstance(s["sure"], bool):
            problems.append(f"{where}: sure is not a bool")
        if len(value) < MIN_LEN:
            problems.append(f"{where}: value {value!r} shorter than {MIN_LEN}")
        if value not in s["example"]:
            problems.append(f"{where}: example does not hold {value!r}")
        if value in joined:
            problems.append(f"{where}: value {value!r} occurs in an earlier file")

    ours = {s["value"] for s in secrets}
    long_earlier = {v for v in earlier_values if len(v) >= fresh24.MIN_LEN}
    for n in negatives:
        text, where = n["text"], n["source"]
        if set(n) != {"kind", "source", "text"}:
            problems.append(f"{where}: negative fields {sorted(n)}")
        problems += _source_problems(n, taken, fp=True)
        if not text.strip() or len(text.splitlines()) > MAX_LINES:
            problems.append(f"{where}: negative of {len(text.splitlines())} lines")
        if text in joined:
            problems.append(f"{where}: negative {text[:40]!r} occurs in an earlier file")
        held = [v for v in ours | long_earlier if v in text]
        if held:
            problems.append(f"{where}: negative holds labelled value(s) {held}")
    return problems


def build() -> None:
    secrets = [dict(s) for s in fresh26_taken.SECRETS]
    negatives = [dict(n) for n in fresh26_taken.NEGATIVES]
    problems = check(secrets, negatives)
    if problems:
        sys.exit(f"{SPLIT} tables do not pass their checks:\n  " + "\n  ".join(problems))

    for i, row in enumerate(secrets, 1):
        row["id"] = f"{PREFIX}{i:04d}"
        row["split"] = SPLIT
    for i, row in enumerate(negatives, 1):
        row["id"] = f"{PREFIX}n{i:04d}"
        row["split"] = SPLIT
    secrets_out, negatives_out = fresh24.outputs(SPLIT)
    fresh24.write(secrets_out, secrets)
    fresh24.write(negatives_out, negatives)

    repos = Counter(PINNED.fullmatch(r["source"])["repo"] for r in secrets + negatives)
    unsure = sum(not r["sure"] for r in secrets)
    print(f"{len(secrets)} secrets of {len(Counter(r['kind'] for r in secrets))} kinds")
    print(f"  sure: false on {unsure}")
    print(f"{len(negatives)} negatives of {len(Counter(r['kind'] for r in negatives))} kinds")
    lines = len({r["source"] for r in secrets + negatives})
    print(f"{lines} cited lines of {len(repos)} repositories")
    print(f"written to {secrets_out} and {negatives_out}")


if __name__ == "__main__":
    build()
