"""Build the ``fresh`` split from Nosey Parker's rule examples (a source no rule here was tuned on).

Run once, before any redaction is tried on the result::

    python bench/redact_corpus/public/noseyparker.py \\
        --mirror /work/.mirror/praetorian-inc+noseyparker/repo

(``fetch github:praetorian-inc/noseyparker`` brings the mirror; the gitleaks mirror that
``build.py`` uses is needed too, to vet the negatives.) It writes ``fresh_secrets.jsonl``
and ``fresh_negatives.jsonl``; both are committed, so CI never needs the network.

Nosey Parker's rules (``crates/noseyparker/data/default/builtin/rules/*.yml``) each carry
a ``pattern`` and labelled ``examples``; many also carry ``negative_examples``. Only the
example strings are taken (data facts, each with its rule file pinned to the mirror's
commit); the secret inside an example is cut by the rule's own pattern, compiled by
Python's ``re`` (a pattern ``re`` refuses is skipped and counted, not translated). Rules
of the ``np.assets`` ruleset find public identifiers (bucket names, client ids, ARNs), not
secrets, so they give no cases.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
from carriers import load, write  # noqa: E402

MIRROR = Path("/work/.mirror/praetorian-inc+noseyparker/repo")
DATA = "crates/noseyparker/data/default/builtin"
PER_RULE = 3
MIN_LEN = 8
"""As ``build.py``: a shorter value is a word prose uses too (``secret``, ``admin``)."""

SECRET_GROUP = {
    "np.auth0.1": 3,  # domain, client id, client secret
    "np.azure.1": 2,  # account name, account key
    "np.azure.2": 3,  # endpoint, credential id, secret
    "np.blynk.8": 2,  # client id, client secret
    "np.blynk.9": 2,
    "np.generic.3": 2,  # user, password
    "np.generic.4": 2,
    "np.generic.7": 2,
    "np.generic.8": 3,  # LDAP path, user, password
    "np.generic.9": 2,  # setting name, value
    "np.generic.13": 2,
    "np.generic.14": 2,
    "np.gitalk.1": 2,  # client id, client secret
    "np.gradle.1": 2,
    "np.kubernetes.2": 2,  # token id, token secret
    "np.mongodb.1": 2,  # user, password, host
    "np.netrc.1": 3,  # machine, login, password
    "np.odbc.1": 2,
    "np.phpmailer.1": 3,  # host, user, password
    "np.postgres.1": 2,  # user, password, host
    "np.psexec.1": 2,
    "np.vmware.1": 2,
}
"""Which capture group holds the secret, for rules whose pattern captures several parts
(decided by reading each rule's pattern comments and examples); one group: that group."""

LEFT_OUT = {
    "np.generic.10": "captures a whole connection string (server, user and password)",
    "np.reactapp.1": "finds a user name, not a secret",
}
"""Rules of the default ruleset that give no single secret value to plant."""

HOLDS_A_CREDENTIAL = {
    "6RtqHqPc66Y6DYbkydbrrFJTYnRoA7r4": "an Azure DevOps PAT one character short",
    "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6": "an 84-character token-shaped string",
    "X9y8Z7a6B5c4D3e2F1g0H9i8J7k6L5m4": "an 84-character token-shaped string",
    "KTJlDq2AGGGlqG8riKdT7p980AW8RlU5": "a Dependency-Track key without its prefix",
    "ABCDDq2AGxGlqG 4ribBT7p98AOM9TlU8": "a Dependency-Track key without its prefix",
    "FHxhQGh77_JAHHIYpZ818UQ0aYjXIdMI": "a Dependency-Track key without its prefix",
    '\\"fbconnectkey\\";s:32:': "a Facebook key in serialized PHP",
    "    Ldap password": "an LDAP password in a table",
    "b.AAAAAQJgxDgqsGNorpoOR8hPZ5SU": "a Vault batch token body",
    "BwCASYSBiQc.": "a Kagi-shaped key",
    "CQCAbaKBiQc.": "a Kagi-shaped key",
    "postgresql://user:secret@": "a connection URL with a password",
    "postgresql:///mydb?host=localhost": "a connection URL with a password parameter",
    "live_126031192_IgvUabrXbWSihj2ENnA59G1F8": "a Twitch stream key, shortened",
    "Twitter(auth=OAuth(": "four Twitter OAuth credentials",
    'password = "123"': "a password literal (three digits)",
    '"//localhost:1337/:_password = "': "a password literal, base64-encoded in code",
}
"""Negative examples that no rule of either set matches but that still carry credential
material (Nosey Parker's negatives mark a rule's edge, not harmless text): read one by
one and left out, keyed by how the text starts."""

_VARIABLE = re.compile(
    r"""^["']?(?:\$\{?[A-Za-z_]\w*\}?|%\w+%|\#\{.*\}|<[^>]*>|\{\{.*\}\})["']?$""", re.S
)
_NAME_WORDS = re.compile(r"(?i)pass(?:wo?r?d)?|username|secret")
_END = re.compile(r"""^(?:\\[rn]|\s|["'\\]|\+(?=\s))+|(?:\\[rn]|\s\+|\s|["'\\])+$""")


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True)


