"""Label/value lines whose values (URLs, ids, paths) are printed whole on one line.

Why not a table: a table cell folds a long value at its column's edge, and a URL or a path
broken over two lines can be neither clicked nor copied. Here a value that does not fit
beside its label goes on its own line, printed with ``soft_wrap`` so rich never inserts a
line break into it (a terminal narrower than the value wraps it visually, but it stays one
line for the terminal's selection and for ``tmux capture-pane -J``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.console import Console
from rich.markup import escape
from rich.padding import Padding
from rich.text import Text

INDENT = "  "


@dataclass(frozen=True)
class Fact:
    """One line of facts: a label, its value, and an optional note shown after it."""

    label: str
    value: str
    note: str = ""


def print_facts(console: Console, facts: Sequence[Fact], *, title: str | None = None) -> None:
    """Each fact as ``label  value`` (``  note`` after it), the value never broken."""
    if title:
        console.print(title, soft_wrap=True, highlight=False)
    pad = max((len(f.label) for f in facts), default=0) + 2
    for fact in facts:
        note = f"  ({fact.note})" if fact.note else ""
        line = f"{fact.label:<{pad}}{fact.value}"
        if len(line) + len(note) <= console.width:
            console.print(escape(line + note), soft_wrap=True, highlight=False)
        elif len(line) <= console.width or not fact.value:
            console.print(escape(line), soft_wrap=True, highlight=False)
            console.print(Padding(Text(fact.note), (0, 0, 0, pad), expand=False), highlight=False)
        else:  # the value alone on its line, the label and note before it
            console.print(escape(f"{fact.label}{note}:"), highlight=False)
            console.print(escape(INDENT + fact.value), soft_wrap=True, highlight=False)


def plural(n: int, noun: str) -> str:
    """``1 partition``, ``2 partitions``."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
