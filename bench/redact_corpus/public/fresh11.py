"""Build the ``fresh11`` split from OWASP WrongSecrets' challenges, TruffleHog's test_keys
and CI/CD Goat's planted credentials (three sources no rule here was tuned on, nor any
earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh11.py

(``fetch github:OWASP/wrongsecrets``, ``fetch github:trufflesecurity/test_keys``,
``fetch github:cider-security-research/cicd-goat`` and the gitleaks and ripsecrets mirrors
the negatives' judges read bring what it reads; each mirror's ``HEAD`` is the commit its
cases cite, but for a file a table writes ``<path>@<commit>``: test_keys' first ``keys``,
removed from ``HEAD``.) It writes ``fresh11_secrets.jsonl`` and ``fresh11_negatives.jsonl``;
both are committed, so CI never needs the network. The cases are tables read by hand
(``wrongsecrets_cases.py``, ``testkeys.py``, ``cicdgoat.py``); this script looks each one up
in its file at the pinned commit (a table that no longer matches its source stops the
build), cites the first line holding it and filters. A case of several lines (a private
key's header and first line of key material, a YAML block) is looked up as consecutive
lines. Every source held something usable; none was skipped.

The filters are ``fresh9``'s (``fresh9.why_dropped``), as in ``fresh10``. A secret stays if
it has 8 signs or more and more than four distinct ones, was in no earlier split (``fresh10``
included), passes the placeholder tests (``build._placeholder``, ``kingfisher.placeholder``,
``fresh6.repeated_run`` unless a JWT), is not in its source's ``NO_SECRET`` table (CTF flags,
sentences and words naming the value, user names, placeholders), is not a repeat, and its
kind holds fewer than ``PER_KIND`` already. A negative stays if ``fresh2.vet`` keeps it: no
gitleaks rule and no fixed-format ripsecrets pattern matches it, it holds no labelled value,
it was in no earlier split and is no repeat.
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
import cicdgoat  # noqa: E402
import fresh2  # noqa: E402
import fresh9  # noqa: E402
import fresh10  # noqa: E402
import ripsecrets  # noqa: E402
import testkeys  # noqa: E402
import wrongsecrets_cases  # noqa: E402
from carriers import load, write  # noqa: E402

SPLIT = "fresh11"
LETTER = "y"
PER_KIND = 3
MIN_LEN = fresh9.MIN_LEN
SOURCES: tuple[tuple[str, ModuleType], ...] = (
    ("wrongsecrets", wrongsecrets_cases),
    ("test-keys", testkeys),
    ("cicd-goat", cicdgoat),
)
EARLIER_SECRETS = (*fresh10.EARLIER_SECRETS, "fresh10_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh10.EARLIER_NEGATIVES, "fresh10_negatives.jsonl")
_AT = re.compile(r"(?P<path>.+)@(?P<commit>[0-9a-f]{40})")


class Mirror:
    """A source's fetched mirror, read at its ``HEAD``: the commit every case cites, but
    for the files its table pins to another commit (``COMMITS``, path to commit) and the
    paths it writes ``<path>@<commit>`` (one file read at two commits)."""

    def __init__(self, name: str, table: ModuleType) -> None:
        self.name = name
        self.table = table
        self.commit = self._git("rev-parse", "HEAD").strip()
        self.pins: dict[str, str] = dict(getattr(table, "COMMITS", {}))
        self._lines: dict[str, list[str]] = {}

    def _git(self, *args: str) -> str:
        cmd = ["git", "-C", str(self.table.MIRROR), *args]
        return subprocess.check_output(cmd, text=True)

    def at(self, path: str) -> str:
        pinned = _AT.fullmatch(path)
        return pinned["commit"] if pinned else self.pins.get(path, self.commit)

    @staticmethod
    def file(path: str) -> str:
        pinned = _AT.fullmatch(path)
        return pinned["path"] if pinned else path

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            shown = self._git("show", f"{self.at(path)}:{self.file(path)}")
            self._lines[path] = shown.splitlines()
        return self._lines[path]

    def find(self, path: str, needle: str) -> tuple[int, str]:
        """The first line (1-based) holding ``needle`` as written, or as a JSON string
        literal writes it (rule files escape their quotes), and that line stripped. A
        needle of several lines is found where consecutive lines hold its lines (each
        stripped), and given back as written."""
        lines = self.lines(path)
        if "\n" in needle:
            parts = [part.strip() for part in needle.split("\n")]
            for start in range(len(lines) - len(parts) + 1):
                if all(part in lines[start + k] for k, part in enumerate(parts)):
                    return start + 1, needle
            raise LookupError(f"{self.name}: {needle[:40]!r} is not in {path}")
        forms = (needle, json.dumps(needle, ensure_ascii=False)[1:-1])
        for number, line in enumerate(lines, 1):
            if any(form in line for form in forms):
                return number, line.strip()
        raise LookupError(f"{self.name}: {needle[:40]!r} is not in {path}")

    def url(self, path: str, line: int) -> str:
        at, file = self.at(path), self.file(path)
        return f"https://github.com/{self.table.REPO}/blob/{at}/{file}#L{line}"


def secrets(mirrors: list[Mirror], earlier: set[str], counts: Counter[str]) -> list[dict]:
    rows: list[dict[str, Any]] = []
    seen: set[str] = set()
    per_kind: Counter[str] = Counter()
    for mirror in mirrors:
        for path, kind, value, anchor in mirror.table.SECRETS:
            line, example = mirror.find(path, anchor or value)
            if value not in example:  # found escaped (a JSON rule file): show it unescaped
                example = anchor or value
            reason = fresh9.why_dropped(value, seen, earlier, mirror.table.NO_SECRET)
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
        pins = dict(mirror.pins)
        cases = (*mirror.table.SECRETS, *mirror.table.NEGATIVES)
        pins.update({p: mirror.at(p) for p, *_ in cases if _AT.fullmatch(p)})
        for pinned in sorted(set(pins.values())):
            paths = sorted(mirror.file(p) for p, c in pins.items() if c == pinned)
            print(f"  {pinned}: {', '.join(paths)}")
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
