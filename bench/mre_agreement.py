"""open-MRE verdicts against a labelled corpus: agreement, confusion matrix, seconds per report.

Runs every report of a corpus folder (``*.md`` plus ``labels.toml``, see
``qa_agents/mre/corpus.py``) through ``validate_issue`` twice:
- cold: a fresh env cache and a fresh PyPI cache (pip's own wheel cache stays warm);
- warm: the same caches again (what a second validation of a report costs).
The baseline beside the timings is one warm sandboxed ``pass`` (the floor any run pays).

Usage:
  python bench/mre_agreement.py [--corpus DIR] [--mode deterministic|agents]
                                [--only NAME ...] [--cache-dir DIR] [--warm-only] [--out DIR]

``--mode agents`` needs a model key (ANTHROPIC_API_KEY); without one each report says it
fell back to the deterministic pipeline, and the bench prints the modes it actually ran.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from fixtrace_config import Settings
from qa_agents.mre.corpus import LabelledCase, load_corpus
from qa_agents.mre.models import Verdict
from qa_agents.mre.runtime import MreOptions, default_executor
from qa_agents.mre.service import validate_issue

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "mre" / "corpus"
ORDER = (Verdict.GREEN, Verdict.YELLOW, Verdict.RED, Verdict.ERROR)


class Outcome(NamedTuple):
    """One report's result in one pass."""

    verdict: Verdict
    seconds: float
    mode: str
    summary: str
    category: str


def run_pass(
    cases: list[LabelledCase], settings: Settings, options: MreOptions, out: Path, label: str
) -> dict[str, Outcome]:
    """name -> outcome for one pass over the corpus."""
    results = {}
    for i, case in enumerate(cases, 1):
        started = time.perf_counter()
        result = validate_issue(case.markdown(), out / case.name, settings, options=options)
        seconds = time.perf_counter() - started
        results[case.name] = Outcome(
            result.verdict, seconds, result.mode, result.summary, result.reason_category
        )
        mark = "=" if result.verdict == case.expected else "≠"
        print(
            f"[{label} {i:>2}/{len(cases)}] {case.name:<22} {result.verdict.value:<6} "
            f"{mark} {case.expected.value:<6} {seconds:6.2f}s  {result.reason_category}",
            flush=True,
        )
    return results


