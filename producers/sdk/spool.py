"""Durable local spool: an append-only, CRC-framed write-ahead log in segment files.

Every record the SDK accepts is appended here *before* ``emit`` returns, so a crash of the
client process loses nothing it accepted (``durability="write"``: the bytes are in the
kernel's page cache, copied there through a shared mapping, see ``segment.py``; ``"fsync"``
also survives power loss: a ``write`` and an ``fdatasync`` per append, at the cost measured
in bench/sdk_bench.py).
Entries stay pending until Kafka acknowledges them; a segment is deleted once it is sealed
and fully acknowledged. After a crash, every entry of the remaining segments is re-sent in
order (at-least-once: a few already-acknowledged entries may be sent again; the stream
dedupes by ``event_id``).

Entry layout: ``u32 body length | u32 crc32(body) | body`` where body is
``u8 kind | u16 trace-id length | trace id | record bytes``. A torn tail (crash mid-copy)
fails its CRC or length and is truncated on open; a zero-filled tail is space a segment
reserved ahead of its appends (a zero length ends the log) and is left as it is.

One process writes a spool at a time: it holds an exclusive ``flock`` on ``.lock`` while
open (a second opener gets :class:`SpoolBusy`, or waits ``wait_s``), so a client sending
another's leftovers (``producers.sdk.orphans``) never races its owner. ``spool.json``
names the topic the records are for. A spool closed with nothing pending removes its
folder.
"""

from __future__ import annotations

import bisect
import contextlib
import fcntl
import json
import os
import struct
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Literal

from producers.sdk.errors import SdkError
from producers.sdk.segment import AppendFile, MappedFile

Durability = Literal["write", "fsync"]
_HEAD = struct.Struct("<II")
_TID = struct.Struct("<BH")
_pack = _HEAD.pack
_crc32 = zlib.crc32
LOCK_FILE = ".lock"
LABEL_FILE = "spool.json"


class SpoolBusy(SdkError):
    """Another live process has this spool open."""


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
    size: int = 0  # bytes of whole entries
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
        grow_bytes: int = 1 << 20,
        topic: str | None = None,
        wait_s: float = 0.0,
    ) -> None:
        """Open (or create) the spool in ``directory``, locked for this process.

        ``topic`` is recorded in ``spool.json`` for whoever sends the records later;
        ``wait_s`` is how long to wait for another process to close the spool.
        """
        self.dir = Path(directory)
        self._lock_fd = _lock(self.dir, wait_s)
        if topic is not None:
            (self.dir / LABEL_FILE).write_text(json.dumps({"topic": topic}))
        self.durability = durability
        self.segment_bytes = segment_bytes
        self.grow_bytes = grow_bytes
        self._sync = durability == "fsync"
        self._segments: list[_Segment] = []
        self._firsts: list[int] = []
        self._file: MappedFile | AppendFile | None = None
        self.next_idx = 0
        self._prefixes: dict[Kind, dict[str, tuple[bytes, int]]] = {k: {} for k in Kind}
        self._recover()
        self._open_segment()

    # --- recovery -----------------------------------------------------------------

    def _recover(self) -> None:
        """Scan existing segments; truncate a torn tail; every entry found is pending."""
        for path in _segment_files(self.dir):
            first = int(path.stem.split("-")[1])
            seg = _Segment(first, path)
            data = path.read_bytes()
            count, pos = _scan(data)
            if data.count(0, pos) < len(data) - pos:  # a torn entry, not reserved zeros
                with path.open("r+b") as fh:
                    fh.truncate(pos)
            seg.count = count
            seg.size = pos
            self._add_segment(seg)
            self.next_idx = max(self.next_idx, first + count)

    # --- writing ------------------------------------------------------------------

    def _add_segment(self, seg: _Segment) -> None:
        self._segments.append(seg)
        self._firsts.append(seg.first)

    def _open_segment(self) -> None:
        if self._file is not None:
            self._file.close(sync=False)  # "fsync" synced each append already
        path = self.dir / f"seg-{self.next_idx:020d}.wal"
        if self._sync:
            self._file = AppendFile(path)
        else:
            self._file = MappedFile(path, self.grow_bytes)
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
        cache = self._prefixes[kind]
        hit = cache.get(trace_id)
        if hit is None:
            if len(cache) >= 4096:
                cache.clear()
            tid = trace_id.encode()
            pre = _TID.pack(kind, len(tid)) + tid
            hit = cache[trace_id] = (pre, zlib.crc32(pre))
        return hit

    def _write(self, frame: bytes, count: int) -> int:
        file = self._file
        if file is None or file.size >= self.segment_bytes:
            file = self._next_file()
        file.append(frame)
        if self._sync:
            file.sync()
        seg = self._segments[-1]
        seg.size = file.size
        seg.count += count
        idx = self.next_idx
        self.next_idx = idx + count
        return idx

    def _next_file(self) -> MappedFile | AppendFile:
        if self._file is None:
            raise ValueError("spool is closed")
        self._open_segment()
        return self._file  # type: ignore[return-value]

    def append(self, kind: Kind, trace_id: str, record: bytes) -> int:
        """Append one entry durably (per ``durability``) with one copy; return its index."""
        pre, crc = self._prefixes[kind].get(trace_id) or self._prefix(kind, trace_id)
        frame = b"".join((_pack(len(pre) + len(record), _crc32(record, crc)), pre, record))
        return self._write(frame, 1)

    def append_many(self, kind: Kind, trace_id: str, records: list[bytes]) -> int:
        """Append several entries of one trace with a single copy; return the first index.

        Why: the copy (and ``fdatasync`` in "fsync" mode) is a fixed cost per call, so a bulk
        emit pays it once. A crash mid-copy leaves a prefix of the entries (the torn one is
        truncated on open).
        """
        pre, crc = self._prefixes[kind].get(trace_id) or self._prefix(kind, trace_id)
        n = len(pre)
        parts = [pre] * (3 * len(records))  # head, prefix, record per entry
        parts[0::3] = [_pack(n + len(rec), _crc32(rec, crc)) for rec in records]
        parts[2::3] = records
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

    @property
    def resend_count(self) -> int:
        """Entries the next opener of this spool will send again: every entry of the
        segments still on disk, acknowledged ones included (acks live in memory only;
        :func:`backlog` counts the same). Zero once nothing is pending (close removes them)."""
        return sum(s.count for s in self._segments) if self.pending else 0

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
                with seg.path.open("rb") as fh:
                    data = fh.read(seg.size)  # not the zeros reserved past the last entry
            except FileNotFoundError:
                continue
            for entry in _entries(data, seg.first, seg.count):
                if entry.idx >= start_idx and entry.idx not in seg.acked:
                    yield entry

    def close(self) -> None:
        """Close the file and release the lock; remove the spool if nothing is pending."""
        if self._file is not None:
            # a clean close makes pending entries power-safe too; "fsync" did at each append
            self._file.close(sync=self.durability == "write" and self.pending > 0)
            self._file = None
        if self.pending == 0:
            for seg in self._segments:
                seg.path.unlink(missing_ok=True)
            self._segments.clear()
            self._firsts.clear()
            if self._lock_fd >= 0:  # still ours: nobody can be writing it
                (self.dir / LABEL_FILE).unlink(missing_ok=True)
                (self.dir / LOCK_FILE).unlink(missing_ok=True)
                with contextlib.suppress(OSError):  # not empty: someone else's files
                    self.dir.rmdir()
        if self._lock_fd >= 0:
            os.close(self._lock_fd)
            self._lock_fd = -1