def placeholder(value: str) -> bool:
    """``build.py``'s placeholder test, plus what Nosey Parker's examples add: variable
    references (``$password``, ``%pw%``, ``#{…}``), a word that names itself or its
    setting (``myPassword``, ``SOME_PASSWORD``, ``smtp_username``), a key with its colon
    (``application:``), and ``your…`` stand-ins."""
    if build._placeholder(value) or _VARIABLE.match(value) or "your" in value.lower():
        return True
    if re.fullmatch(r"\w+:", value):
        return True
    name_like = re.fullmatch(r"[A-Za-z_]+", value) is not None
    return name_like and bool(_NAME_WORDS.search(value))


def clean(value: str) -> str:
    """Drop quotes, blanks and ``\\r\\n`` escapes the capture took from its surroundings."""
    return _END.sub("", value)


def _compile_loose(pattern: str) -> re.Pattern[str] | None:
    """A pattern ``re`` refuses, with its inline flags applied to the whole pattern: wider
    than the rule, which is the safe side when the question is "could this be a secret?"."""
    body = re.sub(r"\(\?[imsx]+\)", "", pattern)
    try:
        return re.compile(body, re.I | re.S | re.X)
    except re.error:
        return None


class Rules:
    """Nosey Parker's rules at the mirror's ``HEAD``, with the rule file of each."""

    def __init__(self, mirror: Path) -> None:
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        self.rules: list[dict[str, Any]] = []
        for path in _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", f"{DATA}/rules").split():
            for rule in yaml.safe_load(_git(mirror, "show", f"HEAD:{path}"))["rules"]:
                self.rules.append({**rule, "path": path})
        sets = yaml.safe_load(_git(mirror, "show", f"HEAD:{DATA}/rulesets/np.assets.yml"))
        self.assets = set(sets["rulesets"][0]["include_rule_ids"])

    def source(self, rule: dict[str, Any]) -> str:
        return f"https://github.com/praetorian-inc/noseyparker/blob/{self.sha}/{rule['path']}"

    def matchers(self) -> list[re.Pattern[str]]:
        """Every rule's pattern (refused ones compiled loosely), assets included."""
        out = []
        for rule in self.rules:
            try:
                out.append(re.compile(rule["pattern"]))
            except re.error:
                loose = _compile_loose(rule["pattern"])
                if loose is not None:
                    out.append(loose)
        return out


def cut(rule_id: str, rx: re.Pattern[str], hit: re.Match[str]) -> str:
    """The secret a rule's pattern cut from an example: its group, cleaned."""
    group = SECRET_GROUP.get(rule_id, 1) if rx.groups else 0
    return clean(hit.group(group) or "")


