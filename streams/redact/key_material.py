"""What counts as key material next to a secret word: the value tests of the
context-weighted decisions (:mod:`.context`).

A value after ``key``, ``token`` or ``password`` is a key when it has a random part (digits
among letters, case flipping in short groups that are not words), punctuation like a
password, a ``user:password`` form, or is hex or base64 of a credential; names with
numbers, CamelCase names, versions, timestamps, dotted names, e-mails, file names and
placeholders are not.
"""

from __future__ import annotations

import base64
import binascii
import re

from schemas.shapes import password_like

from .accept import is_placeholder
from .base64_text import decoded_base64
from .entropy import _SAME_CASE_UUID, _UUID, shannon_bits
from .models import MARKER
from .names import generated_name, words_and_numbers
from .published_values import publishable_jwt
from .value_forms import stand_in_text

_HEX_RUN = re.compile(r"(?:0x)?[0-9a-fA-F]{16,}")
_SHORT_HEX = re.compile(r"(?:0x)?[0-9a-fA-F]+")
_MIN_HEX = 20
_MIN_SHORT = 10
_SHORT_BITS = 3.0
_SYMBOLS = frozenset("!#$%&*+/=?@^_~|:;,.-[]{}()<>\\`'\"")
_NOT_SECRET_SHAPES = re.compile(
    r"v?\d+(?:[._\-]\d+)+[a-z0-9.\-+]*"  # versions, dates, IPs: 1.2.3, 2024-05-01, 10.0.0.1
    r"|\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?"  # times
    r"|\d{4}-\d\d-\d\d[T_]\d\d:?\d\d(?::?\d\d)?(?:[.,]\d+)?(?:Z|[+\-]\d\d:?\d\d)?"  # ISO 8601
    r"|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(\))?"  # dotted names: os.environ, a.b.c
    r"|[\w.+\-]+@[\w\-]+(?:\.[\w\-]+)+"  # e-mail addresses
    r"|[\w\-]+\.[a-z]{1,5}(?::\d+)?"  # file names, host:port
    r"|[\w.\-]+:\d+(?::\d+)?"  # host:port, file:line
    r"|[a-z]\w*(?::[a-z]\w*){2,}:?"  # an Objective-C selector's parts: atLOI:ofKind:lqm:
    r"|[0-9A-F]{2}(?::[0-9A-F]{2}){15,63}|[0-9a-f]{2}(?::[0-9a-f]{2}){15,63}"  # keytool's SHA-1
)
_DIGEST_PREFIX = re.compile(r"(?i:sha(?:1|224|256|384|512)|md5|h1)[-:=]")
"""``sha512-…`` (lockfiles), ``h1:…`` (go.sum), ``sha256:…``, an SSH key's fingerprint
(``SHA256:86iQP6…``, as ``ssh -v`` and ``sshd -d`` print it): a digest after its label."""
_PINNED_DIGEST = re.compile(r"@(?i:sha(?:256|384|512)):[0-9a-f]{8,}")
"""``redis@sha256:6a69…``: an image pinned by its digest (read before ``user:password``)."""
_TRAILING = ".,;:!?)]}>"
_LEADING = "([{<=:"


def strip_word(text: str, start: int, end: int) -> tuple[int, int]:
    """Sentence punctuation and unbalanced brackets off a word's ends."""
    while start < end and text[start] in _LEADING and not text.startswith("[REDACTED:", start):
        start += 1
    while end > start and text[end - 1] in _TRAILING:
        closer = text[end - 1]
        opener = {")": "(", "]": "[", "}": "{", ">": "<"}.get(closer)
        if opener and text.count(opener, start, end) >= text.count(closer, start, end):
            break
        end -= 1
    return start, end


def _classes(s: str) -> tuple[bool, bool, bool, bool]:
    return (
        any(c.isdigit() for c in s),
        s.lower() != s,
        s.upper() != s,
        any(c in _SYMBOLS for c in s),
    )


def _user_password(word: str) -> bool:
    """``user:password`` with a password that reads as one: random, or three of digits,
    upper case, lower case and punctuation (``elastic:P@ssw0rd$1``,
    ``developer:yqDVtkqPECriaLRi``); not ``host:port``, ``module:function``, a time or a
    type hint."""
    user, _, password = word.partition(":")
    if len(user) < 2 or len(password) < 6 or "/" in word or "\\" in word or user.isdigit():
        return False  # C:\Python27\…: a Windows path
    if "::" in word or _NAME_CHAIN.match(word):
        return False  # Fn::GetAtt, test.py::Case::test, arn:aws:kms:…, urn:ietf:params:…
    if not _USER.fullmatch(user) or password.isdigit() or _CODE_START.match(password):
        return False
    if _random_core(password, _MIN_SHORT - 4) or _HEX_RUN.fullmatch(password):
        return True  # a random password, or a hex secret (key id:secret pairs)
    digit, upper, lower, symbol = _classes(password)
    return digit + upper + lower + symbol >= 3 and (digit or symbol) and upper + lower > 0


