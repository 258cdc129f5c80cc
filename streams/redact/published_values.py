"""Values made to be published whole, which look like keys: a ciphertext sealed for one
holder (a SealedSecret's), a protocol's public key as its tool prints it (a WireGuard peer's,
a WebAuthn credential's), a key made to ship in an app (Supabase's anon key), a model pinned
to its version's digest, an editor's encoded state. Read by
:func:`.public_material.public_material` (every public-material check) and, where a
secret's name stands before the value, by the assignment reading (:func:`sealed_secret`)
and the ``jwt`` rule (:func:`publishable_jwt`). Each was a false positive of a blind set
(fresh29, fresh31, negcarried4, negcarried5)."""

from __future__ import annotations

import json
import re

from . import lines
from .base64_text import decoded_base64

_JWT = re.compile(r"eyJ[A-Za-z0-9_\-]+\.eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+")


def publishable_jwt(token: str) -> bool:
    """Supabase's anon key: a JWT whose claims say ``"role": "anon"`` and ``"iss":
    "supabase"``, made to ship in a web page or an app as a publishable key is (fresh31);
    its ``service_role`` twin is a secret."""
    if not _JWT.fullmatch(token):
        return False
    raw = decoded_base64(token.split(".")[1])
    try:
        claims = json.loads(raw) if raw is not None else None
    except ValueError:
        return False
    return (
        isinstance(claims, dict)
        and claims.get("role") == "anon"
        and claims.get("iss") in ("supabase", "supabase-demo")  # the local CLI's, fresh54
    )


_REACH = 2048
_NOT_BASE64URL = re.compile(r"[^A-Za-z0-9_\-]")
_NOT_BASE64 = re.compile(r"[^A-Za-z0-9+/=]")
_NOT_IN_A_JWT = re.compile(r"[^A-Za-z0-9_\-.]")
"""Searched between two known places: each test is linear (a backward regex search from a
run was quadratic on a long line)."""


_SOPS = re.compile(r"ENC\[(?:AES256_GCM|AES_GCM|PGP|AGE|KMS)[,\]]")


def inside_published_value(text: str, start: int) -> bool:
    """The run lies in a value made to be published whole: Mermaid Live's
    ``pako:<base64url of deflated JSON>`` state (a diagram's source in a link), a
    :func:`publishable_jwt` (each of a JWT's parts is a run of its own), a value SOPS
    encrypted (its data, IV and tag: fresh50's Helm and dotenv files), dotenvx's
    (:func:`dotenvx_ciphertext`), or a Firebase app's id's hex (:data:`_FIREBASE_APP_ID`)."""
    if _FIREBASE_APP_HEAD.search(text, max(0, start - 32), start):
        return True
    if text.endswith(_DOTENVX_PREFIX, max(0, start - 10), start):
        stop = _NOT_BASE64.search(text, start)
        return dotenvx_ciphertext(text[start : stop.start() if stop else len(text)])
    lo = max(0, start - _REACH)
    at = text.rfind("ENC[", lo, start)
    if at >= 0 and _SOPS.match(text, at) and "]" not in text[at:start]:
        return True  # SOPS: ENC[AES256_GCM,data:…,iv:…,tag:…,type:str] is ciphertext
    at = text.rfind("pako:", lo, start)
    if at >= 0 and _NOT_BASE64URL.search(text, at + 5, start) is None:
        return True
    at = text.rfind("eyJ", lo, start + 3)
    if at < 0 or _NOT_IN_A_JWT.search(text, at, start) is not None:
        return False
    previous = text.rfind("eyJ", lo, at)  # the header's, when ``at`` opens the claims
    if previous >= 0 and _NOT_IN_A_JWT.search(text, previous, at) is None:
        at = previous
    m = _JWT.match(text, at)
    return m is not None and m.end() > start and publishable_jwt(m.group())


_EC_POINT_SIZES = frozenset({65, 97, 133})
"""An uncompressed point on P-256, P-384 or P-521: ``0x04``, then x and y."""
_COSE_PUBLIC_HEADS = (b"\xa5\x01\x02\x03", b"\xa4\x01\x01\x03", b"\xa4\x01\x03\x03")
"""A COSE key map (RFC 9052) of an EC2 (five members: kty, alg, crv, x, y), OKP (four) or
RSA (four: kty, alg, n, e) public key, its ``kty`` first; a private one holds ``d`` as well,
one member more."""


