"""The store API: idempotent writes, deduplicated reads, status merges, assembly."""

from __future__ import annotations

import json
import random

import pytest
from chdata import BLOB_A, BLOB_R, judge_result, qa

from bench.samples import sample_trace
from schemas.document import BlobInfo, Redaction, StoredEvent
from schemas.models import TraceFinalize, TraceOpened
from sinks.clickhouse import trace_changes
from sinks.clickhouse.rows import event_row
from sinks.clickhouse.store import ClickHouseStore, TraceProgress


def _stored(events: list) -> list[StoredEvent]:
    return [StoredEvent.model_validate(e.model_dump()) for e in events]


def test_redelivered_shuffled_events_read_once_in_seq_order(ch_store: ClickHouseStore) -> None:
    opened, events, _ = sample_trace(200, seed=11)
    tid = opened.trace_id
    rng = random.Random(5)
    for attempt in range(3):  # three deliveries, each shuffled and split in pieces
        shuffled = list(events)
        rng.shuffle(shuffled)
        for i in range(0, len(shuffled), 37):
            ch_store.insert_events(tid, shuffled[i : i + 37], ingested_at_ms=1000 + attempt)
    got = ch_store.events(tid)
    assert [e.seq for e in got] == list(range(1, 201))
    assert [e.event_id for e in got] == [e.event_id for e in events]
    assert [e.payload for e in got] == [e.payload for e in events]  # typed payloads back
    assert ch_store.stored_seqs(tid) == set(range(1, 201))
    _, rows = ch_store.query(
        "SELECT count(), uniqExact(event_id) FROM events_dedup WHERE trace_id = {t:String}",
        {"t": tid},
    )
    assert rows == [(200, 200)]


def test_event_round_trip_keeps_envelope_and_redaction(ch_store: ClickHouseStore) -> None:
    opened, events, _ = sample_trace(3, seed=12)
    ev = StoredEvent.model_validate(
        {
            **events[0].model_dump(),
            "actor": {"kind": "tool", "id": "shell-wrapper"},
            "context": {"branch": "fix/keyerror", "correlation_id": "c-1"},
            "redaction": {"applied": True, "rules": ["secret_scan"], "counts": {"aws_key": 2}},
        }
    )
    ch_store.insert_events(opened.trace_id, [ev], ingested_at_ms=1)
    assert ch_store.events(opened.trace_id) == [ev]


def test_status_transitions_keep_the_latest(ch_store: ClickHouseStore) -> None:
    opened, events, fin = sample_trace(5, seed=13)
    tid = opened.trace_id
    ch_store.upsert_trace_opened(opened, Redaction(applied=True, rules=["secret_scan"]))
    assert ch_store.trace_meta(tid)["status"] == "open"
    ch_store.upsert_trace_finalize(fin)
    assert ch_store.trace_meta(tid)["status"] == "finalizing"
    ch_store.mark_trace_complete(
        tid, status="missing_events", missing_seqs=[4, 2], event_count=3, completed_at_ms=7
    )
    meta = ch_store.trace_meta(tid)
    assert (meta["status"], meta["missing_seqs"], meta["event_count"]) == (
        "missing_events", [2, 4], 3,
    )  # fmt: skip
    # Re-delivered opened/finalize records must not move the status back.
    ch_store.upsert_trace_opened(opened)
    ch_store.upsert_trace_finalize(fin)
    assert ch_store.trace_meta(tid)["status"] == "missing_events"
    # Late events arrived: the stream completes the trace.
    ch_store.mark_trace_complete(
        tid, status="complete", missing_seqs=[], event_count=5, completed_at_ms=9
    )
    meta = ch_store.trace_meta(tid)
    assert (meta["status"], meta["missing_seqs"], meta["completed_at_ms"]) == ("complete", [], 9)
    assert meta["repo_id"] == "acme/httpparse" and meta["seq_last"] == 5
    assert meta["bug_report_title"].startswith("KeyError")
    _, rows = ch_store.query(
        "SELECT count(), any(status) FROM traces_dedup WHERE trace_id = {t:String}", {"t": tid}
    )
    assert rows == [(1, "complete")]


