"""Wire the UI to its sources: inside ``fixtrace up``, or as ``fixtrace ui`` beside anything.

Inside the stack the UI reads the embedded engine in-process (the stack owns its folder);
standalone it uses :func:`open_query_backend`, the same choice ``fixtrace sql`` makes: the
running stack's gateway when one is up, else the configured ClickHouse server or chdb.
"""

from __future__ import annotations

from urllib.parse import urlparse, urlunparse

from fixtrace.ops.query import ClientBackend, QueryBackend, open_query_backend
from fixtrace.ui.app import UiSources
from fixtrace.ui.security import Access, is_loopback
from fixtrace_config import Settings
from fixtrace_config.stack_state import effective_settings, running_stack
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


def public_dsn(dsn: str) -> str:
    """A DSN without its password, fit for a footer."""
    parsed = urlparse(dsn)
    if parsed.password is None:
        return dsn
    netloc = f"{parsed.username}@{parsed.hostname}" + (f":{parsed.port}" if parsed.port else "")
    return urlunparse(parsed._replace(netloc=netloc))


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
    """``fixtrace ui``: the query backend ``fixtrace sql`` would use right now."""
    access = access_for(settings, host)
    backend: QueryBackend = open_query_backend(settings)
    state = running_stack(settings)
    if state is not None:
        label = f"the running stack at {state.gateway_url}"
    else:
        label = f"{backend.name} at {public_dsn(settings.resolved_clickhouse_dsn)}"
    broker = effective_settings(settings)
    return UiSources(
        backend=backend,
        blobs=open_blob_store(settings.resolved_blob_url, S3Endpoint.from_settings(settings)),
        access=access,
        label=label,
        kafka_bootstrap=broker.kafka_bootstrap,
        dlq_topic=settings.topic_dlq,
        rubric_dir=settings.rubric_dir,
    )
