"""Build the ``fresh24`` split: credentials people pasted into public GitHub issue and
pull-request threads, and hard negatives copied from the same kind of pasted material.

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh24.py

The cases are the hand-read tables of ``fresh24_taken.py`` (its docstring says how they were
found, the labelling rules and what was left out). This script only checks them, numbers them
and writes ``fresh24_secrets.jsonl`` (ids ``gp0001``...) and ``fresh24_negatives.jsonl`` (ids
``gpn0001``...); both are committed, so CI never needs the network. No id of another file
starts with ``gp``.

Checks (any failure stops the build, nothing is dropped silently): every secret has a ``kind``
of the form ``<service-or-tool>:<what>``, a value of ``MIN_LEN`` signs or more that its
``example`` holds, a boolean ``sure`` and a thread address as ``source``
(``https://github.com/<owner>/<repo>/(issues|pull)/<n>``, optionally with
``#issuecomment-<n>`` or ``#discussion_r<n>``); every negative has a kind, a source of the same
form and a text of 1 to ``MAX_LINES`` lines; no kind has more than ``MAX_PER_KIND`` secrets;
no value and no negative text repeats; no value occurs in any other ``*.jsonl`` file of this
folder (in any string field of any row); no negative text occurs there either, and no negative
holds a value of another split's secrets file (of ``MIN_LEN`` signs or more) or of this split.

``fresh25.py`` builds its holdout of the same kind with :func:`build`, naming this split as its
sibling: no source of it may be a thread this split cites.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fresh24_taken  # noqa: E402

MIN_LEN = 6
MAX_LINES = 10
MAX_PER_KIND = 3
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


def outputs(split: str) -> tuple[str, str]:
    """The split's secrets and negatives files."""
    return f"{split}_secrets.jsonl", f"{split}_negatives.jsonl"


def earlier_files(split: str) -> list[Path]:
    """Every other ``.jsonl`` file of this folder (the split's own outputs excluded)."""
    own = set(outputs(split))
    return [p for p in sorted(HERE.glob("*.jsonl")) if p.name not in own]


def earlier_texts_and_values(split: str) -> tuple[str, set[str]]:
    """All string fields of all rows of the other files, joined (for substring tests), and the
    values of the other splits' secrets files."""
    texts: list[str] = []
    values: set[str] = set()
    for path in earlier_files(split):
        for row in load(path):
            for field in row.values():
                if isinstance(field, str):
                    texts.append(field)
            if path.name.endswith("secrets.jsonl") and isinstance(row.get("value"), str):
                values.add(row["value"])
    return "\n\x00\n".join(texts), values


def _row_problems(row: dict, fp: bool) -> list[str]:
    """A row's kind and source: a thread's comment, as this split and fresh25 cite them."""
    where = row["source"]
    problems = [] if KIND.fullmatch(row["kind"]) else [f"{where}: kind {row['kind']!r}"]
    return problems if SOURCE.fullmatch(where) else [*problems, f"source {where!r}"]


def check(
    secrets: list[dict],
    negatives: list[dict],
    split: str,
    sibling: str | None = None,
    *,
    row_problems: Callable[[dict, bool], list[str]] = _row_problems,
    min_len: int = MIN_LEN,
) -> list[str]:
    """Every check the module docstring lists; ``row_problems`` checks a row's kind and source
    (``fp``: a negative), ``min_len`` is the shortest secret (a split of other sources may
    differ in both: fresh26 cites files pinned to commits)."""
    problems: list[str] = []
    joined, earlier_values = earlier_texts_and_values(split)
    kinds: Counter[str] = Counter(s["kind"] for s in secrets)
    problems += [f"kind {k!r} has {n} secrets" for k, n in kinds.items() if n > MAX_PER_KIND]
    if sibling is not None:
        taken = sibling_threads(sibling)
        for row in secrets + negatives:
            if thread(row["source"]) in taken:
                problems.append(f"{row['source']}: a thread that {sibling} cites")
    seen: Counter[str] = Counter(s["value"] for s in secrets)
    problems += [f"repeated value {v!r}" for v, n in seen.items() if n > 1]
    texts: Counter[str] = Counter(n["text"] for n in negatives)
    problems += [f"repeated negative {t[:40]!r}" for t, n in texts.items() if n > 1]

    for s in secrets:
        value, where = s["value"], s["source"]
        if set(s) != {"kind", "source", "value", "example", "sure"}:
            problems.append(f"{where}: secret fields {sorted(s)}")
        problems += row_problems(s, False)
        if not isinstance(s["sure"], bool):
            problems.append(f"{where}: sure is not a bool")
        if len(value) < min_len:
            problems.append(f"{where}: value {value!r} shorter than {min_len}")
        if value not in s["example"]:
            problems.append(f"{where}: example does not hold {value!r}")
        if value in joined:
            problems.append(f"{where}: value {value!r} occurs in an earlier file")

    ours = {s["value"] for s in secrets}
    long_earlier = {v for v in earlier_values if len(v) >= MIN_LEN}
    for n in negatives:
        text, where = n["text"], n["source"]
        if set(n) != {"kind", "source", "text"}:
            problems.append(f"{where}: negative fields {sorted(n)}")
        problems += row_problems(n, True)
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


def sibling_threads(sibling: str) -> set[str]:
    """The threads that the sibling split's two files cite."""
    threads: set[str] = set()
    for name in outputs(sibling):
        threads |= {thread(row["source"]) for row in load(HERE / name)}
    return threads


def write_split(
    split: str, prefix: str, secrets: list[dict], negatives: list[dict], problems: list[str]
) -> tuple[str, str]:
    """Stop on ``problems``; else number the rows ``<prefix>0001``… (negatives
    ``<prefix>n0001``…), write both files and return their names."""
    if problems:
        sys.exit(f"{split} tables do not pass their checks:\n  " + "\n  ".join(problems))
    for i, row in enumerate(secrets, 1):
        row["id"] = f"{prefix}{i:04d}"
        row["split"] = split
    for i, row in enumerate(negatives, 1):
        row["id"] = f"{prefix}n{i:04d}"
        row["split"] = split
    secrets_out, negatives_out = outputs(split)
    write(secrets_out, secrets)
    write(negatives_out, negatives)
    return secrets_out, negatives_out


def build(split: str, prefix: str, taken: ModuleType, sibling: str | None = None) -> None:
    """Check ``taken``'s tables, number their rows ``<prefix>0001``… and write the split."""
    secrets = [dict(s) for s in taken.SECRETS]
    negatives = [dict(n) for n in taken.NEGATIVES]
    secrets_out, negatives_out = write_split(
        split, prefix, secrets, negatives, check(secrets, negatives, split, sibling)
    )

    sources = [r["source"] for r in secrets + negatives]
    threads = {thread(s) for s in sources}
    repos = {SOURCE.fullmatch(s)["repo"] for s in sources}
    secret_threads = {thread(r["source"]) for r in secrets}
    unsure = sum(not r["sure"] for r in secrets)
    print(f"{len(secrets)} secrets of {len(Counter(r['kind'] for r in secrets))} kinds")
    print(f"  sure: false on {unsure}; from {len(secret_threads)} threads")
    print(f"{len(negatives)} negatives of {len(Counter(r['kind'] for r in negatives))} kinds")
    print(f"{len(threads)} threads of {len(repos)} repositories")
    print(f"written to {secrets_out} and {negatives_out}")


def main() -> None:
    build("fresh24", "gp", fresh24_taken)


if __name__ == "__main__":
    main()
