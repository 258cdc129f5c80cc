"""Redaction throughput on a realistic event-text mix, full scan vs literal pre-check.

Run: ``python bench/redact_bench.py [--n 40000] [--repeat 3]``. The variants run in the
same process on the same strings, interleaved round by round so machine load hits them
alike; each reports the median (and best) of ``--repeat`` rounds. ``floor`` is a bare
``str.lower()`` plus one ``in`` per string: the least any keyword pre-check can cost.
Findings of the two redaction paths are compared, and the false-positive rate on the
look-alike corpus is printed. One core, pure Python.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
from collections.abc import Callable

from streams.redact import RedactionConfig, Redactor
from streams.redact.corpus.mix import event_texts
from streams.redact.corpus.negative import negative_samples


def _run(redactor: Redactor, texts: list[str]) -> tuple[float, list[object]]:
    """Wall time of one pass, and its outcomes."""
    start = time.perf_counter()
    outcomes = [redactor.redact(t) for t in texts]
    return time.perf_counter() - start, outcomes


def _floor(texts: list[str]) -> tuple[float, list[object]]:
    """Wall time of lower-casing each string and testing one keyword: the baseline."""
    start = time.perf_counter()
    outcomes: list[object] = [("token" in t.lower()) for t in texts]
    return time.perf_counter() - start, outcomes


def _summary(seconds: list[float], n: int) -> dict[str, float]:
    """Median and best of the rounds, as strings/s and µs/string."""
    med, best = statistics.median(seconds), min(seconds)
    return {
        "strings_per_s": round(n / med),
        "us_per_string": round(med / n * 1e6, 2),
        "best_strings_per_s": round(n / best),
    }


def main() -> None:
    """Measure and print a JSON summary."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--n", type=int, default=40_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    texts = event_texts(args.n)
    full = Redactor(RedactionConfig(precheck=False))
    fast = Redactor(RedactionConfig(precheck=True))
    results: dict[str, object] = {
        "python": platform.python_version(),
        "loadavg_at_start": os.getloadavg()[0],
        "strings": len(texts),
        "mean_chars": round(sum(map(len, texts)) / len(texts), 1),
    }
    variants: dict[str, Callable[[list[str]], tuple[float, list[object]]]] = {
        "full_scan": lambda ts: _run(full, ts),
        "precheck": lambda ts: _run(fast, ts),
        "floor_lower_plus_in": _floor,
    }
    seconds: dict[str, list[float]] = {name: [] for name in variants}
    outcomes: dict[str, list[object]] = {}
    for _ in range(args.repeat):
        for name, run in variants.items():
            took, outcomes[name] = run(texts)
            seconds[name].append(took)
    for name in variants:
        results[name] = _summary(seconds[name], len(texts))
    with_findings = sum(1 for o in outcomes["precheck"] if o.findings)  # type: ignore[attr-defined]
    results["share_with_findings"] = round(with_findings / len(texts), 4)
    results["same_findings"] = all(
        (a.text, a.findings) == (b.text, b.findings)  # type: ignore[attr-defined]
        for a, b in zip(outcomes["full_scan"], outcomes["precheck"], strict=True)
    )
    negatives = negative_samples()
    altered = sum(1 for _, t in negatives if fast.redact(t).text != t)
    results["false_positive_rate"] = round(altered / len(negatives), 4)
    results["negative_samples"] = len(negatives)
    results["loadavg_at_end"] = os.getloadavg()[0]
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
