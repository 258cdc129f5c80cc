"""The ``key_assignment`` rule's check: a value given to a generic ``…_key`` name is taken only
when it looks like key material.

``KANBAN_KEY=…``, ``"mux_key": …`` and YAML's ``key: …`` are too common to trust by name
alone (``primary_key=True``, ``sort_key: created_at``, ``cache_key = "user:42"``), so the
value decides: hex, a UUID, letters mixed with digits; never a data key's id, a public key
or a name. Split from :mod:`.accept` (whose placeholder and public-form readings it asks)
because this is the one check that reads the word before ``key``.
"""

from __future__ import annotations

import re

from schemas.shapes import password_like

from .accept import git_signing_key_id, is_placeholder
from .entropy import file_name_at
from .ids import UUID, public_id
from .names import drawn_letters, is_identifier_like
from .no_credential import names_no_credential
from .public_material import public_value
from .value_forms import HEX_PAIR

DATA_KEYS = frozenset(
    (
        "idempotency", "cache", "primary", "foreign", "partition", "sort", "routing", "dedup",
        "dedupe", "lookup", "map", "dict", "hash", "object", "lock", "message", "kafka",
        "record", "event", "composite", "unique", "index", "row", "join", "group", "shard",
        "bucket", "storage", "redis", "s3", "registry", "metadata", "tag", "label", "natural",
        "surrogate", "compound", "tenant", "encrypted", "wrapped",
    )
)  # fmt: skip
"""Words that make a ``key`` a data key (``idempotency key <uuid>``, ``the S3 object key``,
``cache key``): a UUID after them is an id, not a credential."""
_PUBLIC_KEYS = re.compile(r"(?:^|(?<=[a-z0-9])(?=[A-Z]))(?i:public|pub|verify\w*)$")
_KEY_NAME = re.compile(r"([A-Za-z0-9]+)(?:[_\-][Kk][Ee][Yy]|Key)[\"']?[ \t]*[=:,][ \t]*[\"']?$")
"""The word before ``key`` in the value's name (``ATLASSIAN_KEY=``, ``"partition_key":``,
``Idempotency-Key:``, ``muxKey =``, a setter's ``"airtable_key", "…"``)."""
_PUBLIC_KEY_LABEL = re.compile(
    r"(?<![A-Za-z0-9])(?:[Pp]ublic|PUBLIC)[ \t][Kk][Ee][Yy][\"']?[ \t]*(?:=|:)[ \t]*[\"']?$"
)
"""``Public key:`` written as two words (``age-keygen`` prints ``Public key: age1…``):
the label names public material as ``public_key`` does."""


_SSH_PUBLIC_KEY = re.compile(
    r"[\"']?(?:ssh-(?:ed25519|rsa|dss)|ecdsa-sha2-nistp\d{3}|sk-[\w\-]+@openssh\.com)[ \t]+AAAA"
)
"""An OpenSSH public key's type and body (``ssh_ed25519_key: ssh-ed25519 AAAA…``, a host key
in a config): the value read is its type's name."""


_VERSION_TAG = re.compile(r"v?\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.\-]+)?")
"""A version and its tag (``7.2.11-alpine``): what follows an image's or a package's name
that ends in "key" (``valkey:``, fresh187), never key material."""


def random_value(value: str, text: str, start: int, end: int) -> bool:
    """Accept a value assigned to a generic ``…_key`` name only when it looks like key
    material: no spaces, 8+ characters, and hex, a UUID, or letters mixed with digits;
    never a word, an identifier, a path, a URL or a placeholder (``primary_key=True``,
    ``sort_key: created_at``, ``cache_key = "user:42"`` stay)."""
    v = value.strip()
    if len(v) < 8 or " " in v or is_placeholder(v) or "/" in v or "://" in v:
        return False
    if any(c in v for c in "()[]"):
        return False  # public_key = bytes(range(100, 132)): code, not a value
    if _VERSION_TAG.fullmatch(v):
        return False  # image: valkey/valkey:7.2.11-alpine: an image's tag after its name
    if file_name_at(text, end):
        return False  # path_to_private_key = '<project>-<key id>.json': the key's file
    if names_no_credential(text, start) or git_signing_key_id(v, text, start):
        return False
    name = _KEY_NAME.search(text, max(0, start - 40), start)
    qualifier = name.group(1).lower() if name else ""
    if qualifier in DATA_KEYS or (name and _PUBLIC_KEYS.search(name.group(1))):
        return False  # Idempotency-Key: <uuid>, partition_key=…, public_key, scriptPubKey
    if _PUBLIC_KEY_LABEL.search(text, max(0, start - 40), start) or public_id(v):
        return False  # "Public key: age1…" (age-keygen's output), a minisign public key
    if public_value(v, text, start, end) or _SSH_PUBLIC_KEY.match(text, start):
        return False  # PublicKeyToken=…, a peer id, GPG_KEY's fingerprint, ssh-ed25519 AAAA…
    if UUID.fullmatch(v) or (len(v) >= 16 and all(c in "0123456789abcdefABCDEF" for c in v)):
        return True
    user_id, _, key = v.partition(":")
    if user_id.isdigit() and UUID.fullmatch(key):
        return True  # key: 81894:acca8b46-…: the Copernicus CDS API's <user id>:<key> (fresh77)
    digits = sum(c.isdigit() for c in v)
    letters = sum(c.isalpha() for c in v)
    if qualifier.isalpha() and len(qualifier) >= 3 and "." not in v:
        # A service's key (ATLASSIAN_KEY=, "basicauth_key":): a word with digits is a
        # password there, and so is a long run of mixed-case letters, also behind a short
        # prefix (Beamer's b_ByDfulgh…; created_at, user_account_name stay), and a word
        # with a password's signs (GENERIC_KEY=super$ecret).
        if (digits and letters and "_" not in v) or password_like(v):
            return True
        if any(_mixed_case_run(part) for part in v.split("_")) or drawn_letters(v):
            return True
    if not digits or not letters or v.isdigit():
        return False
    if HEX_PAIR.fullmatch(v):
        return True  # Sidekiq's gem credentials, user:password in hex
    return not is_identifier_like(v) and ":" not in v


def _mixed_case_run(part: str) -> bool:
    """16+ letters of both cases with few vowels: a key's letters, not a name's."""
    if len(part) < 16 or not part.isalpha() or part.islower() or part.isupper():
        return False
    return sum(c in "aeiouAEIOU" for c in part) < 0.25 * len(part)  # names have vowels
