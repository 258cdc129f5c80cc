"""Horusec's leaks rules and their samples, for the ``fresh5`` split (``fresh5.py`` writes
the files).

Each leaks rule of ``ZupIT/horusec`` (``internal/services/engines/leaks/rules.go``) names an
``UnsafeExample`` and a ``SafeExample``, Go string constants of
``internal/services/engines/leaks/samples.go``. Only those strings are taken (data facts,
each case citing ``samples.go`` pinned to ``COMMIT``).

Secrets: in each unsafe sample, the lines the safe sample does not have, each cut by
``ripsecrets.cut`` (the last quoted string, a URL's password); a private key's value is its
first line of key material. The kind is the rule's name. Negatives: the safe samples, vetted
in ``fresh5.py``; 25 of them are one docker-compose file with ``KEY: ${SECRET_KEY}``, of which
``TEMPLATES`` are taken.
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
import kingfisher  # noqa: E402
import noseyparker  # noqa: E402
import ripsecrets  # noqa: E402
import sonartext  # noqa: E402

MIRROR = Path("/work/.mirror/ZupIT+horusec/repo")
COMMIT = "873d4104a6aa89be8f86d93db8e416909d9add87"
LEAKS = "internal/services/engines/leaks"
MIN_LEN = noseyparker.MIN_LEN
TEMPLATES = 3
_TEMPLATE = re.compile(r"^\s*\w+: \$\{SECRET_KEY\}\s*$", re.M)
_CONST = re.compile(r"\b(SampleVulnerable|SampleSafe)HSLEAKS(\d+)\s*=\s*`(.*?)`", re.S)
_RULE = re.compile(r'ID:\s*"HS-LEAKS-(\d+)",\s*Name:\s*"([^"]+)"')

LEFT_OUT = {
    "1": "an AWS access key id is an identifier, not a secret",
    "5": "a Facebook client id is an identifier, not a secret",
    "7": "a Twitter client id is an identifier, not a secret",
    "9": "a LinkedIn client id is an identifier, not a secret",
    "14": "a Google OAuth client id (`….apps.googleusercontent.com`) is an identifier",
}
"""Rules (by number) whose unsafe sample holds no secret value to plant."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


class Samples:
    """Horusec's leaks rules at ``COMMIT``: number -> (name, unsafe sample, safe sample)."""

    def __init__(self, mirror: Path = MIRROR, commit: str = COMMIT) -> None:
        self.sha = commit
        rules = _git(mirror, "show", f"{commit}:{LEAKS}/rules.go")
        samples = _git(mirror, "show", f"{commit}:{LEAKS}/samples.go")
        names = dict(_RULE.findall(re.sub(r"\s+", " ", rules)))
        consts: dict[tuple[str, str], str] = {}
        for which, number, text in _CONST.findall(samples):
            consts[(which, number)] = text
        self.rules = {
            n: (names[n], consts[("SampleVulnerable", n)], consts[("SampleSafe", n)])
            for n in sorted(names, key=int)
        }

    def source(self) -> str:
        return f"https://github.com/ZupIT/horusec/blob/{self.sha}/{LEAKS}/samples.go"


def secrets(samples: Samples, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """The values of the unsafe samples' own lines."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for number, (name, unsafe, safe) in samples.rules.items():
        if number in LEFT_OUT:
            counts[f"horusec: HS-LEAKS-{number}: {LEFT_OUT[number]}"] += 1
            continue
        safe_lines = {line.strip() for line in safe.splitlines()}
        for line in unsafe.splitlines():
            if not line.strip() or line.strip() in safe_lines:
                continue
            value = ripsecrets.cut(line)
            if "-----BEGIN" in value:
                value = sonartext.key_body(line, "-----BEGIN") or ""
            value = noseyparker.clean(value).removeprefix("^")
            reason = (
                "no value cut" if not value
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else None
            )  # fmt: skip
            if reason:
                counts[f"horusec: values dropped: {reason}"] += 1
                continue
            seen.add(value)
            out.append({
                "kind": "horusec:" + _slug(name),
                "value": value,
                "source": samples.source(),
                "split": "fresh5",
                "example": unsafe.strip("\n"),
            })  # fmt: skip
    return out


def negative_candidates(samples: Samples, counts: Counter[str]) -> list[dict[str, Any]]:
    """The safe samples (the ``${SECRET_KEY}`` template ``TEMPLATES`` times), unvetted."""
    out = []
    templates = 0
    for _number, (name, _unsafe, safe) in samples.rules.items():
        if _TEMPLATE.search(safe):
            if templates >= TEMPLATES:
                counts["horusec: safe samples repeating the ${SECRET_KEY} template"] += 1
                continue
            templates += 1
        out.append({
            "kind": "horusec-fp:" + _slug(name),
            "text": safe.strip("\n"),
            "source": samples.source(),
            "split": "fresh5",
        })  # fmt: skip
    return out
