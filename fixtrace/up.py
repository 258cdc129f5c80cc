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
import json
import os
import secrets
import threading
from typing import Any

import mode
from rich.console import Console
from rich.table import Table

from fixtrace.local_services import LocalServices, free_port, port_open
from fixtrace.ui import ui_url
from fixtrace_config import Settings
from fixtrace_config.stack_state import StackState, running_stack, state_path

console = Console(stderr=True)


class UpError(RuntimeError):
    """The stack cannot start; the message says why and what to do."""


class GatewayService(mode.Service):
    """The ingestion gateway (uvicorn) plus the admin SQL route.

    It serves from its own thread and event loop: uvicorn then leaves signal handling to
    the faust worker (it only installs handlers on the main thread), and a burst of HTTP
    work never stalls the stream worker's heartbeats.
    """

    def __init__(self, app: Any, host: str, port: int, **kwargs: Any) -> None:
        self.asgi_app, self.host, self.port = app, host, port
        self.server: Any = None
        self._thread: threading.Thread | None = None
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        import uvicorn

        config = uvicorn.Config(
            self.asgi_app, host=self.host, port=self.port, log_level="warning", lifespan="on"
        )
        self.server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self.server.run, name="gateway", daemon=True)
        self._thread.start()
        while not self.server.started:
            if not self._thread.is_alive():
                raise UpError(f"the gateway could not start on {self.host}:{self.port}")
            await asyncio.sleep(0.05)

    async def on_stop(self) -> None:
        if self.server is not None and self._thread is not None:
            self.server.should_exit = True
            await asyncio.to_thread(self._thread.join, 15)


class QAWorkerService(mode.Service):
    """The finalize-topic consumer; each trace's stages run in a thread off the loop."""

    def __init__(self, settings: Settings, **kwargs: Any) -> None:
        from qa_agents.worker import QAWorker, open_pipeline

        self.worker = QAWorker(settings, open_pipeline(settings), on_report=_show_qa_report)
        self._running: asyncio.Task[Any] | None = None
        super().__init__(**kwargs)

    async def on_start(self) -> None:
        self._running = asyncio.ensure_future(self.worker.run())

    async def on_stop(self) -> None:
        self.worker.stop()
        if self._running is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._running, timeout=30)


def _show_qa_report(report: Any) -> None:
    if getattr(report, "already_done", False):
        return
    stages = " ".join(f"{r.stage}={r.status}" for r in report.results)
    console.print(f"[cyan]qa[/] {report.trace_id}: {stages}")


def _gateway_port(settings: Settings) -> int:
    """The configured gateway port when free, else a free one (said in the status table)."""
    if not port_open(settings.gateway_host, settings.gateway_port):
        return settings.gateway_port
    port = free_port()
    console.print(f"[yellow]port {settings.gateway_port} is taken; the gateway uses {port}[/]")
    return port


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
    table = Table("service", "endpoint", title="fixtrace is up (Ctrl-C stops everything)")
    table.add_row("kafka (tansu broker)", f"{settings.kafka_bootstrap}  pid {broker_pid}")
    table.add_row("gateway", f"{gateway_url}  (openapi: {gateway_url}/docs)")
    table.add_row("web UI", ui_url(gateway_url))
    table.add_row("clickhouse (chdb)", settings.resolved_clickhouse_dsn)
    table.add_row("blob store", settings.resolved_blob_url)
    for name, parts in settings.topics().items():
        table.add_row("topic", f"{name} ({parts} partitions)")
    table.add_row("stream worker", "faust, group fixtrace-streams")
    qa = f"group {settings.qa_consumer_group}, sandbox {settings.sandbox_backend}"
    table.add_row("qa worker", qa)
    table.add_row("state file", str(state_path(settings)))
    console.print(table)


def run_up(base: Settings) -> None:
    """Start everything, write the state file, run until interrupted, then stop it all."""
    import faust

    from streams.app import WorkerOptions, build_app

    base.data_dir.mkdir(parents=True, exist_ok=True)
    base = base.model_copy(update={"data_dir": base.data_dir.resolve()})
    if (live := running_stack(base)) is not None:
        raise UpError(
            f"a stack already runs on {base.data_dir} (pid {live.pid}, gateway "
            f"{live.gateway_url}); stop it first or use another --data-dir"
        )
    token = _stack_token(base)
    stack = LocalServices(base.data_dir, base=base, broker=True)
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
        port = _gateway_port(settings)
        gateway_url = f"http://{settings.gateway_host}:{port}"
        services = [
            GatewayService(build_gateway(settings), settings.gateway_host, port),
            QAWorkerService(settings),
        ]
        app, _ = build_app(settings, WorkerOptions(session_timeout_s=6.0, prepare_procs=0))
        worker = faust.Worker(app, *services, loglevel="warning", quiet=True)
        broker_pid = stack.broker.process.pid if stack.broker else None
        state = StackState(
            pid=os.getpid(), gateway_url=gateway_url,
            kafka_bootstrap=settings.kafka_bootstrap, fleet_token=token,
        )  # fmt: skip
        path = state_path(settings)
        path.write_text(state.model_dump_json())
        path.chmod(0o600)
        _print_status(settings, gateway_url, broker_pid)
        try:
            worker.execute_from_commandline()
        except SystemExit:
            pass
        finally:
            with contextlib.suppress(OSError):
                if json.loads(path.read_text()).get("pid") == os.getpid():
                    path.unlink()
    finally:
        stack.stop()
        console.print("fixtrace stopped: broker, gateway, stream and QA workers")
