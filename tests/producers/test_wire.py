"""The hand-framed batch bytes equal the codec's, and decode."""

from bench.samples import sample_events
from producers.wire import EventFramer
from schemas.codec import decode, encode
from schemas.models import EventBatch


def test_framed_batch_equals_codec_encoding() -> None:
    framer = EventFramer()
    events = sample_events(300, seed=3)
    bodies = [framer.encode_event(e.model_dump()) for e in events]
    producer = {"client": "t", "version": None, "host": None}
    framed = framer.frame("22bb7739-8f8d-5daf-af76-810eb1a0563b", bodies, 42, producer)
    ref = EventBatch(
        trace_id="22bb7739-8f8d-5daf-af76-810eb1a0563b",
        sent_at_ms=42,
        events=events,
        producer=producer,
    )
    assert framed == encode(ref)
    assert decode(framed) == ref


def test_encode_fields_equals_encode_event() -> None:
    """The SDK's envelope-by-parts path writes the generic writer's bytes."""
    framer = EventFramer()
    actor = {"kind": "agent", "id": "swe-1"}
    context = {
        "workspace_root": "/r",
        "branch": "main",
        "commit_head": None,
        "correlation_id": "c",
        "parent_event_id": None,
    }
    for e in sample_events(500, seed=4):
        d = e.model_dump()
        plain = framer.encode_fields(d["event_id"], d["seq"], d["ts_ms"], d["type"], d["payload"])
        assert plain == framer.encode_event(d)
        tagged = framer.encode_fields(
            d["event_id"], d["seq"], d["ts_ms"], d["type"], d["payload"], actor, context
        )
        assert tagged == framer.encode_event({**d, "actor": actor, "context": context})
