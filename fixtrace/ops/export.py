"""``fixtrace export``: write one trajectory record per selected trace as JSON lines."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import TextIO

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from fixtrace.ops.documents import fetch_document
from fixtrace.ops.filters import TestOutcome, TraceFilter
from fixtrace.ops.query import QueryBackend, QueryError, open_query_backend
from fixtrace.ops.trajectory import BlobResolver, build_trajectory
from fixtrace_config import Settings, load_settings
from schemas.models import FINAL_STATUSES

err = Console(stderr=True)
FINISHED = list(FINAL_STATUSES)


class ExportFormat(StrEnum):
    jsonl = "jsonl"


def blob_resolver(settings: Settings, inline: dict[str, str] | None = None) -> BlobResolver:
    """Text of a blob: inline copies first, then the blob store (opened on first need)."""
    from sinks.blobs import S3Endpoint, open_blob_store
    from sinks.blobs.base import BlobStoreError

    cache: dict[str, str | None] = dict(inline or {})
    store = None

    def resolve(blob_id: str) -> str | None:
        nonlocal store
        if blob_id not in cache:
            try:
                store = store or open_blob_store(
                    settings.resolved_blob_url, S3Endpoint.from_settings(settings)
                )
                cache[blob_id] = store.get(blob_id).decode("utf-8", errors="replace")
            except (BlobStoreError, OSError, ValueError):
                cache[blob_id] = None
        return cache[blob_id]

    return resolve


def select_trace_ids(backend: QueryBackend, flt: TraceFilter) -> list[str]:
    """Ids of the traces the filter keeps, newest first."""
    sql, params = flt.select("trace_id")
    return [row[0] for row in backend.query(sql, params).rows]


def export_jsonl(
    backend: QueryBackend, settings: Settings, flt: TraceFilter, out: TextIO,
    *, max_text: int = 20_000, progress: Progress | None = None,
) -> int:  # fmt: skip
    """Write the records; returns how many were written."""
    ids = select_trace_ids(backend, flt)
    task = progress.add_task("exporting", total=len(ids)) if progress else None
    resolve = blob_resolver(settings)
    written = 0
    for trace_id in ids:
        doc = fetch_document(backend, trace_id)
        if doc is not None:
            inline = {b.blob_id: b.inline for b in doc.artifacts.blobs if b.inline is not None}

            def with_inline(blob_id: str, inline: dict[str, str] = inline) -> str | None:
                return inline[blob_id] if blob_id in inline else resolve(blob_id)

            record = build_trajectory(doc, with_inline, max_text=max_text)
            out.write(record.model_dump_json(exclude_none=False) + "\n")
            written += 1
        if progress is not None and task is not None:
            progress.advance(task)
    return written


@contextlib.contextmanager
def _open_out(path: str) -> Iterator[TextIO]:
    if path == "-":
        yield sys.stdout
        return
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8") as fh:
        yield fh


def export_command(
    out: str = typer.Argument(..., help="Output file, or - for stdout."),
    fmt: ExportFormat = typer.Option(ExportFormat.jsonl, "--format", help="Output format."),
    tests: TestOutcome | None = typer.Option(None, help="passed, failed or fail_to_pass."),
    mre: list[str] = typer.Option([], help="MRE verdicts to keep (GREEN, YELLOW…); repeatable."),
    min_judge: float | None = typer.Option(None, help="Judge overall score at least (0-5)."),
    max_judge: float | None = typer.Option(None, help="Judge overall score at most (0-5)."),
    resolved: bool | None = typer.Option(
        None,
        "--resolved/--unresolved",
        help="Held-out tests' verdict (traces with an evaluation spec only).",
    ),
    batch: str | None = typer.Option(None, help="Only traces of this import batch."),
    repo: str | None = typer.Option(None, help="Only this repo_id."),
    status: list[str] = typer.Option(
        FINISHED, help="Trace statuses to export (default: finished traces); repeatable."
    ),
    trace_id: list[str] = typer.Option([], "--trace-id", help="Only these traces; repeatable."),
    limit: int | None = typer.Option(None, min=1, help="At most this many traces, newest first."),
    max_text: int = typer.Option(20_000, min=100, help="Clip observation/thought text (chars)."),
) -> None:
    """Export trajectories for training: thoughts, actions, observations, patch and QA labels."""
    flt = TraceFilter(
        repo=repo, status=status, min_judge=min_judge, max_judge=max_judge, tests=tests,
        mre=mre, resolved=resolved, batch=batch, trace_ids=trace_id, limit=limit,
    )  # fmt: skip
    settings = load_settings()
    backend = open_query_backend(settings)
    columns = (
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn()
    )  # fmt: skip
    try:
        with _open_out(out) as fh, Progress(*columns, console=err, transient=False) as progress:
            written = export_jsonl(backend, settings, flt, fh, max_text=max_text,
                                   progress=progress)  # fmt: skip
    except QueryError as exc:
        err.print(f"[red]query failed ({backend.name}):[/red] {exc}")
        raise typer.Exit(1) from exc
    finally:
        backend.close()
    err.print(f"wrote {written} {fmt.value} record(s) to {out}")
