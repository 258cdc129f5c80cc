"""``fixtrace import <format> PATH...``: import a batch with progress, then account for it.

Progress and the summary go to stderr (rich); ``--json`` prints every outcome on stdout.
A trace the store already holds (same derived id) is skipped when the store can be asked —
through the running stack's gateway, or a ClickHouse server — and re-sent otherwise, which
is harmless: storage deduplicates by the derived trace and event ids. The summary says
which of the two happened.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import asdict, dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from fixtrace_config import Settings
from fixtrace_config.deployment import Deployment, Query
from fixtrace_config.stack_state import running_stack
from producers.blob_upload import BlobStore
from producers.importers.base import ImportedTrace, ImportFormatError, publish
from producers.importers.batch import ITEMS, Item, Outcome, Prepared, prepare
from producers.importers.swebench import TaskRecord, apply_record
from producers.sdk import ProducerConfig, SdkError, TraceProducer


class StoredCheck:
    """Asks the store whether a trace id is already there, when a store can be asked.

    ``query`` is the deployment's SQL route (None: the command runs standalone, or the
    embedded folder has no stack to ask through); ``reason`` says why nothing is asked.
    """

    def __init__(self, query: Query | None, reason: str = "") -> None:
        self.query = query
        self.reason = reason

    def stored(self, trace_id: str) -> bool:
        """True when the store holds ``trace_id``; False when it does not or cannot say."""
        if self.query is None:
            return False
        try:
            _, rows = self.query(
                "SELECT count() FROM traces FINAL WHERE trace_id = {t:String}", {"t": trace_id}
            )
        except Exception as exc:  # noqa: BLE001 - any driver error means "cannot say"
            self.reason, self.query = f"store query failed: {exc}", None
            return False
        return bool(rows and int(rows[0][0]) > 0)


def _open_check(settings: Settings, deployment: Deployment, stack: ExitStack) -> StoredCheck:
    """A :class:`StoredCheck` on the deployment's SQL route, kept open for the batch."""
    if deployment.open_query is None:
        return StoredCheck(None, "no SQL route to the store (run through `fixtrace import`)")
    if running_stack(settings) is None and settings.resolved_clickhouse_dsn.startswith("chdb:"):
        return StoredCheck(None, "no running stack to ask")
    try:
        return StoredCheck(stack.enter_context(deployment.open_query(settings)))
    except Exception as exc:  # noqa: BLE001 - any driver error means "cannot ask"
        return StoredCheck(None, f"store unreachable: {exc}")


def _put(blobs: BlobStore) -> Callable[[str, str], str]:
    return lambda text, ctype: blobs.put(text.encode(), content_type=ctype).blob_id


async def _import_one(prepared: Prepared, producer: TraceProducer, blobs: BlobStore) -> Outcome:
    """Publish one trace; an event the SDK refuses fails this trajectory, not the batch.

    The refused trace's earlier records stay sent: the stream finalizes it as incomplete
    (``missing_events``) after the gap timeout.
    """
    trace, record = prepared.trace, prepared.record
    if record is not None:
        apply_record(trace, record, _put(blobs))
    try:
        tid = await publish(trace, producer, blobs)
    except (SdkError, ValueError) as exc:  # ValueError: a payload failed validation
        where = prepared.item.where
        return Outcome(where, "failed", f"could not publish: {exc}", trace.instance_id)
    note = f"record from {prepared.record_source}" if record is not None else "no task record"
    note = "; ".join([note, *trace.notes])
    return Outcome(prepared.item.where, "imported", note, trace.instance_id, tid)


@dataclass
class Delivery:
    """Where the import's records went: ``kept`` of them are still in ``spool`` (no ack)."""

    spool: Path
    kept: int


FLUSH_TIMEOUT_S = 30.0
"""How long the import waits for the broker to acknowledge its last records."""


