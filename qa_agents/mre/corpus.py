"""A labelled corpus of bug reports: ``*.md`` reports beside a ``labels.toml``.

Each label names the verdict a careful reader gives the report (GREEN/YELLOW/RED), one
line of reason and the report's source. The bench and the tests read the same folder.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from pydantic import BaseModel, Field

from qa_agents.mre.models import Verdict

LABELS_FILE = "labels.toml"


class LabelledCase(BaseModel):
    """One report of a corpus and what it should get."""

    name: str
    path: Path
    source: str
    library: str
    reported_version: str = ""
    expected: Verdict
    reason: str
    hard_cases: list[str] = Field(default_factory=list)
    truncated: bool = False
    revised: str = ""
    heldout: bool = Field(False, description="Labelled after the tools were built.")
    batch: str = ""
    reason_categories: list[str] = Field(
        default_factory=list,
        description="The label's reason in the validator's categories (any one agrees).",
    )

    def markdown(self) -> str:
        return self.path.read_text(encoding="utf-8")


def load_corpus(folder: Path) -> list[LabelledCase]:
    """Every labelled report of ``folder``; a report without a label is an error."""
    labels = tomllib.loads((folder / LABELS_FILE).read_text(encoding="utf-8"))
    reports = {p.stem: p for p in sorted(folder.glob("*.md"))}
    unlabelled = sorted(set(reports) - set(labels))
    missing = sorted(set(labels) - set(reports))
    if unlabelled or missing:
        raise ValueError(f"corpus mismatch: unlabelled {unlabelled}, missing files {missing}")
    return [
        LabelledCase(name=name, path=reports[name], **fields)
        for name, fields in sorted(labels.items())
    ]
