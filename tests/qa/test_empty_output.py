"""An empty command output is data, not a schema problem (issue 31, point 1).

A command that prints nothing (``true``, a quiet test run) records ``chunk_text == ""``.
Before, the validate stage read that as "neither chunk_text nor chunk_blob_id" and flagged
the whole trace ``schema_invalid``; a missing text (None) is still a problem.
"""

from __future__ import annotations

import uuid

import pytest

from bench.sample_repo import SampleRepo, sample_fix_trace, write_trace
from qa_agents.validate import validate_trace
from sinks.blobs import FilesystemBlobStore
from sinks.clickhouse.store import ClickHouseStore


@pytest.fixture()
def store(chdb_dsn: str) -> ClickHouseStore:
    return ClickHouseStore.open(chdb_dsn, database=f"qa_{uuid.uuid4().hex[:8]}")


def test_empty_terminal_output_is_stored_and_valid(
    blobs: FilesystemBlobStore, sample_repo: SampleRepo, store: ClickHouseStore
) -> None:
    opened, events, fin = sample_fix_trace(sample_repo, blobs)
    output = next(e for e in events if e.type == "terminal_output")
    output.payload.chunk_text = ""
    doc = store.assemble(write_trace(store, opened, events, fin).trace_id)
    assert doc is not None
    stored = next(e for e in doc.events if e.type == "terminal_output")
    assert stored.payload.chunk_text == ""  # kept as empty text through ClickHouse
    report = validate_trace(doc, blobs)
    assert report.schema_valid, report.problems

    missing = doc.model_copy(deep=True)
    next(e for e in missing.events if e.type == "terminal_output").payload.chunk_text = None
    problems = validate_trace(missing, blobs).problems
    assert any("neither chunk_text nor chunk_blob_id" in p for p in problems), problems
