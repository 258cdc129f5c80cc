"""SWE-bench predictions (the harness's own input) → fixtrace traces, one per prediction.

A predictions file is what ``swebench.harness.run_evaluation --predictions_path`` reads: JSONL
(one prediction a line) or JSON — a list of predictions, or an object mapping instance ids to
predictions (SWE-agent's ``preds.json``). A prediction is ``instance_id``, ``model_patch`` (the
submitted diff) and ``model_name_or_path``; other fields (``exit_status``, costs) are kept out.

A prediction is only a patch: nobody recorded how it was made. Its trace therefore has no agent
steps, only the final patch (a ``pr_metadata`` event and the final state, where QA finds it),
and says so with the label ``no-trajectory``: the judge scores the patch and the held-out
tests' verdict, never a process it did not see. The task record (``--instances``) gives the
repository, base commit, problem statement and evaluation spec, as for every importer.

The harness grades an empty ``model_patch`` (``""`` or null) as an *empty patch* without
running it; such a prediction is imported all the same, with a note, and QA grades it
unresolved (``no_final_patch``). When a file names an instance twice the harness keeps the
last prediction; so does this importer (the earlier one is skipped and said so).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from producers.importers.base import (
    ImportedTrace,
    ImportFormatError,
    json_rows,
    validation_message,
)
from schemas.models import Developer, Repo, Task, TraceOpened

FORMAT = "predictions"
NO_TRAJECTORY = "no-trajectory"
"""Label of a trace that holds a submitted patch and no recorded steps."""
EMPTY_PATCH_NOTE = "empty model_patch: graded unresolved (the harness's empty patch)"


class Prediction(BaseModel):
    """One prediction as the harness reads it (unknown fields are allowed and ignored)."""

    model_config = ConfigDict(extra="allow", protected_namespaces=())

    instance_id: str = Field(min_length=1)
    model_patch: str | None = None
    model_name_or_path: str | None = None

    def identity(self) -> bytes:
        """What makes two predictions the same submission, whatever file or layout held it."""
        fields = {
            "instance_id": self.instance_id,
            "model_name_or_path": self.model_name_or_path,
            "model_patch": self.model_patch,
        }
        return json.dumps(fields, sort_keys=True).encode()


def iter_predictions(path: Path) -> Iterator[tuple[str, Any]]:
    """``(where, raw prediction)`` of a JSON list / object or JSONL file, in file order.

    A JSONL line that is not JSON is yielded as its error text (a ``str``) so that one bad
    line fails alone; an unreadable file or an empty one raises :class:`ImportFormatError`.
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ImportFormatError(f"{path}: cannot read: {exc}") from None
    if not text.strip():
        raise ImportFormatError(f"{path}: no predictions")
    for kind, n, value in json_rows(text):
        if kind == "item":
            yield f"{path}: item {n}", value
        elif kind == "object" and "instance_id" in value:  # a single prediction
            yield f"{path}: the object", value
        elif kind == "object":  # {instance_id: prediction}, SWE-agent's preds.json
            yield from ((f"{path}: key {key!r}", row) for key, row in value.items())
        elif isinstance(value, json.JSONDecodeError):
            yield f"{path}:{n}", f"not JSON ({value.msg}); expected one prediction a line"
        else:
            yield f"{path}:{n}", value


def parse_prediction(raw: Any, where: str) -> ImportedTrace:
    """One prediction as a trace; :class:`ImportFormatError` names what is wrong."""
    if isinstance(raw, str):
        raise ImportFormatError(f"{where}: {raw}")
    if not isinstance(raw, dict):
        raise ImportFormatError(f"{where}: a prediction must be a JSON object with 'instance_id'")
    try:
        pred = Prediction.model_validate(raw)
    except ValidationError as exc:
        raise ImportFormatError(f"{where}: {validation_message(exc)}") from None
    model = pred.model_name_or_path or "unknown-model"
    opened = TraceOpened(
        repo=Repo(repo_id=pred.instance_id, commit_base="unknown"),
        task=Task(
            task_id=pred.instance_id,
            labels=[f"import:{FORMAT}", NO_TRAJECTORY, f"model:{model}"],
        ),
        developer=Developer(developer_id=model),
    )
    patch = pred.model_patch if pred.model_patch and pred.model_patch.strip() else None
    return ImportedTrace(
        opened=opened,
        final_patch=patch,
        pr_title=f"{model} prediction for {pred.instance_id}",
        fmt=FORMAT,
        instance_id=pred.instance_id,
        content_sha256=hashlib.sha256(pred.identity()).hexdigest(),
        notes=[] if patch else [EMPTY_PATCH_NOTE],
    )


def parse(path: Path) -> ImportedTrace:
    """The first prediction of a file (the registry's one-file form)."""
    for where, raw in iter_predictions(path):
        return parse_prediction(raw, where)
    raise ImportFormatError(f"{path}: no predictions")
