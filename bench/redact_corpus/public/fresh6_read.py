# ruff: noqa: E501  (tables of values read one by one: one case per line reads best)
"""Read the ``fresh6`` split's candidates from the three sources' mirrors, at the commits
``build.py``'s corpus was cut from: TruffleHog's detector test cases (``input`` and the
``want`` list, read by ``golit``), gitleaks' rule true positives and two ``testdata`` files,
and detect-secrets' plugin test lines. What is kept of them is ``fresh6.py``'s to decide.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import textwrap
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import build  # noqa: E402
import golit  # noqa: E402
import ripsecrets  # noqa: E402

MIRRORS = Path("/work/.mirror")
GITLEAKS = MIRRORS / "gitleaks+gitleaks/repo"
TRUFFLEHOG = MIRRORS / "trufflesecurity+trufflehog/repo"
DETECT_SECRETS = MIRRORS / "Yelp+detect-secrets/repo"
COMMITS = {
    "gitleaks": "b58d3f102cf3a2c84cb7f923d05c25c9b1aed84b",
    "trufflehog": "3ab759fef4bb5935d4fe9ac68b503d05346b8364",
    "detect-secrets": "5e141933554a0b74e7341841f318be21e895339c",
}
"""The commits ``secrets.jsonl`` was cut from (its sources cite them). A detector or rule
file that only a newer ``HEAD`` of a mirror has is read at that ``HEAD``."""
GITHUB = {
    "gitleaks": "gitleaks/gitleaks",
    "trufflehog": "trufflesecurity/trufflehog",
    "detect-secrets": "Yelp/detect-secrets",
}
MAX_EXAMPLE = 2000
GITLEAKS_TESTDATA = (
    # (file, rule whose finding the tests expect, where the value sits)
    ("testdata/repos/nogit/.env.prod", "generic-api-key", r"DB_PASSWORD=(\S+)"),
    ("testdata/repos/symlinks/source_file/id_ed25519", "private-key", r"\n(AAAEC\S+)"),
)
"""Values of gitleaks' test repositories that ``detect/detect_test.go`` expects a finding of
(the first file's, ``.env.prod``, is the whole of ``testdata/archives/files/.env.prod``
too). An OpenSSH key's first lines are the same in every unencrypted ed25519 key (the
format's magic, cipher ``none``, the public key), so its value is the line where the private
part starts (``AAAEC…``, the private key's length, then the key). The AWS key id of the
other test files is an identifier."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.check_output(["git", "-C", str(repo), *args], text=True, errors="replace")


class Mirror:
    """One source's mirror, read at the pinned commit (and files only ``HEAD`` has)."""

    def __init__(self, name: str, path: Path) -> None:
        self.name = name
        self.path = path
        self.pinned = COMMITS[name]
        _git(path, "cat-file", "-e", f"{self.pinned}^{{commit}}")
        self.head = _git(path, "rev-parse", "HEAD").strip()

    def files(self, under: str) -> list[tuple[str, str]]:
        """(commit, path) of every file under ``under``: at the pinned commit, plus those
        only ``HEAD`` has."""
        pinned = _git(self.path, "ls-tree", "-r", "--name-only", self.pinned, under).split()
        out = [(self.pinned, p) for p in pinned]
        if self.head != self.pinned:
            newer = _git(self.path, "ls-tree", "-r", "--name-only", self.head, under).split()
            out += [(self.head, p) for p in newer if p not in set(pinned)]
        return sorted(out, key=lambda cp: cp[1])

    def show(self, commit: str, path: str) -> str:
        return _git(self.path, "show", f"{commit}:{path}")

    def source(self, commit: str, path: str) -> str:
        return f"https://github.com/{GITHUB[self.name]}/blob/{commit}/{path}"


def _snippet(text: str) -> str:
    """A test's input as a reader would meet it: Go's source indentation taken off."""
    lines = textwrap.dedent(text.replace("\r", "")).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(line.rstrip() for line in lines)


def _example(text: str, value: str) -> str:
    """The input, or for a long one the lines around the value."""
    if len(text) <= MAX_EXAMPLE:
        return text
    at = text.index(value)
    start = text.rfind("\n", 0, max(0, at - 300)) + 1
    end = text.find("\n", at + len(value) + 300)
    return text[start : end if end != -1 else len(text)]


# --- TruffleHog -------------------------------------------------------------------------

_URL = re.compile(r"^[a-z][\w+.-]*://", re.I)
_URL_PASSWORD = re.compile(r"^[a-z][\w+.-]*://[^:@/\s]*:([^@\s]+)@", re.I)
_PARAM_PASSWORD = re.compile(
    r"(?i)(?:^|[;?&])\s*(?:password|pwd|secret|accountkey|sharedaccesskey)=([^;&\s]+)"
)
_HOST = re.compile(r"^(?:[\w-]+\.)+[a-z]{2,}(?::\d+)?/?$", re.I)
_EMAIL = re.compile(r"^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$")
_WEBHOOK_PATH = re.compile(r"/[\w-]{16,}")
_JSON_SECRET = re.compile(r"(?i)key|secret|token|auth|password|pass")
_JSON_NAME = re.compile(r"(?i)id$|name|url|host|region|user|email|type")


def _identifier(part: str) -> bool:
    return bool(_URL.match(part) or _HOST.match(part) or _EMAIL.match(part))


_SECRET_LABEL = re.compile(r"(?i)secret|passw|pwd|token|private")
_ID_LABEL = re.compile(
    r"(?i)\bid\b|_id\b|\bid\s*[=:]|<id>|user|e-?mail|account|\borg|domain|url|host|name|sid\b"
)


def _label(part: str, text: str) -> str:
    """What the input's line says a part is, by the words before it: ``secret``, ``id``
    or ``neutral`` (``key``, nothing)."""
    at = text.index(part)
    before = text[text.rfind("\n", 0, at) + 1 : at]
    before = before.rsplit(" AQAAABAAA", 1)[0]  # the tests' Jenkins credentials template
    if _SECRET_LABEL.search(before):
        return "secret"
    if _ID_LABEL.search(before):
        return "id"
    return "neutral"


def _parts(want: str, text: str) -> list[str] | None:
    """``want`` as the longest pieces of ``text`` it is made of, the one-sign separators
    between them (``:``, ``;``, ``|``, ``,``, a blank) left out; None if it is not."""
    parts: list[str] = []
    i = 0
    while i < len(want):
        j = len(want)
        while j - i >= 4 and want[i:j] not in text:
            j -= 1
        if j - i >= 4:
            parts.append(want[i:j])
            i = j
        elif want[i] in ":;|, ":
            i += 1
        else:
            return None
    return parts


def cut_want(kind: str, want: str, text: str) -> tuple[str | None, str]:
    """The secret of one reported match: the match itself, a URL's password, the secret
    field of a JSON match, or the secret part of a match joining several parts."""
    if want.startswith("{"):
        try:
            fields = json.loads(want)
        except ValueError:
            return None, "a JSON match that does not parse"
        found = [
            v
            for k, v in fields.items()
            if isinstance(v, str) and _JSON_SECRET.search(k) and not _JSON_NAME.search(k)
        ]
        if len(found) != 1 or found[0] not in text:
            return None, "a JSON match without one secret field in the input"
        return found[0], "json"
    if want in text:
        if _EMAIL.match(want) or _HOST.match(want):
            return None, "the reported match is an identifier (an e-mail address, a host)"
        if m := _URL_PASSWORD.match(want):
            return m.group(1), "url password"
        if m := _PARAM_PASSWORD.search(want):
            return m.group(1), "url password"
        if _URL.match(want) or want.startswith("jdbc:"):
            if _WEBHOOK_PATH.search(want.split("://", 1)[-1]):
                return want, "webhook url"
            return None, "a URL with no credential"
        return want, "whole"
    parts = _parts(want, text)
    if parts is None:
        return None, "the reported match is not made of pieces of the input"
    parts = [p for p in parts if not _identifier(p)]
    for label in ("secret", "neutral", "id"):
        named = [p for p in parts if _label(p, text) == label]
        if named:
            return max(reversed(named), key=len), f"joined, {label}"
    return None, "a joined match of identifiers only"


def key_line(value: str) -> str:
    """A key block's first line of key material (as the earlier splits cut keys)."""
    if "-----BEGIN" not in value:
        return value
    lines = [x.strip() for x in value.split("\n")]
    body = [x for x in lines if x and not x.startswith("-----") and ":" not in x]
    return body[0] if body else value


def trufflehog_cases(th: Mirror, counts: Counter[str]) -> list[dict[str, Any]]:
    """Every test case of TruffleHog's detector tests: kind, source, name, input, want."""
    out = []
    for commit, path in th.files("pkg/detectors"):
        if not path.endswith("_test.go") or "integration" in path:
            continue
        toks = golit.lex(th.show(commit, path))
        evaluate = golit.Evaluator(golit.definitions(toks))
        for cases in golit.case_tables(toks):
            for case in cases:
                if "input" not in case or "want" not in case:
                    continue
                try:
                    text, want = evaluate(case["input"]), evaluate(case["want"])
                    name = evaluate(case["name"]) if "name" in case else ""
                except (golit.Unsupported, StopIteration, IndexError, TypeError):
                    counts["trufflehog: test cases not worked out"] += 1
                    continue
                if not isinstance(text, str) or not all(isinstance(w, str) for w in want or []):
                    counts["trufflehog: test cases not worked out"] += 1
                    continue
                out.append({
                    "kind": "trufflehog:" + path.split("/")[2],
                    "source": th.source(commit, path),
                    "name": name,
                    "input": text,
                    "want": want or [],
                })  # fmt: skip
    return out


def trufflehog_secrets(cases: list[dict[str, Any]], counts: Counter[str]) -> list[dict[str, Any]]:
    out = []
    for case in cases:
        text = _snippet(case["input"])
        for want in case["want"]:
            value, how = cut_want(case["kind"], want, text)
            if value is None:
                counts[f"trufflehog: reported matches dropped: {how}"] += 1
                continue
            value = key_line(value)
            if value[-1] in "\"'" and value[0] != value[-1]:  # a detector's capture took it
                value = value[:-1]
            out.append({
                "kind": case["kind"],
                "value": value,
                "source": case["source"],
                "example": _example(text, value),
                "how": how,
            })  # fmt: skip
    return out


def trufflehog_negatives(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "kind": case["kind"].replace("trufflehog:", "trufflehog-fp:", 1),
            "text": _snippet(case["input"]),
            "source": case["source"],
        }
        for case in cases
        if not case["want"] and re.search(r"(?i)invalid", case["name"])
    ]