def public_point_or_cose_key(token: str) -> bool:
    """Base64 of a public key as WebAuthn and U2F hand it over: an uncompressed EC point or
    a COSE key map (negcarried4's credential keys). A random key of those 65, 97 or 133
    bytes opens with ``0x04`` once in 256; the COSE heads are four fixed bytes."""
    raw = decoded_base64(token.rstrip("="))
    if raw is None:
        return False
    return (len(raw) in _EC_POINT_SIZES and raw[0] == 4) or raw.startswith(_COSE_PUBLIC_HEADS)


_WG_KEY = re.compile(r"[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=")
"""A Curve25519 key in base64: 32 bytes are 43 signs and ``=``, the last sign's two low
bits zero (``A``, ``E``, ``I``, … ``w``, ``0``, ``4``, ``8``)."""
_WG_PEER = re.compile(r"(?i)(?<![\w-])peer:?[ \t]+$")
_WG_SECRET = re.compile(r"(?i)private|secret|preshared|psk")
_WG_PEER_FIELDS = re.compile(r"\t(?:\(none\)|[0-9]|[0-9a-f]{0,4}:)")
"""What ``wg show <if> dump|allowed-ips|endpoints|latest-handshakes`` prints after a peer's
key: ``(none)`` for no preshared key, an address, a time or a count; after the interface's
private key comes its public key instead."""


def wireguard_peer_key(token: str, text: str, start: int, end: int) -> bool:
    """A WireGuard peer's public key as ``wg show`` prints it (``peer: <key>``, a ``dump``
    line opening with it) or as a note names it (``the peer <key> shows no endpoint``):
    negcarried4's ``wg show`` sessions. The interface's private key opens its dump line
    too, followed by the public key, and stays a finding."""
    if not _WG_KEY.fullmatch(token):
        return False
    line_start = lines.line_start(text, start, lines.NAME_REACH)
    if _WG_SECRET.search(text[line_start : lines.line_end(text, end, lines.NAME_REACH)]):
        return False  # "peer: <key>  # my private key", a PresharedKey line
    if _WG_PEER.search(text, line_start, start):
        return True
    at_line_start = start == 0 or text[start - 1] == "\n"
    return at_line_start and _WG_PEER_FIELDS.match(text, end) is not None


_MODEL_VERSION = re.compile(r"[A-Za-z0-9][\w.\-]*/[\w.\-]+:[0-9a-f]{64}(?![0-9A-Za-z])")
"""A model pinned to its version (``replicate.run("a16z-infra/llama13b-v2-chat:df76…")``):
the version is the digest of a published model, as an image's ``@sha256:`` is (fresh31)."""


def pinned_model_version(text: str, start: int) -> bool:
    """The run lies in ``<owner>/<model>:<64 hex>`` (searched between the ``/`` and ``:``
    around it: a few hundred signs whatever the text's length)."""
    colon = text.find(":", start, start + 120)
    slash = text.rfind("/", max(0, start - 120), colon) if colon >= 0 else -1
    if slash < 0:
        return False
    lo = max(0, slash - 100)
    return any(m.start() <= start < m.end() for m in _MODEL_VERSION.finditer(text, lo, colon + 66))


_PULUMI_SEALED = re.compile(r"(?:secure|encryptionsalt):[ \t]*(?:v1:[A-Za-z0-9+/=]{8,24}:)+$")


def pulumi_ciphertext(text: str, start: int) -> bool:
    """The run ends a Pulumi stack file's ``secure: v1:<nonce>:<ciphertext>`` or its
    ``encryptionsalt: v1:<salt>:v1:<nonce>:<ciphertext>`` (fresh58): sealed by the stack's
    passphrase or key service and made to be committed, like SOPS's ``ENC[…]``."""
    return _PULUMI_SEALED.search(text, max(0, start - 80), start) is not None


_SOPS_OPENER = "ENC[AES256_GCM,"
_SOPS_REACH = 8192


def sops_ciphertext(text: str, start: int) -> bool:
    """The run is a field of SOPS's ``ENC[AES256_GCM,data:…,iv:…,tag:…,type:str]`` (its
    ciphertext, nonce or tag: fresh167's encrypted service-account key), sealed by the
    file's key service and made to be committed; the value opening with ``ENC[`` is read as
    one by the assignment rules already, the runs inside it by the entropy rule here."""
    if not start or text[start - 1] != ":":
        return False
    opener = text.rfind(_SOPS_OPENER, max(0, start - _SOPS_REACH), start)
    return opener >= 0 and "]" not in text[opener:start]


