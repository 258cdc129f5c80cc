"""The named redaction rules, in the order they are applied.

Speed rules (a leading ``\\b`` stops ``re`` from jumping to a rule's literal prefix, which
made a naively written rule set several times slower):

* No pattern starts with ``\\b``, a lookbehind or a character class when it can start with
  a literal: ``re`` then jumps straight to the literal prefix.
* Case-insensitive rules do not use ``re.IGNORECASE`` (which disables the prefix jump):
  they run on the lower-cased text (``on_lower``) and their spans are mapped back to the
  original, which has the same length.
* Every pattern lists ``triggers``: lower-case literals of which at least one must occur
  in the text for the pattern to be able to match. The pre-check tests these with ``in``
  and skips the pattern otherwise, so it changes speed, never findings. Each distinct
  trigger costs one C pass over every string, so patterns share coarse triggers (``key``
  for every ``…key`` assignment) instead of each having a precise one: a false trigger
  hit only costs one regex search, an extra trigger costs a pass on *every* string.
* A few triggers are common words (``key`` in ``KeyError``/``keys()``, ``pass`` in
  ``passed``): :data:`TRIGGER_CONTEXTS` gives each a regex that every pattern listing it
  needs around it, so the pre-check counts the trigger only where that matches. The regex
  starts with the trigger itself, so ``re`` jumps between its occurrences; it only runs on
  strings that contain the trigger.
* ``in_token_run`` marks patterns whose every match is a run of 20+ token characters
  (provider keys): their triggers are looked for only inside the runs the entropy rule
  finds anyway, which most strings do not have.
* The entropy rule has a ``spans`` finder instead: C-speed ``bytes`` passes that find the
  same 20+ character runs of token characters as its regex.

The secret is the first capturing group that took part in the match, or the whole match
when the pattern has no groups; only that span is replaced.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from . import accept, entropy

Accept = Callable[[str, str, int, int], bool]
"""(secret, original text, start, end) -> keep as a finding?"""


@dataclass(frozen=True, slots=True)
class Pattern:
    """One regex of a rule, with what the pre-check needs to know about it."""

    regex: re.Pattern[str]
    triggers: tuple[str, ...] = ()
    on_lower: bool = False
    spans: Callable[[str], list[tuple[int, int]]] | None = None
    """Instead of triggers: a faster finder of the same spans the regex finds."""
    in_token_run: bool = False
    """Every match lies inside a run :func:`entropy.candidate_spans` finds, so the
    triggers need only be looked for there (``tests/redact`` checks this on the corpus)."""
    requires: str = ""
    """A lower-case literal every match contains, looked for only in strings where one of
    the pattern's triggers hit (and then part of the plan's key): narrows a pattern that
    shares a common trigger without adding a pass over every string."""


@dataclass(frozen=True, slots=True)
class Rule:
    """A named detector: its patterns and an optional second-stage check."""

    name: str
    patterns: tuple[Pattern, ...]
    accept: Accept | None = None
    pii: bool = False
    widen: Callable[[str, int, int], tuple[int, int]] | None = None
    """Grows an accepted span (e.g. over the dotted parts of a token) before replacing it."""


def _p(
    regex: str, *triggers: str, lower: bool = False, flags: int = 0, requires: str = ""
) -> Pattern:
    return Pattern(re.compile(regex, flags), tuple(triggers), lower, requires=requires)


def _t(regex: str, *triggers: str) -> Pattern:
    """A case-sensitive provider-key pattern whose matches are 20+ token characters."""
    return Pattern(re.compile(regex), tuple(triggers), in_token_run=True)


# Value of an assignment: quoted (any content) or a bare run. Used on lower-cased text.
_VALUE = (
    r"[ \t]*(?:[rbuf]{0,2}\\?\"([^\"\\\n]{3,512})\\?\"|[rbuf]{0,2}\\?'([^'\\\n]{3,512})\\?'"
    r"|`([^`\n]{3,512})`|(?![=>])([^\s\"'`,;]{3,512}))"
)
_ASSIGN = r"(?:\\?[\"'])?[ \t]*(?:=|:=|=>|:)"


_CURL_USER = r"[ \t](?:-u|--user)[ \t=]*[\"']?[^\s:\"']*:([^\s\"']+)"
"""``-u user:password`` of a curl command; the password is a group (the first that took
part in the match is the secret)."""


def _assignment(keyword: str, *triggers: str) -> Pattern:
    return _p(keyword + _ASSIGN + _VALUE, *triggers, lower=True)


SECRET_RULES: tuple[Rule, ...] = (
    Rule(
        "private_key_block",
        (
            _p(
                r"-----BEGIN[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----"
                r"(?:.*?-----END[A-Z0-9 ]{0,30}PRIVATE KEY(?: BLOCK)?-----"
                r"|[A-Za-z0-9+/=\s\\:,\-]*)",
                "key",  # of "PRIVATE KEY": shares the assignments' trigger pass
                flags=re.DOTALL,
            ),
        ),
    ),
    Rule(
        "jwt",
        (_p(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]*", "eyj"),),
    ),
    Rule(
        "github_token",
        (
            _t(r"gh[pousr]_[A-Za-z0-9]{36,251}", "gh"),
            _t(r"github_pat_[A-Za-z0-9_]{22,251}", "github_pat_"),
        ),
    ),
    Rule("gitlab_token", (_t(r"gl(?:pat|dt|rt|ptt|cbt|oas)-[A-Za-z0-9_\-]{20,}", "gl"),)),
    Rule(
        "slack_token",
        (
            _p(r"xox[abposre]-[A-Za-z0-9\-]{10,}", "xox"),
            _p(r"xapp-\d-[A-Za-z0-9\-]{10,}", "xapp-"),
        ),
    ),
    # Webhook URLs hang on the "://" trigger (shared with connection strings) and are
    # narrowed by a literal looked for only where it hit: no pass of their own over every
    # string. The URL's host and path are part of the secret, the scheme is not.
    Rule(
        "slack_webhook",
        (
            _p(
                r"://(hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/\-]{10,})",
                "://",
                requires="hooks.slack.com",
            ),
        ),
    ),
    Rule(
        "discord_webhook",
        (
            _p(
                r"://((?:[A-Za-z0-9\-]+\.)*discord(?:app)?\.com/api/webhooks/[0-9]{5,30}/"
                r"[A-Za-z0-9_\-]{20,})",
                "://",
                requires="webhooks/",
            ),
        ),
    ),
    Rule("stripe_key", (_t(r"[sr]k_(?:live|test)_[0-9A-Za-z]{16,}", "k_live_", "k_test_"),)),
    Rule("anthropic_key", (_t(r"sk-ant-[A-Za-z0-9_\-]{20,}", "sk-"),)),
    Rule(
        "openai_key",
        (
            _t(
                r"sk-(?<![A-Za-z0-9_\-]sk-)(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_\-]{20,}",
                "sk-",
            ),
        ),
        accept.mixed_token,
    ),
    Rule("npm_token", (_t(r"npm_[A-Za-z0-9]{36}", "npm_"),)),
    Rule("onepassword_token", (_t(r"ops_eyJ[A-Za-z0-9+/=_\-]{100,}", "ops_eyj"),)),
    Rule("pypi_token", (_t(r"pypi-AgE[A-Za-z0-9_\-]{60,}", "pypi-age"),)),
    Rule(
        "aws_access_key_id",
        (_t(r"AKIA[A-Z0-9]{16}(?![A-Z0-9])", "akia"), _t(r"ASIA[A-Z0-9]{16}(?![A-Z0-9])", "asia")),
    ),
    Rule(
        "aws_secret_access_key",
        (
            _p(
                r"secret_?(?:access_?)?key"
                + _ASSIGN
                + r"[ \t]*\\?[\"']?([a-z0-9/+]{40})(?![a-z0-9/+=])",
                "secret",
                lower=True,
            ),
        ),
    ),
    Rule("gcp_api_key", (_t(r"AIza[0-9A-Za-z_\-]{35}", "aiza"),)),
    Rule(
        "gcp_service_account_key_id",
        (_p(r"\"private_key_id\"[ \t]*:[ \t]*\"([0-9a-f]{40})\"", "key"),),
    ),
    Rule(
        "azure_storage_key",
        (
            _p(r"accountkey=([a-z0-9+/]{40,}={0,2})", "key", lower=True),
            _p(r"sharedaccesskey=([a-z0-9+/]{32,}={0,2})", "key", lower=True),
        ),
    ),
    Rule("azure_sas_token", (_p(r"sig=([a-z0-9%+/]{30,}(?:%3d|=){0,2})", "sig=", lower=True),)),
    Rule(
        "connection_string_password",
        (_p(r"://[^\s:/?#@\"'<>\[\]]{0,128}:([^\s/?#@\"'<>]{1,256})@", "://"),),
        accept.url_password,
    ),
    Rule(
        "http_auth_header",
        (
            _p(
                r"authorization" + _ASSIGN + r"[ \t]*\\?[\"']?(?:bearer|basic|token|digest|apikey)"
                r"[ \t]+([a-z0-9._~+/=\-]{8,})",
                "authorization",
                lower=True,
            ),
            _p(r"bearer[ \t]+([a-z0-9._~+/\-]{16,}=*)", "bearer", lower=True),
        ),
        accept.assignment_value,
    ),
    Rule(
        "secret_assignment",
        (
            _assignment(r"pass(?:word|wd|phrase)", "pass"),
            _assignment(r"secret", "secret"),
            _assignment(r"token", "token"),
            _assignment(r"api[_\-]?key", "key"),
            _assignment(r"access[_\-]?key", "key"),
            _assignment(r"private[_\-]?key", "key"),
            _assignment(r"credentials?", "credential"),
            _p(
                r"--(?:[a-z]+-)*(?:password|passwd|token|secret|api-key)[ \t]+"
                r"(?![\-=])([^\s\"'`,;]{3,512})",
                "pass",
                "token",
                "secret",
                "key",
                lower=True,
            ),
        ),
        accept.assignment_value,
    ),
    Rule(
        "command_line_credentials",
        # curl -u user:password / --user user:password with a URL on the same line: the
        # secret is the part after the first colon. Case-sensitive (passwords keep their
        # case). The URL's "://" is the trigger, shared with connection strings, and "curl"
        # is only looked for where it hit: a "curl" trigger (a pass over every string) cost
        # ~4 % of the event-mix throughput, an unconditional search ~1.6 %.
        (
            _p(
                r"curl\b[^\n]*?(?:://[^\n]*?" + _CURL_USER + "|" + _CURL_USER + r"(?=[^\n]*?://))",
                "://",
                requires="curl",
            ),
        ),
        accept.url_password,
    ),
    Rule(
        "high_entropy_token",
        (Pattern(entropy.CANDIDATE, spans=entropy.candidate_spans),),
        entropy.is_secret_token,
        widen=entropy.widen_dotted,
    ),
)

PII_RULES: tuple[Rule, ...] = (
    Rule(
        "email",
        (
            _p(
                r"[A-Za-z0-9._%+\-]{1,64}@(?:[A-Za-z0-9\-]{1,63}\.){1,8}[A-Za-z]{2,24}(?![A-Za-z0-9])",
                "@",
            ),
        ),
        lambda v, t, s, e: not v.startswith("git@"),
        pii=True,
    ),
    Rule(
        "phone_number",
        (
            _p(
                r"(?<![\w+.\-])(?:\+\d{1,3}[ .\-]?)?(?:\(\d{3}\)[ .\-]?|\d{3}[ .\-])"
                r"\d{3}[ .\-]\d{4}(?![\w.\-])",
            ),
        ),
        pii=True,
    ),
)

TRIGGER_CONTEXTS: dict[str, re.Pattern[str]] = {
    # Every pattern with the trigger "key" has api/access/private/account right before it
    # (api_key, AccessKey, PRIVATE KEY, "private_key_id", AccountKey=, --api-key). Written
    # as lookbehinds after the literal so ``re`` can jump to each "key"; the separator is
    # "_", "-" or " " in the patterns, any character here.
    "key": re.compile(
        r"key(?:(?<=apikey)|(?<=api.key)|(?<=accesskey)|(?<=access.key)"
        r"|(?<=privatekey)|(?<=private.key)|(?<=accountkey))"
    ),
    # Every pattern with the trigger "pass" spells password, passwd or passphrase.
    "pass": re.compile(r"pass(?:word|wd|phrase)"),
}
"""Where a common-word trigger counts: a necessary condition of every pattern listing it,
searched on the lower-cased text (``bench/redact_bench.py``'s ``triggers_necessary``
verifies it on the corpora). Saves the 8 ``key`` and 2 ``pass`` regexes on text like
``KeyError`` or ``passed``."""

ALL_RULES: tuple[Rule, ...] = SECRET_RULES + PII_RULES
RULE_NAMES: tuple[str, ...] = tuple(r.name for r in ALL_RULES)
