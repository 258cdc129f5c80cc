"""Values written as ids, not keys: after a label that names an id, or of a documented
public form.

The high-entropy rule (:mod:`.entropy`) and the context rules (:mod:`.context`) ask these
before taking a random-looking run: a logged request id, a ULID, a wheel's tags, an IPFS
CID, a Stripe object id or an age recipient look like key material and grant nothing.
"""

from __future__ import annotations

import base64
import hashlib
import re
import string

UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
"""A UUID's form, of either case and any version (what the path and entropy readings see)."""

_LABEL_SEPARATORS = " \t\"':="
"""What stands between a label and its value (``id=``, ``"id": "``, ``Id: ``)."""
_LABEL_WINDOW = 24

_ID_LABEL = re.compile(
    r"(?:^|[^a-z0-9])(?:[a-z0-9]+[_.\-])*(?:id|uuid|puuid|guid|kid|userid|username)$"
)
"""``…_id``, ``uuid`` (Riot's ``puuid``), ``guid``, a JOSE header's or a JWK's ``kid`` (a
key's id), and a user's id or name written as one word (Mattermost's ``bot_userid``,
spotifyd's ``username``: 26 and 25 random lower-case signs, fresh79 and fresh76)."""
_CAMEL_ID_LABEL = re.compile(r"[a-z]Id$")
_ID_LABEL_SEPARATORS = _LABEL_SEPARATORS + "("
_ID_LABEL_SECRET_WORDS = ("secret", "token", "key", "pass", "auth")


_AWS_ID_LABELS = ("x-amz-id-2", "<hostid>", "extended request id", "x-amz-cf-id", "request id")


def after_aws_id_label(text: str, start: int) -> bool:
    """Right after one of AWS's names for a request id in base64: S3's extended request id
    (the ``x-amz-id-2`` header, the ``<HostId>`` element of an error body, the SDKs' ``S3
    Extended Request ID:``), CloudFront's (the ``x-amz-cf-id`` header, ``Request ID:`` in
    its error page). The value is base64 in mixed case (a key's look), but the label names
    an id that AWS prints in every error a user pastes; a key is never written there."""
    window = text[max(0, start - _LABEL_WINDOW) : start].lower()
    return window.rstrip(_LABEL_SEPARATORS).endswith(_AWS_ID_LABELS)


_RESOURCE_ID_LABEL = re.compile(
    r"(?i)(?:document|doc|drive|file|folder|sheet|spreadsheet|video|playlist|channel|calendar"
    r"|form|site|page|post|project|dataset|table|model|image|photo|album|board|workspace"
    r"|program|mint|account|tenant|org|organi[sz]ation|customer|merchant|player|summoner|puu)"
    r"(?:[_\-.][a-z]{2,12})?[_\-.]?id[\"']?[ \t]*[=:][ \t]*[\"']?$"
)


def after_resource_id_label(text: str, start: int) -> bool:
    """Right after an id label that names a resource (``GOOGLE_DRIVE_DOCUMENT_ID=``,
    ``"fileId": "``, a Solana ``PROGRAM_ID``: fresh37): the value is that resource's id
    whatever its case (Google's file ids, base58 program addresses), not a credential; an
    account's, a tenant's or a merchant's id names who owns it (Zoom's ``ACCOUNT_ID``:
    fresh124), and so does a game's player's (Riot's ``puuid``, a summoner's id: fresh174); an
    access id is no resource's."""
    return _RESOURCE_ID_LABEL.search(text, max(0, start - 40), start) is not None


_LOGGED_ID_LABEL = re.compile(
    r"(?i)(?<![a-z])(?:error|request|req|trace|span|correlation|transaction|incident|event"
    r"|operation|activity|ray|message|msg)[_\-. ]?id[\"']?[ \t]*[=:]?[ \t]*[\"']?$"
)


