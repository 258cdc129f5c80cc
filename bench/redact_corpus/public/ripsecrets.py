"""ripsecrets' test files, for the ``fresh4`` split (``fresh4.py`` writes the files).

``sirwart/ripsecrets`` tests itself on three kinds of file (``src/lib.rs``): each line of
``test/one_per_line/<name>`` must hold one secret, each file of ``test/one_per_file/`` one,
and ``test/none`` none. Only those files are taken (data facts, each case citing its file
pinned to the mirror's commit).

Secrets: ripsecrets' own patterns are not used to cut; each line is cut by our reading of
where its value sits (``cut``: a line that is the bare token, the content of an XML
element, the last quoted string, or what follows the first ``=``/``:`` of an assignment;
in URLs the password), each file by the first line of its key material. The example is
the line, or the whole file. Negatives: the lines of ``test/none``, vetted in
``fresh4.py``.
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
import build  # noqa: E402
import kingfisher  # noqa: E402
import noseyparker  # noqa: E402
import sonartext  # noqa: E402

MIRROR = Path("/work/.mirror/sirwart+ripsecrets/repo")
PER_FILE = 3
MIN_LEN = noseyparker.MIN_LEN

LEFT_OUT = {
    "aws_json": "its one secret is an AWS access key id (AKIA…), an identifier",
}
"""Test files that hold no secret value to plant."""

MISCUT = {
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
    "aWF0IjoxNTE2MjM5MDIyfQ": "jwt.io's sample token (`John Doe`) without its signature: a "
    "header and a payload anyone can read, no credential",
}
"""Values the cut gives that reading showed are no secret."""

MATCHERS = (
    r"[A-Za-z]+://\S{3,50}:(\S{8,50})@[\dA-Za-z#%&+./:=?_~-]+",
    r"\beyJ[\dA-Za-z=_-]+(?:\.[\dA-Za-z=_-]{3,}){1,4}",
    r"(?:gh[oprsu]|github_pat)_[\dA-Za-z_]{36}",
    r"glpat-[\dA-Za-z_=-]{20,22}",
    r"[rs]k_live_[\dA-Za-z]{24,247}",
    r"sq0i[a-z]{2}-[\dA-Za-z_-]{22,43}",
    r"sq0c[a-z]{2}-[\dA-Za-z_-]{40,50}",
    r"EAAA[\dA-Za-z+=-]{60}",
    r"AccountKey=[\d+/=A-Za-z]{88}",
    r"AIzaSy[\dA-Za-z_-]{33}",
    r"npm_[\dA-Za-z]{36}",
    r"//.+/:_authToken=[\dA-Za-z_-]+",
    r"xox[aboprs]-(?:\d+-)+[\da-z]+",
    r"<master>\{[\dA-Za-z]+\\}</master>",
    r"https://hooks\.slack\.com/services/T[\dA-Za-z_]+/B[\dA-Za-z_]+/[\dA-Za-z_]+",
    r"SG\.[\dA-Za-z_-]{22}\.[\dA-Za-z_-]{43}",
    r"(?:AC|SK)[\da-z]{32}",
    r"[\da-f]{32}-us\d{1,2}",
    r"s-s4t2(?:af|ud)-[\da-f]{64}",
    r"PuTTY-User-Key-File-2",
    r"AGE-SECRET-KEY-1[\dA-Z]{58}",
    r"-{5}BEGIN (?:DSA |EC |OPENSSH |RSA |SSH2 ENCRYPTED )?PRIVATE KEY-{5}(?:$|[^-]{63,}-{5}END)",
    r"-{5}BEGIN PGP PRIVATE KEY BLOCK-{5}(?:$|[^-]{63,}-{5}END)",
)
"""ripsecrets' fixed-format patterns (``src/lib.rs``, read as data), a judge of negatives:
a text one of them flags may be a true positive. Its randomness test has no pattern."""

_XML = re.compile(r"<(\w+)>(.+?)</\1>")
_QUOTED = re.compile(r'"([^"]*)"|\'([^\']*)\'')
_ASSIGNED = re.compile(r"[=:]\s*(\S+)$")
_NAME_FIRST = re.compile(r"[A-Za-z_][\w.]*\s*[=:]")
_URL_PASSWORD = re.compile(r"://[^\s:/@]+:([^\s@]+)@")


def judges(gitleaks: Path = build.GITLEAKS) -> dict[str, list[re.Pattern[str]]]:
    """The two judges the fourth to seventh splits vet negatives with: gitleaks' rules and
    ripsecrets' fixed-format patterns (a negative either matches is left out)."""
    return {
        "gitleaks": build.gitleaks_regexes(gitleaks),
        "ripsecrets": [re.compile(p, re.M) for p in MATCHERS],
    }


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


