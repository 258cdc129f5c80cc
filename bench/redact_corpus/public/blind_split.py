"""What every blind split's builder does (``fresh8.py`` to ``fresh11.py``):
look each hand-read case up in its source's mirror at the pinned commit, cite the first line
holding it, filter, number and write the split's two files, and print a report.

A split's script holds only its data: its name, its id letter, its sources (``(name, table
module)``: each table has ``MIRROR``, ``REPO``, ``SECRETS``, ``NEGATIVES``, ``NO_SECRET``
and may pin files to other commits in ``COMMITS`` or write a path ``<path>@<commit>``) and
the earlier splits' files it must not repeat.

The filters (first ``fresh7``'s): a secret stays if it has 8 signs or more and more than four
distinct ones, was in no earlier split, passes the placeholder tests (``build._placeholder``,
``kingfisher.placeholder``, ``fresh6.repeated_run`` unless a JWT), is not in its source's
``NO_SECRET`` table, is not a repeat, and its kind holds fewer than ``PER_KIND`` already. A
negative stays if ``fresh2.vet`` keeps it: no gitleaks rule and no fixed-format ripsecrets
pattern matches it, it holds no labelled value, it was in no earlier split and is no repeat.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import fresh2  # noqa: E402
import fresh6  # noqa: E402
import kingfisher  # noqa: E402
import ripsecrets  # noqa: E402
from carriers import load, write  # noqa: E402

PER_KIND = 3
MIN_LEN = 8
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
        literal writes it (rule files escape their quotes, a Go test its new lines), and
        that line stripped. Else a needle of several lines is found where consecutive lines
        hold its lines (each stripped), and given back as written."""
        lines = self.lines(path)
        forms = (needle, json.dumps(needle, ensure_ascii=False)[1:-1])
        for number, line in enumerate(lines, 1):
            if any(form in line for form in forms):
                return number, line.strip()
        if "\n" in needle:
            parts = [part.strip() for part in needle.split("\n")]
            for start in range(len(lines) - len(parts) + 1):
                if all(part in lines[start + k] for k, part in enumerate(parts)):
                    return start + 1, needle
        raise LookupError(f"{self.name}: {needle[:40]!r} is not in {path}")

    def url(self, path: str, line: int) -> str:
        at, file = self.at(path), self.file(path)
        return f"https://github.com/{self.table.REPO}/blob/{at}/{file}#L{line}"


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


def secrets(
    split: str, mirrors: list[Mirror], earlier: set[str], counts: Counter[str]
) -> list[dict]:
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
                    "split": split,
                    "example": example,
                }
            )
    return rows


def negative_candidates(split: str, mirrors: list[Mirror]) -> list[dict[str, Any]]:
    rows = []
    for mirror in mirrors:
        for path, kind, text in mirror.table.NEGATIVES:
            line, _ = mirror.find(path, text)
            rows.append(
                {"kind": kind, "text": text, "source": mirror.url(path, line), "split": split}
            )
    return rows


def report(
    mirrors: list[Mirror], found: list[dict], negs: list[dict], counts: Counter[str]
) -> None:
    names = [mirror.name for mirror in mirrors]
    for mirror in mirrors:
        print(f"{mirror.name} {mirror.commit}")
        pins = dict(mirror.pins)
        cases = (*mirror.table.SECRETS, *mirror.table.NEGATIVES)
        pins.update({p: mirror.at(p) for p, *_ in cases if _AT.fullmatch(p)})
        for pinned in sorted(set(pins.values())):
            paths = sorted(mirror.file(p) for p, c in pins.items() if c == pinned)
            print(f"  {pinned}: {', '.join(paths)}")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for name in names:
        mine = [r for r in found if r["kind"].startswith(name + ":")]
        print(f"  {name}: {len(mine)} secrets of {len({r['kind'] for r in mine})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for name in names:
        mine = [r for r in negs if r["kind"].startswith(name + "-fp:")]
        print(f"  {name}-fp: {len(mine)} negatives of {len({r['kind'] for r in mine})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


def after(earlier: ModuleType, *splits: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The secrets and negatives files a new split is deduplicated against: an earlier
    builder's (its ``EARLIER_SECRETS``/``EARLIER_NEGATIVES``) and the named splits' own,
    for splits built side by side that share one chain."""
    return (
        (*earlier.EARLIER_SECRETS, *(f"{split}_secrets.jsonl" for split in splits)),
        (*earlier.EARLIER_NEGATIVES, *(f"{split}_negatives.jsonl" for split in splits)),
    )


def build_split(
    split: str,
    letter: str,
    sources: Sequence[tuple[str, ModuleType]],
    earlier_secrets: Sequence[str],
    earlier_negatives: Sequence[str],
) -> None:
    """Build ``split`` from ``sources``, write its two files and print the report."""
    counts: Counter[str] = Counter()
    mirrors = [Mirror(name, table) for name, table in sources]
    earlier = {row["value"] for name in earlier_secrets for row in load(name)}
    found = secrets(split, mirrors, earlier, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"{letter}{i:04d}"

    labelled = {v for v in earlier | {r["value"] for r in found} if len(v) >= MIN_LEN}
    known = {row["text"] for name in earlier_negatives for row in load(name)}
    negs = fresh2.vet(
        negative_candidates(split, mirrors), ripsecrets.judges(), known, labelled, counts, {}
    )
    for i, row in enumerate(negs, 1):
        row["id"] = f"{letter}n{i:04d}"

    write(f"{split}_secrets.jsonl", found)
    write(f"{split}_negatives.jsonl", negs)
    report(mirrors, found, negs, counts)
