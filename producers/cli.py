"""Typer apps the lead mounts as ``fixtrace gateway|capture|thought|import``."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated

import typer

from fixtrace.config import load_settings
from schemas.models import ThoughtKind

gateway_app = typer.Typer(help="Run the HTTP ingestion gateway.", no_args_is_help=False)
capture_app = typer.Typer(help="Record a bug-fix session in a git repository.",
                          no_args_is_help=True)
thought_app = typer.Typer(help="Record a thought in the current capture session.")
import_app = typer.Typer(help="Import existing trajectories as traces.", no_args_is_help=True)

Repo = Annotated[Path, typer.Option("--repo", help="Repository (default: current dir).")]


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
    uvicorn.run(create_app(settings), host=settings.gateway_host, port=settings.gateway_port,
                log_level="warning")


@capture_app.command("start")
def capture_start(
    bug_report: Annotated[Path | None, typer.Option(help="Markdown bug report.")] = None,
    developer: Annotated[str, typer.Option(help="Developer id.")] = "unknown",
    repo: Repo = Path("."),
) -> None:
    """Open a trace on the repository (base commit, remote, lock hash, bug report)."""
    from producers.capture.session import start

    state = asyncio.run(start(repo, load_settings(), bug_report, developer))
    typer.echo(state.trace_id)


@capture_app.command("run", context_settings={"allow_extra_args": True,
                                               "ignore_unknown_options": True})
def capture_run(ctx: typer.Context, repo: Repo = Path(".")) -> None:
    """Run one command and record it: ``fixtrace capture run -- pytest -q``."""
    from producers.capture.session import quote

    raise typer.Exit(asyncio.run(_run(repo.resolve(), [quote(ctx.args)])))


@capture_app.command("shell")
def capture_shell(repo: Repo = Path(".")) -> None:
    """A recording shell: each line you type is run and recorded; ``exit`` leaves."""
    lines: list[str] = []
    while True:
        try:
            line = input("fixtrace$ ").strip()
        except EOFError:
            break
        if line in ("exit", "quit"):
            break
        if line:
            asyncio.run(_run(repo.resolve(), [line]))
    del lines


async def _run(repo: Path, commands: list[str]) -> int:
    from producers.capture.session import Session, load_state

    code = 0
    async with Session(repo, load_settings(), load_state(repo)) as s:
        for command in commands:
            code = await s.run(command)
    return code


@capture_app.command("watch")
def capture_watch(
    interval: Annotated[float, typer.Option(help="Polling interval, seconds.")] = 1.0,
    once: Annotated[bool, typer.Option(help="One scan, then exit.")] = False,
    repo: Repo = Path("."),
) -> None:
    """Poll the working tree; each saved change becomes a file_edit event."""
    import time

    from producers.capture.session import Session, load_state

    async def scan() -> int:
        async with Session(repo.resolve(), load_settings(), load_state(repo.resolve())) as s:
            return await s.emit_edits()

    while True:
        n = asyncio.run(scan())
        if n:
            typer.echo(f"{n} edit(s) recorded")
        if once:
            return
        time.sleep(interval)


@capture_app.command("finish")
def capture_finish(
    title: Annotated[str | None, typer.Option(help="PR title.")] = None,
    description: Annotated[str | None, typer.Option(help="PR description.")] = None,
    pr_url: Annotated[str | None, typer.Option(help="PR URL.")] = None,
    repo: Repo = Path("."),
) -> None:
    """Record final edits, commit and PR metadata, the final diff (blob), and finalize."""
    from producers.capture.session import finish

    typer.echo(asyncio.run(finish(repo, load_settings(), title, description, pr_url)))


@thought_app.callback(invoke_without_command=True)
def thought(
    text: Annotated[str, typer.Argument(help="The thought.")],
    kind: Annotated[ThoughtKind, typer.Option(help="What kind of thought.")] = ThoughtKind.plan,
    repo: Repo = Path("."),
) -> None:
    """Record a thought in the running capture session."""
    from producers.capture.session import Session, load_state

    async def go() -> None:
        async with Session(repo.resolve(), load_settings(), load_state(repo.resolve())) as s:
            await s.emit("thought", {"kind": kind.value, "content_text": text})

    asyncio.run(go())


@import_app.command("swe-agent")
def import_swe_agent(path: Annotated[Path, typer.Argument(help="A .traj file.")]) -> None:
    """Import a SWE-agent trajectory into the running stack (via the SDK)."""
    typer.echo(asyncio.run(import_file("swe-agent", path)))


async def import_file(fmt: str, path: Path) -> str:
    """Parse with the format's importer and publish; returns the trace id."""
    from producers.claimcheck import open_blob_store
    from producers.importers import IMPORTERS, ImportFormatError, publish
    from producers.sdk import ProducerConfig, TraceProducer

    try:
        trace = IMPORTERS[fmt](path)
    except ImportFormatError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    settings = load_settings()
    blobs = open_blob_store(settings)
    async with TraceProducer(ProducerConfig.from_settings(settings), blob_store=blobs) as p:
        tid = await publish(trace, p, blobs)
        await p.flush(30)
    return tid