def after_logged_id_label(text: str, start: int) -> bool:
    """Right after the label of an id a service logs for one request, message or error
    (Okta's ``errorId oae5F52U…``, ``requestId: …``, ``trace_id=``, Cloudflare's ``Ray ID``,
    Svix's ``DEFAULT_MSG_ID = "msg_p5jX…"``): an id
    whatever its case mix, which support asks for and nothing accepts as a credential."""
    return _LOGGED_ID_LABEL.search(text, max(0, start - 40), start) is not None


def after_id_label(text: str, start: int) -> bool:
    """A value written as an id: right after a label naming an id and its separator.

    ``request_id=…``, ``"traceId": "…"``, ``X-Request-Id: …``, ``UUID('…')``: a logged id
    is not a key. A label that also names a secret (Vault's ``secret_id``, ``token_id``)
    does not make the value an id. S3's extended request id labels count too
    (:func:`after_aws_id_label`).
    """
    if after_aws_id_label(text, start):
        return True
    window = text[max(0, start - _LABEL_WINDOW) : start]
    label = window.rstrip(_ID_LABEL_SEPARATORS)
    if len(label) == len(window):
        return False
    if not (_ID_LABEL.search(label.lower()) or _CAMEL_ID_LABEL.search(label)):
        return False
    word = label.lower().rsplit(None, 1)[-1] if label.strip() else ""
    return not any(w in word for w in _ID_LABEL_SECRET_WORDS)


_JSON_ID_NAME = re.compile(r"[A-Za-z_]*(?:id|Id|ID)")
_JSON_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")


def json_id_key(text: str, start: int) -> bool:
    """``"id": "``, ``"request_id": "`` right before ``start``: an API response's id field,
    whatever its value's case mix (``"id": "gen-1763…-8A1O…"``); a bare ``id <value>`` in
    prose is no such label. Read backwards from ``start`` (a regex anchored there would
    scan the whole text before it, for every run after an id label)."""
    i = start - 1
    if i < 0 or text[i] != '"':
        return False
    i -= 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    if i < 0 or text[i] != ":":
        return False
    i -= 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    if i < 0 or text[i] != '"':
        return False
    j = i
    while j > 0 and text[j - 1] in _JSON_NAME_CHARS:
        j -= 1
    return j > 0 and text[j - 1] == '"' and _JSON_ID_NAME.fullmatch(text, j, i) is not None


