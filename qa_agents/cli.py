"""CLI of the QA stage: the finalize-topic worker and replays.

Mounted by ``fixtrace/cli.py`` as ``fixtrace worker qa`` (:func:`worker`) and
``fixtrace replay`` (:func:`replay`); ``app`` runs them standalone. How a replay reaches the
deployment (its settings, its SQL) is a :class:`Deployment` the mounting CLI passes in as
the command's context object, so this stage never imports the top-level package.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.table import Table

from fixtrace_config import Settings, load_settings
from fixtrace_config.deployment import Deployment, Query, QueryError
from fixtrace_config.discovery import (
    broker_answers,
    discover,
    unreachable_broker,
    worker_problem,
)
from schemas.base import time_ms
from schemas.models import ReplayRequest, TraceFinalized

if TYPE_CHECKING:
    from qa_agents.replay import OffsetRange

app = typer.Typer(name="qa", help="QA worker and replays.", no_args_is_help=True)
console = Console(stderr=True)


@contextmanager
def _store_query(settings: Settings) -> Iterator[Query]:
    """SQL straight to the configured ClickHouse (a replay run standalone)."""
    from sinks.clickhouse.store import ClickHouseStore

    try:
        store = ClickHouseStore.open(settings.resolved_clickhouse_dsn, run_migrations=False)
    except Exception as exc:  # driver errors have no common base worth naming
        raise QueryError(f"cannot open {settings.resolved_clickhouse_dsn}: {exc}") from exc

    def query(sql: str, params: dict[str, Any]) -> tuple[Any, Any]:
        try:
            return store.query(sql, params)
        except Exception as exc:  # noqa: BLE001 - the driver's message is the reason
            raise QueryError(str(exc).strip().splitlines()[0]) from exc

    try:
        yield query
    finally:
        store.close()


def _fail(message: str, code: int = 1) -> NoReturn:
    """One line on stderr and a non-zero exit: how this CLI ends on an expected failure."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    raise typer.Exit(code)


def _time_ms(text: str | None) -> int | None:
    """Epoch milliseconds, or an ISO-8601 time (UTC when no zone is given)."""
    if text is None:
        return None
    try:
        return time_ms(text)
    except ValueError:
        raise typer.BadParameter(f"not an ISO time or epoch ms: {text!r}") from None


@app.command("worker")
def worker(
    bootstrap: str | None = typer.Option(None, help="Kafka bootstrap servers."),
    clickhouse_dsn: str | None = typer.Option(None, help="chdb:///abs or http(s)://…"),
    blob_url: str | None = typer.Option(None, help="file:///abs or s3://bucket"),
    sandbox_backend: str | None = typer.Option(None, help="auto | docker | bwrap | none"),
    unsafe_no_sandbox: bool = typer.Option(
        False, "--unsafe-no-sandbox", help="Allow running trace code unsandboxed (dangerous)."
    ),
    repos_file: Path | None = typer.Option(None, help="Per-repo TOML/JSON test config."),
    max_records: int | None = typer.Option(None, help="Stop after this many records."),
    verbose: bool = typer.Option(False, "-v", help="Log each run."),
) -> None:
    """Consume traces.finalized: schema → tests → mre → judge → final, per trace."""
    from qa_agents.worker import QAWorker, open_pipeline

    logging.basicConfig(level=logging.INFO if verbose else logging.WARNING)
    settings = load_settings(
        kafka_bootstrap=bootstrap,
        clickhouse_dsn=clickhouse_dsn,
        blob_url=blob_url,
        sandbox_backend=sandbox_backend,
        unsafe_no_sandbox=unsafe_no_sandbox or None,
        qa_repos_file=repos_file,
    )
    if settings.sandbox_backend == "none" and not settings.unsafe_no_sandbox:
        raise typer.BadParameter("--sandbox-backend none needs --unsafe-no-sandbox")
    if (problem := worker_problem(settings)) is not None:
        _fail(problem)

    def show(report: object) -> None:
        from qa_agents.qa_run import RunReport

        assert isinstance(report, RunReport)
        if report.already_done:
            console.print(f"[dim]{report.trace_id} run {report.run_id[:8]} already done[/]")
            return
        stages = " ".join(f"{r.stage}={r.status}" for r in report.results)
        console.print(f"{report.trace_id} run {report.run_id[:8]}: {stages}")

    qa_worker = QAWorker(settings, open_pipeline(settings), on_report=show, owed_check_s=30.0)
    console.print(
        f"QA worker on {settings.topic_finalized} @ {settings.kafka_bootstrap} "
        f"(group {settings.qa_consumer_group})"
    )
    try:
        stats = asyncio.run(qa_worker.run(max_records=max_records))
    except KeyboardInterrupt:
        stats = qa_worker.stats
    console.print(stats.model_dump())


