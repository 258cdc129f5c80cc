"""Read, inspect and requeue the dead-letter topic.

Reading stops at the high-watermark that fetch responses report, never at ``end_offsets``:
Tansu's ListOffsets "latest" returns the last batch's base offset + 1, so it can be one
batch short. A bounded number of
empty polls also ends the read, so an unreachable watermark cannot hang the command.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence

from aiokafka import AIOKafkaConsumer, AIOKafkaProducer, TopicPartition
from pydantic import BaseModel, ConfigDict

from schemas.codec import CodecError, decode, decode_dict
from schemas.models import DeadLetter


class DlqError(RuntimeError):
    """The dead-letter topic cannot be read or a selection does not exist."""


class DlqEntry(BaseModel):
    """One dead-letter record: where it sits in the DLQ, and the letter if it decodes."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    partition: int
    offset: int
    timestamp_ms: int | None
    key: bytes | None
    raw: bytes
    letter: DeadLetter | None = None
    decode_error: str | None = None

    @property
    def ref(self) -> str:
        """``partition:offset``, the id ``show`` and ``requeue`` accept."""
        return f"{self.partition}:{self.offset}"


class RequeueResult(BaseModel):
    """What requeue did (or would do, in a dry run) with one entry."""

    ref: str
    target_topic: str | None
    key: bytes | None
    size: int
    sent: bool
    skipped: str | None = None


def parse_ref(text: str) -> tuple[int, int]:
    """``P:O`` → (P, O); a bare ``O`` means partition 0 (the DLQ has one by default)."""
    part, sep, off = text.strip().partition(":")
    try:
        return (int(part), int(off)) if sep else (0, int(part))
    except ValueError as exc:
        raise DlqError(f"want OFFSET or PARTITION:OFFSET, got {text!r}") from exc


def to_entry(
    partition: int, offset: int, ts: int | None, key: bytes | None, raw: bytes
) -> DlqEntry:
    """Decode one DLQ record; an undecodable one is still listed, with the reason."""
    entry = DlqEntry(partition=partition, offset=offset, timestamp_ms=ts, key=key, raw=raw)
    try:
        letter = decode(raw)
    except CodecError as exc:
        entry.decode_error = f"{type(exc).__name__}: {exc}"
        return entry
    if not isinstance(letter, DeadLetter):
        entry.decode_error = f"not a DeadLetter record: {type(letter).__name__}"
    else:
        entry.letter = letter
    return entry


async def read_dlq(
    bootstrap: str,
    topic: str,
    *,
    poll_ms: int = 500,
    max_idle_polls: int = 3,
    deadline_s: float = 60.0,
    limit: int | None = None,
) -> list[DlqEntry]:
    """Every record of ``topic`` from the beginning, in (partition, offset) order."""
    consumer = AIOKafkaConsumer(
        bootstrap_servers=bootstrap, group_id=None, enable_auto_commit=False,
        auto_offset_reset="earliest",
    )  # fmt: skip
    await consumer.start()
    try:
        await consumer.topics()  # refresh metadata so the topic's partitions are known
        parts = consumer.partitions_for_topic(topic)
        if not parts:
            raise DlqError(f"topic {topic!r} does not exist on {bootstrap}")
        tps = [TopicPartition(topic, p) for p in sorted(parts)]
        consumer.assign(tps)
        await consumer.seek_to_beginning(*tps)
        entries: list[DlqEntry] = []
        idle, stop_at = 0, time.monotonic() + deadline_s
        while time.monotonic() < stop_at:
            batch = await consumer.getmany(*tps, timeout_ms=poll_ms)
            for tp, records in batch.items():
                entries.extend(
                    to_entry(tp.partition, r.offset, r.timestamp, r.key, r.value or b"")
                    for r in records
                )
            if limit is not None and len(entries) >= limit:
                break
            if await _caught_up(consumer, tps):
                break
            idle = 0 if batch else idle + 1
            if idle >= max_idle_polls:
                break
    finally:
        await consumer.stop()
    entries.sort(key=lambda e: (e.partition, e.offset))
    return entries[:limit] if limit is not None else entries