WHEEL_TAG = re.compile(
    r"(?:[0-9][0-9a-z_]*-)?(?:cp|pp|py|ip|jy|graalpy)[0-9]{1,3}[a-z]?-"
    r"(?:cp[0-9]{1,3}[a-z]*|abi3|none|pypy[0-9_]+|"
    r"graalpy[0-9_a-z]+)-[a-z0-9_]+"
)
"""A wheel's interpreter, ABI and platform tags (``cp312-cp312-manylinux_2_17_x86_64``),
also with the version's last part before them as a token run holds it (``0-cp37-abi3-…``)."""
ALGORITHM_NAME = re.compile(
    r"(?:PBKDF2With|PBEWith)Hmac\w+|Hmac(?:SHA|MD)\d+|SHA\d*with(?:RSA|ECDSA|DSA)\w*"
    r"|PBEWith\w+And\w+"
    r"|[A-Z][A-Za-z0-9]{1,11}/[A-Z0-9]{2,8}/[A-Za-z0-9]{0,12}Padding"
)
"""A Java Cryptography Architecture algorithm's standard name
(``SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256")``, ``Mac.getInstance("HmacSHA512")``,
``SHA256withRSA``) or a cipher's transformation (``AES/CBC/PKCS5Padding``, Strimzi's
``password.encoder.cipher.algorithm=``): a name a secret word often stands before, no key."""
CLOUDFORMATION_NAME = re.compile(
    r"(?:(?=[A-Za-z0-9]*[a-z])[A-Z][A-Za-z0-9]{1,30}-){1,3}[A-Z0-9]{12,13}"
)
"""A CloudFormation physical name: the stack's and the logical id's names cut short, then
12–13 upper-case letters and digits (``EC2Contai-EcsElast-15DCDAURT3ZO2``), as every AWS
console and CLI listing prints resources: an id."""
PROXMOX_TOKEN_ID = re.compile(r"[\w.\-]+@[\w.\-]+![\w.\-]+")
"""Proxmox VE's API token id, ``user@realm!name`` (fresh135); the token's secret is the UUID
after it (``PVEAPIToken=root@pam!name=<uuid>``)."""
ULID = re.compile(r"[0-7][0-9A-HJKMNP-TV-Z]{25}")
"""A ULID (Crockford base-32, 26 characters, time first): an id."""
_BASE58 = "1-9A-HJ-NP-Za-km-z"
_IPFS_CID = re.compile(rf"Qm[{_BASE58}]{{44}}|baf[a-z2-7]{{50,}}|z(?:b2rh|dj7)[{_BASE58}]{{40,60}}")
"""An IPFS content id: CIDv0 (``Qm`` + 44 base58), CIDv1 in base32 (``bafy…``, ``bafk…``)
or base58btc (``zb2rh…``, ``zdj7…``): the multihash of public content, its address."""
_STRIPE_OBJECT = re.compile(
    r"(?:pi|cus|ch|pm|src|in|sub|price|prod|txn|re|req|evt|acct|seti|card|py|po|tr|si|ii|il"
    r"|cs_test|cs_live)_[A-Za-z0-9]{14,70}"
)
"""A Stripe object id (``pi_1FEUYJJrZPYjysG3wkdSqF0B``, ``cus_…``, ``evt_…``, a request's
``req_…``): the API
names objects so in every error and log line, and an id grants nothing. Its secrets have
other prefixes (``sk_``, ``rk_``, ``whsec_``) or hold ``_secret_`` (a PaymentIntent's or
SetupIntent's client secret ``pi_…_secret_…``), which this full match leaves out."""
_AGE_RECIPIENT = re.compile(r"age1[02-9ac-hj-np-z]{58}")
"""An age recipient (public key): ``age1`` + 58 bech32 characters, lower case. The secret
key is ``AGE-SECRET-KEY-1…`` in upper case, never this form."""
_MINISIGN_PUBLIC = re.compile(r"RW[Q-T][A-Za-z0-9+/]{53}")
"""A minisign public key: base64 of ``Ed``, an 8-byte key id and a 32-byte Ed25519 key,
56 characters without padding (so ``RW`` and one of ``Q``–``T`` first). Its secret key
file is encrypted and far longer."""


