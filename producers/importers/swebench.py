"""SWE-bench task records: reading them, and what they add to an imported trace.

A records file holds the dataset's own rows as one JSON object, a JSON list, or JSONL (one
object a line). ``FAIL_TO_PASS`` / ``PASS_TO_PASS`` come either as lists or, as the published
dataset stores them, as JSON-encoded strings of lists; both are accepted.

The record fixes the trace's repository (``repo`` at ``base_commit``), its task id, its bug
report (the problem statement) and its evaluation spec. The test patch and the gold patch
travel as blobs named in the spec, never as events: the agent did not see them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from producers.importers.base import (
    ImportedTrace,
    ImportFormatError,
    json_rows,
    validation_message,
)
from schemas.models import BugReport, EvalSpec, Repo

#: The ``dataset`` the evaluation spec names.
DATASET = "SWE-bench"


class TaskRecord(BaseModel):
    """One SWE-bench task record (extra dataset fields are kept but not used)."""

    model_config = ConfigDict(extra="allow", populate_by_name=True)

    instance_id: str = Field(min_length=1)
    repo: str = Field(min_length=3, pattern=r"^[^/\s]+/[^/\s]+$")
    base_commit: str = Field(min_length=7)
    test_patch: str = Field(min_length=1)
    fail_to_pass: list[str] = Field(alias="FAIL_TO_PASS")
    pass_to_pass: list[str] = Field(default_factory=list, alias="PASS_TO_PASS")
    problem_statement: str | None = None
    patch: str | None = None
    version: str | None = None
    environment_setup_commit: str | None = None

    @field_validator("fail_to_pass", "pass_to_pass", mode="before")
    @classmethod
    def _decode_list(cls, value: Any) -> Any:
        """The published dataset stores these lists as JSON-encoded strings."""
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                raise ValueError("must be a list or a JSON-encoded list of test ids") from None
        return value

    @field_validator("version", mode="before")
    @classmethod
    def _version_text(cls, value: Any) -> Any:
        """Some copies store ``version`` as a number (``2.2``); it is a label."""
        return str(value) if isinstance(value, int | float) else value

    def digest(self) -> str:
        """A hash of the fields that grade the instance (part of an import's identity)."""
        graded = {
            "instance_id": self.instance_id,
            "repo": self.repo,
            "base_commit": self.base_commit,
            "test_patch": self.test_patch,
            "fail_to_pass": self.fail_to_pass,
            "pass_to_pass": self.pass_to_pass,
        }
        return hashlib.sha256(json.dumps(graded, sort_keys=True).encode()).hexdigest()


def _rows(path: Path, text: str) -> list[tuple[str, Any]]:
    """``(where, row)`` pairs of a JSON object, a JSON list or JSONL document."""
    if not text.strip():
        raise ImportFormatError(f"{path}: empty records file")
    rows = []
    for kind, n, value in json_rows(text):
        if isinstance(value, json.JSONDecodeError):
            raise ImportFormatError(
                f"{path}: line {n}: not JSON ({value.msg}); expected a JSON object, a JSON list "
                "or JSONL of SWE-bench records"
            )
        rows.append(("the object" if kind == "object" else f"{kind} {n}", value))
    return rows


def load_records(path: Path) -> dict[str, TaskRecord]:
    """The records of ``path`` by instance id; :class:`ImportFormatError` names the bad row."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFormatError(f"{path}: cannot read records: {exc}") from None
    out: dict[str, TaskRecord] = {}
    for where, row in _rows(path, text):
        if not isinstance(row, dict):
            raise ImportFormatError(f"{path}: {where}: a record must be a JSON object")
        try:
            record = TaskRecord.model_validate(row)
        except ValidationError as exc:
            problem = f"{where} ({row.get('instance_id', '?')}): {validation_message(exc)}"
            raise ImportFormatError(f"{path}: {problem}") from None
        out[record.instance_id] = record
    return out


def apply_record(trace: ImportedTrace, record: TaskRecord, put_blob: Any) -> None:
    """Give ``trace`` the record's repository, task, bug report and evaluation spec.

    ``put_blob(text, content_type) -> blob_id`` stores a patch; a content-addressed store
    makes a re-import store nothing new.
    """
    opened = trace.opened
    opened.repo = Repo(repo_id=record.repo, commit_base=record.base_commit)
    task = opened.task
    task.task_id = record.instance_id
    if record.problem_statement and record.problem_statement.strip():
        text = record.problem_statement.strip()
        task.bug_report = BugReport(title=text.splitlines()[0][:200], description=text)
    task.evaluation = EvalSpec(
        dataset=DATASET,
        instance_id=record.instance_id,
        version=record.version,
        environment_setup_commit=record.environment_setup_commit,
        test_patch_blob_id=put_blob(record.test_patch, "text/x-diff"),
        fail_to_pass=record.fail_to_pass,
        pass_to_pass=record.pass_to_pass,
        gold_patch_blob_id=put_blob(record.patch, "text/x-diff") if record.patch else None,
    )
