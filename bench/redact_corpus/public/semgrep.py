"""Semgrep's secrets rules and their test files, for the ``fresh3`` split (``fresh3.py``
writes the files).

Each rule under ``generic/secrets/`` of ``semgrep/semgrep-rules`` is a YAML file with a
test file of the same name next to it (``adafruit-api-key.yaml`` and ``.go``). In the test
file a comment ``ruleid: <id>`` marks the line after it (or the line it ends) as one the
rule must flag, ``ok: <id>`` one it must let pass; ``todoruleid``/``todook`` (what the rule
gets wrong today) are not taken.

Secrets: the value on a ``ruleid`` line is cut by the rule's own ``pattern-regex`` (its
named group, else its one group, else ``SECRET_GROUP``), the match starting on that line.
Rules with no regex of their own (``languages: generic``) or whose regex takes the keyword
with the value are cut by our own reading of the format (``OWN_CUT``, kept as data).
Negatives: the ``ok`` lines, vetted in ``fresh3.py``.
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

MIRROR = Path("/work/.mirror/semgrep+semgrep-rules/repo")
RULES = "generic/secrets"
PER_RULE = 3
MIN_LEN = noseyparker.MIN_LEN

_ANNOTATION = re.compile(r"(?:^|\W)(todoruleid|todook|ruleid|ok):\s*([\w.,\s-]+?)\s*(?:-->|\*/)?$")
_COMMENT = re.compile(r"(?://|#|<!--|/\*|--|;)\s*(?:todoruleid|todook|ruleid|ok):")

SECRET_GROUP: dict[str, int | str] = {
    "detected-slack-token": 0,  # one of its two alternatives captures the whole token
    "microsoft-teams-webhook": 0,  # its groups are repeated id parts; the URL is the secret
    "private-key": 0,  # its groups are the optional " BLOCK"s
    "sidekiq-sensitive-url": 2,  # scheme, then the user:password credential
    "slack-webhook-url": 0,  # scheme, then services|workflows
}
"""Which group holds the secret where the default is wrong. The default: the named group,
else group 1 (the gitleaks ports wrap the whole secret in their first group and its
prefix in a nested one: ``((sk|rk)_(test|live)_…)``), else the whole match."""

_Q = "[\"'`]?"
_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
OWN_CUT: dict[str, str] = {
    "detected-aws-secret-access-key": (
        r"(?i)aws_?\w*secret_?\w*" + _Q + r"\s*(?::|=>|=)\s*" + _Q + r"([A-Za-z0-9/+=]{40})"
    ),
    "detected-codeclimate": r"(?i)codeclima.{0,50}?" + _Q + r"([0-9a-f]{64})",
    "detected-facebook-oauth": r"(?i)facebook.*token.*?" + _Q + r"([0-9a-f]{32})",
    "detected-heroku-api-key": r"(?i)heroku.*?(" + _UUID + ")",
    "detected-hockeyapp": r"(?i)hockey.{0,50}?([0-9a-f]{32})",
    # the rule's signature part is lazy, so it stops at the dot before the signature
    "detected-jwt-token": r"(eyJ[\w=-]{14,}\.[\w=-]{13,}(?:\.[\w.+/=-]*)?)",
    "detected-sauce-token": r"(?i)sauce.{0,50}?([0-9a-f-]{36})",
    "detected-snyk-api-key": r"(?i)snyk.{0,50}?(" + _UUID + ")",
    "detected-softlayer-api-key": r"(?i)softlayer.{0,50}?([a-z0-9]{64})",
    "detected-sonarqube-docs-api-key": r"(?i)sonar.{0,50}?([0-9a-f]{40})",
    "detected-github-token": r"(gh[pousr]_[A-Za-z0-9_]{36,251})",
    "detected-npm-registry-auth-token": r"_(?:authToken|auth|password)\s*=\s*(\S+)",
    # its test keys are a header and one line of key material, no END line
    "detected-private-key": r"-----BEGIN [A-Z ]*PRIVATE KEY-----\s+([A-Za-z0-9+/=]{20,})",
    "detected-pgp-private-key-block": (
        r"(-----BEGIN PGP PRIVATE KEY BLOCK-----[\s\S]+?-----END PGP PRIVATE KEY BLOCK-----)"
    ),
    "detected-username-and-password-in-uri": r"://[^\s:/@\"']+:([^\s\"'@]+)@",
    "detected-ssh-password": r"sshpass -p\s*['\"]([^'\"%]+)['\"]",
}
"""Our reading of a rule's secret (group 1), where its regex takes the keyword, the quotes
or the whole line with the value, or where it has no regex (``languages: generic``)."""

LEFT_OUT = {
    "detected-aws-account-id": "an AWS account id is an identifier, not a secret",
    "detected-etc-shadow": "flags the root entry of /etc/shadow, whose password field is empty",
    "detected-google-gcm-service-account": "flags the type line of a service-account JSON",
    "detected-google-oauth-url": "finds an OAuth client id (…apps.googleusercontent.com)",
    "adobe-client-id": "finds a client id, not a secret",
    "asana-client-id": "finds a client id, not a secret",
    "bitbucket-client-id": "finds a client id, not a secret",
    "discord-client-id": "finds a client id, not a secret",
    "linkedin-client-id": "finds a client id, not a secret",
    "plaid-client-id": "finds a client id, not a secret",
    "messagebird-client-id": "finds a client id, not a secret",
    "new-relic-user-api-id": "finds an account id, not a secret",
    "sendbird-access-id": "finds an application id, not a secret",
    "sumologic-access-id": "finds an access id (the user half), not a secret",
    "flutterwave-public-key": "finds a public key, meant to be shipped to browsers",
    "lob-pub-api-key": "finds a publishable key",
    "mailgun-pub-key": "finds a public validation key",
    "mapbox-api-token": "finds a public (pk.) token, meant to be shipped to browsers",
}
"""Rules that find no secret value to plant."""

MISCUT: dict[str, str] = {
    "AIzaSyCqhkgr\\TLSOFyLyoS5gfN47TJ0HnHA_XA": "the regex's class takes a backslash: the "
    "key of the line before with one letter swapped for it, a test of the class, no key",
    "sk_live_a6afaeada6a1a8a3a6a5a1a2aca1aea7": "every other sign is `a`: typed, not drawn",
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEFUCDlEKEY": "AWS's documented example secret key with "
    "EXAMPLE retyped: a stand-in (the test's ok lines are the same key)",
}
"""Values a rule cut that reading showed are no secret as cut."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


