"""Whispers' test fixtures, for the ``fresh4`` split's negatives (``fresh4.py`` writes the
files).

``Skyscanner/whispers`` tests itself on config and code files (``tests/fixtures/``) that
mark a *Compliant* part (``# Compliant``, ``// Compliant``, ``<!-- Compliant -->``, a
``compliant:`` key, a ``[compliant]`` section, a ``<compliant>`` element) before a
*Noncompliant* one; its tests assert that every value found in a fixture contains the word
``hardcoded``, so nothing in a compliant part may be found. Only the compliant lines are
taken (data facts, each citing its fixture pinned to the mirror's commit), and the files the
tests say hold no secret at all (``WHOLE``). A ``.json`` or ``.xml`` fixture with a ``.yml``
twin (``apikeys.yml``, ``.json``, ``.xml``) says the same in other syntax and is not taken.

No secrets come from here: every noncompliant value is a marked stand-in
(``hardcoded1``, ``YXNkZmZmZmZm_HARDcoded``, ``AKIAHI38FAKE1IWUQEEN``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import noseyparker  # noqa: E402

MIRROR = Path("/work/.mirror/Skyscanner+whispers/repo")
FIXTURES = "tests/fixtures"
MIN_LEN = noseyparker.MIN_LEN

WHOLE = ("custom.yml",)
"""Fixtures the tests count no secret in at all (``test_detection_by_value``: 0); their
``.json`` and ``.xml`` twins are not taken."""

NOT_ABOUT_SECRETS = {
    "creditcards.yml": "its compliant part is numbers that are no card number",
    "paths.yml": "its compliant part is values that are no path (one reads "
    "`th1s/c0uldb3/ap4assw0rd`)",
    "excluded.yml": "its first part is excluded by configuration, not compliant "
    "(`DB_PASSWORD=justForTesting`)",
}
"""Fixtures whose compliant part is labelled for another rule than a secret's."""

PER_FIXTURE = 8
"""Lines kept per fixture: the language fixtures repeat one placeholder per line."""
NAMES_A_SECRET = re.compile(r"(?i)pass|pwd|secret|token|key|auth|cred|user|login|hook|://")
"""A compliant line is taken when it names a secret or a credential's place (or holds a
URL): the hard negatives, code that names a secret and holds none. The others
(``if 1 == 1:``, ``<info>metadata</info>``) are no near miss."""
_START = re.compile(r"(?i)^(?:#|//|<!--)?\s*[\[<\"]?compliant[\]>\"]?\s*:?\s*\{?\s*(?:-->)?$")
_END = re.compile(r"(?i)^(?:#|//|<!--)?\s*(?:[\[<\"]?non-?compliant\b.*|</compliant>)$")
_COMMENT = re.compile(r"^(?:#|//|<!--|/\*|\*)")
_STRUCTURE = re.compile(r"^(?:</?[\w.-]+/?>|[\w-]+:|[\[\]{}(),;]+|\w+\s*\{|\?>|<\?php)$")


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


class Fixtures:
    """Whispers' fixtures at the mirror's ``HEAD``."""

    def __init__(self, mirror: Path = MIRROR) -> None:
        self.mirror = mirror
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        self.paths = _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", FIXTURES).split()

    def text(self, path: str) -> str:
        return _git(self.mirror, "show", f"HEAD:{path}")

    def source(self, path: str) -> str:
        return f"https://github.com/Skyscanner/whispers/blob/{self.sha}/{path}"


def compliant_lines(text: str) -> list[str]:
    """The lines between a compliant marker and the next noncompliant one."""
    out, inside = [], False
    for line in text.splitlines():
        bare = line.strip()
        if _START.match(bare):
            inside = True
        elif _END.match(bare):
            inside = False
        elif inside:
            out.append(bare)
    return out


def negative_candidates(fixtures: Fixtures, counts: Counter[str]) -> list[dict[str, Any]]:
    """Compliant lines of every fixture, unvetted (``fresh4.py`` vets them)."""
    out = []
    names = {path[len(FIXTURES) + 1 :] for path in fixtures.paths}
    for path in fixtures.paths:
        name = path[len(FIXTURES) + 1 :]
        stem, _, ext = name.rpartition(".")
        if ext in ("json", "xml") and f"{stem}.yml" in names:
            counts["whispers: .json/.xml twins of a .yml fixture not taken"] += 1
            continue
        if name in NOT_ABOUT_SECRETS:
            counts[f"whispers: {name} not taken: {NOT_ABOUT_SECRETS[name]}"] += 1
            continue
        text = fixtures.text(path)
        lines = text.splitlines() if name in WHOLE else compliant_lines(text)
        taken = 0
        for line in lines:
            line = line.strip()
            if len(line) < MIN_LEN or _COMMENT.match(line) or _STRUCTURE.match(line):
                counts["whispers: lines under 8 characters, comments or bare structure"] += 1
                continue
            if not NAMES_A_SECRET.search(line):
                counts["whispers: lines naming no secret"] += 1
                continue
            if taken >= PER_FIXTURE:
                counts["whispers: lines over the per-fixture cap"] += 1
                continue
            taken += 1
            out.append({
                "kind": "whispers-fp:" + name,
                "text": line,
                "source": fixtures.source(path),
                "split": "fresh4",
            })  # fmt: skip
    return out
