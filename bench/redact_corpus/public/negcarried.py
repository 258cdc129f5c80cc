"""Build the ``negcarried`` negatives: harmless values that look random (temp and cache paths,
object keys and hashed URLs, public keys and certificate lines, hashes and digests, ids,
encoded non-secrets, published test vectors), each placed in five texts of a developer's
bug-fixing session: a ``command`` line, terminal ``output``, a unified diff (``patch``), a file
excerpt (``snapshot``) and a private note (``thought``). The values, their sources, the texts and
what was left out by hand are in ``negcarried_taken.py`` (read it for the labelling rule).

Run once, before any redaction is tried on the result (no network, no mirrors needed)::

    python bench/redact_corpus/public/negcarried.py

It checks every row of ``negcarried_taken.ROWS`` and stops with a message on any that breaks the
split's rules:

* the kind is ``<path|object|pubkey|hash|id|encoded|vector>:<what>``; at most ``PER_KIND`` rows
  a kind; ``SPEC.values`` values in all (110 to 130), of at least ``MIN_KINDS`` kinds;
* the source is a GitHub blob URL pinned to a 40-hex commit with one line (``#L<n>``), or an
  issue or pull-request thread URL;
* the five carriers are there and each holds the value verbatim (a plain substring test, so
  the value may sit anywhere in the text); ``command`` and ``thought`` are one line,
  ``output`` 2 to 8 lines, ``snapshot`` 3 to 15; ``patch`` starts with ``--- a/``, ``+++ b/``
  and ``@@ -`` lines and adds the value on a ``+`` line;
* no text has trailing whitespace, a carriage return or another control sign, private or
  encrypted armour, or anything a pattern of ``LOOKS_LIKE_A_CREDENTIAL`` (``realneg.py``, the
  negatives builders' one list) finds;
* no value is repeated, and none occurs in a text or value of another split's negatives or
  secrets file here (``*_negatives.jsonl``, ``*_secrets.jsonl``, ``negatives.jsonl``,
  ``secrets.jsonl``); no text holds a labelled secret value (8 signs or more) of a secrets file.

It then writes ``negcarried_negatives.jsonl``: one JSON object a line, keys sorted, one row per
(value, carrier) with ``id`` (``nk0001``... numbered after sorting by kind, source and value, then
carrier in the order command, output, patch, snapshot, thought), ``kind``, ``source``, ``split``,
``carrier``, ``value`` and ``text``. The file is committed, so CI never needs the network; a
second run writes the same bytes. There is no secrets file: the split is negatives only.
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from negcarried_taken import DROPPED_BY_HAND, ROWS  # noqa: E402
from realneg import LOOKS_LIKE_A_CREDENTIAL  # noqa: E402  (the negatives builders' one list)

PER_KIND = 6
MIN_KINDS = 30
CARRIERS = ("command", "output", "patch", "snapshot", "thought")
LINES = {"command": (1, 1), "output": (2, 8), "snapshot": (3, 15), "thought": (1, 1)}
CLASSES = ("path", "object", "pubkey", "hash", "id", "encoded", "vector")

KIND = re.compile(r"^(" + "|".join(CLASSES) + r"):[a-z0-9]+(?:-[a-z0-9]+)*$")
BLOB = re.compile(
    r"^https://github\.com/[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+/blob/[0-9a-f]{40}/\S+#L\d+$"
)
THREAD = re.compile(
    r"^https://github\.com/[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+/(issues|pull)/\d+$"
)
ARMOUR = re.compile(r"-----(BEGIN|END) ([A-Z0-9 ]+)-----")
PUBLIC_ARMOUR = {"CERTIFICATE", "CERTIFICATE REQUEST", "PUBLIC KEY", "PGP PUBLIC KEY BLOCK"}
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
HUNK = re.compile(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@")


@dataclass(frozen=True)
class Spec:
    """One carried negatives split: its name, its ids' prefix, the table module it is built
    from, how many values it wants, and the stricter checks a later split asked for."""

    split: str
    prefix: str
    table: str
    values: tuple[int, int]
    every_jsonl: bool = False
    """A value may occur in no other ``*.jsonl`` file here at all (else: in no other
    negatives or secrets file)."""
    hunk_counts: bool = False
    """Every hunk line is marked and each hunk holds the line counts its header says."""

    @property
    def out(self) -> str:
        return f"{self.split}_negatives.jsonl"


SPEC = Spec("negcarried", "nk", "negcarried_taken.py", (110, 130))


def load(path: Path) -> list[dict]:
    return [
        json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()
    ]


def strings(row: object) -> list[str]:
    """Every string held anywhere in a JSON row."""
    if isinstance(row, str):
        return [row]
    if isinstance(row, dict):
        return [s for v in row.values() for s in strings(v)]
    if isinstance(row, list):
        return [s for v in row for s in strings(v)]
    return []


def others(spec: Spec) -> tuple[str, set[str]]:
    """All strings of the other negatives and secrets files here (every other ``*.jsonl``
    with ``spec.every_jsonl``), joined, and the labelled values of the secrets files."""
    names = [
        p
        for p in sorted(HERE.glob("*.jsonl"))
        if p.name != spec.out
        and (
            spec.every_jsonl
            or p.name.endswith(("_negatives.jsonl", "_secrets.jsonl"))
            or p.name in {"negatives.jsonl", "secrets.jsonl"}
        )
    ]
    seen: list[str] = []
    secret_values: set[str] = set()
    for path in names:
        for row in load(path):
            seen.extend(strings(row))
            if (
                "secrets" in path.name
                and isinstance(row, dict)
                and isinstance(row.get("value"), str)
            ):
                secret_values.add(row["value"])
    return "\n\x00\n".join(seen), {v for v in secret_values if len(v) >= 8}


def hunk_problems(patch: list[str]) -> list[str]:
    """Hunk lines that are not context, added or removed lines, and hunks whose old and new
    line counts differ from their ``@@`` header."""
    found = []
    i = 2
    while i < len(patch):
        head = HUNK.match(patch[i])
        if not head:
            found.append(f"patch: line {i + 1} is neither a hunk header nor inside a hunk")
            break
        want = (int(head.group(1) or 1), int(head.group(2) or 1))
        old = new = 0
        i += 1
        while i < len(patch) and not patch[i].startswith("@@ "):
            line = patch[i]
            if line.startswith(" "):
                old, new = old + 1, new + 1
            elif line.startswith("-"):
                old += 1
            elif line.startswith("+"):
                new += 1
            elif line != "\\ No newline at end of file":
                found.append(f"patch: line {i + 1} has no ' ', '+' or '-' mark")
            i += 1
        if (old, new) != want:
            found.append(f"patch: hunk says -{want[0]} +{want[1]}, holds -{old} +{new}")
    return found


def problems(row: dict, spec: Spec = SPEC) -> list[str]:
    """Why one hand-written row breaks the split's rules (the build stops on any)."""
    found = []
    if set(row) != {"kind", "source", "value", *CARRIERS}:
        return [f"keys {sorted(row)}"]
    value = row["value"]
    if not KIND.match(row["kind"]):
        found.append("kind is not <class>:<what>")
    if not (BLOB.match(row["source"]) or THREAD.match(row["source"])):
        found.append("source is neither a pinned blob URL with #L<n> nor a thread URL")
    if not value or value != value.strip() or "\n" in value:
        found.append("value is empty, padded or spans lines")
    for carrier in CARRIERS:
        text = row[carrier]
        lines = text.split("\n")
        if value not in text:
            found.append(f"{carrier}: value not in the text")
        if carrier in LINES and not LINES[carrier][0] <= len(lines) <= LINES[carrier][1]:
            found.append(f"{carrier}: {len(lines)} lines")
        if any(line != line.rstrip() for line in lines):
            found.append(f"{carrier}: trailing whitespace")
        if not lines[0].strip() or not lines[-1].strip():
            found.append(f"{carrier}: blank first or last line")
        if CONTROL.search(text):
            found.append(f"{carrier}: control character")
        for _, label in ARMOUR.findall(text):
            if label not in PUBLIC_ARMOUR:
                found.append(f"{carrier}: armour {label!r}")
        for reason, pattern in LOOKS_LIKE_A_CREDENTIAL.items():
            if re.search(pattern, text):
                found.append(f"{carrier}: looks like a credential ({reason})")
    patch = row["patch"].split("\n")
    if not (
        len(patch) >= 4
        and patch[0].startswith("--- a/")
        and patch[1].startswith("+++ b/")
        and re.match(r"^@@ -\d+(,\d+)? \+\d+(,\d+)? @@", patch[2])
    ):
        found.append("patch: no ---/+++/@@ header")
    else:
        if not any(line.startswith("+") and value in line for line in patch[3:]):
            found.append("patch: the value is not on an added line")
        if spec.hunk_counts:
            found.extend(hunk_problems(patch))
    return found


