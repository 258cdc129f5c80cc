"""The ``fixtrace`` command: one entry point that mounts each stage's own commands.

Each stage keeps its commands beside its code (``producers/cli.py``, ``streams/cli.py``,
``qa_agents/cli.py``, ``fixtrace/ops/``); this module wires them together, adds the
cross-cutting commands (configuration, schemas, ``up``, ``status``) and turns expected
failures into one line on stderr (:func:`main`).

Why the stage commands are mounted lazily: a command imports only its own stage. A capture
command must answer within a couple of seconds even with no broker, and importing every stage
(faust, FastAPI, the agent libraries) took seconds by itself.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from pydantic import ValidationError
from typer.core import TyperGroup

from fixtrace.errors import fail
from fixtrace_config import Settings, load_settings
from fixtrace_config.deployment import Deployment, Query
from fixtrace_config.discovery import env_variable

# click's exception classes, from typer (which vendors click in its recent releases)
UsageError: type[Exception] = typer.BadParameter.__mro__[1]
ClickException: type[Exception] = UsageError.__mro__[1]


@dataclass(frozen=True)
class Lazy:
    """A command imported when it is used: ``module:attribute``, a Typer app or a function."""

    target: str
    stack: bool = False
    """The command gets :func:`stack_deployment` as its context object (SQL via the stack)."""


class LazyGroup(TyperGroup):
    """A Typer group whose subcommands in :attr:`lazy` load on first use (or for --help)."""

    lazy: dict[str, Lazy] = {}

    def list_commands(self, ctx: Any) -> list[str]:
        return [*super().list_commands(ctx), *self.lazy]

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.lazy:
            return _load(type(self), cmd_name)
        return super().get_command(ctx, cmd_name)

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        """Typer's own lookup, plus "did you mean" over the lazy commands too."""
        try:
            return super().resolve_command(ctx, args)
        except UsageError as exc:
            if "Did you mean" in str(exc) or not args:
                raise
            close = difflib.get_close_matches(args[0], self.list_commands(ctx), n=2)
            if not close:
                raise
            which = " or ".join(repr(c) for c in close)
            raise UsageError(f"No such command {args[0]!r}. Did you mean {which}?", ctx) from exc


@functools.cache
def _load(group: type[LazyGroup], name: str) -> Any:
    spec = group.lazy[name]
    module, _, attribute = spec.target.partition(":")
    target = getattr(importlib.import_module(module), attribute)
    if not isinstance(target, typer.Typer):  # a command function: a one-command app
        single = typer.Typer(add_completion=False)  # completion belongs to `fixtrace` itself
        single.command(name)(target)
        target = single
    command = typer.main.get_command(target)
    command.name = name
    if spec.stack:
        command.context_settings = {**command.context_settings, "obj": stack_deployment()}
    return command


def lazy_group(commands: dict[str, Lazy]) -> type[LazyGroup]:
    """A :class:`LazyGroup` class serving ``commands``."""
    return type("LazyCommands", (LazyGroup,), {"lazy": commands})


app = typer.Typer(
    name="fixtrace",
    help="Capture how developers fix bugs, stream it through Kafka, and QA every trace.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    cls=lazy_group(
        {
            "status": Lazy("fixtrace.status:status_command"),
            "gateway": Lazy("producers.cli:gateway_app"),
            "capture": Lazy("fixtrace.capture_cli:capture_app"),
            "thought": Lazy("producers.cli:thought"),
            "import": Lazy("producers.import_cli:import_app", stack=True),
            "mre": Lazy("qa_agents.mre.cli:validate_command"),
            "worker": Lazy("fixtrace.cli:worker_app"),
            "replay": Lazy("qa_agents.cli:replay", stack=True),
            "sql": Lazy("fixtrace.ops.sql_cli:sql_command"),
            "export": Lazy("fixtrace.ops.export:export_command"),
            "traces": Lazy("fixtrace.ops.traces_cli:traces_app"),
            "dlq": Lazy("fixtrace.ops.dlq_cli:dlq_app"),
            "ui": Lazy("fixtrace.ui.cli:ui_command"),
        }
    ),
)
worker_app = typer.Typer(
    help="Run pipeline workers.",
    no_args_is_help=True,
    cls=lazy_group(
        {"streams": Lazy("streams.cli:streams_command"), "qa": Lazy("qa_agents.cli:worker")}
    ),
)


@worker_app.callback()
def _workers() -> None:
    """Run pipeline workers; each subcommand runs one worker process."""