def secrets(rules: Rules, known: set[str], counts: Counter[str]) -> list[dict[str, Any]]:
    """At most ``PER_RULE`` secrets per rule, each cut from an example by the rule's pattern."""
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for rule in rules.rules:
        examples = rule.get("examples") or []
        if rule["id"] in rules.assets:
            counts["examples of asset rules (not secrets)"] += len(examples)
            continue
        if rule["id"] in LEFT_OUT:
            counts[f"examples of {rule['id']}: {LEFT_OUT[rule['id']]}"] += len(examples)
            continue
        try:
            rx = re.compile(rule["pattern"])
        except re.error:
            counts["examples of patterns Python's re refuses"] += len(examples)
            counts["rules whose pattern Python's re refuses"] += 1
            continue
        if rx.groups > 1 and rule["id"] not in SECRET_GROUP:
            raise SystemExit(f"{rule['id']}: several capture groups; say which is the secret")
        kept = 0
        for example in examples:
            hit = rx.search(example)
            if hit is None:
                counts["examples the pattern does not match in Python"] += 1
                continue
            value = cut(rule["id"], rx, hit)
            reason = (
                "already in secrets.jsonl" if value in known
                else "repeated value" if value in seen
                else "placeholder" if placeholder(value)
                else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
                else "over the per-rule cap" if kept >= PER_RULE
                else None
            )  # fmt: skip
            if reason:
                counts[f"examples dropped: {reason}"] += 1
                continue
            kept += 1
            seen.add(value)
            out.append({
                "kind": "noseyparker:" + rule["id"],
                "value": value,
                "source": rules.source(rule),
                "split": "fresh",
                "example": example,
            })  # fmt: skip
    for i, row in enumerate(out, 1):
        row["id"] = f"f{i:04d}"
    return out


def negatives(
    rules: Rules,
    gitleaks: list[re.Pattern[str]],
    known: set[str],
    labelled: set[str],
    counts: Counter[str],
) -> list[dict[str, Any]]:
    """Negative examples that no Nosey Parker rule and no gitleaks rule flags.

    A negative example only says *its* rule must not fire; it may well be another rule's
    true positive, so any string a pattern of either rule set matches is left out, and so
    is one that holds a value labelled a secret here (``labelled``) or that
    ``HOLDS_A_CREDENTIAL`` names.
    """
    ours = rules.matchers()
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for rule in rules.rules:
        for text in rule.get("negative_examples") or []:
            text = text.rstrip("\n")
            if text in known or text in seen:
                counts["negative examples dropped: repeated"] += 1
                continue
            if any(rx.search(text) for rx in ours):
                counts["negative examples dropped: a Nosey Parker rule matches"] += 1
                continue
            if any(rx.search(text) for rx in gitleaks):
                counts["negative examples dropped: a gitleaks rule matches"] += 1
                continue
            if any(value in text for value in labelled):
                counts["negative examples dropped: holds a value labelled a secret"] += 1
                continue
            if any(text.startswith(start) for start in HOLDS_A_CREDENTIAL):
                counts["negative examples dropped: read as credential material"] += 1
                continue
            seen.add(text)
            out.append({
                "kind": "noseyparker-fp:" + rule["id"],
                "text": text,
                "source": rules.source(rule),
                "split": "fresh",
            })  # fmt: skip
    for i, row in enumerate(out, 1):
        row["id"] = f"fn{i:04d}"
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR, help="Nosey Parker git mirror")
    parser.add_argument("--gitleaks", type=Path, default=build.GITLEAKS, help="gitleaks mirror")
    args = parser.parse_args()
    rules = Rules(args.mirror)
    counts: Counter[str] = Counter()
    known = {row["value"] for row in load("secrets.jsonl")}
    known_neg = {row["text"] for row in load("negatives.jsonl")}
    found = secrets(rules, known, counts)
    labelled = {v for v in known | {r["value"] for r in found} if len(v) >= MIN_LEN}
    negs = negatives(rules, build.gitleaks_regexes(args.gitleaks), known_neg, labelled, counts)
    write("fresh_secrets.jsonl", found)
    write("fresh_negatives.jsonl", negs)
    print(f"Nosey Parker {rules.sha}: {len(rules.rules)} rules")
    print(f"{len(found)} secrets of {len({r['kind'] for r in found})} kinds")
    print(f"{len(negs)} negatives of {len({r['kind'] for r in negs})} kinds")
    for what, n in sorted(counts.items()):
        print(f"  {what}: {n}")


if __name__ == "__main__":
    main()