_CLIENT_SIDE_KEY = re.compile(
    r"phc_[A-Za-z0-9]{32,64}|pk_(?:live|test)_(?=[^_]*[a-z])[A-Za-z0-9]{24,}|pub[0-9a-f]{32}"
    r"|sb_publishable_[A-Za-z0-9_\-]{20,40}|rzp_(?:live|test)_[A-Za-z0-9]{14}"
    r"|(?:sandbox-)?sq0id[pb]-[A-Za-z0-9_\-]{22}"
    r"|client-[A-Za-z0-9]{43}|(?:goog|appl|amzn|strp|rcb)_[A-Za-z0-9]{24,32}"
    r"|pkey_(?:test_)?[0-9a-z]{19}|(?:SB-)?Mid-client-[A-Za-z0-9_\-]{16}"
    r"|sup_pk_[A-Za-z0-9]{24,40}|cc_classic_[A-Za-z0-9]{20,40}|3MVG9[A-Za-z0-9._]{70,90}"
)
"""Keys made to ship in a web page: PostHog's project key (``phc_``; its personal keys are
``phx_``), Stripe's publishable keys (``pk_live_``/``pk_test_`` in mixed case; Courier's
secret ``pk_test_…`` keys are capitals and digits), Datadog's browser client tokens
(``pub`` and 32 hex, fresh28), Supabase's publishable keys (``sb_publishable_``; its secret
ones are ``sb_secret_``) and Razorpay's key ids (``rzp_test_`` and 14 signs; the key secret
has no prefix): fresh54. Square's application ids (``sq0idp-``, ``sandbox-sq0idb-``: the
Web Payments form ships them; its secrets are ``sq0csp-`` and ``EAAA…``): fresh66.
Statsig's client SDK keys (``client-`` and 43 signs; the server's are ``secret-``):
fresh109. RevenueCat's public SDK keys (``goog_``, ``appl_``, ``amzn_``, ``strp_``, ``rcb_``;
its secret keys are ``sk_``): fresh113. Omise's public keys (``pkey_``; its secret ones are
``skey_``) and Midtrans' client keys (``Mid-client-``, ``SB-Mid-client-``; its server keys are
``Mid-server-``): fresh133. SumUp's public keys and OAuth client ids (``sup_pk_``,
``cc_classic_``; its secrets are ``sup_sk_`` and ``cc_sk_classic_``): fresh168. A Salesforce
connected app's consumer key (``3MVG9`` and about 80 signs, its OAuth client id, sent with
every token request; the consumer secret is the app's secret): fresh173.
No scanner here flags the first two (CredSweeper lists both among its false positives,
fresh16)."""

_SEGWIT_ADDRESS = re.compile(r"(?:bc|tb)1[qp][02-9ac-hj-np-z]{38,58}")
"""A Bitcoin SegWit or Taproot address (``bc1q…``, bech32, lower case): where money is
sent, published on purpose; its private key is a WIF or an extended key, never this form."""

_LVM_UUID = re.compile(r"[A-Za-z0-9]{6}(?:-[A-Za-z0-9]{4}){5}-[A-Za-z0-9]{6}")
"""An LVM physical volume's, group's or logical volume's UUID as ``blkid``, ``pvs`` and
udev print it (``3klkIj-w1qk-DkJi-0XBJ-y3o7-i2Ac-vHqWBM``: 32 letters and digits in groups
of 6-4-4-4-4-4-6); device-mapper names glue a group's and a volume's into
``LVM-<64>``."""
_TWILIO_SID = re.compile(r"(?!SK)[A-Z]{2}[0-9a-f]{32}")
"""A Twilio resource's SID (``AC…`` account, ``CA…`` call, ``SM…`` message, ``QE…``: two
capitals and 32 hex), printed in every API response and log: an id. ``SK…`` is an API key's
SID, which scanners take for the key (gitleaks, semgrep, Nosey Parker): it stays a finding."""
_APK_CHECKSUM = re.compile(r"Q1[A-Za-z0-9+/]{27}=")
"""An Alpine package's checksum in ``APKINDEX`` and ``apk`` output (``C:Q1…=``: ``Q1`` and a
SHA-1 in base64)."""


_LINE_ID = re.compile(r"[UCR][0-9a-f]{32}")
"""A LINE user's, group's or room's id (``U``, ``C`` or ``R`` and 32 hex), in every webhook
event a LINE bot receives (fresh169); the channel's secret is bare hex, its token base64."""
_SPOTIFY_EDITORIAL = re.compile(r"37i9dQZ[A-Za-z0-9]{15}")
"""A playlist Spotify itself curates (``37i9dQZ`` and 15 base-62: Today's Top Hits, the
charts): a public id bots list by name (fresh174)."""
_ACF_KEY = re.compile(r"(?:field|group|layout)_[0-9a-f]{13}")
"""Advanced Custom Fields' field and group keys (``field_`` and PHP's uniqid, 13 hex), in
every exported field group (fresh180)."""
_WECHAT_APP_ID = re.compile(r"wx[0-9a-f]{16}")
"""A WeChat (or WeCom) app's AppID, ``wx`` and 16 hex, sent in every OAuth URL; its secret
is the AppSecret (fresh183)."""


