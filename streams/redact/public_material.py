"""Key-shaped runs that are public by their form or by what holds them: addresses, peer ids
and signatures of documented formats, values assigned to a name that says "public", DNSSEC
and DKIM records, SAML's ``<X509Certificate>`` element, hashed ``known_hosts`` entries and
GPG fingerprints.

The entropy rule and the context rules take a random run near a secret word (``key``,
``token``); each reading here says why a run of that shape is published on purpose. They
came from ``encneg``'s first run (real public keys, signatures and ids of 51 repositories:
107 of 442 altered), each form read in its own specification, never from the corpus rows
alone. A name or a record that says "private", "secret" or "password" is never public.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re

from . import lines
from .base64_text import decoded_base64
from .ids import analytics_id, client_side_key, in_dotted_client_key, stellar_account
from .public_der import whole_public_der
from .published_values import (
    inside_published_value,
    pinned_model_version,
    public_point_or_cose_key,
    publishable_jwt,
    published_client,
    pulumi_ciphertext,
    sealed_secret,
    sops_ciphertext,
    wireguard_peer_key,
)

_RECORD_REACH = 1024
"""How far from a run its line is read for a record's words (``IN OPENPGPKEY <a whole key>``)."""
_DIGEST_REACH = 240
"""How far from a run its line, and the end of the line above, are read for a digest's name
(``<pin digest="SHA-256">``, ``openssl dgst -sha256 | base64`` above its output)."""


_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_RUN = re.compile(rf"[{_BASE58}]{{25,35}}")
_ADDRESS_VERSIONS = frozenset({0x00, 0x05, 0x6F, 0xC4, 0x30, 0x32, 0x1E, 0x16})
"""Base58Check version bytes of pay-to addresses (Bitcoin main and test net, Litecoin,
Dogecoin). A WIF private key's version (0x80, 0xEF) is not among them."""
_PEER_ID = re.compile(
    r"12D3KooW[1-9A-HJ-NP-Za-km-z]{44}|16Uiu2HAm[1-9A-HJ-NP-Za-km-z]{44}|k51qzi5uqu5[0-9a-z]{49,52}"
)
"""A libp2p peer id: the base58 multihash of an Ed25519 (``12D3KooW…``) or secp256k1
(``16Uiu2HAm…``) public key, which a node prints and announces, or the same Ed25519 key as a
base36 CID (``k51qzi5uqu5…``, IPNS names)."""
_POD_NAME = re.compile(
    r"[a-z0-9](?:[a-z0-9\-]*[a-z0-9])?-[bcdfghjklmnpqrstvwxz2456789]{6,10}"
    r"-[bcdfghjklmnpqrstvwxz2456789]{5}"
)
"""A Kubernetes pod a Deployment made: its name, the ReplicaSet's template hash and five
signs, both drawn from Kubernetes' alphabet without vowels (``web-5c6766865c-nc5lr``)."""
_MINISIGN = re.compile(r"R[UW][A-Za-z0-9+/]{54}|R[UW][A-Za-z0-9+/]{97}=")
_TYPEID = re.compile(r"(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}")
"""A TypeID (``prefix_01h455vb4pex5vsknk084sn02q``) or a lower-case ULID: Crockford base32
of a UUIDv7 or a ULID, whose first 48 bits are milliseconds since 1970."""
_ULID_EPOCH_MS = (1_420_070_400_000, 2_208_988_800_000)
"""2015-01-01 to 2040-01-01: a random 26-character run lands there once in 300."""
_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"


