"""New redactions on real text: a baseline engine and this tree's, chunk by chunk.

Run: ``python bench/redact_real_text.py [--base main] [--packages 3000] [--show 40]``.

Recall on a labelled corpus says nothing about what a rule takes from text nobody labelled.
This scan runs both engines on the same real text and prints what the new one redacts that
the baseline did not (and the reverse): each new finding must be read and be either a real
secret or a rule to fix. Sources: this repository's text files (real issue reports in
``tests/mre/corpus``, SWE-bench trajectories and importer fixtures in ``tests/``, docs and
READMEs) and its Python code outside the redaction corpus and the redaction tests (which
hold planted secrets on purpose), plus a seeded sample of the installed packages' files
(code, docs, test vectors: the look-alikes of real work). Each chunk of text between blank
lines is redacted as one string, as a thought or a file snapshot would be.

The baseline is ``git archive <base>`` in a temporary folder; each side runs in its own
interpreter (the two engines share module names) and prints the chunks it changed.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_TEXT_EXT = (".md", ".txt", ".json", ".jsonl", ".toml", ".yaml", ".yml")
_PLANTED = ("bench/redact_corpus/", "tests/redact/", "tests/adversarial/", "streams/redact/")
"""Paths that hold planted secrets or the rules' own examples: findings there are meant."""
_PACKAGE_EXT = (".py", ".md", ".rst", ".txt", ".json", ".toml", ".cfg", ".ini", ".yaml")
_MAX_FILE = 400_000

_SIDE = r"""
import json, re, sys
from streams.redact import Redactor
r = Redactor()
out = {}
for path in json.load(open(sys.argv[1])):
    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError):
        continue
    for i, chunk in enumerate(re.split(r"\n[ \t]*\n", text)):
        red, found = r.redact_text(chunk)
        found.pop("truncate_large", None)
        if found:
            out[f"{path}#{i}"] = [red, found]
print(json.dumps(out))
"""


def repo_files() -> list[str]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    keep = [
        p
        for p in listed
        if p.endswith((*_TEXT_EXT, ".py")) and not p.startswith(_PLANTED) and "redact" not in p
    ]
    return [str(ROOT / p) for p in keep if (ROOT / p).stat().st_size <= _MAX_FILE]


def package_files(n: int, seed: int) -> list[str]:
    site = Path(sys.prefix) / "lib" / f"python{sys.version_info[0]}.{sys.version_info[1]}"
    files = sorted(
        str(p)
        for p in (site / "site-packages").rglob("*")
        if p.suffix in _PACKAGE_EXT and p.is_file() and p.stat().st_size <= _MAX_FILE
    )
    random.Random(seed).shuffle(files)
    return files[:n]


def run_in_tree(root: Path, code: str, arg: Path) -> str:
    """``code``'s output, run by this interpreter with ``root``'s tree first on the path
    (two engines share module names, so each side runs in its own process)."""
    done = subprocess.run(
        [sys.executable, "-c", code, str(arg)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def _side(root: Path, list_file: Path) -> dict[str, list]:
    return json.loads(run_in_tree(root, _SIDE, list_file))


def _baseline(base: str, into: Path) -> Path:
    archive = into / "base.tar"
    subprocess.run(["git", "archive", "-o", str(archive), base], cwd=ROOT, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into / "base", filter="data")
    return into / "base"


def compare(base: dict[str, list], new: dict[str, list]) -> dict[str, object]:
    """Chunks changed by either side; the new and the dropped redactions, by chunk."""
    added = {k: v for k, v in new.items() if k not in base or base[k][0] != v[0]}
    dropped = {k: v for k, v in base.items() if k not in new}
    return {
        "chunks_with_findings_base": len(base),
        "chunks_with_findings_new": len(new),
        "findings_base": sum(sum(v[1].values()) for v in base.values()),
        "findings_new": sum(sum(v[1].values()) for v in new.values()),
        "chunks_changed_differently": len(added),
        "chunks_no_longer_redacted": len(dropped),
        "added": added,
        "dropped": dropped,
    }


def _excerpt(text: str, width: int = 220) -> str:
    at = text.find("[REDACTED:")
    return text[max(0, at - width // 2) : at + width // 2].replace("\n", "⏎")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", default="main")
    parser.add_argument("--packages", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--show", type=int, default=40, help="new/dropped chunks to print")
    args = parser.parse_args()
    groups = {"repository": repo_files(), "packages": package_files(args.packages, args.seed)}
    report: dict[str, object] = {"base": args.base}
    with tempfile.TemporaryDirectory(prefix="redact_real_text_") as tmp:
        base_root = _baseline(args.base, Path(tmp))
        for name, files in groups.items():
            list_file = Path(tmp) / f"{name}.json"
            list_file.write_text(json.dumps(files))
            result = compare(_side(base_root, list_file), _side(ROOT, list_file))
            added, dropped = result.pop("added"), result.pop("dropped")
            result["files"] = len(files)
            result["new"] = [
                f"{k.replace(str(ROOT) + '/', '')}: {sorted(v[1])}: {_excerpt(v[0])}"
                for k, v in list(added.items())[: args.show]
            ]
            result["gone"] = [
                f"{k.replace(str(ROOT) + '/', '')}: {sorted(v[1])}: {_excerpt(v[0])}"
                for k, v in list(dropped.items())[: args.show]
            ]
            report[name] = result
    print(json.dumps(report, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