_SEALED = re.compile(r"A[gQ][A-Za-z0-9+/]{360,}={0,2}")
_DOTENVX_BODY = re.compile(r"B[A-Za-z0-9+/]{128,}={0,2}")
_DOTENVX_PREFIX = "encrypted:"


def dotenvx_ciphertext(body: str) -> bool:
    """dotenvx's encrypted value after its ``encrypted:`` prefix (``API_KEY=encrypted:BDTs…``,
    fresh97): ECIES on secp256k1, so base64 of an uncompressed ephemeral public key (65 bytes,
    ``0x04`` first), a nonce, a tag and the ciphertext; only the ``.env.keys`` private key opens
    it, and the file is made to be committed."""
    if not _DOTENVX_BODY.fullmatch(body):
        return False
    raw = decoded_base64(body.rstrip("="))
    return raw is not None and raw[:1] == b"\x04" and len(raw) > 65 + 32


_OPENSSL_SALTED = re.compile(r"U2FsdGVkX1[A-Za-z0-9+/]{22,}={0,2}")
"""Base64 of ``Salted__``, an 8-byte salt and the ciphertext: what ``openssl enc -a`` and
CryptoJS's AES print. Its key (a passphrase) is kept elsewhere."""


def sealed_secret(value: str) -> bool:
    """A Bitnami SealedSecret's ciphertext (``encryptedData: {password: AgBdmZ…}``): the
    session key's RSA length (two bytes, 256 or 512), that ciphertext, then AES-GCM's (the
    value and a 16-byte tag, no nonce: the session key is used once); only the cluster's
    controller can open it, and it is made to be committed. Or dotenvx's
    (:func:`dotenvx_ciphertext`), or OpenSSL's salted ciphertext (:data:`_OPENSSL_SALTED`)."""
    if value.startswith(_DOTENVX_PREFIX):
        return dotenvx_ciphertext(value[len(_DOTENVX_PREFIX) :])
    if _OPENSSL_SALTED.fullmatch(value):
        return True  # openssl enc -a's and CryptoJS's "Salted__", salt, ciphertext (fresh147)
    if not _SEALED.fullmatch(value):
        return False
    raw = decoded_base64(value.rstrip("="))
    return (
        raw is not None
        and raw[:2] in (b"\x01\x00", b"\x02\x00")
        and (len(raw) > int.from_bytes(raw[:2], "big") + 2 + 16)
    )


_GOOGLE_CLIENT_ID = re.compile(r"[0-9]{6,}-[a-z0-9]{32}\.apps\.googleusercontent\.com")
_INSTALLED_APP_SECRETS = frozenset({"ZmssLNjJy2998hD4CTg2ejr2", "d-FL95Q19q7MQmFpd7hHD0Ty"})
"""The OAuth client secrets the Google Cloud SDK ships in its source (``gcloud``'s and its
application-default login's): an installed app cannot keep one, so Google publishes them;
``~/.boto`` and ``application_default_credentials.json`` copy them (fresh33)."""


_FIREBASE_APP_PREFIX = r"[0-9]:[0-9]{6,15}:(?:android|ios|web):"
_FIREBASE_APP_ID = re.compile(_FIREBASE_APP_PREFIX + r"[0-9a-f]{10,40}")
"""A Firebase app's id (``1:<project number>:android:<hex>``): in every app's
``google-services.json`` and web config, whatever variable a CI file puts it in
(``FIREBASE_APP_DISTRIBUTION_KEY="1:8295…:android:4d2a…"``: fresh92)."""


_FIREBASE_APP_HEAD = re.compile(r"(?<![0-9])" + _FIREBASE_APP_PREFIX + "$")
"""The same id's head, right before its hex run (which the token rules see alone)."""


def published_client(value: str) -> bool:
    """A Google OAuth client's id (public, whatever field it is put in: rclone's
    ``client_secret = <id>.apps.googleusercontent.com``), a client secret Google publishes
    for an installed app, or a Firebase app's id."""
    return (
        value in _INSTALLED_APP_SECRETS
        or _GOOGLE_CLIENT_ID.fullmatch(value) is not None
        or _FIREBASE_APP_ID.fullmatch(value) is not None
    )