@app.command("config")
def show_config(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """Show the configuration resolved from FIXTRACE_* variables and defaults (secrets hidden)."""
    from rich.console import Console
    from rich.table import Table

    from fixtrace_config import public_dsn

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
    Console().print(table)


_HIDDEN = "**********"


@app.command("schemas")
def list_schemas() -> None:
    """List every known Avro schema version with its single-object fingerprint."""
    from rich.console import Console
    from rich.table import Table

    from schemas.codec import describe_schemas

    table = Table("record", "fingerprint", "current", title="Avro schemas (schemas/avro)")
    for row in describe_schemas():
        table.add_row(row["name"], row["fingerprint"], row["current"])
    Console().print(table)


DataDir = typer.Option(None, "--data-dir", help="Embedded state folder [FIXTRACE_DATA_DIR].")


@app.command("up")
def up(data_dir: Path | None = DataDir) -> None:
    """Start broker, embedded ClickHouse, blob store, gateway, stream and QA workers."""
    from fixtrace.up import UpError, run_up

    try:
        run_up(load_settings(data_dir=data_dir))
    except UpError as exc:
        fail(str(exc), 2)


@app.command("stop")
def stop(
    data_dir: Path | None = DataDir,
    timeout: float = typer.Option(30.0, help="How long to wait for it to exit (s)."),
) -> None:
    """Stop the running stack (the one `fixtrace status` shows), as Ctrl-C in its terminal."""
    from fixtrace.stop import StopError, stop_stack

    try:
        stopped = stop_stack(load_settings(data_dir=data_dir), timeout_s=timeout)
    except StopError as exc:
        fail(str(exc), 1)
    if not stopped.found:
        typer.echo("no running stack found; nothing to stop", err=True)
        return
    where = f" on {stopped.data_dir}" if stopped.data_dir else ""
    typer.echo(f"stopped the stack (pid {stopped.pid}{where}) in {stopped.seconds:.1f} s")


@app.command("demo")
def demo(
    data_dir: Path | None = DataDir,
    timeout: float = typer.Option(300.0, help="How long to wait for QA (s)."),
    keep_running: bool = typer.Option(
        True,
        "--keep-running/--stop",
        help="Leave a stack the demo started running afterwards (its UI link stays live), "
        "or stop it (then no link is printed).",
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
    from fixtrace_config.discovery import broker_answers
    from sinks.clickhouse.store import ClickHouseStore

    settings = load_settings()
    if not broker_answers(settings.kafka_bootstrap):
        fail(f"no Kafka broker answers at {settings.kafka_bootstrap} [FIXTRACE_KAFKA_BOOTSTRAP]")
    create_topics(settings.kafka_bootstrap, settings.topics())
    typer.echo(f"topics ready on {settings.kafka_bootstrap}: {settings.topics()}")
    applied = ClickHouseStore.open(settings.resolved_clickhouse_dsn).migrate()
    typer.echo(f"migrations applied: {applied or 'none (up to date)'}")


def stack_deployment() -> Deployment:
    """What replays and imports need of a deployment: SQL on the store, through the stack."""

    @contextmanager
    def open_query(settings: Settings) -> Iterator[Query]:
        from fixtrace.ops.query import open_query_backend

        backend = open_query_backend(settings)

        def query(sql: str, params: dict[str, Any]) -> tuple[list[str], list[list[Any]]]:
            result = backend.query(sql, params)
            return result.columns, result.rows

        try:
            yield query
        finally:
            backend.close()

    return Deployment(open_query=open_query)


def _expected(exc: BaseException) -> bool:
    """Failures of the environment (network, files, a service), not of fixtrace's code."""
    if isinstance(exc, OSError | TimeoutError):
        return True
    return type(exc).__module__.split(".")[0] in ("aiokafka", "kafka", "httpx", "httpcore")


def run(command: Any, prog_name: str, args: list[str] | None = None) -> int:
    """Run a click command; usage errors and expected failures become one line on stderr.

    ``FIXTRACE_DEBUG=1`` re-raises expected failures, so their traceback is there when needed.
    """
    try:
        code = command.main(args=args, prog_name=prog_name, standalone_mode=False)
    except UsageError as exc:
        ctx = getattr(exc, "ctx", None)
        where = ctx.command_path if ctx is not None else prog_name
        typer.echo(f"error: {_one_line(exc)} (see `{where} --help`)", err=True)
        return int(getattr(exc, "exit_code", 2))
    except ClickException as exc:
        typer.echo(f"error: {_one_line(exc)}", err=True)
        return int(getattr(exc, "exit_code", 1))
    except (typer.Abort, KeyboardInterrupt):
        typer.echo("aborted", err=True)
        return 130
    except ValidationError as exc:  # a bad FIXTRACE_* value or option value
        problems = "; ".join(
            f"{_setting_name(exc.title, e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        typer.echo(f"error: invalid {exc.title}: {problems}", err=True)
        return 2
    except Exception as exc:
        if not _expected(exc) or os.environ.get("FIXTRACE_DEBUG"):
            raise
        text = " ".join(str(exc).split()) or "no details"
        typer.echo(f"error: {type(exc).__name__}: {text} (FIXTRACE_DEBUG=1 shows where)", err=True)
        return 1
    return code if isinstance(code, int) else 0


def _setting_name(model: str, loc: tuple[Any, ...]) -> str:
    """Where a bad value came from: the variable's name for Settings, else the field path."""
    path = ".".join(str(part) for part in loc)
    if model == "Settings" and loc:
        return env_variable(str(loc[0])) or path
    return path


def _one_line(exc: Exception) -> str:
    return " ".join(exc.format_message().split())  # type: ignore[attr-defined]


def main() -> None:
    """Console-script entry point (``fixtrace``)."""
    sys.exit(run(typer.main.get_command(app), "fixtrace"))


def open_mre() -> None:
    """Console-script entry point (``open-mre``): ``fixtrace mre`` on its own."""
    from qa_agents.mre.cli import app as mre_app

    sys.exit(run(typer.main.get_command(mre_app), "open-mre"))


if __name__ == "__main__":
    main()
