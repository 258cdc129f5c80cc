"""The trace redaction memory survives a worker restart, and a replay gives the same rows.

Real parts: the pipeline on the session's chdb (a database of this module), the prepare
step in a thread, a real blob folder. A "restart" is a new pipeline and a new prepare pool
on the same database: nothing in memory carries over, only what ClickHouse stored.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bench.samples import sample_trace
from fixtrace_config import Settings
from schemas.codec import encode
from schemas.models import Event, EventBatch
from sinks.clickhouse.store import ClickHouseStore
from streams.decode import Source
from streams.micro_batch import Pipeline, PipelineConfig
from streams.prepare_pool import PreparePool, PrepareSetup
from streams.redact import Redactor
from streams.redact.memory import TOKEN
from streams.redact_events import DictRedaction

PASSWORD = "Tr1cky-Pa55word"


@pytest.fixture()
def store(clickhouse_dsn: str) -> Iterator[ClickHouseStore]:
    database = f"t_memory_restart_{uuid.uuid4().hex[:8]}"
    store = ClickHouseStore.open(clickhouse_dsn, database=database)
    yield store
    store.client.command(f"DROP DATABASE IF EXISTS {database}")
    store.close()


async def _send(topic: str, key: bytes | None, value: bytes) -> None:
    """The broker's send: nothing is published here (no trace completes)."""


def _event(seq: int, etype: str, payload: dict[str, Any]) -> Event:
    return Event.model_validate({
        "event_id": str(uuid.UUID(int=seq, version=4)), "seq": seq,
        "ts_ms": 1_700_000_000_000 + seq, "type": etype, "payload": payload,
    })  # fmt: skip


def _records() -> tuple[str, list[bytes]]:
    """TraceOpened, a batch typing the password, a later batch pasting it in a thought."""
    opened, _, _ = sample_trace(4, seed=29)
    t = opened.trace_id
    typed = _event(1, "terminal_command", {"cwd": "/w", "command": f"mysql -u root -p{PASSWORD}"})
    ls = _event(2, "terminal_command", {"cwd": "/w", "command": "ls -la"})
    pasted = _event(3, "thought", {"kind": "plan", "content_text": f"maybe {PASSWORD} expired?"})
    first = EventBatch(trace_id=t, events=[typed, ls])
    later = EventBatch(trace_id=t, events=[pasted])
    return t, [encode(opened), encode(first), encode(later)]


def _pipeline(store: ClickHouseStore, tmp_path: Path) -> tuple[Pipeline, PreparePool]:
    settings = Settings(data_dir=tmp_path, blob_url=(tmp_path / "blobs").as_uri())
    pool = PreparePool(PrepareSetup(settings, "redacted"), procs=0)
    cfg = PipelineConfig(topic_dlq="dlq", topic_finalized="finalized", gap_timeout_s=60)
    pipeline = Pipeline(cfg, store, pool, _send)
    pipeline.ready.set()
    return pipeline, pool


async def _run(pipeline: Pipeline, t: str, values: list[bytes], first_offset: int) -> None:
    sources = [Source("raw", 0, first_offset + i, t.encode(), v) for i, v in enumerate(values)]
    await pipeline.commit(await pipeline.prepare(sources))


def _stored_texts(store: ClickHouseStore, t: str) -> list[str]:
    out: list[Any] = []
    for ev in store.events(t):
        payload = ev.payload.model_dump()
        out += [v for v in payload.values() if isinstance(v, str)]
    return out


async def test_a_restarted_worker_still_redacts_what_the_trace_typed_before(
    store: ClickHouseStore, tmp_path: Path
) -> None:
    t, (opened, first, later) = _records()
    before, pool = _pipeline(store, tmp_path)
    await _run(before, t, [opened, first], 0)
    pool.close()  # the worker stops after committing the first batch

    stored = store.redaction_memory([t])[t]
    assert stored and all(PASSWORD not in repr(pair) for pair in stored)  # fingerprints only

    after, pool = _pipeline(store, tmp_path)  # restarted: an empty memory in this process
    await _run(after, t, [later], 2)
    pool.close()
    texts = _stored_texts(store, t)
    assert not any(PASSWORD in x for x in texts)
    assert any(TOKEN in x for x in texts)  # the thought's paste, by the trace memory

    # the proof has teeth: without the stored memory, the thought alone keeps the value
    alone = DictRedaction(Redactor()).event(
        {"type": "thought", "payload": {"kind": "plan",
                                        "content_text": f"maybe {PASSWORD} expired?"},
         "actor": {}, "context": {}}, None, t,
    )  # fmt: skip
    assert PASSWORD in alone["payload"]["content_text"]


