"""Trivy's secret scanner test files, for the ``fresh5`` split (``fresh5.py`` writes the
files).

``aquasecurity/trivy`` tests its built-in secret rules (``pkg/fanal/secret/scanner_test.go``)
on the files of ``pkg/fanal/secret/testdata/``: a test names a file and the findings it
expects, by rule id, or none at all. Only those files are taken (data facts, each case
citing its file pinned to ``COMMIT``).

Secrets: the files whose test expects a finding of a built-in rule (``POSITIVE``), each value
cut by our reading of where it sits (one pattern per file, its first group), or, for a
private key, the first line of key material after its header. Negatives: the lines of the
files whose test expects no finding (``NEGATIVE``), vetted in ``fresh5.py``.
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
import sonartext  # noqa: E402

MIRROR = Path("/work/.mirror/aquasecurity+trivy/repo")
COMMIT = "dc3c56eed58ab21c7e08d26757c517bc946a86c5"
TESTDATA = "pkg/fanal/secret/testdata"
PER_RULE = 3
MIN_LEN = noseyparker.MIN_LEN
PEM = "PEM"
"""Instead of a pattern: the value is the first line of key material after the header."""

POSITIVE: tuple[tuple[str, str, str], ...] = (
    ("aws-secrets.txt", "aws-secret-access-key", r"(?i)aws_sec\w*'?\W+\"([\w/+]{40})\""),
    ("asymmetric-private-key.txt", "private-key", PEM),
    ("asymmetric-private-secret.txt", "private-key", PEM),
    ("asymmetric-private-secret.json", "private-key", PEM),
    ("azure-ai-services-key.txt", "azure-ai-services-key", r"^(\S+)$"),
    ("azure-app-config-connection-string.txt", "azure-app-config-connection-string",
     r";Secret=([^;\s]+)"),
    ("azure-container-registry-credential.txt", "azure-container-registry-credential",
     r"^(\S+)$"),
    ("azure-devops-pat.txt", "azure-devops-pat", r"=(\w{52})$"),
    ("azure-entra-client-secret.txt", "azure-entra-client-secret", r"=(\S+)$"),
    ("azure-sas-token.txt", "azure-sas-token", r"&sig=([^&\s]+)"),
    ("azure-storage-account-key.txt", "azure-storage-account-key", r"AccountKey=(\S+)"),
    ("github-token.txt", "github-fine-grained-pat", r"=(github_pat_\w+)"),
    ("github-app-token.txt", "github-app-token", r"=(ghs_\S+)"),
    ("builtin-rule-secret.txt", "github-pat", r"=(ghp_\w+)"),
    ("crlf-line-endings.txt", "github-pat", r": (ghp_\w+)"),
    ("invalid-utf8.txt", "github-pat", r"^token=(ghp_\w+)$"),
    ("grafana-env.txt", "grafana-api-token", r"=\"?(eyJ\w+)"),
    ("hugging-face-secret.txt", "hugging-face-access-token", r": (hf_\w+)"),
    ("jwt-secret.txt", "jwt-token", r"jwt: (\S+)"),
    ("private-packagist.txt", "private-packagist-token", r"=(packagist_\w+)"),
    ("symfony-secret.yaml", "symfony-default-secret", r"secret: (\S+)"),
    ("docker-secrets.txt", "dockerconfig-secret", r"\.docker\w+: (\S+)"),
    ("openai-project-api-key.txt", "openai-project-api-key", r"^(\S+)$"),
    ("openai-service-account-key.txt", "openai-service-account-key", r"^(\S+)$"),
    ("openai-admin-api-key.txt", "openai-admin-api-key", r"^(\S+)$"),
    ("openai-legacy-api-key.txt", "openai-legacy-api-key", r"^(\S+)$"),
    ("openai-service-api-key.txt", "openai-service-api-key", r"^(\S+)$"),
    ("openai-realtime-client-secret.txt", "openai-realtime-client-secret", r"^(\S+)$"),
    ("azure-container-registry-password.txt", "azure-container-registry-password",
     r"password: (\S+)"),
    ("settings.xml", "maven-settings-password", r"<pass\w+>\s*(\S+?)\s*</pass"),
    ("settings-security.xml", "maven-settings-security-master", r"<master>(\S+)</master>"),
)  # fmt: skip
"""(file, the built-in rule its test expects, where the value sits)."""

LEFT_OUT = {
    "alibaba-access-key-id.txt": "an Alibaba AccessKey id is an identifier, not a secret",
    "secret.txt": "a custom rule of the tests' own config; its values are words "
    "(`somevalue`, `othervalue`, `123456789`)",
    "example-secret.txt": "the AWS line of aws-secrets.txt again (a test of skipping "
    "example files)",
    "wrapped-secrets-sensitive.txt": "the values of aws-secrets.txt and github-token.txt "
    "glued to a word",
    "long-line-secret.txt": "the value of builtin-rule-secret.txt in a long line",
}
"""Test files with a finding whose value is not taken."""

NO_SECRET = {
    "eyE1x2a3MpLe": "twelve signs that spell `example` with digits between",
    "ewE1x2a3MpLe": "twelve signs that spell `example` with digits between",
    "ThisTokenIsNotSoSecretChangeIt": "Symfony's documented default, a sentence",
    "A1bC2dE3fH4iJ5kL6mN7oP8qR9sT0u/+": "letters and digits counting up in turn",
    "hf_Testpoiqazwsxedcrfvtgbyhn12345ujmik6789": "a keyboard walk (`qazwsxedcrfvtgbyhn`, "
    "`ujmik`) behind `Test`",
    "ghs_15368_eyJtestHEADERdummynotreal00.eyJtestPAYLOADdummynotreal00."
    "testSIGNATUREdummynotreal00": "says it is a dummy (`dummynotreal`)",
    "plainSecret": "a stand-in that names its role",
    "gpgPassphrase": "a stand-in that names its role",
    "plainMaster": "a stand-in that names its role",
}
"""Values the cut gives that reading showed are no secret."""

NEGATIVE: dict[str, tuple[int, ...] | None] = {
    "invalid-aws-secrets.txt": None,
    "openai-invalid.txt": None,
    "wrapped-secrets.txt": None,
    "hugging-face-secret.txt": (2,),
    "settings-encrypted.xml": (3, 4, 5, 6),
}
"""Files (or their lines, counted from 0) whose test expects no finding. In
``settings-encrypted.xml`` the first two values are Maven-encrypted passwords, which the
master password opens: credential material, not taken."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


