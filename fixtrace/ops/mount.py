"""Mount the analyst and operator commands on the root ``fixtrace`` app in one call."""

from __future__ import annotations

import typer

from fixtrace.ops.dlq_cli import dlq_app
from fixtrace.ops.export import export_command
from fixtrace.ops.sql_cli import sql_command
from fixtrace.ops.traces_cli import traces_app


def mount_ops(app: typer.Typer) -> None:
    """Add ``sql``, ``traces``, ``export`` and ``dlq`` to ``app``."""
    app.command("sql")(sql_command)
    app.command("export")(export_command)
    app.add_typer(traces_app, name="traces")
    app.add_typer(dlq_app, name="dlq")