# --- gitleaks ---------------------------------------------------------------------------

_TPS = re.compile(r"tps\s*(?::=|=)\s*(.*?)\n\t[})]", re.S)
_LITERAL = re.compile(r'`([^`]*)`|"((?:[^"\\\n]|\\.)*)"')


def _gitleaks_clean(rule_id: str, value: str) -> str:
    """A rule's capture without what it took from around the secret: the quotes of a
    quoted value, ``curl -u``'s closing colon (no password given), and for
    ``kubernetes-secret-yaml``, whose capture is the whole ``key: value`` line, the key."""
    if rule_id == "kubernetes-secret-yaml" and ": " in value:
        value = value.split(": ", 1)[1].strip()
    if len(value) > 2 and value[0] == value[-1] and value[0] in "\"'":
        value = value[1:-1]
    return value[:-1] if rule_id == "curl-auth-user" and value.endswith(":") else value


def gitleaks_secrets(gl: Mirror) -> list[dict[str, Any]]:
    """As ``build.gitleaks_values``, every value (``build.py`` kept three per rule), at the
    pinned commit; then ``GITLEAKS_TESTDATA``."""
    config = tomllib.loads(gl.show(gl.pinned, "config/gitleaks.toml"))
    rules = {r["id"]: r for r in config["rules"] if "regex" in r}
    out = []
    for commit, path in gl.files("cmd/generate/config/rules"):
        if not path.endswith(".go"):
            continue
        for fn in re.split(r"\nfunc ", gl.show(commit, path))[1:]:
            m = re.search(r'RuleID:\s*"([^"]+)"', fn)
            rule = rules.get(m.group(1)) if m else None
            if rule is None:
                continue
            rx = build._go_regex(rule["regex"])
            group = rule.get("secretGroup", 1)
            for block in _TPS.finditer(fn):
                for lit in _LITERAL.findall(block.group(1)):
                    line = lit[0] or lit[1]
                    hit = rx.search(line)
                    if not hit:
                        continue
                    value = (
                        hit.group(group)
                        if hit.lastindex and group <= hit.lastindex
                        else hit.group(0)
                    )
                    value = _gitleaks_clean(rule["id"], (value or "").strip())
                    if value and "\n" not in value:
                        out.append({
                            "kind": "gitleaks:" + rule["id"],
                            "value": value,
                            "source": gl.source(commit, path),
                            "example": line,
                        })  # fmt: skip
    for path, rule_id, where in GITLEAKS_TESTDATA:
        text = gl.show(gl.pinned, path)
        m = re.search(where, text)
        if m:
            out.append({
                "kind": "gitleaks:" + rule_id,
                "value": m.group(1),
                "source": gl.source(gl.pinned, path),
                "example": text.strip("\n"),
            })  # fmt: skip
    return out