_NAME_CHAIN = re.compile(r"[a-z][a-z0-9+.\-]*:[a-z0-9\-]+:")
_USER = re.compile(r"[\w.@+\-]{1,64}")
_SPACE = re.compile(r"\s")
_CODE_START = re.compile(r"[A-Za-z_][\w.]*[\[(]")
"""``param:Optional[str]``, ``x:foo(1)``: a type hint or a call, not a password."""


def _random_core(word: str, minimum: int = _MIN_SHORT) -> bool:
    """Random enough to be a key next to a secret word: 10+ characters with a random part
    (:func:`_random_part`) and not a name, a word with a number, or low in entropy. Code
    (``Field(8080``, ``test_import_ECC``, ``Curve25519``) is names and numbers joined by
    punctuation: no part of it is random."""
    if len(word) < minimum or not any(_random_part(p) for p in _PARTS.findall(word)):
        return False
    if words_and_numbers(word) or generated_name(word) or _name_like(word):
        return False
    return shannon_bits(word) >= _SHORT_BITS


_PARTS = re.compile(r"[A-Za-z0-9]{6,}")
_CASE_FLIP = re.compile(r"(?<=[a-z])[A-Z]|(?<=[A-Z])[a-z]")


def _random_part(part: str) -> bool:
    """One alphanumeric part of 6+ characters that reads as random: digits in three or
    more groups among letters (``11XQ98FVS8WI``, ``2w3933xk6uav9ff2``), or letter case
    flipping three or more times into short groups that do not read as words
    (``vZrEclFwOqeA``, ``xM98lZh20vZs``). Hex is left to the hex decision; a name with
    numbers (``Curve25519``, ``PBKDF2WithHMAC``, ``SHA1AndAES128``, ``ECC_SECG_P256K1``)
    or a CamelCase name (``ListWorkspaceInstances``) is not random."""
    if part.isalpha() and (part.isupper() or part.islower()) or _SHORT_HEX.fullmatch(part):
        return False
    digits = len(_DIGITS.findall(part))
    if digits >= 3 and 2 * digits - part[0].isdigit() - part[-1].isdigit() >= 4:
        return True  # three digit groups, four letter-digit changes
    uppers = _UPPERS.findall(part)
    if 2 * len(uppers) - part[0].isupper() - part[-1].isupper() < 3 or part.isupper():
        return False  # under three case changes
    if sum(map(len, uppers)) < 0.3 * len(part):
        return False  # CamelCase: one capital per word (random case is about half)
    segments = _SEGMENT.findall(part)
    if 2 * sum(len(seg) <= 2 for seg in segments) <= len(segments):
        return False  # mostly groups of 3+ letters: CamelCase words
    return len(_CASE_FLIP.findall(part)) >= 3 and not _name_like(part)


_DIGITS = re.compile(r"[0-9]+")
_UPPERS = re.compile(r"[A-Z]+")
_SEGMENT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])")
_CLUSTER = re.compile(r"[bcdfghjklmnpqrstvwxz]{5,}")


def _name_like(word: str) -> bool:
    """Mostly pronounceable letter groups (``getUserName2``, ``base64Decode``,
    ``snake_case_name``): 60 % of the characters in groups of 3+ letters with a vowel and
    no five consonants in a row (``Workspace``'s ``rksp`` is a word's). A key's groups are
    short or unpronounceable (``LAwdpRpHOnYE0Wyc``, ``gngKGCWbmK0COTtS``)."""
    wordy = 0
    for seg in _SEGMENT.findall(word):
        low = seg.lower()
        if len(seg) >= 3 and not _CLUSTER.search(low) and any(v in low for v in "aeiouy"):
            wordy += len(seg)
    return wordy >= 0.6 * len(word)