def public_form(token: str) -> bool:
    """A pay-to address with a valid Base58Check checksum or a bech32/bech32m one (BIP
    173/350), a libp2p peer id, a Kubernetes pod name, a GitHub node id, an SSH public key's
    blob (its length-prefixed key type), a minisign public key or signature (base64 of
    ``Ed``/``ED`` and a key id: 42 or 74 bytes; a secret key file is 158), a whole public key
    or certificate in DER, an Ethereum address (fresh37's token contracts), or a TypeID or
    ULID of a plausible time."""
    if _PEER_ID.fullmatch(token) or _POD_NAME.fullmatch(token) or _GITHUB_NODE_ID.fullmatch(token):
        return True
    if token.startswith("eyJ") and publishable_jwt(token):
        return True  # Supabase's anon key
    if _BOLT12.fullmatch(token):
        return True  # a Lightning offer, invoice request or invoice: published to be paid
    if _RAY_ID.fullmatch(token) or (_CUID.fullmatch(token) and _plausible_cuid_time(token)):
        return True  # a Cloudflare ray id (16 hex and the edge's airport), a cuid
    if _BECH32.fullmatch(token) and _bech32_checksum(token.lower()):
        # a SegWit or Taproot address (BIP 173/350), a Nostr link: a checksum no random key
        # carries; but Nostr's nsec1… is a private key with the same checksum
        return not _SECRET_HRP.search(token.rpartition("1")[0].lower())
    if token.startswith("AAAA") and _ssh_public_blob(token):
        return True  # an SSH public key's blob said alone (known_hosts, authorized_keys)
    if len(token) >= 40 and whole_public_der(token):
        return True  # a whole public key or certificate in DER (DKIM's p=, a JWK's x5c)
    if len(token) >= 40 and public_point_or_cose_key(token):
        return True  # a WebAuthn credential's public key, raw or in COSE
    if _BASE58_RUN.fullmatch(token) and _base58check_address(token):
        return True
    if _EVM_ADDRESS.fullmatch(token):
        return True  # an Ethereum address: 20 bytes of a public key's hash (a key is 32)
    if _EOSIO_PUBLIC.fullmatch(token) and _compressed_point(token[-50:]):
        return True  # an EOSIO chain's public key (EOS…, EveriToken's EVT…: fresh52)
    if _MINISIGN.fullmatch(token):
        try:
            raw = base64.b64decode(token, validate=True)
        except (binascii.Error, ValueError):
            return False
        return len(raw) in (42, 74) and raw[:2] in (b"Ed", b"ED")
    return bool(_TYPEID.fullmatch(token)) and _plausible_ulid_time(token[-26:])


_EVM_ADDRESS = re.compile(r"0x[0-9a-fA-F]{40}")
_EOSIO_PUBLIC = re.compile(r"(?:EOS|EVT|FIO|TLOS|WAX|PUB_K1_)[1-9A-HJ-NP-Za-km-z]{50}")
"""A public key of EOSIO's chains: a prefix and base58 of a compressed secp256k1 point and
a 4-byte checksum (37 bytes). Their private keys are WIF (``5…``) or ``PVT_K1_…``."""
_BOLT12 = re.compile(r"ln[oir]1[02-9ac-hj-np-z]{40,}")
"""BOLT 12's offers (``lno1…``), invoice requests and invoices: bech32's letters without
its checksum (negcarried5)."""
_RAY_ID = re.compile(r"[0-9a-f]{16}-[A-Z]{3}")
_CUID = re.compile(r"c[a-z0-9]{24}")
_CUID_EPOCH = (1_262_304_000_000, 4_102_444_800_000)
"""2010 to 2100 in milliseconds: a cuid's first block after its ``c`` is the time, base 36."""


def _plausible_cuid_time(token: str) -> bool:
    """A cuid (``c`` + 8 base-36 signs of milliseconds + counter, fingerprint, random) whose
    time is between 2010 and 2100 and with digits among its signs (base 36 draws them; a
    word such as ``correcthorsebatterystaple`` has none): a run of that form alone rarely."""
    digits = sum(ch.isdigit() for ch in token)
    return digits >= 2 and _CUID_EPOCH[0] <= int(token[1:9], 36) <= _CUID_EPOCH[1]


_GITHUB_NODE_ID = re.compile(r"[A-Z][A-Za-z]{0,3}_k[wgA-Z]DO[A-Za-z0-9_\-]{6,}")
"""GitHub's GraphQL node ids (``C_kwDO…``, ``PR_kwDO…``, ``R_kgDO…``): a type prefix and
base64url of MessagePack, the object's public id."""
_BECH32 = re.compile(
    r"[a-z][a-z0-9]{0,19}1[02-9ac-hj-np-z]{6,900}|[A-Z][A-Z0-9]{0,19}1[02-9AC-HJ-NP-Z]{6,900}"
)
"""A bech32 string: BIP 173 caps addresses at 90 signs, NIP-19's ``naddr``/``nevent``/
``nprofile`` links and Lightning invoices run longer under the same checksum; the prefix
ends at the last ``1`` and may hold digits (``age1yubikey1…``, an age plugin's recipient)."""
_SECRET_HRP = re.compile(r"sec|sk|priv")
"""A bech32 prefix that says the data is a secret: Nostr's ``nsec`` and ``ncryptsec``."""
_BECH32_CHARS = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _bech32_checksum(address: str) -> bool:
    """BIP 173's (bech32) or BIP 350's (bech32m) checksum holds over the address."""
    hrp, _, data = address.rpartition("1")
    values = [ord(c) >> 5 for c in hrp] + [0] + [ord(c) & 31 for c in hrp]
    values += [_BECH32_CHARS.index(c) for c in data]
    check = 1
    for v in values:
        top = check >> 25
        check = (check & 0x1FFFFFF) << 5 ^ v
        for i, g in enumerate((0x3B6A57B2, 0x26508E6D, 0x1EA119FA, 0x3D4233DD, 0x2A1462B3)):
            check ^= g if (top >> i) & 1 else 0
    return check in (1, 0x2BC830A3)