async def _caught_up(consumer: AIOKafkaConsumer, tps: Sequence[TopicPartition]) -> bool:
    """Whether every partition's position reached the high-watermark of its last fetch."""
    for tp in tps:
        high = consumer.highwater(tp)
        if high is None or await consumer.position(tp) < high:
            return False
    return True


def select(entries: Iterable[DlqEntry], refs: Sequence[str]) -> list[DlqEntry]:
    """The entries named by ``refs`` (``P:O`` or ``O``), in the order given."""
    by_ref = {(e.partition, e.offset): e for e in entries}
    out = []
    for ref in refs:
        key = parse_ref(ref)
        if key not in by_ref:
            raise DlqError(f"no dead letter at {key[0]}:{key[1]}")
        out.append(by_ref[key])
    return out


async def requeue(
    bootstrap: str,
    entries: Sequence[DlqEntry],
    *,
    allowed_topics: Iterable[str] | None = None,
    dry_run: bool = False,
) -> list[RequeueResult]:
    """Send each letter's original bytes back to its source topic with its original key.

    Safe to repeat: every sink downstream is idempotent (event ids, ReplacingMergeTree keys).
    ``allowed_topics`` (the pipeline's topics) guards against replaying into a stranger.
    """
    allowed = set(allowed_topics) if allowed_topics is not None else None
    plans: list[RequeueResult] = []
    for e in entries:
        letter = e.letter
        skipped = None
        if letter is None:
            skipped = f"undecodable dead letter ({e.decode_error})"
        elif allowed is not None and letter.source_topic not in allowed:
            skipped = f"source topic {letter.source_topic!r} is not a pipeline topic"
        elif not letter.value:
            skipped = "the letter does not carry the record's bytes (see its reason)"
        plans.append(RequeueResult(
            ref=e.ref, target_topic=letter.source_topic if letter else None,
            key=letter.key if letter else None, size=len(letter.value) if letter else 0,
            sent=False, skipped=skipped,
        ))  # fmt: skip
    todo = [(p, e) for p, e in zip(plans, entries, strict=True) if p.skipped is None]
    if dry_run or not todo:
        return plans
    producer = AIOKafkaProducer(bootstrap_servers=bootstrap, acks="all", enable_idempotence=False)
    await producer.start()
    try:
        for plan, e in todo:
            assert e.letter is not None
            await producer.send_and_wait(e.letter.source_topic, e.letter.value, key=e.letter.key)
            plan.sent = True
    finally:
        await producer.stop()
    return plans


def hexdump(data: bytes, *, limit: int = 256, width: int = 16) -> str:
    """Classic offset / hex / ASCII lines of the first ``limit`` bytes."""
    lines = []
    for start in range(0, min(len(data), limit), width):
        chunk = data[start : start + width]
        hexes = " ".join(f"{b:02x}" for b in chunk)
        text = "".join(chr(b) if 32 <= b < 127 else "." for b in chunk)
        lines.append(f"{start:08x}  {hexes:<{width * 3 - 1}}  {text}")
    if len(data) > limit:
        lines.append(f"… {len(data) - limit} more bytes")
    return "\n".join(lines)


def utf8_preview(data: bytes, *, limit: int = 1000) -> str:
    """The bytes as UTF-8 (bad sequences replaced), clipped."""
    text = data[:limit].decode("utf-8", errors="replace")
    return text + (f"… ({len(data) - limit} more bytes)" if len(data) > limit else "")


def describe_original(value: bytes) -> str:
    """What the codec makes of the original record: its type, or why it fails."""
    try:
        name, record = decode_dict(value)
    except CodecError as exc:
        return f"{type(exc).__name__}: {exc}"
    trace = record.get("trace_id")
    extra = f", {len(record['events'])} event(s)" if isinstance(record.get("events"), list) else ""
    try:
        decode(value)
        valid = "valid"
    except CodecError as exc:
        valid = f"decodes but fails validation: {exc}"
    return f"{name} (trace {trace}{extra}): {valid}"
