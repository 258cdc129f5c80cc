"""Keys the ``said`` reading finds in real prose: a baseline engine and this tree's.

Run: ``python bench/redact_real_prose.py [--base main] [--mirrors /work/.mirror] [--show 30]``.

The ``said`` reading (``streams/redact/said.py``) takes words of a person's text that read
as keys, with no keyword beside them; it runs on thoughts, commit and PR messages, bug
reports and error messages. Recall on the labelled prose set (``bench/redact_prose.py``)
says nothing about what it takes from prose nobody labelled, so this scan runs both
engines' ``said_keys`` on real prose and prints every text whose said keys changed: each
must be read and be a real key or a form to fix. Sources: the commit messages of every
repository fetched under ``--mirrors`` (``git log --all``, distinct messages; the mirrors
live outside this repository, so the figure is for a machine that has them) and the real
issue reports in ``tests/mre/corpus``.

``--whole`` runs the whole text rules instead (``Redactor.redact_text``, as a thought or a
commit message is stored) on the texts that name a credential (a password, token, secret,
key or credentials noun: 164,942 of 2.59 M here), and prints every text whose stored form
changed, with the number that gained and that lost a redaction: a reading written against a
config file's form (fetchmail's ``pass "…"``) can take a sentence's words.

The baseline is ``git archive <base>`` in a temporary folder; each side runs in its own
interpreter (the two engines share module names).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import tempfile
from pathlib import Path

from bench.redact_real_text import _baseline, run_in_tree
from streams.redact.prose import PROSE_ACTED, PROSE_STATUS

ROOT = Path(__file__).resolve().parents[1]

_SIDE = r"""
import json, sys
from streams.redact.said import said_keys
for line in open(sys.argv[1], encoding="utf-8"):
    text = json.loads(line)
    print(json.dumps([text[a:b] for a, b in said_keys(text)]))
"""

_WHOLE_SIDE = r"""
import json, sys
from streams.redact.engine import Redactor
redactor = Redactor()
for line in open(sys.argv[1], encoding="utf-8"):
    print(json.dumps(redactor.redact_text(json.loads(line))[0]))
"""
_ACT_TRIGGERS = (trigger for rule in (*PROSE_ACTED, *PROSE_STATUS) for trigger in rule.triggers)
_NAMES_A_CREDENTIAL = re.compile(
    r"(?i)pass|pwd|\bpw\b|cred|token|secret|key|" + "|".join(map(re.escape, _ACT_TRIGGERS))
)
"""What the text rules' triggers need before any rule runs (a secret's name, or a
credential's act or the 401 answered to it: ``prose.PROSE_ACTED``, ``prose.PROSE_STATUS``):
other texts cannot change."""


def commit_messages(mirrors: Path) -> set[str]:
    """Distinct commit messages of every bare repository ``<mirrors>/<name>/repo``."""
    messages: set[str] = set()
    for repo in sorted(mirrors.glob("*/repo")):
        log = subprocess.run(
            ["git", "--git-dir", str(repo), "log", "--all", "--format=%B%x00"],
            capture_output=True,
            text=True,
            errors="replace",
            check=False,
        ).stdout
        messages.update(m.strip() for m in log.split("\x00") if m.strip())
    return messages


def issue_reports() -> set[str]:
    reports = set()
    for path in sorted((ROOT / "tests" / "mre" / "corpus").rglob("*")):
        if path.is_file():
            reports.add(path.read_text(encoding="utf-8", errors="replace"))
    return reports


def _side(root: Path, texts_file: Path, code: str = _SIDE) -> list[str]:
    return run_in_tree(root, code, texts_file).splitlines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="main", help="baseline commit (default: main)")
    parser.add_argument("--mirrors", type=Path, default=Path("/work/.mirror"))
    parser.add_argument("--show", type=int, default=30, help="changed texts to print")
    parser.add_argument(
        "--whole", action="store_true", help="the whole text rules on texts naming a credential"
    )
    args = parser.parse_args()
    messages = commit_messages(args.mirrors) if args.mirrors.is_dir() else set()
    texts = sorted(messages | issue_reports())
    if args.whole:
        whole(args.base, [t for t in texts if _NAMES_A_CREDENTIAL.search(t)], args.show)
        return
    with tempfile.TemporaryDirectory() as tmp:
        texts_file = Path(tmp) / "texts.jsonl"
        texts_file.write_text("".join(json.dumps(t) + "\n" for t in texts), encoding="utf-8")
        base = _side(_baseline(args.base, Path(tmp)), texts_file)
        new = _side(ROOT, texts_file)
    changed = [
        {"text": t[:200], "base": json.loads(b), "new": json.loads(n)}
        for t, b, n in zip(texts, base, new, strict=True)
        if b != n
    ]
    print(
        json.dumps(
            {
                "base": args.base,
                "commit_messages": len(messages),
                "texts": len(texts),
                "texts_with_said_keys_base": sum(b != "[]" for b in base),
                "texts_with_said_keys_new": sum(n != "[]" for n in new),
                "texts_changed": len(changed),
                "changed": changed[: args.show],
            },
            indent=2,
            ensure_ascii=False,
        )
    )


def whole(base: str, texts: list[str], show: int) -> None:
    """Both engines' stored form of each text; the texts that changed, and how."""
    with tempfile.TemporaryDirectory() as tmp:
        texts_file = Path(tmp) / "texts.jsonl"
        texts_file.write_text("".join(json.dumps(t) + "\n" for t in texts), encoding="utf-8")
        old = _side(_baseline(base, Path(tmp)), texts_file, _WHOLE_SIDE)
        new = _side(ROOT, texts_file, _WHOLE_SIDE)
    changed = [(json.loads(b), json.loads(n)) for b, n in zip(old, new, strict=True) if b != n]
    gained = [n for b, n in changed if n.count("[REDACTED") > b.count("[REDACTED")]
    print(
        json.dumps(
            {
                "base": base,
                "texts_naming_a_credential": len(texts),
                "texts_changed": len(changed),
                "texts_gaining_a_redaction": len(gained),
                "texts_losing_one": sum(
                    n.count("[REDACTED") < b.count("[REDACTED") for b, n in changed
                ),
                "gained": [n[:300] for n in gained[:show]],
                "changed": [{"base": b[:300], "new": n[:300]} for b, n in changed[:show]],
            },
            indent=2,
            ensure_ascii=False,
        )
    )


if __name__ == "__main__":
    main()
