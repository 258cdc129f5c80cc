"""secretlint's rule snapshots, for the ``fresh2`` split (``fresh2.py`` writes the files).

Each secretlint rule package tests itself with snapshot cases,
``packages/@secretlint/secretlint-rule-<name>/test/snapshots/<case>/``: an input file and
the ``output.json`` the rule produced on it. A case whose output has messages is one the
rule flags (named ``ng.*`` by convention), one with none is one it lets pass (``ok.*``);
the output, not the name, decides here, since some cases carry neither prefix.

Secrets: the rule's code is not read; each value is cut from a flagged input by a regex of
our own reading of the rule's format (``FORMATS``, kept as data), and kept only when the
rule's output reports it too. The example is the whole input file, as the rule's test
holds it. Negatives: the lines of the inputs the rule lets pass (a JSON or YAML input
whole), vetted with the other sources' in ``fresh2.py``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import quote

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import kingfisher  # noqa: E402
import noseyparker  # noqa: E402

MIRROR = Path("/work/.mirror/secretlint+secretlint/repo")
PACKAGES = "packages/@secretlint"
PER_RULE = 3
MIN_LEN = noseyparker.MIN_LEN

_URL_PASSWORD = r"://[^\s:/@\"']+:([^\s\"']+)@[^\s@/\"']+"
FORMATS: dict[str, list[str]] = {
    "1password": [r"\bops_eyJ[A-Za-z0-9+/=_-]{200,}"],
    "anthropic": [r"\bsk-ant-api0\d-[A-Za-z0-9_-]{80,}"],
    "aws": [
        r"\b(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}\b",
        r"(?i)aws_?secret_?access_?key\s*[=:]\s*[\"']?([A-Za-z0-9/+=]{40})\b",
    ],
    "azure": [r"(?i)client_?secret\W{0,5}([A-Za-z0-9_~.-]{34,40})"],
    "basicauth": [r"(?i)\b(?:https?|ftps?)" + _URL_PASSWORD],
    "cloudflare": [r"\bcf(?:at|ut|k)_[A-Za-z0-9]{40}[a-f0-9]{8}\b"],
    "database-connection-string": [
        r"(?i)\b(?:mongodb(?:\+srv)?|mysql|postgres(?:ql)?)" + _URL_PASSWORD
    ],
    "databricks": [r"\bdapi[a-fA-F0-9]{32}(?:-\d)?\b"],
    "docker": [r"\bdckr_pat_[A-Za-z0-9_-]{27}\b"],
    "figma": [r"\bfigd_[A-Za-z0-9_-]{40,}"],
    # the test key's END line has four dashes
    "gcp": [r"\"private_key\":\s*\"(-----BEGIN PRIVATE KEY-----[^\"]+-----END PRIVATE KEY-{4,5})"],
    "github": [r"\bgh[pousr]_[A-Za-z0-9_.-]{36,}", r"\bgithub_pat_[A-Za-z0-9_]{82}\b"],
    "gitlab": [r"\bglpat-[A-Za-z0-9_-]{20,}"],
    "grafana": [r"\bglc_[A-Za-z0-9+/]{32,}={0,2}", r"\bglsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}\b"],
    "groq": [r"\bgsk_[A-Za-z0-9]{52}\b"],
    "hashicorp-vault": [r"\bhv[sbr]\.[A-Za-z0-9_-]{90,}"],
    "huggingface": [r"\bhf_[A-Za-z]{34}\b"],
    "linear": [r"\blin_api_[A-Za-z0-9]{40}\b"],
    "no-k8s-kind-secret": [r"(?m)^\s+password:\s*([A-Za-z0-9+/]{8,}={0,2})$"],
    "notion": [r"\bntn_\d{11}[A-Za-z0-9]{35}\b"],
    "npm": [
        r"\bnpm_[A-Za-z0-9]{36}\b",
        r"_authToken=([^\s$\"']{8,})",
        r"https://([A-Za-z0-9]{20,}):x-oauth-basic@",
    ],
    "openai": [r"\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]+T3BlbkFJ[A-Za-z0-9_-]+"],
    "privatekey": [r"-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----"],
    "secp256k1-privatekey": [r"(?<![0-9A-Za-z])(?:0x)?([0-9a-fA-F]{64})(?![0-9A-Za-z])"],
    "sendgrid": [r"(?<![A-Za-z])SG\.[\w-]{22}\.[\w-]{43}(?![A-Za-z])"],
    "shopify": [r"\bshp(?:ss|at|ca|pa)_[A-Za-z0-9]{32,}"],
    "slack": [
        r"\bxox[abposr]-[A-Za-z0-9-]{10,}",
        r"\bxapp-\d-[A-Z0-9]+-\d+-[a-f0-9]+",
        r"https://hooks\.slack\.com/services/T\w+/B\w+/\w+",
    ],
    "stripe": [r"\b[rs]k_(?:live|test)_[A-Za-z0-9]{24,}"],
    "tailscale": [r"\btskey-[a-z]+-[A-Za-z0-9]+-[A-Za-z0-9]+"],
    "vercel": [r"\bvc[piark]_[A-Za-z0-9]{24,}"],
}
"""Our reading of each rule's secret format (group 1 when the regex has one, else the
whole match). Azure's tenant and client ids and AWS's account id are identifiers, not
secrets, so no regex here cuts them."""

LEFT_OUT = {
    "example": "the package template's rule: flags the word SECRET",
    "filter-comments": "tests comment directives; its passing inputs hold secrets it silences",
    "pattern": "flags what a user's configuration names, no format of its own",
    "no-dotenv": "flags a file by its name",
    "no-homedir": "flags home-directory paths, not secrets",
}
"""Rule packages that give no secret format (their snapshots give no cases)."""

HOLDS_A_CREDENTIAL = {
    "xhvs.hWay-wis3QpoSXob5gz": "a Vault service token glued to a letter",
    "hvx.hWay-wis3QpoSXob5gz": "a Vault service token with one prefix letter changed",
    "x8f12fb8b20008e14b5A5ff4bad": "the flagged secp256k1 key with its first digit changed",
    "c8f12fb8b20008e14b5A5ff4bad": "the flagged secp256k1 key one digit short",
    "ops_DUMMY": "the flagged 1Password token with its head swapped; its body still encodes "
    "the account's secret key",
    "sk-proj-f5-UKZNwZTgzRb8Zuc": "the flagged OpenAI key with its marker letters swapped",
    "sk-svcacct-f5-UKZNwZTgzRb8": "the flagged OpenAI key with its marker letters swapped",
    "sk-admin-f5-UKZNwZTgzRb8Zu": "the flagged OpenAI key with its marker letters swapped",
    "gXX_wWPw5k4aXcaT4fNP0UcnZwJ": "the flagged GitHub token with its prefix swapped",
    "uasi architecto beatae viAPhb3z": "the flagged SendGrid key's body glued to prose",
    "G.APhb3zgjtx3hajdas1TjBB": "the flagged SendGrid key missing its first letter",
    ".H7Sgbba3afgKSDyB442aDK0": "the flagged SendGrid key's secret half glued to prose",
    "notSG.APhb3zgjtx3hajdas1TjBB": "the flagged SendGrid key glued to a word",
    "SG.APhb3zgjtx3hajdas1TjBB.": "the flagged SendGrid key's id half",
}
"""Lines of passing inputs read as still carrying credential material (a rule's passing
input marks its edge, not harmless text), keyed by how the line starts. Near misses whose
body is itself a stand-in (``gsk_aBcDeFgHi…``, ``hf_FakeFake…``) stay: they hold no key."""


def _git(repo: Path, *args: str, binary: bool = False) -> Any:
    out = subprocess.check_output(["git", "-C", str(repo), *args])
    return out if binary else out.decode()


class Snapshots:
    """Every rule package's snapshot cases at the mirror's ``HEAD``."""

    def __init__(self, mirror: Path = MIRROR) -> None:
        self.mirror = mirror
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        files = _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", PACKAGES).splitlines()
        self.files = set(files)
        case = rf"{PACKAGES}/secretlint-rule-([a-z0-9-]+)/test/snapshots/(.+)/output\.json"
        rx = re.compile(case)
        self.cases = [(m.group(1), m.group(2)) for f in files if (m := rx.fullmatch(f))]
        self.cases.sort()

    def case(self, rule: str, name: str) -> dict[str, Any] | None:
        """The case's output, input text and input path (None: a binary input)."""
        base = f"{PACKAGES}/secretlint-rule-{rule}/test/snapshots/{name}"
        out = json.loads(_git(self.mirror, "show", f"HEAD:{base}/output.json"))
        if out.get("sourceContentType") == "binary":
            return None
        path = f"{base}/{out['filePath'].rsplit('/', 1)[1]}"
        text = _git(self.mirror, "show", f"HEAD:{path}", binary=True).decode()
        return {
            "messages": out["messages"],
            "text": text,
            "path": path,
            "configured": f"{base}/.secretlintrc.json" in self.files,
        }

    def source(self, path: str) -> str:
        """The file's address at the pinned commit (some case names hold spaces)."""
        url = quote(path, safe="/@")
        return f"https://github.com/secretlint/secretlint/blob/{self.sha}/{url}"