_RENDER_SERVICE = re.compile(r"(?:dpg|red|srv|crn|evm)-[a-z0-9]{20}(?:-a)?")
"""A Render service's id, its internal host name (``dpg-d401ht75r7bs73a3lf6g-a`` is a Postgres
instance's: fresh148's ``LISTMONK_database__host``)."""


_GRAPH_DRIVE_TAIL = re.compile(r"[A-Za-z0-9_\-]{64}")


def graph_drive_id(text: str, start: int, token: str) -> bool:
    """The 64 signs after ``b!`` of a Microsoft Graph drive's id (SharePoint and OneDrive
    for Business: rclone's ``drive_id = b!X-cvf1ID-0mWE…``, fresh155): an id, in every
    Graph URL and listing."""
    head = text[max(0, start - 3) : start]
    return (
        head[-2:] == "b!" and not head[:-2].isalnum() and bool(_GRAPH_DRIVE_TAIL.fullmatch(token))
    )


def public_id(token: str) -> bool:
    """A run of a documented public form: an IPFS CID, a Stripe object id, an age
    recipient, a minisign public key, a key made for client code, a Bitcoin address, an LVM
    UUID, an Alpine package checksum, an IAM entity's unique id, a YouTube channel's id, an
    OpenAI account's id, a DBeaver data source's id, an Airtable object's id, an analytics
    property's id, a Twilio resource's SID, an eBay app's id, an OpenTok session's id, a
    Render service's host name, a LINE user's id, a playlist Spotify curates, an ACF field's key
    or a WeChat AppID (full matches only)."""
    return bool(
        _IPFS_CID.fullmatch(token)
        or _STRIPE_OBJECT.fullmatch(token)
        or _AGE_RECIPIENT.fullmatch(token)
        or _MINISIGN_PUBLIC.fullmatch(token)
        or _CLIENT_SIDE_KEY.fullmatch(token)
        or _SEGWIT_ADDRESS.fullmatch(token)
        or _LVM_UUID.fullmatch(token)
        or _APK_CHECKSUM.fullmatch(token)
        or _IAM_UNIQUE_ID.fullmatch(token)
        or _NKEY_PUBLIC.fullmatch(token)
        or _YOUTUBE_CHANNEL.fullmatch(token)
        or _OPENAI_ACCOUNT.fullmatch(token)
        or _DBEAVER_DATA_SOURCE.fullmatch(token)
        or _AIRTABLE_ID.fullmatch(token)
        or analytics_id(token)
        or stellar_account(token)
        or algorand_address(token)
        or twilio_sid(token)
        or _EBAY_APP_ID.fullmatch(token)
        or _OPENTOK_SESSION.fullmatch(token)
        or _RENDER_SERVICE.fullmatch(token)
        or _LINE_ID.fullmatch(token)
        or _SPOTIFY_EDITORIAL.fullmatch(token)
        or _ACF_KEY.fullmatch(token)
        or _WECHAT_APP_ID.fullmatch(token)
    )


_OPENTOK_SESSION = re.compile(r"[12]_MX4[A-Za-z0-9_\-~]{40,}")
"""A Vonage Video (OpenTok) session's id: ``1_MX4``/``2_MX4`` (base64 of ``1~`` and the
project's number), what a client joins with its token (fresh124); the token is the secret."""


_EBAY_APP_ID = re.compile(
    r"[A-Za-z0-9]{1,12}(?:-[A-Za-z0-9]{1,12})?-(?:PRD|SBX)-[0-9a-f]{9}-[0-9a-f]{8}"
)
"""An eBay application's App ID (its OAuth client id, sent in every call's header): the
developer's name cut to 8 letters, the app's, ``PRD`` or ``SBX``, 9 and 8 hex (fresh104).
Its Cert ID is the secret (``providers``' ``ebay_credential``)."""


