"""Lines of PEM and OpenPGP armour bodies: which hold public material only, and which are
a key's line rather than a path (:func:`pem_body_line`).

A certificate copied one line at a time (a diff hunk inside a ``.crt`` file, a line quoted
in a thought, ``sed -n 5p cert.pem``) arrives without its ``-----BEGIN CERTIFICATE-----``
line, and its base64 looks as random as a private key's. Decoded, many of its lines still
say what they are: X.509 writes attribute types, dates, extensions and algorithm ids, and
those bytes appear in certificates, certificate requests and public keys but in no private
key format (PKCS#1, PKCS#8, encrypted PKCS#8, SEC1, OpenSSH, PGP secret keys). A line with
one of the markers below is public; a line of pure key bytes (a modulus, a signature) has
none and stays a secret, because it cannot be told from a private key's.

Every marker is five or more fixed bytes, so random bytes carry one far less than once in
a million lines (a million random lines were measured: none), and
``tests/redact/test_public_der.py`` checks every line of seeded private keys of every type
against them. Names (``DigiCert Global Root CA``) are no marker: a PKCS#8 key's
attributes and an OpenSSH key's length-prefixed strings look the same, and they would add
0.2 points.
"""

from __future__ import annotations

import base64
import binascii
import re
from bisect import bisect_right
from functools import lru_cache
from typing import NamedTuple

from . import lines
from .hunk_lines import has_hunk_header as _has_hunk_header

_BASE64_LINE = re.compile(r"\+?[A-Za-z0-9+/]{40,76}={0,2}")
"""A PEM body line: 64 characters (OpenSSL) or 76 (MIME), an optional ``+`` of a diff's
added line in front. A longer run is a whole encoded file (a ``.p12`` keystore in a CI
variable holds a certificate and its private key), never spared."""

_X509_ONLY = re.compile(
    rb"\x06\x03\x55[\x04\x1d]"  # an attribute type (CN, O, C...) or extension (2.5.4, 2.5.29)
    rb"|\xa0\x03\x02\x01[\x01\x02]"  # a certificate's explicit version (v2, v3)
    rb"|\x17\x0d\d{12}Z|\x18\x0f\d{14}Z"  # validity: UTCTime, GeneralizedTime
    rb"|\x2a\x86\x48\x86\xf7\x0d\x01\x01[\x04\x05\x0b\x0c\x0d\x0e]"  # sha*WithRSAEncryption
    rb"|\x2a\x86\x48\xce\x3d\x04\x03"  # ecdsa-with-SHA*
    rb"|\x2a\x86\x48\x86\xf7\x0d\x01\x09\x0e"  # PKCS#9 extensionRequest (a CSR's)
    rb"|\x2b\x06\x01\x05\x05\x07"  # id-pkix: key usages, authority info, policy qualifiers
    rb"|\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00\x03"  # rsaEncryption, then a BIT STRING
    rb"|\x2a\x86\x48\xce\x3d\x02\x01\x06\x05\x2b\x81\x04\x00[\x22\x23]\x03"  # EC P-384/521 SPKI
    rb"|\x2a\x86\x48\xce\x3d\x02\x01\x06\x08\x2a\x86\x48\xce\x3d\x03\x01\x07\x03"  # EC P-256
    rb"|\x06\x03\x2b\x65[\x6e-\x71]\x03"  # X25519/X448/Ed25519/Ed448 SubjectPublicKeyInfo
    rb"|[\x16\x86][\x0c-\x7f]https?://"  # a CRL or OCSP address (IA5String, GeneralName)
    # a SubjectPublicKeyInfo's SEQUENCE opening with its algorithm (RSA, EC)
    rb"|\x30(?:\x82..|\x81.|[\x0d-\x7f])\x30[\x0d\x10\x13]\x06"
    rb"(?:\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01|\x07\x2a\x86\x48\xce\x3d\x02\x01)"
    # the same opening cut by the line's end (the RSA OID's last bytes on the next line)
    rb"|\x30\x82[\x00-\xff]{2}\x30\x0d\x06\x09\x2a\x86\x48(?:\x86(?:\xf7(?:\x0d\x01?\x01?)?)?)?\Z"
    rb"|\x02\x03\x01\x00\x01\xa3"  # the exponent 65537, then a certificate's extensions
    rb"|\x2a\x86\x48\x86\xf7\x0d\x01\x09\x01\x16"  # PKCS#9 emailAddress, an IA5String
)
"""DER found in certificates, requests and public keys, never in a private key file.

What a private key shares with them is left out: ``rsaEncryption`` followed by an OCTET
STRING (PKCS#8), curve ids after ``a0`` (SEC1), RSASSA-PSS, encryption parameters. The
algorithm id is only a marker when a BIT STRING (a public key) follows it, or when it opens
its SEQUENCE (a private key puts its version first); the exponent is followed by the
private exponent in a key, by extensions (``a3``) in a certificate. An RSA public key's
opening is :func:`_rsa_public_key_start`."""