def test_one_batch_merge_gives_the_rows_of_one_call_per_change(ch_store: ClickHouseStore) -> None:
    # The stream merges a micro-batch's changes in one read and one insert; the per-trace
    # methods apply one change each. Both must end in the same row (one set of rules).
    opened, _, fin = sample_trace(3, seed=21)
    twin = "twin-" + opened.trace_id  # the same trace under another id
    traces = [(opened, fin), (opened.model_copy(update={"trace_id": twin}),
                              fin.model_copy(update={"trace_id": twin}))]  # fmt: skip
    redaction = Redaction(applied=True, rules=["secret_scan"], counts={"aws_key": 1})

    def changes(opened: TraceOpened, fin: TraceFinalize) -> list[trace_changes.Change]:
        return [
            trace_changes.opened(opened, redaction),
            trace_changes.finalized(fin),
            trace_changes.completed(opened.trace_id, status="missing_events",
                                    missing_seqs=[3, 2], event_count=1, completed_at_ms=7),
        ]  # fmt: skip

    for change in changes(*traces[0]):
        ch_store.merge_traces([change])
    rows: dict = {}
    ch_store.merge_traces(changes(*traces[1]), rows)
    a, b = ch_store.trace_meta(opened.trace_id), ch_store.trace_meta(twin)
    assert rows[twin] == b  # what the caller keeps is what was stored
    differ = {"trace_id", "opened_json", "finalize_json", "updated_at_ms", "version"}
    assert {k: v for k, v in a.items() if k not in differ} == {
        k: v for k, v in b.items() if k not in differ
    }
    assert (b["status"], b["missing_seqs"], b["opened_redaction_counts"]) == (
        "missing_events", [2, 3], {"aws_key": 1},
    )  # fmt: skip
    progress = ch_store.trace_progress([twin, "never-seen"])
    assert progress == {
        twin: TraceProgress(3, fin.finalized_at_ms, "missing_events"),
        "never-seen": TraceProgress(),
    }
    with pytest.raises(ValueError, match="status must be one of"):
        trace_changes.completed("t", status="finalizing", missing_seqs=[], event_count=0,
                                completed_at_ms=1)  # fmt: skip


def test_write_batch_stores_a_micro_batch_and_returns_its_trace_rows(
    ch_store: ClickHouseStore,
) -> None:
    opened, events, fin = sample_trace(4, seed=23)
    tid = opened.trace_id
    rows = [event_row(tid, e, 5) for e in events]
    written = ch_store.write_batch(
        blobs=[BlobInfo(blob_id=BLOB_A, byte_length=12, storage_uri="file:///blobs/a")],
        opened=[(opened, Redaction())],
        event_columns=list(zip(*rows, strict=True)),
        finals=[fin],
    )
    assert written[tid] == ch_store.trace_meta(tid)
    assert (written[tid]["status"], written[tid]["seq_last"]) == ("finalizing", 4)
    assert ch_store.seqs_by_trace([tid, "never-seen"]) == {tid: {1, 2, 3, 4}, "never-seen": set()}
    assert [b.blob_id for b in ch_store.blobs([BLOB_A])] == [BLOB_A]
    assert tid in [t for t, _, _ in ch_store.finalizing_traces()]


def test_finalize_before_opened_still_merges(ch_store: ClickHouseStore) -> None:
    opened, _, fin = sample_trace(2, seed=14)
    ch_store.upsert_trace_finalize(fin)
    ch_store.upsert_trace_opened(opened)
    meta = ch_store.trace_meta(opened.trace_id)
    assert meta["status"] == "finalizing" and meta["developer_id"] == "dev-14"
    assert TraceFinalize.model_validate_json(meta["finalize_json"]) == fin
    assert TraceOpened.model_validate_json(meta["opened_json"]) == opened


