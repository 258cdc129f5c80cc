"""Print query results as a rich table, CSV or JSON (one format flag for every command).

Tables fit the terminal: rich's default is to cut a cell that does not fit ("tra…"), so
every column here folds instead, and :func:`fitted_table` picks which columns to show by
priority until the terminal's width is used; ``--wide`` shows them all.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from rich import box
from rich.console import Console
from rich.table import Table

from fixtrace.ops.query import QueryResult, jsonable


class OutputFormat(StrEnum):
    table = "table"
    csv = "csv"
    json = "json"


def elapsed(ms: int, tenths: bool = True) -> str:
    """Time since a trace's first event, short enough for a narrow column: ``1:05.3``
    (``1:05`` without tenths), ``2:01:05`` past an hour. Shared by the terminal timeline
    and the web UI's."""
    units = round(max(ms, 0) / 100) if tenths else max(ms, 0) // 1000 * 10
    minutes, rest = divmod(units, 600)
    hours, minutes = divmod(minutes, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{rest // 10:02d}"
    return f"{minutes}:{rest // 10:02d}" + (f".{rest % 10}" if tenths else "")


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
    """A rich table of the result; long values wrap, none is cut."""
    table = Table(title=title, show_lines=False)
    for name in result.columns:
        table.add_column(name, overflow="fold")
    for row in result.rows:
        table.add_row(*(cell(v) for v in row))
    return table


@dataclass(frozen=True)
class Column:
    """A column of a fitted table: which field, how narrow it may get, how much it matters.

    ``min_width`` None sizes the column to its longest cell, so ids and names are never
    broken over two lines (a column that does not fit is left out and named in the
    caption instead; only the first column is kept even when wider than the terminal).
    Lower ``priority`` is kept first when the terminal is narrow, and other columns fold.
    """

    key: str
    header: str
    priority: int
    min_width: int | None = 8
    justify: Literal["left", "right"] = "left"


SEPARATOR = 2  # between two columns: one space of padding, one of the box's vertical rule


def _min_width(col: Column, rows: Sequence[dict[str, str]], width: int) -> int:
    if col.min_width is not None:
        return max(col.min_width, len(col.header))
    longest = max((len(r.get(col.key, "")) for r in rows), default=0)
    return max(len(col.header), min(longest, width))


def choose_columns(
    columns: Sequence[Column], rows: Sequence[dict[str, str]], width: int
) -> tuple[list[Column], list[Column]]:
    """(shown, hidden): the most important columns whose minimum widths fit ``width``."""
    shown: set[str] = set()
    used = -SEPARATOR
    for col in sorted(columns, key=lambda c: c.priority):
        need = _min_width(col, rows, width) + SEPARATOR
        if used + need <= width or not shown:
            shown.add(col.key)
            used += need
    return [c for c in columns if c.key in shown], [c for c in columns if c.key not in shown]


def _natural_width(col: Column, rows: Sequence[dict[str, str]]) -> int:
    longest = max((len(line) for r in rows for line in r.get(col.key, "").splitlines()), default=0)
    return max(len(col.header), longest)


def column_widths(
    columns: Sequence[Column], rows: Sequence[dict[str, str]], width: int
) -> list[int]:
    """Each column's width: its minimum, then spare room given out by priority.

    Computed here rather than left to rich, whose collapsing can overrun the terminal and
    crop the last column when several columns carry long values.
    """
    widths = [_min_width(c, rows, width) for c in columns]
    spare = width - sum(widths) - SEPARATOR * (len(columns) - 1)
    for i in sorted(range(len(columns)), key=lambda i: columns[i].priority):
        extra = max(0, min(spare, _natural_width(columns[i], rows) - widths[i]))
        widths[i] += extra
        spare -= extra
    return widths


def fitted_table(
    columns: Sequence[Column],
    rows: Sequence[dict[str, str]],
    *,
    width: int,
    wide: bool = False,
    title: str | None = None,
) -> Table:
    """A borderless table of ``rows`` that fits ``width`` (all columns, unfolded, if ``wide``)."""
    shown, hidden = (list(columns), []) if wide else choose_columns(columns, rows, width)
    widths = [_natural_width(c, rows) for c in shown] if wide else column_widths(shown, rows, width)
    table = Table(
        title=title, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False,
        padding=(0, 1, 0, 0), title_justify="left",
    )  # fmt: skip
    for col, col_width in zip(shown, widths, strict=True):
        table.add_column(col.header, justify=col.justify, overflow="fold", width=col_width)
    for row in rows:
        table.add_row(*(row.get(c.key, "") for c in shown))
    if hidden:
        names = ", ".join(c.header for c in hidden)
        table.caption = f"not shown at {width} columns: {names} (--wide shows every column)"
        table.caption_justify = "left"
    return table


def wide_console(console: Console, table: Table) -> Console:
    """``console``, or one wide enough that ``table`` prints without folding (``--wide``)."""
    need = sum(c.width or 0 for c in table.columns) + SEPARATOR * (len(table.columns) - 1)
    if need <= console.width:
        return console
    return Console(width=need, file=console.file, no_color=console.no_color,
                   force_terminal=console.is_terminal)  # fmt: skip


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
