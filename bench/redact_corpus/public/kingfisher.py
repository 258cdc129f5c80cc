"""Kingfisher's rule examples and test files, for the ``fresh2`` split (``fresh2.py``
writes the files).

Kingfisher's rules (``data/rules/*.yml`` in ``mongodb/kingfisher``) each carry a
``pattern`` and ``examples``; a few carry ``negative_examples``. As in ``noseyparker.py``,
only the example strings are taken (data facts, each rule file pinned to the mirror's
commit) and the secret is cut from an example by the rule's own pattern. Rust-only
spellings are rewritten to Python's, keeping their meaning (``python_pattern``).
Kingfisher grew out of Nosey Parker's rules, so a rule of a service an earlier split has
a kind of gives only values its pattern shows to be of a format new to that service
(``same_format``). Kingfisher's own test files (``TESTDATA``) are cut the same way, every
rule run over each whole file.
"""

from __future__ import annotations

import base64
import binascii
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import noseyparker  # noqa: E402

MIRROR = Path("/work/.mirror/mongodb+kingfisher/repo")
RULES = "data/rules"
PER_RULE = 3
MIN_LEN = noseyparker.MIN_LEN

SECRET_GROUP: dict[str, int | tuple[int, ...]] = {
    "kingfisher.aws.2": 1,  # key, then an optional trailing part
    "kingfisher.azure.1": 2,  # account name, account key
    "kingfisher.azure.2": 3,  # endpoint, credential id, secret
    "kingfisher.blynk.8": 2,  # client id, client secret
    "kingfisher.blynk.9": 2,  # client id, client secret, region
    "kingfisher.credentials.1": 2,  # user, password, host, path
    "kingfisher.databricks.2": 1,  # token, then an optional suffix
    "kingfisher.discord.1": 2,  # webhook URL up to the id, then the webhook token
    "kingfisher.google.6": (2, 3),  # client id, then a GOCSPX- secret or an older one
    "kingfisher.gradle.1": 2,  # user, password
    "kingfisher.huggingface.1": 1,
    "kingfisher.netrc.1": 3,  # machine, login, password
    "kingfisher.odbc.1": 2,  # user, password
    "kingfisher.privkey.1": 0,  # group 1 is the header only; the key is the whole match
    "kingfisher.privkey.2": 1,  # the whole block; groups 2 and 3 are the optional " BLOCK"
    "kingfisher.psexec.1": 2,  # user, password
    "kingfisher.readme.1": 1,  # the key; group 2 is its body without the prefix
    "kingfisher.slack.2": 1,
    "kingfisher.twitter.v2.1": 1,  # the key; group 2 is one of its %-parts
}
"""Which capture group holds the secret, for rules whose pattern captures several parts
or whose one group is not the secret (read from each rule's pattern and examples); a
tuple: the first of those groups that took part in the match."""

LEFT_OUT = {
    "kingfisher.uri.1": "its groups are the scheme and port; the password is no group of its own",
    "kingfisher.asana.1": "finds a client id, not a secret",
    "kingfisher.azuresearch.url.1": "finds a service URL, not a secret",
    "kingfisher.weak_password.1": "finds common weak-password words wherever they stand",
    "kingfisher.generic.8": "its password group also holds the setting's name",
    "kingfisher.youtube.1": "its two groups split one value (a key half and a channel id)",
    "kingfisher.age.1": "finds an age recipient, a public key",
    "kingfisher.gcp.1": "captures a whole service-account JSON, not one value",
    "kingfisher.gcp.3": "finds a private key's id, not the key",
    "kingfisher.github.5": "finds a client id, not a secret",
    "kingfisher.linkedin.1": "finds a client id, not a secret",
    "kingfisher.mapbox.1": "finds a public (pk.) token, meant to be shipped to browsers",
    "kingfisher.squareup.1": "finds a Square application id (sq0idp-), not a secret",
}

PASSWORD_IN_URL = {"kingfisher.mongodb.3", "kingfisher.postgres.1"}
"""Rules that capture a whole connection URL: the secret kept is its password."""
_URL_PASSWORD = re.compile(r"://[^:/@\s]+:(.+)@[^@]*$")
"""Rules that give no single secret value to plant (besides the hidden helper rules)."""

