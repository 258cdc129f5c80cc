"""Assemble `prose_negatives.jsonl` from hand-picked, hand-labelled real paragraphs.

Sources, all labelled by reading before anything ran:

- `negatives/issues*.txt`: paragraphs cut verbatim from GitHub issue and pull-request threads
  (found and read with the `issues` search corpus); one block per paragraph.
- `negatives/commits.txt`: whole commit messages of public repositories fetched for this set
  (flask, cobra, sinatra, ripgrep, gson, express), written out once from `git log`.
- SWE-bench problem statements and hints in `bench/data/swebench/records.jsonl` and OpenHands
  agent thoughts in `tests/producers/fixtures/openhands/output.jsonl`, cut out below by
  start and end markers so the text stays verbatim.

A block in a `.txt` file starts with a header line
`%%% <carrier> | <kind> | <source URL> | <note>` followed by the paragraph's lines.

Run: python bench/redact_corpus/public/prose/negatives.py
"""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
OUT = HERE / "prose_negatives.jsonl"
SWEBENCH = ROOT / "bench/data/swebench/records.jsonl"
OPENHANDS = ROOT / "tests/producers/fixtures/openhands/output.jsonl"
CARRIERS = {"thought", "commit_message", "pr_description", "bug_report", "error_message"}
MAX_LINES = 15

# (instance_id, field, start marker, end marker, carrier, kind, note)
SWEBENCH_CUTS = [
    (
        "pydicom__pydicom-1458",
        "problem_statement",
        "**Describe the bug**",
        "table_C.7-11c)",
        "bug_report",
        "sha",
        "issue text linking a public commit SHA",
    ),
    (
        "pydicom__pydicom-1458",
        "problem_statement",
        "ds = Dataset()",
        "ds.PhotometricInterpretation = 'MONOCHROME2'",
        "bug_report",
        "id",
        "DICOM transfer-syntax UID (a public standard identifier)",
    ),
    (
        "pylint-dev__astroid-1268",
        "problem_statement",
        ">>> import astroid",
        "no attribute 'visit_unknown'",
        "error_message",
        "class-name",
        "Python traceback naming AsStringVisitor",
    ),
    (
        "pydicom__pydicom-1194",
        "problem_statement",
        "_E: Failed to encode",
        "Dataset_",
        "error_message",
        "path",
        "pynetdicom log with file paths",
    ),
    (
        "pydicom__pydicom-1194",
        "problem_statement",
        "But I used to send",
        "test.zip)",
        "bug_report",
        "number",
        "attachment URL with a numeric file id",
    ),
    (
        "pydicom__pydicom-1194",
        "hints_text",
        "Traceback (most recent call last):",
        "object is not subscriptable",
        "error_message",
        "path",
        "pydicom traceback",
    ),
    (
        "psf__requests-1963",
        "problem_statement",
        "POST /do_something HTTP/1.1",
        "Location: //failover.example.com/new_thing_1513",
        "bug_report",
        "number",
        "HTTP exchange with numbered example paths",
    ),
    (
        "psf__requests-2148",
        "problem_statement",
        '  File "/home/rtdean/.pyenv/versions/2.7.6/lib/python2.7/socket.py"',
        "Connection reset by peer",
        "error_message",
        "path",
        "traceback with an egg path holding a platform tag",
    ),
    (
        "pytest-dev__pytest-5103",
        "problem_statement",
        "- A generator expression",
        "at 0x101f82ed0>)",
        "bug_report",
        "address",
        "pytest assertion output with a generator's memory address",
    ),
    (
        "pytest-dev__pytest-5103",
        "problem_statement",
        "Package        Version",
        "six            1.12.0",
        "bug_report",
        "version",
        "pip list table of versions",
    ),
    (
        "pytest-dev__pytest-5692",
        "problem_statement",
        "Example of a junit XML report:",
        '<testcase name="testIoException()"',
        "bug_report",
        "date",
        "JUnit XML with an ISO timestamp and a host name",
    ),
    (
        "pytest-dev__pytest-7220",
        "problem_statement",
        "nox > pip freeze",
        "zipp==0.6.0",
        "bug_report",
        "version",
        "pip freeze output",
    ),
    (
        "pytest-dev__pytest-5227",
        "problem_statement",
        "DEBUG    django.db.backends",
        "DEBUG    multipart.multipart:multipart.py:604 Calling on_field_start with no data",
        "error_message",
        "mixed",
        "debug log lines with module paths and SQL",
    ),
    (
        "pytest-dev__pytest-7168",
        "hints_text",
        "platform linux -- Python 3.7.7",
        "collected 1 item",
        "error_message",
        "version-hash",
        "pytest dev version with a git hash (5.4.1.dev154+gbe6849644)",
    ),
    (
        "pytest-dev__pytest-11143",
        "hints_text",
        "I run it pass lasttime",
        "a few minutes ago.",
        "thought",
        "date",
        "comment with a date and versions",
    ),
    (
        "psf__requests-2674",
        "hints_text",
        "`TimeoutError` is almost certainly",
        "should cover us.",
        "thought",
        "class-name",
        "comment naming urllib3 classes and line-anchored URLs",
    ),
    (
        "psf__requests-2674",
        "hints_text",
        "Yeah, a quick search of the `urllib3` code",
        "track this down.",
        "thought",
        "class-name",
        "comment naming urllib3 classes",
    ),
]

