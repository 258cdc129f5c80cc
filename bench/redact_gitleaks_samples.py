"""gitleaks' generated test secrets, in gitleaks' own sample lines and said bare.

Run: ``python bench/redact_gitleaks_samples.py [--mirror /work/.mirror/gitleaks+gitleaks/repo]
[--seed 7] [--show 40]``.

Most of gitleaks' rule tests build their true positives at run time:
``utils.GenerateSampleSecrets("gitlab", "glft-" + secrets.NewSecret(utils.AlphaNumeric("20")))``
draws a value from a regex and writes it into 28 sample lines (INI, JSON, YAML, XML, C#,
Go, Java, Kotlin, PHP, Python, Makefile assignments, ``System.setProperty``, logstash).
The corpus builders copy literal values only, so these forms were never scored. This bench
evaluates each call the way the Go code does (string literals, ``utils.Hex("32")`` and the
other pattern helpers, ``secrets.NewSecret`` over a small regex generator, seeded), and
scores every value in gitleaks' sample lines (``GenerateSampleSecrets``; the one-line
``GenerateSampleSecret`` form too) and said bare in a thought, in a command and alone as a
text. A value is caught when the redacted text no longer holds it (``score.leaked``). The
mirror lives outside this repository (``fetch github:gitleaks/gitleaks``); a call whose
expression uses something the evaluator does not know is counted as skipped, not scored.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import subprocess
import sys
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.redact_corpus.public.score import leaked  # noqa: E402
from streams.redact import Redactor  # noqa: E402

RULES_DIR = "cmd/generate/config/rules"
_HELPERS = {
    "Numeric": "[0-9]{%s}",
    "Hex": "[a-f0-9]{%s}",
    "AlphaNumeric": "[a-z0-9]{%s}",
    "AlphaNumericExtendedShort": "[a-z0-9_-]{%s}",
    "AlphaNumericExtended": "[a-z0-9=_\\-]{%s}",
    "AlphaNumericExtendedLong": "[a-z0-9\\/=_\\+\\-]{%s}",
    "Hex8_4_4_4_12": "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
}
"""gitleaks' ``utils/patterns.go`` helpers: the regex each returns."""

SAMPLE_LINES = {
    "ini quoted": '{i}Token="{s}"',
    "ini quoted, blanks": '{i}Token = "{s}"',
    "ini unquoted": "{i}Token={s}",
    "ini unquoted, blanks": "{i}Token = {s}",
    "json": '{\n    "{i}_token": "{s}"\n}',
    "json, escaped newline": '{"config.ini": "{I}_TOKEN={s}\\nBACKUP_ENABLED=true"}',
    "xml multiline": "<{i}Token>\n    {s}\n</{i}Token>",
    "yaml unquoted": "{i}_token: {s}",
    "yaml single quote": "{i}_token: '{s}'",
    "yaml double quote": '{i}_token: "{s}"',
    "c#": 'string {i}Token = "{s}";',
    "go var": 'var {i}Token string = "{s}"',
    "go short": '{i}Token := "{s}"',
    "go backticks": "{i}Token := `{s}`",
    "java": 'String {i}Token = "{s}";',
    "kotlin": 'var {i}Token = "{s}"',
    "php concat": '${i}Token .= "{s}"',
    "python single quote": "{i}Token = '{s}'",
    "python double quote": '{i}Token = "{s}"',
    "setProperty": 'System.setProperty("{I}_TOKEN", "{s}")',
    "logstash": '  "{i}Token" => "{s}"',
    "make recursive": '{i}_TOKEN = "{s}"',
    "make simple": '{i}_TOKEN := "{s}"',
    "make shell": '{i}_TOKEN ::= "{s}"',
    "make evaluated shell": '{i}_TOKEN :::= "{s}"',
    "make conditional": '{i}_TOKEN ?= "{s}"',
    "one line (GenerateSampleSecret)": '{i}_api_token = "{s}"',
}
"""gitleaks' ``utils.GenerateSampleSecrets`` lines (and ``GenerateSampleSecret``'s), as its
``generate.go`` writes them: ``{i}`` the identifier, ``{I}`` upper-cased, ``{s}`` the value."""

