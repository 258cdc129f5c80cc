"""Capture-side commands, mounted by ``fixtrace/cli.py`` as ``fixtrace gateway|capture|thought``…

Every client command finds the stack the same way (:mod:`fixtrace_config.discovery`), checks
with a TCP connect whether its broker answers before any Kafka client waits on it, and ends
with one line when it leaves records spooled. A command that reaches a broker also sends
what earlier commands left in their spools (:mod:`producers.sdk.orphans`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from pathlib import Path
from typing import Annotated, Any, NoReturn, Protocol, TypeVar

import typer

from fixtrace_config import load_settings
from fixtrace_config.discovery import PROBE_TIMEOUT_S, Discovery, discover, unreachable_broker
from schemas.payloads import ThoughtKind

gateway_app = typer.Typer(help="Run the HTTP ingestion gateway.", no_args_is_help=False)
capture_app = typer.Typer(
    help="Record a bug-fix session in a git repository.",
    no_args_is_help=True,
    add_completion=False,  # completion is `fixtrace`'s own
)

Repo = Annotated[Path, typer.Option("--repo", help="Repository (default: current dir).")]
T = TypeVar("T")
LEFTOVER_BUDGET_S = 5.0
"""How long a command that reached a broker spends sending earlier commands' spools."""


def say_error(message: str) -> None:
    """``error: message`` as one line on stderr."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)


def _fail(message: str, code: int = 1) -> NoReturn:
    """One line on stderr and a non-zero exit: how these commands end on expected failures."""
    say_error(message)
    raise typer.Exit(code)


def client_discovery() -> Discovery:
    """The discovered configuration of a client command; library chatter kept off stderr.

    Why quiet: aiokafka logs every refused connection, and this command says in one line
    what happened instead.
    """
    logging.getLogger("aiokafka").setLevel(logging.CRITICAL)
    logging.getLogger("producers").setLevel(logging.ERROR)
    return discover(load_settings())


def spooled_line(found: Discovery, kept: int, spool: Path) -> str:
    """The one line a client prints when records stay in its spool."""
    return (
        f"fixtrace: {unreachable_broker(found)}; {kept} record(s) kept in {spool}; the next "
        "fixtrace command that reaches a broker sends them"
    )


async def settle(found: Discovery, own: Path | None) -> str | None:
    """After a client's work: what stays in ``own`` spool, or what was sent of others'."""
    from producers.sdk.orphans import backlogs, send_leftovers
    from producers.sdk.sender import broker_reachable
    from producers.sdk.spool import backlog

    kept = backlog(own) if own is not None else 0
    if kept:
        return spooled_line(found, kept, own)  # type: ignore[arg-type]
    settings = found.settings
    if not backlogs(settings.spool_dir):
        return None
    if not await broker_reachable(settings.kafka_bootstrap, PROBE_TIMEOUT_S):
        return None  # this command sent nothing either: nothing to say
    sent = await send_leftovers(
        settings.spool_dir, settings.kafka_bootstrap, settings.topic_raw,
        budget_s=LEFTOVER_BUDGET_S, skip=own,
    )  # fmt: skip
    if not sent.entries:
        return None
    rest = f"; {sent.left} still waiting" if sent.left else ""
    return f"fixtrace: sent {sent.entries} record(s) that earlier commands had spooled{rest}"


def _capture(coro: Coroutine[Any, Any, T], found: Discovery, repo: Path) -> T:
    """Run a capture coroutine, then say what stayed spooled (or send others' leftovers).

    A CaptureError is a one-line message and exit code 2.
    """
    from producers.capture.git import CaptureError
    from producers.capture.session import capture_spool

    async def run_and_settle() -> tuple[T, str | None]:
        result = await coro
        return result, await settle(found, capture_spool(found.settings, repo))

    try:
        result, line = asyncio.run(run_and_settle())
    except CaptureError as exc:
        _fail(str(exc), 2)
    if line:
        typer.echo(line, err=True)
    return result


@gateway_app.callback(invoke_without_command=True)
def gateway(
    host: Annotated[str | None, typer.Option(help="Bind address.")] = None,
    port: Annotated[int | None, typer.Option(help="Port.")] = None,
    token: Annotated[list[str] | None, typer.Option(help="Fleet token (repeatable).")] = None,
) -> None:
    """Serve the gateway with uvicorn (FIXTRACE_* settings; tokens add to FLEET_TOKENS).

    It publishes to the configured broker as it is (a running stack serves its own gateway).
    """
    import socket

    import uvicorn

    from fixtrace_config.discovery import broker_answers
    from fixtrace_config.gc_tuning import GATEWAY_THRESHOLDS, tune_gc
    from producers.gateway import create_app

    settings = load_settings(gateway_host=host, gateway_port=port)
    if token:
        settings = settings.model_copy(update={"fleet_tokens": [*settings.fleet_tokens, *token]})
    if not broker_answers(settings.kafka_bootstrap):
        _fail(f"no Kafka broker answers at {settings.kafka_bootstrap} [FIXTRACE_KAFKA_BOOTSTRAP]")
    where = (settings.gateway_host, settings.gateway_port)
    try:  # bound before serving: a taken port is one line here, not a server log
        sock = socket.create_server(where, backlog=2048)
    except OSError as exc:
        _fail(f"cannot listen on {where[0]}:{where[1]}: {exc.strerror or exc}")
    if not settings.fleet_tokens:
        typer.echo("warning: no fleet tokens configured; POST /traces will refuse all", err=True)
    app = create_app(settings)
    tune_gc(GATEWAY_THRESHOLDS)  # this process serves only the gateway
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[sock])


class FinishFollowUp(Protocol):
    """What ``capture finish`` says after finalizing that only the top knows: the trace's
    web-UI link, and (``--wait``) the QA summary read from the store.

    Why a hook: the stages never import the ``fixtrace`` package
    (``tests/test_import_rules.py``); ``fixtrace/capture_cli.py`` sets :data:`follow_up`
    when the ``fixtrace`` command mounts these commands.
    """

    def link(self, found: Discovery, trace_id: str) -> str | None: ...

    def wait(self, found: Discovery, trace_id: str, timeout_s: float, link: str | None) -> None:
        """Block until QA is stored, then print its summary; TimeoutError with the reason."""
        ...


follow_up: FinishFollowUp | None = None


Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="Print only the trace id (for scripts).")
]


def consent_words(consent: dict[str, bool]) -> str:
    """``raw code no, terminal output yes, LLM judge yes``: the trace's consent flags."""
    names = {"store_raw_code": "raw code", "store_terminal_output": "terminal output",
             "allow_llm_judge": "LLM judge"}  # fmt: skip
    return ", ".join(f"{names[k]} {'yes' if consent.get(k) else 'no'}" for k in names)


@capture_app.command("start")
def capture_start(
    bug_report: Annotated[Path | None, typer.Option(help="Markdown bug report.")] = None,
    developer: Annotated[str, typer.Option(help="Developer id.")] = "unknown",
    store_raw_code: Annotated[
        bool,
        typer.Option(
            "--store-raw-code/--no-store-raw-code",
            help="Store whole-file snapshots (the diffs of your edits are always stored).",
        ),
    ] = False,
    store_terminal_output: Annotated[
        bool,
        typer.Option(
            "--store-terminal-output/--no-store-terminal-output",
            help="Store what commands print (else only commands, exit codes and test counts).",
        ),
    ] = True,
    allow_llm_judge: Annotated[
        bool,
        typer.Option(
            "--allow-llm-judge/--no-llm-judge",
            help="Let an LLM judge read the trace (else the offline heuristic judge scores it).",
        ),
    ] = True,
    quiet: Quiet = False,
    repo: Repo = Path("."),
) -> None:
    """Open a trace on the repository (base commit, remote, lock hash, bug report, consent)."""
    from producers.capture.commands import start
    from schemas.models import ConsentFlags

    if bug_report is not None and not bug_report.is_file():
        _fail(f"no bug report at {bug_report}", 2)
    found = client_discovery()
    consent = ConsentFlags(
        store_raw_code=store_raw_code, store_terminal_output=store_terminal_output,
        allow_llm_judge=allow_llm_judge,
    )  # fmt: skip
    state = _capture(start(repo, found.settings, bug_report, developer, consent), found, repo)
    if quiet:
        typer.echo(state.trace_id)
        return
    typer.echo(
        f"capture started: trace {state.trace_id} on {Path(state.repo).name} at "
        f"{state.base_commit[:10]}; consent: {consent_words(state.consent)}"
    )


@capture_app.command(
    "run", context_settings={"allow_extra_args": True, "ignore_unknown_options": True}
)
def capture_run(ctx: typer.Context, repo: Repo = Path(".")) -> None:
    """Run one command, its output shown live, and record it: fixtrace capture run -- pytest -q"""
    from producers.capture.commands import run_command
    from producers.capture.session import quote

    if not ctx.args:
        _fail("give the command after --, e.g. capture run -- pytest -q", 2)
    found = client_discovery()
    raise typer.Exit(_capture(run_command(repo, found.settings, quote(ctx.args)), found, repo))


@capture_app.command("shell")
def capture_shell(repo: Repo = Path(".")) -> None:
    """A recording shell: each line you type is run and recorded; exit leaves."""
    from producers.capture.commands import run_command
    from producers.capture.git import CaptureError
    from producers.capture.session import load_state

    found = client_discovery()
    try:
        load_state(repo.resolve())
    except (CaptureError, RuntimeError) as exc:
        _fail(str(exc), 2)
    while True:
        try:
            line = input("fixtrace$ ").strip()
        except EOFError:
            break
        if line in ("exit", "quit"):
            break
        if line:
            _capture(run_command(repo, found.settings, line), found, repo)


@capture_app.command("watch")
def capture_watch(
    interval: Annotated[float, typer.Option(help="Polling interval, seconds.")] = 1.0,
    once: Annotated[bool, typer.Option(help="One scan, then exit.")] = False,
    repo: Repo = Path("."),
) -> None:
    """Poll the working tree; each saved change becomes a file_edit event."""
    from producers.capture.commands import watch

    found = client_discovery()
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a watch ends
        _capture(watch(repo, found.settings, interval, once), found, repo)


@capture_app.command("finish")
def capture_finish(
    title: Annotated[str | None, typer.Option(help="PR title.")] = None,
    description: Annotated[str | None, typer.Option(help="PR description.")] = None,
    pr_url: Annotated[str | None, typer.Option(help="PR URL.")] = None,
    wait: Annotated[
        bool, typer.Option("--wait", help="Wait for QA and print its summary.")
    ] = False,
    timeout: Annotated[float, typer.Option(help="How long --wait waits (s).")] = 300.0,
    quiet: Quiet = False,
    repo: Repo = Path("."),
) -> None:
    """Record final edits, commit and PR metadata, the final diff (blob), and finalize."""
    from producers.capture.commands import finish

    found = client_discovery()
    done = _capture(finish(repo, found.settings, title, description, pr_url), found, repo)
    link = follow_up.link(found, done.trace_id) if follow_up is not None else None
    if quiet:
        typer.echo(done.trace_id)
    else:
        files = f"{done.files_changed} file(s) changed" if done.files_changed else "no change"
        if done.files_changed and not done.committed:
            files += ", not committed"
        where = f"QA pending, results at {link}" if link else "QA runs once a stack receives it"
        typer.echo(f"trace {done.trace_id} finalized: {done.events} events, {files}; {where}")
    if wait:
        if follow_up is None:
            _fail("--wait needs the `fixtrace` command (it reads QA results from the store)")
        try:
            follow_up.wait(found, done.trace_id, timeout, None if quiet else link)
        except TimeoutError as exc:
            _fail(str(exc))


@capture_app.command("abort")
def capture_abort(repo: Repo = Path(".")) -> None:
    """End the session without finalizing: nothing more is sent, and QA never runs on it."""
    from producers.capture.commands import abort
    from producers.capture.git import CaptureError

    try:
        state = asyncio.run(abort(repo))
    except CaptureError as exc:
        _fail(str(exc), 2)
    typer.echo(
        f"capture aborted: trace {state.trace_id} stays open (unfinished) with the "
        f"{state.last_seq} event(s) already sent; the next capture start begins a new trace"
    )


def thought(
    text: Annotated[str, typer.Argument(help="The thought.", metavar="TEXT", show_default=False)],
    kind: Annotated[ThoughtKind, typer.Option(help="What kind of thought.")] = ThoughtKind.plan,
    repo: Repo = Path("."),
) -> None:
    """Record a thought in the current capture session: fixtrace thought "…" --kind hypothesis."""
    from producers.capture.session import Session

    found = client_discovery()

    async def go() -> tuple[str, int]:
        async with Session(repo, found.settings) as s:
            event = await s.emit("thought", {"kind": kind.value, "content_text": text})
            return s.state.trace_id, event.seq

    trace_id, seq = _capture(go(), found, repo)
    typer.echo(f"thought recorded: {kind.value}, event {seq} of trace {trace_id}")
