"""Garbage-collector settings for the long-running, allocation-heavy processes.

Why: the stream worker and the gateway allocate many short-lived containers per unit of
work (a 20k-event micro-batch is ~100k dicts and lists; a 100-event request thousands of
objects). With CPython's default thresholds (700, 10, 10) they trigger frequent
collections that also walk every long-lived object (modules, faust, pydantic schemas,
caches): a large share of the stream's prepare step and of a gateway request's CPU
(measured by ``bench/stream_bench.py`` and ``bench/gateway_bench.py``; figures in
``streams/README.md``).
Freezing what start-up created moves it out of every collection, and a larger first
threshold makes young collections rare. Reference cycles are still collected.

It lives on the ground floor because two stages use it: each process picks its thresholds.
"""

from __future__ import annotations

import gc

STREAM_THRESHOLDS = (50_000, None, None)
"""Stream worker and its prepare child: young collections every 50k allocations."""
GATEWAY_THRESHOLDS = (20_000, 20, 20)
"""Gateway process: fewer young and older collections per request."""


def tune_gc(thresholds: tuple[int, int | None, int | None]) -> None:
    """Freeze start-up objects and set (young, older, oldest); None keeps the current value.

    Call it once start-up is done, in a process that serves one role.
    """
    gc.collect()
    gc.freeze()
    current = gc.get_threshold()
    gc.set_threshold(
        *(new if new is not None else old for new, old in zip(thresholds, current, strict=True))
    )
