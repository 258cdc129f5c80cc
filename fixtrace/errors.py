"""How a fixtrace command ends on an expected failure: one line on stderr, a non-zero code."""

from __future__ import annotations

from typing import NoReturn

import typer


def fail(message: str, code: int = 1) -> NoReturn:
    """Print ``error: message`` (whitespace folded to one line) on stderr; exit with ``code``."""
    typer.echo(f"error: {' '.join(message.split())}", err=True)
    raise typer.Exit(code)
