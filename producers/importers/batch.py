"""Importing many trajectories at once: find them, match task records, publish, account.

Each trajectory ends in one :class:`Outcome` — imported, skipped (already stored, a
duplicate in this run, or no matching task record) or failed (unreadable or malformed) —
so a run directory with one bad file still imports the rest, and the summary says why
each one was left out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Literal

from pydantic import ValidationError

from producers.importers import mini_swe_agent, openhands, predictions, swe_agent
from producers.importers.base import ImportedTrace, ImportFormatError, derive_trace_id
from producers.importers.swebench import TaskRecord

Status = Literal["imported", "skipped", "failed"]


@dataclass
class Item:
    """One trajectory to import: where it is, how to parse it, its default batch name.

    ``skip`` says why the item is left out without being parsed (e.g. a prediction the
    harness would not grade because a later line of the file names the same instance).
    """

    where: str
    load: Callable[[], ImportedTrace]
    batch: str
    skip: str | None = None


@dataclass
class Outcome:
    where: str
    status: Status
    reason: str = ""
    instance_id: str | None = None
    trace_id: str | None = None


@dataclass
class Prepared:
    """A parsed trajectory with its record (if any), its derived trace id and batch label."""

    item: Item
    trace: ImportedTrace
    record: TaskRecord | None
    record_source: str | None


def default_batch(path: Path) -> str:
    """The batch name a path implies: a directory's name, else the file stem.

    OpenHands always names its file ``output.jsonl``, so there the run directory names it.
    """
    path = Path(path)
    if path.is_dir():
        return path.resolve().name
    if path.name == "output.jsonl":
        return path.resolve().parent.name
    return path.name.removesuffix(".json").removesuffix(".traj").removesuffix(".jsonl")


def swe_agent_items(paths: list[Path], batch: str | None) -> Iterator[Item]:
    """``.traj`` files, directories searched recursively (``<run>/<id>/<id>.traj``)."""
    for path in paths:
        name = batch or default_batch(path)
        files = sorted(Path(path).rglob("*.traj")) if Path(path).is_dir() else [Path(path)]
        for file in files:
            yield Item(str(file), lambda f=file: swe_agent.parse(f), name)


def openhands_items(paths: list[Path], batch: str | None) -> Iterator[Item]:
    """Every line of each ``output.jsonl`` (directories: every ``output.jsonl`` below)."""
    for path in paths:
        name = batch or default_batch(path)
        files = sorted(Path(path).rglob("output.jsonl")) if Path(path).is_dir() else [Path(path)]
        for file in files:
            for where, raw in openhands.iter_lines(file):
                yield Item(where, lambda r=raw, w=where: openhands.parse_line(r, w), name)


def mini_swe_agent_items(paths: list[Path], batch: str | None) -> Iterator[Item]:
    """``.traj.json`` files, directories searched recursively (``<run>/<id>/<id>.traj.json``)."""
    for path in paths:
        name = batch or default_batch(path)
        files = sorted(Path(path).rglob("*.traj.json")) if Path(path).is_dir() else [Path(path)]
        for file in files:
            yield Item(str(file), lambda f=file: mini_swe_agent.parse(f), name)


def predictions_items(paths: list[Path], batch: str | None) -> Iterator[Item]:
    """Every prediction of each file; the batch defaults to the prediction's model name.

    The harness names a run by ``model_name_or_path`` (its report is ``<model>.<run>.json``),
    and submissions' files share names (``all_preds.jsonl``), so the model names the batch.
    As in the harness, an instance named twice in one file is graded by its last prediction.
    """
    for path in paths:
        rows = list(predictions.iter_predictions(Path(path)))
        last = {_instance_of(raw): where for where, raw in rows}
        for where, raw in rows:
            model = raw.get("model_name_or_path") if isinstance(raw, dict) else None
            name = batch or (model if isinstance(model, str) and model else default_batch(path))
            iid = _instance_of(raw)
            later = last.get(iid) if iid is not None else where
            skip = None if later == where else f"a later prediction for {iid} ({later})"
            yield Item(where, partial(predictions.parse_prediction, raw, where), name, skip)


def _instance_of(raw: object) -> str | None:
    iid = raw.get("instance_id") if isinstance(raw, dict) else None
    return iid if isinstance(iid, str) else None


ITEMS: dict[str, Callable[[list[Path], str | None], Iterator[Item]]] = {
    "swe-agent": swe_agent_items,
    "openhands": openhands_items,
    "mini-swe-agent": mini_swe_agent_items,
    "predictions": predictions_items,
}


def match_record(
    trace: ImportedTrace, records: dict[str, TaskRecord] | None
) -> tuple[TaskRecord | None, str | None, str | None]:
    """``(record, where it came from, why none)`` for a parsed trajectory.

    With a records file, the trajectory's instance id (or an alias it names) must be in it.
    Without one, a record the output line itself carries is used and said so.
    """
    if records is not None:
        for name in (trace.instance_id, *trace.aliases):
            if name in records:
                return records[name], "records file", None
        return None, None, f"no record for {trace.instance_id!r} in the records file"
    if trace.embedded_record is not None:
        try:
            return TaskRecord.model_validate(trace.embedded_record), "the output line", None
        except ValidationError:
            return None, None, None  # a partial instance: import without an evaluation spec
    return None, None, None


def prepare(
    item: Item, records: dict[str, TaskRecord] | None
) -> tuple[Prepared | None, Outcome | None]:
    """Parse and match one item: a :class:`Prepared`, or the outcome that ends it here."""
    if item.skip is not None:
        return None, Outcome(item.where, "skipped", item.skip)
    try:
        trace = item.load()
    except ImportFormatError as exc:
        return None, Outcome(item.where, "failed", str(exc))
    record, source, missing = match_record(trace, records)
    if missing:
        return None, Outcome(item.where, "skipped", missing, trace.instance_id)
    if record is not None:
        trace.instance_id = record.instance_id
    derive_trace_id(trace, record.digest() if record else None)
    trace.opened.task.labels.append(f"import-batch:{item.batch}")
    return Prepared(item, trace, record, source), None
