"""Rebuild ``streams.redact.names.RARE_PAIRS``: the letter pairs that names and words in
real code and prose almost never hold.

Run: ``python bench/letter_pairs.py [--root DIR] [--files N] [--per-million F]``. It reads
the ``.py`` files under ``--root`` (default: the installed packages of this interpreter;
their identifiers, docstrings and comments are the names and English a developer writes),
splits every word at its case changes (``addEventListener`` is three words), counts each
pair of adjacent lower-case letters, and prints the pairs seen less than ``F`` times per
million pairs, as the lines of ``names._RARE_PAIRS_LISTED``. The table there was built
with the defaults on the project's CI interpreter (29.8 million pairs from 6,000 files):
313 of the 676 pairs are rare. A random 16-letter draw holds four or more of them in 93 %
of draws; of the 6,843 16-letter words in 24,678 package and documentation files on this
machine, 19 do (eight distinct: a cryptography constant, networkx's Boykov-Kolmogorov module,
alphabets, user names run together).
"""

from __future__ import annotations

import argparse
import random
import re
import string
import sysconfig
from collections import Counter
from pathlib import Path

_WORD = re.compile(r"[A-Za-z]+")
_CASE_PART = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")


def count_pairs(paths: list[Path]) -> tuple[Counter[str], int]:
    """Adjacent lower-case letter pairs of every word part of the files."""
    pairs: Counter[str] = Counter()
    total = 0
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8", errors="ignore")
        except OSError:
            continue
        for word in _WORD.findall(text):
            for part in _CASE_PART.findall(word):
                low = part.lower()
                for pair in zip(low, low[1:], strict=False):
                    pairs["".join(pair)] += 1
                    total += 1
    return pairs, total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=Path(sysconfig.get_paths()["purelib"]))
    parser.add_argument("--files", type=int, default=6000, help="files drawn (seed 1)")
    parser.add_argument("--per-million", type=float, default=100.0)
    args = parser.parse_args()
    paths = sorted(args.root.rglob("*.py"))
    random.Random(1).shuffle(paths)
    pairs, total = count_pairs(paths[: args.files])
    rare = [
        a + b
        for a in string.ascii_lowercase
        for b in string.ascii_lowercase
        if pairs[a + b] * 1e6 < args.per_million * total
    ]
    print(f"# {total} pairs from {min(len(paths), args.files)} files; {len(rare)} rare")
    line = ""
    for pair in rare:
        if len(line) + 3 > 84:
            print(f'    "{line}"')
            line = ""
        line += pair + " "
    print(f'    "{line.rstrip()}"')


if __name__ == "__main__":
    main()