_AIRTABLE_ID = re.compile(
    r"(?:app|tbl|fld|rec|viw)(?=[a-z0-9]*[A-Z])(?=[A-Z0-9]*[a-z])[A-Za-z0-9]{14}"
)
"""An Airtable base's, table's, field's, record's or view's id (``appXXbVu5p4uSKViT``: three
letters and 14 signs), in every API URL (fresh98); its legacy API keys are ``key…`` and its
tokens ``pat…``, never these."""


_STELLAR_ACCOUNT = re.compile(r"G[A-Z2-7]{55}")


def stellar_account(token: str) -> bool:
    """A Stellar account's public key (``GBZH36…``: StrKey, version byte ``G``, 32 bytes,
    its CRC16 checksum): an address, published to be paid (fresh50's token issuer). The
    secret seed starts ``S`` and stays a finding."""
    if not _STELLAR_ACCOUNT.fullmatch(token):
        return False
    raw = base64.b32decode(token)  # 56 signs: 35 bytes, no padding
    crc = 0
    for byte in raw[:-2]:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021 if crc & 0x8000 else crc << 1) & 0xFFFF
    return raw[0] == 6 << 3 and raw[-2:] == crc.to_bytes(2, "little")


_ALGORAND_ADDRESS = re.compile(r"[A-Z2-7]{58}")


def algorand_address(token: str) -> bool:
    """An Algorand account's address: base32 of its 32-byte public key and the last four
    bytes of that key's SHA-512/256 (fresh60's payment receivers and wallet fixtures). Its
    secret is a 25-word mnemonic or 64 bytes, never this form."""
    if not _ALGORAND_ADDRESS.fullmatch(token):
        return False
    raw = base64.b32decode(token + "======")  # 58 signs: 36 bytes
    return hashlib.new("sha512_256", raw[:32]).digest()[-4:] == raw[32:]


_ANALYTICS_ID = re.compile(r"UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{10}")


def analytics_id(token: str) -> bool:
    """A Google Analytics property's id (``UA-20926037-2``, GA4's ``G-…``): every page that
    counts visits ships it, whatever name a config gives it (``gatoken : UA-…``: fresh47)."""
    return _ANALYTICS_ID.fullmatch(token) is not None


_YOUTUBE_CHANNEL = re.compile(r"UC[A-Za-z0-9_\-]{21}[AQgw]")
"""A YouTube channel's id, ``UC`` and 16 bytes in base64url, as every channel's URL shows
it (``youtube.com/channel/UCpeGzDObn7SZPcMmY-PQzMQ``: fresh35's bots watch channels)."""


_OPENAI_ACCOUNT = re.compile(r"proj_[A-Za-z0-9]{24}|org-[A-Za-z0-9]{24}|user-[a-z0-9]{24}")
"""An OpenAI project's, organization's or user's id, as every API response's headers name
them (``openai-project: proj_…``, fresh55's debug logs); its keys are ``sk-proj-…``."""


_DBEAVER_DATA_SOURCE = re.compile(r"[A-Za-z][A-Za-z0-9_.]*-1[0-9a-f]{10}-[0-9a-f]{16}")
"""A DBeaver data source's id (``mysql8-17b9a6be85f-33564069aae4817e``): its driver's name,
the hex milliseconds it was made (``1…``: 2004 to 2112) and 16 random hex, in every
``data-sources.json`` (fresh53)."""


_NKEY_PUBLIC = re.compile(r"[UANOCX][A-Z2-7]{55}")
"""A NATS public nkey (a user's ``U…``, an account's ``A…``, a server's, an operator's, a
cluster's, a curve key's: 56 base32 capitals); its seed, the secret, opens with ``S``."""
_IAM_UNIQUE_ID = re.compile(r"(?:AIDA|AROA|AGPA|ANPA|ANVA|AIPA|ASCA)[A-Z2-7]{16,17}")
"""An IAM entity's unique id (a user's ``AIDA…``, a role's ``AROA…``, a group's, a policy's,
an instance profile's, a server certificate's), as ``aws sts get-caller-identity`` prints
``UserId``: it names the entity and grants nothing (an access key id's ``AKIA…`` is the
credential's other half, kept as the scanners report it)."""