def credential_base64(body: str) -> bool:
    """Base64 that decodes to ``user:password`` or to one random token (an HTTP Basic
    credential, ``base64(user:pass)`` pasted as a key), not to prose, JSON or a name."""
    raw = decoded_base64(body)
    if raw is None:
        return False
    text = raw.decode("latin-1")
    if text[:1] == "{" and _JSON_SECRET_MEMBER.search(text):
        return True  # Neptune's token: {"api_address": …, "api_key": "<uuid>"}, base64ed
    url = _URL_WITH_PASSWORD.match(text)
    if url and not stand_in_text(url[1]) and url[1].lower() not in ("password", "pass", "secret"):
        return True  # a Secret's DATABASE_URL: base64 of postgresql://app:<password>@db/app
    head = text[: max(8, int(len(text) * 0.6))]
    if not head.isprintable() or any(c.isspace() for c in head) or head[:1] in "{[<\"'":
        return False
    if _X_CLIENT_ID.fullmatch(text):
        return False  # X's OAuth 2.0 client id, base64 of "<id>:1:ci": public (fresh35)
    if ":" in head or (":" in text and text.isprintable() and not _SPACE.search(text)):
        user, _, password = text.partition(":")
        if _USER.fullmatch(user) and len(password.strip()) >= 4 and password.isprintable():
            # base64 of user:password (RFC 7617's Aladdin:open sesame, docker's auth
            # sfcs.tester:sfcs), not of host:port or a URL, nor of two stand-ins
            # (your_access_key:your_value, an API's docs: fresh175)
            if is_placeholder(user) and is_placeholder(password):
                return False
            return not (user.isdigit() or password.isdigit() or password.startswith("//"))
        return _user_password(user + ":" + password[:64].strip())
    if stand_in_text(text):
        return False  # base64 of "REPLACE-WITH-AWS-SECRET-KEY", of "hvs.*******"
    if len(text) >= 8 and text.isprintable() and _SECRETS_NAME.search(text):
        return True  # a Kubernetes Secret's data: unsecure_password, example-app-secret
    if _HEX_KEY_TEXT.fullmatch(text.strip()) and len(set(text)) >= _DRAWN_HEX_SIGNS:
        return True  # Textlocal's API keys: base64 of 32 hex (fresh108), not of "aaaa…"
    return len(text) >= 16 and _random_core(text.strip())


_HEX_KEY_TEXT = re.compile(r"[0-9a-f]{32}")
"""A key's hex written out as text and that text in base64."""
_DRAWN_HEX_SIGNS = 8


_X_CLIENT_ID = re.compile(r"[A-Za-z0-9_\-]{16,32}:1:ci")
_URL_WITH_PASSWORD = re.compile(r"[a-z][a-z0-9+.\-]{1,20}://[^\s:/@]{0,64}:([^\s/@]{3,128})@")
_JSON_SECRET_MEMBER = re.compile(
    r"\"(?:api_?key|token|secret|client_secret|password|passwd|private_key|auth)\"[ \t]*:[ \t]*"
    r"\"[^\"\s]{8,}"
)
"""A JSON member that holds a credential, in a token made of base64 of JSON (Neptune's API
tokens, a Docker config's ``auths`` base64ed whole)."""
_SECRETS_NAME = re.compile(
    r"(?i)pass(?:word|wd)|secret|token|api_?key|private_?key|credential|encryption_?key"
)
"""Words a value decoded from base64 names itself a secret's by (Authelia's and Dex's
Kubernetes Secrets hold ``base64("unsecure_password")``, fresh28): a secret, base64ed."""


def key_material(word: str) -> bool:
    """Key material next to a secret word: long hex, any UUID-shaped value, a random run
    of 10+ characters (letters with digits, punctuation or case flips), ``user:password``,
    or base64 of a credential."""
    if "://" in word:
        return False  # a URL: its secrets are userinfo and parameters (the URL rules)
    if "[REDACTED:" in word:  # what an earlier rule left of a token, glued by punctuation
        rest = MARKER.sub("", word).strip(".:=!?-_~")
        return _random_core(rest, 6)
    if len(word) < _MIN_SHORT or _DIGEST_PREFIX.match(word) or _NOT_SECRET_SHAPES.fullmatch(word):
        return False
    if _UUID.fullmatch(word):
        return not _SAME_CASE_UUID.fullmatch(word)  # an RFC UUID is an id (entropy.py)
    if _HEX_RUN.fullmatch(word):
        return len(word) >= _MIN_HEX and not word.isdigit()
    if _SHORT_HEX.fullmatch(word):
        return False  # short hex: a short sha, a span or container id
    if ":" in word and _user_password(word) and not _PINNED_DIGEST.search(word):
        return True
    if not any(_random_part(p) for p in _PARTS.findall(word)):
        return False  # the cheap test first: names, words with numbers, code
    if is_placeholder(word) or _pinned_or_path(word):
        return False
    body = word.rstrip("=")
    if body.isalnum() and len(body) >= 8 and _decodes_to_text(body):
        return len(body) >= 16 and credential_base64(body)
    return _random_core(word)