_SSH_BLOB_TYPES = (b"ssh-", b"ecdsa-", b"sk-")


def _ssh_public_blob(token: str) -> bool:
    """Base64 of an SSH public key: a length-prefixed key type first (``ssh-ed25519``)."""
    try:
        raw = base64.b64decode(token + "=" * (-len(token) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    size = int.from_bytes(raw[:4], "big")
    return 7 <= size <= 40 and raw[4 : 4 + size].startswith(_SSH_BLOB_TYPES)


_KSUID = re.compile(r"[0-9A-Za-z]{27}")
_BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_KSUID_EPOCH = 1_400_000_000
_KSUID_WORD = re.compile(r"(?i)ksuid")


def ksuid(token: str, text: str, start: int) -> bool:
    """A KSUID (27 base62 signs: 4 bytes of seconds since 2014-05-13 and 16 random) of a
    plausible time, where the text says "ksuid": one random run in ten fits the form alone."""
    if (
        not _KSUID.fullmatch(token)
        or _KSUID_WORD.search(text, max(0, start - _WINDOW), start + _WINDOW) is None
    ):
        return False
    number = 0
    for char in token:
        number = number * 62 + _BASE62.index(char)
    seconds = (number >> 128) + _KSUID_EPOCH
    return number < 1 << 160 and 1_420_070_400 <= seconds <= 2_208_988_800


def _base58_number(run: str) -> int:
    number = 0
    for char in run:
        number = number * 58 + _BASE58.index(char)
    return number


def _base58check_address(token: str) -> bool:
    number = _base58_number(token)
    raw = number.to_bytes(25, "big") if number < 1 << 200 else b""
    if len(raw) != 25 or raw[0] not in _ADDRESS_VERSIONS:
        return False
    return hashlib.sha256(hashlib.sha256(raw[:21]).digest()).digest()[:4] == raw[21:]


def _compressed_point(run: str) -> bool:
    """Base58 of 37 bytes whose first says a compressed point (2 or 3)."""
    number = _base58_number(run)
    return number < 1 << 296 and number >> 288 in (2, 3)


def _plausible_ulid_time(run: str) -> bool:
    millis = 0
    for char in run[:10]:
        millis = millis * 32 + _CROCKFORD.index(char)
    return _ULID_EPOCH_MS[0] <= millis <= _ULID_EPOCH_MS[1]


_PUBLIC_NAME = re.compile(
    r"(?<![\w.\-/])(\w*(?:[Pp]ublic|PUBLIC|(?:(?<![A-Za-z])(?:[Pp]ub|PUB)|(?<=[a-z0-9])Pub)_?"
    r"(?:[Kk]ey|KEY))\w*)[\"']?\]?"
    r"[ \t]*(?:,[ \t]*_[ \t]*)?(?::=|=>|=|:)"
)
"""A name holding "public" (or "pubkey" as a word of its own) that is assigned (``PublicKey =
``, ``their_public =``, ``ourPublic, _ :=``, ``PublicKeyToken=``); not a host or a path
(``public-api.example.com``), not a sentence ("the public key X") and not a service's
publishable key (``lobpubKey``, ``LOBPUB_KEY``): scanners' rules take those, and the corpora
label them."""
_MATRIX_DEVICE_KEY = re.compile(
    r"[\"'`](?:signed_)?(?:curve25519|ed25519):[A-Za-z0-9_\-+/]{1,64}[\"'`][ \t]*:[ \t]*[\"']?$"
)
"""A Matrix device's published key or signature, named by its algorithm and the device
(``"curve25519:JLAFKJWSCS": "…"``, ``"ed25519:JLAFKJWSCS": "…"``): what ``/keys/upload``
publishes for every other device to read (negcarried5)."""
_SITE_KEY_NAME = re.compile(
    r"(?i)(?:(?:site|search[_\-]?only[_\-]?(?:api[_\-]?)?)[_.\-]?key"
    r"|storefront[_.\-]?(?:api[_.\-]?)?(?:access[_.\-]?)?token)[\"')\]]*[ \t]*"
    r"(?::=|=>|=|:|\?:|\?\?|\|\||,)[ \t]*[\"'`]?$"
    r"|//dapi\.kakao\.com/v2/maps/sdk\.js\?(?:[\w=]*&)*appkey=$"
)
"""reCAPTCHA's, hCaptcha's and Turnstile's ``site_key``/``siteKey`` (fresh38, fresh39), or
its variable's fallback (``getenv('RECAPTCHA_SITEKEY') ?: '…'``): served in every page that
shows the widget. And a search service's search-only key (Algolia's and Typesense's
``search_only_api_key``: made for the page's search box, fresh97), a Shopify storefront's
public access token and the JavaScript key Kakao's map script loads with (fresh104,
fresh102)."""
_PUSHER_KEY_NAME = re.compile(
    r"(?i)pusher[_.\-]?app[_.\-]?key[\"')\]]*[ \t]*(?::=|=>|=|:|\?:|\?\?|\|\||,)[ \t]*[\"'`]?$"
)
"""Pusher's app key (``PUSHER_APP_KEY=``, ``VITE_PUSHER_APP_KEY``, ``pusherAppKey:``): what
every browser that subscribes sends; the app's secret is its other half (fresh65). Not a
bare ``PUSHER_KEY``, which people also give the secret."""
_BUNDLER_PREFIX = re.compile(r"^(?:NEXT|EXPO|NUXT)_PUBLIC_")
"""The prefix Next.js, Expo and Nuxt give a variable they build into the browser's
bundle (``NEXT_PUBLIC_TOM_TOM_KEY``): it says where the value goes, not that it is a public
half; the rest of the name decides (fresh87, fresh88: map and game-server keys so named)."""
_STILL_PUBLIC = re.compile(r"[Pp]ublic|PUBLIC|[Pp]ub_?[Kk]ey|PUB_?KEY|(?<=[a-z0-9])Pub")
_SECRET_WORD = re.compile(r"(?i)priv|secret|passw|seed|preshared|\bpsk\b")
_SECRET_IN_NAME = re.compile(r"(?i)priv|secret|passw|seed|preshared|psk|token|auth|api")
_CONTINUED = re.compile(r"[ \t\"'+,(]*")
_COMMENT_AFTER = re.compile(r"[\"'`,;)]*[ \t]*(?:--|#|//|;)[ \t]*public key", re.IGNORECASE)


def under_public_name(text: str, start: int, end: int) -> bool:
    """The run's line assigns it to a public name (``PublicKey = …``, ``their_public =
    b64decode('…')``, .NET's ``PublicKeyToken=…``, a ``PublicKey=" +`` line it continues) or
    says so in a comment after it (``"…" -- public key``); no name there says token, auth or
    api (``flutterwavePubKey_api_token = "FLWSECK_…"`` holds a secret key), and nothing on
    the line says private or secret."""
    line_start = lines.line_start(text, start, lines.NAME_REACH)
    before = text[line_start:start]
    if _CONTINUED.fullmatch(before) and line_start > 0 and text[line_start - 1] == "\n":
        before = text[lines.line_start(text, line_start - 1, lines.NAME_REACH) : line_start - 1]
    after = text[end : lines.line_end(text, end, lines.NAME_REACH)]
    if _SECRET_WORD.search(before + after):
        return False
    if _COMMENT_AFTER.match(after) or _MATRIX_DEVICE_KEY.search(before):
        return True
    if _SITE_KEY_NAME.search(before) or _PUSHER_KEY_NAME.search(before):
        return True  # a CAPTCHA's site key, Pusher's app key: the page's half of a pair
    return any(
        (name.group(1) == "PublicKeyToken" or not _SECRET_IN_NAME.search(name.group(1)))
        and _STILL_PUBLIC.search(_BUNDLER_PREFIX.sub("", name.group(1)))
        for name in _PUBLIC_NAME.finditer(before)
    )


_DNS_RECORD = re.compile(
    r"\bIN[ \t]+(?:DNSKEY|CDNSKEY|RRSIG|SIG|KEY|DS|CDS|TLSA|SSHFP|NSEC3|IPSECKEY|OPENPGPKEY)\b"
    r"|\b(?:DNSKEY|CDNSKEY|RRSIG|DS)[ \t]+\d+[ \t]+\d+[ \t]+\d+"
)
"""A zone file's DNSSEC or key record (``example.com. 3600 IN DNSKEY 257 3 8 …``), or a
trust anchor written without its class (``DNSKEY 257 3 5 …``): keys and signatures a
zone publishes."""
_LOCK_ENTRY = re.compile(r"\{:hex,[ \t]*:[\w]+,[ \t]*\"[^\"]+\",[ \t]*\"[0-9a-f]{64}\"")
"""A ``mix.lock`` entry (``{:hex, :name, "1.4.2", "<sha256>", …, "hexpm", "<sha256>"}``): both
hashes are the package's checksums."""
_DKIM = re.compile(r"v=DKIM1|\._domainkey\b")
_X509_OPEN = re.compile(r"<(?:[\w\-]+:)?X509Certificate>")
_X509_CLOSE = re.compile(r"</(?:[\w\-]+:)?X509Certificate>")
_BASE64_BETWEEN = re.compile(r"[A-Za-z0-9+/=\s]*")
_HASHED_HOST = re.compile(r"\|1\|(?:[A-Za-z0-9+/]{27}=\|)?$")
_FINGERPRINT_LABEL = re.compile(
    r"(?i)gpg|pgp|fingerprint|key[_ \-]?id|signing[_ ]key|recv-keys|keyserver"
)
_FINGERPRINT = re.compile(r"[0-9A-F]{40}|[0-9a-f]{40}|[0-9A-F]{16}")
_WINDOW = 600


_PINNED_REF = re.compile(r"[\w.\-]+/[\w.\-]+@$")
_COMMIT = re.compile(r"[0-9a-f]{40}")
"""``owner/repo@`` before a commit: a pinned action or package (``actions/x-token@<sha>``)."""
_COMMIT_VERB = re.compile(
    r"(?i)(?:revert(?:s|ed|ing)?|cherry-pick(?:s|ed|ing)?|commit|(?:introduced|fixed|landed)"
    r"[ \t]+in|(?:seen|found|leaked|pushed|added|removed|[\w\-]\.[a-z]{1,5})[ \t]+at)[ \t]+$"
)
"""What a commit is done to or named by ("reverting <sha>", "introduced in <sha>"), or where
a file was when a scanner saw it ("found it in README.md at <sha>", "seen at <sha>")."""
_LISTED_COMMIT = re.compile(r"[ \t]+\d{4}-\d{2}-\d{2}\b")
"""``git log --format='%H %ad %s' --date=short``: a line that opens with a commit and its
date."""
_AWS_SCOPE = re.compile(r"\d{8}/[a-z0-9\-]+/[a-z0-9\-]+/aws4_request")
_AFTER_SCOPE = re.compile(r"/aws4_request[ \t]*\n[ \t]*$")
"""A SigV4 string to sign: its credential scope, then the canonical request's SHA-256."""
_REQUEST_ID_LABEL = re.compile(
    r"(?i)(?:host-?id|x-amz-id-2|request[-_]?id)[\"']?[ \t]*[:=][ \t]*[\"']?$"
)
_ENCRYPTED_LABEL = re.compile(
    r"(?:(?:^|[ \t\-])secure:[ \t]*[\"']?|(?<![A-Za-z])ENC\((?:[0-9]+:)?"
    r"|(?<![\w:])vault:v[0-9]{1,3}:)$",
    re.MULTILINE,
)
"""Travis' and AppVeyor's ``secure: <ciphertext>``: encrypted with the repository's public
key to be committed; only the CI service can read it. Jasypt's ``ENC(<ciphertext>)`` (with
a key size, ``ENC(2048:…)``, as leaktk writes it): the property's key is elsewhere. Vault's
transit engine's ciphertexts and HMACs (``vault:v1:…``): only Vault holds their key."""
_GIT_RANGE_LINE = re.compile(r"[ \t+*!-]*[0-9a-f]{7,40}\.\.\.?[0-9a-f]{7,40}[ \t]")
"""``git push``'s ref update line (``8ef67ff..4c90e76  <sha> -> master``): commits."""
_HOST_AFTER = re.compile(r"\*?\.(?:[a-z0-9\-]+\.)*[a-z0-9\-]+\.[a-z]{2,24}\b")
"""A host name's first label (``sandbox6756….mailgun.org``): a name in DNS, no credential."""
_GMAIL_ID = re.compile(r"[ \t]+-[ \t]+gsmtp\b")


_TAILSCALE_PUBLIC = ("nodekey:", "discokey:", "mkey:", "nlpub:")
"""Tailscale's public key prefixes; its private ones are ``privkey:``, ``nlpriv:``."""
_MIME_WORD = re.compile(r"=\?[\w\-]+\?[BbQq]\?$")
"""An RFC 2047 encoded word's opening (``=?UTF-8?B?``): a mail header's text, encoded."""
_NIX_KEY_NAME = re.compile(r"[\w.\-]+-\d+:$")
_NIX_KEY = re.compile(r"[\w.\-]+-\d+:([A-Za-z0-9+/]{43}=)")
_PLIST_PUBLIC_KEY = re.compile(r"<key>\w*Public\w*</key>[\s+]*<string>$")
"""A property list's value whose ``<key>`` names it public (Sparkle's ``SUPublicEDKey``)."""


def _nix_public_key(token: str, text: str, start: int) -> bool:
    """A Nix signing key's public half, ``<name>-<n>:<base64>``: 32 bytes (an Ed25519
    public key); the secret half, written the same way, is 64 bytes."""
    named = _NIX_KEY.fullmatch(token)  # the name and the key as one word
    if named is not None:
        token = named.group(1)
    elif not _NIX_KEY_NAME.search(text, max(0, start - 80), start) or len(token) != 44:
        return False
    try:
        return len(base64.b64decode(token, validate=True)) == 32
    except (binascii.Error, ValueError):
        return False


def in_public_record(token: str, text: str, start: int, end: int) -> bool:
    """The run is held by a record that publishes it: a DNSSEC record (on its line, or in
    its parenthesised continuation), a DKIM record (``v=DKIM1; k=rsa; p=…``), SAML
    metadata's ``<X509Certificate>`` element, a hashed ``known_hosts`` name
    (``|1|salt|hash``), a GPG fingerprint or key id on a line that names one, a SigV4
    credential scope or canonical request hash, a request id after its label, a commit an
    ``owner/repo@`` pins or ``git push`` prints, a CI service's ``secure:`` ciphertext, a
    host name's first label, DNSSEC material on a line that names DNSSEC, a public key's
    number after "modulus", "coordinate" or a jq test of a JWK member, or a digest its line
    names (:func:`_named_digest`), a Nix signing key's public half, a property list's value
    its key names public, a Tailscale public key, an RFC 2047 encoded word."""
    line_start = lines.line_start(text, start, _RECORD_REACH)
    line = text[line_start : lines.line_end(text, end, _RECORD_REACH)]
    window = text[max(0, start - _WINDOW) : start]
    if _DNS_RECORD.search(line) or _open_dns_record(window) or _LOCK_ENTRY.search(line):
        return True
    if _DKIM.search(window) and _SECRET_WORD.search(window) is None:
        return True
    if _HASHED_HOST.search(text, max(0, start - 32), start):
        return True
    if _AWS_SCOPE.fullmatch(token) or _AFTER_SCOPE.search(text, max(0, start - 32), start):
        return True
    if _REQUEST_ID_LABEL.search(text, max(0, start - 24), start) or _GMAIL_ID.match(text, end):
        return True  # S3's HostId, a request id, Gmail's SMTP transaction id
    if _ENCRYPTED_LABEL.search(text, max(0, start - 24), start) or _GIT_RANGE_LINE.match(line):
        return True  # a CI service's ciphertext, a pushed commit
    if _HOST_AFTER.match(text, end) and not text.startswith(("://", "@"), max(0, start - 3)):
        return True  # a host name's first label (a URL's userinfo is the URL rules')
    if _COMMIT.fullmatch(token) and (
        _PINNED_REF.search(text, max(0, start - 120), start)
        or _COMMIT_VERB.search(text, max(0, start - 24), start)
        or (_LISTED_COMMIT.match(text, end) and text[start - 1 : start] in ("", "\n"))
    ):
        return True
    if _FINGERPRINT.fullmatch(token) and _FINGERPRINT_LABEL.search(text[line_start:start]):
        return True
    if _DNSSEC_WORD.search(line) and not _SECRET_ON_LINE.search(line.replace("key tag", "")):
        return True  # a zone's signature, key or NSEC3 hash where the line names DNSSEC
    if _PUBLIC_NUMBER.search(text, max(0, start - 24), start):
        return True  # an RSA modulus, a curve point's coordinate (JWKS .n, .x)
    if _DID.search(text, max(0, start - _DID_REACH), start):
        return True  # a DID (did:key:z6Mk…, did:example:123#key-1): a public identifier
    if token.startswith("AQAAAB") and text[start - 1 : start] == "{":
        return True  # Jenkins' {AQAAAB…}: a secret encrypted with the controller's key
    if _nix_public_key(token, text, start) or _PLIST_PUBLIC_KEY.search(window):
        return True  # cache.nixos.org-1:<32 bytes>; a plist's <key>SUPublicEDKey</key> value
    if text.endswith(_TAILSCALE_PUBLIC, max(0, start - 9), start) or _MIME_WORD.search(window):
        return True  # Tailscale's nodekey:/discokey:/mkey:<hex>; RFC 2047's =?UTF-8?B?<text>
    if text[start - 1 : start] == "~":
        return False  # OpenShift's sha256~<token>: a prefix, not a digest's name
    return _in_x509_element(text, start, end, window) or _named_digest(token, text, start, end)


_DNSSEC_WORD = re.compile(r"RRSIG|DNSKEY|NSEC3|DNSSEC|RRset|\b(?:ZSK|KSK|SOA)\b|\bnsec3-hash")
"""What names DNSSEC material on a line: its record types, its keys' roles, its tools."""
_PUBLIC_NUMBER = re.compile(
    r"(?i)(?:\bmodulus|\bcoordinate|\.(?:n|e|x|y)[ \t]*==[ \t]*[\"'])[ \t]*$"
)
"""What names a public key's number: the word (an RSA modulus, an EC point's x coordinate)
or a jq test on a JWK's public member (``.keys[0].n == "…"``)."""


_DIGEST_SIZES = frozenset({16, 20, 28, 32, 48, 64})
"""MD5, SHA-1, SHA-224, SHA-256, SHA-384, SHA-512: a digest's bytes."""
_BASE64_DIGEST = re.compile(r"[A-Za-z0-9+/_\-]{22,86}={0,2}")
_DIGEST_WORD = re.compile(
    r"(?i)sha-?(?:1|224|256|384|512)\b|\bmd5\b|\bdge?st\b|\bdigest\b|\bhash(?:es|ed)?\b|checksum|"
    r"fingerprint|\bspki\b|\bpins?\b|pin-sha|integrity|thumbprint|websocket-accept"
)
_SECRET_ON_LINE = re.compile(
    r"(?i)(?<!public)(?<!public[ _.\-])(?<!pub)(?<!\bp)key|token|secret|passw|hmac|auth"
)
"""A secret's word on a digest's or a DNSSEC record's line (not a public key's, ``-pubkey``,
``openssl pkey``; DNSSEC's "key tag" is taken off first)."""


def _named_digest(token: str, text: str, start: int, end: int) -> bool:
    """Base64 of a digest's size (:data:`_DIGEST_SIZES`) where its line or the line above
    names a digest (``<pin digest="SHA-256">…</pin>``, ``openssl dgst -sha256 -binary |
    base64`` over its output, "the SPKI hash … got …") and its line names no secret (an
    HMAC's or a signing key's value is as random): a TLS pin, a release's checksum."""
    body = token.strip("\"'")
    if not _BASE64_DIGEST.fullmatch(body) or body.isalnum() and not body.endswith("="):
        return False
    size = len(body.rstrip("=")) * 3 // 4
    if size not in _DIGEST_SIZES:
        return False
    line_start = lines.line_start(text, start, _DIGEST_REACH)
    line = text[line_start : lines.line_end(text, end, _DIGEST_REACH)]
    above_end = line_start - 1 if line_start and text[line_start - 1] == "\n" else line_start
    above = text[lines.line_start(text, above_end, _DIGEST_REACH) : above_end]
    if _SECRET_ON_LINE.search(line):
        return False
    return bool(_DIGEST_WORD.search(line) or _DIGEST_WORD.search(above))


def _last(pattern: re.Pattern[str], window: str) -> re.Match[str] | None:
    """The last match of ``pattern`` in ``window``, or None."""
    return next(reversed(list(pattern.finditer(window))), None)


def _open_dns_record(window: str) -> bool:
    """A DNSSEC record opened a parenthesised continuation above and has not closed it."""
    found = _last(_DNS_RECORD, window)
    if found is None:
        return False
    rest = window[found.end() :]
    return "(" in rest and ")" not in rest[rest.index("(") :]


def _in_x509_element(text: str, start: int, end: int, window: str) -> bool:
    opened = _last(_X509_OPEN, window)
    if opened is not None and not _X509_CLOSE.search(window, opened.end()):
        return True
    closing = _X509_CLOSE.search(text, end, end + _WINDOW)
    return closing is not None and _BASE64_BETWEEN.fullmatch(text, end, closing.start()) is not None


_SAID_PUBLIC_KEY = re.compile(
    r"(?i)(?<![\w-])pub(?:lic)?[ \t_\-]?keys?(?:[ \t]+(?:is|was))?[ \t]*[:=]?[ \t]*[\"'`(]?$"
    r"|(?:declare_id!|(?<![\w:])pubkey!|Pubkey::from_str)\([ \t]*[\"']$"
)
"""Words that say the value right after them is a public key: "the peer's public key <it>",
``Public key: <it>`` (what age-keygen, wg and minisign print), "its pubkey is <it>", or a
Solana program's code that declares one (Anchor's ``declare_id!("…")``, ``pubkey!("…")``,
``Pubkey::from_str("…")``: fresh60); a keypair is bytes, never such a string."""


def said_public_key(text: str, start: int) -> bool:
    """The run comes right after "public key" (or "pubkey"), and nothing between the line's
    start and the run says private or secret."""
    if not _SAID_PUBLIC_KEY.search(text, max(0, start - 40), start):
        return False
    return not _SECRET_WORD.search(text, lines.line_start(text, start, lines.NAME_REACH), start)


def public_material(token: str, text: str, start: int, end: int) -> bool:
    """Any of the readings above, or a key made to ship in a web page
    (:func:`.ids.client_side_key`), an analytics id, a Stellar account: a public form, name
    or record."""
    return (
        public_form(token)
        or client_side_key(token)
        or in_dotted_client_key(text, start, end)
        or analytics_id(token)
        or stellar_account(token)
        or ksuid(token, text, start)
        or under_public_name(text, start, end)
        or in_public_record(token, text, start, end)
        or said_public_key(text, start)
        or sealed_secret(token)
        or pulumi_ciphertext(text, start)
        or sops_ciphertext(text, start)
        or published_client(token)
        or wireguard_peer_key(token, text, start, end)
        or pinned_model_version(text, start)
        or inside_published_value(text, start)
    )


_PRIVATE_NAME = re.compile(r"(?i)priv|secret|passw|seed|mnemonic")


_DID = re.compile(r"(?<![\w.])did:[a-z0-9]+:[\w.%:\-]*#?$")
_DID_REACH = 96
_JWT_HEADER_MEMBERS = frozenset({"alg", "typ", "kid", "cty", "x5t", "jku", "x5u", "enc", "zip"})


def jwt_header_alone(value: str) -> bool:
    """A JWT's header alone (``eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9`` is
    ``{"alg":"HS256","typ":"JWT"}``): no claims, no signature, nothing it grants."""
    if not value.startswith("eyJ") or "." in value or len(value) > 400:
        return False
    raw = decoded_base64(value)
    try:
        header = json.loads(raw) if raw is not None else None
    except ValueError:
        return False
    return isinstance(header, dict) and bool(header) and set(header) <= _JWT_HEADER_MEMBERS


def public_value(value: str, text: str, start: int, end: int) -> bool:
    """An assigned value that is :func:`public_material`, unless the line before it names
    a private key, a secret, a password or a seed: a form read as public must not overrule
    a name that says otherwise (``NOSTR_PRIVATE_KEY=nsec1…`` was kept by its checksum)."""
    if _PRIVATE_NAME.search(text, lines.line_start(text, start, lines.NAME_REACH), start):
        return False
    if jwt_header_alone(value):
        return True  # eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9: no claims, no signature
    return public_material(value, text, start, end)


_BASE32 = re.compile(r"[A-Z2-7]{16,}={0,6}")
_BASE58_TEXT = re.compile(r"[1-9A-HJ-NP-Za-km-z]{16,}")
_MIXED_WITH_DIGIT = re.compile(r"(?=.*[0-9])(?=.*[A-Z])(?=.*[a-z])")
"""What base58 of anything looks like; a word (``correcthorsebatterystaple``) does not."""


def text_in_base32_or_58(token: str) -> bool:
    """RFC 4648 base32 or Bitcoin's base58 of printable text that is no credential
    (``KRUGKIBRGUQGG2DBOJZS4LROFY`` is "The 15 chars..."; codec test vectors and docs
    encode sentences); random bytes so encoded stay findings. Asked only where nothing
    names the value (the entropy rule, a word said in prose): a TOTP seed is often base32 of
    text, and its name (``totpSecret:``) says so."""
    raw = b""
    if _BASE32.fullmatch(token) and len(token.rstrip("=")) % 8 not in (1, 3, 6):
        try:
            raw = base64.b32decode(token + "=" * (-len(token) % 8))
        except (binascii.Error, ValueError):
            raw = b""
    elif _BASE58_TEXT.fullmatch(token) and _MIXED_WITH_DIGIT.match(token):
        n = 0
        for c in token:
            n = n * 58 + _BASE58.index(c)
        raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    if len(raw) < 8 or sum(32 <= b < 127 for b in raw) < 0.9 * len(raw):
        return False
    return not _CREDENTIAL_TEXT.search(raw.decode("latin-1"))


_CREDENTIAL_TEXT = re.compile(r"(?i)^[^\s:]{1,64}:\S{3,}$|pass|secret|token")
"""Text that is a credential itself: ``user:password``, or one that names one."""