TESTDATA = (
    "testdata/c_vulnerable.c", "testdata/cpp_vulnerable.cpp", "testdata/csharp_vulnerable.cs",
    "testdata/elixir_vulnerable.exs", "testdata/generic_secrets.py",
    "testdata/go_vulnerable.go", "testdata/java_vulnerable.java",
    "testdata/javascript_vulnerable.js", "testdata/json_vulnerable.json",
    "testdata/kotlin_vulnerable.kt", "testdata/misc/test.properties",
    "testdata/objc_vulnerable.m", "testdata/php_vulnerable.php",
    "testdata/python2_vulnerable.py", "testdata/python_vulnerable.py",
    "testdata/ruby_vulnerable.rb", "testdata/rust_vulnerable.rs",
    "testdata/scala_vulnerable.scala", "testdata/shell_vulnerable.sh",
    "testdata/slack_tokens.properties", "testdata/swift_vulnerable.swift",
    "testdata/toml_vulnerable.toml", "testdata/tsx_vulnerable.tsx",
    "testdata/typescript_vulnerable.ts", "testdata/yaml_vulnerable.yaml",
)  # fmt: skip
"""Kingfisher's own test files: whole source files with planted secrets. Every rule's
pattern is run over each; a hit is labelled like an example's, the file its example."""

MISCUT = {
    "postgres": "a user or database name the generic password rule took",
    'secret123")': "the generic rule took the closing quote and parenthesis too",
    "rSUVbOmDrRI7EDLmskuwpAAddEA0WNwu": "the middle of an AWS secret key labelled whole",
}
"""Values a rule cut from a test file that reading showed are no secret as cut."""

HOLDS_A_CREDENTIAL = {
    "Twitter(auth=OAuth(": "four Twitter OAuth credentials",
}
"""Negative examples that no rule matches but that still carry credential material
(read one by one), keyed by how the text starts."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True)


_LEAD_FLAGS = re.compile(r"^\s*((?:\(\?[a-zA-Z]+\)\s*)+)")


def python_pattern(pattern: str) -> str:
    """The Rust pattern in Python's spelling, by rewrites that keep its meaning: flag
    groups that open the pattern one after another (``(?x)`` then ``(?i)``) become one,
    a later flag group the opening ones already set goes, one that opens a
    non-capturing group becomes that group's scoped flags, ``(?<n>`` becomes ``(?P<n>``."""
    lead = _LEAD_FLAGS.match(pattern)
    flags = ""
    if lead:
        flags = "".join(sorted(set("".join(re.findall(r"\(\?([a-zA-Z]+)\)", lead.group(1))))))
        pattern = f"(?{flags})" + pattern[lead.end() :]
    cut = len(flags) + 3 if flags else 0
    head, body = pattern[:cut], pattern[cut:]
    # A flag group the leading flags already set does nothing; one that opens a
    # non-capturing group sets its flag for the rest of that group: Python's (?i:...).
    body = re.sub(r"\(\?([a-zA-Z]+)\)", lambda m: "" if set(m[1]) <= set(flags) else m[0], body)
    body = re.sub(r"\(\?:(\s*)\(\?([a-zA-Z]+)\)", r"(?\2:\1", body)
    return head + re.sub(r"\(\?<(?=[A-Za-z_])", "(?P<", body)


_MADE_UP = ("a1b2c3", "1a2b3c", "abc123", "123abc", "1234", "abcd", "fedcba", "123e4567",
            "qwerty", "asdf")  # fmt: skip
_KEYWORD_FIRST = re.compile(r"(?i)^(?:key|token|secret|private|access)[-_.]")


def _run(signs: list[int], length: int) -> bool:
    """Whether ``length`` signs in a row count up or down by one."""
    for step in (1, -1):
        run = 1
        for a, b in zip(signs, signs[1:], strict=False):
            run = run + 1 if b - a == step else 1
            if run >= length:
                return True
    return False


def _counting(text: str) -> bool:
    """Whether the letters of ``text``, the rest dropped, hold five in alphabetical order
    either way (``a1b2c3d4e5``, ``ZYXWV98``; not asked of hex, whose six letters make runs
    by chance), or its digits six in counting order (``123f456b7``)."""
    low = text.lower()
    letters = [ord(c) for c in low if "a" <= c <= "z"]
    hex_only = all(c <= ord("f") for c in letters)
    return (not hex_only and _run(letters, 5)) or _run([ord(c) for c in low if c.isdigit()], 6)


def _decoded(value: str) -> str:
    """The text a base64 value decodes to, when it is printable ASCII ('' otherwise)."""
    try:
        raw = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
        text = raw.decode("ascii")
    except (binascii.Error, ValueError):
        return ""
    return text if text.isprintable() else ""