def client_side_key(token: str) -> bool:
    """A key made to ship in a web page (:data:`_CLIENT_SIDE_KEY`): public wherever it is
    named, even beside a secret's word (``client_token = "pub…"``)."""
    return _CLIENT_SIDE_KEY.fullmatch(token) is not None


_DOTTED_SIGNS = frozenset(string.ascii_letters + string.digits + "_.-")
_DOTTED_REACH = 128


def in_dotted_client_key(text: str, start: int, end: int) -> bool:
    """The run is a piece, between dots, of a key made to be public (:func:`client_side_key`:
    a Salesforce consumer key holds dots, and the entropy rule finds its pieces one by one)."""
    if not (text[start - 1 : start] == "." or text[end : end + 1] == "."):
        return False
    first = start
    while first > start - _DOTTED_REACH and first and text[first - 1] in _DOTTED_SIGNS:
        first -= 1
    last = end
    while last < end + _DOTTED_REACH and last < len(text) and text[last] in _DOTTED_SIGNS:
        last += 1
    return client_side_key(text[first:last].rstrip("."))


def twilio_sid(token: str) -> bool:
    """A Twilio resource's SID (:data:`_TWILIO_SID`); the entropy rule asks before its hex
    verdict, which the mixed case would otherwise give."""
    return len(token) == 34 and _TWILIO_SID.fullmatch(token) is not None


_SIGNATURE_NAME = re.compile(
    r"(?:signature|(?<![\w-])hmac)[\"']?\]?[ \t]*(?:=|:)[ \t]*[\"']?$", re.IGNORECASE
)


def assigned_to_a_signature(text: str, start: int) -> bool:
    """The value is assigned to a name ending in "signature" or named "hmac" (``signature =
    '…'``, ``"X-Signature": "…"``, Shopify's ``hmac: '…'``): an HMAC over one request, as
    SDK tests write it, not the key that made it. Only an assignment: "the webhook
    signature <value>" in prose is read as before."""
    return _SIGNATURE_NAME.search(text, max(0, start - 24), start) is not None


_SWARM_TASK = re.compile(r"[a-z0-9]{25}")
_TASK_SLOT = re.compile(r"[A-Za-z0-9][\w\-]*\.[0-9]+\.$")
_TASK_ROW = re.compile(r"[ \t]+(?:\\_ )?[A-Za-z0-9][\w\-]*\.[0-9]+[ \t]")


def swarm_task_name(text: str, start: int, token: str) -> bool:
    """A Docker swarm task's id (25 lower-case letters and digits) at the end of its
    container's name (``myservice.4.<id>``, as ``docker ps`` and ``docker stats`` print it)
    or opening a ``docker service ps`` row before the task's name (``<id>   redis.1   …``);
    or a node's, as ``docker swarm init`` prints it."""
    if not _SWARM_TASK.fullmatch(token):
        return False
    if _TASK_SLOT.search(text, max(0, start - 64), start) is not None:
        return True
    if text.endswith("current node (", max(0, start - 14), start):
        return True  # docker swarm init's "current node (<id>) is now a manager" (fresh49)
    line_start = start == 0 or text[start - 1] == "\n"
    return line_start and _TASK_ROW.match(text, start + len(token)) is not None


_LVM_DEVICE_TAIL = re.compile(r"(?:x2d)?[A-Za-z0-9]{64}")


def lvm_device_name(text: str, start: int, token: str) -> bool:
    """A device-mapper name's LVM part (``dm-uuid-LVM-<group's><volume's UUID>``, as
    ``systemctl`` and ``/dev/disk/by-id`` show it; systemd escapes its ``-`` as ``\\x2d``)."""
    return text.endswith(("LVM-", "LVM\\"), 0, start) and bool(_LVM_DEVICE_TAIL.fullmatch(token))