def python_regex(pattern: str) -> str:
    """PCRE's ``(?<name>`` in Python's spelling, and a leading inline flag group kept
    leading (semgrep writes ``(?i)`` mid-pattern; there it applies from that point on,
    here, as Python needs, to the whole pattern: wider, never narrower). ``^`` and ``$``
    match at line ends, as in semgrep's regex mode (``(?m)``)."""
    pattern = re.sub(r"\(\?<(?=[A-Za-z_])", "(?P<", pattern.strip())
    flags = "".join(sorted(set("m" + "".join(re.findall(r"\(\?([imsx]+)\)", pattern)))))
    body = re.sub(r"\(\?[imsx]+\)", "", pattern)
    return f"(?{flags})" + body if flags else body


def _positive_regexes(rule: dict[str, Any]) -> list[str]:
    """The rule's ``pattern-regex`` strings at any depth (its ``pattern-not-regex`` aside)."""
    out: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, val in node.items():
                if key == "pattern-regex" and isinstance(val, str):
                    out.append(val)
                elif key not in ("metadata", "message"):
                    walk(val)
        elif isinstance(node, list):
            for val in node:
                walk(val)

    walk(rule)
    return out


class Rules:
    """Semgrep's secrets rules at the mirror's ``HEAD``, each with its test file."""

    def __init__(self, mirror: Path = MIRROR) -> None:
        self.mirror = mirror
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        paths = _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", RULES).split("\n")
        tests = {p.rsplit(".", 1)[0]: p for p in paths if p and not p.endswith(".yaml")}
        self.rules: list[dict[str, Any]] = []
        for path in paths:
            if not path.endswith(".yaml"):
                continue
            for rule in yaml.safe_load(_git(mirror, "show", f"HEAD:{path}"))["rules"]:
                test = tests.get(path.rsplit(".", 1)[0])
                self.rules.append({**rule, "path": path, "test": test})

    def source(self, path: str) -> str:
        return f"https://github.com/semgrep/semgrep-rules/blob/{self.sha}/{path}"

    def cutter(self, rule: dict[str, Any]) -> list[tuple[re.Pattern[str], int | str]]:
        """The regexes that cut the rule's secret, each with the group that holds it."""
        if rule["id"] in OWN_CUT:
            return [(re.compile(OWN_CUT[rule["id"]]), 1)]
        out: list[tuple[re.Pattern[str], int | str]] = []
        for text in _positive_regexes(rule):
            rx = re.compile(python_regex(text))
            named = list(rx.groupindex)
            group: int | str = (
                SECRET_GROUP[rule["id"]] if rule["id"] in SECRET_GROUP
                else named[0] if len(named) == 1
                else 1 if rx.groups
                else 0
            )  # fmt: skip
            out.append((rx, group))
        # A rule ANDs its pattern-regexes: the first one finds the value, the rest only
        # narrow the line (artifactory's ``.*artifactory.*``).
        return out[:1] if rule.get("patterns") else out

    def matchers(self) -> list[re.Pattern[str]]:
        """Every rule's positive regexes (to vet negatives of other scanners; unused here)."""
        return [rx for rule in self.rules for rx, _ in self.cutter(rule)]