_TYPED_WORD = re.compile(r"[^\s()\[\]{}\\!$%@#*<>'\"`^~:][^\s()\[\]{}\\]{5,39}")
_CODE_WORD = re.compile(r"[A-Za-z]-[A-Za-z]|0-9|![rsa]$|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$")
"""A regex's range (``A-Za-z0-9``), an f-string's conversion (``{name!r}``), a dotted name."""


def typed_password_word(word: str) -> bool:
    """A password a person typed, next to a secret word ("rejects Floppafr@2022": fresh56):
    one word with a password's signs (:func:`schemas.shapes.password_like`), no brackets nor
    a sign opening it (an expression, a regex, a YAML tag, a variable, a Sphinx role), no
    code's marks (:data:`_CODE_WORD`), no placeholder."""
    if not _TYPED_WORD.fullmatch(word) or _CODE_WORD.search(word):
        return False
    return password_like(word) and not is_placeholder(word)


def _pinned_or_path(word: str) -> bool:
    """``actions/checkout@3d3c42e…``, ``pkg@1.2.3``, ``docker/login-action``: a name with a
    ``/`` or an ``@`` after a name is a reference or a pin, not a key."""
    for sep in ("/", "@", "\\"):
        head = word.split(sep, 1)[0] if sep in word else ""
        if len(head) >= 3 and (_name_like(head) or head.replace("-", "").isalpha()):
            return True
    return False


def plain_text_base64(token: str) -> bool:
    """Base64 of printable text that is no credential (``YWJjZGVm…`` is the alphabet;
    ``dXNlcjpwYXNzd29yZA==`` is ``user:password``, a credential)."""
    body = token.rstrip("=")
    return (
        body.isalnum() and len(body) >= 8 and _decodes_to_text(body)
        and not credential_base64(body)
    )  # fmt: skip


def _decodes_to_text(body: str) -> bool:
    """Base64 of printable text (``ZGF0YS12YWx1ZTE=`` is ``data-value1``)."""
    raw = decoded_base64(body)
    return bool(raw) and sum(32 <= b < 127 for b in raw) >= 0.9 * len(raw)


_BASE64_SIGN = re.compile(r"[A-Za-z0-9+/]")


def private_key_block(value: str, text: str, start: int, end: int) -> bool:
    """A private key block with key material in it: 40+ base64 signs between its armour
    lines (not an empty, ``anything`` or ``....`` sample: fresh24's pasted placeholder)."""
    body = re.sub(r"-----[A-Z0-9 ]+-----", "", value)
    return len(_BASE64_SIGN.findall(body)) >= 40


def base64_private_key(value: str, text: str, start: int, end: int) -> bool:
    """Base64 whose decoded head is a PEM private key's BEGIN line (not a certificate's or
    a public key's, which are public)."""
    head = value[:64]
    try:
        decoded = base64.b64decode(head[: len(head) // 4 * 4])
    except (binascii.Error, ValueError):
        return False
    return b"PRIVATE KEY" in decoded


def jwt_grants_access(value: str, text: str, start: int, end: int) -> bool:
    """The ``jwt`` rule's check: every token is a credential but Supabase's anon key, whose
    claims say ``"role": "anon"`` and ``"iss": "supabase"``: made to ship in a web page or
    an app, as a publishable key is (fresh31); its ``service_role`` twin stays a finding.
    A token cut short by an ellipsis before its signature (``eyJhbGci….eyJzdWIiOiJsa...``,
    a log's prefix: fresh55) is no longer one, nor one signed with a few signs repeated."""
    if value.endswith(".") and (text.startswith("..", end) or text.startswith("…", end)):
        return False  # no signature left: it cannot be presented
    if _REPEATED_SIGNATURE.fullmatch(value.rpartition(".")[2]):
        return False  # "….Ej8Ej8Ej8Ej8…": a test's token, its signature a few signs repeated
    return not publishable_jwt(value)


_REPEATED_SIGNATURE = re.compile(r"(.{1,4})\1{5,}.{0,3}")
"""A signature no key made: one to four signs over and over (fresh112's fake JWT)."""


_WRAPPED_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{16,}")


def wrapped_jwt(value: str, text: str, start: int, end: int) -> bool:
    """The ``wrapped_jwt`` rule's check: the run decodes to a signed JWT, and that token
    grants access (:func:`jwt_grants_access`); base64 of other JSON text stays."""
    decoded = decoded_base64(value.rstrip("="))
    token = decoded.decode("ascii", "replace").strip() if decoded else ""
    if not _WRAPPED_JWT.fullmatch(token):
        return False
    return jwt_grants_access(token, token, 0, len(token))
