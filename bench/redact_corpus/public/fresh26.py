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
    """``fresh24.check`` with this split's own kind and source rule and shortest secret."""
    taken = cited_elsewhere()
    return fresh24.check(
        secrets,
        negatives,
        SPLIT,
        row_problems=lambda row, fp: _source_problems(row, taken, fp),
        min_len=MIN_LEN,
    )


def build() -> None:
    secrets = [dict(s) for s in fresh26_taken.SECRETS]
    negatives = [dict(n) for n in fresh26_taken.NEGATIVES]
    problems = check(secrets, negatives)
    secrets_out, negatives_out = fresh24.write_split(SPLIT, PREFIX, secrets, negatives, problems)

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
