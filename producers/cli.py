"""Capture-side commands, mounted by ``fixtrace/cli.py`` as ``fixtrace gateway|capture|import``…"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from fixtrace_config import load_settings
from fixtrace_config.deployment import Deployment
from schemas.payloads import ThoughtKind

gateway_app = typer.Typer(help="Run the HTTP ingestion gateway.", no_args_is_help=False)
capture_app = typer.Typer(
    help="Record a bug-fix session in a git repository.", no_args_is_help=True
)
# A group with a positional argument: options may follow the text (`thought "…" --kind plan`).
thought_app = typer.Typer(
    help="Record a thought in the current capture session.",
    context_settings={"allow_interspersed_args": True},
)
import_app = typer.Typer(help="Import existing trajectories as traces.", no_args_is_help=True)

Repo = Annotated[Path, typer.Option("--repo", help="Repository (default: current dir).")]
T = TypeVar("T")


def _capture(coro: Coroutine[Any, Any, T]) -> T:
    """Run a capture coroutine; a CaptureError is a one-line message and exit code 2."""
    from producers.capture.git import CaptureError

    try:
        return asyncio.run(coro)
    except CaptureError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None


@gateway_app.callback(invoke_without_command=True)
def gateway(
    host: Annotated[str | None, typer.Option(help="Bind address.")] = None,
    port: Annotated[int | None, typer.Option(help="Port.")] = None,
    token: Annotated[list[str] | None, typer.Option(help="Fleet token (repeatable).")] = None,
) -> None:
    """Serve the gateway with uvicorn (FIXTRACE_* settings; tokens add to FLEET_TOKENS)."""
    import uvicorn

    from producers.gateway import create_app

    settings = load_settings(gateway_host=host, gateway_port=port)
    if token:
        settings = settings.model_copy(update={"fleet_tokens": [*settings.fleet_tokens, *token]})
    if not settings.fleet_tokens:
        typer.echo("warning: no fleet tokens configured; POST /traces will refuse all", err=True)
    from fixtrace_config.gc_tuning import GATEWAY_THRESHOLDS, tune_gc

    app = create_app(settings)
    tune_gc(GATEWAY_THRESHOLDS)  # this process serves only the gateway
    uvicorn.run(app, host=settings.gateway_host, port=settings.gateway_port, log_level="warning")


@capture_app.command("start")
def capture_start(
    bug_report: Annotated[Path | None, typer.Option(help="Markdown bug report.")] = None,
    developer: Annotated[str, typer.Option(help="Developer id.")] = "unknown",
    repo: Repo = Path("."),
) -> None:
    """Open a trace on the repository (base commit, remote, lock hash, bug report)."""
    from producers.capture.session import start

    state = _capture(start(repo, load_settings(), bug_report, developer))
    typer.echo(state.trace_id)


@capture_app.command(
    "run", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def capture_run(ctx: typer.Context, repo: Repo = Path(".")) -> None:
    """Run one command and record it: ``fixtrace capture run -- pytest -q``."""
    from producers.capture.session import quote, run_command

    if not ctx.args:
        typer.echo("error: give the command after --, e.g. capture run -- pytest -q", err=True)
        raise typer.Exit(2)
    raise typer.Exit(_capture(run_command(repo, load_settings(), quote(ctx.args))))


@capture_app.command("shell")
def capture_shell(repo: Repo = Path(".")) -> None:
    """A recording shell: each line you type is run and recorded; ``exit`` leaves."""
    from producers.capture.session import load_state, run_command

    settings = load_settings()
    try:
        load_state(repo.resolve())
    except RuntimeError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    while True:
        try:
            line = input("fixtrace$ ").strip()
        except EOFError:
            break
        if line in ("exit", "quit"):
            break
        if line:
            _capture(run_command(repo, settings, line))


@capture_app.command("watch")
def capture_watch(
    interval: Annotated[float, typer.Option(help="Polling interval, seconds.")] = 1.0,
    once: Annotated[bool, typer.Option(help="One scan, then exit.")] = False,
    repo: Repo = Path("."),
) -> None:
    """Poll the working tree; each saved change becomes a file_edit event."""
    from producers.capture.session import watch

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a watch ends
        _capture(watch(repo, load_settings(), interval, once))


@capture_app.command("finish")
def capture_finish(
    title: Annotated[str | None, typer.Option(help="PR title.")] = None,
    description: Annotated[str | None, typer.Option(help="PR description.")] = None,
    pr_url: Annotated[str | None, typer.Option(help="PR URL.")] = None,
    repo: Repo = Path("."),
) -> None:
    """Record final edits, commit and PR metadata, the final diff (blob), and finalize."""
    from producers.capture.session import finish

    typer.echo(_capture(finish(repo, load_settings(), title, description, pr_url)))


@thought_app.callback(invoke_without_command=True)
def thought(
    text: Annotated[str, typer.Argument(help="The thought.")],
    kind: Annotated[ThoughtKind, typer.Option(help="What kind of thought.")] = ThoughtKind.plan,
    repo: Repo = Path("."),
) -> None:
    """Record a thought in the running capture session."""
    from producers.capture.session import Session

    async def go() -> None:
        async with Session(repo, load_settings()) as s:
            await s.emit("thought", {"kind": kind.value, "content_text": text})

    _capture(go())


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
    """Import a batch; exit code 0 when nothing failed, 1 when something did, 2 on bad input."""
    import json

    from rich.console import Console

    from producers.blob_upload import open_blob_store
    from producers.importers import ImportFormatError
    from producers.importers.run import collect, import_items, outcomes_json, summary
    from producers.importers.swebench import load_records

    console = Console(stderr=True, soft_wrap=True)
    try:
        records = load_records(instances) if instances is not None else None
    except ImportFormatError as exc:
        typer.echo(f"error: {exc}", err=True)
        return 2
    settings = deployment.stack_settings(load_settings())
    items = collect(fmt, paths, batch)
    started = time.perf_counter()
    outcomes, check = await import_items(
        items, records, settings, deployment, open_blob_store(settings), console
    )
    summary(outcomes, check, time.perf_counter() - started, console)
    if as_json:
        typer.echo(json.dumps(outcomes_json(outcomes), indent=2))
    return 1 if any(o.status == "failed" for o in outcomes) else 0
