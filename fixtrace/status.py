"""``fixtrace status``: what a client in this folder would use, and whether each part answers.

Every client resolves its configuration the same way (:mod:`fixtrace_config.discovery`);
this command shows the result: the running stack it found (or stale records of stacks that
are gone), the broker, the stack's gateway, ClickHouse and the blob store, where each value
came from (flag, variable, running stack, default), a quick probe of each, and the records
waiting in the client spools. Exit code 0 when everything a client needs answers, else 1.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from pathlib import Path
from urllib.parse import urlsplit

import httpx
import typer
from pydantic import BaseModel
from rich.console import Console

from fixtrace.facts import Fact, print_facts
from fixtrace_config import load_settings
from fixtrace_config.discovery import Discovery, broker_answers, discover, tcp_answers
from fixtrace_config.stack_state import pointed_stacks

PROBE_S = 2.0


class Check(BaseModel):
    """One row: a part a client uses, its value, where that came from, and its probe."""

    part: str
    value: str
    source: str
    answers: bool | None
    """True/False: probed; None: nothing to probe (not used, or informational)."""
    detail: str = ""


def _when(ms: int) -> str:
    return dt.datetime.fromtimestamp(ms / 1000).strftime("%Y-%m-%d %H:%M:%S")


def stack_checks(found: Discovery) -> list[Check]:
    """The stack the client found, and records of stacks that are gone."""
    rows = []
    if found.stack is not None:
        s = found.stack
        rows.append(Check(
            part="stack", value=f"pid {s.pid}, data dir {s.data_dir}", source="stack record",
            answers=True, detail=f"started {_when(s.started_at_ms)}" if s.started_at_ms else "",
        ))  # fmt: skip
    else:
        where = found.source("data_dir") if "data_dir" in found.explicit else "stack records"
        rows.append(Check(
            part="stack", value="none running", source=where, answers=None,
            detail="start one with `fixtrace up`",
        ))  # fmt: skip
    for path, state, live in pointed_stacks():
        if not live:
            rows.append(Check(
                part="stale record", value=f"pid {state.pid}, data dir {state.data_dir}",
                source=str(path), answers=False,
                detail="that process is gone; ignored (removed by the next `fixtrace up`)",
            ))  # fmt: skip
    return rows


def gateway_check(found: Discovery) -> Check:
    if found.stack is None:
        return Check(part="gateway", value="-", source="-", answers=None, detail="no stack")
    url = found.stack.gateway_url
    try:
        ok = httpx.get(f"{url}/healthz", timeout=PROBE_S).status_code == 200
        detail = "GET /healthz" if ok else "GET /healthz did not answer 200"
    except httpx.HTTPError as exc:
        ok, detail = False, f"GET /healthz: {type(exc).__name__}"
    source = f"running stack (pid {found.stack.pid})"
    return Check(part="gateway", value=url, source=source, answers=ok, detail=detail)


def clickhouse_check(found: Discovery) -> Check:
    settings = found.settings
    dsn = settings.resolved_clickhouse_dsn
    source = found.source("clickhouse_dsn")
    if found.stack is not None and "clickhouse_dsn" not in found.explicit:
        gateway = found.stack.gateway_url
        return Check(
            part="clickhouse", value=dsn, source=source, answers=None,
            detail=f"queried through the stack's gateway ({gateway}/admin/sql)",
        )  # fmt: skip
    if dsn.startswith("chdb://"):
        folder = Path(dsn.removeprefix("chdb://"))
        there = folder.is_dir()
        detail = "embedded; opened by the command that uses it" if there else "no data yet"
        return Check(part="clickhouse", value=dsn, source=source, answers=there, detail=detail)
    url = urlsplit(dsn)
    try:
        base = f"{url.scheme}://{url.hostname}:{url.port or 8123}"
        ok = httpx.get(f"{base}/ping", timeout=PROBE_S).status_code == 200
        detail = "GET /ping"
    except (httpx.HTTPError, ValueError) as exc:
        ok, detail = False, f"GET /ping: {type(exc).__name__}"
    shown = dsn.replace(f":{url.password}@", ":***@") if url.password else dsn
    return Check(part="clickhouse", value=shown, source=source, answers=ok, detail=detail)


def blob_check(found: Discovery) -> Check:
    settings = found.settings
    url = settings.resolved_blob_url
    source = found.source("blob_url")
    if url.startswith("file://"):
        folder = Path(url.removeprefix("file://"))
        parent = next((p for p in [folder, *folder.parents] if p.exists()), Path("/"))
        ok = os.access(parent, os.W_OK)
        detail = "folder" if folder.is_dir() else f"created on first use under {parent}"
        return Check(part="blob store", value=url, source=source, answers=ok, detail=detail)
    host, _, port = settings.s3_endpoint.rpartition(":")
    ok = bool(host) and port.isdigit() and tcp_answers(host, int(port), PROBE_S)
    endpoint = settings.s3_endpoint or "no FIXTRACE_S3_ENDPOINT"
    return Check(part="blob store", value=url, source=source, answers=ok, detail=endpoint)


def spool_check(found: Discovery) -> Check:
    """Records that clients accepted while no broker answered, waiting to be sent."""
    from producers.sdk.orphans import backlogs

    root = found.settings.spool_dir
    waiting = backlogs(root)
    entries = sum(b.entries for b in waiting)
    if not entries:
        detail = "nothing waiting"
    else:
        busy = sum(b.in_use for b in waiting)
        detail = (
            f"{entries} record(s) in {len(waiting)} spool(s){f', {busy} in use' if busy else ''}; "
            "the next capture, thought or import that reaches a broker sends them"
        )
    return Check(
        part="spool backlog", value=str(root), source=found.source("spool_dir"), answers=None,
        detail=detail,
    )  # fmt: skip


def health_checks(found: Discovery) -> list[Check]:
    """What the workers and the broker supervisor of this data folder say about themselves
    (``<data_dir>/health/``): a worker waiting out an outage, stuck, or paused on a full
    disk, and a broker that is down, show here instead of as silence."""
    from fixtrace_config.health import BAD_STATES, read_health

    stack_dir = found.stack.data_dir if found.stack is not None else None
    data_dir = stack_dir or found.settings.data_dir
    rows = []
    for h in read_health(Path(data_dir)):
        since = _when(h.since_ms)
        detail = f"{h.state} since {since}" + (f": {h.detail}" if h.detail else "")
        if h.failures:
            detail += f" ({h.failures} failures in a row)"
        rows.append(Check(
            part=h.part, value=f"pid {h.pid}", source="health record",
            answers=h.state not in BAD_STATES, detail=detail,
        ))  # fmt: skip
    return rows


def run_checks(found: Discovery) -> list[Check]:
    """Every row of the status, probes included."""
    settings = found.settings
    broker = Check(
        part="kafka broker", value=settings.kafka_bootstrap,
        source=found.source("kafka_bootstrap"),
        answers=broker_answers(settings.kafka_bootstrap, PROBE_S), detail="TCP connect",
    )  # fmt: skip
    return [
        *stack_checks(found),
        broker,
        gateway_check(found),
        clickhouse_check(found),
        blob_check(found),
        *health_checks(found),
        spool_check(found),
    ]


def status_command(
    as_json: bool = typer.Option(False, "--json", help="Print the rows as JSON."),
) -> None:
    """Show what a client here would connect to, where each value came from, and whether
    each answers; and the records waiting in client spools. Exit 1 when something is down."""
    checks = run_checks(discover(load_settings()))
    down = [c for c in checks if c.answers is False and c.part != "stale record"]
    if as_json:
        typer.echo(json.dumps([c.model_dump() for c in checks], indent=2))
    else:
        marks = {True: "answers", False: "DOES NOT ANSWER", None: ""}
        facts = [
            Fact(c.part, c.value, "; ".join(x for x in (marks[c.answers], f"from {c.source}",
                                                        c.detail) if x))
            for c in checks
        ]  # fmt: skip
        print_facts(Console(), facts, title="fixtrace status")
    raise typer.Exit(1 if down else 0)
