"""The ``fixtrace demo`` command: find or start a stack, play the session, print the summary."""

from __future__ import annotations

import os
import signal
import sys
import time

import httpx
import typer
from rich.console import Console
from rich.table import Table

from fixtrace.demo.run import (
    DemoError,
    DemoSummary,
    send_session,
    summarize,
    test_python,
    wait_for_qa,
)
from fixtrace.procs import ManagedProcess, spawn
from fixtrace.ui import ui_url
from fixtrace_config import Settings
from fixtrace_config.discovery import discover
from fixtrace_config.stack_state import StackState, running_stack

console = Console(stderr=True)
STACK_START_TIMEOUT_S = 180.0


def start_stack(settings: Settings, *, detached: bool) -> tuple[ManagedProcess, StackState]:
    """Run ``fixtrace up`` in the background and wait until its gateway answers."""
    log_path = settings.data_dir / "logs" / "up.log"
    proc = spawn(
        "fixtrace-up",
        [sys.executable, "-m", "fixtrace.cli", "up", "--data-dir", str(settings.data_dir)],
        log_path=log_path,
        detached=detached,
    )
    deadline = time.monotonic() + STACK_START_TIMEOUT_S
    with console.status(f"starting the embedded stack (log: {log_path})…"):
        while time.monotonic() < deadline:
            if not proc.alive():
                last = proc.log_tail(2000).strip().splitlines()[-3:]
                raise DemoError(
                    f"fixtrace up exited during start-up ({' / '.join(last)}); log: {log_path}"
                )
            state = running_stack(settings)  # the record of the stack started here
            if state is not None and state.pid == proc.pid and _healthy(state):
                return proc, state
            time.sleep(0.2)
    proc.stop()
    raise DemoError(f"the stack did not come up within {STACK_START_TIMEOUT_S:.0f} s")