BARE_LINES = {
    "bare: thought": "Tried {s} again, same 403. Next: check the scopes.",
    "bare: command": "./scripts/check-key {s}",
    "bare: alone": "{s}",
}
"""The value with no name beside it (what a person pastes)."""


class Unsupported(ValueError):
    """An expression or regex the evaluator does not know: the call is skipped."""


def _go_string(token: str) -> str:
    if token.startswith("`"):
        return token[1:-1]
    return json.loads(token)


_COMMENT = re.compile(r"(?m)[ \t]*//[^\n`\"]*$")
"""A Go line comment with no quote in it (``// gitleaks:allow`` after a literal)."""
_CALL = re.compile(r"utils\.GenerateSampleSecrets?\(\s*(\"[^\"]*\")\s*,\s*")


def _code_marks(text: str, start: int = 0) -> Iterator[tuple[int, str, int]]:
    """Each character of Go code outside its string literals (double-quoted with escapes,
    raw in backquotes), with its index and the bracket depth before it."""
    depth, i, quote = 0, start, ""
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c in '"`':
            quote = c
        else:
            yield i, c, depth
            depth += {"(": 1, ")": -1}.get(c, 0)
        i += 1


def _balanced_end(text: str, start: int) -> int:
    """The index of the ``)`` closing the call whose arguments start at ``start``."""
    for i, c, depth in _code_marks(text, start):
        if c == ")" and depth == 0:
            return i
    raise Unsupported("unbalanced call")


def _split_plus(expr: str) -> list[str]:
    """Top-level ``+`` parts of a Go expression."""
    parts, begin = [], 0
    for i, c, depth in _code_marks(expr):
        if c == "+" and depth == 0:
            parts.append(expr[begin:i].strip())
            begin = i + 1
    parts.append(expr[begin:].strip())
    return parts


def _regex_of(expr: str) -> str:
    """The regex a ``secrets.NewSecret`` argument evaluates to."""
    out = []
    for part in _split_plus(expr):
        if part[:1] in '"`':
            out.append(_go_string(part))
            continue
        helper = re.fullmatch(r"utils\.(\w+)\(\s*(?:\"(\d+)\")?\s*\)", part)
        if helper is None or helper.group(1) not in _HELPERS:
            raise Unsupported(part)
        pattern = _HELPERS[helper.group(1)]
        out.append(pattern % helper.group(2) if "%s" in pattern else pattern)
    return "".join(out)


def _value_of(expr: str, rng: random.Random) -> str:
    """The string a ``GenerateSampleSecrets`` second argument evaluates to."""
    out = []
    for part in _split_plus(expr):
        if part[:1] in '"`':
            out.append(_go_string(part))
        elif part.startswith("secrets.NewSecret(") and part.endswith(")"):
            out.append(sample(_regex_of(part[len("secrets.NewSecret(") : -1]), rng))
        else:
            raise Unsupported(part)
    return "".join(out)


def sample(regex: str, rng: random.Random) -> str:
    """One string of ``regex`` (literals, escapes, classes, groups with ``|``, quantifiers)."""
    text, at = _sequence(regex, 0, rng)
    if at != len(regex):
        raise Unsupported(regex)
    return text


_CLASS_ESCAPES = {"d": "0123456789", "w": "abcdefghijklmnopqrstuvwxyz0123456789_"}


def _sequence(regex: str, at: int, rng: random.Random) -> tuple[str, int]:
    choices: list[str] = []
    current: list[str] = []
    while at < len(regex) and regex[at] != ")":
        if regex[at] == "|":
            choices.append("".join(current))
            current, at = [], at + 1
            continue
        atom, at = _atom(regex, at, rng)
        low, high, at = _quantifier(regex, at)
        current.append(
            atom() if low == high == 1 else "".join(atom() for _ in range(rng.randint(low, high)))
        )
    choices.append("".join(current))
    return rng.choice(choices), at


