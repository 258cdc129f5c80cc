"""``POST /admin/sql``: analyst SQL through the process that owns ClickHouse.

The gateway of a running stack includes this router so that ``fixtrace sql``/``traces``/
``export`` work while the stack holds the embedded engine's folder. Fleet bearer tokens
authenticate; statements are read-only unless the router is built with ``allow_writes``
(see ``fixtrace.ops.read_only`` for what read-only means and how it is enforced).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from fastapi import APIRouter, Depends, HTTPException, status
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from fixtrace.ops.query import QueryResult, SqlRequest, jsonable
from fixtrace.ops.read_only import READ_ONLY_SETTINGS, Refused, check_read_only, first_verb

__all__ = ["admin_router", "first_verb"]


class SqlStore(Protocol):
    """What the route needs of the store: ``ClickHouseStore.query``."""

    def query(
        self,
        sql: str,
        parameters: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
    ) -> tuple[list[str], list[Any]]: ...


def admin_router(
    store_getter: Callable[[], SqlStore],
    tokens: Sequence[str] | Callable[[], Sequence[str]],
    *,
    allow_writes: bool = False,
) -> APIRouter:
    """A router with ``POST /admin/sql``.

    ``store_getter`` returns the process's store (called per request, so the gateway may
    open it lazily); ``tokens`` are the accepted admin bearer tokens, or a callable
    returning them (so a token rotation needs no restart). An empty token list refuses
    every request. Capture clients' fleet tokens are not admin tokens: reading every
    trace is more than opening new ones.
    """
    router = APIRouter(tags=["admin"])
    bearer = HTTPBearer(auto_error=False)
    engine_table_functions: list[str] = []

    def authorize(creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> None:
        accepted = tokens() if callable(tokens) else tokens
        given = (creds.credentials if creds else "").encode()  # bytes: any header is comparable
        if not given or not any(secrets.compare_digest(given, t.encode()) for t in accepted if t):
            raise HTTPException(
                status.HTTP_401_UNAUTHORIZED,
                "an admin bearer token is required",
                headers={"WWW-Authenticate": "Bearer"},
            )

    def table_functions(store: SqlStore) -> list[str]:
        """The engine's table functions, asked once (the read-only check refuses most)."""
        if not engine_table_functions:
            sql = "SELECT name FROM system.table_functions"
            _, rows = store.query(sql, None, READ_ONLY_SETTINGS)
            engine_table_functions.extend(r[0] for r in rows)
        return engine_table_functions

    @router.post("/admin/sql", response_model=QueryResult, dependencies=[Depends(authorize)])
    def admin_sql(body: SqlRequest) -> QueryResult:
        """Run one statement against the stack's ClickHouse and return all rows."""
        store = store_getter()
        params = body.parameters or None
        settings = None if allow_writes else READ_ONLY_SETTINGS

        def explain_ast(sql: str) -> str:
            _, rows = store.query(f"EXPLAIN AST {sql}", params, READ_ONLY_SETTINGS)
            return "\n".join(str(r[0]) for r in rows)

        try:
            if not allow_writes:
                check_read_only(body.sql, explain_ast, table_functions(store))
            columns, rows = store.query(body.sql, params, settings)
        except Refused as exc:
            raise HTTPException(status.HTTP_403_FORBIDDEN, str(exc)) from exc
        except Exception as exc:  # the driver's errors carry ClickHouse's message
            message = str(exc).strip()
            code = status.HTTP_403_FORBIDDEN if _READONLY_ERROR in message else 400
            raise HTTPException(code, message) from exc
        return QueryResult(columns=list(columns), rows=[jsonable(list(r)) for r in rows])

    return router


_READONLY_ERROR = "(READONLY)"
"""How ClickHouse names its refusal of a write or settings change under ``readonly=1``."""