def check(rows: list[dict], spec: Spec = SPEC) -> None:
    """Stop with a message if any row, or the table as a whole, breaks the rules."""
    bad = [(row.get("value", "?"), why) for row in rows for why in problems(row, spec)]
    values = Counter(row["value"] for row in rows)
    bad += [(v, f"value repeated {n} times") for v, n in values.items() if n > 1]
    seen, secret_values = others(spec)
    where = "another jsonl file" if spec.every_jsonl else "another negatives or secrets file"
    for row in rows:
        if row["value"] in seen:
            bad.append((row["value"], f"value occurs in {where} here"))
        for carrier in CARRIERS:
            if any(v in row[carrier] for v in secret_values):
                bad.append((row["value"], f"{carrier}: holds a value of a secrets file"))
    if bad:
        sys.exit(
            f"rows that break the rules (fix them by hand in {spec.table}):\n"
            + "\n".join(f"  {v[:60]}: {why}" for v, why in bad)
        )
    kinds = Counter(row["kind"] for row in rows)
    over = sorted(k for k, n in kinds.items() if n > PER_KIND)
    if over:
        sys.exit(f"more than {PER_KIND} values of kind(s) {over}")
    low, high = spec.values
    if not low <= len(rows) <= high:
        sys.exit(f"{len(rows)} values; the split wants {low} to {high}")
    if len(kinds) < MIN_KINDS:
        sys.exit(f"{len(kinds)} kinds; the split wants at least {MIN_KINDS}")
    clash = [
        p.name
        for p in sorted(HERE.glob("*.jsonl"))
        if p.name != spec.out
        and any(
            str(r.get("id", "")).startswith(spec.prefix) for r in load(p) if isinstance(r, dict)
        )
    ]
    if clash:
        sys.exit(f"ids starting with {spec.prefix!r} already used in {clash}")


