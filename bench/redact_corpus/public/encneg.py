# ruff: noqa: E501  (tables of sources: one case per line reads best)
"""Build the ``encneg`` negatives: real lines and short chunks that look like secrets (random,
encoded, key-shaped) and are none: public keys and certificates in their real containers,
encoded non-secrets, hashes and ids. The rows, their sources and what was left out by hand
are in ``encneg_taken.py`` (read it for the labelling rule).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/encneg.py

It checks every row of ``encneg_taken.ROWS`` and stops on any that breaks the split's rules:

* the kind is ``<pubkey|encoded|hash|id>:<what>``; at most ``PER_KIND`` rows a kind;
* the source is a GitHub blob URL pinned to a 40-hex commit with ``#L<a>`` or ``#L<a>-L<b>``
  (as many lines as the text has), or an issue or pull-request thread URL;
* the text is 1 to ``MAX_LINES`` lines, none longer than ``MAX_LEN`` signs, none with trailing
  whitespace, neither the first nor the last blank; it holds no private-key or encrypted
  armour (``-----BEGIN`` only for ``CERTIFICATE``, ``PUBLIC KEY``, ``PGP SIGNATURE``), and no
  pattern of ``LOOKS_LIKE_A_CREDENTIAL`` (the patterns of ``realneg.py``, repeated here so this
  builder stays a plain reader of data files) finds anything in it.

Where the snapshot a blob source names is under ``/work/.mirror`` (``--mirrors``) and holds the
pinned commit, the lines are read again at that commit and must equal the text; otherwise the
row is counted as not re-checked (the build needs neither network nor mirrors). Repeats within
the split, texts of the other splits' negatives files and rows that contain a value of any
secrets file here stop the build too: the table was cleaned of them by hand. It numbers the
rows ``nc0001``… (sorted by kind, source and text) and writes ``encneg_negatives.jsonl`` (keys
sorted, one JSON object a line; committed, so CI never needs the network). There is no secrets
file: the split is negatives only.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from realneg import LOOKS_LIKE_A_CREDENTIAL  # noqa: E402  (the negatives builders' one list)

sys.path.insert(0, str(HERE))
from encneg_taken import DROPPED_BY_HAND, ROWS  # noqa: E402

OUT = "encneg_negatives.jsonl"
SPLIT = "encneg"
PREFIX = "nc"
MAX_LEN = 400
MAX_LINES = 8
PER_KIND = 20
MIRRORS = Path("/work/.mirror")

KIND = re.compile(r"^(pubkey|encoded|hash|id):[a-z0-9-]+$")
BLOB = re.compile(
    r"^https://github\.com/([^/]+/[^/]+)/blob/([0-9a-f]{40})/(\S+?)#L(\d+)(?:-L(\d+))?$"
)
THREAD = re.compile(r"^https://github\.com/[^/]+/[^/]+/(issues|pull)/\d+(#\S+)?$")
ARMOUR = re.compile(r"-----(BEGIN|END) ([A-Z0-9 ]+)-----")
PUBLIC_ARMOUR = {"CERTIFICATE", "PUBLIC KEY", "PGP SIGNATURE"}


def load(name: str) -> list[dict]:
    path = HERE / name
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def problem(row: dict) -> str | None:
    """Why a hand-read row breaks the split's rules (the build stops on any)."""
    text, source = row["text"], row["source"]
    lines = text.split("\n")
    if not KIND.match(row["kind"]):
        return "kind"
    blob = BLOB.match(source)
    if blob:
        first, last = int(blob.group(4)), int(blob.group(5) or blob.group(4))
        if last - first + 1 != len(lines):
            return f"line range #L{first}-L{last} does not fit {len(lines)} lines"
    elif not THREAD.match(source):
        return "source is neither a pinned blob URL nor a thread URL"
    if not 1 <= len(lines) <= MAX_LINES:
        return f"{len(lines)} lines"
    if any(len(line) > MAX_LEN for line in lines):
        return f"a line longer than {MAX_LEN} signs"
    if any(line != line.rstrip() for line in lines):
        return "trailing whitespace"
    if not lines[0].strip() or not lines[-1].strip():
        return "blank first or last line"
    if "\x1b" in text or "\r" in text:
        return "control character"
    for _, label in ARMOUR.findall(text):
        if label not in PUBLIC_ARMOUR:
            return f"armour {label!r}"
    for reason, pattern in LOOKS_LIKE_A_CREDENTIAL.items():
        if re.search(pattern, text):
            return reason
    return None


