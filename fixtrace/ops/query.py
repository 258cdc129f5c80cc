"""One way to run analyst SQL, whichever process owns ClickHouse.

``open_query_backend`` picks, in order: the running stack's ``POST /admin/sql`` (the stack
owns the chdb folder), a ClickHouse server over HTTP, or chdb directly (the folder is free).
"""

from __future__ import annotations

from typing import Any, Protocol

import httpx
from pydantic import BaseModel, Field

from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState, running_stack


class QueryError(RuntimeError):
    """The query failed (bad SQL, unreachable endpoint, refused token)."""


class SqlRequest(BaseModel):
    """Body of ``POST /admin/sql``: one statement with ``{name:Type}`` parameters."""

    sql: str = Field(min_length=1)
    parameters: dict[str, Any] = Field(default_factory=dict)


class QueryResult(BaseModel):
    """Column names and rows; values are JSON-friendly when they came over HTTP."""

    columns: list[str]
    rows: list[list[Any]]

    def dicts(self) -> list[dict[str, Any]]:
        """Rows as column → value dicts."""
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


class QueryBackend(Protocol):
    """Anything that runs one SQL statement and returns a :class:`QueryResult`."""

    name: str

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> QueryResult: ...

    def close(self) -> None: ...


class ClientBackend:
    """A clickhouse-connect client: a ClickHouse server, or chdb in this process."""

    def __init__(self, dsn: str, *, database: str | None = None) -> None:
        """Open ``dsn``; ``database`` selects another database than the DSN's (tests)."""
        from sinks.clickhouse.client import open_clickhouse

        self.name = "chdb" if dsn.startswith("chdb:") else "clickhouse"
        self._private = self.name == "clickhouse" or database is not None
        kwargs: dict[str, Any] = {"database": database} if database else {}
        if self.name == "clickhouse":
            # No server session: the web UI queries from several threads at once, and one
            # session refuses concurrent queries ("session is locked"); no reader needs one.
            kwargs["autogenerate_session_id"] = False
        self._client = open_clickhouse(dsn, shared=not self._private, **kwargs)

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> QueryResult:
        """Run ``sql`` and return all rows."""
        try:
            result = self._client.query(sql, parameters=parameters or None)
        except Exception as exc:  # driver errors have no common base worth naming
            raise QueryError(str(exc).strip()) from exc
        return QueryResult(
            columns=list(result.column_names), rows=[list(r) for r in result.result_rows]
        )

    def close(self) -> None:
        """Close a private client; the process-wide chdb client stays for other users."""
        if self._private:
            self._client.close()


class HttpBackend:
    """The running stack's ``POST /admin/sql``, authenticated with the fleet token."""

    name = "stack"

    def __init__(self, base_url: str, token: str, *, timeout_s: float = 60.0) -> None:
        """Talk to the gateway at ``base_url``."""
        self._http = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers={"Authorization": f"Bearer {token}"},
            timeout=timeout_s,
        )

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> QueryResult:
        """Send the statement; HTTP errors become :class:`QueryError` with the server's detail."""
        body = SqlRequest(sql=sql, parameters=parameters or {}).model_dump(mode="json")
        try:
            resp = self._http.post("/admin/sql", json=body)
        except httpx.HTTPError as exc:
            raise QueryError(f"stack gateway unreachable: {exc}") from exc
        if resp.status_code != 200:
            try:
                body = resp.json()
                # The gateway's error shape, or FastAPI's own ({"detail": ...}).
                detail = body.get("detail") or body["error"]["message"]
            except (ValueError, KeyError, TypeError, AttributeError):
                detail = resp.text
            raise QueryError(f"admin/sql answered {resp.status_code}: {detail}")
        return QueryResult.model_validate(resp.json())

    def close(self) -> None:
        """Close the connection pool."""
        self._http.close()


def open_query_backend(settings: Settings, *, database: str | None = None) -> QueryBackend:
    """The backend that can reach this configuration's ClickHouse right now."""
    state: StackState | None = running_stack(settings)
    if state is not None:
        return HttpBackend(state.gateway_url, state.fleet_token)
    return ClientBackend(settings.resolved_clickhouse_dsn, database=database)