def sandbox_floor(settings: Settings, options: MreOptions, repeat: int = 5) -> float:
    """Median seconds of a warm sandboxed ``pass``: the floor under every report."""
    executor = default_executor(settings, options)
    executor.run("pass\n", [])
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        executor.run("pass\n", [])
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def print_agreement(cases: list[LabelledCase], got: dict[str, Outcome]) -> None:
    pairs = [(c.expected, got[c.name].verdict) for c in cases]
    agree = sum(1 for e, g in pairs if e == g)
    print(f"\nagreement: {agree}/{len(pairs)} = {agree / len(pairs):.1%}")
    # blind-2 … blind-10 in the order they were labelled, not as strings sort
    batches = sorted(
        {c.batch for c in cases if c.heldout and c.batch},
        key=lambda b: [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", b)],
    )
    for label, subset in (
        ("  built on", [c for c in cases if not c.heldout]),
        ("  held out", [c for c in cases if c.heldout]),
        *((f"    batch {b}", [c for c in cases if c.batch == b]) for b in batches),
    ):
        hits = sum(1 for c in subset if got[c.name].verdict == c.expected)
        if subset:
            print(f"{label}: {hits}/{len(subset)} = {hits / len(subset):.1%}")
    print_reasons(cases, got)
    counts = Counter(pairs)
    print("\nconfusion (rows: label, columns: verdict)")
    print(f"{'':<8}" + "".join(f"{v.value:>8}" for v in ORDER) + f"{'recall':>9}")
    for label in ORDER[:3]:
        row = [counts[(label, v)] for v in ORDER]
        total = sum(row)
        recall = f"{counts[(label, label)] / total:.0%}" if total else "-"
        print(f"{label.value:<8}" + "".join(f"{n:>8}" for n in row) + f"{recall:>9}")
    precision = []
    for v in ORDER[:3]:
        called = sum(counts[(e, v)] for e in ORDER)
        precision.append(f"{counts[(v, v)] / called:.0%}" if called else "-")
    print(f"{'precis.':<8}" + "".join(f"{p:>8}" for p in precision))
    misses = [c for c in cases if got[c.name].verdict != c.expected]
    if misses:
        print("\ndisagreements:")
        for c in misses:
            outcome = got[c.name]
            print(
                f"- {c.name}: label {c.expected.value}, got {outcome.verdict.value} "
                f"({outcome.category}): {outcome.summary[:150]}"
            )
            print(f"    label reason: {c.reason}")


def print_reasons(cases: list[LabelledCase], got: dict[str, Outcome]) -> None:
    """Agreement on the reason, where the label gives its category: a RED for the wrong
    reason asks the author for the wrong thing."""
    judged = [c for c in cases if c.reason_categories and got[c.name].verdict == c.expected]
    if not judged:
        return
    wrong = [c for c in judged if got[c.name].category not in c.reason_categories]
    hits = len(judged) - len(wrong)
    print(f"reason category agrees: {hits}/{len(judged)} (labels that give one, verdict agreed)")
    for c in wrong:
        print(f"- {c.name}: label {'/'.join(c.reason_categories)}, got {got[c.name].category}")


def print_times(name: str, got: dict[str, Outcome]) -> None:
    seconds = sorted(o.seconds for o in got.values())
    p90 = seconds[min(len(seconds) - 1, int(0.9 * len(seconds)))]
    print(
        f"{name:<5} median {statistics.median(seconds):6.2f}s  p90 {p90:6.2f}s  "
        f"max {seconds[-1]:6.2f}s  total {sum(seconds):7.1f}s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--mode", choices=("deterministic", "agents"), default="deterministic")
    parser.add_argument("--only", nargs="*", help="case names to run (default: all)")
    parser.add_argument("--cache-dir", type=Path, help="keep env/PyPI caches here (default: fresh)")
    parser.add_argument("--warm-only", action="store_true", help="skip the cold pass")
    parser.add_argument("--out", type=Path, help="keep every report's artifacts here")
    args = parser.parse_args()

    cases = load_corpus(args.corpus)
    if args.only:
        cases = [c for c in cases if c.name in set(args.only)]
    settings = Settings()
    if args.mode == "deterministic":
        settings = settings.model_copy(update={"anthropic_api_key": None})
    scratch = None
    if args.cache_dir is None or args.out is None:
        scratch = Path(tempfile.mkdtemp(prefix="mre-agreement-", dir="/var/tmp"))
        scratch.chmod(0o755)
    caches = args.cache_dir or scratch / "caches"
    options = MreOptions(pyenv_cache_dir=caches / "envs", pypi_cache_dir=caches / "pypi")
    out = args.out or scratch / "out"
    try:
        print(
            f"corpus {args.corpus} ({len(cases)} reports, "
            f"{len({c.library for c in cases})} projects), mode {args.mode}\n"
        )
        cold = None if args.warm_only else run_pass(cases, settings, options, out, "cold")
        warm = run_pass(cases, settings, options, out, "warm")
        floor = sandbox_floor(settings, options)
        print_agreement(cases, warm)
        modes = Counter(o.mode for o in warm.values())
        print("\nmodes run: " + ", ".join(f"{m} ×{n}" for m, n in modes.items()))
        print("\nseconds per report")
        if cold is not None:
            print_times("cold", cold)
        print_times("warm", warm)
        print(f"baseline: warm sandboxed `pass` {floor:.2f}s")
        if cold is not None and any(cold[n].verdict != warm[n].verdict for n in warm):
            flips = [n for n in warm if cold[n].verdict != warm[n].verdict]
            print("verdicts that differed between passes: " + ", ".join(flips))
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
