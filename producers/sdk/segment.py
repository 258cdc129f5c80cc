"""One spool segment file: appended through a shared memory map, or with ``write``.

Why a map (``durability="write"``): a ``write`` syscall per emit was the largest single
cost of emit in the profile, and a copy into a ``MAP_SHARED`` mapping costs a fraction of
it. The copy lands in the kernel's page cache, the same place ``write`` puts it, so a crash
of the process loses nothing once the copy returned.

Why ``write`` for ``durability="fsync"``: there ``fdatasync`` of a mapped page measured
about twice as slow as of a written one, and a syscall is noise beside it.

The file grows in ``grow``-byte steps written as zeros first: a full disk is then an
``OSError`` at growth (on file systems that reserve space at ``write``, e.g. ext4), not a
``SIGBUS`` on a store into a hole, and a store into such a page faults more cheaply than
into a ``posix_fallocate`` reservation. The reserved tail reads as zeros, which recovery
treats as the end of the log. ``close`` cuts the file back to the bytes appended.
(Figures: ``producers/sdk/README.md``.)
"""

from __future__ import annotations

import mmap
import os
from pathlib import Path

_PAGE = mmap.PAGESIZE


class AppendFile:
    """An append-only file written with ``write`` (one syscall per append)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self.size = 0

    def append(self, data: bytes) -> None:
        view = memoryview(data)
        while view:  # a regular file takes it all at once; the loop is for the odd case
            view = view[os.write(self.fd, view) :]
        self.size += len(data)

    def sync(self) -> None:
        """Make every append durable against power loss."""
        os.fdatasync(self.fd)

    def close(self, *, sync: bool) -> None:
        if self.fd >= 0:
            if sync:
                os.fsync(self.fd)
            os.close(self.fd)
            self.fd = -1


class MappedFile:
    """An append-only file written through ``mmap``. Owned by one thread."""

    def __init__(self, path: Path, grow: int = 1 << 20) -> None:
        self.path = path
        self.grow = max(_PAGE, grow // _PAGE * _PAGE)
        self.fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        self.size = 0  # bytes appended
        self._cap = 0  # bytes reserved and mapped
        self._map: mmap.mmap | None = None

    def append(self, data: bytes) -> None:
        """Copy ``data`` after the last append (grows the file when needed)."""
        pos = self.size
        end = pos + len(data)
        if end > self._cap:
            self._reserve(end)
        self._map[pos:end] = data  # type: ignore[index]
        self.size = end

    def _reserve(self, end: int) -> None:
        cap = max(self._cap + self.grow, -(-end // _PAGE) * _PAGE)
        zeros = memoryview(bytes(cap - self._cap))
        while zeros:
            zeros = zeros[os.pwrite(self.fd, zeros, cap - len(zeros)) :]
        if self._map is not None:
            self._map.close()
        self._map = mmap.mmap(self.fd, cap)
        self._cap = cap

    def sync(self) -> None:
        """Make every append durable against power loss."""
        os.fdatasync(self.fd)

    def close(self, *, sync: bool) -> None:
        """Unmap, cut the reserved tail, optionally ``fsync``, close."""
        if self.fd < 0:
            return
        if self._map is not None:
            self._map.close()
            self._map = None
        os.ftruncate(self.fd, self.size)
        if sync:
            os.fsync(self.fd)
        os.close(self.fd)
        self.fd = -1
