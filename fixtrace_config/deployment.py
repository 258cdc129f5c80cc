"""How a stage's command reaches a deployment's store: a way to run SQL on it.

The stages' commands (``import``, ``replay``) find the running stack's broker themselves
(:mod:`fixtrace_config.discovery`), but a SQL route to its store only the top-level CLI can
open (through the stack's gateway, which owns the embedded engine). It passes a
:class:`Deployment` as the command's context object; run standalone, a command gets the
default: no SQL route of the stack's (each stage decides what that means).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from fixtrace_config.settings import Settings

Query = Callable[[str, dict[str, Any]], tuple[Sequence[str], Sequence[Sequence[Any]]]]
"""(sql, parameters) → (column names, rows)."""


@dataclass(frozen=True)
class Deployment:
    """How to run SQL on the deployment's store, when the mounting CLI knows a way."""

    open_query: Callable[[Settings], AbstractContextManager[Query]] | None = None


class QueryError(RuntimeError):
    """A query failed (bad SQL, an unreachable endpoint, a refused token, no tables yet)."""
