"""After ``capture finish``: where the trace's QA will show, and waiting for it (``--wait``).

The summary printed after the wait is the demo's (:mod:`fixtrace.demo.run`), read from the
stored trace and its stored QA results, so it says what ``traces show`` and the UI say.
"""

from __future__ import annotations

import time

from fixtrace.demo.run import DemoSummary, summarize
from fixtrace.ops.documents import fetch_document
from fixtrace.ops.query import QueryError, open_query_backend
from fixtrace.ui import ui_url
from fixtrace_config.discovery import Discovery

POLL_S = 1.0


def trace_link(found: Discovery, trace_id: str) -> str | None:
    """The trace's page in the running stack's web UI (None without a running stack)."""
    return ui_url(found.stack.gateway_url, trace_id) if found.stack is not None else None


def _qa_done(backend: object, trace_id: str) -> bool:
    rows = backend.query(  # type: ignore[attr-defined]
        "SELECT count() FROM qa_results FINAL WHERE trace_id = {t:String} AND stage = 'final'",
        {"t": trace_id},
    ).rows
    return bool(rows and rows[0][0])


def wait_for_summary(found: Discovery, trace_id: str, timeout_s: float) -> DemoSummary:
    """Poll the store until the QA worker's final stage is written; then the summary.

    Raises TimeoutError with a one-line reason (QA still running, or nothing stored yet).
    """
    deadline = time.monotonic() + timeout_s
    backend = open_query_backend(found.settings)
    try:
        while True:
            try:
                if _qa_done(backend, trace_id):
                    break
            except QueryError as exc:
                if time.monotonic() >= deadline:
                    raise TimeoutError(f"QA results cannot be read: {exc}") from exc
            if time.monotonic() >= deadline:
                raise TimeoutError(
                    f"QA of trace {trace_id} did not finish within {timeout_s:.0f} s; "
                    f"`fixtrace traces show {trace_id}` shows it later"
                )
            time.sleep(POLL_S)
        doc = fetch_document(backend, trace_id)
    finally:
        backend.close()
    if doc is None:
        raise TimeoutError(f"trace {trace_id} has QA results but no stored document")
    raw = doc.model_dump(mode="json")
    return summarize(raw, len(raw.get("events") or []), None)


class QAFollowUp:
    """``capture finish``'s follow-up (``producers.cli.FinishFollowUp``), set by the top."""

    def link(self, found: Discovery, trace_id: str) -> str | None:
        return trace_link(found, trace_id)

    def wait(self, found: Discovery, trace_id: str, timeout_s: float, link: str | None) -> None:
        from fixtrace.demo.cli import print_summary

        summary = wait_for_summary(found, trace_id, timeout_s)
        summary.trace_url = link
        print_summary(summary, title="QA")
