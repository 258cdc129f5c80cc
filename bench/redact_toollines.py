"""Recall and false positives on real tools' credential lines (the ``toollines`` split).

Run: ``python bench/redact_toollines.py [--split toollines|toollines2|…] [--misses] [--json]``.
Each case of ``bench/redact_corpus/public/toollines.jsonl`` (or ``toollines2.jsonl`` and
later sets from other repositories, each built as a blind holdout) is a real line (or a
few lines) from a public repository, labelled by hand before any redaction ran on it: the
literal credential values it carries, or none (a negative: a variable, prompt, placeholder
or file reference in the credential's place). The text goes through the stream's text
redaction (``Redactor(RedactionConfig(mode="redacted")).redact_text``) as it is, in no
carrier of ours. A value counts as caught when the redacted text holds fewer of its
occurrences than the case's text (a password that is also the user's name,
``amqp://guest:guest@``, keeps the user's); a negative counts as altered when the text
changed at all. Cases whose label the corpus marks as doubtful (a ``note``) are also
counted apart, so a figure never rests on them alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from streams.redact import RedactionConfig, Redactor  # noqa: E402

PUBLIC = Path(__file__).resolve().parent / "redact_corpus" / "public"
SPLITS = tuple(sorted(path.stem for path in PUBLIC.glob("toollines*.jsonl")))
"""``toollines`` and its holdouts (``toollines2``, …): every such file is a set."""
CORPUS = PUBLIC / "toollines.jsonl"


def _rate(caught: int, n: int) -> str:
    return f"{caught}/{n} = {caught / max(1, n):.1%}"


def score(path: Path = CORPUS) -> dict[str, object]:
    """The split's figures: values caught, negatives altered, per tool, and what was missed."""
    redact = Redactor(RedactionConfig(mode="redacted")).redact_text
    cases = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    values = caught = values_sure = caught_sure = 0
    negatives = altered = 0
    per_tool: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    misses: list[str] = []
    false_positives: list[str] = []
    for case in cases:
        text, _ = redact(case["text"])
        if not case["secrets"]:
            negatives += 1
            if text != case["text"]:
                altered += 1
                false_positives.append(f"{case['id']} {case['tool']}: {text!r}")
            continue
        for value in case["secrets"]:
            hit = text.count(value) < case["text"].count(value)
            values += 1
            caught += hit
            per_tool[case["tool"]][0] += hit
            per_tool[case["tool"]][1] += 1
            if "note" not in case:
                values_sure += 1
                caught_sure += hit
            if not hit:
                doubt = " (doubtful label)" if "note" in case else ""
                misses.append(f"{case['id']} {case['tool']} {case['form']}{doubt}: {text!r}")
    return {
        "cases": len(cases),
        "values_caught": _rate(caught, values),
        "values_caught_without_doubtful_labels": _rate(caught_sure, values_sure),
        "negatives_altered": f"{altered}/{negatives} = {altered / max(1, negatives):.1%}",
        "per_tool": {tool: _rate(c, n) for tool, (c, n) in sorted(per_tool.items())},
        "misses": misses,
        "false_positives": false_positives,
    }


def main() -> None:
    """Print the figures (and, with ``--misses``, every miss and false positive)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--misses", action="store_true", help="list misses and false positives")
    parser.add_argument("--json", action="store_true", help="print everything as JSON")
    parser.add_argument("--split", choices=SPLITS, default="toollines", help="which set")
    args = parser.parse_args()
    figures = score(PUBLIC / f"{args.split}.jsonl")
    if args.json:
        print(json.dumps(figures, indent=2, ensure_ascii=False))
        return
    for key in ("cases", "values_caught", "values_caught_without_doubtful_labels"):
        print(f"{key}: {figures[key]}")
    print(f"negatives_altered: {figures['negatives_altered']}")
    if args.misses:
        for line in [*figures["misses"], *figures["false_positives"]]:  # type: ignore[misc]
            print(line)


if __name__ == "__main__":
    main()
