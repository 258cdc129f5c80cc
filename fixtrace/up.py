"""``fixtrace up``: the whole pipeline on one machine, no Docker.

Why one process: the embedded ClickHouse engine (chdb) lets one process own a data folder,
and the gateway (reads traces), the stream worker (writes events) and the QA worker (writes
results) all need it. So the broker runs as a child process and the three workers run as
services of one faust worker, sharing one chdb client. The faust worker owns the event
loop and the signal handling: Ctrl-C or SIGTERM stops every service, then the broker.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import secrets
import socket
import sys
import threading
import time
from pathlib import Path
from typing import Any

import mode
from rich.console import Console

from fixtrace.facts import Fact, plural, print_facts
from fixtrace.local_services import LocalServices
from fixtrace.supervise import BrokerSupervisor, DeadlineOnStop, StopDeadline
from fixtrace.ui import ui_url
from fixtrace_config import Settings
from fixtrace_config.stack_state import (
    StackState,
    pointed_stacks,
    process_id,
    prune_stale_pointers,
    publish_stack,
    retract_stack,
    running_stack,
    stack_endpoints,
    state_path,
)

console = Console(stderr=True)
qa_console = Console(file=sys.__stderr__)


class UpError(RuntimeError):
    """The stack cannot start; the message says why and what to do."""


class GatewayService(mode.Service):
    """The ingestion gateway (uvicorn) plus the admin SQL route.

    It serves from its own thread and event loop: uvicorn then leaves signal handling to
    the faust worker (it only installs handlers on the main thread), and a burst of HTTP
    work never stalls the stream worker's heartbeats.
    """

    def __init__(self, app: Any, sock: socket.socket, **kwargs: Any) -> None:
        self.asgi_app, self.sock = app, sock
        self.host, self.port = sock.getsockname()[:2]
        self.server: Any = None
        self._thread: threading.Thread | None = None
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        import uvicorn

        config = uvicorn.Config(self.asgi_app, log_level="warning", lifespan="on")
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self.server.run, kwargs={"sockets": [self.sock]}, name="gateway", daemon=True
        )
        self._thread.start()
        while not self.server.started:
            if not self._thread.is_alive():
                raise UpError(f"the gateway could not start on {self.host}:{self.port}")
            await asyncio.sleep(0.05)

    async def on_stop(self) -> None:
        if self.server is not None and self._thread is not None:
            self.server.should_exit = True
            await asyncio.to_thread(self._thread.join, 15)


OWED_CHECK_S = 30.0
"""How often the QA worker asks ClickHouse for finished traces without a QA run."""


class QAWorkerService(mode.Service):
    """The finalize-topic consumer; each trace's stages run in a thread off the loop."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        from qa_agents.worker import QAWorker, open_pipeline

        self.worker = QAWorker(
            settings, open_pipeline(settings), on_report=_show_qa_report,
            owed_check_s=OWED_CHECK_S,
        )  # fmt: skip
        self._running: asyncio.Task[Any] | None = None
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        self._running = asyncio.ensure_future(self.worker.run())

    async def on_stop(self) -> None:
        self.worker.stop()
        if self._running is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._running, timeout=10)


class StackStateService(mode.Service):
    """Publishes the stack's state once the services started before it serve; retracts it.

    Why a service: clients find the stack by this record, so it appears only when the
    gateway answers (and faust's signal handlers are in place), and goes first on stop.
    """

    def __init__(self, settings: Settings, state: StackState, **kwargs: Any) -> None:
        self.settings, self.record = settings, state
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        publish_stack(self.settings, self.record)

    async def on_stop(self) -> None:
        retract_stack(self.settings, self.record.pid)


def _show_qa_report(report: Any) -> None:
    """One line per QA run on the terminal itself.

    Why ``sys.__stderr__``: faust redirects ``sys.stdout``/``sys.stderr`` into its logger at
    WARNING, so every successful QA run read as a warning in the log.
    """
    if getattr(report, "already_done", False):
        return
    stages = " ".join(f"{r.stage}={r.status}" for r in report.results)
    qa_console.print(f"[cyan]qa[/] {report.trace_id}: {stages}", soft_wrap=True)


def _gateway_socket(settings: Settings) -> socket.socket:
    """The gateway's listening socket: the configured port when free, else one the kernel
    picks (said on the console). Bound here, before anything starts, so no other process
    can take the port between a check and the server's bind."""

    def listening(port: int) -> socket.socket:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            sock.bind((settings.gateway_host, port))
            sock.listen(2048)
        except OSError:
            sock.close()
            raise
        return sock

    try:
        return listening(settings.gateway_port)
    except OSError:
        sock = listening(0)
    port = sock.getsockname()[1]
    console.print(f"[yellow]port {settings.gateway_port} is taken; the gateway uses {port}[/]")
    return sock


def _stack_token(settings: Settings) -> str:
    """A fleet token for local clients (demo, CLI); the configured tokens also work."""
    path = settings.data_dir / "stack.token"
    if path.exists():
        return path.read_text().strip()
    token = "ft_" + secrets.token_urlsafe(24)
    path.write_text(token)
    path.chmod(0o600)
    return token


