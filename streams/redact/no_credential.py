"""Names under which a value is no credential, though they hold a secret's word: page
cursors, protocol nonces, key ids, public halves, references. Read by ``accept`` (an assigned
value) and ``context`` (a value a secret's noun leads to, a random run)."""

from __future__ import annotations

import re

from .value_forms import object_store_call

_NO_CREDENTIAL_NAME = re.compile(
    r"(?<![a-z0-9])(?:(?:start|next|prev)[_\-]?)?"
    r"(?:next|page|continuation|pagination|input|output|sync|resume|postman)[_\-]?token"
    r"|sec-websocket-key|(?<![a-z])(?:keyid|kid|logid|from_secret|initial[_\-]cluster[_\-]token"
    r"|publickeytoken|instrumentationkey)|client[_\-]?id"
    r"|token[_\-]type(?:[_\-]hint)?|signature[_\-]method|oauth_signature|\\(?:un)?restrict"
    r"|existing[_\-]?secret\w*|(?:key[_\-]?vault|vault|secret)[_\-]?name|authorship_tag"
    r"|auth[_\-]?(?:mechanism|source|type|method|mode)"
    r"|(?:system|key|cert)[_\-]?fingerprint"
    r"|(?<![\w\-])iv|encrypted[_\-]?data|auth[_\-]?tag"
    r"|(?:key|token|secret)[_\-]?(?:desc|description|label|title|hint)|project[_\-]?ref"
)
_NAME_WINDOW = 32
_PATH_NAME = re.compile(r"(?i)[/\\][\w\-]*\.?(?:ht)?passw(?:or)?ds?(?:\.\w+)?[ \t]+$")
"""A password file's path, then a blank: the file's name, not the value's (``htpasswd -c
/etc/squid/passwd squid_user``: fresh139's user after the file). Only such files: a script
named for a key (``./scripts/check-key <key>``, gitleaks' samples) takes the key."""
_LOOKUP_DEFAULT = re.compile(
    r"(?:getenv|environ\.get|env\.get|ENV\.fetch|env)\([ \t]*[\"'](?P<name>[\w.\-]{1,64})[\"']"
    r"[ \t]*,[ \t]*[\"']?$|process\.env\.(?P<js>[\w]{1,64})[ \t]*(?:\|\||\?\?)[ \t]*[\"']?$"
)
"""An environment lookup's default, right after the name it is for: ``os.getenv("X", "…")``,
``ENV.fetch("X", "…")``, ``process.env.X || "…"`` (fresh138's client ids as defaults)."""
_CI_REFERENCE = re.compile(r"\$\{\{[ \t]*(?:secrets|vars|env|inputs)\.$")
"""A CI expression's reference (GitHub Actions, Gitea, Forgejo): what follows is a secret's
or variable's name, random-looking when a tool generated it (Azure's deployment center)."""


def names_no_credential(text: str, start: int) -> bool:
    """The value is assigned to a page cursor, a protocol nonce, a key's id or an object's name,
    not a credential: ``"NextToken": "eyJ…"`` (AWS list output), ``"page_token": "…"``,
    ``"input_token": "NextToken"`` (paginator config), ``Postman-Token`` (a request's nonce;
    ``facebookpage_token`` is a credential), ``Sec-WebSocket-Key: …`` (a handshake nonce),
    ``"keyId": "…"`` (Sigstore's log key id, AWS KMS's ``KeyId``), a JWT header's ``"kid"``, an
    object store's ``--key``, an ARN's ``:secret:``, a .NET assembly's ``publicKeyToken`` (its
    public key's hash), Application Insights' ``InstrumentationKey`` (an id its browser SDK
    ships; fresh38), an OAuth client's id (Reddit's, PayPal's: the app's public half,
    fresh39/40), an OAuth token's type and an OAuth 1 request's signature (one request's HMAC;
    fresh46's cassettes), pg_dump's ``\\restrict`` key (a nonce that guards the dump's
    meta-commands; fresh47), a Helm chart's ``existingSecret`` and a vault's or secret's name,
    MongoDB's ``authMechanism``/``authSource``, Colab's ``authorship_tag`` (fresh48/50), a
    fingerprint (an LLM API's ``system_fingerprint``, a key's: fresh55), an encrypted value's
    parts (a Chef data bag's ``encrypted_data``, ``iv``, ``auth_tag``: fresh58), a key's
    description or label (a Kraken key's ``api_key_desc``: fresh94), a Supabase project's
    ref (``--project-ref=…``, its URL's subdomain: fresh98). Names with
    ``_`` are not: ``private_key_id`` and an HMAC pair's ``access_key_id`` are one half of a
    credential the scanners report. The name may be JSON-escaped (a notebook's source line:
    ``\\"next_token\\": \\"…\\"``, fresh95)."""
    if inside_a_resource_name(text, start, "arn:", 3):
        return True  # arn:aws:secretsmanager:…:secret:<name>: a resource's name
    if _PATH_NAME.search(text, max(0, start - _NAME_WINDOW), start):
        return True  # htpasswd -c /etc/squid/passwd squid_user: a file's name, then a user
    window = text[max(0, start - _NAME_WINDOW) : start].lower().rstrip(" \t\"'\\:=>]")
    if window.endswith("--key") and object_store_call(text, start):
        return True  # aws s3api get-object --bucket b --key <an object's name>
    if _CI_REFERENCE.search(window):
        return True  # ${{ secrets.AZUREAPPSERVICE_PUBLISHPROFILE_9166…4E9E }}: a name
    lookup = _LOOKUP_DEFAULT.search(text, max(0, start - 96), start)
    if lookup is not None:
        window = (lookup["name"] or lookup["js"]).lower()  # the name the default is for
    ends = [m.end() for m in _NO_CREDENTIAL_NAME.finditer(window)]
    return bool(ends) and ends[-1] == len(window)


_ARN_REACH = 256
_ARN_ENDS = frozenset(" \t\n\"'`,;()[]{}<>")


def inside_a_resource_name(text: str, start: int, prefix: str, colons: int) -> bool:
    """``start`` is inside an ARN (``arn:<partition>:<service>:…``) or a URN
    (``urn:<namespace>:…``), ``colons`` of its colons before it and no space, quote or
    bracket since: such a name names a resource or a type, and the ``secret:``, ``key/`` or
    ``token-exchange:`` in it is part of it, never a credential's name (``entropy.in_path``
    spares an ARN's runs; Auth0's ``urn:auth0:params:oauth:grant-type:token-exchange:…``)."""
    at = text.rfind(prefix, max(0, start - _ARN_REACH), start)
    if at < 0 or (at and (text[at - 1].isalnum() or text[at - 1] in "_-")):
        return False
    return text.count(":", at, start) >= colons and not any(c in _ARN_ENDS for c in text[at:start])