_RSA_PUBLIC_START = re.compile(
    rb"\x30\x82(..)\x02\x82(..)\x00|\x30\x81(.)\x02\x81(.)\x00", re.DOTALL
)


def _rsa_public_key_start(raw: bytes) -> bool:
    """A PKCS#1 RSA public key opens here: a SEQUENCE whose first item is the modulus and
    whose length is the modulus and the exponent 65537 exactly (a private key opens with
    its version, ``02 01 00``; DSA's and DH's parameters, also a SEQUENCE of INTEGERs, are
    longer or shorter)."""
    for m in _RSA_PUBLIC_START.finditer(raw):
        outer, modulus = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        header = 4 if m.group(1) else 3
        if int.from_bytes(outer, "big") == header + int.from_bytes(modulus, "big") + 5:
            return True
    return False


_PGP_PUBLIC_KEY = re.compile(
    rb"(?:\x98[\x30-\xff]|\x99[\x00-\x0f].|\xc6(?:[\x30-\xbf]|[\xc0-\xcf].))"  # tag 6, length
    rb"[\x04\x05\x06][\x30-\x7f]..."  # version, a creation time from 1995 to 2038
    rb"(?:[\x01\x02\x03\x10\x11][\x03-\x10]|[\x12\x13\x16\x19\x1b][\x03\x05\x08-\x0a])",
    # an algorithm: RSA, DSA or Elgamal and its first number's size, or ECC and its curve's id
    re.DOTALL,
)
"""An OpenPGP public key packet's header at the start of an armour body (``mQINBF…``). A
secret key's packet has tag 5 (``lQ…``, ``xc…``) and is never spared."""
_PGP_SIGNATURE = re.compile(
    rb"(?:\x88.|\x89..|\xc2(?:[\x00-\xbf]|[\xc0-\xdf].))"  # tag 2, old or new format
    rb"(?:\x03\x05|[\x04\x05][\x00-\x50][\x01\x11\x13\x16\x1b\x1c][\x01-\x0b])",
    # version 3 and its 5 hashed bytes, or version 4/5, a signature type, RSA, DSA, ECDSA,
    # EdDSA or Ed25519/448, and a hash algorithm
    re.DOTALL,
)
"""An OpenPGP signature packet's header (``iD8DBQ…``, ``iQIzBAAB…``): a signature's first
body line, as a signed tag or a release's ``.asc`` starts; published by design."""


