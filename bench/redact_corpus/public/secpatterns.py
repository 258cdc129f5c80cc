"""GitHub's custom secret scanning patterns and their tests, for the ``fresh5`` split
(``fresh5.py`` writes the files).

Each ``patterns.yml`` of ``advanced-security/secret-scanning-custom-patterns`` gives its
patterns a ``test`` (``data``, with the match's ``start_offset``/``end_offset``) and the
``expected`` matches in the test files of its folder (file ``name`` and offsets); the test
runner (``testing/test.py``) fails on a match that is not expected. Only those strings are
taken (data facts, each case citing its file pinned to ``COMMIT``).

Secrets: each stated match, cut at its offsets; for a private key, the first line of key
material after its header. The example is the test data, or the lines of the test file the
match spans (a key file whole). Left out: the patterns that find no credential
(``LEFT_OUT``). Negatives: the lines of ``vendors/not_okta.txt``, the file the Okta
patterns must not match, vetted in ``fresh5.py``.
"""

from __future__ import annotations

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
import sonartext  # noqa: E402

MIRROR = Path("/work/.mirror/advanced-security+secret-scanning-custom-patterns/repo")
COMMIT = "9b84660dfcad6cc3d0e2c40a1a5f61dd7edca4b9"
PER_TYPE = 3
MIN_LEN = noseyparker.MIN_LEN
NEGATIVE_FILES = ("vendors/not_okta.txt",)

LEFT_OUT = {
    "common_passwords_shortlist": "a list of common passwords, words on their own",
    "github_actions_sha_checker": "an action reference, no secret",
    "azure_sql_connection_string": "a database host name, no secret",
    "uuids": "UUIDs, identifiers",
    "ssh_public_key": "a public key",
    "hardcoded_internal_emails": "e-mail addresses",
    "hardcoded_internal_urls": "whole URLs (their passwords are taken as hardcoded_uri_passwords)",
    "any_ipv4_addresses": "IP addresses",
    "ghcr_typos": "a misspelt registry host",
    "arc": "a password store's metadata record, no secret in it",
}
"""Pattern types whose matches are no credential; the ``pii`` folder (card numbers, IBANs,
national ids) is not taken either."""

NO_SECRET = {
    "password123": "a stand-in (`password` and a count)",
    "Password12": "a stand-in (`Password` and a count)",
    "Password12!": "a stand-in (`Password` and a count)",
    'password="Password123': "the test's offsets cut into the assignment; a stand-in",
    "password123\n  andsomemore\nother_field: foo": "a YAML block with a stand-in",
    "MySecureSecretPassword!": "a stand-in that names its role",
    "mynewcreds": "a stand-in that names its role",
    "AKETOKENFORTESTING": "cut one sign late from `FAKETOKENFORTESTING`, which says it is fake",
    "this_is_just_a_test": "says it is a test",
    "this_is_also_a_test": "says it is a test",
    "Data Source=eee,1433;Initial Catalog=bbb;Integrated Security=False;User ID=ccc@aaa;"
    "Password=ddd;": "a whole connection string of stand-ins (`ddd`)",
    "jdbc:mysql://localhost:3306/mydb?user=root&password=toor": "a whole JDBC URL; its "
    "password (`toor`) is under 8 signs",
    "aabbccddeeff0011223344556677889900a1b1c1d1e1f1011121314151617181": "typed pairs "
    "counting up (`aabbcc…`, `a1b1c1…`)",
    "aabbccddeeff00112233445566778899": "typed pairs counting up (`aabbcc…0011…`)",
    "user:ZrQyYJbcgw8YtyzGT3Hn": "the BrowserStack key labelled on its own, with a user in front",
}
"""Stated matches that reading showed are no secret to plant."""


def _git(repo: Path, *args: str) -> bytes:
    return subprocess.check_output(["git", "-C", str(repo), *args])


