"""One error shape for every rejection: ``{"error": {"code", "message", "details"}}``."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException


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

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = _HTTP_CODES.get(exc.status_code, "http_error")
        return error_response(exc.status_code, code, str(exc.detail))