class Testdata:
    """Trivy's secret test files at ``COMMIT``."""

    def __init__(self, mirror: Path = MIRROR, commit: str = COMMIT) -> None:
        self.mirror = mirror
        self.sha = commit

    def text(self, name: str) -> str:
        return _git(self.mirror, "show", f"{self.sha}:{TESTDATA}/{name}")

    def source(self, name: str) -> str:
        return f"https://github.com/aquasecurity/trivy/blob/{self.sha}/{TESTDATA}/{name}"


def secrets(data: Testdata, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """The values of the files whose test expects a built-in rule's finding."""
    out: list[dict[str, Any]] = []
    kept: Counter[str] = Counter()
    seen: set[str] = set()
    for name, why in LEFT_OUT.items():
        counts[f"trivy: {name}: {why}"] += 1
    for name, rule, where in POSITIVE:
        text = data.text(name)
        if where == PEM:
            head = re.search(r"-----BEGIN [A-Z ]*PRIVATE KEY-----", text)
            cases = [(sonartext.key_body(text, head.group(0)) if head else "", text.strip("\n"))]
        else:
            rx = re.compile(where)
            cases = [
                (m.group(1), line.strip())
                for line in text.splitlines()
                if (m := rx.search(line.strip()))
            ]
        for value, example in cases:
            value = noseyparker.clean(value or "")
            reason = (
                "no value cut" if not value
                else "read as no secret (NO_SECRET)" if value in NO_SECRET
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-rule cap" if kept[rule] >= PER_RULE
                else None
            )  # fmt: skip
            if reason:
                counts[f"trivy: values dropped: {reason}"] += 1
                continue
            kept[rule] += 1
            seen.add(value)
            out.append({
                "kind": "trivy:" + rule,
                "value": value,
                "source": data.source(name),
                "split": "fresh5",
                "example": example,
            })  # fmt: skip
    return out


def negative_candidates(data: Testdata, counts: Counter[str]) -> list[dict[str, Any]]:
    """The lines of the files whose test expects no finding, unvetted."""
    out = []
    for name, wanted in NEGATIVE.items():
        lines = data.text(name).splitlines()
        for i, line in enumerate(lines):
            line = line.strip()
            if wanted is not None and i not in wanted:
                continue
            if len(line) < MIN_LEN or line.endswith(":"):
                counts["trivy: lines under 8 characters or bare labels"] += 1
                continue
            out.append({
                "kind": "trivy-fp:" + name.rsplit(".", 1)[0],
                "text": line,
                "source": data.source(name),
                "split": "fresh5",
            })  # fmt: skip
    return out
