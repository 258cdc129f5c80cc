"""Redaction throughput on a realistic event-text mix, full scan vs literal pre-check.

Run: ``python bench/redact_bench.py [--n 40000] [--repeat 3]``. Both variants run in the
same process on the same strings (best of ``--repeat``), their findings are compared, and
the false-positive rate on the look-alike corpus is printed. One core, pure Python.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

from streams.redact import RedactionConfig, Redactor
from streams.redact.corpus.mix import event_texts
from streams.redact.corpus.negative import negative_samples


def _timed(redactor: Redactor, texts: list[str], repeat: int) -> tuple[float, list[object]]:
    """Best wall time over ``repeat`` passes, and the last pass's outcomes."""
    best, outcomes = float("inf"), []
    for _ in range(repeat):
        start = time.perf_counter()
        outcomes = [redactor.redact(t) for t in texts]
        best = min(best, time.perf_counter() - start)
    return best, outcomes


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
    outcomes = {}
    for name, redactor in (("full_scan", full), ("precheck", fast)):
        seconds, outcomes[name] = _timed(redactor, texts, args.repeat)
        results[name] = {
            "strings_per_s": round(len(texts) / seconds),
            "us_per_string": round(seconds / len(texts) * 1e6, 2),
        }
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
