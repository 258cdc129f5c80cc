"""LocalServices: start the asked-for services, hand back Settings, stop them on exit."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import Any

from pydantic import BaseModel

from fixtrace.local_services.kafka import MEMORY_STORAGE, Broker, create_topics, start_broker
from fixtrace.local_services.net import LocalServicesError
from fixtrace.local_services.s3 import (
    DEFAULT_BUCKET,
    S3Server,
    ensure_bucket,
    settings_update,
    start_s3,
)
from fixtrace.procs import ManagedProcess
from fixtrace_config import Settings
from sinks.blobs.s3 import S3Endpoint

EXTERNAL_ENV = "FIXTRACE_TEST_EXTERNAL"


class ExternalServices(BaseModel):
    """Which services the environment already provides, so nothing is started for them.

    ``FIXTRACE_TEST_EXTERNAL=1`` means Kafka is at the configured ``kafka_bootstrap``.
    Independently, a set ``FIXTRACE_KAFKA_BOOTSTRAP``, ``FIXTRACE_CLICKHOUSE_DSN`` or
    ``FIXTRACE_S3_ENDPOINT`` marks that one service as external.
    """

    kafka: bool = False
    clickhouse: bool = False
    s3: bool = False

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> ExternalServices:
        """Read the flags from ``env`` (default: the process environment)."""
        env = os.environ if env is None else env
        forced = env.get(EXTERNAL_ENV, "").strip().lower() in ("1", "true", "yes", "on")
        return cls(
            kafka=forced or bool(env.get("FIXTRACE_KAFKA_BOOTSTRAP")),
            clickhouse=bool(env.get("FIXTRACE_CLICKHOUSE_DSN")),
            s3=bool(env.get("FIXTRACE_S3_ENDPOINT")),
        )


class LocalServices:
    """Starts the asked-for local services under ``data_dir``; stops them on exit.

    >>> with LocalServices(Path("/tmp/my-stack")) as stack:
    ...     run_pipeline(stack.settings)

    ``base`` supplies every other setting (and the S3 endpoint for s3:// broker storage
    when ``s3`` is False). On a failed start, whatever did start is stopped again.
    """

    def __init__(
        self,
        data_dir: Path,
        *,
        base: Settings | None = None,
        broker: bool = True,
        s3: bool = False,
        broker_storage: str = MEMORY_STORAGE,
        topics: bool = True,
        bucket: str = DEFAULT_BUCKET,
    ) -> None:
        self.data_dir = data_dir.resolve()
        self.base = base if base is not None else Settings()
        self.want_broker = broker
        self.want_s3 = s3
        self.broker_storage = broker_storage
        self.want_topics = topics
        self.bucket = bucket
        self.broker: Broker | None = None
        self.s3: S3Server | None = None
        self._settings: Settings | None = None

    @property
    def settings(self) -> Settings:
        """Settings pointing at what was started (only after :meth:`start`)."""
        if self._settings is None:
            raise LocalServicesError("LocalServices is not started")
        return self._settings

    @property
    def processes(self) -> list[ManagedProcess]:
        """Child processes this stack started (the moto server is a thread, not listed)."""
        return [self.broker.process] if self.broker is not None else []

    def start(self) -> Settings:
        """Start the services; idempotent."""
        if self._settings is not None:
            return self._settings
        try:
            self._settings = self._start()
        except BaseException:
            self.stop()
            raise
        return self._settings

    def _start(self) -> Settings:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        update: dict[str, Any] = {"data_dir": self.data_dir}
        if self.want_s3:
            self.s3 = start_s3(bucket=self.bucket)
            update.update(settings_update(self.s3.endpoint), blob_url=f"s3://{self.bucket}")
        if self.want_broker:
            self.broker = self._start_broker()
            update["kafka_bootstrap"] = self.broker.bootstrap
            if self.want_topics:
                create_topics(self.broker.bootstrap, self.base.topics())
        with_dir = self.base.model_copy(update={"data_dir": self.data_dir})
        update.setdefault("clickhouse_dsn", with_dir.resolved_clickhouse_dsn)
        update.setdefault("blob_url", with_dir.resolved_blob_url)
        return self.base.model_copy(update=update)

    def _start_broker(self) -> Broker:
        endpoint: S3Endpoint | None = None
        if self.broker_storage.startswith("s3://"):
            endpoint = (
                self.s3.endpoint if self.s3 is not None else S3Endpoint.from_settings(self.base)
            )
            ensure_bucket(endpoint, self.broker_storage[len("s3://") :].split("/", 1)[0])
        return start_broker(self.data_dir, storage=self.broker_storage, s3=endpoint)

    def stop(self) -> None:
        """Stop everything started here (idempotent, also after a partial start)."""
        broker, s3, self.broker, self.s3 = self.broker, self.s3, None, None
        self._settings = None
        try:
            if broker is not None:
                broker.stop()
        finally:
            if s3 is not None:
                with contextlib.suppress(Exception):
                    s3.stop()

    def __enter__(self) -> LocalServices:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