def made_up(value: str) -> bool:
    """A value typed to show a format, not drawn at random: a keyboard or counting
    sequence, a character four times in a row, a unit repeated, or base64 of words that
    say so (``…example…``). Key blocks are exempt (a key's encoding has runs of ``A``)."""
    if "-----BEGIN" in value:
        return False
    low = value.lower()
    decoded = _decoded(value)
    return (
        any(m in low for m in _MADE_UP)
        or _counting(low)
        or re.search(r"(.)\1{3}", low) is not None
        or re.search(r"(.{3,8})\1\1|(.{6,16})\2", low) is not None
        or bool(decoded and noseyparker.placeholder(decoded))
    )


def placeholder(value: str) -> bool:
    """``noseyparker.placeholder`` (``build.py``'s test and more) or ``made_up``."""
    return noseyparker.placeholder(value) or made_up(value)


def _norm(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _service_of_kind(kind: str) -> str | None:
    """A kind's service: a Nosey Parker rule's middle part, a gitleaks rule id's first
    word, a TruffleHog or detect-secrets detector name (tool cases have none)."""
    source, name = kind.split(":", 1)
    if source == "noseyparker":
        return _norm(name.split(".")[1])
    if source == "gitleaks":
        return _norm(name.split("-")[0])
    if source in ("trufflehog", "detect-secrets"):
        return _norm(name)
    return None


def earlier_services(rows: list[dict[str, Any]]) -> dict[str, list[str]]:
    """The earlier splits' values by service."""
    out: dict[str, list[str]] = {}
    for row in rows:
        service = _service_of_kind(row["kind"])
        if service:
            out.setdefault(service, []).append(row["value"])
    return out


def service_values(service: str, earlier: dict[str, list[str]]) -> list[str] | None:
    """The earlier values of ``service`` (None: no earlier kind has it). Named the same,
    or (five letters or more) the start of a detector name: ``newrelic`` is known from
    TruffleHog's ``newrelicuserkey``."""
    s = _norm(service)
    keys = [k for k in earlier if k == s or (len(s) >= 5 and k.startswith(s))]
    return [v for k in keys for v in earlier[k]] if keys else None


def same_format(rx: re.Pattern[str], group: int, hit: re.Match[str], values: list[str]) -> bool:
    """Whether the rule takes an earlier value of its service in the place of its own:
    the example with the value swapped in still matches, capturing that value."""
    text = hit.string
    for value in values:
        swapped = text[: hit.start(group)] + value + text[hit.end(group) :]
        again = rx.search(swapped)
        if again and value in (again.group(group) or ""):
            return True
    return False


class Rules:
    """Kingfisher's rules at the mirror's ``HEAD``, with the rule file of each."""

    def __init__(self, mirror: Path = MIRROR) -> None:
        self.mirror = mirror
        self.sha = _git(mirror, "rev-parse", "HEAD").strip()
        self.rules: list[dict[str, Any]] = []
        for path in _git(mirror, "ls-tree", "-r", "--name-only", "HEAD", RULES).split():
            for rule in yaml.safe_load(_git(mirror, "show", f"HEAD:{path}"))["rules"]:
                self.rules.append({**rule, "path": path})

    def source(self, rule: dict[str, Any]) -> str:
        return f"https://github.com/mongodb/kingfisher/blob/{self.sha}/{rule['path']}"

    def matchers(self) -> list[re.Pattern[str]]:
        """Every rule's pattern, hidden helper rules included (refused ones loosely)."""
        out = []
        for rule in self.rules:
            try:
                out.append(re.compile(python_pattern(rule["pattern"])))
            except re.error:
                loose = noseyparker._compile_loose(python_pattern(rule["pattern"]))
                if loose is not None:
                    out.append(loose)
        return out


def cut(rule_id: str, rx: re.Pattern[str], hit: re.Match[str]) -> tuple[str, int]:
    """The secret a rule's pattern cut from an example (its group, cleaned; a URL's
    password where the rule takes the whole URL), and the group it came from."""
    groups = SECRET_GROUP.get(rule_id, 1) if rx.groups else 0
    choice = groups if isinstance(groups, tuple) else (groups,)
    group = next((g for g in choice if hit.group(g)), choice[0])
    value = re.sub(r"^[=:.-](?!-)", "", noseyparker.clean(hit.group(group) or ""))
    if rule_id in PASSWORD_IN_URL and (url := _URL_PASSWORD.search(value)):
        value = url.group(1)
    return value, group


class Cutter:
    """Cuts values with the rules' patterns and keeps those fit to label, at most
    ``PER_RULE`` per rule over all the texts it is given. A rule of a service an earlier
    split has keeps only values of a format new to it (``same_format`` with every
    earlier value of the service says no)."""

    def __init__(
        self, rules: Rules, known: set[str], earlier: dict[str, list[str]], counts: Counter[str]
    ) -> None:
        self.rules, self.known, self.earlier, self.counts = rules, known, earlier, counts
        self.kept: Counter[str] = Counter()
        self.seen: set[str] = set()
        self.out: list[dict[str, Any]] = []

    def usable(self, rule: dict[str, Any], what: str, n: int) -> re.Pattern[str] | None:
        """The rule's compiled pattern, None (counting ``n`` texts) when it gives no cases."""
        reason = (
            "hidden helper rules (ids, hosts)" if rule.get("visible") is False
            else f"{rule['id']}: {LEFT_OUT[rule['id']]}" if rule["id"] in LEFT_OUT
            else None
        )  # fmt: skip
        try:
            rx = re.compile(python_pattern(rule["pattern"]))
        except re.error:
            reason = reason or "patterns Python's re refuses"
        if reason:
            if n:
                self.counts[f"kingfisher: {what} of {reason}"] += n
            return None
        if rx.groups > 1 and rule["id"] not in SECRET_GROUP:
            raise SystemExit(f"{rule['id']}: several capture groups; say which is the secret")
        return rx

    def take(
        self, rule: dict[str, Any], rx: re.Pattern[str], hit: re.Match[str], what: str, source: str
    ) -> None:
        """Label the secret of ``hit`` (in the text it was found in), unless a reason says no."""
        value, group = cut(rule["id"], rx, hit)
        earlier = service_values(rule["id"].split(".")[1], self.earlier)
        reason = (
            "a format an earlier split has (same service)"
            if earlier and same_format(rx, group, hit, earlier)
            else "the capture starts at the keyword, not the secret"
            if _KEYWORD_FIRST.match(value)
            else "read as no secret (MISCUT)" if value in MISCUT
            else "already in an earlier split" if value in self.known
            else "repeated value" if value in self.seen
            else "placeholder" if placeholder(value)
            else f"shorter than {MIN_LEN}" if len(value) < MIN_LEN
            else "over the per-rule cap" if self.kept[rule["id"]] >= PER_RULE
            else None
        )  # fmt: skip
        if reason:
            self.counts[f"kingfisher: {what} dropped: {reason}"] += 1
            return
        self.kept[rule["id"]] += 1
        self.seen.add(value)
        self.out.append({
            "kind": "kingfisher:" + rule["id"],
            "value": value,
            "source": source,
            "split": "fresh2",
            "example": hit.string,
        })  # fmt: skip


def secrets(
    rules: Rules, known: set[str], earlier: dict[str, list[str]], counts: Counter[str]
) -> list[dict[str, Any]]:
    """Secrets cut from the rules' examples, then from the scanner's test files."""
    cut = Cutter(rules, known, earlier, counts)
    for rule in rules.rules:
        examples = rule.get("examples") or []
        rx = cut.usable(rule, "examples", len(examples))
        if rx is None:
            continue
        for example in examples:
            hit = rx.search(example)
            if hit is None:
                counts["kingfisher: examples the pattern does not match in Python"] += 1
                continue
            cut.take(rule, rx, hit, "examples", rules.source(rule))
    for path in TESTDATA:
        text = _git(rules.mirror, "show", f"HEAD:{path}")
        source = f"https://github.com/mongodb/kingfisher/blob/{rules.sha}/{path}"
        for rule in rules.rules:
            rx = cut.usable(rule, "test-file hits", 0)
            for hit in rx.finditer(text) if rx else ():
                cut.take(rule, rx, hit, "test-file hits", source)
    return cut.out


def negative_candidates(rules: Rules) -> list[dict[str, Any]]:
    """Every negative example, unvetted (``fresh2.py`` vets all sources' alike)."""
    out = []
    for rule in rules.rules:
        for text in rule.get("negative_examples") or []:
            out.append({
                "kind": "kingfisher-fp:" + rule["id"],
                "text": text.rstrip("\n"),
                "source": rules.source(rule),
                "split": "fresh2",
            })  # fmt: skip
    return out
