"""One error shape for every rejection: ``{"error": {"code", "message", "details"}}``."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from fixtrace_config.failures import classify, disk_full

log = logging.getLogger(__name__)

RETRY_AFTER_DISK_S = 30
"""What a client is told to wait when the gateway's disk is full (it frees slowly)."""
RETRY_AFTER_OUTAGE_S = 5


class ErrorBody(BaseModel):
    code: str
    message: str
    details: Any = None


class ErrorResponse(BaseModel):
    """What every 4xx/5xx of the gateway returns."""

    error: ErrorBody


class ApiError(Exception):
    """Raised by handlers; rendered as :class:`ErrorResponse` with ``status``."""

    def __init__(self, status: int, code: str, message: str, details: Any = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.details = status, code, message, details


def error_response(
    status: int, code: str, message: str, details: Any = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    body = {"error": {"code": code, "message": message, "details": details}}
    return JSONResponse(body, status_code=status, headers=headers)


def pydantic_details(errors: list[Any], prefix: tuple[Any, ...] = ()) -> list[dict[str, Any]]:
    """Validation errors as ``{loc: "events.3.seq", type, msg}``, without echoing input."""
    return [
        {
            "loc": ".".join(str(p) for p in (*prefix, *e["loc"]) if p != "body"),
            "type": e["type"],
            "msg": e["msg"],
        }
        for e in errors
    ]


def _classify(details: list[dict[str, Any]]) -> tuple[int, str, str]:
    types = {d["type"] for d in details}
    if "json_invalid" in types:
        return 400, "malformed_json", "request body is not valid JSON"
    if any(
        d["type"] == "enum" and d["loc"].endswith(".type") and d["loc"].startswith("events")
        for d in details
    ):
        return 422, "unknown_event_type", "an event has a type the schema does not know"
    if "missing" in types:
        return 422, "missing_field", "required fields are missing"
    return 422, "invalid_field", "fields have wrong types or values"


_HTTP_CODES = {
    400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed",
}  # fmt: skip
"""Codes for errors raised as plain HTTP exceptions (FastAPI's body parser, admin routes)."""


def install(app: FastAPI) -> None:
    """Route FastAPI's and Starlette's own errors through the one shape."""

    @app.exception_handler(ApiError)
    async def _api(_: Request, exc: ApiError) -> JSONResponse:
        return error_response(exc.status, exc.code, exc.message, exc.details)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        details = pydantic_details(list(exc.errors()))
        status, code, message = _classify(details)
        return error_response(status, code, message, details)

    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        """A failure of the machine (a full disk, the blob store gone) is a 503 the client
        retries after ``Retry-After``; anything else a 500. Both in the one JSON shape,
        logged here, never a traceback in the response (nothing was published: every route
        publishes last)."""
        kind, rule = classify(exc)
        if disk_full(exc):
            log.error("request failed: the disk is full: %s", exc)
            return error_response(
                503, "disk_full",
                "the gateway's disk is full; nothing was accepted, retry later",
                {"retry_after_s": RETRY_AFTER_DISK_S},
                headers={"Retry-After": str(RETRY_AFTER_DISK_S)},
            )  # fmt: skip
        if kind == "infrastructure":
            log.error("request failed on %s: %s: %s", rule, type(exc).__name__, exc)
            return error_response(
                503, "unavailable", f"a service the gateway needs failed ({rule}); retry later",
                {"retry_after_s": RETRY_AFTER_OUTAGE_S},
                headers={"Retry-After": str(RETRY_AFTER_OUTAGE_S)},
            )  # fmt: skip
        log.exception("request failed")
        return error_response(500, "internal_error", "the gateway failed on this request")

    # OSError (a full disk, a refused connection) is answered by the exception middleware,
    # which keeps the connection; any other exception by Starlette's outermost one.
    app.add_exception_handler(OSError, _unexpected)  # type: ignore[arg-type]
    app.add_exception_handler(Exception, _unexpected)  # type: ignore[arg-type]

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail))
