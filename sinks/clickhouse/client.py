"""Open a clickhouse-connect client for a server (HTTP) or the embedded engine (chdb).

One code path for both: ``clickhouse_connect.get_client(dsn=...)`` understands
``http(s)://user:pass@host:port/db`` and ``chdb:///abs/path``. chdb allows one engine
folder per process (a second process on the folder fails to lock it, and this process
cannot open a second folder while a client is open), so embedded clients are cached:
one shared client per folder per process, released with :func:`close_clickhouse`.
"""

from __future__ import annotations

import os
import threading
from typing import Any
from urllib.parse import urlparse

import clickhouse_connect
from clickhouse_connect.driver.client import Client

CHDB_SCHEME = "chdb"
HTTP_SCHEMES = ("http", "https")

_chdb_clients: dict[str, Client] = {}
_chdb_lock = threading.Lock()


class ClickHouseDsnError(ValueError):
    """The DSN is not one fixtrace can open."""


class ChdbFolderInUse(RuntimeError):
    """This process already has another chdb folder open (the engine allows one)."""


def chdb_path(dsn: str) -> str | None:
    """The normalized engine folder of a ``chdb:///abs/path`` DSN, or None for other DSNs."""
    parsed = urlparse(dsn)
    if parsed.scheme != CHDB_SCHEME:
        return None
    if parsed.netloc or not parsed.path.startswith("/"):
        raise ClickHouseDsnError(f"chdb DSN must be chdb:///absolute/path: {dsn!r}")
    # chdb compares folders literally; one spelling per folder keeps the cache honest.
    return os.path.realpath(parsed.path)


def open_clickhouse(dsn: str, *, shared: bool = True, **kwargs: Any) -> Client:
    """A client for ``dsn``; ``kwargs`` go to ``clickhouse_connect.get_client``.

    For chdb the process-wide client of that folder is returned (``shared=False`` makes a
    private one, e.g. for a thread that sets its own session settings; close it yourself).
    HTTP DSNs always get a new client: each has its own connection pool and session.
    Do not ``close()`` a shared chdb client; call :func:`close_clickhouse` instead.
    """
    scheme = urlparse(dsn).scheme
    if scheme in HTTP_SCHEMES:
        return clickhouse_connect.get_client(dsn=dsn, **kwargs)
    path = chdb_path(dsn)
    if path is None:
        raise ClickHouseDsnError(f"want an http(s):// or chdb:/// ClickHouse DSN: {dsn!r}")
    with _chdb_lock:
        others = [p for p in _chdb_clients if p != path]
        if others:
            raise ChdbFolderInUse(
                f"chdb folder {others[0]} is open in this process; close_clickhouse() it "
                f"before opening {path}"
            )
        if not shared:
            return _new_chdb_client(path, kwargs)
        client = _chdb_clients.get(path)
        if client is None:
            client = _chdb_clients[path] = _new_chdb_client(path, kwargs)
        return client


def _new_chdb_client(path: str, kwargs: dict[str, Any]) -> Client:
    os.makedirs(path, exist_ok=True)
    return clickhouse_connect.get_client(dsn=f"{CHDB_SCHEME}://{path}", **kwargs)


def close_clickhouse(dsn: str | None = None) -> None:
    """Close the shared chdb client of ``dsn`` (all of them when None), releasing the folder.

    Private (``shared=False``) clients must be closed by their owners first, or the engine
    keeps the folder.
    """
    path = chdb_path(dsn) if dsn is not None else None
    with _chdb_lock:
        for key in [p for p in _chdb_clients if path is None or p == path]:
            _chdb_clients.pop(key).close()
