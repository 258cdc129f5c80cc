"""What the negatives-only sets' shape tests share (``vectors``, ``logneg``, ``pathneg``):
where the files are, how a row and its source look, and the readings every set's tests
make of its file. Each set's own bounds stay in its test module."""

from __future__ import annotations

import json
import re
from pathlib import Path

PUBLIC = Path(__file__).resolve().parents[2] / "bench/redact_corpus/public"
KEYS = {"id", "kind", "source", "split", "text"}
_REPO = r"^https://github\.com/[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+"
THREAD = re.compile(_REPO + r"/(issues|pull)/\d+$")
_PINNED = re.compile(r"^https://github\.com/([^/]+/[^/]+)/blob/([0-9a-f]{40})/")


def blob(lines: str) -> re.Pattern[str]:
    """A blob URL pinned to a commit, its line anchor written as ``lines`` (a regex)."""
    return re.compile(_REPO + r"/blob/[0-9a-f]{40}/\S+" + lines + "$")


def rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def unsorted_lines(path: Path) -> list[str]:
    """Lines of ``path`` not written as ``json.dumps(row, sort_keys=True)``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return [line for line in lines if json.dumps(json.loads(line), sort_keys=True) != line]


def commits_per_repository(sources: list[str]) -> dict[str, set[str]]:
    """The commits each repository's blob sources are pinned to."""
    commits: dict[str, set[str]] = {}
    for source in sources:
        if m := _PINNED.match(source):
            commits.setdefault(m.group(1), set()).add(m.group(2))
    return commits
