# ruff: noqa: E501  (tables of cases read one by one: one case per line reads best)
"""Microsoft's DevSkim, for the ``fresh8`` split (``fresh8.py`` reads and writes).

DevSkim's rules carry their own tests: ``must-match`` lines the rule has to flag and
``must-not-match`` lines it must leave alone. Its two secrets rules
(``rules/default/security/privacy/secrets.json``, DS173237 and DS117838: a quoted or
keyword-led run of 30 or more hex signs) are the only ones about credentials. Each case
below was read in the rule file and is cited by the first line holding it.

``SECRETS``: (file, kind, value, anchor), the kind the rule id. ``NEGATIVES``: (file, kind,
text) for the ``must-not-match`` lines, JSON's escapes undone (the builder finds them
escaped).
"""

from __future__ import annotations

from pathlib import Path

MIRROR = Path("/work/.mirror/microsoft+DevSkim/repo")
REPO = "microsoft/DevSkim"

_SECRETS = "rules/default/security/privacy/secrets.json"

SECRETS: tuple[tuple[str, str, str, str | None], ...] = (
    (_SECRETS, "devskim:DS173237", "121212121212121212121212121212", 'var hash = "121212121212121212121212121212"'),
    (_SECRETS, "devskim:DS117838", "121212121212121212121212121212", "var key = '121212121212121212121212121212'"),
)  # fmt: skip

NO_SECRET: dict[str, str] = {}
"""Values read as no secret, or none plausible, with why."""

NEGATIVES: tuple[tuple[str, str, str], ...] = (
    (_SECRETS, "devskim-fp:DS173237", '[assembly: InternalsVisibleTo("Application.Tests, PublicKey=1234567890abcd")]'),
    (_SECRETS, "devskim-fp:DS173237", '<InternalsVisibleTo Include="Application.Tests" Key="1234567890abcd"/>'),
    (_SECRETS, "devskim-fp:DS173237", "'0000000000000000000000000000000'"),
)  # fmt: skip
