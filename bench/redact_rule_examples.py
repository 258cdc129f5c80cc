"""The public rule sets' own examples, redacted as their authors wrote them.

Run: ``python bench/redact_rule_examples.py [--mirrors /work/.mirror] [--show 40]``.

The corpus splits cut one value from each example and write it into carriers of ours, at
most three per rule, and drop a value an earlier split has the format of. This runs every
example whole instead, so a format no rule here knows shows even when its service is
covered by another one: each of Kingfisher's rule examples and Nosey Parker's (the secret cut
by the rule's own pattern, as ``kingfisher.py`` and ``noseyparker.py`` cut it; caught when
the redacted line no longer holds it, ``score.leaked``), and each ``validPattern`` and
``invalidPattern`` string of TruffleHog's detector tests (changed or not: they hold a key
and the test's own surroundings, not a labelled value). The lists are to read, not to
count: a few examples are public values (an age recipient) or placeholders. The secret is
cut as the corpus cuts it (``kingfisher.cut``, ``noseyparker.cut``: the rule's secret group,
a URL's password). The mirrors live outside this
repository (``fetch github:mongodb/kingfisher``, ``github:praetorian-inc/noseyparker``,
``github:trufflesecurity/trufflehog``); a missing one is skipped and said so.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "bench" / "redact_corpus" / "public"
sys.path.insert(0, str(CORPUS))

import kingfisher  # noqa: E402
import noseyparker  # noqa: E402

from bench.redact_corpus.public.score import leaked  # noqa: E402
from streams.redact import RedactionConfig, Redactor  # noqa: E402

_GO_STRING = re.compile(
    r"(?m)^\s*((?:valid|invalid)Pattern\w*)\s*=\s*(`[^`]*`|\"(?:[^\"\\]|\\.)*\")"
)


def kingfisher_examples(mirror: Path) -> list[dict[str, str]]:
    rows = []
    for rule in kingfisher.Rules(mirror).rules:
        if rule.get("visible") is False:
            continue
        try:
            rx = re.compile(kingfisher.python_pattern(rule["pattern"]))
        except re.error:
            continue
        for example in rule.get("examples") or []:
            hit = rx.search(example)
            value = kingfisher.cut(rule["id"], rx, hit)[0] if hit else ""
            if len(value) >= 8 and not kingfisher.placeholder(value):
                rows.append({"rule": rule["id"], "value": value, "text": example})
    return rows


def noseyparker_examples(mirror: Path) -> list[dict[str, str]]:
    rules = noseyparker.Rules(mirror)
    rows = []
    for rule in rules.rules:
        if rule["id"] in rules.assets:
            continue
        try:
            rx = re.compile(rule["pattern"])
        except re.error:
            loose = noseyparker._compile_loose(rule["pattern"])
            if loose is None:
                continue
            rx = loose
        for example in rule.get("examples") or []:
            hit = rx.search(example)
            value = noseyparker.cut(rule["id"], rx, hit) if hit else ""
            if len(value) >= 8 and not noseyparker.placeholder(value):
                rows.append({"rule": rule["id"], "value": value, "text": example})
    return rows


def trufflehog_patterns(mirror: Path) -> list[dict[str, str]]:
    def git(*args: str) -> str:
        cmd = ["git", "--git-dir", str(mirror), *args]
        return subprocess.run(cmd, capture_output=True, text=True, errors="replace").stdout

    rows = []
    for path in git("ls-tree", "-r", "--name-only", "HEAD", "pkg/detectors").split():
        if not path.endswith("_test.go") or "integration" in path:
            continue
        for m in _GO_STRING.finditer(git("show", f"HEAD:{path}")):
            literal = m.group(2)
            text = literal[1:-1]
            if literal[0] == '"':
                text = text.encode().decode("unicode_escape", errors="replace")
            if "%s" not in text and "%d" not in text:
                rows.append({"rule": path.split("/")[2], "kind": m.group(1), "text": text})
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--show", type=int, default=40, help="misses to print per source")
    args = parser.parse_args()
    redact = Redactor(RedactionConfig(mode="redacted")).redact_text
    report: dict[str, object] = {}
    for name, repo, read in (
        ("kingfisher", "mongodb+kingfisher", kingfisher_examples),
        ("noseyparker", "praetorian-inc+noseyparker", noseyparker_examples),
    ):
        mirror = args.mirrors / repo / "repo"
        if not mirror.is_dir():
            report[name] = f"skipped: no mirror at {mirror}"
            continue
        rows = read(mirror)
        missed = [r for r in rows if leaked(r["value"], redact(r["text"])[0])]
        report[name] = {
            "examples": len(rows),
            "rules": len({r["rule"] for r in rows}),
            "caught": f"{len(rows) - len(missed)}/{len(rows)}",
            "missed": [f"{r['rule']}: {r['text'][:140]!r}" for r in missed[: args.show]],
        }
    mirror = args.mirrors / "trufflesecurity+trufflehog" / "repo"
    if mirror.is_dir():
        rows = trufflehog_patterns(mirror)
        figures: dict[str, object] = {}
        for kind in ("valid", "invalid"):
            mine = [r for r in rows if r["kind"].startswith(kind)]
            kept = [r for r in mine if redact(r["text"])[0] == r["text"]]
            figures[f"{kind}_patterns_changed"] = f"{len(mine) - len(kept)}/{len(mine)}"
            if kind == "valid":
                figures["valid_unchanged"] = [
                    f"{r['rule']}: {r['text'][:100]!r}" for r in kept[: args.show]
                ]
        report["trufflehog"] = figures
    else:
        report["trufflehog"] = f"skipped: no mirror at {mirror}"
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