class Patterns:
    """The pattern files at ``COMMIT``, each pattern with its folder."""

    def __init__(self, mirror: Path = MIRROR, commit: str = COMMIT) -> None:
        self.mirror = mirror
        self.sha = commit
        paths = _git(mirror, "ls-tree", "-r", "--name-only", commit).decode().split()
        self.patterns: list[dict[str, Any]] = []
        for path in paths:
            folder = path.rsplit("/", 1)[0]
            if not path.endswith("/patterns.yml") or folder.split("/")[0] == "pii":
                continue
            spec = yaml.safe_load(self.raw(path))
            for pattern in spec["patterns"]:
                self.patterns.append({**pattern, "folder": folder, "path": path})

    def raw(self, path: str) -> bytes:
        return _git(self.mirror, "show", f"{self.sha}:{path}")

    def source(self, path: str) -> str:
        return (
            "https://github.com/advanced-security/secret-scanning-custom-patterns/blob/"
            f"{self.sha}/{path}"
        )


def _lines_around(content: str, start: int, end: int) -> str:
    first = content.rfind("\n", 0, start) + 1
    last = content.find("\n", end)
    return content[first : last if last >= 0 else len(content)]


def _cases(patterns: Patterns, pattern: dict[str, Any]) -> list[tuple[str, str, str]]:
    """(value, example, path) of each stated match of a pattern."""
    out = []
    tests = pattern.get("test") or []
    for test in tests if isinstance(tests, list) else [tests]:
        data = test.get("data") or ""
        start, end = test.get("start_offset", 0), test.get("end_offset", len(data))
        out.append((data[start:end], data, pattern["path"]))
    for exp in pattern.get("expected") or []:
        path = f"{pattern['folder']}/{exp['name']}"
        raw = patterns.raw(path)
        start, end = exp.get("start_offset", 0), exp.get("end_offset", 0)
        value = raw[start:end].decode("utf-8", "replace")
        content = raw.decode("utf-8", "replace")
        if "PRIVATE KEY" in value:
            out.append((value, content.strip("\n"), path))
        else:
            prefix = len(raw[:start].decode("utf-8", "replace"))
            out.append((value, _lines_around(content, prefix, prefix + len(value)), path))
    return out


def secrets(patterns: Patterns, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """The stated matches of every pattern that finds a credential."""
    out: list[dict[str, Any]] = []
    kept: Counter[str] = Counter()
    seen: set[str] = set()
    for pattern in patterns.patterns:
        kind = pattern["type"]
        if kind in LEFT_OUT:
            counts[f"secpatterns: {kind}: {LEFT_OUT[kind]}"] += 1
            continue
        for value, example, path in _cases(patterns, pattern):
            if "PRIVATE KEY" in value:
                value = sonartext.key_body(example, "") or ""
            value = noseyparker.clean(value)
            reason = (
                "no value cut" if not value
                else "read as no secret (NO_SECRET)" if value in NO_SECRET
                else "match not in its example" if value not in example
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-type cap" if kept[kind] >= PER_TYPE
                else None
            )  # fmt: skip
            if reason:
                counts[f"secpatterns: matches dropped: {reason}"] += 1
                continue
            kept[kind] += 1
            seen.add(value)
            out.append({
                "kind": "secpatterns:" + kind,
                "value": value,
                "source": patterns.source(path),
                "split": "fresh5",
                "example": example,
            })  # fmt: skip
    return out


def negative_candidates(patterns: Patterns, counts: Counter[str]) -> list[dict[str, Any]]:
    """The lines of ``NEGATIVE_FILES`` but comments, unvetted."""
    out = []
    for path in NEGATIVE_FILES:
        for line in patterns.raw(path).decode().splitlines():
            line = line.strip()
            if len(line) < MIN_LEN or line.startswith("#"):
                counts["secpatterns: comment or short lines"] += 1
                continue
            out.append({
                "kind": "secpatterns-fp:" + path.rsplit("/", 1)[1].split(".")[0],
                "text": line,
                "source": patterns.source(path),
                "split": "fresh5",
            })  # fmt: skip
    return out
