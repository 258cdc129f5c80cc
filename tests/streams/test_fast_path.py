"""The worker's dict hot path gives what the model path gave: same dead letters, same rows.

No broker here: these compare the functions directly. The model path (``codec.decode``,
``redact_event``, ``move_to_blobs``, ``event_row``) is the reference the stream used before
it kept event batches as dicts.
"""

from __future__ import annotations

import copy
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bench.redact_corpus.positive import positive_samples
from bench.samples import sample_events
from schemas import codec
from schemas.models import ConsentFlags, EventBatch
from sinks.blobs.filesystem import FilesystemBlobStore
from sinks.clickhouse import rows as R
from streams.blob_offload import move_dicts_to_blobs
from streams.decode import BatchRecord, Decoded, Source, decode_one
from streams.redact import RedactionConfig, Redactor
from streams.redact_events import DictRedaction
from tests.streams.reference import move_to_blobs, redact_event

SECRET_FIELDS = {
    "terminal_command": ("cwd", "command"),
    "terminal_output": ("chunk_text",),
    "file_edit": ("file_path", "patch_text"),
    "file_snapshot": ("content_text",),
    "test_run": ("command",),
    "debug_action": ("expression", "value_text"),
    "navigation": ("query", "file_path"),
    "thought": ("content_text",),
    "commit": ("message",),
    "pr_metadata": ("description",),
    "error": ("details_text",),
}


def _batch_dict(n: int = 120, seed: int = 5) -> dict[str, Any]:
    """A batch of the sample mix with secrets (and control characters) in text fields, some
    repeated past the blob limit (the rows tests cut at 600 bytes)."""
    batch = EventBatch(
        trace_id="216bdfec-fe65-55b9-aae4-e540c0a4ec96", events=sample_events(n, seed=seed)
    ).model_dump()
    secrets = [s.text for s in positive_samples()]
    for i, e in enumerate(batch["events"]):
        for j, name in enumerate(SECRET_FIELDS.get(e["type"], ())):
            if (i + j) % 2 == 0:
                e["payload"][name] = f"x\t\u00e9\x01 {secrets[(i + j) % len(secrets)]}\n" * (
                    1 + i % 16
                )
        e["context"]["workspace_root"] = "/home/dev/work/repo"
        e["context"]["branch"] = "fix/token=ghp_" + "A1b2" * 9 if i % 3 == 0 else "main"
    return batch


def _source(value: bytes, key: bytes | None = b"216bdfec-fe65-55b9-aae4-e540c0a4ec96") -> Source:
    return Source("raw", 0, 7, key, value)


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: b["events"][1].update(seq=b["events"][0]["seq"]),
        lambda b: b.update(trace_id=""),
        lambda b: b.update(events=[]),
    ],
)
def test_invalid_batches_become_the_same_dead_letters(mutate: Any) -> None:
    """A batch that fails as a whole (its envelope, or an order its valid events break)."""
    batch = EventBatch(
        trace_id="216bdfec-fe65-55b9-aae4-e540c0a4ec96", events=sample_events(30, seed=1)
    ).model_dump()
    mutate(batch)
    data = codec.encode_dict("fixtrace.EventBatch", batch)
    with pytest.raises(codec.InvalidRecord) as reference:
        codec.decode(data)
    dead = decode_one(_source(data))
    assert not isinstance(dead, Decoded)
    assert (dead.error_type, dead.reason, dead.stage) == ("InvalidRecord", str(reference.value),
                                                          "decode")  # fmt: skip


@pytest.mark.parametrize(
    "mutate",
    [
        lambda b: b["events"][0].update(seq=0),
        lambda b: b["events"][2].update(event_id=""),
        lambda b: b["events"][3].update(ts_ms=-1),
        lambda b: next(e for e in b["events"] if e["type"] == "test_run")["payload"].update(
            duration_ms=-5
        ),
        lambda b: next(e for e in b["events"] if e["type"] == "terminal_output")["payload"].update(
            chunk_blob_id="sha256:abc"
        ),
    ],
)
def test_invalid_events_are_cut_out_of_their_batch(mutate: Any) -> None:
    """One invalid event: the others are kept (as the model dumps them), it is dead-lettered."""
    batch = EventBatch(
        trace_id="216bdfec-fe65-55b9-aae4-e540c0a4ec96", events=sample_events(30, seed=1)
    ).model_dump()
    before = [e["event_id"] for e in batch["events"]]
    mutate(batch)
    data = codec.encode_dict("fixtrace.EventBatch", batch)
    with pytest.raises(codec.InvalidRecord):
        codec.decode(data)
    out = decode_one(_source(data))
    assert isinstance(out, Decoded) and isinstance(out.record, BatchRecord)
    assert out.dead is not None and out.dead.error_type == "InvalidEvent"
    assert out.dead.reason.startswith("1 of 30 events invalid") and out.dead.value == data
    kept = [e["event_id"] for e in out.record.events]
    assert len(kept) == 29 and set(kept) < set(before) | {""}


def test_valid_batch_decodes_to_the_model_dump() -> None:
    batch = _batch_dict(40)
    data = codec.encode_dict("fixtrace.EventBatch", batch)
    out = decode_one(_source(data))
    assert isinstance(out, Decoded) and isinstance(out.record, BatchRecord)
    model = codec.decode(data)
    assert out.record.events == [e.model_dump() for e in model.events]  # type: ignore[attr-defined]
    wrong_key = decode_one(_source(data, key=b"other"))
    assert not isinstance(wrong_key, Decoded) and wrong_key.error_type == "KeyMismatch"


@pytest.mark.parametrize("mode", ["redacted", "raw"])
@pytest.mark.parametrize(
    "consent",
    [None, ConsentFlags(), ConsentFlags(store_raw_code=True, store_terminal_output=False)],
)
def test_rows_and_blobs_equal_the_model_path(
    tmp_path: Path, mode: str, consent: ConsentFlags | None
) -> None:
    data = codec.encode_dict("fixtrace.EventBatch", _batch_dict())
    redactor = Redactor(RedactionConfig(mode=mode))  # type: ignore[arg-type]
    store = FilesystemBlobStore(tmp_path / "blobs")
    pool = ThreadPoolExecutor(2)
    limit = 600

    model = codec.decode(data)
    stored = [redact_event(e, consent, redactor) for e in model.events]  # type: ignore[attr-defined]
    stored, infos = move_to_blobs(stored, limit, store, pool)
    expected = R.event_rows("216bdfec-fe65-55b9-aae4-e540c0a4ec96", stored, 42)

    dicts = DictRedaction(redactor)
    for _ in range(2):  # the second pass exercises the memo of location strings
        out = decode_one(_source(data))
        assert isinstance(out, Decoded) and isinstance(out.record, BatchRecord)
        events = [dicts.event(e, consent) for e in out.record.events]
        before = copy.deepcopy(events)
        moved, dict_infos = move_dicts_to_blobs(events, limit, store, pool)
        assert events == before  # a retried commit sees the same events
        assert [
            R.event_row_dict("216bdfec-fe65-55b9-aae4-e540c0a4ec96", e, 42) for e in moved
        ] == expected
        assert [i.model_dump() for i in dict_infos] == [i.model_dump() for i in infos]
    assert any(row[20] for row in expected) and infos  # secrets found, blobs moved
