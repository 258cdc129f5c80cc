"""``open-mre ISSUE.md|DIR [--out DIR]``: validate markdown bug reports with a live display.

``open-mre --rules`` lists the named reading rules a verdict names.

One report: exit code by verdict, 0 GREEN, 1 YELLOW, 2 RED, 3 error. A folder: every
``*.md`` in it, one output folder each, progress per report, a summary table and
``summary.json``; the exit code is the worst verdict's, 3 if any report errored. Mount in
the fixtrace CLI with ``app.command("mre")(validate_command)``.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.console import Console
from rich.live import Live
from rich.table import Table

from fixtrace_config import Settings
from qa_agents.mre.deterministic import StepStatus
from qa_agents.mre.models import MreResult, Verdict
from qa_agents.mre.runtime import DEFAULT_TIMEOUT_S, MreOptions
from qa_agents.mre.steps import STEP_NAMES

app = typer.Typer(
    add_completion=False, help="Validate a bug report as a minimal reproducible example."
)
_ICONS = {"pending": "·", "start": "[yellow]…[/]", "done": "[green]✓[/]", "error": "[red]✗[/]"}
_COLOURS = {Verdict.GREEN: "green", Verdict.YELLOW: "yellow", Verdict.RED: "red"}


class StepBoard:
    """The live table of steps; receives the pipeline's and the tools' step events."""

    def __init__(self) -> None:
        self.rows: dict[str, tuple[str, str]] = {s: ("pending", "") for s in STEP_NAMES}
        self.live: Live | None = None

    def __call__(self, step: str, status: StepStatus, detail: str) -> None:
        self.rows[step] = (status, detail or self.rows.get(step, ("", ""))[1])
        if self.live is not None:
            self.live.update(self.render())

    def render(self) -> Table:
        table = Table(show_header=True, header_style="bold", expand=False)
        table.add_column("", width=2)
        table.add_column("step")
        table.add_column("result", overflow="fold")
        for step, (status, detail) in self.rows.items():
            table.add_row(_ICONS.get(status, status), step, detail)
        return table


def _print_rules(value: bool) -> None:
    """``--rules``: the named reading rules in the order a report is read, then exit."""
    if value:
        from qa_agents.mre.rules.catalogue import rules_table

        typer.echo(rules_table(), nl=False)
        raise typer.Exit(0)


def validate_command(
    issue: Path = typer.Argument(
        ..., exists=True, help="Markdown issue file, or a folder of them (every *.md)."
    ),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Output folder (default: ./validations/<issue-name>/)."
    ),
    timeout: float = typer.Option(DEFAULT_TIMEOUT_S, help="Wall-time limit of the code run (s)."),
    deterministic: bool = typer.Option(
        False, "--deterministic", help="Skip the agents even when a model is configured."
    ),
    json_out: bool = typer.Option(False, "--json", help="Print the result as JSON."),
    rules: bool = typer.Option(
        False,
        "--rules",
        is_eager=True,
        callback=_print_rules,
        help="List the named reading rules (what each reads, in order) and exit.",
    ),
) -> None:
    """Validate ISSUE as an MRE; exit 0 GREEN, 1 YELLOW, 2 RED, 3 error."""
    from qa_agents.mre.service import validate_issue

    console = Console(stderr=json_out)
    out_dir = out or Path("validations") / issue.stem
    settings = Settings()
    if deterministic:
        settings = settings.model_copy(update={"anthropic_api_key": None})
    if issue.is_dir():
        code = _validate_folder(issue, out_dir, settings, MreOptions(timeout_s=timeout), console)
        raise typer.Exit(code)
    board = StepBoard()
    try:
        with Live(board.render(), console=console, refresh_per_second=8) as live:
            board.live = live
            result = validate_issue(
                issue.read_text(encoding="utf-8"),
                out_dir,
                settings,
                options=MreOptions(timeout_s=timeout),
                listener=board,
            )
    except Exception as exc:  # the CLI's last line of defence: a clear message, exit 3
        console.print(f"[red]error:[/] {type(exc).__name__}: {exc}")
        raise typer.Exit(3) from exc
    if json_out:
        typer.echo(result.model_dump_json(indent=2))
    else:
        _print_summary(console, result)
    raise typer.Exit(result.exit_code)


def _validate_folder(
    folder: Path, out_root: Path, settings: Settings, options: MreOptions, console: Console
) -> int:
    """Every report of ``folder``, a progress bar, a summary table and ``summary.json``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from qa_agents.mre.batch import BatchItem, folder_exit_code, reports_in, validate_folder

    reports = reports_in(folder)
    if not reports:
        console.print(f"[red]error:[/] no *.md reports in {folder}")
        return 3
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console) as progress:
        task = progress.add_task("validating", total=len(reports))

        def done(item: BatchItem) -> None:
            colour = _COLOURS.get(item.result.verdict, "red")
            progress.console.print(
                f"[{colour}]{item.result.verdict.value:<6}[/] {item.report.name} "
                f"({item.seconds:.1f}s)"
            )
            progress.advance(task)

        try:
            items = validate_folder(reports, out_root, settings, options, on_done=done)
        except Exception as exc:  # the CLI's last line of defence: a clear message, exit 3
            console.print(f"[red]error:[/] {type(exc).__name__}: {exc}")
            return 3
    table = Table(title=f"open-MRE: {folder}", show_header=True, header_style="bold")
    for column in ("report", "verdict", "reason", "seconds", "summary"):
        table.add_column(column, overflow="fold")
    for item in items:
        colour = _COLOURS.get(item.result.verdict, "red")
        table.add_row(
            item.report.name,
            f"[{colour}]{item.result.verdict.value}[/]",
            item.result.reason_category,
            f"{item.seconds:.1f}",
            item.result.summary[:120],
        )
    console.print(table)
    counts = {v: sum(1 for i in items if i.result.verdict == v) for v in Verdict}
    console.print(", ".join(f"{v.value} {n}" for v, n in counts.items() if n))
    summary = [
        {
            "report": str(i.report),
            "verdict": i.result.verdict.value,
            "reason_category": i.result.reason_category,
            "seconds": round(i.seconds, 3),
            "summary": i.result.summary,
            "out_dir": str(i.result.artifacts.out_dir),
        }
        for i in items
    ]
    out_root.mkdir(parents=True, exist_ok=True)
    (out_root / "summary.json").write_text(json.dumps(summary, indent=2) + "\n")
    console.print(f"summary: {out_root / 'summary.json'}")
    return folder_exit_code(items)


def _print_summary(console: Console, result: MreResult) -> None:
    colour = _COLOURS.get(result.verdict, "red")
    console.print(f"\n[bold {colour}]{result.verdict.value}[/]  mode: {result.mode}")
    if result.summary:
        console.print(result.summary)
    for error in result.errors:
        console.print(f"[red]error[/] {error.step}: {error.message}")
    t = result.timings
    console.print(
        f"time: install {t.install_s:.2f}s, execution {t.execution_s:.2f}s, other {t.other_s:.2f}s"
    )
    a = result.artifacts
    console.print(f"report: {a.validation_report}")
    if a.reproduction:
        console.print(f"reproduction: {a.reproduction}")


app.command()(validate_command)


def main() -> None:
    """``python -m qa_agents.mre.cli``; the ``open-mre`` script runs this app through
    ``fixtrace.cli.open_mre``, which turns usage errors and failures into one line."""
    app()


if __name__ == "__main__":
    main()