def build(rows: list[dict], spec: Spec = SPEC) -> list[dict]:
    """One output row per (value, carrier), sorted and numbered; no checks, no I/O."""
    out = []
    for row in sorted(rows, key=lambda r: (r["kind"], r["source"], r["value"])):
        for carrier in CARRIERS:
            out.append(
                {
                    "carrier": carrier,
                    "kind": row["kind"],
                    "source": row["source"],
                    "split": spec.split,
                    "text": row[carrier],
                    "value": row["value"],
                }
            )
    for i, row in enumerate(out, 1):
        row["id"] = f"{spec.prefix}{i:04d}"
    return out


def render(rows: list[dict], spec: Spec = SPEC) -> str:
    """The bytes of the split's negatives file for ``rows`` (keys sorted, one row a line)."""
    return "".join(json.dumps(row, sort_keys=True) + "\n" for row in build(rows, spec))


def run(spec: Spec, table: list[dict], dropped: list[tuple[str, str]]) -> None:
    """Check ``table``, write the split's file and say what it holds."""
    rows = [dict(row) for row in table]
    check(rows, spec)
    (HERE / spec.out).write_text(render(rows, spec), encoding="utf-8")
    kinds = Counter(row["kind"] for row in rows)
    classes = Counter(kind.split(":")[0] for kind in kinds.elements())
    threads = sum(1 for row in rows if THREAD.match(row["source"]))
    texts = len(rows) * len(CARRIERS)
    print(f"{len(rows)} values of {len(kinds)} kinds, {texts} texts written to {spec.out}")
    print("  classes: " + ", ".join(f"{c} {classes[c]}" for c in CLASSES))
    print(f"  sources: {len(rows) - threads} pinned blob lines, {threads} threads")
    for kind, n in sorted(kinds.items()):
        print(f"  {n:3d}  {kind}")
    print(f"  read and left out by hand: {len(dropped)} notes")


if __name__ == "__main__":
    run(SPEC, ROWS, DROPPED_BY_HAND)
