"""Build the ``fresh25`` split: credentials people pasted into public GitHub issue and
pull-request threads, and hard negatives copied from the same kind of pasted material (taken
from other threads than ``fresh24``'s).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh25.py

The cases are the hand-read tables of ``fresh25_taken.py`` (its docstring says how they were
found, the labelling rules and what was left out). This script only checks them, numbers them
and writes ``fresh25_secrets.jsonl`` (ids ``gq0001``...) and ``fresh25_negatives.jsonl`` (ids
``gqn0001``...); both are committed, so CI never needs the network. No id of another file
starts with ``gq``.

Checks (any failure stops the build, nothing is dropped silently): every secret has a ``kind``
of the form ``<service-or-tool>:<what>``, a value of ``MIN_LEN`` signs or more that its
``example`` holds, a boolean ``sure`` and a thread address as ``source``
(``https://github.com/<owner>/<repo>/(issues|pull)/<n>``, optionally with
``#issuecomment-<n>`` or ``#discussion_r<n>``); every negative has a kind, a source of the same
form and a text of 1 to ``MAX_LINES`` lines; no kind has more than ``MAX_PER_KIND`` secrets; no
value and no negative text repeats; no value occurs in any other ``*.jsonl`` file of this folder
(in any string field of any row); no negative text occurs there either, and no negative holds a
value of another split's secrets file (of ``MIN_LEN`` signs or more) or of this split; no
source is a thread that ``fresh24_secrets.jsonl`` or ``fresh24_negatives.jsonl`` cites.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fresh25_taken  # noqa: E402

SPLIT = "fresh25"
PREFIX = "gq"
SECRETS_OUT = f"{SPLIT}_secrets.jsonl"
NEGATIVES_OUT = f"{SPLIT}_negatives.jsonl"
MIN_LEN = 6
MAX_LINES = 10
MAX_PER_KIND = 3
SIBLING = "fresh24"  # an earlier split of the same kind: its threads may not be reused
SOURCE = re.compile(
    r"https://github\.com/(?P<repo>[\w.-]+/[\w.-]+)/(?:issues|pull)/\d+"
    r"(?:#issuecomment-\d+|#discussion_r\d+)?"
)
KIND = re.compile(r"[a-z0-9][a-z0-9.-]*:[a-z0-9][a-z0-9.-]*")


def load(path: Path) -> list[dict]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rows.append(json.loads(line))
    return rows


def write(name: str, rows: list[dict]) -> None:
    lines = [json.dumps(row, sort_keys=True) for row in rows]
    (HERE / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


def earlier_files() -> list[Path]:
    """Every other ``.jsonl`` file of this folder (this split's own outputs excluded)."""
    own = {SECRETS_OUT, NEGATIVES_OUT}
    return [p for p in sorted(HERE.glob("*.jsonl")) if p.name not in own]


def earlier_texts_and_values() -> tuple[str, set[str]]:
    """All string fields of all rows of the other files, joined (for substring tests), and the
    values of the other splits' secrets files."""
    texts: list[str] = []
    values: set[str] = set()
    for path in earlier_files():
        for row in load(path):
            for field in row.values():
                if isinstance(field, str):
                    texts.append(field)
            if path.name.endswith("secrets.jsonl") and isinstance(row.get("value"), str):
                values.add(row["value"])
    return "\n\x00\n".join(texts), values


def check(secrets: list[dict], negatives: list[dict]) -> list[str]:
    problems: list[str] = []
    joined, earlier_values = earlier_texts_and_values()
    seen: Counter[str] = Counter(s["value"] for s in secrets)
    problems += [f"repeated value {v!r}" for v, n in seen.items() if n > 1]
    texts: Counter[str] = Counter(n["text"] for n in negatives)
    problems += [f"repeated negative {t[:40]!r}" for t, n in texts.items() if n > 1]

    for s in secrets:
        value, where = s["value"], s["source"]
        if set(s) != {"kind", "source", "value", "example", "sure"}:
            problems.append(f"{where}: secret fields {sorted(s)}")
        if not KIND.fullmatch(s["kind"]):
            problems.append(f"{where}: kind {s['kind']!r}")
        if not SOURCE.fullmatch(where):
            problems.append(f"source {where!r}")
        if not isinstance(s["sure"], bool):
            problems.append(f"{where}: sure is not a bool")
        if len(value) < MIN_LEN:
            problems.append(f"{where}: value {value!r} shorter than {MIN_LEN}")
        if value not in s["example"]:
            problems.append(f"{where}: example does not hold {value!r}")
        if value in joined:
            problems.append(f"{where}: value {value!r} occurs in an earlier file")

    kinds: Counter[str] = Counter(s["kind"] for s in secrets)
    problems += [f"kind {k!r} has {n} secrets" for k, n in kinds.items() if n > MAX_PER_KIND]
    taken = sibling_threads()
    for row in secrets + negatives:
        if thread(row["source"]) in taken:
            problems.append(f"{row['source']}: a thread that {SIBLING} cites")

    ours = {s["value"] for s in secrets}
    long_earlier = {v for v in earlier_values if len(v) >= MIN_LEN}
    for n in negatives:
        text, where = n["text"], n["source"]
        if set(n) != {"kind", "source", "text"}:
            problems.append(f"{where}: negative fields {sorted(n)}")
        if not KIND.fullmatch(n["kind"]):
            problems.append(f"{where}: kind {n['kind']!r}")
        if not SOURCE.fullmatch(where):
            problems.append(f"source {where!r}")
        if not text.strip() or len(text.splitlines()) > MAX_LINES:
            problems.append(f"{where}: negative of {len(text.splitlines())} lines")
        if text in joined:
            problems.append(f"{where}: negative {text[:40]!r} occurs in an earlier file")
        held = [v for v in ours | long_earlier if v in text]
        if held:
            problems.append(f"{where}: negative holds labelled value(s) {held}")
    return problems


def thread(source: str) -> str:
    return source.split("#", 1)[0]


def sibling_threads() -> set[str]:
    """The threads that the sibling split's two files cite."""
    threads: set[str] = set()
    for name in (f"{SIBLING}_secrets.jsonl", f"{SIBLING}_negatives.jsonl"):
        threads |= {thread(row["source"]) for row in load(HERE / name)}
    return threads


def main() -> None:
    secrets = [dict(s) for s in fresh25_taken.SECRETS]
    negatives = [dict(n) for n in fresh25_taken.NEGATIVES]
    problems = check(secrets, negatives)
    if problems:
        sys.exit(f"{SPLIT} tables do not pass their checks:\n  " + "\n  ".join(problems))

    for i, row in enumerate(secrets, 1):
        row["id"] = f"{PREFIX}{i:04d}"
        row["split"] = SPLIT
    for i, row in enumerate(negatives, 1):
        row["id"] = f"{PREFIX}n{i:04d}"
        row["split"] = SPLIT
    write(SECRETS_OUT, secrets)
    write(NEGATIVES_OUT, negatives)

    sources = [r["source"] for r in secrets + negatives]
    threads = {thread(s) for s in sources}
    repos = {SOURCE.fullmatch(s)["repo"] for s in sources}
    secret_threads = {thread(r["source"]) for r in secrets}
    unsure = sum(not r["sure"] for r in secrets)
    print(f"{len(secrets)} secrets of {len(Counter(r['kind'] for r in secrets))} kinds")
    print(f"  sure: false on {unsure}; from {len(secret_threads)} threads")
    print(f"{len(negatives)} negatives of {len(Counter(r['kind'] for r in negatives))} kinds")
    print(f"{len(threads)} threads of {len(repos)} repositories")
    print(f"written to {SECRETS_OUT} and {NEGATIVES_OUT}")


if __name__ == "__main__":
    main()
