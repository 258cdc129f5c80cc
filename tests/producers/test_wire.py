"""The hand-framed batch bytes equal the codec's, and decode."""

from producers.wire import EventFramer
from schemas.codec import decode, encode
from schemas.models import EventBatch
from schemas.samples import sample_events


def test_framed_batch_equals_codec_encoding() -> None:
    framer = EventFramer()
    events = sample_events(300, seed=3)
    bodies = [framer.encode_event(e.model_dump()) for e in events]
    producer = {"client": "t", "version": None, "host": None}
    framed = framer.frame("trace-1", bodies, 42, producer)
    ref = EventBatch(trace_id="trace-1", sent_at_ms=42, events=events, producer=producer)
    assert framed == encode(ref)
    assert decode(framed) == ref