def _lock(directory: Path, wait_s: float) -> int:
    """An exclusive lock on ``directory``'s spool, created if missing; held until close.

    The lock file's inode is checked after locking: an owner that removed the spool
    (closed with nothing pending) leaves the lock on a dead file, so lock the new one.
    """
    path = directory / LOCK_FILE
    deadline = time.monotonic() + wait_s
    while True:
        directory.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError:  # the folder went between mkdir and open
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            if time.monotonic() >= deadline:
                raise SpoolBusy(f"spool {directory} is in use by another process") from None
            time.sleep(0.05)
            continue
        try:
            current = os.stat(path).st_ino
        except FileNotFoundError:
            current = -1
        if current == os.fstat(fd).st_ino:
            return fd
        os.close(fd)


def _segment_files(directory: Path) -> list[Path]:
    return sorted(directory.glob("seg-*.wal"))


def _scan(data: bytes) -> tuple[int, int]:
    """(whole entries, end offset of the last one) of a segment's bytes."""
    pos = count = 0
    while pos + _HEAD.size <= len(data):
        length, crc = _HEAD.unpack_from(data, pos)
        body = data[pos + _HEAD.size : pos + _HEAD.size + length]
        if length < _TID.size or len(body) < length or zlib.crc32(body) != crc:
            break
        count += 1
        pos += _HEAD.size + length
    return count, pos


def backlog(directory: Path) -> int:
    """Entries a spool holds on disk (read only, no lock): what its next opener re-sends."""
    total = 0
    for path in _segment_files(Path(directory)):
        with contextlib.suppress(OSError):
            total += _scan(path.read_bytes())[0]
    return total


def _entries(data: bytes, first: int, count: int) -> Iterator[Entry]:
    """The first ``count`` entries of a segment's bytes, numbered from ``first``."""
    pos = 0
    for idx in range(first, first + count):
        if pos + _HEAD.size > len(data):
            return
        length, _crc = _HEAD.unpack_from(data, pos)
        body = data[pos + _HEAD.size : pos + _HEAD.size + length]
        pos += _HEAD.size + length
        kind, tlen = _TID.unpack_from(body)
        yield Entry(idx, Kind(kind), body[_TID.size : _TID.size + tlen].decode(),
                    body[_TID.size + tlen :])  # fmt: skip


def read_entries(directory: Path) -> Iterator[Entry]:
    """Every entry on disk, in order (read only, no lock; for inspection and tests)."""
    for path in _segment_files(Path(directory)):
        data = path.read_bytes()
        yield from _entries(data, int(path.stem.split("-")[1]), _scan(data)[0])


def spool_topic(directory: Path) -> str | None:
    """The topic recorded in a spool's ``spool.json``, if any."""
    try:
        return str(json.loads((Path(directory) / LABEL_FILE).read_text())["topic"])
    except (OSError, ValueError, KeyError, TypeError):
        return None
