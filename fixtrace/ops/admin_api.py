"""``POST /admin/sql``: analyst SQL through the process that owns ClickHouse.

The gateway of a running stack includes this router so that ``fixtrace sql``/``traces``/
``export`` work while the stack holds the embedded engine's folder. Fleet bearer tokens
authenticate; statements are read-only unless the router is built with ``allow_writes``.
"""

from __future__ import annotations

import base64
import datetime as dt
import decimal
import ipaddress
import re
import secrets
import uuid
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from fastapi import APIRouter, Depends, HTTPException, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from fixtrace.ops.query import QueryResult, SqlRequest

READ_ONLY_VERBS = frozenset({"SELECT", "WITH", "SHOW", "DESCRIBE", "DESC", "EXPLAIN", "EXISTS"})
_LEADING_NOISE = re.compile(r"^(?:\s+|--[^\n]*\n?|/\*.*?\*/|\()*", re.S)


class SqlStore(Protocol):
    """What the route needs of the store: ``ClickHouseStore.query``."""

    def query(
        self, sql: str, parameters: dict[str, Any] | None = None
    ) -> tuple[list[str], list[Any]]: ...


def first_verb(sql: str) -> str:
    """The statement's first keyword, past comments and opening parentheses."""
    rest = _LEADING_NOISE.sub("", sql, count=1)
    match = re.match(r"[A-Za-z]+", rest)
    return match.group(0).upper() if match else ""


def jsonable(value: Any) -> Any:
    """A ClickHouse value as JSON: dates ISO-8601, decimals and ids as strings, maps as objects."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [jsonable(v) for v in value]
    if isinstance(value, dt.datetime | dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, bytes | bytearray):
        try:
            return bytes(value).decode()
        except UnicodeDecodeError:
            return "base64:" + base64.b64encode(bytes(value)).decode()
    if isinstance(value, decimal.Decimal | uuid.UUID | ipaddress.IPv4Address
                  | ipaddress.IPv6Address):  # fmt: skip
        return str(value)
    return str(value)


def admin_router(
    store_getter: Callable[[], SqlStore],
    tokens: Sequence[str] | Callable[[], Sequence[str]],
    *,
    allow_writes: bool = False,
) -> APIRouter:
    """A router with ``POST /admin/sql``.

    ``store_getter`` returns the process's store (called per request, so the gateway may
    open it lazily); ``tokens`` are the accepted bearer tokens, or a callable returning them
    (so a token rotation needs no restart). An empty token list refuses every request.
    """
    router = APIRouter(tags=["admin"])
    bearer = HTTPBearer(auto_error=False)

    def authorize(creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> None:
        accepted = tokens() if callable(tokens) else tokens
        given = creds.credentials if creds else ""
        if not given or not any(secrets.compare_digest(given, t) for t in accepted if t):
            raise HTTPException(
                status.HTTP_401_UNAUTHORIZED,
                "a fleet bearer token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )

    @router.post("/admin/sql", response_model=QueryResult, dependencies=[Depends(authorize)])
    def admin_sql(body: SqlRequest) -> QueryResult:
        """Run one statement against the stack's ClickHouse and return all rows."""
        verb = first_verb(body.sql)
        if not allow_writes and verb not in READ_ONLY_VERBS:
            raise HTTPException(
                status.HTTP_403_FORBIDDEN,
                f"read-only endpoint: {verb or 'this'} statements are refused "
                f"(allowed: {', '.join(sorted(READ_ONLY_VERBS))})",
            )
        try:
            columns, rows = store_getter().query(body.sql, body.parameters or None)
        except Exception as exc:  # the driver's errors carry ClickHouse's message
            raise HTTPException(status.HTTP_400_BAD_REQUEST, str(exc).strip()) from exc
        return QueryResult(columns=list(columns), rows=[jsonable(list(r)) for r in rows])

    return router
