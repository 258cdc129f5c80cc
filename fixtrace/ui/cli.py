"""``fixtrace ui``: serve the read-only web UI (``fixtrace up`` also serves it at ``/ui``)."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from fixtrace_config import load_settings
from fixtrace_config.stack_state import running_stack

console = Console(stderr=True)


def ui_command(
    host: str | None = typer.Option(None, help="Bind address [FIXTRACE_UI_HOST: 127.0.0.1]."),
    port: int | None = typer.Option(None, help="Port [FIXTRACE_UI_PORT: 8790]."),
    data_dir: Path | None = typer.Option(
        None, "--data-dir", help="Embedded state folder [FIXTRACE_DATA_DIR]."
    ),
    ssl_certfile: Path | None = typer.Option(None, help="Serve HTTPS with this certificate."),
    ssl_keyfile: Path | None = typer.Option(None, help="Private key of --ssl-certfile."),
) -> None:
    """Browse traces, their timelines and QA, dead letters and an overview in a browser.

    Reads through the same backend as ``fixtrace sql``: the running stack when one is up,
    else the configured ClickHouse. Bound to 127.0.0.1 it is open to this machine; bound
    anywhere else it asks for a token (FIXTRACE_UI_TOKEN or an admin token) in a sign-in form.
    """
    import uvicorn

    from fixtrace.ui import ui_url
    from fixtrace.ui.app import serve_app
    from fixtrace.ui.serve import UiConfigError, standalone_sources

    settings = load_settings(data_dir=data_dir)
    host = host or settings.ui_host
    port = port or settings.ui_port
    try:
        sources = standalone_sources(settings, host)
    except UiConfigError as exc:
        console.print(f"[red]error:[/] {exc}")
        raise typer.Exit(2) from exc
    scheme = "https" if ssl_certfile else "http"
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    console.print(f"fixtrace UI: {ui_url(f'{scheme}://{shown}:{port}')}  (data: {sources.label})")
    if (state := running_stack(settings)) is not None:
        console.print(f"the running stack also serves it at {ui_url(state.gateway_url)}")
    if sources.access.required:
        console.print("listening beyond loopback: the UI asks for a token")
    uvicorn.run(
        serve_app(sources), host=host, port=port, log_level="warning",
        ssl_certfile=str(ssl_certfile) if ssl_certfile else None,
        ssl_keyfile=str(ssl_keyfile) if ssl_keyfile else None,
    )  # fmt: skip
