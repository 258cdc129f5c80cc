"""Durable local spool: an append-only, CRC-framed write-ahead log in segment files.

Every record the SDK accepts is appended here *before* ``emit`` returns, so a crash of the
client process loses nothing it accepted (``durability="write"``: the bytes are in the
kernel; ``"fsync"`` also survives power loss, at the cost measured in bench/sdk_bench.py).
Entries stay pending until Kafka acknowledges them; a segment is deleted once it is sealed
and fully acknowledged. After a crash, every entry of the remaining segments is re-sent in
order (at-least-once: a few already-acknowledged entries may be sent again; the stream
dedupes by ``event_id``).

Entry layout: ``u32 body length | u32 crc32(body) | body`` where body is
``u8 kind | u16 trace-id length | trace id | record bytes``. A torn tail (crash mid-write)
fails its CRC or length and is truncated on open.
"""

from __future__ import annotations

import bisect
import os
import struct
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Literal

Durability = Literal["write", "fsync"]
_HEAD = struct.Struct("<II")
_TID = struct.Struct("<BH")


class Kind(IntEnum):
    """What an entry holds: a whole record (open/finalize) or one encoded event."""

    opened = 1
    event = 2
    finalize = 3


@dataclass(slots=True)
class Entry:
    idx: int
    kind: Kind
    trace_id: str
    body: bytes


@dataclass
class _Segment:
    first: int
    path: Path
    count: int = 0
    acked: set[int] = field(default_factory=set)

    @property
    def done(self) -> bool:
        return len(self.acked) >= self.count