def _reported(value: str, text: str, messages: list[dict[str, Any]]) -> str | None:
    """The id of the rule's message that names ``value`` (in its text or the range it
    marks), None when no message does."""
    for msg in messages:
        start, end = msg.get("range", (0, 0))
        if value in text[start:end] or value in json.dumps(msg, ensure_ascii=False):
            return str(msg.get("messageId") or "")
    return None


def _cut(rule: str, text: str) -> list[str]:
    out = []
    for pattern in FORMATS.get(rule, []):
        for hit in re.finditer(pattern, text):
            out.append(hit.group(1) if hit.re.groups else hit.group(0))
    return out


def _rule_of_package(rule: str) -> bool:
    return not rule.startswith(("preset-", "internal-test-"))


def secrets(snaps: Snapshots, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """At most ``PER_RULE`` secrets per kind (rule and message id), cut by ``FORMATS``
    from the inputs the rule flags."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    kept: Counter[str] = Counter()
    """Per kind: the rule and the message id it reports the value under (its name for
    the token type: ``HASHICORP_VAULT_BATCH_TOKEN``), as Kingfisher has a rule per type."""
    for rule, name in snaps.cases:
        if not _rule_of_package(rule):
            continue
        if rule in LEFT_OUT:
            counts[f"secretlint: cases of {rule}: {LEFT_OUT[rule]}"] += 1
            continue
        case = snaps.case(rule, name)
        if case is None:
            counts["secretlint: binary inputs (PKCS#12 files)"] += 1
            continue
        if not case["messages"]:
            continue
        if rule not in FORMATS:
            raise SystemExit(f"{rule}: flags inputs but has no format in FORMATS")
        for value in _cut(rule, case["text"]):
            value = value.strip()
            message = _reported(value, case["text"], case["messages"])
            kind = f"secretlint:{rule}/{message}"
            reason = (
                "not reported by the rule" if message is None
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-kind cap" if kept[kind] >= PER_RULE
                else None
            )  # fmt: skip
            if reason:
                counts[f"secretlint: values dropped: {reason}"] += 1
                continue
            kept[kind] += 1
            seen.add(value)
            out.append({
                "kind": kind,
                "value": value,
                "source": snaps.source(case["path"]),
                "split": "fresh2",
                "example": case["text"],
            })  # fmt: skip
    return out


def _whole(path: str, text: str) -> bool:
    return path.endswith((".json", ".yml", ".yaml")) or text.lstrip().startswith("{")


def negative_candidates(snaps: Snapshots, counts: Counter[str]) -> list[dict[str, Any]]:
    """The lines (or whole JSON/YAML texts) of the inputs a rule lets pass, unvetted.

    Left out: rules of ``LEFT_OUT``, cases whose ``.secretlintrc.json`` sets the rule's
    options (an ``allows`` list silences a real-format secret), comment lines (they
    describe the case), blank lines and lines shorter than ``MIN_LEN``.
    """
    out = []
    for rule, name in snaps.cases:
        if not _rule_of_package(rule) or rule in LEFT_OUT:
            continue
        case = snaps.case(rule, name)
        if case is None or case["messages"]:
            continue
        if case["configured"]:
            counts["secretlint: passing inputs under rule options (allows lists)"] += 1
            continue
        text = case["text"]
        texts = [text.rstrip("\n")] if _whole(case["path"], text) else text.splitlines()
        for line in texts:
            if line.lstrip().startswith(("#", "//")) or len(line.strip()) < MIN_LEN:
                continue
            out.append({
                "kind": "secretlint-fp:" + rule,
                "text": line,
                "source": snaps.source(case["path"]),
                "split": "fresh2",
            })  # fmt: skip
    return out