# --- detect-secrets ---------------------------------------------------------------------


class _PyUnsupported(Exception):
    pass


class PyConstants:
    """Works out the constant expressions of a Python test module (string literals, names
    of module constants, ``+``, ``*``, ``str.format``, ``textwrap.dedent``, slices)."""

    def __init__(self, tree: ast.Module) -> None:
        self.names: dict[str, ast.expr] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign) and len(node.targets) == 1:
                target = node.targets[0]
                if isinstance(target, ast.Name):
                    self.names[target.id] = node.value

    def __call__(self, node: ast.expr) -> Any:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name) and node.id in self.names:
            return self(self.names[node.id])
        if isinstance(node, ast.Tuple | ast.List):
            return [self(e) for e in node.elts]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mult):
            a, b = self(node.left), self(node.right)
            return a + b if isinstance(node.op, ast.Add) else a * b
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            s = node.slice
            lo = self(s.lower) if s.lower else None
            hi = self(s.upper) if s.upper else None
            return self(node.value)[lo:hi]
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            attr = node.func.attr
            if attr == "format":
                args = [self(a) for a in node.args]
                kwargs = {k.arg: self(k.value) for k in node.keywords if k.arg}
                return self(node.func.value).format(*args, **kwargs)
            if attr == "dedent" and isinstance(node.func.value, ast.Name):
                return textwrap.dedent(self(node.args[0]))
        raise _PyUnsupported(ast.dump(node)[:80])


