"""Facts read off an assembled trace that several stages need (final patch, test commands).

Kept in one place so the test stage and the judge agree on what "the final patch" is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from qa_agents.ports import Blobs, get_text
from schemas.document import StoredEvent, TraceDocument
from schemas.payloads import Commit, PrMetadata, TestRun

_DIFF_GIT = re.compile(r"^diff --git a/(\S+) b/(\S+)", re.M)
_PLUS_FILE = re.compile(r"^\+\+\+ (?:b/)?(\S+)", re.M)


def final_patch_blob_id(doc: TraceDocument) -> str | None:
    """The final patch: the PR diff of the final state, else the last PR/commit event's diff."""
    if doc.final_state.pr and doc.final_state.pr.diff_blob_id:
        return doc.final_state.pr.diff_blob_id
    for event in reversed(doc.events):
        payload = event.payload
        if isinstance(payload, PrMetadata | Commit) and payload.diff_blob_id:
            return payload.diff_blob_id
    return None


def final_patch_text(doc: TraceDocument, blobs: Blobs) -> str | None:
    """The final patch's text, or None when the trace has none."""
    blob_id = final_patch_blob_id(doc)
    return get_text(blobs, blob_id) if blob_id else None


def test_run_events(doc: TraceDocument) -> list[tuple[StoredEvent, TestRun]]:
    """Every ``test_run`` event with its typed payload, in seq order."""
    return [(e, e.payload) for e in doc.events if isinstance(e.payload, TestRun)]


@dataclass
class FilePatch:
    """One file's section of a unified diff."""

    path: str
    text: str
    added: int = 0
    removed: int = 0


@dataclass
class DiffStats:
    files: list[FilePatch] = field(default_factory=list)

    @property
    def added(self) -> int:
        return sum(f.added for f in self.files)

    @property
    def removed(self) -> int:
        return sum(f.removed for f in self.files)

    @property
    def paths(self) -> list[str]:
        return [f.path for f in self.files]


def split_patch(patch: str) -> DiffStats:
    """Split a unified diff into per-file sections with +/- line counts."""
    starts = [m.start() for m in _DIFF_GIT.finditer(patch)]
    if not starts:  # plain `diff -u` output: sections start at '--- '
        starts = [m.start() for m in re.finditer(r"^--- ", patch, re.M)]
    if not starts:
        return DiffStats()
    bounds = [*starts, len(patch)]
    stats = DiffStats()
    for begin, end in zip(bounds, bounds[1:], strict=False):
        text = patch[begin:end]
        m = _DIFF_GIT.match(text)
        plus = _PLUS_FILE.search(text)
        path = m.group(2) if m else (plus.group(1) if plus else "?")
        added = removed = 0
        for line in text.splitlines():
            if line.startswith("+") and not line.startswith("+++"):
                added += 1
            elif line.startswith("-") and not line.startswith("---"):
                removed += 1
        stats.files.append(FilePatch(path=path, text=text, added=added, removed=removed))
    return stats


_TEST_PATH = re.compile(
    r"(^|/)(tests?|testing)/|(^|/)test_[^/]*\.py$|_test\.py$|(^|/)conftest\.py$"
)


def is_test_path(path: str) -> bool:
    """Whether a changed file is test code (SWE-bench splits these off the fix)."""
    return bool(_TEST_PATH.search(path))
