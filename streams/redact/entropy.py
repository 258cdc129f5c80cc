"""The high-entropy token rule: when is a long random-looking string a secret?

Candidates are maximal runs of ``[A-Za-z0-9+/_-]`` (plus ``=`` padding) of at least 20
characters. A candidate is a finding when all of these hold:

* **Length**: 32..256 characters standalone, or 20 and more when a secret keyword (key,
  token, secret, passw, auth, credential, bearer, signature) appears within 48 characters
  before it. Longer standalone runs are encoded payloads (source maps, embedded files),
  not credentials; a long one a secret word names (a signed token's parts) is one.
* **Not a digest or id**: pure hex of a standard digest length (32 md5 / uuid without
  dashes, 40 sha1 / git, 56 sha224, 64 sha256, 96 sha384, 128 sha512, optionally ``0x``),
  a UUID (a run is judged on what is left after removing UUIDs), a subresource-integrity
  value (``sha512-…`` as in lockfiles), the payload of a ``data:…;base64,`` URI, or a
  value right after a digest label and its separator (``h1:``, ``sha256:``, ``md5=``,
  ``Digest: ``, ``checksum=``, ``"integrity": "``, ``hash:``, as in go.sum, lockfiles or
  ``docker pull``). A label followed by anything else (OpenShift's ``sha256~…`` tokens,
  ``hash_key=…``) does not make the value a digest.
* **Not a public id of a documented form** (:func:`.ids.public_id`): an IPFS CID, a Stripe
  object id (not its ``_secret_`` client secrets), an age recipient, a minisign public key;
  nor a value after an id label (``request_id=``, ``"traceId": "``) or S3's extended
  request id labels (``x-amz-id-2``, ``<HostId>``): :mod:`.ids`.
* **Not public key material**: an SSH public key blob (base64 of the key type's name in
  the SSH wire format: ``AAAAC3NzaC1lZDI1NTE5…``), a line of a PEM block that holds a
  certificate or a public key, or a lone such line whose bytes say so (:mod:`.public_der`).
* **Not base64 of text**: if the run decodes as base64 to mostly printable text (≥ 90 %),
  it is encoded test data or config, not a key (real keys decode to random bytes).
* **Not an identifier**: CamelCase / snake_case / kebab-case / path-like names, judged by
  the share of characters that sit in dictionary-like alphabetic segments of 3+ letters.
* **Random enough**: standalone runs need digits, upper- and lower-case letters and a
  Shannon entropy ≥ 4.0 bits/char; keyword-adjacent runs need two of the three character
  classes and ≥ 3.5 bits/char.

Hex secrets of standard digest lengths are therefore only caught in an assignment context
(``secret_assignment``), never by entropy alone: a git SHA and a 40-hex token look the same.

A finding's span is widened over the dot-joined parts written right before it
(:func:`widen_dotted`): tokens such as Discord's ``<id>.<time>.<hmac>``, Terraform's
``<id>.atlasv1.<secret>`` or Doppler's ``dp.ct.<secret>`` are one secret, and only their
last part is long enough to be judged.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
from collections import Counter

from .hunk_lines import diff_marker
from .ids import (
    ALGORITHM_NAME,
    CLOUDFORMATION_NAME,
    ULID,
    UUID,
    WHEEL_TAG,
    after_aws_id_label,
    after_id_label,
    after_logged_id_label,
    after_resource_id_label,
    device_or_task_name,
    json_id_key,
    jwk_public_member,
    public_client_id,
    public_id,
    twilio_sid,
)
from .names import (
    AZURE_DISK,
    dated_name,
    drawn_letters,
    generated_name,
    is_identifier_like,
    reads_as_a_name,
    snake_name,
    word_share,
    words_and_numbers,
)
from .paths import QUOTES, WORD_STOPS, drive_and_slash, in_windows_path, object_key
from .public_der import (
    in_public_body,
    in_public_pem_block,
    lone_body_line,
    pem_body_line,
    public_der_line,
    public_key_head,
)
from .public_material import public_material, text_in_base32_or_58

CANDIDATE = re.compile(r"(?:(?<=\\[ntr])|(?<!\\)|(?<=\\)(?![ntr]))[A-Za-z0-9+/_\-]{20,}={0,2}")
"""A run that might be a token, not opening with the letter of a string's escape (``\\n``):
the reference :func:`candidate_spans` must equal (the engine's full scan, non-ASCII text)."""

_RUN_CHARS = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/_-")
_TO_RUN_MAP = bytes(ord("a") if c in _RUN_CHARS else ord(" ") for c in range(256))
_MIN_RUN = 20
_LONG_RUN = b"a" * _MIN_RUN


def _past_escape(text: str, start: int) -> int:
    """A run's start past the letter of a string's escape before it (``…37D0\\nRWSHx…`` in
    an ``echo -e`` or a JSON string: the run is ``RWSHx…``, not ``nRWSHx…``)."""
    if start and text[start - 1] == "\\" and text[start : start + 1] in ("n", "t", "r"):
        return start + 1
    return start


def candidate_spans(text: str) -> list[tuple[int, int]]:
    """Pre-check path: the spans :data:`CANDIDATE` would find, without running it.

    Maps candidate characters to ``a`` and everything else to a space with
    ``bytes.translate``, then jumps between runs of twenty ``a`` with ``bytes.find``: C-speed
    passes instead of a regex that restarts inside every word. Most text has no such run
    and costs three passes. Non-ASCII text falls back to the regex (byte and character
    positions differ there). A string shorter than a run has none: no pass at all.
    """
    if len(text) < _MIN_RUN:
        return []
    data = text.encode("utf-8", "surrogatepass").translate(_TO_RUN_MAP)
    hit = data.find(_LONG_RUN)
    if hit < 0:
        return []
    if len(data) != len(text):
        return [m.span() for m in CANDIDATE.finditer(text)]
    spans: list[tuple[int, int]] = []
    while hit >= 0:
        start = _past_escape(text, data.rfind(b" ", 0, hit) + 1)
        end = data.find(b" ", hit)
        end = len(data) if end < 0 else end
        pad = end
        while pad < len(text) and pad - end < 2 and text[pad] == "=":
            pad += 1
        if end - start >= _MIN_RUN:
            spans.append((start, pad))
        hit = data.find(_LONG_RUN, end)
    return spans


MIN_STANDALONE = 32
MIN_MIXED = 20
MIN_LOWER_DIGITS = 20
MIN_LOWER_DIGITS_JOINED = 24
MIN_DIGIT_SHARE = 0.08
"""Standalone runs of digits with one letter case only count from 20 characters (24 when
they hold ``_``, ``-`` or ``/``: constants and option names such as
``RFC7518_JWS_ALGORITHMS`` or ``OPTIC_100GBASE_ER4_LITE`` were taken at 20) when 8 % or more
are digits (``e2rgfqdg7xpzbq0nmj8l68gmuz``, ``UBENM81QDKGJ7GHB…``): random base-36 of 20–48
characters has fewer in 0.03–1 % of draws (15 % missed 2.5–7 %, simulated); UUIDs and hex
are judged apart, paths never."""
"""Standalone runs mixing digits, upper and lower case count from 20 characters (a run
that random is a key, not a name: names are caught by the identifier test)."""
MIN_NEAR_KEYWORD = 20
MAX_LEN = 256
STANDALONE_BITS = 4.0
NEAR_KEYWORD_BITS = 3.5

_ULID_SIZE = 26


def standalone_bits(core: str, size: int, one_case: bool, drawn: bool = False) -> float:
    """The entropy a standalone run must reach: 4.0 bits, lowered for a short run to what 98 %
    of uniform draws of its length reach (a run shorter than its alphabet cannot show the
    alphabet's entropy: random base-36 of 24 characters has 3.66 bits at the 2nd
    percentile, base-62 of 20 has 3.68, and a flat 4.0 missed 40 % of both, simulated).
    Lowered for one letter case and digits alone (base-32 sets the line), for ``drawn``
    letters without digits (base-26's or base-52's; :func:`_drawn_mixed_letters`), and for
    letters of both cases and digits under 26 signs (base-62's), where the caller then asks
    :func:`.names.reads_as_a_name` (lowered alone, it took ``ChaCha20Poly1305Cipher`` from 71
    real files); runs with separators (cipher suites, policy names) keep 4.0."""
    if drawn or (not one_case and core.isalnum()):  # base-62's line reaches 4.0 at 26 signs
        base = 3.27 + 0.035 * (size - MIN_MIXED) if one_case else 3.68 + 0.06 * (size - MIN_MIXED)
        return min(STANDALONE_BITS, base)
    if not one_case or not core.isalnum() or (size == _ULID_SIZE and core.isupper()):
        return STANDALONE_BITS  # a ULID's length: ids with a mistyped letter keep the bar
    return min(STANDALONE_BITS, 3.48 + 0.03 * (size - MIN_LOWER_DIGITS))


_KEYWORDS = ("key", "token", "secret", "passw", "auth", "credential", "bearer", "signature")
_WINDOW = 48
_LONG_RUN_WORDS = (*_KEYWORDS, "session")
"""Words that keep a run longer than ``MAX_LEN`` a candidate: a Telethon or Pyrogram
session string (350 characters of base64 that log an account in: fresh89) is named so."""
_DIGEST_LABELS = (
    "h1", "sha1", "sha224", "sha256", "sha384", "sha512", "md5", "digest", "checksum",
    "integrity", "hash", "etag", "challenge",
)  # fmt: skip
_LABEL_SEPARATORS = " \t\"':=\\"
_DIGEST_WINDOW = 24
_SSH_KEY_TYPES = (b"ssh-", b"ecdsa-", b"sk-ssh-", b"sk-ecdsa-")
_HEX = re.compile(r"(?:0x)?[0-9a-fA-F]+")
_UUID = UUID  # ids.UUID, under the name the other readings import from here
UNDERSCORE_UUID = re.compile(r"[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}")
"""A lower-case UUID written with underscores: generated identifiers and fixture names
(``_api_org_96726c78_4ae3_402f_b08b_7a78c6903d2a``), an id like its hyphenated form."""
_SRI = re.compile(r"sha(?:1|256|384|512)[-/]")
"""A digest named by its algorithm: Subresource Integrity's ``sha384-…`` and a pinned
public key's ``sha256/…`` (OkHttp's ``CertificatePinner``, HPKP): hashes, no key."""


def shannon_bits(s: str) -> float:
    """Shannon entropy of the character distribution, in bits per character."""
    n = len(s)
    return -sum(c / n * math.log2(c / n) for c in Counter(s).values())


_CLOSE_KEYWORDS = ("key", "token", "secret", "passw", "credential", "bearer", "apikey")
_CLOSE = 16


def without_plist_tags(low: str) -> str:
    """Lower-cased text with a property list's ``<key>`` tags blanked (its length kept): the
    name inside the tag says what the value is (``<key>AD_UNIT_ID</key>``), the tag does
    not, so its "key" is no secret word."""
    return low.replace("key>", "    ") if "key>" in low else low


def _window(text: str, start: int, size: int) -> str:
    """The ``size`` characters before ``start``, lower-cased, plist tags blanked."""
    return without_plist_tags(text[max(0, start - size) : start].lower())


def _keyword_right_before(text: str, start: int) -> bool:
    """A secret keyword within 16 characters before the run, not inside a file's name
    (``includes/password.inc\t<sha256>``: a checksum listing), and no digest label there."""
    window = _window(text, start, _CLOSE)
    if not any(k in window for k in _CLOSE_KEYWORDS) or any(
        label in window for label in ("sha", "md5", "hash", "digest", "commit", "checksum")
    ):
        return False
    return any(
        any(k in word for k in _CLOSE_KEYWORDS) and not _FILE_WORD.search(word)
        for word in window.split()
    )


_API_NAME = re.compile(r"(?i)(?<![a-z0-9])(?:[a-z0-9]+[_\-])*api[\"']?[ \t]*[:=][ \t]*[\"']?$")


def _named_api(text: str, start: int) -> bool:
    """Hex assigned to a name that ends in "api" (``API = "<32 hex>"``, ``OWM_API=``: a
    weather script's key, fresh178): the name says what it holds, as "key" does."""
    return _API_NAME.search(text, max(0, start - _CLOSE * 2), start) is not None


_FILE_WORD = re.compile(r"/|\.[a-z]{1,4}$")
"""A path or a file's name: a secret word in it names a file, not a value."""


def _near_keyword(text: str, start: int, words: tuple[str, ...] = _KEYWORDS) -> bool:
    window = _window(text, start, _WINDOW)
    return any(k in window for k in words)


def _after_digest_label(text: str, start: int) -> bool:
    """A digest label, then separators only (``sha256:``, ``"integrity": "``), then the run.

    ``endswith`` on the stripped window, not a regex anchored at its end: that search
    retries at every position of the window, on every candidate run of every string.
    """
    window = text[max(0, start - _DIGEST_WINDOW) : start].lower()
    label = window.rstrip(_LABEL_SEPARATORS)
    return len(label) < len(window) and label.endswith(_DIGEST_LABELS)


def _in_dotted_name(text: str, start: int, end: int) -> bool:
    """A part of a dotted file or module name (``main.3f9a….chunk.js``: a content hash);
    not a key written as two hex parts (Fibery's ``42b2eda8.3fe6b086…``: a name has a
    word in it or an extension after it)."""
    if start and text[start - 1] == ".":
        first = start - 1
        while first > 0 and text[first - 1] in _HEX_DIGITS:
            first -= 1
        head_is_hex = start - 1 - first >= 8 and (first == 0 or not text[first - 1].isalnum())
        return not head_is_hex or text[end : end + 1] == "."
    return text[end : end + 1] == "." and text[end + 1 : end + 2].isalpha()


_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _is_ssh_public_key(s: str) -> bool:
    """Base64 of an SSH public key: a 4-byte length, then the key type's name."""
    if not s.startswith("AAAA"):
        return False
    try:
        head = base64.b64decode(s[:32] + "=" * (-len(s[:32]) % 4))
    except (binascii.Error, ValueError):
        return False
    size = int.from_bytes(head[:4], "big")
    return 0 < size <= 64 and head[4:].startswith(_SSH_KEY_TYPES)


def _digit_share(s: str) -> float:
    return sum(c.isdigit() for c in s) / len(s)


OPENPGP_FINGERPRINT = re.compile(r"[0-9A-F]{40}")
"""An OpenPGP v4 fingerprint as gpg and keyservers print it: 40 upper-case hex. Official
images' Dockerfiles list them under ``for key in``, release notes say "signed with <it>";
no secret among the corpora's 3,358 (of 1,000+ kinds) is written so."""
_SAME_CASE_UUID = re.compile(
    r"[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"
    r"|[0-9A-F]{8}-[0-9A-F]{4}-[1-8][0-9A-F]{3}-[89AB][0-9A-F]{3}-[0-9A-F]{12}"
)
"""An RFC 9562 UUID as generators print it: version 1–8, variant 10xx, one letter case."""


def hex_key(token: str) -> bool | None:
    """Decide a run of hex digits (or a UUID-shaped run) by its form alone, or None.

    True, a key: hex in mixed letter case (no digest or id printer mixes case; an EIP-55
    ``0x`` address does, and stays), or a UUID-shaped run with a group in mixed case (a
    GUID may case its groups apart, ``{87A94AB0-E370-4cde-…}``, never within one). False,
    data or an id unless a secret keyword is right before it: single-case hex of any length
    (digests, ObjectIds, test vectors and signatures have every length: a scan of installed
    packages found 58 crypto test vectors a length rule took for keys), and a single-case
    UUID-shaped run without an RFC 9562 version and variant (``UUID(int=random)`` and some
    databases print so); an RFC UUID is never a key. None: not hex; the general rule
    decides.
    """
    if len(token) == 36 and _UUID.fullmatch(token):
        return any(g != g.lower() and g != g.upper() for g in token.split("-"))
    if not _HEX.fullmatch(token):
        return None
    digits = token[2:] if token[:2] in ("0x", "0X") else token
    if digits.isdigit() or digits.isalpha():
        return None  # a number or a word: the general rule (it needs two classes)
    if digits != digits.lower() and digits != digits.upper():
        return len(digits) == len(token)  # mixed case: a key, but a checksummed 0x address
    return False


def _is_base64_text(s: str) -> bool:
    body = s.rstrip("=")
    if len(body) < 16:
        return False
    padded = body + "=" * (-len(body) % 4)
    try:
        raw = base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return False
    printable = sum(1 for b in raw if 32 <= b < 127 or b in (9, 10, 13))
    return printable >= 0.9 * len(raw)


def _encodes_a_credential(s: str) -> bool:
    """Base64 of ``user:password`` or of one random token (an HTTP Basic credential pasted
    as a key: ``djJlNEpY…`` is ``v2e4JXkCIPvy…:vzcAdasejf…``), which decodes to printable
    text too. The test lives with the other key-material readings
    (:func:`key_material.credential_base64`, which imports this module)."""
    from .key_material import credential_base64

    return credential_base64(s.rstrip("="))


_DIGIT = re.compile(r"[0-9]")


def _classes(s: str) -> tuple[bool, bool, bool]:
    """(has digit, has upper, has lower), via C-level calls: this runs on every candidate."""
    return _DIGIT.search(s) is not None, s.lower() != s, s.upper() != s


_FIELD_STOPS = " \t\r\n\"'`<>()|" + QUOTES
_DOMAIN_PATH = re.compile(r"[a-z0-9][a-z0-9\-]*(?:\.[a-z0-9\-]+)*\.[a-z]{2,24}(?::[0-9]{1,5})?/")
"""A word that starts with a host name and a ``/``: an image reference
(``quay.io/pypa/manylinux2014_x86_64:…@sha256:…``) or a Go module path
(``github.com/owner/repo/v2``). Base64 holds no ``.``, so a key never starts so; a URL
written without its scheme is judged by its last segment (:func:`_random_tail`)."""


_VARIABLE_ROOT = re.compile(r"\$\{?[A-Za-z_][A-Za-z0-9_]*\}?/")


_FILE_EXT = re.compile(r"\.[A-Za-z0-9]{1,5}(?![A-Za-z0-9_\-])")
_KEY_FILE_END = re.compile(
    r"(?i)\.(?:p12|pfx|jks|keystore|truststore|pem|crt|cer|der|p8|ppk|json)$"
)


def file_name_at(text: str, end: int) -> bool:
    """A run followed by a file extension (``<hash>.XML``, ``<random>.tmp``), or ending in
    a key store's or certificate's (Spring's ``key-store=classpath:keystore.p12``,
    fresh52) or a service account's key file's (``GOOGLE_APPLICATION_CREDENTIALS=<project>-
    <key id>.json``: fresh172, fresh178): a file's name, never a token."""
    if text[end : end + 1] == "." and _FILE_EXT.match(text, end) is not None:
        return True
    return _KEY_FILE_END.search(text, max(0, end - 11), end) is not None


_MAIL_DOMAIN = re.compile(r"@[A-Za-z0-9](?:[A-Za-z0-9\-]{0,62}\.)+[A-Za-z]{2,24}(?![\w@])")


def mail_local_part(text: str, start: int, end: int) -> bool:
    """A run right before ``@`` and a domain, no ``:`` or ``/`` before it: an address's
    mailbox (AutoRclone's ``mfc-h75wu2jyggfnbghggwcvhk0r7l@quickstart-….iam.gserviceaccount
    .com``: fresh155), not a URL's userinfo (``https://<key>@o1.ingest.sentry.io``)."""
    return text[start - 1 : start] not in (":", "/") and _MAIL_DOMAIN.match(text, end) is not None


_FIELD_REACH = 4096
"""How far back a run's field is looked for: a URL or a path is shorter; a field of more
(10,000 ``http://a:b@`` in a row) read back to its start for each run took quadratic time."""


def _field_start(text: str, start: int) -> int:
    """Where the field holding ``text[start]`` starts: after the last of
    :data:`_FIELD_STOPS` before it, at most :data:`_FIELD_REACH` back."""
    lo = max(0, start - _FIELD_REACH)
    return max(lo, max(text.rfind(c, lo, start) + 1 for c in _FIELD_STOPS))


_SLASHED_BASE64 = re.compile(r"/(?=[^/]{20})[A-Za-z0-9+/]{63,}={0,2}")
"""A run of 64+ base64 signs that opens with ``/`` and a segment of 20 or more: a path's
first segment is a name, and none holds a ``+`` (which the caller also wants)."""


def in_path(text: str, start: int, end: int) -> bool:
    """The run is (part of) a file path, an S3 key, a URL or an AWS ARN, not a token.

    A run right after a ``/``, any run in a word holding ``scheme://``, or one holding a
    ``/`` inside a word that starts like a path (``/``, ``~``, ``.``, a host name and ``/``)
    or has a ``/`` before the run, or that is a relative object key (:func:`paths.object_key`).
    Temp folders (``/tmp/tmp.Xk3jd8fQ2a/…``), hash-named cache folders and object keys
    are names of places; a secret in a URL is in its userinfo or query, which the URL
    rules handle. Base64 keys hold ``/`` too, but start a word or follow ``=``/a quote.
    """
    if start and (text[start - 1] == "/" or text.endswith("/~~", 0, start)):
        return True  # a path's segment (Android's /data/app/~~<random>==/ too)
    if in_windows_path(text, start):
        return True
    field = _field_start(text, start)
    if "://" in text[field:end]:
        return True  # a URL: its secrets are userinfo and credential parameters (URL rules)
    if text.startswith("arn:", field):
        return True  # an AWS ARN names a resource (arn:aws:kms:…:key/<id>), never a secret
    if "/" not in text[start:end]:  # a segment of an absolute path (net.app-<random>==)
        absolute = text[field : field + 1] in ("/", "~") and "?" not in text[field:start]
        return absolute and "/" in text[field + 1 : start] and text[start - 1] != "="
    word = start
    while word > field and text[word - 1] not in WORD_STOPS:
        word -= 1
    if diff_marker(text, word):
        word += 1  # ``+/nix/store/…``: a hunk adds a path
    if pem_body_line(text, start, end):
        return False  # a private key's line that starts with "/" is no absolute path
    if word == start and _SLASHED_BASE64.fullmatch(text, start, end) and "+" in text[start:end]:
        return False  # base64 that happens to open with "/" (a LINE channel token: fresh169)
    if text[word : word + 1] in ("/", "~", ".") or "/" in text[word:start]:
        return True
    if _VARIABLE_ROOT.match(text, field):
        return True  # $IMAGE/blobs/sha256/<hex>: a path under a variable's folder
    if drive_and_slash(text, word, start):
        return True  # a Windows path written with slashes (C:/Users/…: CMake, Git Bash)
    if _DOMAIN_PATH.match(text, word):
        return not _random_tail(text[start:end])
    return object_key(text[start:end])


def _one_case_with_digits(run: str, size: int, digit: bool, upper: bool, lower: bool) -> bool:
    """A standalone run of one letter case is random when it is long (``size``, the run
    without its padding), 8 % digits or more, and no generated name or words with numbers
    (see :data:`MIN_LOWER_DIGITS`)."""
    return (
        digit
        and (lower or upper)
        and size >= (MIN_LOWER_DIGITS if run.isalnum() else MIN_LOWER_DIGITS_JOINED)
        and _digit_share(run) >= MIN_DIGIT_SHARE
        and not generated_name(run)
        and not words_and_numbers(run)
    )


def _vowels(run: str) -> float:
    """The share of vowels: letters drawn at random have a fifth, names and words joined
    without separators a third or more, though some have 5-6 consonants in a row
    (``imagecolorclosesthwb``, ``guictrlcreatelistview`` from real lexers' builtin lists).
    Names in one case run lower (``PYTHONINTMAXSTRDIGITS`` 24 %, ``gslsfanglerestrictsymm``
    18 %), so drawn letters of one case need under 15 % (a third of random draws), of both
    cases under 28 %."""
    return sum(c in "aeiouAEIOU" for c in run) / len(run)


def _drawn_mixed_letters(run: str) -> bool:
    """Letters of both cases drawn, no digits or separators (``LXtMKhvMjWfMzxjfXMmRr``, a
    3 % chance for random base-62 of 20): few vowels and under 45 % of the run in
    word-like parts, where names written in CamelCase or with abbreviations have more
    (``gsnXYBarChartFillDotSizeF``). Names joined by ``_`` or ``-`` (``ZSTD_c_ldmBucketSizeLog``,
    ``fDAQmx_CTR_IsFinished``, ``HPND-export-US-modify``) were taken from real package files
    when separators were allowed."""
    return run.isalpha() and word_share(run) < 0.45


def _random_tail(run: str) -> bool:
    """The run's last ``/`` segment passes the standalone bar by itself: a URL written
    without its scheme whose path is the secret (``hooks.slack.com/services/<token>``), not
    an image's or a module's name (``quay.io/pypa/manylinux2014_x86_64``)."""
    tail = run.rsplit("/", 1)[-1].rstrip("=")
    if len(tail) < MIN_MIXED or shannon_bits(tail) < STANDALONE_BITS:
        return False
    digit, upper, lower = _classes(tail)
    if not (digit and upper and lower) and not _one_case_with_digits(
        tail, len(tail), digit, upper, lower
    ):
        return False
    return not (is_identifier_like(tail) or snake_name(tail))


def is_secret_token(token: str, text: str, start: int, end: int) -> bool:
    """Decide one candidate run (see the module docstring for the rule)."""
    digit, upper, lower = _classes(token)
    if digit + upper + lower < 2 and not drawn_letters(token):
        return False  # cheapest test first: paths and words stop here
    if in_path(text, start, end):
        return False
    if _SRI.match(token):
        return False
    if len(token) > MAX_LEN and not _near_keyword(text, start, _LONG_RUN_WORDS):
        return False
    if text.endswith("base64,", max(0, start - 7), start) or _after_digest_label(text, start):
        return False  # a data URI's body (context.entropy_or_context, the one caller, skips
        # a value published whole: Mermaid's pako: state, Supabase's anon key)
    hex_verdict = hex_key(token)
    if hex_verdict is not None:
        if hex_verdict:
            if after_id_label(text, start) or _in_dotted_name(text, start, end):
                return False
            return not twilio_sid(token)
        return (
            (_keyword_right_before(text, start) or _named_api(text, start))
            and not after_id_label(text, start)  # application_credential_id: (fresh77)
            and not _SAME_CASE_UUID.fullmatch(token)
            and not OPENPGP_FINGERPRINT.fullmatch(token)
            and not public_material(token, text, start, end)
        )  # "key 9f2c…" unless a fingerprint's label (GPG_KEY) or a public name holds it
    if ULID.fullmatch(token) or WHEEL_TAG.fullmatch(token) or CLOUDFORMATION_NAME.fullmatch(token):
        return False  # an id (a ULID, a CloudFormation name), a wheel's tags
    if AZURE_DISK.fullmatch(token):
        return False  # <vm>_OsDisk_1_<32 hex>: the name Azure gives a VM's disk
    if dated_name(token):
        return False  # Screenshot_20201106-123814_Chrome
    if ALGORITHM_NAME.fullmatch(token):
        return False  # PBKDF2WithHmacSHA256: a JCA algorithm's name
    if after_id_label(text, start) and (
        not (upper and lower)
        or json_id_key(text, start)
        or after_aws_id_label(text, start)
        or after_resource_id_label(text, start)
        or after_logged_id_label(text, start)
    ):
        return False  # a single-case value after an id label; any value of a JSON "id" key
    if (
        public_id(token)
        or public_client_id(text, start, token)
        or device_or_task_name(text, start, token)
        or public_material(token, text, start, end)
    ):
        return False  # an IPFS CID, a Stripe object id, an age recipient, a minisign key
    if jwk_public_member(text, start):
        return False  # a published JSON Web Key's modulus or curve point
    core = _UUID.sub("", token) if "-" in token else token
    core = UNDERSCORE_UUID.sub("", core) if "_" in core else core
    near = _near_keyword(text, start)
    size = len(core.rstrip("="))
    drawn = False
    if size < MIN_NEAR_KEYWORD:
        return False
    digit, upper, lower = _classes(core)
    if near:
        if digit + upper + lower < 2:
            return False
        if generated_name(core) and not _keyword_right_before(text, start):
            return False  # a pod's name a prompt's "/home/vickey#" or a flag stands before
    elif digit and upper and lower:
        if size < MIN_MIXED:
            return False
    elif not _one_case_with_digits(core, size, digit, upper, lower):
        if upper and lower:
            drawn = size >= MIN_MIXED and _vowels(core) < 0.28 and _drawn_mixed_letters(core)
        else:
            drawn = size >= MIN_MIXED and _vowels(core) < 0.15 and drawn_letters(core)
        if not drawn:
            return False
    bar = NEAR_KEYWORD_BITS if near else standalone_bits(core, size, not (upper and lower), drawn)
    bits = shannon_bits(core)
    lowered = bits < STANDALONE_BITS and not (near or drawn) and digit and upper and lower
    if bits < bar or (lowered and reads_as_a_name(core)):
        return False  # under the full bar, a short run must not read as words (ChaCha20…)
    if not drawn and (is_identifier_like(core) or snake_name(core)):
        return False
    if (_is_base64_text(core) or text_in_base32_or_58(core)) and not _encodes_a_credential(core):
        return False
    if _is_ssh_public_key(core) or in_public_pem_block(text, start):
        return False
    if public_der_line(token) or lone_body_line(text, start, end) or public_key_head(core):
        return False  # a lone line of a certificate or a public key, or of a body
    return not in_public_body(text, start, end)  # a line further down such a body