DS_LEFT_OUT = {
    "gitlab_token": "every flagged value is a sentence or hello world in a token's prefix "
    "(glpat-hellOworld380_testin, glptt-Need5_T00-be-exactly-40-chars--ELse_fail)",
}
"""detect-secrets plugins whose test values are not taken, with why."""
DS_FLAG_NAMES = ("should_flag",)
DS_LINE_NAMES = ("payload", "line")


def detect_secrets_cases(ds: Mirror, counts: Counter[str]) -> list[dict[str, Any]]:
    """(plugin, line, flagged) of every ``@pytest.mark.parametrize`` table of the plugin
    tests whose parameters are a line and ``should_flag``."""
    out = []
    for commit, path in ds.files("tests/plugins"):
        if not path.endswith("_test.py"):
            continue
        plugin = path.rsplit("/", 1)[1].removesuffix("_test.py")
        if plugin in DS_LEFT_OUT:
            counts[f"detect-secrets: {plugin} left out: {DS_LEFT_OUT[plugin]}"] += 1
            continue
        tree = ast.parse(ds.show(commit, path))
        constants = PyConstants(tree)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "parametrize"):
                continue
            names = constants(node.args[0])
            names = [n.strip() for n in names.split(",")] if isinstance(names, str) else names
            if len(names) != 2 or names[0] not in DS_LINE_NAMES or names[1] not in DS_FLAG_NAMES:
                continue
            assert isinstance(node.args[1], ast.List | ast.Tuple)
            for row in node.args[1].elts:
                try:
                    line, flagged = constants(row)
                except (_PyUnsupported, TypeError, ValueError, KeyError, IndexError):
                    counts["detect-secrets: test lines not worked out"] += 1
                    continue
                out.append({
                    "plugin": plugin,
                    "line": line,
                    "flagged": bool(flagged),
                    "source": ds.source(commit, path),
                })  # fmt: skip
    return out


def detect_secrets_secrets(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each flagged line's value, cut by ``ripsecrets.cut`` (our reading of where a test
    line's value sits), a leading ``name=`` it leaves (``.npmrc``'s ``_authToken=``) taken
    off."""
    out = []
    for case in cases:
        if case["flagged"]:
            value = ripsecrets.cut(case["line"])
            value = re.sub(r"^[A-Za-z_]\w*=(?=\S)", "", value)
            out.append({
                "kind": "detect-secrets:" + case["plugin"],
                "value": value,
                "source": case["source"],
                "example": case["line"].strip(),
            })  # fmt: skip
    return out


def detect_secrets_negatives(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {
            "kind": "detect-secrets-fp:" + case["plugin"],
            "text": case["line"].strip(),
            "source": case["source"],
        }
        for case in cases
        if not case["flagged"]
    ]