class Spool:
    """The write-ahead log of one SDK client. Not thread-safe: owned by its event loop."""

    def __init__(
        self,
        directory: Path,
        *,
        durability: Durability = "write",
        segment_bytes: int = 16 << 20,
    ) -> None:
        self.dir = Path(directory)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.durability = durability
        self.segment_bytes = segment_bytes
        self._segments: list[_Segment] = []
        self._firsts: list[int] = []
        self._fd = -1
        self._size = 0
        self.next_idx = 0
        self._prefixes: dict[tuple[Kind, str], tuple[bytes, int]] = {}
        self._recover()
        self._open_segment()

    # --- recovery -----------------------------------------------------------------

    def _recover(self) -> None:
        """Scan existing segments; truncate a torn tail; every entry found is pending."""
        for path in sorted(self.dir.glob("seg-*.wal")):
            first = int(path.stem.split("-")[1])
            seg = _Segment(first, path)
            data = path.read_bytes()
            pos = 0
            idx = first
            while pos + _HEAD.size <= len(data):
                length, crc = _HEAD.unpack_from(data, pos)
                body = data[pos + _HEAD.size : pos + _HEAD.size + length]
                if len(body) < length or zlib.crc32(body) != crc:
                    break
                idx += 1
                pos += _HEAD.size + length
            if pos < len(data):
                with path.open("r+b") as fh:
                    fh.truncate(pos)
            seg.count = idx - first
            self._add_segment(seg)
            self.next_idx = max(self.next_idx, idx)

    # --- writing ------------------------------------------------------------------

    def _add_segment(self, seg: _Segment) -> None:
        self._segments.append(seg)
        self._firsts.append(seg.first)

    def _open_segment(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
        path = self.dir / f"seg-{self.next_idx:020d}.wal"
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._size = 0
        self._add_segment(_Segment(self.next_idx, path))
        self._fsync_dir()

    def _fsync_dir(self) -> None:
        fd = os.open(self.dir, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def _prefix(self, kind: Kind, trace_id: str) -> tuple[bytes, int]:
        """The entry-body prefix of (kind, trace) and its CRC, cached.

        Why: the CRC of ``prefix + record`` is chained from the prefix's CRC, so emit
        neither re-encodes the trace id nor concatenates before hashing.
        """
        key = (kind, trace_id)
        hit = self._prefixes.get(key)
        if hit is None:
            if len(self._prefixes) >= 4096:
                self._prefixes.clear()
            tid = trace_id.encode()
            pre = _TID.pack(kind, len(tid)) + tid
            hit = self._prefixes[key] = (pre, zlib.crc32(pre))
        return hit

    def _write(self, frame: bytes, count: int) -> int:
        if self._size >= self.segment_bytes:
            self._open_segment()
        done = os.write(self._fd, frame)
        if done < len(frame):  # a regular file takes it all at once; this is the odd case
            view = memoryview(frame)[done:]
            while view:
                view = view[os.write(self._fd, view) :]
        if self.durability == "fsync":
            os.fdatasync(self._fd)
        self._size += len(frame)
        self._segments[-1].count += count
        idx = self.next_idx
        self.next_idx += count
        return idx

    def append(self, kind: Kind, trace_id: str, record: bytes) -> int:
        """Append one entry durably (per ``durability``) with one write; return its index."""
        pre, crc = self._prefix(kind, trace_id)
        head = _HEAD.pack(len(pre) + len(record), zlib.crc32(record, crc))
        return self._write(b"".join((head, pre, record)), 1)

    def append_many(self, kind: Kind, trace_id: str, records: list[bytes]) -> int:
        """Append several entries of one trace with a single write; return the first index.

        Why: the write syscall is a fixed cost per call, so a bulk emit pays it once. A
        crash mid-write leaves a prefix of the entries (the torn one is truncated on open).
        """
        pre, crc = self._prefix(kind, trace_id)
        n = len(pre)
        parts: list[bytes] = []
        add = parts.append
        pack = _HEAD.pack
        crc32 = zlib.crc32
        for rec in records:
            add(pack(n + len(rec), crc32(rec, crc)))
            add(pre)
            add(rec)
        return self._write(b"".join(parts), len(records))

    # --- acknowledgement ----------------------------------------------------------

    def ack(self, idxs: list[int]) -> None:
        """Mark entries as acknowledged by Kafka; delete sealed segments now fully acked."""
        seg, lo, hi = None, 0, -1
        for idx in idxs:
            if not lo <= idx < hi:  # a record's entries mostly share one segment
                i = bisect.bisect_right(self._firsts, idx) - 1
                if i < 0:
                    seg, lo, hi = None, 0, -1
                    continue
                seg = self._segments[i]
                lo = seg.first
                nxt = self._firsts[i + 1] if i + 1 < len(self._firsts) else None
                hi = nxt if nxt is not None else self.next_idx
            if seg is not None:
                seg.acked.add(idx)
        self._collect()

    def _collect(self) -> None:
        while len(self._segments) > 1 and self._segments[0].done:
            seg = self._segments.pop(0)
            self._firsts.pop(0)
            seg.path.unlink(missing_ok=True)

    def is_acked(self, idx: int) -> bool:
        i = bisect.bisect_right(self._firsts, idx) - 1
        return i < 0 or idx in self._segments[i].acked

    @property
    def pending(self) -> int:
        """How many appended entries Kafka has not acknowledged yet."""
        return sum(s.count - len(s.acked) for s in self._segments)

    def rotate_if_idle(self) -> None:
        """When nothing is pending, start a fresh segment and drop the old ones."""
        if self.pending == 0 and self._segments[-1].count:
            self._open_segment()
            self._collect()

    # --- reading back (drain after an outage) -------------------------------------

    def read_pending(self, start_idx: int = 0) -> Iterator[Entry]:
        """Pending entries with index >= ``start_idx``, in append order, from disk."""
        for seg in list(self._segments):
            if seg.first + seg.count <= start_idx:
                continue
            try:
                data = seg.path.read_bytes()
            except FileNotFoundError:
                continue
            pos, idx = 0, seg.first
            end = seg.first + seg.count
            while idx < end and pos + _HEAD.size <= len(data):
                length, _crc = _HEAD.unpack_from(data, pos)
                body = data[pos + _HEAD.size : pos + _HEAD.size + length]
                pos += _HEAD.size + length
                if idx >= start_idx and idx not in seg.acked:
                    kind, tlen = _TID.unpack_from(body)
                    tid = body[_TID.size : _TID.size + tlen].decode()
                    yield Entry(idx, Kind(kind), tid, body[_TID.size + tlen :])
                idx += 1

    def close(self) -> None:
        """Close the file; delete every segment if nothing is pending."""
        if self._fd >= 0:
            if self.durability == "write":
                os.fsync(self._fd)
            os.close(self._fd)
            self._fd = -1
        if self.pending == 0:
            for seg in self._segments:
                seg.path.unlink(missing_ok=True)
            self._segments.clear()
            self._firsts.clear()
