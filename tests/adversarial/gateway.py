"""A live gateway shaped like the one ``fixtrace up`` serves, for attacks over real HTTP.

The app is :func:`fixtrace.up.build_gateway` (ingestion routes, ``POST /admin/sql`` on the
stack's ClickHouse store, the UI at ``/ui``), served by uvicorn on a free loopback port in
a thread, so requests go through a real HTTP parser.
"""

from __future__ import annotations

import logging
import secrets
import uuid
from pathlib import Path
from typing import Any

import httpx
from pydantic import SecretStr

from fixtrace.local_services import create_topics
from fixtrace_config import Settings
from tests.asgi_server import serve

OPEN_BODY: dict[str, Any] = {
    "repo": {"repo_id": "acme/adversarial", "commit_base": "a" * 40},
    "developer": {"developer_id": "dev-adv"},
}


class Credentials:
    """The secrets of one gateway: every test checks none of them leaks."""

    def __init__(self) -> None:
        self.gateway_secret = "gwsecret-" + secrets.token_urlsafe(24)
        self.fleet = "ft_fleet_" + secrets.token_urlsafe(18)
        self.admin = "ft_admin_" + secrets.token_urlsafe(18)

    def all(self) -> list[str]:
        return [self.gateway_secret, self.fleet, self.admin]


def gateway_settings(base: Settings, data_dir: Path, creds: Credentials) -> Settings:
    """``base`` (broker, ClickHouse, blobs) with fresh topics and this gateway's secrets."""
    suffix = uuid.uuid4().hex[:10]
    settings = base.model_copy(
        update={
            "data_dir": data_dir,
            "topic_raw": f"adv.raw.{suffix}",
            "topic_finalized": f"adv.fin.{suffix}",
            "topic_qa": f"adv.qa.{suffix}",
            "topic_dlq": f"adv.dlq.{suffix}",
            "gateway_secret": SecretStr(creds.gateway_secret),
            "fleet_tokens": [creds.fleet],
            "admin_tokens": [creds.admin],
        }
    )
    create_topics(settings.kafka_bootstrap, settings.topics())
    return settings


class LogTap(logging.Handler):
    """Keeps every formatted log line of the process while attached (root logger, DEBUG)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(name)s %(levelname)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    def __enter__(self) -> LogTap:
        root = logging.getLogger()
        self._level = root.level
        root.addHandler(self)
        root.setLevel(logging.DEBUG)
        return self

    def __exit__(self, *_: object) -> None:
        root = logging.getLogger()
        root.removeHandler(self)
        root.setLevel(self._level)


class LiveGateway:
    """``build_gateway(settings)`` served by uvicorn on 127.0.0.1 in a thread."""

    def __init__(self, settings: Settings) -> None:
        from fixtrace.up import build_gateway
        from sinks.clickhouse.store import ClickHouseStore

        ClickHouseStore.open(settings.resolved_clickhouse_dsn).migrate()
        self.settings = settings
        self.app = build_gateway(settings)
        self.url = ""
        # log_config=None: uvicorn's loggers propagate to the root logger, where the
        # tests' LogTap reads every line (access log included).
        self._serving = serve(self.app, log_level="debug", log_config=None, lifespan="on")

    def __enter__(self) -> LiveGateway:
        self.url = self._serving.__enter__()
        return self

    def __exit__(self, *exc: object) -> None:
        self._serving.__exit__(*exc)

    def client(self, **kwargs: Any) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **kwargs)

    def open_trace(self, client: httpx.Client, fleet: str) -> tuple[str, str]:
        """A new trace's id and ingest key."""
        r = client.post("/traces", json=OPEN_BODY, headers={"Authorization": f"Bearer {fleet}"})
        r.raise_for_status()
        body = r.json()
        return body["trace_id"], body["ingest_key"]
