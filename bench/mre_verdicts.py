"""Per-report verdicts of ``bench/mre_agreement.py`` runs, kept and compared.

Why: the agreement bench prints one line per report and then only totals, so two
whole-corpus runs (before and after a change, or one split into ``--only`` chunks run side
by side) could be compared only by their totals. This reads the per-report lines of one or
more bench logs (chunks merge; a later log's line for a report wins, so a re-run of some
reports goes last), writes them as JSON, and lists every report whose verdict differs
from a saved run. No sandbox, no PyPI.

Usage:
  python bench/mre_verdicts.py LOG [LOG ...] --write run.json
  python bench/mre_verdicts.py LOG [LOG ...] --compare before.json
  python bench/mre_verdicts.py --load run.json --compare before.json
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from collections import Counter
from pathlib import Path

from qa_agents.mre.corpus import load_corpus

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "mre" / "corpus"
ORDER = ("GREEN", "YELLOW", "RED", "ERROR")
# "[warm 12/582] arrow-79               GREEN  = GREEN    0.27s  reproduced"
LINE = re.compile(
    r"^\[(?:cold|warm)\s+\d+/\d+\]\s+(?P<name>\S+)\s+(?P<verdict>[A-Z]+)\s+[=≠]\s+"
    r"(?P<label>[A-Z]+)\s+(?P<seconds>[\d.]+)s\s*(?P<category>\S*)\s*$"
)


def read_logs(logs: list[Path]) -> dict[str, dict[str, object]]:
    """name -> {verdict, label, seconds, category} from the logs' warm-pass lines."""
    found: dict[str, dict[str, object]] = {}
    for log in logs:
        for line in log.read_text().splitlines():
            match = LINE.match(line)
            if match and line.startswith("[warm"):
                found[match["name"]] = {
                    "verdict": match["verdict"],
                    "label": match["label"],
                    "seconds": float(match["seconds"]),
                    "category": match["category"],
                }
    return dict(sorted(found.items()))


def summary(run: dict[str, dict[str, object]]) -> list[str]:
    """Agreement, the confusion matrix (rows: label) and the seconds per report."""
    pairs = Counter((r["label"], r["verdict"]) for r in run.values())
    agree = sum(n for (label, verdict), n in pairs.items() if label == verdict)
    lines = [f"agreement: {agree}/{len(run)} = {agree / max(len(run), 1):.1%}"]
    lines.append(f"{'label':<8}" + "".join(f"{v:>8}" for v in ORDER))
    for label in ORDER[:3]:
        lines.append(f"{label:<8}" + "".join(f"{pairs[(label, v)]:>8}" for v in ORDER))
    lines.append(reasons(run))
    seconds = sorted(float(r["seconds"]) for r in run.values())  # type: ignore[arg-type]
    if seconds:
        lines.append(
            f"seconds per report: median {statistics.median(seconds):.2f}, "
            f"max {seconds[-1]:.1f}, total {sum(seconds):.0f}"
        )
    return lines


def reasons(run: dict[str, dict[str, object]], corpus: Path = DEFAULT_CORPUS) -> str:
    """How often an agreed verdict also gave the label's reason category, where the label
    gives one (the bench's 'reason category agrees')."""
    wanted = {c.name: c.reason_categories for c in load_corpus(corpus) if c.reason_categories}
    judged = [n for n, r in run.items() if n in wanted and r["verdict"] == r["label"]]
    hits = sum(1 for n in judged if run[n]["category"] in wanted[n])
    red = [n for n in judged if run[n]["label"] == "RED"]
    red_hits = sum(1 for n in red if run[n]["category"] in wanted[n])
    return (
        f"reason category agrees: {hits}/{len(judged)} (labels that give one, verdict "
        f"agreed); RED labels met: {red_hits}/{len(red)}"
    )


def changes(before: dict[str, dict[str, object]], after: dict[str, dict[str, object]]) -> list[str]:
    """One line per report whose verdict moved, and which way against its label."""
    out = []
    for name in sorted(set(before) & set(after)):
        old, new = before[name], after[name]
        if old["verdict"] == new["verdict"]:
            continue
        way = "now agrees" if new["verdict"] == new["label"] else "now disagrees"
        if old["verdict"] != old["label"] and new["verdict"] != new["label"]:
            way = "disagrees both times"
        out.append(
            f"{name}: {old['verdict']} ({old['category']}) -> {new['verdict']} "
            f"({new['category']}), label {new['label']}: {way}"
        )
    missing = sorted(set(before) ^ set(after))
    if missing:
        out.append("in one run only: " + " ".join(missing))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", nargs="*", type=Path, help="mre_agreement.py output files")
    parser.add_argument("--load", type=Path, help="a run saved with --write, instead of logs")
    parser.add_argument("--write", type=Path, help="save the per-report verdicts here")
    parser.add_argument("--compare", type=Path, help="a saved run to list changes against")
    args = parser.parse_args()
    run = json.loads(args.load.read_text()) if args.load else read_logs(args.logs)
    print("\n".join(summary(run)))
    if args.write:
        args.write.write_text(json.dumps(run, indent=1, sort_keys=True) + "\n")
        print(f"{len(run)} reports written to {args.write}")
    if args.compare:
        before = json.loads(args.compare.read_text())
        moved = changes(before, run)
        print(f"\nagainst {args.compare}: {len(moved)} changed")
        print("\n".join(moved))


if __name__ == "__main__":
    main()
