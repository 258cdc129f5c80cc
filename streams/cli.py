"""``fixtrace worker streams``: run one stream worker (any number join the same group).

Partitions of the raw topic are the unit of scale-out: start more workers with the same
``--group`` and the broker spreads the partitions over them.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import typer

from fixtrace_config import Settings, load_settings
from fixtrace_config.discovery import worker_problem

if TYPE_CHECKING:
    from streams.app import WorkerOptions

# faust and the worker are imported when a worker runs, not with this module: a command that
# finds no broker fails without them, and the prepare child (a spawned process re-imports the
# module the worker was started from, ``python -m streams.cli``) needs none of it.

worker_app = typer.Typer(name="worker", help="Run pipeline workers.", no_args_is_help=True)


@worker_app.callback()
def _group() -> None:
    """Pipeline workers; each subcommand runs one worker process."""


def run_stream_worker(
    settings: Settings, opts: WorkerOptions | None = None, loglevel: str = "warning"
) -> None:
    """Run a stream worker in this process until SIGTERM/SIGINT."""
    import faust

    from streams.app import WorkerOptions, build_app

    app, _ = build_app(settings, opts or WorkerOptions())
    worker = faust.Worker(app, loglevel=loglevel, quiet=True)
    worker.execute_from_commandline()


@worker_app.command("streams")
def streams_command(
    group: str = typer.Option("fixtrace-streams", help="Consumer group id."),
    max_records: int = typer.Option(500, help="Raw records per micro-batch."),
    flush_interval: float = typer.Option(0.1, help="Hand a partial take-batch over after (s)."),
    session_timeout: float = typer.Option(30.0, help="Group session timeout (s)."),
    commit_interval: float = typer.Option(1.0, help="Offset commit interval (s)."),
    mode: str = typer.Option("redacted", help="redacted, or raw (still only with consent)."),
    web_port: int | None = typer.Option(None, help="Enable faust's web server on 127.0.0.1."),
    sweep_interval: float = typer.Option(1.0, help="Gap-timeout check interval (s)."),
    stats_path: str | None = typer.Option(None, help="Write counters as JSON here."),
    record_latency: bool = typer.Option(False, help="Track produce→stored latency in stats."),
    prepare_procs: int | None = typer.Option(
        None,
        min=0,
        max=1,
        help="1: decode/redact/rows in a child process (default on 2+ cores); 0: a thread.",
    ),
    loglevel: str = typer.Option("warning"),
) -> None:
    """Consume the raw topic: redact, dedupe, order, store, and publish completed traces."""
    if mode not in ("redacted", "raw"):
        raise typer.BadParameter("mode must be redacted or raw")
    settings = load_settings()
    if (problem := worker_problem(settings)) is not None:
        typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(1)

    from streams.app import WorkerOptions

    logging.basicConfig(level=loglevel.upper())
    opts = WorkerOptions(
        group_id=group, max_records=max_records, flush_interval_s=flush_interval,
        session_timeout_s=session_timeout, commit_interval_s=commit_interval,
        redaction_mode=mode,  # type: ignore[arg-type]
        web_port=web_port, sweep_interval_s=sweep_interval, stats_path=stats_path,
        record_latency=record_latency, prepare_procs=prepare_procs,
    )  # fmt: skip
    run_stream_worker(settings, opts, loglevel=loglevel)


if __name__ == "__main__":
    worker_app()