def _decoded(line: str) -> bytes:
    """The line's bytes: a line cut out of a body starts on a base64 group boundary."""
    body = line.rstrip("=")
    body = body[: len(body) // 4 * 4]
    try:
        return base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return b""


def public_der_line(token: str) -> bool:
    """A base64 line that decodes to a certificate's, a request's or a public key's DER,
    or to an OpenPGP public key packet's header, or a whole such structure on one line
    (:func:`whole_public_der`). A leading ``+`` is tried both as a diff's marker and as the
    line's first character."""
    if not _BASE64_LINE.fullmatch(token):
        return len(token) > WHOLE_MIN and whole_public_der(token)
    for line in (token, token[1:]) if token[0] == "+" else (token,):
        raw = _decoded(line)
        if _PGP_PUBLIC_KEY.match(raw) or _PGP_SIGNATURE.match(raw) or _X509_ONLY.search(raw):
            return True
        if _rsa_public_key_start(raw):
            return True
    return False


WHOLE_MIN = 76
_WHOLE_BASE64 = re.compile(r"[A-Za-z0-9+/]+={0,2}|[A-Za-z0-9_\-]+={0,2}")
_PUBLIC_SHAPES = ((0x30, 0x03), (0x30, 0x30, 0x03))
"""The top-level children of a SubjectPublicKeyInfo (algorithm, BIT STRING key) and of a
signed structure: a certificate, a request, a CRL (signed part, algorithm, BIT STRING
signature). Every private key format opens with an INTEGER version (PKCS#1, PKCS#8, SEC1)
or ends in an OCTET STRING (encrypted PKCS#8), so none has these shapes."""


def _der_header(raw: bytes, pos: int, end: int) -> tuple[int, int, int] | None:
    """(tag, content start, next item) of the DER item at ``pos``, or None when it does not
    fit before ``end`` (a multi-byte tag, an indefinite or overlong length)."""
    if pos + 2 > end or raw[pos] & 0x1F == 0x1F:
        return None
    size, at = raw[pos + 1], pos + 2
    if size & 0x80:
        count = size & 0x7F
        if not 1 <= count <= 3 or at + count > end:
            return None
        size, at = int.from_bytes(raw[at : at + count], "big"), at + count
    return (raw[pos], at, at + size) if at + size <= end else None


_PUBLIC_KEY_HEAD = re.compile(
    r"MI[IG][A-Za-z0-9+/]{0,2}(?:IjANBgkqhkiG9w0BAQEFAAOC|fMA0GCSqGSIb3DQEBAQUAA4GN)"
    r"|MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE|MCowBQYDK2VwAyEA"
)
"""The base64 of a SubjectPublicKeyInfo's opening (RSA, EC P-256, Ed25519: its algorithm and
the BIT STRING): no private key format starts so."""


def public_key_head(token: str) -> bool:
    """A run that opens as a public key's DER, whole or cut: a DKIM record's ``p=`` value
    split into a zone file's strings (fresh148's OpenDKIM ``"p=MIICIjAN…"`` chunk)."""
    return _PUBLIC_KEY_HEAD.match(token) is not None


def whole_public_der(token: str) -> bool:
    """A run that decodes (base64 or base64url) to exactly one DER public key or signed
    structure (:data:`_PUBLIC_SHAPES`), or to a PKCS#1 RSA public key (two INTEGERs, the
    modulus 64+ bytes): a DKIM ``p=`` value, an app store's licence key, a JWK's ``x5c``
    certificate, a SAML metadata certificate on one line. Why whole: a ``.p12`` holds a
    certificate and its private key, and it parses as neither of these."""
    if not _WHOLE_BASE64.fullmatch(token):
        return False
    body = token.rstrip("=")
    try:
        raw = base64.b64decode(
            body.replace("-", "+").replace("_", "/") + "=" * (-len(body) % 4), validate=True
        )
    except (binascii.Error, ValueError):
        return False
    top = _der_header(raw, 0, len(raw))
    if top is None or top[0] != 0x30 or top[2] != len(raw):
        return False
    tags, sizes, pos = [], [], top[1]
    while pos < len(raw) and len(tags) < 4:
        item = _der_header(raw, pos, len(raw))
        if item is None:
            return False
        tags.append(item[0])
        sizes.append(item[2] - item[1])
        pos = item[2]
    if pos != len(raw):
        return False
    return tuple(tags) in _PUBLIC_SHAPES or (tags == [0x02, 0x02] and sizes[0] >= 64)


_CERTIFICATE_START = re.compile(
    rb"\x30\x82(..)\x30\x82..(?:\xa0\x03\x02\x01[\x01\x02]|\x02\x01\x00\x30)", re.DOTALL
)
"""A certificate's first bytes (SEQUENCE, TBSCertificate, explicit version) or a request's
(SEQUENCE, CertificationRequestInfo, version 0): its two-byte length says where it ends."""
_FULL_LINE = re.compile(r"[A-Za-z0-9+/]{64}")
_FULL_OR_MIME_LINE = re.compile(r"[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{76}")
"""A full body line as OpenSSL wraps it (64) or as MIME and curl's CA extract do (76)."""
_ANY_LINE = re.compile(r"[A-Za-z0-9+/]{4,64}={0,2}")
_MAX_LINES = 160
"""How far below a certificate's first line its body is looked for: 7.5 KB of DER."""


_LINE_MARGIN = 16
"""Indentation and markers a body line may carry around its 76 characters at most."""


def line_around(text: str, start: int, end: int) -> tuple[int, str] | None:
    """(where the line starts, the line stripped) of the short line holding the run, or
    None when the line is longer than a body line can be. Bounded searches: a finding in
    a long text must not cost a scan of all of it."""
    low = max(0, start - _LINE_MARGIN)
    newline = text.rfind("\n", low, start)
    if newline < 0 and low > 0:
        return None
    line_end = text.find("\n", end, end + _LINE_MARGIN + 1)
    if line_end < 0:
        if len(text) - end > _LINE_MARGIN:
            return None
        line_end = len(text)
    return newline + 1, text[newline + 1 : line_end].strip()


def _body_line(line: str) -> str:
    """A text line without its indentation and a diff's one-character marker: a ``-``
    always (no base64 sign), a ``+`` before a full line (``+`` is one)."""
    line = line.strip()
    if line[:1] == "-" or (len(line) in (65, 77) and line[0] == "+"):
        return line[1:]
    return line


def in_public_body(text: str, start: int, end: int) -> bool:
    """The run is a line of a certificate's, a request's or an OpenPGP public key's body
    whose first line is above it, with only full 64-character lines between (a diff hunk
    or a paste without the ``BEGIN`` line). A certificate's first line gives its length,
    so the lines after its end are not spared; an OpenPGP block that starts with a public
    key packet is public to its end (a secret key block starts with a secret one)."""
    around = line_around(text, start, end)
    if around is None:
        return False
    here = _body_line(around[1])
    if not _ANY_LINE.fullmatch(here) or here not in text[start:end]:
        return False
    return around[0] in _spared_lines(text) or _public_file_hunk(text, start)


_PUBLIC_EXTENSIONS = r"\.(?:crt|cer|csr|pub|p7b|p7c|spc|asc)\b"
"""The names of files that hold public material: certificates, requests, public keys, PKCS#7
chains, armoured release keys and signatures."""
_PUBLIC_FILE = re.compile(
    r"(?m)^\+\+\+ (?:b/)?\S*(?:" + _PUBLIC_EXTENSIONS + r"|/KEYS|/known_hosts)[ \t]*$"
)
"""A patch's new file that holds public material by its name: certificates, certificate
requests, public keys, PKCS#7 chains, armoured release keys and signatures (``.asc``; an
exported secret key says private or secret in its name or armour), an Apache ``KEYS`` file,
``known_hosts``."""


def _public_file_hunk(text: str, start: int) -> bool:
    """The run is in a hunk of such a file, and nothing in the text says private: a body
    line a patch to ``client.csr`` or ``ca.crt`` adds, removes or keeps around its change."""
    says = _says(text)
    if says.private or says.secret or not says.file_header:
        return False
    ends, public = _file_headers(text)
    last = bisect_right(ends, start) - 1
    return last >= 0 and public[last]


class _Says(NamedTuple):
    private: bool
    secret: bool
    armour: bool
    file_header: bool


@lru_cache(maxsize=1)
def _says(text: str) -> _Says:
    """What the whole text says that the lone-line and hunk readings ask of every run: a
    private or secret part named, armour, a patch's ``+++`` line. Kept for the last text
    read: a scan of the text per run made a long patch quadratic."""
    return _Says("rivate" in text, "ecret" in text, "-----" in text, "+++" in text)


_FILE_HEADER = re.compile(r"(?m)^\+\+\+ .*$")


@lru_cache(maxsize=1)
def _file_headers(text: str) -> tuple[list[int], list[bool]]:
    """Where each ``+++`` line of a patch ends, and whether it names a public file. Kept for
    the last text read: every run of a long patch asks, and a search back from each was a
    pass over the text per run."""
    headers = list(_FILE_HEADER.finditer(text))
    return [h.end() for h in headers], [
        _PUBLIC_FILE.fullmatch(h.group()) is not None for h in headers
    ]


@lru_cache(maxsize=1)
def _spared_lines(text: str) -> frozenset[int]:
    """Where each line lies that a public body's first line above it covers, and every
    line of a run of full body lines one of which holds DER no private key has
    (:func:`public_der_line`): the middle of a certificate quoted without its first line
    (``sed -n 40,45p ca-bundle.pem``, a hunk's context), whose other lines are modulus or
    signature bytes a private key's look like. A run that holds a certificate's first line
    is judged by that certificate's length only: lines glued under its end are not its.

    Kept for the last text read: the entropy rule asks about every run of one text in
    turn, and one pass over the text answers them all (a walk back from each line cost a
    1,600-line base64 dump 0.3 s). In a patch each side of its hunks is read apart (the
    lines a hunk keeps and adds, then those it keeps and removes): a changed body line is
    one line of the file on each side, not two."""
    if not _has_hunk_header(text):
        return frozenset(_spared_side(text, ""))
    return frozenset(_spared_side(text, "-") | _spared_side(text, "+"))


def _spared_side(text: str, skipped: str) -> set[int]:
    """:func:`_spared_lines` over the lines that do not start with ``skipped`` (a hunk's
    other side; ``""``: every line)."""
    spared: set[int] = set()
    run = 0  # full body lines right above the current line
    pgp = False  # the first of them opens an OpenPGP public key
    cert: tuple[int, int] | None = None  # (run index, size) of the nearest certificate start
    lines: list[int] = []  # where the run's lines start
    marked = False  # one of them holds DER no private key has, and none starts a certificate
    printed = False  # the run is printed under a command that names a public file
    says = _says(text)
    quiet = not (says.private or says.secret)
    offset, above = 0, ""
    for line in text.split("\n"):
        if skipped and line.startswith(skipped) and not line.startswith(skipped * 3):
            offset += len(line) + 1
            continue  # the hunk's other side
        body = _body_line(line)
        if run and _ANY_LINE.fullmatch(body):
            if cert is not None:
                back = run - cert[0]
                if back <= _MAX_LINES and 48 * back < cert[1]:
                    spared.add(offset)
            elif pgp:
                spared.add(offset)
        if _FULL_LINE.fullmatch(body):
            if not run:
                head = _decoded(body)
                pgp = bool(_PGP_PUBLIC_KEY.match(head) or _PGP_SIGNATURE.match(head))
                printed = quiet and _PRINTS_PUBLIC_FILE.match(above) is not None
            if body.startswith("MII"):  # 30 82: a SEQUENCE of two-byte length
                head = _CERTIFICATE_START.match(_decoded(body))
                if head:
                    cert = (run, 4 + int.from_bytes(head.group(1), "big"))
            run += 1
            lines.append(offset)
            marked = cert is None and (marked or printed or public_der_line(body))
        else:
            if marked:  # the run's last, shorter line is the body's too
                spared.update(lines, [offset] if _ANY_LINE.fullmatch(body) else [])
            run, pgp, cert, lines, marked = 0, False, None, [], False
        offset += len(line) + 1
        above = line
    if marked:
        spared.update(lines)
    return spared


_PEM_LINE = re.compile(r"[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70}|[A-Za-z0-9+/]{76}")
_PEM_LAST_LINE = re.compile(r"(?=.{40,64}$)[A-Za-z0-9+/]+={1,2}")
"""A full line of a PEM body: 64 characters (OpenSSL), 70 (ssh-keygen) or 76 (MIME),
or its last line, shorter and padded."""


def pem_body_line(text: str, start: int, end: int) -> bool:
    """The run is a whole line of a PEM body, alone on its line (indented, or after a
    diff's ``+``/``-``). One in 64 lines of a private key starts with ``/``, and a path
    this long without a ``.``, ``-`` or ``_`` in it (or ending in ``=``) is rare; the
    randomness tests that follow still keep a path made of words."""
    if not (40 <= end - start <= 77):
        return False
    around = line_around(text, start, end)
    if around is None:
        return False
    line = around[1]
    bodies = (line, line[1:]) if line[:1] in ("+", "-") else (line,)
    return any(
        body in text[start:end] and (_PEM_LINE.fullmatch(body) or _PEM_LAST_LINE.fullmatch(body))
        for body in bodies
    )


def in_public_pem_block(text: str, start: int) -> bool:
    """Inside ``-----BEGIN CERTIFICATE-----`` (or ``… PUBLIC KEY-----``, ``… SIGNATURE-----``)
    and not yet ended: the nearest ``BEGIN`` line above is a public one and no ``-----END``
    follows it yet; or, the block's top cut off (a diff hunk, the tail of a signed commit),
    only armour lines lead down to a public block's ``-----END`` line."""
    opened, blocks = _pem_blocks(text)
    nearest = bisect_right(opened, start) - 1
    if nearest >= 0 and start < blocks[nearest][0]:
        return blocks[nearest][1]
    end = _PUBLIC_END.search(text, start, start + _TAIL_WINDOW)
    return end is not None and _ARMOUR_LINES.fullmatch(text, start, end.start()) is not None


_PUBLIC_PEM = ("CERTIFICATE", "PUBLIC KEY", "SIGNATURE")
"""Labels of public armour: certificates, public keys (``PGP PUBLIC KEY BLOCK`` too), and
signatures (``PGP SIGNATURE``, ``SSH SIGNATURE``, a signed commit's ``gpgsig``)."""
_PUBLIC_END = re.compile(
    r"-----END (?:[A-Z0-9 ]* )?(?:CERTIFICATE|PUBLIC KEY[A-Z ]*|SIGNATURE)-----"
)
_ARMOUR_LINES = re.compile(r"[A-Za-z0-9+/=\s]*(?:\n[ \t]*=[A-Za-z0-9+/]{4}[ \t]*)?\s*")
"""Base64 lines, and OpenPGP's ``=XXXX`` checksum line last."""
_TAIL_WINDOW = 8192
_PEM_END = re.compile("(?=-----END)")


@lru_cache(maxsize=1)
def _pem_blocks(text: str) -> tuple[list[int], list[tuple[int, bool]]]:
    """The text's PEM blocks: where each ``BEGIN`` line's label ends, and (where the first
    ``-----END`` after it ends, whether the label is public).

    Kept for the last text read: rules and readings ask about every word of one text in
    turn; a search back from each word made a 1 MB text of words cost seconds."""
    opened: list[int] = []
    blocks: list[tuple[int, bool]] = []
    ends = [m.start() for m in _PEM_END.finditer(text)] if "-----END" in text else []
    at = text.find("-----BEGIN ")
    while at >= 0:
        close = text.find("-----", at + 11)
        label = text[at + 11 : close] if close >= 0 else ""
        after = bisect_right(ends, at)
        until = ends[after] + 8 if after < len(ends) else len(text) + 1
        opened.append(at + 11)
        blocks.append((until, any(kind in label for kind in _PUBLIC_PEM)))
        at = text.find("-----BEGIN ", at + 1)
    return opened, blocks


_NEIGHBOUR_LINE = re.compile(r"[A-Za-z0-9+/_\-]{16,}={0,2}")
_PRIVATE_HEAD = re.compile(
    # PKCS#1, PKCS#8, SEC1 (a version 0 or 1); encrypted PKCS#8 (a PBES OID); OpenSSH's
    rb"\x30(?:\x82..|\x81.|[\x00-\x7f])\x02\x01[\x00\x01]"
    rb"|\x30\x82..\x30.\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x05[\x03\x0a\x0c\x0d]"
    rb"|openssh-key-v1\x00"
    rb"|(?:\x94[\x30-\xff]|\x95[\x00-\x0f].|\xc5(?:[\x30-\xbf]|[\xc0-\xcf].))[\x04\x05\x06]",
    # an OpenPGP secret key packet (tag 5) and its version
    re.DOTALL,
)
"""A private key's first bytes, in each format a first line can be read in."""


def lone_body_line(text: str, start: int, end: int) -> bool:
    """The run is one PEM body line alone: exactly 64 base64 signs with a ``+`` or a
    ``/`` (seven lines of binary in eight have one; no API key of 64 letters and digits
    does), the whole of its line (after a diff's ``+`` or ``-``), a word of a sentence or a
    command's quoted argument where nothing names a secret (:func:`_said_or_typed`),
    with no such line above or below it, no armour and no "private" in the text, and not a
    private key's first line. Cut out of its body it holds 48 bytes of something no longer
    there, a certificate's modulus or signature as often as a key's: what the issue's tester
    and ``realneg`` quote as "lines of public certificates". A run of such lines is still a
    body (a private key's hunk stays a secret), and so is its first line. A body's last line
    alone stays too when it cannot be a key of its own (:func:`_body_tail`)."""
    says = _says(text)
    if says.private or (says.armour and not _public_armour_only(text)):
        return False  # a private part named (PuTTY's "Private-Lines: 14"), or its armour
    line_start = lines.line_start(text, start, _LINE_REACH)
    whole_line = line_start == 0 or text[line_start - 1] == "\n"
    line_end = lines.line_end(text, end, _LINE_REACH)
    line = text[line_start:line_end]  # the line, or the part of a long one around the run
    token = text[start:end]
    stripped = line.strip()
    numbered = _LINE_NUMBER.match(stripped)  # grep -n's "178:", cat -n's "    6\t"
    literal = _STRING_LINE.fullmatch(stripped)  # "…\n" \ in C, "…\n", in Go or Python
    alone = (
        stripped == token
        or (stripped[:1] in ("+", "-") and stripped[1:] == token)
        or (numbered is not None and stripped[numbered.end() :] == token)
        or (literal is not None and literal[2] == token)
    )
    if not alone and not _said_or_typed(line, start - line_start, end - line_start, whole_line):
        return False
    bodies = (token, token[1:]) if token[:1] == "+" and alone else (token,)  # a diff's "+"
    if not any(_lone_line_form(body) for body in bodies):
        return False  # an API key of 64 letters and digits (TruffleHog's iconfinder, qubole)
    above, below = "", ""  # a neighbour longer than the reach is no PEM line either
    if whole_line and line_start:
        above = text[lines.line_start(text, line_start - 1, _LINE_REACH) : line_start - 1]
    if line_end < len(text) and text[line_end] == "\n":
        below = text[line_end + 1 : lines.line_end(text, line_end + 1, _LINE_REACH)]
    if any(_NEIGHBOUR_LINE.fullmatch(n.strip().lstrip("+-")) for n in (above, below)):
        return False  # a body's lines (base64 or base64url, a diff's markers)
    return not any(_PRIVATE_HEAD.match(_decoded(body)) for body in bodies)


def _public_armour_only(text: str) -> bool:
    """Every armour line of the text opens or closes a public block (a certificate, a public
    key, a signature): a line outside them is judged alone (``grep -n`` over a Go file that
    also holds ``-----BEGIN PGP PUBLIC KEY BLOCK-----``)."""
    blocks = _pem_blocks(text)[1]
    return bool(blocks) and all(public for _, public in blocks)


def _lone_line_form(body: str) -> bool:
    """64 or 76 base64 signs with a ``+`` or a ``/``, or a body's last line
    (:func:`_body_tail`)."""
    full = _FULL_OR_MIME_LINE.fullmatch(body) is not None and ("+" in body or "/" in body)
    return full or _body_tail(body)


_PRINTS_PUBLIC_FILE = re.compile(r"[ \t]*[$#>][ \t]+\S.*" + _PUBLIC_EXTENSIONS)
"""A prompt's command line that names a file public by its name: the body lines printed
right under it are that file's (``$ awk 'NR>=29 && NR<=33' release-keys/zkochan.asc``)."""
_PUBLIC_FILE_WORD = re.compile(r"\S+" + _PUBLIC_EXTENSIONS)
"""A path to a file public by its name (``.github/release-keys/zkochan.asc``): a "key" in it
names a folder of public keys, not a secret on the line."""
_LINE_NUMBER = re.compile(r"\d{1,7}[:\t-][ \t]*")
_STRING_LINE = re.compile(r"([\"'])([A-Za-z0-9+/]+={0,2})(?:\\n)?\1[ \t]*[,+;\\]?")
"""One body line as a string literal of source code, its ``\\n`` kept (an embedded
certificate: ``"MIIB…\\n" \\`` in C, ``"…\\n",`` in Go or Python)."""
_SENTENCE_WORD = re.compile(r"[A-Za-z][a-z]*[,.;:!?]?")
_NAMES_A_SECRET = re.compile(
    r"(?i)(?<!public)(?<!public[ _.\-])key|token|secret|passw|auth|credential|bearer|cookie|salt"
)
_AFTER_A_WORD = " \t.,;:!?)"
_COMMAND_LINE = re.compile(r"[ \t]*(?:[$#>][ \t]+)?[a-z][\w.\-]*[ \t]")
"""A line that starts as a command does: a lower-case program name (after a prompt)..."""
_SHELL_SIGN = re.compile(r"[ \t]--?[A-Za-z]|\||>|\$\(")
"""... and holds a flag, a pipe, a redirection or a substitution: "the line …" is prose."""


def _said_or_typed(line: str, start: int, end: int, whole_line: bool = True) -> bool:
    """The run is one word of a sentence (``The trace shows <line> twice, which is
    expected here.``: white space before it, white space or a sentence mark after it, three
    or more other words of letters on its line) or a whole argument, quoted or not, of a
    command (a line that starts with a lower-case program's name, after a prompt:
    ``grep -rnF '<line>' .``, ``grep -n '^<line>$' KEYS``, ``echo '<line>' >> ca.pem``; not
    an assertion or a sentence quoting a value), and no word on its line says key, token,
    secret, password, credential, cookie or salt. A note or a search quoting a
    certificate's line is as public as the line alone; a key said or typed is named there
    (``the signing key is …``, ``--token …``) or has a prefix the rules know. ``line`` is
    the part of a long line around the run (``whole_line`` False): no command starts there."""
    if _NAMES_A_SECRET.search(_PUBLIC_FILE_WORD.sub("", line)):
        return False
    command = (
        whole_line
        and _COMMAND_LINE.match(line) is not None
        and _SHELL_SIGN.search(line) is not None
    )
    start -= line[start - 1 : start] == "^"  # a pattern's anchors: grep '^<line>$'
    end += line[end : end + 1] == "$"
    before, after = line[start - 1 : start], line[end : end + 1]
    if before in ("'", '"') and after == before:
        whole = line[start - 2 : start - 1] in ("", " ") and line[end + 1 : end + 2] in ("", " ")
        return whole and command
    if command and before in (" ", "\t") and after in ("", " ", "\t", ";", "|"):
        return True  # an argument alone: grep -n <line> bundle.pem
    if (before and before not in " \t(") or (after and after not in _AFTER_A_WORD):
        return False
    words = line[:start].split() + line[end:].split()
    return sum(1 for w in words if _SENTENCE_WORD.fullmatch(w)) >= 3


_LINE_REACH = 400
"""How far from a run its line is read (a one-line text of many runs was read whole per run:
quadratic); a PEM line alone, or in a sentence or a command, is far shorter."""
_PADDED = re.compile(r"[A-Za-z0-9+/]{18,76}={1,2}")
_KEY_BYTES = frozenset({16, 20, 24, 32, 40, 48, 64})
"""The sizes random secrets are drawn in (``secrets.token_bytes``, ``openssl rand``, HMAC and
AES keys, Azure's 64-byte storage keys): a padded line of one of them may be a key alone."""
_RSA_EXPONENT_END = re.compile(
    r"(?:IDAQAB|AgMBAAE=?|CAwEAAQ==?|DAQAB)(?:[A-Za-z0-9+/]{0,4}={0,2})$"
)


def _body_tail(token: str) -> bool:
    """A PEM or armour body's last line: padded base64 of 20 signs or more, of binary bytes
    (base64 of text is a credential's, ``user:password``), whose byte count is no key size
    a secret is drawn in (a certificate's signature ends anywhere); or a public key's end
    with RSA's exponent 65537 (``…IDAQAB``; a private key's last line is its coefficient)."""
    if _RSA_EXPONENT_END.search(token) and len(token) >= 16:
        return True
    if not _PADDED.fullmatch(token) or len(token) % 4:
        return False
    raw = _decoded(token)
    if sum(32 <= b < 127 for b in raw) >= 0.75 * len(raw):
        return False  # base64 of text (user:password, a sentence): DER's bytes are binary
    size = len(token) * 3 // 4 - (len(token) - len(token.rstrip("=")))
    return size not in _KEY_BYTES
