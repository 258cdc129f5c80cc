"""Wire the UI to its sources: inside ``fixtrace up``, or as ``fixtrace ui`` beside anything.

Inside the stack the UI reads the embedded engine in-process (the stack owns its folder);
standalone it finds the stack the way every client does (:func:`discover`) and reads through
:func:`open_query_backend`, the same choice ``fixtrace sql`` makes: the running stack's
gateway when one is up (from any folder), else the configured ClickHouse server or chdb.
"""

from __future__ import annotations

from fixtrace.ops.query import ClientBackend, QueryBackend, QueryError, open_query_backend
from fixtrace.ui.app import UiSources
from fixtrace.ui.security import Access, is_loopback
from fixtrace_config import Settings, public_dsn
from fixtrace_config.discovery import discover
from sinks.blobs import S3Endpoint, open_blob_store


class UiConfigError(RuntimeError):
    """The UI cannot start as configured; the message says what to set."""


def accepted_tokens(settings: Settings) -> list[str]:
    """Admin tokens plus the viewer token: the UI reads every trace, which capture clients'
    fleet tokens do not grant."""
    viewer = settings.ui_token.get_secret_value() if settings.ui_token else ""
    return [t for t in (*settings.admin_tokens, viewer) if t]


def access_for(settings: Settings, host: str) -> Access:
    """Open on loopback; elsewhere token-guarded, and refusing to start with no token."""
    access = Access(lambda: accepted_tokens(settings), required=not is_loopback(host))
    if access.required and not access.accepted():
        raise UiConfigError(
            f"the UI would listen on {host}, beyond this machine, and no token is configured: "
            "set FIXTRACE_UI_TOKEN (a viewer token) or FIXTRACE_ADMIN_TOKENS, or bind 127.0.0.1"
        )
    return access


def stack_sources(settings: Settings) -> UiSources:
    """The UI inside ``fixtrace up``: this process's engine, blobs and broker."""
    dsn = settings.resolved_clickhouse_dsn
    return UiSources(
        backend=ClientBackend(dsn),
        blobs=open_blob_store(settings.resolved_blob_url, S3Endpoint.from_settings(settings)),
        access=access_for(settings, settings.gateway_host),
        label=f"this stack's ClickHouse ({public_dsn(dsn)}), blobs at {settings.resolved_blob_url}",
        kafka_bootstrap=settings.kafka_bootstrap,
        dlq_topic=settings.topic_dlq,
        rubric_dir=settings.rubric_dir,
    )


def standalone_sources(settings: Settings, host: str) -> UiSources:
    """``fixtrace ui``: the query backend ``fixtrace sql`` would use right now.

    Raises ``QueryError`` (one line) when there is nothing to read.
    """
    access = access_for(settings, host)
    found = discover(settings)
    settings = found.settings
    backend: QueryBackend = open_query_backend(settings)
    try:
        backend.query("SELECT 1")  # nothing answers: one line now, not an error page later
    except QueryError:
        backend.close()
        raise
    if isinstance(backend, ClientBackend):
        label = f"{backend.name} at {public_dsn(settings.resolved_clickhouse_dsn)}"
    else:
        label = f"the running stack at {found.stack.gateway_url}"  # type: ignore[union-attr]
    return UiSources(
        backend=backend,
        blobs=open_blob_store(settings.resolved_blob_url, S3Endpoint.from_settings(settings)),
        access=access,
        label=label,
        kafka_bootstrap=settings.kafka_bootstrap,
        dlq_topic=settings.topic_dlq,
        rubric_dir=settings.rubric_dir,
    )
