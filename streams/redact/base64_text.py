"""Base64 read back to bytes: the one decoder the readings share (key material, a JWT's
header said alone, a stand-in written in base64), so each says what the bytes mean and none
how to decode them. A leaf module: the readings that need it import one another in a cycle
(``key_material`` imports ``accept``, which imports ``value_forms``)."""

from __future__ import annotations

import base64
import binascii


def decoded_base64(body: str) -> bytes | None:
    """The bytes of base64 or base64url without its padding, None when it is neither."""
    padded = body + "=" * (-len(body) % 4)
    try:
        return base64.b64decode(padded.replace("-", "+").replace("_", "/"), validate=True)
    except (binascii.Error, ValueError):
        return None
