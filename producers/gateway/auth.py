"""Fleet bearer tokens create traces; per-trace ingest keys write to one trace.

An ingest key is ``HMAC-SHA256(secret, trace_id)`` (url-safe base64), so checking one
needs no state and a key for trace A never verifies for trace B.
"""

from __future__ import annotations

import base64
import hashlib
import hmac

from fastapi import Request

from producers.gateway.errors import ApiError


def ingest_key(secret: bytes, trace_id: str) -> str:
    digest = hmac.new(secret, trace_id.encode(), hashlib.sha256).digest()
    return "ik_" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode()


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return request.headers.get("x-ingest-key")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad_authorization_header", "Authorization must be 'Bearer <token>'")
    return token.strip()


def require_fleet(request: Request, tokens: list[str]) -> None:
    token = _bearer(request)
    if token is None:
        raise ApiError(401, "missing_credentials", "a fleet bearer token is required")
    if not any(hmac.compare_digest(token.encode(), t.encode()) for t in tokens):
        raise ApiError(401, "invalid_fleet_token", "the bearer token is not a fleet token")


def require_ingest(
    request: Request, secret: bytes, trace_id: str, admin_tokens: list[str] | None = None
) -> None:
    """The trace's ingest key (or, where reading is allowed, an admin token)."""
    token = _bearer(request)
    if token is None:
        raise ApiError(
            401,
            "missing_credentials",
            "this trace's ingest key is required (Authorization: Bearer <key>)",
        )
    if hmac.compare_digest(token.encode(), ingest_key(secret, trace_id).encode()):
        return
    if admin_tokens and any(hmac.compare_digest(token.encode(), t.encode()) for t in admin_tokens):
        return
    raise ApiError(
        403,
        "ingest_key_mismatch",
        "the key does not grant access to this trace",
        {"trace_id": trace_id},
    )
