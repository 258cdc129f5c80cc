"""A text field's whole value, one token alone with no keyword beside it: is it a key?

Text rules need a keyword or a prefix beside a bare key, and a value alone has none: a key
pasted as a command, ``cat token.txt``'s output, a thought that is only the key. How each
text field's lone value is read (``typed``, ``said``, ``printed``, ``located``, ``coded``)
is decided per field in ``schemas.fields.LONE_VALUES``; :func:`lone_key` is the reading.
"""

from __future__ import annotations

import re

from schemas.shapes import reads_as_key
from streams.redact.accept import is_placeholder
from streams.redact.entropy import shannon_bits
from streams.redact.ids import public_id
from streams.redact.key_material import plain_text_base64
from streams.redact.public_der import lone_body_line, public_der_line
from streams.redact.said import DIGEST_OR_CALL, stand_in

_LONE_TOKEN = re.compile(r"\S{6,4096}")
_PRINTED_IDS = re.compile(
    r"(?:0x|sha(?:1|224|256|384|512):|md5:)?[0-9a-fA-F]+"
    r"|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}"
)
"""What tools print alone: a digest or commit id (``git rev-parse``, ``md5 -q``, ``docker
inspect``'s ``sha256:…``), an address, a UUID in either case (macOS ``uuidgen`` prints
upper case)."""


LOCATED = "located"
"""The reading of a path or URL field (``schemas.fields.LONE_VALUES``)."""
_PATH_OR_URL_MARK = re.compile(r"[/\\.:~]")
CODED = "coded"
"""The reading of a code identifier's field: a symbol, a debugger's expression, a test id."""
_IDENTIFIER = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::|->|#)[A-Za-z_$][\w$]*)*")
"""A name code could hold: ``getElementById``, ``pkg.mod.Class``, ``ns::f``, ``p->next``."""
_LONG_HEX_OR_UUID = re.compile(
    r"[0-9a-fA-F]{16,}|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
)
"""Bare hex of 16+ or a UUID: a digest or an id that tools print, but no file's whole path
and no code's name."""
_ADDRESS = re.compile(r"0x[0-9a-fA-F]+")


def _drawn_digits(token: str) -> bool:
    """Hex or a UUID whose digits vary as drawn ones do: not the nil UUID,
    ``10203040-5060-…`` or ``deadbeefdeadbeef`` (99.9 % of drawn values pass the bar)."""
    digits = token.replace("-", "")
    return shannon_bits(digits) >= (3.0 if len(digits) >= 32 else 2.4)


def drawn_id(token: str) -> bool:
    """Bare hex of 16+ or a UUID whose digits vary as drawn ones do."""
    return bool(_LONG_HEX_OR_UUID.fullmatch(token)) and (token.isdigit() or _drawn_digits(token))


def code_could_hold(token: str) -> bool:
    """A name code could hold, however random it looks (generated, mangled: Rust's
    ``…17h0a1b2c3d4e5f6a7bE``, CGLIB's ``Foo$$EnhancerBySpringCGLIB$$3f2a1b7c``), unless it is
    bare hex or a UUID; or an expression at an address (``*(int*)0x601040``)."""
    if _ADDRESS.search(token):
        return True
    return bool(_IDENTIFIER.fullmatch(token)) and not _LONG_HEX_OR_UUID.fullmatch(token)


def lone_key(value: str, reading: str) -> bool:
    """``value`` is one token alone (6-4096 characters: a JWT can be long) that reads as a key
    or a password and could be one (:func:`schemas.shapes.reads_as_key`: a path, URL, file
    name or code is not), is no stand-in (:func:`stand_in`, ``xxxx``), no public id
    (:func:`ids.public_id`) and no certificate's line alone; ``printed`` values keep what
    tools print alone (:data:`_PRINTED_IDS`), ``located`` ones (a path or URL field) also
    anything with a folder, a dot, a scheme or a drive, ``coded`` ones (a symbol, an
    expression, a test id) any name code could hold (:func:`code_could_hold`). Where a path
    or a name was due, bare hex of 16+ or a UUID is neither: it goes."""
    token = value.strip()
    if not _LONE_TOKEN.fullmatch(token):
        return False
    if reading == LOCATED and _PATH_OR_URL_MARK.search(token):
        return False  # a path, a file name, a URL: its random folders and names stay
    if reading == CODED and code_could_hold(token):
        return False
    hex_or_uuid = _LONG_HEX_OR_UUID.fullmatch(token) is not None
    if hex_or_uuid and not drawn_id(token):
        return False  # the nil UUID, counted or repeated digits
    bare_id = hex_or_uuid and reading in (LOCATED, CODED)
    if reading in ("printed", LOCATED) and _PRINTED_IDS.fullmatch(token) and not bare_id:
        return False
    if DIGEST_OR_CALL.match(token) or stand_in(token) or plain_text_base64(token):
        return False
    if is_placeholder(token) or not (bare_id or reads_as_key(token)):
        return False
    # asked only of a key-like token: an IPFS CID, an age recipient, a certificate's line
    return not (public_id(token) or public_der_line(token) or lone_body_line(token, 0, len(token)))


_NAME_SEGMENT = re.compile(r"[^\s/]+")


def id_segments(name: str) -> list[tuple[int, int]]:
    """Spans of the segments of ``name`` (between spaces and slashes) that are drawn ids
    (:func:`drawn_id`): where a name of a platform, a tool or a zone was due
    (``schemas.fields.NAMES_WITHOUT_IDS``)."""
    return [m.span() for m in _NAME_SEGMENT.finditer(name) if drawn_id(m.group())]
