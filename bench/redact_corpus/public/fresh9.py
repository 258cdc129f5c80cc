"""Build the ``fresh9`` split from gosec's, bandit's, eslint-plugin-no-secrets',
find-sec-bugs' and 2ms' tests (five sources no rule here was tuned on, nor any earlier
split taken from; 2ms only for what it does not share with gitleaks).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh9.py

(``fetch github:securego/gosec``, ``fetch github:PyCQA/bandit``,
``fetch github:nickdeis/eslint-plugin-no-secrets``, ``fetch github:find-sec-bugs/find-sec-bugs``,
``fetch github:Checkmarx/2ms`` and the gitleaks and ripsecrets mirrors the negatives' judges
read bring what it reads; each mirror's ``HEAD`` is the commit its cases cite.) It writes
``fresh9_secrets.jsonl`` and ``fresh9_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``gosec_cases.py``,
``bandit_cases.py``, ``nosecrets.py``, ``findsecbugs.py``, ``twoms.py``); this script looks
each one up in its file at the pinned commit (a table that no longer matches its source
stops the build), cites the first line holding it and filters.

deepfence's SecretScanner was read and left out: its one fixture (``test/keys.txt``, which
no test reads) holds AWS's documentation keys and runs of digits in provider shapes
(``sk_live_0123…``, ``…-0123456789abcdefghijKL.apps.googleusercontent.com``), and its docs
show no other value.

The filters are ``fresh8``'s (``fresh7``'s). A secret stays if it has 8 signs or more and
more than four distinct ones, was in no earlier split, passes the placeholder tests
(``build._placeholder``, ``kingfisher.placeholder``, ``fresh6.repeated_run`` unless a JWT),
is not in its source's ``NO_SECRET`` table, is not a repeat, and its kind holds fewer than
``PER_KIND`` already. A negative stays if ``fresh2.vet`` keeps it: no gitleaks rule and no
fixed-format ripsecrets pattern matches it, it holds no labelled value, it was in no earlier
split and is no repeat.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import bandit_cases  # noqa: E402
import build  # noqa: E402
import findsecbugs  # noqa: E402
import fresh2  # noqa: E402
import fresh6  # noqa: E402
import fresh8  # noqa: E402
import gosec_cases  # noqa: E402
import kingfisher  # noqa: E402
import nosecrets  # noqa: E402
import ripsecrets  # noqa: E402
import twoms  # noqa: E402
from carriers import load, write  # noqa: E402

SPLIT = "fresh9"
LETTER = "w"
PER_KIND = 3
MIN_LEN = 8
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("gosec", gosec_cases),
    ("bandit", bandit_cases),
    ("no-secrets", nosecrets),
    ("find-sec-bugs", findsecbugs),
    ("2ms", twoms),
)
EARLIER_SECRETS = (*fresh8.EARLIER_SECRETS, "fresh8_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh8.EARLIER_NEGATIVES, "fresh8_negatives.jsonl")


class Mirror:
    """A source's fetched mirror, read at its ``HEAD``: the commit every case cites."""

    def __init__(self, name: str, table: ModuleType) -> None:
        self.name = name
        self.table = table
        self.commit = self._git("rev-parse", "HEAD").strip()
        self._lines: dict[str, list[str]] = {}

    def _git(self, *args: str) -> str:
        cmd = ["git", "-C", str(self.table.MIRROR), *args]
        return subprocess.check_output(cmd, text=True)

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            self._lines[path] = self._git("show", f"{self.commit}:{path}").splitlines()
        return self._lines[path]

    def find(self, path: str, needle: str) -> tuple[int, str]:
        """The first line (1-based) holding ``needle`` as written, or as a JSON string
        literal writes it (rule files escape their quotes), and that line stripped."""
        forms = (needle, json.dumps(needle, ensure_ascii=False)[1:-1])
        for number, line in enumerate(self.lines(path), 1):
            if any(form in line for form in forms):
                return number, line.strip()
        raise LookupError(f"{self.name}: {needle[:40]!r} is not in {path}")

    def url(self, path: str, line: int) -> str:
        return f"https://github.com/{self.table.REPO}/blob/{self.commit}/{path}#L{line}"


