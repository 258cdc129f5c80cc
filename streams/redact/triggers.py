"""Where a pattern's trigger counts: the pre-check's conditions beyond plain literals.

Split from ``rules.py`` (the patterns and their order): these tables are read by the
engine's pre-check only, and each entry is a necessary condition of the patterns that list
its trigger (``tests/redact/test_redact_engine.py`` verifies it on the corpora).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import context, noise, pytest_report, seed_phrase
from .assignments import NAME_SUFFIX as _NAME_SUFFIX

_NAME_END = r"(?:\[\]|[\"']?\]?|\*\*)[ \t]*[.?]?"
"""What may close a secret's name before its operator, as ``assignments.ASSIGN`` allows: a
C array's ``[]``, a quote, a subscript's ``]`` or Markdown's bold ``**``, then PHP's ``.=``
or Make's ``?=``. One piece for every context below: a copy per trigger had let ``pass[] =``
fail the pre-check."""

TRIGGER_CONTEXTS: dict[str, re.Pattern[str]] = {
    # Every pattern with the trigger "key" has api/access/private/account right before it
    # (api_key, AccessKey, PRIVATE KEY, "private_key_id", AccountKey=, --api-key). Written
    # as lookbehinds after the literal so ``re`` can jump to each "key"; the separator is
    # "_", "-" or " " in the patterns, any character here.
    "key": re.compile(
        r"key(?:(?<=apikey)|(?<=api.key)|(?<=accesskey)|(?<=access.key)"
        r"|(?<=privatekey)|(?<=private.key)|(?<=accountkey)|(?<=account.key)"
        r"|(?<=secretkey)|(?<=secret.key)|(?<=clientkey)|(?<=client.key)"
        r"|(?<=signingkey)|(?<=signing.key)|(?<=masterkey)|(?<=master.key)"
        r"|(?<=encryptionkey)|(?<=encryption.key)|(?<=licensekey)|(?<=license.key)"
        r"|(?<=appkey)|(?<=app.key)|(?<=-key)|(?=.?data)|(?=.?base)"
        r"|(?=" + _NAME_SUFFIX + _NAME_END + r"(?:=|:)))"
    ),
    # Patterns with "pass" spell password/passwd/passphrase/passcode, or a bare "pass" name
    # followed by an assignment, a flag value or openssl's "pass:" (never "passed", "passing").
    "pass": re.compile(
        r"pass(?:word|wd|phrase|code|" + _NAME_SUFFIX + _NAME_END + r"(?:=|:|>)|(?<=-pass)[ \t=]"
        r"|(?<=requirepass)[ \t\"'])"
    ),
    "pwd": re.compile(r"pwd(?:" + _NAME_SUFFIX + _NAME_END + r"(?:=|:|>)|(?<=-pwd)[ \t=])"),
    # "authorization" (headers) counts too: its patterns list "auth", one pass for both.
    # npm's ":_authToken <value>" (npm config set) has a space, no "=".
    "auth": re.compile(
        r"auth(?:orization|" + _NAME_SUFFIX + _NAME_END + r"(?:=|:)|(?<=:_auth)(?:token)?[ \t])"
    ),
}
"""Where a common-word trigger counts: a necessary condition of every pattern listing it,
searched on the lower-cased text (``bench/redact_bench.py``'s ``triggers_necessary``
verifies it on the corpora). Saves the 8 ``key`` and 2 ``pass`` regexes on text like
``KeyError`` or ``passed``."""

REGEX_TRIGGERS: dict[str, tuple[tuple[str, ...], re.Pattern[str]]] = {
    # name -> (literals one of which every match contains, the regex searched when one is)
    # Every tool pattern has a flag (-p, -a, -w, -P, -U, -b, -u, --pass…, --user, --auth),
    # or "login" (docker/podman/vault). A regex whose alternatives all start with "-"
    # is searched far faster than one over the tools' names (measured: 7.7 → ~1 µs on a
    # 423-character string); the patterns themselves start with their tool's name.
    "@tool": ((" -",), re.compile(r"-(?:[pawbu]|[a-z]{1,3}b|-pass|-user|-auth)")),
    "@login": (("login",), re.compile(r"login")),
    # .pgpass lines with PostgreSQL's default port: a literal instead of a pass over every ":".
    "@pgpass": ((":5432:",), re.compile(r":5432:[a-z0-9_.\-*]+:")),
    "@query": (("?", "&"), re.compile(r"[?&][a-z0-9_\-]*=")),
    # password hashes: a "$" (common in shell text) then a crypt format's head, or Django's
    # (pbkdf2_sha256$, scrypt$, legacy md5$ and sha1$)
    "@pwhash": (
        ("$", "pbkdf2_"),
        re.compile(
            r"\$(?:[1256789y]|2[abxy]|apr1|argon2|pbkdf2|krb5|[ph]\$)|pbkdf2_sha"
            r"|(?:md5|sha1|scrypt)\$"
        ),
    ),
    # A secret noun as a word or a name's end (key, apiKey, SUMO_ACCESS_KEY, tokens,
    # credentials, unauthorized): the literals are text triggers already, so this entry
    # costs no pass of its own; the gate then looks for a noun where a literal is.
    "@secret_noun": (context.NOUN_LITERALS, context.NOUN_GATE),
    # An environment read (process.env, os.environ, getenv, ENV[…], ENV.fetch, env()) and a
    # template reference (${…}: "$" is a text trigger already, for the password hashes).
    "@env_ref": (("env",), re.compile(r"process\.env|environ|getenv|env[\[(.]")),
    "@template_ref": (("$",), re.compile(r"\$\{")),
    # a key/value table's header (vault kv get, vault read): the "value" pass is shared
    "@kv_table": (("value",), re.compile(r"key[ \t]+value[ \t]*\n[ \t]*-+[ \t]+-+")),
    # a pasted pytest report that starts with its ">   assert …" line (pytest_report.py)
    "@assert_first": (("assert",), pytest_report.ASSERT_FIRST),
    # "vercel env add NAME production <<< 'value'" (the "env" pass is shared)
    "@env_add": (("env",), re.compile(r"env[ \t]+(?:add|set)")),
    # a Dockerfile's ENV instruction in its old form, name and value apart (ENV DB_PASS x)
    "@docker_env": (("env",), re.compile(r"(?m)^[ \t]*env[ \t]+[a-z_]")),
}
"""Triggers that are regexes (a tool's name among many, a line shape): the literal is
tested with ``in`` first (one C pass, shared by every entry with that literal), the regex
only where it is there. Each entry is a necessary condition of the patterns listing it."""

GATE_TRIGGERS: dict[str, Callable[[str], bool]] = {
    # four rare signs close together in a blank-free run: a translate and a bytes regex per
    # string, far cheaper than a literal per sign (";" and "(" are in most code)
    "@dense_signs": noise.dense_signs,
    # a short text with a recovery phrase's eleven blanks (a wallet's .secret file)
    "@lone_phrase": seed_phrase.lone_phrase_gate,
}
"""Triggers with no literal at all: a C-speed test of the lower-cased text, run on every
string, that every match of the patterns listing it passes."""
