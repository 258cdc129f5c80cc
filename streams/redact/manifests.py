"""Documents that say their values are secret: a Kubernetes Secret's values, whatever its
keys are named (``k8s_secret_data``), and a JSON Web Key's private members
(``jwk_private_key``, :func:`jwk_private_spans`). Part of ``rules.SECRET_RULES``.

``kubectl get secret app -o yaml`` (or ``-o json``) prints a Secret with its ``data``
base64-encoded and keys that need not say secret (``username``, ``db-url``, ``funnier``);
a manifest in a repository writes ``stringData`` in plain text. Name-based rules take the
values whose key says password or token; this reading takes every value of the ``data``
and ``stringData`` maps of a document whose ``kind`` is exactly ``Secret`` (not
``ExternalSecret``, whose data are references, nor ``SealedSecret``'s ciphertext).
Templates and references (``{{ .Values.password | b64enc }}``, ``${DB_PASSWORD}``) are no
values, and a certificate or a public key (a TLS Secret's ``tls.crt``) is public: they
stay.
"""

from __future__ import annotations

import base64
import re

from . import public_der
from .accept import is_placeholder

_YAML_KIND = re.compile(r"(?m)^[ \t]*kind:[ \t]*[\"']?Secret[\"']?[ \t]*$")
_YAML_MAP = re.compile(r"(?m)^([ \t]*)(?:data|stringData):[ \t]*$")
_YAML_ENTRY = re.compile(r"([ \t]+)[\w.\-]+:[ \t]*(.*?)[ \t]*$")
_JSON_KIND = re.compile(r"\"kind\"[ \t]*:[ \t]*\"Secret\"")
_JSON_MAP = re.compile(r"\"(?:data|stringData)\"[ \t]*:[ \t]*\{([^{}]*)\}")
_JSON_VALUE = re.compile(r"\"[\w.\-]+\"[ \t]*:[ \t]*\"([^\"\n]+)\"")
_DOCUMENT = re.compile(r"(?m)^---[ \t]*$")


def secret_data_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """Spans of the values of every Secret's ``data`` and ``stringData`` in ``text``."""
    spans: list[tuple[int, int]] = []
    starts = [0, *(m.end() for m in _DOCUMENT.finditer(text)), len(text)]
    for begin, end in zip(starts, starts[1:], strict=False):
        if _YAML_KIND.search(text, begin, end):
            spans += _yaml_values(text, begin, end)
        if _JSON_KIND.search(text, begin, end):
            spans += _json_values(text, begin, end)
    return [(a, b) for a, b in spans if not _public_or_template(text[a:b])]


_PUBLIC_PEM = tuple(f"-----BEGIN {label}" for label in public_der._PUBLIC_PEM)
_PUBLIC_PEM_B64 = tuple(
    base64.b64encode(f"{head}-----".encode()).decode()[: (len(head) + 5) // 3 * 4]
    for head in _PUBLIC_PEM
)
"""The BEGIN lines of certificates and public keys (``public_der``'s labels), as written and
in base64 (whole groups only): a TLS Secret's ``tls.crt``, a service account's ``ca.crt``.
Public, and kept (its ``tls.key`` goes)."""


def _public_or_template(value: str) -> bool:
    return value.startswith(_PUBLIC_PEM + _PUBLIC_PEM_B64) or is_placeholder(value)


def _yaml_values(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    """The values of the flat map under each ``data:``/``stringData:`` line: its entries
    sit at one indentation, deeper than the head (the first entry's); a line at the
    entries' depth that is no entry, or a shallower one, ends the map (a Secret's data
    holds strings only). A block scalar (``key: |``) is taken while its lines are one
    word each (base64 wrapped, a key); a file's text kept in a Secret (an Alertmanager or
    Prometheus config) is left to the text rules, which read its passwords by name."""
    spans = []
    for head in _YAML_MAP.finditer(text, begin, end):
        indent = len(head.group(1).expandtabs())
        at, child, block = head.end() + 1, -1, False
        while at < end:
            line_end = text.find("\n", at, end)
            line_end = end if line_end < 0 else line_end
            line = text[at:line_end]
            at, depth = line_end + 1, len(line) - len(line.lstrip(" \t"))
            if not line.strip():
                continue
            if depth <= indent or (child >= 0 and depth < child):
                break
            if child < 0:
                child = depth
            if depth > child:
                body = line.strip()
                block = block and not body.startswith(_PUBLIC_PEM) and " " not in body
                if block:  # a value written over lines (base64, a key), not a file's text
                    spans.append((line_end - len(line) + depth, line_end))
                continue
            entry = _YAML_ENTRY.fullmatch(line)
            if entry is None:
                break
            value = entry.group(2)
            block = value in ("|", ">", "|-", ">-")
            if value and not block:
                quoted = value[:1] in "\"'" and value[-1:] == value[:1] and len(value) > 1
                a = line_end - len(line) + entry.start(2) + quoted
                spans.append((a, line_end - len(line) + entry.end(2) - quoted))
    return spans


def _json_values(text: str, begin: int, end: int) -> list[tuple[int, int]]:
    return [
        value.span(1)
        for block in _JSON_MAP.finditer(text, begin, end)
        for value in _JSON_VALUE.finditer(text, block.start(1), block.end(1))
    ]


_JWK_PRIVATE = re.compile(
    r"\"(?:d|p|q|dp|dq|qi|k)\"[ \t]*:[ \t]*\"([A-Za-z0-9_\-]{16,}={0,2})\"", re.IGNORECASE
)
"""A JSON Web Key's private members (RFC 7518: RSA's ``d``, primes and CRT values, EC's
``d``, an oct key's ``k``), by their exact names."""


JWK_PRIVATE_CUT = r"\"(?:d|dp|dq|qi)\"[ \t]*:[ \t]*\"([A-Za-z0-9_\-]{43,})\""
"""A JWK's private member cut from its key (no ``"kty"`` in the text): RSA's ``d`` and CRT
values, EC's ``d``, of 43+ base64url characters (an SVG path's ``"d"`` has blanks)."""


def jwk_private_spans(text: str, low: str, hits: list[str] | None) -> list[tuple[int, int]]:
    """The private members of the JSON Web Keys in a text that has one (a ``"kty"``
    member): a JWK set's public ``n`` and ``e`` stay, its ``d``, ``p``, ``q``, ``dp``,
    ``dq``, ``qi`` and ``k`` go whatever their length (crAPI's ``jwks.json``: a 2048-bit
    ``d`` is 342 characters, past the token rule's 256)."""
    if '"kty"' not in low:
        return []
    return [m.span(1) for m in _JWK_PRIVATE.finditer(text)]
