"""Request size limits enforced before a body is parsed (pure ASGI, streaming-safe)."""

from __future__ import annotations

import json
from typing import Any

from producers.gateway.errors import ApiError

Scope = dict[str, Any]


class BodyLimit:
    """Rejects bodies over a limit with 413 and the gateway's error shape."""

    def __init__(self, app: Any, *, default: int, blobs: int) -> None:
        self.app, self.default, self.blobs = app, default, blobs

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.blobs if scope["path"].endswith("/blobs") else self.default
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > limit:
                await _reject(send, limit)
                return
        seen = 0

        async def limited_receive() -> dict[str, Any]:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > limit:  # chunked upload: raised inside the route, rendered as 413
                    raise ApiError(
                        413,
                        "body_too_large",
                        f"request body exceeds {limit} bytes",
                        {"limit_bytes": limit},
                    )
            return message

        await self.app(scope, limited_receive, send)


async def _reject(send: Any, limit: int) -> None:
    body = json.dumps(
        {
            "error": {
                "code": "body_too_large",
                "message": f"request body exceeds {limit} bytes",
                "details": {"limit_bytes": limit},
            }
        }
    ).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