def git_dir(mirrors: Path, repo: str) -> Path:
    base = mirrors / repo.replace("/", "+") / "repo"
    return base / ".git" if (base / ".git").is_dir() else base


def recheck(rows: list[dict], mirrors: Path) -> tuple[int, int]:
    """Re-read blob rows whose snapshot is here; stop on a mismatch. Returns (checked, not)."""
    bodies: dict[tuple[str, str, str], list[str] | None] = {}
    checked = skipped = 0
    for row in rows:
        m = BLOB.match(row["source"])
        if not m:
            skipped += 1
            continue
        repo, commit, path = m.group(1), m.group(2), unquote(m.group(3))
        first, last = int(m.group(4)), int(m.group(5) or m.group(4))
        key = (repo, commit, path)
        if key not in bodies:
            gd = git_dir(mirrors, repo)
            bodies[key] = None
            if gd.is_dir():
                done = subprocess.run(
                    ["git", f"--git-dir={gd}", "cat-file", "-p", f"{commit}:{path}"],
                    capture_output=True,
                    text=True,
                    errors="replace",
                )
                if done.returncode == 0:
                    bodies[key] = done.stdout.split("\n")
        body = bodies[key]
        if body is None:
            skipped += 1
            continue
        text = "\n".join(line.rstrip() for line in body[first - 1 : last])
        if text != row["text"]:
            sys.exit(f"{row['source']} no longer matches the text read by hand")
        checked += 1
    return checked, skipped


def earlier() -> tuple[set[str], set[str]]:
    """Texts of every other negatives file here, values of every secrets file here."""
    texts: set[str] = set()
    for path in sorted(HERE.glob("*negatives*.jsonl")):
        if path.name != OUT:
            texts |= {row["text"] for row in load(path.name)}
    values: set[str] = set()
    for path in sorted(HERE.glob("*secrets*.jsonl")):
        values |= {row["value"] for row in load(path.name) if row.get("value")}
    return texts, values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirrors", type=Path, default=MIRRORS)
    args = parser.parse_args()

    others = [p.name for p in sorted(HERE.glob("*.jsonl")) if p.name != OUT]
    clash = [n for n in others if any(str(r.get("id", "")).startswith(PREFIX) for r in load(n))]
    if clash:
        sys.exit(f"ids starting with {PREFIX!r} already used in {clash}")

    rows = [dict(row) for row in ROWS]
    bad = [(row["source"], why) for row in rows if (why := problem(row))]
    texts, values = earlier()
    seen: set[str] = set()
    for row in rows:
        if row["text"] in seen:
            bad.append((row["source"], "repeat within the split"))
        seen.add(row["text"])
        if row["text"] in texts:
            bad.append((row["source"], "text of another split's negatives"))
        if any(value in row["text"] for value in values):
            bad.append((row["source"], "holds a value of a secrets file"))
    if bad:
        sys.exit(
            "rows that break the rules (drop them by hand):\n"
            + "\n".join(f"  {s}: {w}" for s, w in bad)
        )
    per_kind = Counter(row["kind"] for row in rows)
    over = sorted(k for k, n in per_kind.items() if n > PER_KIND)
    if over:
        sys.exit(f"more than {PER_KIND} rows of kind(s) {over}")
    checked, skipped = recheck(rows, args.mirrors)

    rows.sort(key=lambda r: (r["kind"], r["source"], r["text"]))
    for i, row in enumerate(rows, 1):
        row["id"] = f"{PREFIX}{i:04d}"
        row["split"] = SPLIT
    (HERE / OUT).write_text(
        "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows), encoding="utf-8"
    )

    repos = {BLOB.match(r["source"]).group(1) for r in rows if BLOB.match(r["source"])}
    families = Counter(r["kind"].split(":")[0] for r in rows)
    print(
        f"{len(rows)} negatives of {len(per_kind)} kinds from {len(repos)} repositories written to {OUT}"
    )
    print("  families: " + ", ".join(f"{f} {n}" for f, n in sorted(families.items())))
    for kind, n in sorted(per_kind.items()):
        print(f"  {n:3d}  {kind}")
    print(
        f"  re-read at the pinned commit: {checked}; not re-checked (no snapshot here): {skipped}"
    )
    print(f"  read and left out by hand: {len(DROPPED_BY_HAND)} files")


if __name__ == "__main__":
    main()