_GOOGLE_CLIENT_ID = re.compile(r"[0-9]{6,14}-[a-z0-9]{32}")
_REVERSED_CLIENT_HOST = "com.googleusercontent.apps."


def public_client_id(text: str, start: int, token: str) -> bool:
    """An OAuth client's id, the public half of its pair: Google's reversed into an iOS URL
    scheme (:func:`reversed_google_client_id`) or Zoho's (``1000.`` and 30 capitals and
    digits, the run after the dot: fresh78; its secret is 42 lower-case signs, its tokens
    ``1000.<hex>.<hex>``)."""
    if text.endswith("1000.", 0, start) and _ZOHO_CLIENT_ID.fullmatch(token):
        return True
    return reversed_google_client_id(text, start, token)


_ZOHO_CLIENT_ID = re.compile(r"[A-Z0-9]{30}")


def reversed_google_client_id(text: str, start: int, token: str) -> bool:
    """A Google OAuth client id reversed into an iOS URL scheme
    (``com.googleusercontent.apps.<id>``, an app's ``Info.plist`` ``REVERSED_CLIENT_ID``):
    shipped inside every build of the app. The client's secret is ``GOCSPX-…``; the
    forward form (``<id>.apps.googleusercontent.com``) is a host name."""
    return text.endswith(_REVERSED_CLIENT_HOST, 0, start) and bool(
        _GOOGLE_CLIENT_ID.fullmatch(token)
    )


_JWK_PUBLIC_MEMBER = re.compile(r"\"(?:n|e|x|y|x5t|x5t#S256)\"[ \t]*:[ \t]*\"$")


_THUMBPRINT_MEMBER = re.compile(r"\"x5t(?:#S256)?\"[ \t]*:[ \t]*\"$")
_COORDINATE = re.compile(r"\"[xy]\"[ \t]*:[ \t]*\"$")
_COORDINATE_VALUE = re.compile(
    r"[A-Za-z0-9_\-]{43}\"|[A-Za-z0-9_\-]{56,57}\"|[A-Za-z0-9_\-]{64}\"|[A-Za-z0-9_\-]{88}\""
)
"""An EC or OKP point's coordinate in base64url and its closing quote: P-256, Ed25519 and
X25519 (43), X448 and Ed448 (56, 57), P-384 (64), P-521 (88)."""


def jwk_public_member(text: str, start: int) -> bool:
    """Right after a JSON Web Key's public member (RSA's ``n`` and ``e``, EC's ``x`` and
    ``y``, a certificate thumbprint) in a text holding ``"kty"``: a JWK set's keys are
    published (``/.well-known/jwks.json``); its private members are ``jwk_private_key``'s.
    An ``"x"`` or ``"y"`` of a coordinate's length needs no ``"kty"``: a JWK's line quoted
    alone (pyjwt's test keys, fresh27); a private key's member is ``"d"``."""
    if _JWK_PUBLIC_MEMBER.search(text, max(0, start - 16), start) is None:
        return False
    if '"kty"' in text or _THUMBPRINT_MEMBER.search(text, max(0, start - 16), start):
        return True  # a JWK's, or a certificate's thumbprint in a JWT header (x5t)
    coordinate = _COORDINATE.search(text, max(0, start - 16), start) is not None
    return coordinate and _COORDINATE_VALUE.match(text, start) is not None


def device_or_task_name(text: str, start: int, token: str) -> bool:
    """A run that is part of a name where it stands: an LVM device-mapper name's UUIDs
    (:func:`lvm_device_name`) or a swarm task's id (:func:`swarm_task_name`). Both entropy
    readings ask (alone and beside a context word)."""
    return lvm_device_name(text, start, token) or swarm_task_name(text, start, token)
