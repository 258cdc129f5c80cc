"""SonarSource's secrets rules and their labelled examples, for the ``fresh4`` split
(``fresh4.py`` writes the files).

Each provider file of ``sonar-text-plugin/src/main/resources/org/sonar/plugins/secrets/
configuration/`` in ``SonarSource/sonar-text`` lists rules, and each rule ``examples``:
a ``text`` with ``containsSecret: true`` and the ``match`` the rule must report, or
``containsSecret: false`` (a text the rule must let pass). Only those strings are taken
(data facts, each case citing its provider file pinned to ``COMMIT``).

``COMMIT`` is not the mirror's ``HEAD``: in 2025 most provider files left the public
repository (86 at ``COMMIT``, 29 at ``HEAD``), so the split is cut from the last commit
that still held them all.

Secrets: the ``match`` as the test states it, except where it is no secret as stated: a
private key's match is its PEM header (or PuTTY's first line), so the value is the first
line of key material after it (``KEY_BODY``); a match spanning a string concatenation or a
line continuation is left out (``MISCUT``), as are the rules that find no secret
(``LEFT_OUT``). Negatives: the ``containsSecret: false`` texts, vetted in ``fresh4.py``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import kingfisher  # noqa: E402
import noseyparker  # noqa: E402

MIRROR = Path("/work/.mirror/SonarSource+sonar-text/repo")
COMMIT = "09186199c4e70bb2bebf232184dbbbb42390a73a"
"""The last commit (2024-10-19) holding all 86 provider files."""
CONFIG = "sonar-text-plugin/src/main/resources/org/sonar/plugins/secrets/configuration"
PER_RULE = 3
MIN_LEN = noseyparker.MIN_LEN
NEGATIVES_PER_RULE = 2
"""Negatives kept per rule (the first ones in the file, before vetting): 391 texts, many
of a rule being the same line with one part changed, are more than anyone can read."""

KEY_BODY = re.compile(r"[A-Za-z0-9+/]{40,}={0,2}(?![A-Za-z0-9+/=])")
"""The first line of key material after a PEM header or PuTTY's ``Private-Lines``."""
TEMPLATE = re.compile(r"props\.set\(\s*\"[^\"]+\",\s*System\.getenv\(")
"""The documentation's compliant template (``props.set("x_key", System.getenv("X_KEY"))``)
that 34 negative texts repeat; ``TEMPLATES`` of them are taken."""
TEMPLATES = 3
_KEY_START = re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY(?: BLOCK)?-----|Private-Lines: \d+")

LEFT_OUT = {
    "aws-access-key-ids": "an AWS access key id is an identifier, not a secret",
    "alibaba-access-key-ids": "an Alibaba AccessKey id is an identifier, not a secret",
    "mapbox-secret-token": "its examples are redacted tokens: the payload's token id reads "
    "REMOVED, XXXXXXXX-REMOVED-XXXXXXXX or dummy",
}
"""Rules whose examples give no secret value to plant."""

MISCUT = {
    "aws-session-tokens": 'both matches span a string concatenation (`" +\\n"`) or an '
    "indented line continuation: the token as stated is no single string",
}
"""Rules whose match, as the test states it, is not the secret's text."""

NO_SECRET = {
    "postgres": "the service's name, the default password of its Docker image: a word "
    "every Postgres config holds (as a label it would bar 14 negatives that name the service)",
}
"""Stated matches that reading showed are no secret to plant."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


class Providers:
    """Sonar's provider files at ``COMMIT``, each rule with its examples."""

    def __init__(self, mirror: Path = MIRROR, commit: str = COMMIT) -> None:
        self.mirror = mirror
        self.sha = commit
        paths = _git(mirror, "ls-tree", "-r", "--name-only", commit, CONFIG).split()
        self.rules: list[dict[str, Any]] = []
        for path in paths:
            if not path.endswith(".yaml"):
                continue
            spec = yaml.safe_load(_git(mirror, "show", f"{commit}:{path}"))
            for rule in spec["provider"]["rules"]:
                self.rules.append({**rule, "path": path})

    def source(self, path: str) -> str:
        return f"https://github.com/SonarSource/sonar-text/blob/{self.sha}/{path}"


def key_body(text: str, match: str) -> str | None:
    """The first line of key material after the header the test states as the match."""
    start = text.find(match.strip())
    if start < 0:
        return None
    header = _KEY_START.search(text, start)
    if not header:
        return None
    # JSON strings hold the key with ``\n`` escapes: read them as line breaks (the body
    # found is in the text either way, only its left border changes)
    rest = text[header.end() :].replace("\\n", "\n ")
    body = KEY_BODY.search(rest)
    return body.group(0) if body else None


def secrets(providers: Providers, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """The stated matches of the ``containsSecret: true`` examples."""
    out: list[dict[str, Any]] = []
    kept: Counter[str] = Counter()
    seen: set[str] = set()
    for rule in providers.rules:
        for ex in rule.get("examples") or []:
            if not ex.get("containsSecret"):
                continue
            text, match = ex["text"], ex.get("match") or ""
            if rule["id"] in LEFT_OUT:
                counts[f"sonar: examples of {rule['id']}: {LEFT_OUT[rule['id']]}"] += 1
                continue
            if rule["id"] in MISCUT:
                counts[f"sonar: examples of {rule['id']}: {MISCUT[rule['id']]}"] += 1
                continue
            pem = "BEGIN" in match or match.startswith("PuTTY-User-Key-File")
            value = (key_body(text, match) if pem else match) or ""
            value = noseyparker.clean(value)
            reason = (
                "no match stated" if not value
                else "read as no secret (NO_SECRET)" if value in NO_SECRET
                else "match not in its text" if value not in text
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-rule cap" if kept[rule["id"]] >= PER_RULE
                else None
            )  # fmt: skip
            if reason:
                counts[f"sonar: examples dropped: {reason}"] += 1
                continue
            kept[rule["id"]] += 1
            seen.add(value)
            out.append({
                "kind": "sonar:" + rule["id"],
                "value": value,
                "source": providers.source(rule["path"]),
                "split": "fresh4",
                "example": text.strip("\n"),
            })  # fmt: skip
    return out


def negative_candidates(providers: Providers, counts: Counter[str]) -> list[dict[str, Any]]:
    """The first ``NEGATIVES_PER_RULE`` ``containsSecret: false`` texts of each rule (the
    ``props.set`` template only ``TEMPLATES`` times in all), unvetted (``fresh4.py`` vets
    them)."""
    out = []
    templates = 0
    for rule in providers.rules:
        taken = 0
        for ex in rule.get("examples") or []:
            if ex.get("containsSecret"):
                continue
            text = ex["text"].strip()
            if len(text) < MIN_LEN:
                counts["sonar: negative texts under 8 characters"] += 1
                continue
            if TEMPLATE.search(text):
                if templates >= TEMPLATES:
                    counts["sonar: negative texts repeating the props.set template"] += 1
                    continue
                templates += 1
            if taken >= NEGATIVES_PER_RULE:
                counts["sonar: negative texts over the per-rule cap"] += 1
                continue
            taken += 1
            out.append({
                "kind": "sonar-fp:" + rule["id"],
                "text": text,
                "source": providers.source(rule["path"]),
                "split": "fresh4",
            })  # fmt: skip
    return out
