"""Secrets a diff inlines: a removed line read a secret from the environment, the added
line puts a literal in its place (``-Client(process.env.API_KEY)`` /
``+Client("c55dbac4-…")``, ``-  key: ${GENERIC_KEY}`` / ``+  key: centipede``).

Why a rule of its own: the literal can be any password (a word with digits, a UUID), which
no shape or entropy test tells from a name, but the diff says what it is. This is what a
developer does while debugging a failing call, so it is what a captured fix shows. The same
reading gives ``secret_default`` (:data:`DEFAULT`): a literal written as a secret variable's
fallback (``os.environ.get("SECRET_KEY", "…")``) stands for it too.
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .assignments import API_HASH, APP_SALT
from .context import NOUN_CONTEXT
from .ids import public_id
from .public_material import under_public_name
from .value_forms import is_prose_label

_NAME = r"([A-Za-z_][A-Za-z0-9_.]*)"
REFERENCE = re.compile(
    r"process\.env\.(?:get\()?[\"']?" + _NAME
    + r"|os\.environ(?:\.get)?[\[(][ \t]*[\"']" + _NAME
    + r"|getenv\([ \t]*[\"']" + _NAME
    + r"|\$\{\{?[ \t]*(?:secrets\.|env\.|vars\.)?" + _NAME
    + r"|ENV\[[ \t]*[\"']" + _NAME
    + r"|env\([ \t]*[\"']" + _NAME
)  # fmt: skip
"""Node, Python, C/Go/PHP, shell/compose/GitHub Actions/Terraform templates, Ruby, Laravel."""
_TEMPLATE = "${"
_QUOTES = "\"'`"
_CODE_VALUE = re.compile(r"[A-Za-z_$][\w.$]*(?:\(.*)?|.*[()].*")
"""What replaces a reference in code without being a literal: a variable, a call."""


def _secret_reference(line: str) -> re.Match[str] | None:
    for m in REFERENCE.finditer(line):
        name = next(g for g in m.groups() if g is not None)
        if NOUN_CONTEXT.search(name.lower()):
            return m
    return None


def _literal(added: str, templated: bool) -> tuple[int, int] | None:
    """The literal at the start of ``added`` (what replaced the reference), as a span."""
    if not added or added[0].isspace():
        return None
    if added[0] in _QUOTES:
        close = added.rfind(added[0])
        span = (1, close) if close > 1 else None
    else:
        cut = len(added.split(None, 1)[0])
        while cut and added[cut - 1] in ",;":
            cut -= 1
        span = (0, cut) if cut else None
        if span and not templated and _CODE_VALUE.fullmatch(added[:cut]):
            return None  # process.env.KEY → apiKey or getKey(): code, not a literal
    if span is None:
        return None
    value = added[span[0] : span[1]]
    if len(value) < 3 or is_placeholder(value) or "[REDACTED:" in value:
        return None
    if REFERENCE.search(value) or value.startswith(("$", "%", "{{")):
        return None  # one reference replaced by another
    return span


def _changed_spans(removed: str, added: str) -> tuple[int, int] | None:
    """Where ``added`` differs from ``removed``, widened so the removed part holds the
    whole secret reference; None when the removed line reads no secret."""
    ref = _secret_reference(removed)
    if ref is None:
        return None
    head = 0
    limit = min(len(removed), len(added))
    while head < limit and removed[head] == added[head]:
        head += 1
    head = min(head, ref.start())
    while head and removed[head - 1] in _QUOTES:
        head -= 1  # os.environ["K"] → "v": the quote is the literal's, not shared code
    tail = 0
    while (
        tail < limit - head
        and len(removed) - tail > ref.end()
        and removed[-1 - tail] == added[-1 - tail]
    ):
        tail += 1
    literal = _literal(added[head : len(added) - tail], ref.group(0).startswith(_TEMPLATE))
    if literal is None:
        return None
    return head + literal[0], head + literal[1]


def inlined_spans(text: str, low: str, hits: list[str] | None = None) -> list[tuple[int, int]]:
    """The ``inlined_secret`` rule's finder: in each block of removed lines followed by
    added lines, the i-th added line against the i-th removed one."""
    if "\n+" not in text or not (text.startswith("-") or "\n-" in text):
        return []
    spans: list[tuple[int, int]] = []
    lines = text.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    i = 0
    while i < len(lines):
        if not lines[i].startswith("-") or lines[i].startswith("---"):
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].startswith("-") and not lines[j].startswith("---"):
            j += 1
        k = j
        while k < len(lines) and lines[k].startswith("+") and not lines[k].startswith("+++"):
            k += 1
        for removed, added in zip(range(i, j), range(j, k), strict=False):
            found = _changed_spans(lines[removed][1:], lines[added][1:])
            if found:
                base = starts[added] + 1
                spans.append((base + found[0], base + found[1]))
        i = max(k, i + 1)
    return spans


DEFAULT = re.compile(
    r"(?:os\.environ\.get|os\.getenv|getenv|ENV\.fetch|env)\([ \t]*"
    r"[\"'][A-Za-z_][A-Za-z0-9_.]*[\"'][ \t]*(?:,|\)[ \t]*(?:or|\|\||\?\?|\?:))[ \t]*"
    r"[\"']([^\"'\n]{3,512})[\"']"
    r"|process\.env\.[A-Za-z_][A-Za-z0-9_]*[ \t]*(?:\|\||\?\?)[ \t]*[\"'`]([^\"'`\n]{3,512})[\"'`]"
)
"""A literal default for an environment variable: ``os.environ.get("SECRET_KEY", "…")``,
``os.environ.get("PASSWORD") or "…"``,
``process.env.API_TOKEN || "…"``, Rails' ``ENV.fetch``, Laravel's ``env()``, PHP's
``getenv('SMTP_PASSWORD') ?: '…'``."""
_DEFAULT_NAME = re.compile(
    r"[\"'.]([A-Za-z_][A-Za-z0-9_.]*)[\"']?\)?[ \t]*(?:,|\|\||\?\?|\?:|or)[ \t]*[\"'`]$"
    r"|\$\{([A-Za-z_][A-Za-z0-9_]*:?[-=]|[A-Za-z_][A-Za-z0-9_.\-]*:)$"
)
SHELL_DEFAULT = re.compile(
    r"\$\{(?:[A-Za-z_][A-Za-z0-9_]*:?[-=]|[A-Za-z_][A-Za-z0-9_.\-]*:(?!\?))"
    r"([^\s\\\"'`${}]{3,512})\}"
)
"""A shell parameter's default (``${POSTGRES_PASSWORD:-postgres}``, ``${DB_PASS=…}``): what
compose files, ``.env`` templates and entrypoint scripts write when the variable is unset;
and a Spring property's (``${AI_SILICON_FLOW_API_KEY:sk-…}``, ``${jwt.secret:…}``: fresh36),
whose name may hold ``.`` and ``-`` when one ``:`` follows it (Terraform's
``${aws_iam_access_key.cg-run-app.secret}`` has no default). The shell's ``${NAME:?message}``
gives an error message, not a default (``${VPN_PASSWORD:?err}``: fresh187)."""


_APP_SALT = re.compile(APP_SALT)
_API_HASH = re.compile(API_HASH + "$")
_SUBSTRING = re.compile(r" ?-?[0-9]+(?::-?[0-9]+)?")


def secret_default(value: str, text: str, start: int, end: int) -> bool:
    """The default stands in for the variable: a secret when the variable's name says so
    (``DJANGO_SECRET_KEY``), unless it is a placeholder (``""``, ``changeme``, ``<key>``) or,
    a shell's default, a plain lower-case word (the image's documented ``postgres``), or the
    variable is a public key's (``getenv('RECAPTCHA_SITEKEY') ?: '…'``)."""
    name = _DEFAULT_NAME.search(text, max(0, start - 120), start)
    named = (name.group(1) or name.group(2)).lower() if name else ""
    if not (NOUN_CONTEXT.search(named) or _APP_SALT.search(named) or _API_HASH.search(named)):
        return False  # not a secret's variable; an app's salt is one (SECURITY_SALT), and
        # Telegram's API_HASH (fresh89)
    if _NAMES_A_PLACE.search(named):
        return False  # AWS_TOKEN_URL's default: where a token is fetched (fresh48)
    if name.group(2) and value.isalpha() and value.islower():
        return False  # ${POSTGRES_PASSWORD:-postgres}: a compose file's documented default
    if name.group(2) and _SUBSTRING.fullmatch(value):
        return False  # ${PASSWORD:0:3}: bash's substring, an offset and a length
    if public_id(value):
        return False  # … || 'phc_…': PostHog's project key, made for client code (fresh99)
    return not (is_placeholder(value) or _message(value) or under_public_name(text, start, end))


_NAMES_A_PLACE = re.compile(r"[_\-.](?:url|uri|endpoint|host|path|file|dir|name)$")


def _message(value: str) -> bool:
    """Three or more words of letters, one of them a secret's (``"No API Gateway Key
    found"``): what the program says when the variable is missing, not its value."""
    words = value.split()
    return len(words) >= 3 and all(w.isalpha() for w in words) and is_prose_label(value.lower())