def _healthy(state: StackState) -> bool:
    try:
        return httpx.get(f"{state.gateway_url}/healthz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def stop_stack(proc: ManagedProcess) -> None:
    """Ask the stack to stop as Ctrl-C would, and wait for it (killed if it hangs)."""
    with console.status("stopping the stack the demo started…"):
        if proc.alive():
            os.kill(proc.pid, signal.SIGINT)
            deadline = time.monotonic() + 60
            while proc.alive() and time.monotonic() < deadline:
                time.sleep(0.1)
        proc.stop()


def _sandbox_rerun(summary: DemoSummary) -> str:
    where = f", in {summary.sandbox_backend}" if summary.sandbox_backend else ""
    return f"{summary.tests_before} → {summary.tests_after}{where}"


def _schema(summary: DemoSummary) -> str:
    if summary.schema_valid is None:
        return "not checked"
    if summary.schema_valid:
        return "valid"
    return f"invalid: {len(summary.schema_problems)} problem(s), listed below"


def print_summary(
    summary: DemoSummary, *, out: Console | None = None, title: str = "fixtrace demo"
) -> None:
    """The table of short facts, then every id, path and URL whole on its own line.

    Why outside the table: a table cell folds a long value at the column edge, and a URL
    or digest broken over two lines can be neither clicked nor copied.
    """
    out = out or Console()
    table = Table(show_header=False)
    table.add_column("item", no_wrap=True)
    table.add_column("value", overflow="fold")
    table.add_row("events sent", str(summary.events_sent))
    table.add_row("trace status", str(summary.status))
    table.add_row("schema", _schema(summary))
    table.add_row("recorded test runs", " → ".join(summary.recorded_tests) or "none")
    if summary.recorded_counts:
        table.add_row("recorded test counts", " → ".join(summary.recorded_counts))
    table.add_row("sandbox re-run", _sandbox_rerun(summary))
    table.add_row("fail → pass", f"{len(summary.fail_to_pass)} test(s), listed below")
    mre = f"{summary.mre_verdict} ({summary.mre_mode})" if summary.mre_verdict else "not run"
    table.add_row("MRE verdict", mre)
    judge = f"{summary.judge_overall} / 5 by {summary.judge_model} (mode: {summary.judge_mode})"
    table.add_row("judge", judge)
    for name, score in summary.judge_scores.items():
        table.add_row(f"  {name}", str(score))
    table.add_row("QA flags", ", ".join(summary.qa_flags) or "none")
    out.print(f"{title} — trace [bold]{summary.trace_id}[/]", soft_wrap=True)
    out.print(table)
    lines = [f"  {p}" for p in summary.schema_problems]
    if lines:
        lines.insert(0, "schema problems:")
    if summary.fail_to_pass:
        lines += ["fail → pass (the sandbox ran them before and after the fix):"]
        lines += [f"  {t}" for t in summary.fail_to_pass]
    if summary.final_trace_blob_id:
        lines += ["final_trace.json:", f"  {summary.final_trace_blob_id}"]
        if summary.final_trace_uri:
            lines.append(f"  {summary.final_trace_uri}")
    if summary.trace_url:
        lines += ["open in a browser:", f"  {summary.trace_url}"]
    for line in lines:
        out.print(line, soft_wrap=True, highlight=False, markup=False)


def run_demo_command(
    settings: Settings, *, timeout_s: float, keep_running: bool, as_json: bool
) -> int:
    """The whole demo; returns the process exit code (0 when QA completed)."""
    found = discover(settings)
    settings = found.settings
    stop_command = (
        f"fixtrace stop --data-dir {settings.data_dir}"
        if "data_dir" in settings.model_fields_set
        else "fixtrace stop"
    )
    settings = settings.model_copy(update={"data_dir": settings.data_dir.resolve()})
    started: ManagedProcess | None = None
    try:
        try:
            settings.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            message = f"cannot use {settings.data_dir} as the data folder: {exc.strerror}"
            raise DemoError(message) from exc
        state = found.stack
        if state is None:
            started, state = start_stack(settings, detached=keep_running)
            console.print(f"started a stack: gateway {state.gateway_url} (pid {state.pid})")
        elif not _healthy(state):
            raise DemoError(
                f"the running stack (pid {state.pid}) does not answer at {state.gateway_url}; "
                f"stop it ({stop_command}) and run the demo again"
            )
        else:
            console.print(f"using the running stack: gateway {state.gateway_url}")
        with console.status("preparing pytest for the sample's tests (cached after once)…"):
            python = test_python()
        with httpx.Client(base_url=state.gateway_url, timeout=60) as client:
            with console.status("recording the bug-fix session on the sample repository…"):
                workdir = settings.data_dir / "demo" / time.strftime("%Y%m%d-%H%M%S")
                trace_id, sent, key = send_session(client, state.fleet_token, workdir, python)
            console.print(f"sent trace {trace_id}: {sent} events, finalized")
            doc = wait_for_qa(client, trace_id, key, timeout_s, console)
        final_id = (doc.get("final_state") or {}).get("final_trace_blob_id")
        uri = None
        if final_id:
            from sinks.blobs import S3Endpoint, open_blob_store

            blobs = open_blob_store(settings.resolved_blob_url, S3Endpoint.from_settings(settings))
            uri = blobs.uri(final_id)
        summary = summarize(doc, sent, uri)
        if started is None or keep_running:  # a stopped stack's link would be dead
            summary.trace_url = ui_url(state.gateway_url, trace_id)
        if as_json:
            print(summary.model_dump_json(indent=2))
        else:
            print_summary(summary)
        return 0
    except (DemoError, httpx.HTTPError) as exc:
        typer.echo(f"error: demo failed: {' '.join(str(exc).split())}", err=True)
        return 1
    finally:
        if started is not None:
            if keep_running:
                console.print(
                    f"the stack the demo started keeps running (pid {started.pid}); stop it "
                    f"with: {stop_command}", soft_wrap=True, highlight=False
                )  # fmt: skip
            else:
                stop_stack(started)
                console.print(
                    "the stack the demo started was stopped (--stop): `fixtrace up` starts it "
                    "again with the trace in it", soft_wrap=True, highlight=False
                )  # fmt: skip
