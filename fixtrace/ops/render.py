"""Print query results as a rich table, CSV or JSON (one format flag for every command)."""

from __future__ import annotations

import csv
import io
import json
from enum import StrEnum
from typing import Any

from rich.console import Console
from rich.table import Table

from fixtrace.ops.admin_api import jsonable
from fixtrace.ops.query import QueryResult


class OutputFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


def cell(value: Any) -> str:
    """One value as text: NULL shown empty, containers as compact JSON."""
    if value is None:
        return ""
    if isinstance(value, dict | list | tuple):
        return json.dumps(jsonable(value), separators=(",", ":"), ensure_ascii=False)
    return str(jsonable(value))


def to_csv(result: QueryResult) -> str:
    """RFC-4180 CSV with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(result.columns)
    writer.writerows([cell(v) for v in row] for row in result.rows)
    return out.getvalue()


def to_json(result: QueryResult) -> str:
    """A JSON array of row objects."""
    return json.dumps([jsonable(d) for d in result.dicts()], indent=2, ensure_ascii=False)


def to_table(result: QueryResult, title: str | None = None) -> Table:
    """A rich table of the result."""
    table = Table(*result.columns, title=title, show_lines=False)
    for row in result.rows:
        table.add_row(*(cell(v) for v in row))
    return table


def emit(
    result: QueryResult, fmt: OutputFormat, console: Console, title: str | None = None
) -> None:
    """Print in the chosen format (CSV/JSON unstyled, so they pipe cleanly)."""
    if fmt is OutputFormat.table:
        console.print(to_table(result, title))
        console.print(f"[dim]{len(result.rows)} row(s)[/dim]")
    elif fmt is OutputFormat.csv:
        print(to_csv(result), end="")
    else:
        print(to_json(result))
