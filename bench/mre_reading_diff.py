"""Which corpus reports a change to open-MRE's reading touches, without running any of them.

Why: a whole-corpus agreement run is long on a cold env cache; a change to how reports are
read only matters for the reports whose reading it changes. This prints, per report, a hash
of what the reading produces (the extracted script and its metadata, the behaviour
analysis, and every shown output as the comparison normalizes it); run it on the tree
before and after a change and give the reports whose hash moved to
``bench/mre_agreement.py --only`` in both trees. No sandbox, no PyPI.

Usage:
  PYTHONPATH=<old tree> python bench/mre_reading_diff.py --write /tmp/before.json
  PYTHONPATH=<new tree> python bench/mre_reading_diff.py --compare /tmp/before.json
"""

from __future__ import annotations

import argparse
import hashlib
import json
from pathlib import Path

from qa_agents.mre.claims.behavior import analyse_behavior
from qa_agents.mre.compare.output_match import normalize_lines
from qa_agents.mre.corpus import load_corpus
from qa_agents.mre.document import read_report
from qa_agents.mre.script.extractor import extract

DEFAULT_CORPUS = Path(__file__).resolve().parent.parent / "tests" / "mre" / "corpus"
NEW_FIELDS = {"blocks": {"__all__": {"info", "rules", "section"}}, "rules": True}
"""Fields added after the baselines were taken: left out so old and new hashes compare."""
NEW_ANALYSIS_FIELDS = {"shown": {"__all__": {"rule"}}, "rules": True}


def reading_hashes(corpus: Path) -> dict[str, str]:
    """Report name -> hash of its reading (an exception's repr when reading fails)."""
    hashes = {}
    for case in load_corpus(corpus):
        markdown = case.markdown()
        try:
            document = read_report(markdown)  # once, as the steps read it
            extraction = extract(document)
            meta = extraction.metadata
            programs = {c.argv[0] for c in meta.tool_commands}
            analysis = analyse_behavior(document, programs, set(meta.tool_inputs))
            shown = [e.text for e in analysis.shown]
            shown.append(analysis.expected_behavior.output_snippet or "")
            data = json.dumps(
                [
                    extraction.code,
                    meta.model_dump(mode="json", exclude=NEW_FIELDS),
                    analysis.model_dump(mode="json", exclude=NEW_ANALYSIS_FIELDS),
                    [normalize_lines(text) for text in shown],
                ],
                sort_keys=True,
                default=str,
            )
        except Exception as exc:  # a reading that breaks is a reading too
            data = f"error: {exc!r}"
        hashes[case.name] = hashlib.sha256(data.encode()).hexdigest()[:16]
    return hashes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--write", type=Path, help="save this tree's hashes here")
    parser.add_argument("--compare", type=Path, help="print the reports whose hash differs")
    args = parser.parse_args()
    hashes = reading_hashes(args.corpus)
    if args.write:
        args.write.write_text(json.dumps(hashes, indent=0, sort_keys=True))
        print(f"{len(hashes)} reports read; hashes in {args.write}")
    if args.compare:
        before = json.loads(args.compare.read_text())
        changed = sorted(name for name, h in hashes.items() if before.get(name) != h)
        print(f"{len(changed)} of {len(hashes)} reports read differently:")
        print(" ".join(changed))


if __name__ == "__main__":
    main()
