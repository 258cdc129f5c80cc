"""One way to run analyst SQL, whichever process owns ClickHouse.

``open_query_backend`` picks, in order: an explicitly configured ClickHouse
(``FIXTRACE_CLICKHOUSE_DSN``), the running stack's ``POST /admin/sql`` (found from any folder
by :func:`fixtrace_config.discovery.discover`; the stack owns the chdb folder), or chdb
directly on the data folder (no stack holds it).
"""

from __future__ import annotations

import base64
import datetime as dt
from pathlib import Path
from typing import Any, Protocol

import httpx
from pydantic import BaseModel, Field

from fixtrace_config import Settings
from fixtrace_config.deployment import QueryError
from fixtrace_config.discovery import discover

NO_STACK_HINT = (
    "No running stack was found: start one with `fixtrace up`, or point FIXTRACE_DATA_DIR or "
    "FIXTRACE_CLICKHOUSE_DSN at a store."
)


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
    return str(value)  # Decimal, UUID, IP addresses and anything else: their text


def _first_line(exc: BaseException) -> str:
    """The first line of a driver's message (ClickHouse appends a stack trace)."""
    lines = str(exc).strip().splitlines()
    return lines[0].strip() if lines else type(exc).__name__


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
        folder = Path(dsn.removeprefix("chdb://"))
        if self.name == "chdb" and not folder.is_dir():
            raise QueryError(f"no stored traces: {folder} does not exist. {NO_STACK_HINT}")
        try:
            self._client = open_clickhouse(dsn, shared=not self._private, **kwargs)
        except Exception as exc:  # driver errors have no common base worth naming
            raise QueryError(f"cannot open {dsn}: {_first_line(exc)}") from exc

    def query(self, sql: str, parameters: dict[str, Any] | None = None) -> QueryResult:
        """Run ``sql`` and return all rows."""
        try:
            result = self._client.query(sql, parameters=parameters or None)
        except Exception as exc:  # driver errors have no common base worth naming
            text = _first_line(exc)
            if "UNKNOWN_TABLE" in text and self.name == "chdb":
                text += f" (this data folder holds no fixtrace tables yet. {NO_STACK_HINT})"
            raise QueryError(text) from exc
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
    found = discover(settings)
    if found.stack is not None and "clickhouse_dsn" not in found.explicit:
        return HttpBackend(found.stack.gateway_url, found.stack.fleet_token)
    return ClientBackend(found.settings.resolved_clickhouse_dsn, database=database)
