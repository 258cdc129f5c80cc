"""Reading the corpus folder for checks that compare each split with every other file.

Why: those checks ran once per split and read every file of the folder each time, and tested
every labelled value against every negative text with ``in``: together about 17 s of CPU of
the fast tier, for files that do not change while the suite runs.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from bench.redact_corpus.public.carriers import load

PREFIX = 8
"""Values shorter than this are not looked for in texts (they hide in words by chance)."""


@functools.cache
def load_once(name: str) -> tuple[dict, ...]:
    """The rows of a corpus file, read once per test process (never to be changed)."""
    return tuple(load(name))


def ids_holding(values: Iterable[str], rows: Iterable[dict], field: str = "text") -> list[str]:
    """The ids of ``rows`` whose ``field`` holds one of ``values`` of :data:`PREFIX`+ signs.

    Every such value begins with one of the text's :data:`PREFIX`-sign windows, so each text
    is read window by window against an index of the values' first signs, instead of every
    value being searched for in every text."""
    by_start: dict[str, list[str]] = {}
    for value in values:
        if len(value) >= PREFIX:
            by_start.setdefault(value[:PREFIX], []).append(value)
    held = []
    for row in rows:
        text = row[field]
        for i in range(len(text) - PREFIX + 1):
            starts = by_start.get(text[i : i + PREFIX])
            if starts and any(text.startswith(v, i) for v in starts):
                held.append(row["id"])
                break
    return held