def _atom(regex: str, at: int, rng: random.Random):  # noqa: ANN202 — a maker of strings
    c = regex[at]
    if c == "(":
        inner = at + (3 if regex.startswith("(?:", at) else 1)
        if regex.startswith("(?", at) and not regex.startswith("(?:", at):
            raise Unsupported(regex)
        end = inner
        depth = 1
        while depth:
            if end >= len(regex):
                raise Unsupported(regex)
            depth += {"(": 1, ")": -1}.get(regex[end], 0) if regex[end - 1] != "\\" else 0
            end += 1
        body = regex[inner : end - 1]
        return (lambda: _sequence(body, 0, rng)[0]), end
    if c == "[":
        end = regex.index("]", at + 2)
        members = _class_members(regex[at + 1 : end])
        return (lambda: rng.choice(members)), end + 1
    if c == "\\":
        nxt = regex[at + 1]
        if nxt in _CLASS_ESCAPES:
            members = _CLASS_ESCAPES[nxt]
            return (lambda: rng.choice(members)), at + 2
        return (lambda: nxt), at + 2
    if c in "^$":
        return (lambda: ""), at + 1
    if c in "*+?{.":
        raise Unsupported(regex)
    return (lambda: c), at + 1


def _class_members(body: str) -> str:
    if body.startswith("^"):
        raise Unsupported(body)
    members, i = [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body):
            members.append(_CLASS_ESCAPES.get(body[i + 1], body[i + 1]))
            i += 2
        elif i + 2 < len(body) and body[i + 1] == "-":
            members.append("".join(map(chr, range(ord(c), ord(body[i + 2]) + 1))))
            i += 3
        else:
            members.append(c)
            i += 1
    return "".join(members)


def _quantifier(regex: str, at: int) -> tuple[int, int, int]:
    if at >= len(regex):
        return 1, 1, at
    c = regex[at]
    if c == "{":
        end = regex.index("}", at)
        low, comma, high = regex[at + 1 : end].partition(",")
        if not comma:
            return int(low), int(low), end + 1
        return int(low), int(high) if high else int(low) + 3, end + 1
    return {"?": (0, 1, at + 1), "*": (0, 3, at + 1), "+": (1, 3, at + 1)}.get(c, (1, 1, at))


def calls(mirror: Path, rng: random.Random) -> tuple[list[tuple[str, str, str]], int]:
    """(rule file, identifier, value) of every sample call, and how many were skipped."""
    names = subprocess.check_output(
        ["git", "-C", str(mirror), "ls-tree", "-r", "--name-only", "HEAD", RULES_DIR], text=True
    ).split()
    found, skipped = [], 0
    for name in sorted(names):
        source = subprocess.check_output(
            ["git", "-C", str(mirror), "show", f"HEAD:{name}"], text=True, errors="replace"
        )
        for call in _CALL.finditer(source):
            end = _balanced_end(source, call.end())
            expr = _COMMENT.sub("", source[call.end() : end]).strip().rstrip(",")
            try:
                value = _value_of(expr, rng)
            except (Unsupported, ValueError, IndexError):
                skipped += 1
                continue
            found.append((Path(name).stem, json.loads(call.group(1)), value))
    return found, skipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=Path("/work/.mirror/gitleaks+gitleaks/repo"))
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--show", type=int, default=40)
    args = parser.parse_args()
    if not args.mirror.exists():
        print(json.dumps({"skipped": f"no mirror at {args.mirror}"}))
        return
    found, skipped = calls(args.mirror, random.Random(args.seed))
    redactor = Redactor()
    tally: dict[str, Counter[str]] = defaultdict(Counter)
    missed: dict[str, list[str]] = defaultdict(list)
    lines = {**SAMPLE_LINES, **BARE_LINES}
    for rule, ident, value in found:
        for form, line in lines.items():
            text = line.replace("{i}", ident).replace("{I}", ident.upper()).replace("{s}", value)
            ok = not leaked(value, redactor.redact_text(text)[0])
            group = "bare" if form.startswith("bare") else "sample lines"
            for key in (form, group):
                tally[key]["n"] += 1
                tally[key]["caught"] += ok
            if not ok and len(missed[form]) < args.show:
                missed[form].append(f"{rule}: {value[:80]!r}")
    rate = {
        k: f"{v['caught']}/{v['n']} = {100 * v['caught'] / v['n']:.1f}%" for k, v in tally.items()
    }
    print(
        json.dumps(
            {
                "calls": len(found),
                "calls_skipped": skipped,
                "caught": rate,
                "missed": {
                    k: missed[k]
                    for k in ("ini unquoted", "yaml unquoted", "bare: thought", "bare: alone")
                    if missed[k]
                },
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
