"""Where a secret word sits when it names a thing, not a value after it.

The context readings (:mod:`.context`) take a value as a secret because a secret word is in
its scope ("token", "password", "key"). A word that is part of a file's name
(``includes/password.inc``) or of a git ref (``refs/heads/secrets-testing``) names that file
or branch: a checksum or a commit id beside it is the file's or the branch's, whatever the
name says.
"""

from __future__ import annotations

import re

from .lines import scope

BREAKS = " \t\r\n\"'`"
"""What ends a word for these readings: blanks and quotes."""

_FILE_WORD = re.compile(
    r"[^\s\"'`<>=]*\.(?:inc|json|txt|ya?ml|env|cfg|conf|ini|toml|xml|properties|php|py|js|ts"
    r"|rb|go|java|sh|md|csv|log|lock|sum|pem|crt|cer|der|pub|p12|pfx|jks|gpg|asc)"
)
"""A file's name, with its path: a file extension ends it. Not code's attribute access
(``key.d``, ``api.key``), markup (``<key>ApiToken</key>``) or an assignment (``KEY=…``); a
path alone is not one either (``./scripts/check-key`` names what the value it is given is)."""
_REF_WORD = re.compile(r"(?:refs/(?:heads|tags|remotes|pull)/|origin/)[\w./\-]+")
"""A git ref as git and CI runners print it (``refs/heads/secrets-testing``,
``origin/fix-token-refresh``)."""


_WORD_REACH = 512
"""How far a word is read each way: a file's name or a ref is shorter, and a search to the
text's ends for each noun was quadratic on a long line (``word_assignments``)."""


def _word_at(text: str, at: int) -> tuple[int, int]:
    lo, hi = max(0, at - _WORD_REACH), min(len(text), at + _WORD_REACH)
    head = max(max(text.rfind(c, lo, at) for c in BREAKS) + 1, lo)
    tail = min((i for i in (text.find(c, at, hi) for c in BREAKS) if i >= 0), default=hi)
    return head, tail


def names_a_thing(text: str, at: int) -> bool:
    """The word holding position ``at`` (read between blanks and quotes) is a file's name
    with ``at`` before its extension (``token.json``; a checksum listing:
    ``includes/password.inc<TAB><sha256>``), or a git ref (an ``act`` runner's "using github
    ref: refs/heads/secrets-testing" beside the commit it found)."""
    head, tail = _word_at(text, at)
    if _FILE_WORD.fullmatch(text, head, tail) is not None and at < text.rfind(".", head, tail):
        return True
    word = text[head:tail].rstrip(".,;:)'\"")
    return _REF_WORD.fullmatch(word) is not None


def written_as_a_file_name(token: str, text: str, start: int, end: int) -> bool:
    """The hex or UUID value is also written as a file's name in its scope, right after a
    ``/`` (``[`8FCCA13F…`](./keys/8FCCA13F….asc)``): files are named after fingerprints,
    digests and ids (a keyring's ``<fingerprint>.asc``, a cache's ``<sha>``), and the
    ``keys`` of such a path names the folder, not the value."""
    lo, hi = scope(text, start, end)
    at = text.find(token, lo, hi)
    while at >= 0:
        if at != start and at and text[at - 1] == "/":
            return True
        at = text.find(token, at + 1, hi)
    return False
