"""``fixtrace dlq list|show|requeue``: inspect the dead-letter topic and replay fixed records."""

from __future__ import annotations

import asyncio
import datetime as dt

import typer
from rich.console import Console
from rich.panel import Panel
from rich.table import Table

from fixtrace.errors import fail
from fixtrace.ops import dlq
from fixtrace.ops.query import QueryResult
from fixtrace.ops.render import Column, OutputFormat, cell, emit, fitted_table, wide_console
from fixtrace_config import Settings, load_settings
from fixtrace_config.discovery import broker_answers, discover, unreachable_broker

dlq_app = typer.Typer(
    name="dlq", help="Inspect and requeue the dead-letter topic.", no_args_is_help=True
)
console = Console()


def _settings() -> Settings:
    """The discovered settings, once a broker answers there (else one line and exit 1)."""
    found = discover(load_settings())
    if not broker_answers(found.settings.kafka_bootstrap):
        fail(unreachable_broker(found))
    return found.settings


def _read(settings: Settings, limit: int | None = None) -> list[dlq.DlqEntry]:
    try:
        return asyncio.run(dlq.read_dlq(settings.kafka_bootstrap, settings.topic_dlq, limit=limit))
    except dlq.DlqError as exc:
        fail(str(exc))


def _when(ms: int | None) -> str:
    if ms is None:
        return ""
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).strftime("%Y-%m-%d %H:%M:%S")


def _key(key: bytes | None) -> str:
    return "" if key is None else key.decode("utf-8", errors="replace")


DLQ_TABLE = (
    Column("ref", "ref", 0, None),
    Column("error_type", "error", 1, 18),
    Column("reason", "reason", 2, 30),
    Column("failed_at", "failed (UTC)", 3, 19),
    Column("stage", "stage", 4, 8),
    Column("source", "source", 5, None),
    Column("key", "key", 6, None),
    Column("bytes", "bytes", 7, 5, "right"),
)


@dlq_app.command("list")
def list_letters(
    limit: int | None = typer.Option(None, min=1, help="At most this many, oldest first."),
    fmt: OutputFormat = typer.Option(OutputFormat.table, "--format", "-f"),
    wide: bool = typer.Option(False, "--wide", "-w", help="Every column, however wide."),
) -> None:
    """Every dead letter with its reason and where it came from."""
    settings = _settings()
    entries = _read(settings, limit)
    rows = []
    for e in entries:
        d = e.letter
        rows.append([
            e.ref, _when(d.failed_at_ms if d else e.timestamp_ms),
            d.stage if d else "", d.error_type if d else "undecodable",
            f"{d.source_topic}[{d.source_partition}]@{d.source_offset}" if d else "",
            _key(d.key if d else e.key), len(d.value) if d else len(e.raw),
            d.reason if d else e.decode_error or "",
        ])  # fmt: skip
    result = QueryResult(
        columns=["ref", "failed_at", "stage", "error_type", "source", "key", "bytes", "reason"],
        rows=rows,
    )
    title = f"dead letters in {settings.topic_dlq}"
    if fmt is not OutputFormat.table:
        emit(result, fmt, console, title=title)
        return
    cells = [{k: cell(v) for k, v in d.items()} for d in result.dicts()]
    table = fitted_table(DLQ_TABLE, cells, width=console.width, wide=wide, title=title)
    (wide_console(console, table) if wide else console).print(table)
    console.print(f"[dim]{len(rows)} dead letter(s); `fixtrace dlq show REF` for one[/dim]")


@dlq_app.command("show")
def show_letter(
    ref: str = typer.Argument(..., help="PARTITION:OFFSET (or OFFSET on partition 0)."),
    max_bytes: int = typer.Option(256, help="Bytes of the hex dump."),
) -> None:
    """One dead letter: the reason, its origin and a preview of the original bytes."""
    settings = _settings()
    try:
        (entry,) = dlq.select(_read(settings), [ref])
    except dlq.DlqError as exc:
        fail(str(exc))
    d = entry.letter
    info = Table(show_header=False, title=f"dead letter {entry.ref} in {settings.topic_dlq}")
    if d is None:
        info.add_row("decode error", entry.decode_error or "")
        info.add_row("record key", _key(entry.key))
        console.print(info)
        console.print(Panel(dlq.hexdump(entry.raw, limit=max_bytes), title="raw DLQ record"))
        return
    for name, value in (
        ("reason", d.reason), ("error_type", d.error_type), ("stage", d.stage),
        ("source", f"{d.source_topic} partition {d.source_partition} offset {d.source_offset}"),
        ("failed_at", _when(d.failed_at_ms)), ("original key", _key(d.key)),
        ("original bytes", str(len(d.value))), ("codec says", dlq.describe_original(d.value)),
    ):  # fmt: skip
        info.add_row(name, value)
    console.print(info)
    console.print(Panel(dlq.hexdump(d.value, limit=max_bytes), title="original bytes (hex)"))
    console.print(Panel(dlq.utf8_preview(d.value), title="original bytes (utf-8, replaced)"))


@dlq_app.command("requeue")
def requeue_letters(
    refs: list[str] = typer.Argument(None, help="PARTITION:OFFSET (or OFFSET) of each letter."),
    all_: bool = typer.Option(False, "--all", help="Requeue every dead letter."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Show what would be sent; send none."),
    any_topic: bool = typer.Option(
        False, "--any-topic", help="Also send to source topics that are not pipeline topics."
    ),
) -> None:
    """Send dead letters back to their source topic with their original key.

    Do this after fixing the cause (a schema, a redaction rule, a bug); the pipeline is
    idempotent, so a letter requeued twice is stored once. The DLQ itself is not changed.
    """
    if bool(refs) == all_:
        raise typer.BadParameter("give dead-letter refs or --all (not both)")
    settings = _settings()
    entries = _read(settings)
    try:
        chosen = entries if all_ else dlq.select(entries, refs)
        allowed = None if any_topic else settings.topics().keys()
        results = asyncio.run(
            dlq.requeue(settings.kafka_bootstrap, chosen, allowed_topics=allowed, dry_run=dry_run)
        )
    except dlq.DlqError as exc:
        fail(str(exc))
    table = Table("ref", "to topic", "key", "bytes", "result",
                  title="requeue (dry run)" if dry_run else "requeue")  # fmt: skip
    for r in results:
        outcome = r.skipped or ("sent" if r.sent else "would send")
        table.add_row(r.ref, r.target_topic or "", _key(r.key), str(r.size), outcome)
    console.print(table)
    if any(r.skipped for r in results):
        raise typer.Exit(2)
