"""The ``fixtrace`` command: one entry point that mounts each stage's own commands.

Each stage keeps its commands beside its code (``producers/cli.py``, ``streams/cli.py``,
``qa_agents/cli.py``); this module only wires them together and adds the cross-cutting
commands (configuration, schemas).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from fixtrace_config import Settings, load_settings
from fixtrace_config.deployment import Deployment, Query

app = typer.Typer(
    name="fixtrace",
    help="Capture how developers fix bugs, stream it through Kafka, and QA every trace.",
    no_args_is_help=True,
    rich_markup_mode="rich",
)
console = Console()


@app.command("config")
def show_config(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Show the configuration resolved from FIXTRACE_* variables and defaults (secrets hidden)."""
    from fixtrace.ui.serve import public_dsn

    settings = Settings()
    values = settings.model_dump(mode="json")  # SecretStr fields come out as "**********"
    for key in ("fleet_tokens", "admin_tokens"):
        values[key] = [_HIDDEN for _ in values[key]]
    values["clickhouse_dsn"] = public_dsn(settings.resolved_clickhouse_dsn)
    values["blob_url"] = public_dsn(settings.resolved_blob_url)
    if as_json:
        typer.echo(json.dumps(values, indent=2))
        return
    table = Table("setting", "value", title="fixtrace configuration")
    for key, value in values.items():
        table.add_row(key, "" if value is None else str(value))
    console.print(table)


_HIDDEN = "**********"


@app.command("schemas")
def list_schemas() -> None:
    """List every known Avro schema version with its single-object fingerprint."""
    from schemas.codec import describe_schemas

    table = Table("record", "fingerprint", "current", title="Avro schemas (schemas/avro)")
    for row in describe_schemas():
        table.add_row(row["name"], row["fingerprint"], row["current"])
    console.print(table)


DataDir = typer.Option(None, "--data-dir", help="Embedded state folder [FIXTRACE_DATA_DIR].")


@app.command("up")
def up(data_dir: Path | None = DataDir) -> None:
    """Start broker, embedded ClickHouse, blob store, gateway, stream and QA workers here."""
    from fixtrace.up import UpError, run_up

    try:
        run_up(load_settings(data_dir=data_dir))
    except UpError as exc:
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from exc


@app.command("demo")
def demo(
    data_dir: Path | None = DataDir,
    timeout: float = typer.Option(300.0, help="How long to wait for QA (s)."),
    keep_running: bool = typer.Option(
        False, "--keep-running", help="Leave a stack the demo started running afterwards."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON."),
) -> None:
    """Play a real bug-fix session on the sample repository and print its QA summary."""
    from fixtrace.demo.cli import run_demo_command

    code = run_demo_command(
        load_settings(data_dir=data_dir), timeout_s=timeout, keep_running=keep_running,
        as_json=as_json,
    )  # fmt: skip
    raise typer.Exit(code)


admin_app = typer.Typer(help="One-off administration of a deployment.", no_args_is_help=True)
app.add_typer(admin_app, name="admin")


@admin_app.command("init")
def admin_init() -> None:
    """Create the topics at their partition counts and apply ClickHouse migrations."""
    from fixtrace.local_services import create_topics
    from sinks.clickhouse.store import ClickHouseStore

    settings = load_settings()
    create_topics(settings.kafka_bootstrap, settings.topics())
    console.print(f"topics ready on {settings.kafka_bootstrap}: {settings.topics()}")
    applied = ClickHouseStore.open(settings.resolved_clickhouse_dsn).migrate()
    console.print(f"migrations applied: {applied or 'none (up to date)'}")


def _stack_deployment() -> Deployment:
    """What replays and imports need of a deployment: the running stack's broker and SQL."""
    from fixtrace.ops.query import open_query_backend
    from fixtrace_config.stack_state import effective_settings

    @contextmanager
    def open_query(settings: Settings) -> Iterator[Query]:
        backend = open_query_backend(settings)

        def query(sql: str, params: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
            result = backend.query(sql, params)
            return result.columns, result.rows

        try:
            yield query
        finally:
            backend.close()

    return Deployment(stack_settings=effective_settings, open_query=open_query)


def _mount() -> None:
    """Attach each stage's commands; each module keeps its own commands beside its code."""
    from producers.cli import capture_app, gateway_app, import_app, thought_app
    from qa_agents.mre.cli import validate_command

    app.add_typer(gateway_app, name="gateway")
    app.add_typer(capture_app, name="capture")
    app.add_typer(thought_app, name="thought")
    app.add_typer(import_app, name="import", context_settings={"obj": _stack_deployment()})
    app.command("mre", help="Validate a markdown bug report as a minimal reproducible example.")(
        validate_command
    )
    from qa_agents import cli as qa_cli
    from streams.cli import streams_command

    worker_app = typer.Typer(help="Run pipeline workers.", no_args_is_help=True)
    worker_app.command("streams")(streams_command)
    worker_app.command("qa")(qa_cli.worker)
    app.add_typer(worker_app, name="worker")
    app.command("replay", context_settings={"obj": _stack_deployment()})(qa_cli.replay)
    from fixtrace.ops.mount import mount_ops

    mount_ops(app)  # sql, export, traces (list|show), dlq (list|show|requeue)
    from fixtrace.ui.cli import ui_command

    app.command("ui")(ui_command)


_mount()


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