_JWT = re.compile(r"e[wy][\w-]+\.eyJ[\w-]+\.[\w-]+$")
"""A JWT: its claims may repeat a run by nature, so the repeated-run test is not asked."""


def why_dropped(value: str, seen: set[str], earlier: set[str], no_secret: dict[str, str]) -> str:
    """Why a secret is left out, or ``""`` when it stays (the per-kind cap aside)."""
    checks = (
        (value in no_secret, "read as no secret (NO_SECRET)"),
        (value in seen, "repeated"),
        (len(value) < MIN_LEN, f"shorter than {MIN_LEN}"),
        (len(set(value.lower())) <= 4, "four or fewer distinct signs"),
        (value in earlier, "a value of an earlier split"),
        (build._placeholder(value), "placeholder (build.py's test)"),
        (kingfisher.placeholder(value), "placeholder (fresh2's filter)"),
        (fresh6.repeated_run(value) and not _JWT.match(value), "placeholder (a run said twice)"),
    )
    return next((reason for failed, reason in checks if failed), "")


def secrets(mirrors: list[Mirror], earlier: set[str], counts: Counter[str]) -> list[dict]:
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    per_kind: Counter[str] = Counter()
    for mirror in mirrors:
        for path, kind, value, anchor in mirror.table.SECRETS:
            line, example = mirror.find(path, anchor or value)
            if value not in example:  # found escaped (a JSON rule file): show it unescaped
                example = anchor or value
            reason = why_dropped(value, seen, earlier, mirror.table.NO_SECRET)
            if not reason and per_kind[kind] >= PER_KIND:
                reason = f"over {PER_KIND} per kind"
            seen.add(value)
            if reason:
                counts[f"{mirror.name}: secrets dropped: {reason}"] += 1
                continue
            per_kind[kind] += 1
            rows.append(
                {
                    "kind": kind,
                    "value": value,
                    "source": mirror.url(path, line),
                    "split": SPLIT,
                    "example": example,
                }
            )
    return rows


def negative_candidates(mirrors: list[Mirror]) -> list[dict[str, Any]]:
    rows = []
    for mirror in mirrors:
        for path, kind, text in mirror.table.NEGATIVES:
            line, _ = mirror.find(path, text)
            rows.append(
                {"kind": kind, "text": text, "source": mirror.url(path, line), "split": SPLIT}
            )
    return rows


def report(
    mirrors: list[Mirror], found: list[dict], negs: list[dict], counts: Counter[str]
) -> None:
    for mirror in mirrors:
        print(f"{mirror.name} {mirror.commit}")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for name, _ in SOURCES:
        mine = [r for r in found if r["kind"].startswith(name + ":")]
        print(f"  {name}: {len(mine)} secrets of {len({r['kind'] for r in mine})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for name, _ in SOURCES:
        mine = [r for r in negs if r["kind"].startswith(name + "-fp:")]
        print(f"  {name}-fp: {len(mine)} negatives of {len({r['kind'] for r in mine})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


def main() -> None:
    counts: Counter[str] = Counter()
    mirrors = [Mirror(name, table) for name, table in SOURCES]
    earlier = {row["value"] for name in EARLIER_SECRETS for row in load(name)}
    found = secrets(mirrors, earlier, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"{LETTER}{i:04d}"

    labelled = {v for v in earlier | {r["value"] for r in found} if len(v) >= MIN_LEN}
    known = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    negs = fresh2.vet(
        negative_candidates(mirrors), ripsecrets.judges(), known, labelled, counts, {}
    )
    for i, row in enumerate(negs, 1):
        row["id"] = f"{LETTER}n{i:04d}"

    write(f"{SPLIT}_secrets.jsonl", found)
    write(f"{SPLIT}_negatives.jsonl", negs)
    report(mirrors, found, negs, counts)


if __name__ == "__main__":
    main()