# (instance_id, history index, start marker or "", carrier, kind, note)
OPENHANDS_CUTS = [
    ("ponylang__ponyc-4595", 32, "thought", "class-name", "agent thought naming a C flag"),
    ("ponylang__ponyc-4595", 44, "thought", "path", "agent thought with a workspace path"),
    ("ponylang__ponyc-4595", 46, "thought", "path", "agent thought with a build path"),
    ("ponylang__ponyc-4588", 4, "thought", "path", "agent thought with a workspace path"),
    ("ponylang__ponyc-4588", 20, "thought", "class-name", "agent thought naming a token kind"),
    ("ponylang__ponyc-4588", 67, "thought", "path", "agent thought with a build path"),
    ("ponylang__ponyc-4588", 81, "thought", "path", "agent thought with a build path"),
]


def parse_blocks(path: Path) -> list[dict]:
    rows = []
    header = None
    lines: list[str] = []

    def flush() -> None:
        if header is None:
            return
        carrier, kind, source, note = (p.strip() for p in header.split("|", 3))
        text = "\n".join(lines).strip("\n")
        rows.append(
            {
                "carrier": carrier,
                "kind": kind,
                "text": text,
                "source": source,
                "note": note,
                "origin": f"negatives/{path.name}",
            }
        )

    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("%%% "):
            flush()
            header = line[4:]
            lines = []
        else:
            lines.append(line)
    flush()
    return rows


def cut(text: str, start: str, end: str) -> str:
    i = text.index(start)
    j = text.index(end, i) + len(end)
    return text[i:j]


def swebench_rows() -> list[dict]:
    records = {}
    for line in SWEBENCH.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        records[r["instance_id"]] = r
    rows = []
    for iid, field, start, end, carrier, kind, note in SWEBENCH_CUTS:
        r = records[iid]
        number = iid.rsplit("-", 1)[1]
        rows.append(
            {
                "carrier": carrier,
                "kind": kind,
                "text": cut(r[field].replace("\r\n", "\n"), start, end),
                "source": f"https://github.com/{r['repo']}/pull/{number}",
                "note": f"{note}; SWE-bench {iid} {field} (the issue text linked from that PR)",
                "origin": f"bench/data/swebench/records.jsonl:{iid}:{field}",
            }
        )
    return rows


def openhands_rows() -> list[dict]:
    runs = {}
    for line in OPENHANDS.read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        runs[r["instance_id"]] = r
    rows = []
    for iid, index, carrier, kind, note in OPENHANDS_CUTS:
        step = runs[iid]["history"][index]
        text = step.get("thought") or (step.get("args") or {}).get("thought")
        number = iid.rsplit("-", 1)[1]
        rows.append(
            {
                "carrier": carrier,
                "kind": kind,
                "text": text.strip("\n"),
                "source": f"https://github.com/{runs[iid]['instance']['repo']}/pull/{number}",
                "note": f"{note}; OpenHands run on SWE-bench task {iid}, history step {index}",
                "origin": f"tests/producers/fixtures/openhands/output.jsonl:{iid}:{index}",
            }
        )
    return rows


def build() -> list[dict]:
    rows: list[dict] = []
    for path in sorted((HERE / "negatives").glob("*.txt")):
        rows.extend(parse_blocks(path))
    rows.extend(swebench_rows())
    rows.extend(openhands_rows())
    seen = set()
    out = []
    for row in rows:
        assert row["carrier"] in CARRIERS, row
        assert row["source"].startswith("https://github.com/"), row
        n = row["text"].count("\n") + 1
        assert 1 <= n <= MAX_LINES, (n, row["source"], row["text"][:80])
        if row["text"] in seen:
            continue
        seen.add(row["text"])
        out.append({"id": f"q{len(out) + 1:04d}", **row})
    return out


def main() -> None:
    rows = build()
    with OUT.open("w", encoding="utf-8", newline="\n") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"wrote {len(rows)} rows to {OUT.name}")


if __name__ == "__main__":
    main()
