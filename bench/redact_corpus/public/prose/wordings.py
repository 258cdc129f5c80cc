"""The wordings of the prose corpus (`build.py`): per carrier, templates holding `{v}` (the
value, verbatim) and optionally `{name}` (the provider's name, taken from the `kind`), each
marked `plain` when it names no secret word."""

from __future__ import annotations

import re

from bench.redact_corpus.public.prose.wordings_notes import NOTES
from bench.redact_corpus.public.prose.wordings_reports import REPORTS

CARRIERS = ("thought", "commit_message", "pr_description", "bug_report", "error_message")

# Words that make a wording "name a secret": a `plain` wording holds none of them.
SECRET_WORD = re.compile(r"key|token|secret|passw|auth|credential|pwd", re.IGNORECASE)

# Parts of a kind's name that are not the provider's name.
GENERIC_PARTS = {
    "api",
    "key",
    "keys",
    "token",
    "tokens",
    "secret",
    "secrets",
    "password",
    "passwords",
    "access",
    "auth",
    "credential",
    "credentials",
    "client",
    "id",
    "pat",
    "private",
    "personal",
    "user",
    "service",
    "account",
    "generic",
    "default",
    "v1",
    "v2",
    "v3",
    "np",
    "kingfisher",
    "legacy",
    "org",
    "organization",
    "bot",
    "app",
    "config",
    "refresh",
    "short",
    "lived",
    "and",
}

# (plain, template). `plain` wordings must not hold a secret word.

# (plain, template). `plain` wordings must not hold a secret word.
WORDINGS: dict[str, list[tuple[bool, str]]] = NOTES | REPORTS