def cut(line: str) -> str:
    """Our reading of where a test line's value sits."""
    line = line.strip()
    if url := _URL_PASSWORD.search(line):
        return url.group(1)
    if re.fullmatch(r"\S+", line) and not _NAME_FIRST.match(line) and line[0] not in "<'\"/[":
        return line
    if xml := _XML.search(line):
        return xml.group(2)
    quoted = [a or b for a, b in _QUOTED.findall(line)]
    if quoted and quoted[-1]:
        return quoted[-1]
    if assigned := _ASSIGNED.search(line):
        return assigned.group(1)
    return line


class Tests:
    """ripsecrets' test files at the mirror's ``HEAD``."""

    def __init__(self, mirror: Path = MIRROR) -> None:
        self.mirror = mirror
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        self.paths = _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", "test").split()

    def text(self, path: str) -> str:
        return _git(self.mirror, "show", f"HEAD:{path}")

    def source(self, path: str) -> str:
        return f"https://github.com/sirwart/ripsecrets/blob/{self.sha}/{path}"


def secrets(tests: Tests, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """The value of each line of ``one_per_line`` and of each file of ``one_per_file``."""
    out: list[dict[str, Any]] = []
    kept: Counter[str] = Counter()
    seen: set[str] = set()
    for path in tests.paths:
        name = path.rsplit("/", 1)[1]
        text = tests.text(path)
        if path.startswith("test/one_per_line/"):
            cases = [(cut(line), line.strip()) for line in text.splitlines() if line.strip()]
        elif path.startswith("test/one_per_file/"):
            if name in LEFT_OUT:
                counts[f"ripsecrets: {name}: {LEFT_OUT[name]}"] += 1
                continue
            head = re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----", text)
            cases = [(sonartext.key_body(text, head.group(0)) if head else "", text.strip("\n"))]
        else:
            continue
        for value, example in cases:
            value = noseyparker.clean(value or "")
            reason = (
                "no value cut" if not value
                else "read as no secret (MISCUT)" if value in MISCUT
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-file cap" if kept[name] >= PER_FILE
                else None
            )  # fmt: skip
            if reason:
                counts[f"ripsecrets: lines dropped: {reason}"] += 1
                continue
            kept[name] += 1
            seen.add(value)
            out.append({
                "kind": "ripsecrets:" + name,
                "value": value,
                "source": tests.source(path),
                "split": "fresh4",
                "example": example,
            })  # fmt: skip
    return out


def negative_candidates(tests: Tests, counts: Counter[str]) -> list[dict[str, Any]]:
    """The lines of ``test/none``, unvetted (``fresh4.py`` vets them)."""
    out = []
    for line in tests.text("test/none").splitlines():
        line = line.strip()
        if len(line) < MIN_LEN:
            counts["ripsecrets: none lines under 8 characters"] += 1
            continue
        out.append({
            "kind": "ripsecrets-fp:none",
            "text": line,
            "source": tests.source("test/none"),
            "split": "fresh4",
        })  # fmt: skip
    return out
