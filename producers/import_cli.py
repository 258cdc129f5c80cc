"""``fixtrace import FORMAT PATH...``: agent trajectories and SWE-bench predictions as traces.

Apart from the capture commands because an import is a batch: it checks the broker once
before reading anything, shows progress, prints a summary, and exits non-zero when any item
failed. The formats themselves live in :mod:`producers.importers`.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Annotated

import typer

from fixtrace_config.deployment import Deployment
from fixtrace_config.discovery import PROBE_TIMEOUT_S, unreachable_broker
from producers.cli import client_discovery, say_error, settle, spooled_line

import_app = typer.Typer(help="Import existing trajectories as traces.", no_args_is_help=True)

Paths = Annotated[list[Path], typer.Argument(help="Trajectory files or run directories.")]
Instances = Annotated[
    Path | None,
    typer.Option(
        "--instances",
        "--instance",
        help="SWE-bench task records (JSON object, JSON list or JSONL; the dataset's own "
        "fields): gives each trace its repo, base commit, problem statement and evaluation "
        "spec. Trajectories without a record are skipped.",
    ),
]
Batch = Annotated[
    str | None,
    typer.Option(help="Batch name (label import-batch:NAME); default: run directory / file stem."),
]
AsJson = Annotated[bool, typer.Option("--json", help="Print every outcome as JSON on stdout.")]


def _deployment(ctx: typer.Context) -> Deployment:
    """The deployment the mounting CLI passed (the running stack), else the configured one."""
    return ctx.obj if isinstance(ctx.obj, Deployment) else Deployment()


@import_app.command("swe-agent")
def import_swe_agent(
    ctx: typer.Context,
    paths: Paths,
    instances: Instances = None,
    batch: Batch = None,
    as_json: AsJson = False,
) -> None:
    """Import SWE-agent trajectories (.traj files, or run directories searched recursively)."""
    code = import_paths(_deployment(ctx), "swe-agent", paths, instances, batch, as_json)
    raise typer.Exit(asyncio.run(code))


@import_app.command("openhands")
def import_openhands(
    ctx: typer.Context,
    paths: Annotated[
        list[Path], typer.Argument(help="OpenHands output.jsonl files, or folders holding them.")
    ],
    instances: Instances = None,
    batch: Batch = None,
    as_json: AsJson = False,
) -> None:
    """Import an OpenHands SWE-bench evaluation output (output.jsonl: one run per line).

    Without --instances, a line's own `instance` record (newer OpenHands versions) is used.
    """
    code = import_paths(_deployment(ctx), "openhands", paths, instances, batch, as_json)
    raise typer.Exit(asyncio.run(code))


@import_app.command("mini-swe-agent")
def import_mini_swe_agent(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(help="mini-swe-agent .traj.json files, or run directories (recursive)."),
    ],
    instances: Instances = None,
    batch: Batch = None,
    as_json: AsJson = False,
) -> None:
    """Import mini-swe-agent trajectories (<instance_id>.traj.json, mini-swe-agent 1.x)."""
    code = import_paths(_deployment(ctx), "mini-swe-agent", paths, instances, batch, as_json)
    raise typer.Exit(asyncio.run(code))


@import_app.command("predictions")
def import_predictions(
    ctx: typer.Context,
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="SWE-bench predictions files (what `run_evaluation --predictions_path` "
            "reads): JSONL, or a JSON list or {instance_id: prediction} object."
        ),
    ],
    instances: Annotated[
        Path,
        typer.Option(
            "--instances",
            "--instance",
            help="SWE-bench task records of the predicted instances (JSON object, JSON list "
            "or JSONL; the dataset's own fields). Predictions without a record are skipped.",
        ),
    ],
    batch: Annotated[
        str | None,
        typer.Option(help="Batch name (label import-batch:NAME); default: the model name."),
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Import SWE-bench predictions (instance_id, model_patch, model_name_or_path): a trace each.

    Only the patch, no steps: traces are labelled `no-trajectory`; an empty patch is unresolved.
    """
    code = import_paths(_deployment(ctx), "predictions", paths, instances, batch, as_json)
    raise typer.Exit(asyncio.run(code))


async def import_paths(
    deployment: Deployment,
    fmt: str,
    paths: list[Path],
    instances: Path | None,
    batch: str | None,
    as_json: bool,
) -> int:
    """Import a batch; exit code 0 when nothing failed, 1 when something did (or no broker
    answers), 2 on bad input."""
    import json

    from rich.console import Console

    from producers.blob_upload import open_blob_store
    from producers.importers import ImportFormatError
    from producers.importers.run import collect, import_items, outcomes_json, summary
    from producers.importers.swebench import load_records
    from producers.sdk.sender import broker_reachable

    console = Console(stderr=True, soft_wrap=True)
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        say_error(f"no such file or folder: {', '.join(missing)}")
        return 2
    try:
        records = load_records(instances) if instances is not None else None
    except ImportFormatError as exc:
        say_error(str(exc))
        return 2
    found = client_discovery()
    settings = found.settings
    if not await broker_reachable(settings.kafka_bootstrap, PROBE_TIMEOUT_S):
        say_error(
            f"{unreachable_broker(found)}; nothing was imported or spooled: run the import "
            "again once it answers (a re-import stores each trace once)"
        )
        return 1
    items = collect(fmt, paths, batch)
    started = time.perf_counter()
    outcomes, check, delivery = await import_items(
        items, records, settings, deployment, open_blob_store(settings), console
    )
    summary(outcomes, check, time.perf_counter() - started, console)
    if as_json:
        typer.echo(json.dumps(outcomes_json(outcomes), indent=2))
    if delivery.kept:
        typer.echo(
            spooled_line(found, delivery.kept, delivery.spool) + " (or run the import again)",
            err=True,
        )
        return 1
    line = await settle(found, None)
    if line:
        typer.echo(line, err=True)
    return 1 if any(o.status == "failed" for o in outcomes) else 0
