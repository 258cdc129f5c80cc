"""``fixtrace sql``: run one analyst query wherever ClickHouse lives (stack, server or chdb)."""

from __future__ import annotations

import typer
from rich.console import Console

from fixtrace.errors import fail
from fixtrace.ops.query import QueryError, open_query_backend
from fixtrace.ops.render import OutputFormat, emit
from fixtrace_config import load_settings

console = Console()


def sql_command(
    sql: str = typer.Argument(..., help='One statement, e.g. "SELECT * FROM trace_summary".'),
    fmt: OutputFormat = typer.Option(OutputFormat.table, "--format", "-f", help="Output format."),
    param: list[str] = typer.Option(
        [], "--param", "-p", help="NAME=VALUE for a {NAME:Type} placeholder (repeatable)."
    ),
) -> None:
    """Run SQL against the trace tables (through the running stack when it is up)."""
    params: dict[str, str] = {}
    for item in param:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise typer.BadParameter(f"want NAME=VALUE, got {item!r}", param_hint="--param")
        params[name] = value  # ClickHouse parses it by the placeholder's declared type
    try:
        backend = open_query_backend(load_settings())
    except QueryError as exc:
        fail(str(exc))
    try:
        result = backend.query(sql, params)
    except QueryError as exc:
        fail(f"query failed ({backend.name}): {exc}")
    finally:
        backend.close()
    emit(result, fmt, console)
