"""Build the ``fresh7`` split from earlybird's, Talisman's and ggshield's tests and rule
examples (three sources no rule here was tuned on, nor any earlier split taken from).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/fresh7.py

(``fetch github:americanexpress/earlybird``, ``fetch github:thoughtworks/talisman``,
``fetch github:GitGuardian/ggshield`` and the gitleaks mirror that ``build.py`` uses bring
what it reads; each mirror's ``HEAD`` is the commit its cases cite.) It writes
``fresh7_secrets.jsonl`` and ``fresh7_negatives.jsonl``; both are committed, so CI never
needs the network. The cases are tables read by hand (``earlybird.py``, ``talisman.py``,
``ggshield.py``); this script finds each in its file at the pinned commit (so a table that
no longer matches its source fails loudly), cites its line and applies the filters.

A secret is kept only if it is 8 signs or longer, shows more than four distinct signs, is no
value of an earlier split, passes the placeholder tests (``build._placeholder``,
``kingfisher.placeholder``, ``fresh6.repeated_run`` but for a JWT), was not read as no secret (each
source's ``NO_SECRET``), is no repeat, and its kind has fewer than ``PER_KIND``. A negative
is kept as ``fresh5`` keeps one (``fresh2.vet``): no gitleaks rule and no fixed-format
pattern of ripsecrets matches it, it holds no labelled value, it is no repeat.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import earlybird  # noqa: E402
import fresh2  # noqa: E402
import fresh6  # noqa: E402
import ggshield  # noqa: E402
import golit  # noqa: E402
import kingfisher  # noqa: E402
import ripsecrets  # noqa: E402
import talisman  # noqa: E402
from carriers import load, write  # noqa: E402

SPLIT = "fresh7"
PER_KIND = 3
MIN_LEN = 8
SOURCES = (("earlybird", earlybird), ("talisman", talisman), ("ggshield", ggshield))
EARLIER_SECRETS = (*fresh6.EARLIER_SECRETS, "fresh6_secrets.jsonl")
EARLIER_NEGATIVES = (*fresh6.EARLIER_NEGATIVES, "fresh6_negatives.jsonl")


class Source:
    """One source's mirror, read at its ``HEAD`` (the commit every case cites)."""

    def __init__(self, name: str, module: Any) -> None:
        self.name = name
        self.module = module
        self.path: Path = module.MIRROR
        self.commit = self._git("rev-parse", "HEAD").strip()
        self._texts: dict[str, str] = {}

    def _git(self, *args: str) -> str:
        return subprocess.check_output(["git", "-C", str(self.path), *args], text=True)

    def text(self, path: str) -> str:
        if path not in self._texts:
            self._texts[path] = self._git("show", f"{self.commit}:{path}")
        return self._texts[path]

    def strings(self, path: str) -> list[str]:
        """The string constants a Go or Python file builds from adjacent or ``+``-joined
        literals (``golit`` for Go, the parser for Python); nothing is run."""
        text = self.text(path)
        if path.endswith(".py"):
            tree = ast.parse(text)
            nodes = [n for n in ast.walk(tree) if isinstance(n, ast.Constant)]
            return [n.value for n in nodes if isinstance(n.value, str)]
        if path.endswith(".go"):
            toks = golit.lex(text)
            evaluate = golit.Evaluator(golit.definitions(toks))
            out = []
            for node in golit.definitions(toks).values():
                try:
                    value = evaluate(node)
                except (golit.Unsupported, StopIteration, IndexError, TypeError):
                    continue
                if isinstance(value, str):
                    out.append(value)
            return out
        return []

    def locate(self, path: str, needle: str, value: str) -> tuple[int, str]:
        """The first line holding ``needle`` (1-based) and the example: that line, or the
        whole string constant when the value is built over several lines."""
        lines = self.text(path).splitlines()
        at = next((i for i, line in enumerate(lines, 1) if needle in line), None)
        if at is None:
            raise LookupError(f"{self.name}: {needle[:40]!r} not in {path}")
        line = lines[at - 1].strip()
        if value in line:
            return at, line
        built = next((s for s in self.strings(path) if value in s), None)
        if built is None:
            raise LookupError(f"{self.name}: {value[:40]!r} not in {path}")
        return at, built.strip()

    def source(self, path: str, line: int) -> str:
        return f"https://github.com/{self.module.REPO}/blob/{self.commit}/{path}#L{line}"


_JWT = re.compile(r"eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$")
"""A JWT's claims say runs twice by nature (an issuer's and an audience's URL), so the
repeated-run test is not asked of one."""


def _repeats(value: str) -> bool:
    return fresh6.repeated_run(value) and not _JWT.match(value)


def _reason(value: str, seen: set[str], earlier: set[str], no_secret: dict[str, str]) -> str | None:
    return (
        "read as no secret (NO_SECRET)" if value in no_secret
        else "repeated" if value in seen
        else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
        else "four or fewer distinct signs" if len(set(value.lower())) <= 4
        else "a value of an earlier split" if value in earlier
        else "placeholder (build.py's test)" if build._placeholder(value)
        else "placeholder (fresh2's filter)" if kingfisher.placeholder(value)
        else "placeholder (a run said twice)" if _repeats(value)
        else None
    )  # fmt: skip


def secrets(sources: list[Source], earlier: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    kept: Counter[str] = Counter()
    for src in sources:
        for path, kind, value, anchor in src.module.SECRETS:
            line, example = src.locate(path, anchor or value, value)
            reason = _reason(value, seen, earlier, src.module.NO_SECRET)
            if reason is None and kept[kind] >= PER_KIND:
                reason = f"over {PER_KIND} per kind"
            seen.add(value)
            if reason:
                counts[f"{src.name}: secrets dropped: {reason}"] += 1
                continue
            kept[kind] += 1
            out.append({
                "kind": kind,
                "value": value,
                "source": src.source(path, line),
                "split": SPLIT,
                "example": example,
            })  # fmt: skip
    return out


def negative_candidates(sources: list[Source]) -> list[dict[str, Any]]:
    out = []
    for src in sources:
        for path, kind, text in src.module.NEGATIVES:
            line, _ = src.locate(path, text, text)
            out.append(
                {"kind": kind, "text": text, "source": src.source(path, line), "split": SPLIT}
            )
    return out


def main() -> None:
    counts: Counter[str] = Counter()
    sources = [Source(name, module) for name, module in SOURCES]
    earlier = {row["value"] for name in EARLIER_SECRETS for row in load(name)}
    found = secrets(sources, earlier, counts)
    for i, row in enumerate(found, 1):
        row["id"] = f"q{i:04d}"

    labelled = {v for v in earlier | {r["value"] for r in found} if len(v) >= MIN_LEN}
    known_neg = {row["text"] for name in EARLIER_NEGATIVES for row in load(name)}
    judges = ripsecrets.judges()
    candidates = negative_candidates(sources)
    negs = fresh2.vet(candidates, judges, known_neg, labelled, counts, {})
    for i, row in enumerate(negs, 1):
        row["id"] = f"qn{i:04d}"

    write("fresh7_secrets.jsonl", found)
    write("fresh7_negatives.jsonl", negs)
    for src in sources:
        print(f"{src.name} {src.commit}")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    for name, _ in SOURCES:
        rows = [r for r in found if r["kind"].startswith(name + ":")]
        print(f"  {name}: {len(rows)} secrets of {len({r['kind'] for r in rows})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for name, _ in SOURCES:
        rows = [r for r in negs if r["kind"].startswith(name + "-fp:")]
        print(f"  {name}-fp: {len(rows)} negatives of {len({r['kind'] for r in rows})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