async def import_items(
    items: list[Item],
    records: dict[str, TaskRecord] | None,
    settings: Settings,
    deployment: Deployment,
    blobs: BlobStore,
    console: Console,
) -> tuple[list[Outcome], StoredCheck, Delivery]:
    """Import ``items`` in order; one outcome each, whatever happens to the others."""
    with ExitStack() as stack:
        check = _open_check(settings, deployment, stack)
        outcomes, delivery = await _import_all(items, records, settings, check, blobs, console)
    return outcomes, check, delivery


async def _import_all(
    items: list[Item],
    records: dict[str, TaskRecord] | None,
    settings: Settings,
    check: StoredCheck,
    blobs: BlobStore,
    console: Console,
) -> tuple[list[Outcome], Delivery]:
    seen: dict[str, str] = {}
    outcomes: list[Outcome] = []
    columns = (
        TextColumn("importing"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
        TextColumn("{task.fields[current]}"),
    )  # fmt: skip
    p = await TraceProducer(ProducerConfig.from_settings(settings), blob_store=blobs).start()
    try:
        with Progress(*columns, console=console, transient=True) as bar:
            task = bar.add_task("import", total=len(items), current="")
            for item in items:
                bar.update(task, current=Path(item.where).name)
                prepared, outcome = prepare(item, records)
                if prepared is not None:
                    tid = prepared.trace.opened.trace_id
                    iid = prepared.trace.instance_id
                    if tid in seen:
                        outcome = Outcome(
                            item.where, "skipped", f"same trajectory as {seen[tid]}", iid, tid
                        )
                    elif check.stored(tid):
                        outcome = Outcome(item.where, "skipped", "already imported", iid, tid)
                    else:
                        outcome = await _import_one(prepared, p, blobs)
                    seen.setdefault(tid, item.where)
                assert outcome is not None
                outcomes.append(outcome)
                bar.advance(task)
        with contextlib.suppress(TimeoutError):  # what is not acknowledged stays spooled
            await p.flush(FLUSH_TIMEOUT_S if p.online else 0)
    finally:
        delivery = Delivery(p.cfg.spool_dir, p.pending)
        await p.close(timeout=0)
    return outcomes, delivery


def summary(outcomes: list[Outcome], check: StoredCheck, seconds: float, console: Console) -> None:
    """Counts and rate, then a row per trajectory (only those left out, past 30)."""
    counts = {s: sum(o.status == s for o in outcomes) for s in ("imported", "skipped", "failed")}
    console.print(
        f"[bold]{counts['imported']} imported[/], {counts['skipped']} skipped, "
        f"{counts['failed']} failed in {seconds:.2f} s "
        f"({len(outcomes) / seconds if seconds > 0 else 0:.1f} trajectories/s)"
    )
    if check.reason:
        console.print(
            f"duplicate check against the store: not done ({check.reason}); traces were "
            "re-sent, and storage keeps one copy per derived id"
        )
    shown = outcomes if len(outcomes) <= 30 else [o for o in outcomes if o.status != "imported"]
    table = Table("status", "trajectory", "instance", "trace id", "reason")
    for o in shown:
        name = Path(o.where).name
        table.add_row(o.status, name, o.instance_id or "", o.trace_id or "", o.reason)
    if shown:
        console.print(table)


def outcomes_json(outcomes: list[Outcome]) -> list[dict[str, object]]:
    """The outcomes as JSON-ready dicts (``--json``)."""
    return [asdict(o) for o in outcomes]


def collect(fmt: str, paths: list[Path], batch: str | None) -> list[Item]:
    """The items of ``paths``; a path with no trajectory becomes a failed item."""
    items: list[Item] = []
    for path in paths:
        try:
            found = list(ITEMS[fmt]([path], batch))
            problem = None if found else f"{path}: no trajectories found"
        except ImportFormatError as exc:
            found, problem = [], str(exc)
        if problem is not None:
            items.append(Item(str(path), _failing(problem), batch or path.name))
        items.extend(found)
    return items


def _failing(message: str) -> Callable[[], ImportedTrace]:
    def fail() -> ImportedTrace:
        raise ImportFormatError(message)

    return fail