def _select(
    deployment: Deployment,
    settings: Settings,
    trace_ids: list[str],
    since: int | None,
    until: int | None,
    offsets: list[OffsetRange],
) -> list[TraceFinalized]:
    from qa_agents.replay import Selection, select_from_store, select_from_topic

    sel = Selection(trace_ids=trace_ids, since_ms=since, until_ms=until, offsets=offsets)
    records: dict[str, TraceFinalized] = {}
    if sel.trace_ids or sel.since_ms is not None or sel.until_ms is not None:
        with (deployment.open_query or _store_query)(settings) as query:
            records.update((r.trace_id, r) for r in select_from_store(query, sel))
    if sel.offsets:
        for rec in asyncio.run(select_from_topic(settings, sel.offsets)):
            records.setdefault(rec.trace_id, rec)
    return list(records.values())


@app.command("replay")
def replay(
    ctx: typer.Context,
    trace_id: list[str] = typer.Option([], "--trace-id", help="Trace id (repeatable)."),
    since: str | None = typer.Option(None, help="Finalized at or after (ISO time or epoch ms)."),
    until: str | None = typer.Option(None, help="Finalized before (ISO time or epoch ms)."),
    offsets: list[str] = typer.Option(
        [], "--offsets", help="Finalized-topic range P:START[-END] (repeatable, END exclusive)."
    ),
    rubric_version: str | None = typer.Option(None, help="Re-score under this rubric version."),
    judge_model: str | None = typer.Option(None, help="Re-score with this judge model."),
    requested_by: str | None = typer.Option(None, help="Who asked (kept on the record)."),
    dry_run: bool = typer.Option(False, "--dry-run", help="Only count what would be replayed."),
    bootstrap: str | None = typer.Option(None, help="Kafka bootstrap servers."),
    clickhouse_dsn: str | None = typer.Option(None, help="chdb:///abs or http(s)://…"),
) -> None:
    """Re-publish finalized traces (optionally under a new rubric or judge model)."""
    from qa_agents.replay import OffsetRange, publish_replays

    if not (trace_id or since or until or offsets):
        raise typer.BadParameter("choose traces: --trace-id, --since/--until or --offsets")
    deployment = ctx.obj if isinstance(ctx.obj, Deployment) else Deployment()
    found = discover(load_settings(kafka_bootstrap=bootstrap, clickhouse_dsn=clickhouse_dsn))
    settings = found.settings
    window = _time_ms(since), _time_ms(until)
    try:
        ranges = [OffsetRange.parse(o) for o in offsets]
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint="--offsets") from None
    # reading offsets and publishing both need the finalized topic
    if (offsets or not dry_run) and not broker_answers(settings.kafka_bootstrap):
        _fail(unreachable_broker(found))
    try:
        records = _select(deployment, settings, trace_id, *window, ranges)
    except QueryError as exc:
        _fail(f"cannot select traces from the store: {exc}")
    table = Table("selected", "rubric", "judge model", "dry run", title="replay")
    table.add_row(
        str(len(records)),
        rubric_version or settings.rubric_version,
        judge_model or settings.judge_model,
        str(dry_run),
    )
    console.print(table)
    if dry_run or not records:
        typer.echo(len(records))
        return
    request = ReplayRequest(
        rubric_version=rubric_version, judge_model=judge_model, requested_by=requested_by
    )
    with Progress(
        TextColumn("replaying"), BarColumn(), MofNCompleteColumn(), console=console
    ) as progress:
        task = progress.add_task("replay", total=len(records))
        count = asyncio.run(
            publish_replays(settings, records, request, progress=lambda _: progress.advance(task))
        )
    console.print(
        f"published {count} replays (replay_id {request.replay_id}) to {settings.topic_finalized}"
    )
    typer.echo(count)


if __name__ == "__main__":
    app()