def build_gateway(settings: Settings) -> Any:
    """The gateway app with the admin SQL route and the web UI, on the stack's one store."""
    from fixtrace.ops.admin_api import admin_router
    from fixtrace.ui import MOUNT
    from fixtrace.ui.app import create_ui_app
    from fixtrace.ui.serve import stack_sources
    from producers.gateway import create_app
    from sinks.clickhouse.store import ClickHouseStore

    store = ClickHouseStore.open(settings.resolved_clickhouse_dsn)
    app = create_app(settings, store_factory=lambda: store)
    app.include_router(admin_router(lambda: store, lambda: settings.admin_tokens))
    app.mount(MOUNT, create_ui_app(stack_sources(settings)))
    return app


def _print_status(settings: Settings, gateway_url: str, broker_pid: int | None) -> None:
    broker_log = (
        Fact("broker log", str(settings.data_dir / "broker"), "durable: kept across crashes")
        if settings.broker_storage == "durable"
        else Fact("broker log", "memory only", "records not yet stored are lost if the stack dies")
    )
    facts = [
        Fact("kafka (tansu broker)", settings.kafka_bootstrap, f"pid {broker_pid}"),
        broker_log,
        Fact("gateway", gateway_url),
        Fact("openapi", f"{gateway_url}/docs"),
        Fact("web UI", ui_url(gateway_url)),
        Fact("clickhouse (chdb)", settings.resolved_clickhouse_dsn),
        Fact("blob store", settings.resolved_blob_url),
        *(Fact("topic", name, plural(n, "partition")) for name, n in settings.topics().items()),
        Fact("stream worker", "faust", "group fixtrace-streams"),
        Fact("qa worker", f"sandbox {settings.sandbox_backend}",
             f"group {settings.qa_consumer_group}"),
        Fact("state file", str(state_path(settings))),
    ]  # fmt: skip
    print_facts(console, facts, title="fixtrace is up (Ctrl-C stops everything)")
    console.print("clients in any folder find this stack (`fixtrace status` shows what they use)")


def _notices(settings: Settings) -> None:
    """What a user of an earlier version or of several stacks should know before start."""
    legacy = Path(".fixtrace")
    if settings.data_dir != legacy.resolve() and (legacy / "clickhouse").is_dir():
        console.print(
            f"[yellow]note:[/] ./.fixtrace holds an earlier stack's data; the default data dir "
            f"is now {settings.data_dir} (`fixtrace up --data-dir .fixtrace` keeps using it)"
        )
    for _path, other, live in pointed_stacks():
        if live and other.data_dir != settings.data_dir:
            console.print(
                f"[yellow]note:[/] another stack runs (pid {other.pid}, {other.data_dir}); "
                "clients without FIXTRACE_DATA_DIR will use this newer one"
            )


def run_up(base: Settings) -> None:
    """Start everything, write the state file, run until interrupted, then stop it all."""
    import faust

    from streams.app import WorkerOptions, build_app

    try:
        base.data_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UpError(f"cannot use {base.data_dir} as the data folder: {exc.strerror}") from exc
    base = base.model_copy(update={"data_dir": base.data_dir.resolve()})
    if (live := running_stack(base)) is not None:
        raise UpError(
            f"a stack already runs on {base.data_dir} (pid {live.pid}, gateway "
            f"{live.gateway_url}); stop it first or use another --data-dir"
        )
    prune_stale_pointers()
    _notices(base)
    token = _stack_token(base)
    from fixtrace.local_services.kafka import DURABLE_STORAGE, MEMORY_STORAGE

    storage = DURABLE_STORAGE if base.broker_storage == "durable" else MEMORY_STORAGE
    stack = LocalServices(base.data_dir, base=base, broker=True, broker_storage=storage)
    settings = stack.start()
    # The stack token is the local user's: it opens traces (demo) and runs admin SQL (CLI).
    settings = settings.model_copy(
        update={
            "fleet_tokens": [*settings.fleet_tokens, token],
            "admin_tokens": [*settings.admin_tokens, token],
        }
    )
    try:
        from sinks.clickhouse.store import ClickHouseStore

        applied = ClickHouseStore.open(settings.resolved_clickhouse_dsn).migrate()
        if applied:
            console.print(f"applied ClickHouse migrations: {', '.join(applied)}")
        sock = _gateway_socket(settings)
        gateway_url = f"http://{settings.gateway_host}:{sock.getsockname()[1]}"
        state = StackState(
            pid=os.getpid(), gateway_url=gateway_url, kafka_bootstrap=settings.kafka_bootstrap,
            fleet_token=token, process_id=process_id(os.getpid()),
            started_at_ms=time.time_ns() // 1_000_000, endpoints=stack_endpoints(settings),
        )  # fmt: skip

        def force_stop() -> None:
            retract_stack(settings, os.getpid())
            if stack.broker is not None:
                stack.broker.stop(grace_s=1.0)

        services = [
            GatewayService(build_gateway(settings), sock),
            QAWorkerService(settings),
            BrokerSupervisor(stack, settings.data_dir),
            StackStateService(settings, state),
        ]
        app, _ = build_app(settings, WorkerOptions(session_timeout_s=6.0, prepare_procs=0))

        class StackWorker(DeadlineOnStop, faust.Worker):
            """faust's worker whose stop ends within the deadline, from the signal on."""

        worker = StackWorker(app, *services, loglevel="warning", quiet=True)
        worker.stop_deadline = StopDeadline(force_stop)
        broker_pid = stack.broker.process.pid if stack.broker else None
        _print_status(settings, gateway_url, broker_pid)
        try:
            worker.execute_from_commandline()
        except SystemExit:
            pass
        finally:
            retract_stack(settings, os.getpid())
    finally:
        stack.stop()
        console.print("fixtrace stopped: broker, gateway, stream and QA workers")
