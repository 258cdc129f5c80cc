"""A password or token told in prose: "the password is …", "the secret was set to …",
"using token …".

Part of ``rules.SECRET_RULES`` (``prose_secret``). A developer's notes name a secret and
then give it, with a linking word between ("is", "was", "is now", "set to", "→", or since
the eleventh session a bare space: "my password hunter22x is weak"; ``=`` and ``:`` make an
assignment or a YAML key, which the assignment rules judge), and the value is
often a word-like password (``Wint3rIsHere``, ``Secret123``) that no randomness test takes.
The name may carry a qualifier of up to three words ("the password for the staging db
is …"). The value counts only when it reads as a password, not as a word, name, version,
path, reference or number (:func:`told_password`): a letter and a digit or sign, 8 to 64
characters, no path, URL, e-mail, file name or dotted reference, and not a name made of
dictionary parts and a version number (``python3.11``, ``oauth2_client``).
"""

from __future__ import annotations

import re

from .accept import is_placeholder
from .pattern import literal as _p

_NOUNS = (
    "password", "passphrase", "passwd", "pwd", "pw", "token", "api key", "api_key", "apikey",
    "secret", "creds", "credentials",
)  # fmt: skip
"""A secret's names, each its own pattern: a regex that starts with its literal is searched
for it at C speed (one pattern for all, behind a lookbehind, cost 3.5 µs per string)."""
_LINK = (
    r"(?:[ \t]+(?:for|of|on)(?:[ \t]+[a-z0-9_.\-]{1,40}){1,3}?)?"
    r"(?:[ \t]*(?:→|->)[ \t]*"
    r"|[ \t]+(?:(?:is|was)(?:[ \t]+now)?|(?:(?:is|was)[ \t]+)?(?:set|changed|reset)[ \t]+to|to|now)"
    r"[ \t]+"
    r"|[ \t]+(?=[`'\"])"
    r"|[ \t]+)"
)
_VALUE = r"[`'\"]?([^\s`'\",;()<>\[\]{}=]{8,64})(?=[`'\"]?(?:[\s,;.)!?]|$))"


def _told(noun: str) -> str:
    """``noun`` as a word of its own (not ``access_token``), a linking word, the value."""
    return re.escape(noun) + r"(?<![\w\-.]" + re.escape(noun) + r")" + _LINK + _VALUE


_WORDS_AND_VERSION = re.compile(r"[a-z]+(?:[_\-.][a-z]+)*[_\-.]?v?\d+(?:\.\d+)*")
"""Words joined by ``_``, ``-`` or ``.`` and a version. The separator is required between
words: with an optional one, ``[a-z]+(?:[_-.]?[a-z]+)*`` splits a run of letters every way
before failing, and "the password is aaaa…a1b" (40 letters) held the worker for hours."""
_SIGN = re.compile(r"[!@#$%^&*~?+=]")
_DIGIT_IN_WORD = re.compile(r"[a-z]\d[a-z]")
_DOTTED_NAME = re.compile(r"[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)+")
_VERSION = re.compile(r"v?\d+(?:\.\d+)+[a-z0-9.\-]*")
_FILE_SUFFIX = re.compile(r"\.[a-z]{1,4}$")


def told_password(value: str, text: str, start: int, end: int) -> bool:
    """The value reads as a password or key (see the module's docstring)."""
    value = value.rstrip("?!.")  # the sentence's end ("if password is missing?")
    low = value.lower()
    if value.startswith(("$", "{", "%", "<", "[")) or is_placeholder(value):
        return False  # a reference ($SUPABASE_KEY, {{secret}}), a placeholder
    if len(value) < 8 or "/" in value or "@" in value.strip("@"):
        return False  # a path or URL, an e-mail address
    if _DOTTED_NAME.fullmatch(low):
        return False  # a reference (id_token.fetch_credentials, base64.b64encode)
    if not any(c.isalpha() for c in value):
        return False
    if not (any(c.isdigit() for c in value) or _SIGN.search(value)):
        return False
    if _VERSION.fullmatch(low) or _FILE_SUFFIX.search(low):
        return False  # a version, a file name
    # python3.11, oauth2_client, sha256: words and a version, no digit inside a word
    return not (_WORDS_AND_VERSION.fullmatch(low) and not _DIGIT_IN_WORD.search(low))


_TRIGGER = {
    "password": "pass", "passphrase": "pass", "passwd": "pass", "pwd": "pw",
    "api key": "key", "api_key": "key", "apikey": "key", "credentials": "cred", "creds": "cred",
}  # fmt: skip
"""The pre-check's trigger of a name that is not its own ("pass" is one for three names)."""
PROSE_SECRET = tuple(_p(_told(noun), _TRIGGER.get(noun, noun), lower=True) for noun in _NOUNS)
"""One pattern per name (lower-cased text), hung on the name's trigger."""