def _alone(line: str) -> bool:
    """Whether the line is an annotation comment with no code before it."""
    marker = _COMMENT.search(line)
    return bool(marker) and not line[: marker.start()].strip()  # type: ignore[union-attr]


def annotations(text: str) -> list[tuple[str, str, int, int]]:
    """``(label, rule id, start, end)`` of each annotated line: the line a ``ruleid``/``ok``
    comment ends, or, when the comment stands alone, the next line that is no comment."""
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    out = []
    for i, line in enumerate(lines):
        hit = _ANNOTATION.search(line) if _COMMENT.search(line) else None
        if not hit:
            continue
        target = i
        if _alone(line):
            target = i + 1
            while target < len(lines) and _alone(lines[target]):
                target += 1
        if target >= len(lines):
            continue
        span = (starts[target], starts[target] + len(lines[target]))
        for rule_id in re.split(r"[,\s]+", hit.group(2).strip()):
            if rule_id:
                out.append((hit.group(1), rule_id, *span))
    return out


def _strip_comment(line: str) -> str:
    marker = _COMMENT.search(line)
    return line[: marker.start()].rstrip() if marker else line


def secrets(rules: Rules, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """Secrets cut from the ``ruleid`` lines of each rule's test file."""
    out: list[dict[str, Any]] = []
    kept: Counter[str] = Counter()
    seen: set[str] = set()
    for rule in rules.rules:
        if not rule["test"]:
            counts["semgrep: rules with no test file"] += 1
            continue
        text = _git(rules.mirror, "show", f"HEAD:{rule['test']}")
        mine = [(label, s, e) for label, rid, s, e in annotations(text) if rid == rule["id"]]
        marks = [(s, e) for label, s, e in mine if label == "ruleid"]
        todo = [1 for label, _, _ in mine if label == "todoruleid"]
        counts["semgrep: todoruleid lines (not taken)"] += len(todo)
        if rule["id"] in LEFT_OUT:
            counts[f"semgrep: ruleid lines of {rule['id']}: {LEFT_OUT[rule['id']]}"] += len(marks)
            continue
        cutters = rules.cutter(rule)
        if not cutters:
            counts["semgrep: ruleid lines of rules with no regex and no OWN_CUT"] += len(marks)
            continue
        for start, end in marks:
            hits = [
                (rx, g, m)
                for rx, g in cutters
                for m in rx.finditer(text)
                if start <= m.start() <= end
            ]
            if not hits:
                counts["semgrep: ruleid lines the regex does not match in Python"] += 1
                continue
            rx, group, hit = hits[0]
            value = noseyparker.clean(hit.group(group) or "")
            line_end = max(end, hit.end())
            example = text[start:line_end]
            if "\n" not in example:
                example = _strip_comment(example)
            reason = (
                "read as no secret (MISCUT)" if value in MISCUT
                else "already in an earlier split" if value in known
                else "repeated value" if value in seen
                else "placeholder" if kingfisher.placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-rule cap" if kept[rule["id"]] >= PER_RULE
                else None
            )  # fmt: skip
            if reason:
                counts[f"semgrep: ruleid lines dropped: {reason}"] += 1
                continue
            kept[rule["id"]] += 1
            seen.add(value)
            out.append({
                "kind": "semgrep:" + rule["id"],
                "value": value,
                "source": rules.source(rule["test"]),
                "split": "fresh3",
                "example": example.strip("\n"),
            })  # fmt: skip
    return out


def negative_candidates(rules: Rules, counts: Counter[str]) -> list[dict[str, Any]]:
    """The ``ok`` lines of every rule's test file, unvetted (``fresh3.py`` vets them)."""
    out = []
    for rule in rules.rules:
        if not rule["test"]:
            continue
        text = _git(rules.mirror, "show", f"HEAD:{rule['test']}")
        for label, rid, start, end in annotations(text):
            if label != "ok" or rid != rule["id"]:
                continue
            line = _strip_comment(text[start:end]).strip()
            if len(line) < MIN_LEN:
                counts["semgrep: ok lines under 8 characters"] += 1
                continue
            out.append({
                "kind": "semgrep-fp:" + rule["id"],
                "text": line,
                "source": rules.source(rule["test"]),
                "split": "fresh3",
            })  # fmt: skip
    return out
