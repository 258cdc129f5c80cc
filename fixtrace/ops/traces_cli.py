"""``fixtrace traces list|show``: find traces by outcome and read one as a timeline."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from fixtrace.errors import fail
from fixtrace.ops.batch_report import batch_report
from fixtrace.ops.documents import LATEST_QA_SQL, fetch_document
from fixtrace.ops.filters import TestOutcome, TraceFilter, batch_label, time_ms
from fixtrace.ops.query import QueryBackend, QueryError, QueryResult, open_query_backend
from fixtrace.ops.render import (
    Column,
    OutputFormat,
    cell,
    elapsed,
    emit,
    fitted_table,
    wide_console,
)
from fixtrace_config import load_settings
from schemas.document import StoredEvent

traces_app = typer.Typer(
    name="traces", help="List and inspect stored traces.", no_args_is_help=True
)
console = Console()

LIST_COLUMNS = (
    "trace_id, repo_id, status, events_stored, test_runs, fail_to_pass, final_passed, "
    "resolved, mre_verdict, judge_overall, judge_mode, "
    "fromUnixTimestamp64Milli(created_at_ms) AS created_at, bug_report_title"
)
# What the table shows, most important first when the terminal is narrow (see render.py).
LIST_TABLE = (
    Column("trace_id", "trace", 0, None),
    Column("tests", "tests", 1, 9),
    Column("judge", "judge", 2, 5, "right"),
    Column("status", "status", 4, 10),
    Column("repo_id", "repo", 3, None),  # whole: "fixtrace-dem" + "o/httpparse" helped no one
    Column("resolved", "resolved", 5, 8),
    Column("mre_verdict", "MRE", 5, 6),
    Column("created", "created (UTC)", 6, 16),
    Column("events_stored", "events", 7, 6, "right"),
    Column("bug_report_title", "title", 8, 20),
    Column("judge_mode", "judge mode", 9, 9),
    Column("test_runs", "test runs", 9, 5, "right"),
)
QA_TABLE = (
    Column("stage", "stage", 0, 6),
    Column("status", "status", 1, 8),
    Column("judge_overall", "judge", 2, 5, "right"),
    Column("final_passed", "tests passed", 3, 6),
    Column("resolved", "resolved", 3, 8),
    Column("mre_verdict", "MRE", 3, 6),
    Column("flags", "flags", 4, 14),
    Column("judge_mode", "judge mode", 5, 9),
    Column("judge_model", "judge model", 6, 12),
    Column("rubric_version", "rubric", 6, 6),
    Column("run_id", "run", 7, None),
    Column("error", "error", 8, 20),
)
TIMELINE_TABLE = (
    Column("seq", "seq", 0, 3, "right"),
    Column("time", "+time", 2, 8),
    Column("type", "type", 1, 16),
    Column("what", "what", 0, 24),
)
HELD_OUT_TABLE = (
    Column("test_id", "test", 0, 24),
    Column("ok", "ok", 0, 5),
    Column("after", "after", 1, 7),
    Column("before", "before", 2, 7),
    Column("kind", "kind", 3, 12),
)


INSTANCE_TABLE = (  # ids whole (cut with "…" before); the flags give way first
    Column("instance", "instance", 0, None),
    Column("outcome", "outcome", 1, 10),
    Column("trace_id", "trace_id", 2, None),
    Column("flags", "flags", 3, 12),
)


WideOption = typer.Option(False, "--wide", "-w", help="Every column, however wide the table.")
QA_COLUMNS = (
    "stage, status, run_id, judge_overall, judge_mode, judge_model, rubric_version, "
    "final_passed, resolved, mre_verdict, flags, error"
)


def _run(backend: QueryBackend, sql: str, params: dict[str, object]) -> QueryResult:
    try:
        return backend.query(sql, params)
    except QueryError as exc:
        fail(f"query failed ({backend.name}): {exc}")


def _backend() -> QueryBackend:
    try:
        return open_query_backend(load_settings())
    except QueryError as exc:
        fail(str(exc))


@traces_app.command("list")
def list_traces(
    repo: str | None = typer.Option(None, help="Only this repo_id."),
    status: list[str] = typer.Option(
        [], help="open, finalizing, complete or missing_events; repeatable."
    ),
    min_judge: float | None = typer.Option(None, help="Judge overall score at least (0-5)."),
    max_judge: float | None = typer.Option(None, help="Judge overall score at most (0-5)."),
    tests: TestOutcome | None = typer.Option(None, help="passed, failed or fail_to_pass."),
    mre: list[str] = typer.Option([], help="MRE verdict (GREEN, YELLOW, RED, ERROR); repeatable."),
    resolved: bool | None = typer.Option(
        None,
        "--resolved/--unresolved",
        help="Held-out tests' verdict (traces with an evaluation spec only).",
    ),
    batch: str | None = typer.Option(None, help="Only traces of this import batch."),
    since: str | None = typer.Option(
        None, help="Created at or after: 2026-11-24, 2026-11-24T10:30 (UTC) or epoch ms."
    ),
    until: str | None = typer.Option(None, help="Created before (same forms as --since)."),
    limit: int = typer.Option(50, min=1, help="At most this many traces, newest first."),
    fmt: OutputFormat = typer.Option(OutputFormat.table, "--format", "-f"),
    wide: bool = WideOption,
) -> None:
    """List traces with their test outcome, benchmark verdict, MRE verdict and judge score."""
    try:
        window = {k: time_ms(v) for k, v in (("since_ms", since), ("until_ms", until)) if v}
    except ValueError as exc:
        raise typer.BadParameter(f"{exc}; use 2026-11-24, 2026-11-24T10:30 or epoch ms") from exc
    flt = TraceFilter(
        repo=repo, status=status, min_judge=min_judge, max_judge=max_judge, tests=tests,
        mre=mre, resolved=resolved, batch=batch, limit=limit, **window,
    )  # fmt: skip
    sql, params = flt.select(LIST_COLUMNS)
    backend = _backend()
    try:
        result = _run(backend, sql, params)
    finally:
        backend.close()
    if fmt is not OutputFormat.table:
        emit(result, fmt, console, title="traces")
        return
    rows = [list_row(d) for d in result.dicts()]
    columns = [c for c in LIST_TABLE if not rows or c.key in rows[0]]
    print_fitted(columns, rows, wide=wide, title=f"traces ({len(rows)} shown, newest first)")


def list_row(d: dict[str, object]) -> dict[str, str]:
    """One trace as table cells: the test outcome in a word, times to the minute."""
    row = {k: cell(v) for k, v in d.items()}
    if d.get("fail_to_pass"):
        row["tests"] = "fail→pass"
    else:
        row["tests"] = {True: "passed", False: "failed"}.get(d.get("final_passed"), "—")
    judge = d.get("judge_overall")
    row["judge"] = f"{judge:.2f}" if isinstance(judge, int | float) else "—"
    row["status"] = str(d.get("status") or "").replace("_", " ")
    row["created"] = cell(d.get("created_at"))[:16].replace("T", " ")
    if "resolved" in d:
        row["resolved"] = {True: "yes", False: "no"}.get(d["resolved"], "—")  # type: ignore[arg-type]
    return row


def print_fitted(
    columns: Sequence[Column], rows: list[dict[str, str]], *, wide: bool, title: str
) -> None:
    """Print a table that fits the terminal (every column with ``wide``)."""
    table = fitted_table(columns, rows, width=console.width, wide=wide, title=title)
    (wide_console(console, table) if wide else console).print(table)


def _clip(text: str | None, width: int = 90) -> str:
    text = " ".join((text or "").split())
    return text if len(text) <= width else text[: width - 1] + "…"


def event_summary(event: StoredEvent) -> str:
    """One line saying what the event did (command, edit, test verdict, thought…)."""
    p = event.payload.__dict__
    kind = event.type
    if kind == "terminal_command":
        return f"$ {_clip(p['command'])}"
    if kind == "terminal_output":
        body = p.get("chunk_text") or (
            f"<blob {p['chunk_blob_id'][:19]}…>" if p.get("chunk_blob_id") else ""
        )
        code = f" exit={p['exit_code']}" if p.get("exit_code") is not None else ""
        return f"[{p['stream']}{code}] {_clip(body)}"
    if kind == "test_run":
        verdict = "PASS" if p["passed"] else "FAIL"
        counts = (
            f" ({p['tests_failed']}/{p['tests_total']} failed)"
            if p.get("tests_total") is not None
            else ""
        )
        return f"{verdict}{counts} {_clip(p['command'], 60)} exit={p['exit_code']}"
    if kind == "file_edit":
        return f"edit {p['file_path']} ({p['edit_kind']})"
    if kind == "file_snapshot":
        return f"snapshot {p['file_path']} ({p['snapshot_reason']})"
    if kind == "thought":
        return f"{p['kind']}: {_clip(p.get('content_text') or '<blob>')}"
    if kind == "debug_action":
        return _clip(
            " ".join(
                str(v)
                for v in (
                    p["action"],
                    p.get("file_path"),
                    p.get("line"),
                    p.get("expression"),
                    p.get("value_text"),
                )
                if v is not None
            )
        )
    if kind == "navigation":
        return _clip(
            " ".join(
                str(v)
                for v in (p["kind"], p.get("file_path"), p.get("symbol"), p.get("query"))
                if v is not None
            )
        )
    if kind == "commit":
        return f"commit {p['sha'][:10]} {_clip(p['message'], 60)}"
    if kind == "pr_metadata":
        return f"PR {_clip(p.get('title'), 70)}"
    if kind == "error":
        return f"error: {_clip(p['message'])}"
    return ""


PREFIX_MATCHES = 5
"""How many candidates an ambiguous id prefix names."""


def resolve_trace_id(backend: QueryBackend, given: str) -> str:
    """The trace ``given`` names: an exact id, else the one trace whose id starts with it.

    Why: ids are long, and the docs and the terminal's narrow views abbreviate them.
    """
    found = _run(backend, "SELECT trace_id FROM traces WHERE trace_id = {t:String} LIMIT 1",
                 {"t": given})  # fmt: skip
    if found.rows or not given:
        return given
    sql = (
        "SELECT DISTINCT trace_id FROM traces WHERE startsWith(trace_id, {t:String}) "
        f"ORDER BY trace_id LIMIT {PREFIX_MATCHES + 1}"
    )
    ids = [row[0] for row in _run(backend, sql, {"t": given}).rows]
    if len(ids) > 1:
        more = ", …" if len(ids) > PREFIX_MATCHES else ""
        count = f"{'more than ' if more else ''}{len(ids[:PREFIX_MATCHES])}"
        shown = ", ".join(ids[:PREFIX_MATCHES])
        fail(f"{given!r} starts {count} trace ids: {shown}{more}; give more of the id")
    return ids[0] if ids else given


def _human_time(key: str, value: object) -> str:
    """Epoch milliseconds as UTC time, durations as ``m:ss.t``; anything else as a cell."""
    if isinstance(value, int) and key.endswith("_ms") and value > 0:
        if key.startswith("duration"):
            return elapsed(value)
        when = dt.datetime.fromtimestamp(value / 1000, tz=dt.UTC)
        return when.strftime("%Y-%m-%d %H:%M:%S.%f")[:-3] + " UTC"
    return cell(value)


@traces_app.command("show")
def show_trace(
    trace_id: str = typer.Argument(..., help="The trace id, or the start of it."),
    as_json: bool = typer.Option(False, "--json", help="Print the assembled trace document."),
    wide: bool = WideOption,
) -> None:
    """One trace: summary, the event timeline and its QA results."""
    backend = _backend()
    try:
        trace_id = resolve_trace_id(backend, trace_id)
        summary = _run(
            backend, "SELECT * FROM trace_summary WHERE trace_id = {t:String}", {"t": trace_id}
        )
        try:
            doc = fetch_document(backend, trace_id)
        except QueryError as exc:
            fail(f"query failed ({backend.name}): {exc}")
        qa = _run(
            backend,
            f"SELECT {QA_COLUMNS} FROM ({LATEST_QA_SQL}) ORDER BY stage",
            {"t": trace_id},
        )
    finally:
        backend.close()
    if doc is None:
        fail(f"no trace {trace_id}")
    if as_json:
        print(json.dumps(doc.model_dump(mode="json"), indent=2, ensure_ascii=False))
        return
    info = Table(title=f"trace {trace_id}", show_header=False, title_justify="left")
    info.add_column("field", style="dim")
    info.add_column("value", overflow="fold")
    for key, value in (summary.dicts()[0] if summary.rows else {}).items():
        shown = _human_time(key, value)
        info.add_row(key.removesuffix("_ms") if shown != cell(value) else key, shown)
    console.print(info)
    start = doc.events[0].ts_ms if doc.events else 0
    timeline = []
    for ev in doc.events:
        when = elapsed(ev.ts_ms - start)
        timeline.append({"seq": str(ev.seq), "time": when, "type": ev.type,
                         "what": event_summary(ev)})  # fmt: skip
    print_fitted(TIMELINE_TABLE, timeline, wide=wide, title="timeline")
    if doc.missing_seqs:
        console.print(f"[yellow]missing seqs:[/yellow] {doc.missing_seqs}")
    qa_rows = [{k: cell(v) for k, v in d.items()} for d in qa.dicts()]
    print_fitted(QA_TABLE, qa_rows, wide=wide, title="QA (newest result per stage)")
    evaluation = doc.qa.tests.evaluation if doc.qa.tests else None
    if evaluation is not None and doc.qa.tests is not None:
        held = [
            {"test_id": t.test_id, "kind": t.kind, "before": t.before or "-",
             "after": t.after or "-", "ok": cell(t.ok)}
            for t in evaluation.tests
        ]  # fmt: skip
        title = f"held-out tests of {evaluation.instance_id}: resolved={doc.qa.tests.resolved}"
        print_fitted(HELD_OUT_TABLE, held, wide=wide, title=title)
    if doc.qa.schema_problems:  # the reasons behind schema_invalid, not only the flag
        console.print("schema problems:", highlight=False)
        for problem in doc.qa.schema_problems:
            console.print(f"  {problem}", highlight=False, markup=False, soft_wrap=True)
    if doc.qa.flags:
        console.print(f"QA flags: {', '.join(doc.qa.flags)}")


@traces_app.command("report")
def report_batch(
    batch: str = typer.Option(..., help="Import batch name (the `import-batch:<name>` label)."),
    as_json: bool = typer.Option(
        False, "--json", help="Print JSON: the harness's run-report keys plus rate and rows."
    ),
    harness_keys: bool = typer.Option(
        False, "--harness-keys", help="With --json/--out: only the harness's keys (to diff)."
    ),
    out: Path | None = typer.Option(None, help="Also write the JSON report to this file."),
) -> None:
    """Resolved rate of an import batch: resolved / unresolved / error instance ids.

    Shaped like the SWE-bench harness's run report, so the two JSON files can be diffed.
    """
    backend = _backend()
    try:
        report = batch_report(backend, batch)
    except QueryError as exc:
        fail(f"query failed ({backend.name}): {exc}")
    finally:
        backend.close()
    data = report.harness_json() if harness_keys else report.model_dump(mode="json")
    text = json.dumps(data, indent=2)
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text + "\n")
    if as_json:
        print(text)
        return
    if not report.submitted_instances and not report.without_spec_ids:
        fail(f"no traces labelled {batch_label(batch)}")
    rate = "-" if report.resolved_rate is None else f"{report.resolved_rate:.1%}"
    summary = Table("", "instances", title=f"batch {batch}: resolved {rate}", show_header=False)
    for key in ("submitted", "resolved", "unresolved", "empty_patch", "error", "incomplete"):
        ids = getattr(report, f"{key}_ids")
        summary.add_row(key, str(len(ids)))
    console.print(summary)
    rows = [{"instance": v.instance_id, "outcome": v.outcome, "flags": ", ".join(v.flags),
             "trace_id": v.trace_id} for v in report.instances]  # fmt: skip
    print_fitted(INSTANCE_TABLE, rows, wide=False, title="instances")
    if report.without_spec_ids:
        console.print(
            f"[yellow]{len(report.without_spec_ids)} trace(s) of the batch carry no "
            "evaluation spec and are not counted[/yellow]"
        )
    if out is not None:
        console.print(f"report written to {out}")