def test_assemble_round_trip(ch_store: ClickHouseStore) -> None:
    opened, events, fin = sample_trace(40, seed=15)
    tid = opened.trace_id
    edit = next(e for e in events if e.type == "file_edit")
    edit.payload.patch_blob_id = BLOB_A
    ch_store.upsert_trace_opened(opened)
    ch_store.insert_events(tid, list(reversed(_stored(events))), ingested_at_ms=3)
    ch_store.upsert_trace_finalize(fin)
    ch_store.mark_trace_complete(
        tid, status="complete", missing_seqs=[], event_count=40, completed_at_ms=fin.finalized_at_ms
    )
    ch_store.insert_blobs(
        [
            BlobInfo(blob_id=BLOB_A, byte_length=12, storage_uri="file:///blobs/a"),
            BlobInfo(
                blob_id=BLOB_R,
                byte_length=5,
                storage_uri="file:///blobs/r",
                redaction=Redaction(applied=True, rules=["pii_mask"], counts={"email": 1}),
            ),
        ]  # fmt: skip
    )
    cfg = {"rubric_version": "1.0"}
    ch_store.insert_qa_results(
        [
            qa(tid, "r1", "schema", json.dumps({"schema_valid": True, "problems": []}), 10, cfg),
            qa(
                tid,
                "r1",
                "tests",
                json.dumps(
                    {
                        "runner": "pytest",
                        "final_passed": True,
                        "invocations": [{"command": "pytest", "passed": True, "exit_code": 0}],
                    }
                ),
                11,
                cfg,
            ),
            qa(tid, "r1", "judge", judge_result(3.0, "1.0"), 12, cfg),
            qa(tid, "r1", "mre", json.dumps({"verdict": "YELLOW", "mode": "pipeline"}), 13, cfg),
        ]  # fmt: skip
    )
    doc = ch_store.assemble(tid)
    assert doc is not None
    assert doc.trace_id == tid and doc.repo == opened.repo and doc.task == opened.task
    assert doc.developer == opened.developer and doc.created_at_ms == opened.created_at_ms
    assert doc.finalized_at_ms == fin.finalized_at_ms and doc.ingestion.seq_last == 40
    assert [e.seq for e in doc.events] == list(range(1, 41))
    assert [e.model_dump() for e in doc.events] == [e.model_dump() for e in _stored(events)]
    assert doc.final_state.commit_head == fin.final_state.commit_head
    assert doc.missing_seqs == [] and doc.status == "complete"
    assert doc.qa.schema_valid is True and doc.qa.tests.final_passed is True
    assert doc.qa.tests.invocations[0].command == "pytest"
    assert doc.qa.judge.overall == 3.0 and doc.qa.judge.rubric_version == "1.0"
    assert doc.qa.mre == {"verdict": "YELLOW", "mode": "pipeline"}
    assert doc.qa.run_id == "r1" and doc.qa.flags == []
    assert [b.blob_id for b in doc.artifacts.blobs] == [BLOB_A, BLOB_R]  # event, then judge ref
    assert doc.artifacts.blobs[1].redaction.counts == {"email": 1}
    # The document survives its own JSON form (what the materializer writes).
    again = type(doc).model_validate_json(doc.model_dump_json())
    assert again == doc
    meta_only = ch_store.assemble(tid, metadata_only=True)
    assert meta_only.events == [] and meta_only.qa.judge == doc.qa.judge
    assert ch_store.assemble("no-such-trace") is None


def test_assemble_flags_failed_and_unparsable_stages(ch_store: ClickHouseStore) -> None:
    opened, _, _ = sample_trace(1, seed=16)
    tid = opened.trace_id
    ch_store.upsert_trace_opened(opened)
    bad = qa(tid, "r1", "judge", '{"overall": "not a number"}', 5, {})
    failed = qa(tid, "r1", "tests", "{}", 6, {}).model_copy(
        update={"status": "failed", "error": "sandbox unavailable", "flags": ["no_sandbox"]}
    )
    ch_store.insert_qa_results([bad, failed])
    doc = ch_store.assemble(tid)
    assert doc.qa.judge is None
    assert set(doc.qa.flags) == {"judge_result_invalid", "tests_failed", "no_sandbox"}


def test_qa_results_of_two_runs_side_by_side(ch_store: ClickHouseStore) -> None:
    opened, _, _ = sample_trace(1, seed=17)
    tid = opened.trace_id
    ch_store.upsert_trace_opened(opened)
    v1 = qa(tid, "run-v1", "judge", judge_result(2.0, "1.0"), 100, {"rubric_version": "1.0"})
    v2 = qa(tid, "run-v2", "judge", judge_result(4.5, "1.1"), 200, {"rubric_version": "1.1"})
    ch_store.insert_qa_results([v1, v2])
    ch_store.insert_qa_results([v1])  # a replay of run v1 rewrites its own row
    got = ch_store.qa_results(tid)
    assert [(r.run_id, r.stage) for r in got] == [("run-v1", "judge"), ("run-v2", "judge")]
    assert got[0] == v1
    _, rows = ch_store.query(
        "SELECT run_id, rubric_version, judge_overall, judge_mode FROM latest_qa "
        "WHERE trace_id = {t:String} ORDER BY run_id",
        {"t": tid},
    )
    assert rows == [("run-v1", "1.0", 2.0, "heuristic"), ("run-v2", "1.1", 4.5, "heuristic")]
    doc = ch_store.assemble(tid)
    assert doc.qa.judge.overall == 4.5 and doc.qa.run_id == "run-v2"  # newest run wins


def test_blobs_lookup_keeps_order_and_skips_unknown(ch_store: ClickHouseStore) -> None:
    blob = BlobInfo(blob_id=BLOB_A, byte_length=1, storage_uri="file:///x", inline="x")
    ch_store.insert_blobs([blob, blob])
    assert ch_store.blobs([BLOB_A, "sha256:" + "f" * 64, BLOB_A]) == [blob]
    assert ch_store.blobs([]) == []