async def test_a_worker_restarted_between_a_command_and_its_output_still_reads_it(
    store: ClickHouseStore, tmp_path: Path
) -> None:
    """``printenv SENDBIRD_API_TOKEN`` committed in one batch, the worker stops, and its
    output (the bare value, ``parent_event_id`` = the command's) arrives in the next: the
    command's note was stored with the batch (a fingerprint of its event id), so the
    restarted worker still reads the output as what that command printed."""
    value = "e9aeb40d34e6a7a9fb10e5876be968e344420b0c"  # 40 hex: alone, read as a commit
    opened, _, _ = sample_trace(4, seed=31)
    t = opened.trace_id
    command = _event(1, "terminal_command", {"cwd": "/w", "command": "printenv SENDBIRD_API_TOKEN"})
    output = Event.model_validate({
        **_event(2, "terminal_output", {"stream": "stdout", "chunk_text": value + "\n"}
                 ).model_dump(),
        "context": {"parent_event_id": command.event_id},
    })  # fmt: skip
    first = encode(EventBatch(trace_id=t, events=[command]))
    later = encode(EventBatch(trace_id=t, events=[output]))
    before, pool = _pipeline(store, tmp_path)
    await _run(before, t, [encode(opened), first], 0)
    pool.close()
    assert store.redaction_memory([t])[t]  # the command's note, stored before the restart

    after, pool = _pipeline(store, tmp_path)
    await _run(after, t, [later], 2)
    pool.close()
    texts = _stored_texts(store, t)
    assert not any(value in x for x in texts)
    assert "[REDACTED:printed_secret]\n" in texts
    # the proof has teeth: the output alone, with no stored note, keeps the value
    alone = DictRedaction(Redactor()).event(output.model_dump(), None, t)
    assert alone["payload"]["chunk_text"] == value + "\n"


async def test_a_replay_from_the_start_stores_the_same_rows(
    store: ClickHouseStore, tmp_path: Path
) -> None:
    t, records = _records()
    once, pool = _pipeline(store, tmp_path)
    await _run(once, t, records, 0)
    pool.close()
    texts, memory = _stored_texts(store, t), sorted(store.redaction_memory([t])[t])

    replay, pool = _pipeline(store, tmp_path)  # a new worker re-reading the raw topic
    await _run(replay, t, records, 0)
    pool.close()
    assert _stored_texts(store, t) == texts
    assert sorted(store.redaction_memory([t])[t]) == memory


async def test_the_bug_report_feeds_the_memory_and_the_pr_text_is_scanned(
    store: ClickHouseStore, tmp_path: Path
) -> None:
    """A password pasted in the bug report is redacted where an event repeats it; the
    finalize record's PR title and description are redacted (rules and memory) too."""
    opened, _, fin = sample_trace(1, seed=30)
    t = opened.trace_id
    report = opened.task.bug_report.model_copy(
        update={"repro_steps": f"export DB_PASSWORD={PASSWORD}; python -m app"}
    )
    opened = opened.model_copy(
        update={"task": opened.task.model_copy(update={"bug_report": report})}
    )
    thought = _event(1, "thought", {"kind": "plan", "content_text": f"is {PASSWORD} stale?"})
    token = "ghp_" + "R2d4x0ZkQpL9mN3vB7cT1yH6jF8sW5aE0uIo"[:36]
    pr = {"title": f"fix login ({PASSWORD})", "description": f"CI token {token} rotated"}
    fin = type(fin).model_validate(
        {**fin.model_dump(), "seq_last": 1, "final_state": {"commit_head": None, "pr": pr}}
    )
    pipeline, pool = _pipeline(store, tmp_path)
    batch = EventBatch(trace_id=t, events=[thought])
    await _run(pipeline, t, [encode(opened), encode(batch), encode(fin)], 0)
    pool.close()

    assert not any(PASSWORD in x for x in _stored_texts(store, t))
    row = store.trace_meta(t)
    assert row is not None
    for column in ("pr_title", "finalize_json", "opened_json"):
        assert PASSWORD not in row[column] and token not in row[column], column
    assert TOKEN in row["pr_title"]
