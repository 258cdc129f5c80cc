"""A per-run disk quota: everything a run can write lives on its own small file system.

Mechanism: a sparse image file of exactly the quota's size, formatted ext4 and
loop-mounted for the run. The run's workdir (a copy of the caller's), its ``/tmp`` and
its ``/dev/shm`` are folders of that file system; nothing else in the sandbox is
writable. When the run fills it, writes fail with ENOSPC and the host disk holds at most
the image. After the run the workdir's new content is copied back, the file system is
unmounted and the image deleted.

Why not the alternatives:
- a size-limited tmpfs (``bwrap --size``) is memory: a 4 GiB quota would be 4 GiB of RAM
  (or swap) per run, charged to the run's memory cgroup, so disk and memory limits would
  fight, and the checkout would still be on the host disk;
- project quotas (ext4/xfs ``prjquota``) need the host file system mounted with them and
  a project id per run, which a CI machine or a laptop does not have;
- a loop-mounted image needs only root (which the QA worker already is to drop to uid
  65534), ``mkfs.ext4`` (e2fsprogs, in every Debian) and loop devices. A sparse 4 GiB
  image without a journal, with packed metadata and lazily initialised inode tables has
  ~100 KiB written; it is formatted once per size (a template) and each run's image is a
  sparse copy of it (``copy_file_range`` over its data, well under a millisecond).

The copy in costs time in proportion to the workdir, the copy back only for what the run
changed; unmounting (which flushes what the run wrote into the image) and deleting the
image happen in the background after the run (``bench/sandbox_overhead.py`` measures it
all).
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import fcntl
import os
import queue
import shutil
import stat
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from qa_agents.sandbox.models import SandboxError

DEFAULT_QUOTA_MB = 4096
DEFAULT_DISK_DIR = Path("/var/tmp/fixtrace-sandbox-disks")
#: Free space below which a run counts as having filled its quota: ext4 answers ENOSPC
#: with a little space still free (its delayed-allocation reserve; 1.4 MiB measured on a
#: 1 GiB image), so "full" is "within max(4 MiB, 1/256 of the quota)".
FULL_MARGIN_BYTES = 4 << 20
FULL_MARGIN_FRACTION = 256
#: How long a run's disk must stay full before the run is stopped: a run that meets ENOSPC
#: gets to report it (or to free space) instead of dying before it can say why.
FULL_GRACE_S = 1.0
_TOOLS = ("mkfs.ext4", "mount")


class QuotaUnavailable(SandboxError):
    """The quota file system could not be made here (no root, no loop devices, ...)."""


@dataclass
class RunDisk:
    """The mounted file system of one run and the folders the sandbox binds from it."""

    image: Path
    mount: Path
    quota_mb: int
    notes: list[str] = field(default_factory=list)

    @property
    def work(self) -> Path:
        return self.mount / "work"

    @property
    def tmp(self) -> Path:
        return self.mount / "tmp"

    @property
    def shm(self) -> Path:
        return self.mount / "shm"

    def free(self) -> tuple[int, int]:
        """(bytes, inodes) the run can still use."""
        st = os.statvfs(self.mount)
        return st.f_bavail * st.f_frsize, st.f_favail

    def used_mb(self) -> float:
        """What the file system holds now (data and metadata), in MiB."""
        st = os.statvfs(self.mount)
        return (st.f_blocks - st.f_bfree) * st.f_frsize / (1 << 20)

    def full(self) -> bool:
        """True when the run can write no more (space or inodes exhausted)."""
        space, inodes = self.free()
        margin = max(FULL_MARGIN_BYTES, (self.quota_mb << 20) // FULL_MARGIN_FRACTION)
        return space < margin or inodes == 0

    def stays_full(self, grace_s: float = FULL_GRACE_S) -> Callable[[], bool]:
        """A watch for the run's driver: True once the disk has been full for ``grace_s``
        without a break (freeing space resets it)."""
        full_since: float | None = None

        def watch() -> bool:
            nonlocal full_since
            if not self.full():
                full_since = None
                return False
            now = time.monotonic()
            full_since = now if full_since is None else full_since
            return now - full_since >= grace_s

        return watch


def _run(argv: list[str], what: str) -> None:
    proc = subprocess.run(argv, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise QuotaUnavailable(f"{what} failed: {(proc.stderr or proc.stdout).strip()[:500]}")


LOCK_NAME = "lock"
"""Held (flock) by the process a run's disk belongs to; a run folder whose lock can be
taken belongs to a process that died mid-run."""


MAKING = ".making-"
"""Prefix of a run's folder until its lock is held (then renamed ``run-…``)."""
MAKING_STALE_S = 600.0
"""A ``.making-`` folder this old was left by a process that died while creating it."""


def _prepare_dir(disk_dir: Path) -> tuple[Path, int]:
    """A run's folder, and the locked fd that marks it as in use.

    The images' folder is root's and traversable (bwrap, as the sandbox uid, must reach the
    mount points) but not listable (runs must not find each other's). The folder is made
    and locked under a ``.making-`` name and renamed ``run-…`` only then: between creating
    a lock file and locking it, another worker's `sweep_stale` could take the free lock and
    delete the new run's folder (seen with four QA runs at once: ``disk.img`` "No such file
    or directory").
    """
    disk_dir.mkdir(parents=True, exist_ok=True)
    disk_dir.chmod(0o711)
    name = uuid.uuid4().hex
    making = disk_dir / f"{MAKING}{name}"
    making.mkdir(mode=0o711)
    making.chmod(0o711)
    lock = os.open(making / LOCK_NAME, os.O_CREAT | os.O_RDWR | os.O_CLOEXEC, 0o600)
    fcntl.flock(lock, fcntl.LOCK_EX)
    run_dir = disk_dir / f"run-{name}"
    making.rename(run_dir)
    return run_dir, lock


def sweep_stale(disk_dir: Path) -> list[Path]:
    """Unmount and delete the disks of runs whose process died (a crashed or killed QA
    worker): otherwise each would keep up to a quota of host disk for ever."""
    swept: list[Path] = []
    if not disk_dir.is_dir():
        return swept
    old = time.time() - MAKING_STALE_S
    made = [d for d in disk_dir.glob(f"{MAKING}*") if _mtime(d) < old]
    for run_dir in [*disk_dir.glob("run-*"), *made]:
        try:
            lock = os.open(run_dir / LOCK_NAME, os.O_RDWR | os.O_CLOEXEC)
        except OSError:
            continue  # being created or removed right now
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock)
            continue  # a live run
        try:
            _remove_run_dir(run_dir)
            swept.append(run_dir)
        finally:
            os.close(lock)
    return swept


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return time.time()  # gone meanwhile: not stale


def _remove_run_dir(run_dir: Path) -> None:
    mount = run_dir / "mnt"
    if os.path.ismount(mount):
        _unmount(mount)
    (run_dir / "disk.img").unlink(missing_ok=True)
    (run_dir / LOCK_NAME).unlink(missing_ok=True)
    with contextlib.suppress(OSError):
        mount.rmdir()
    with contextlib.suppress(OSError):
        run_dir.rmdir()


def _mkfs(image: Path, quota_mb: int) -> None:
    with image.open("wb") as fh:
        os.fchmod(fh.fileno(), 0o600)
        fh.truncate(quota_mb << 20)  # sparse: blocks are allocated only when written
    _run(
        [
            "mkfs.ext4", "-q", "-F", "-b", "4096", "-m", "0",
            # No journal (a throwaway file system), metadata packed at the start, no
            # backup superblocks: fewer scattered blocks written per run.
            "-O", "^has_journal,^resize_inode,sparse_super2",
            "-E", "num_backup_sb=0,packed_meta_blocks=1,lazy_itable_init=1,root_owner=0:0",
            str(image),
        ],
        "mkfs.ext4",
    )  # fmt: skip


def _template(disk_dir: Path, quota_mb: int) -> Path:
    """A formatted, never-mounted image of this size, made once per folder and size.

    Why: copying its few written blocks (~100 KiB, ``copy_file_range`` over its data
    segments) is cheaper than running ``mkfs.ext4`` for every run.
    """
    template = disk_dir / f"template-{quota_mb}M.img"
    if not template.exists():
        partial = disk_dir / f".template-{uuid.uuid4().hex}"
        try:
            _mkfs(partial, quota_mb)
            partial.rename(template)  # atomic: concurrent makers agree on the result
        finally:
            partial.unlink(missing_ok=True)
    return template


def _clone_sparse(src: Path, dst: Path) -> None:
    """Copy ``src`` to a new ``dst`` of the same size, writing only its data segments."""
    with src.open("rb") as fin, dst.open("wb") as fout:
        os.fchmod(fout.fileno(), 0o600)
        size = os.fstat(fin.fileno()).st_size
        fout.truncate(size)
        offset = 0
        while offset < size:
            try:
                start = os.lseek(fin.fileno(), offset, os.SEEK_DATA)
            except OSError:
                break  # only a hole is left
            end = os.lseek(fin.fileno(), start, os.SEEK_HOLE)
            done = start
            while done < end:
                n = os.copy_file_range(
                    fin.fileno(), fout.fileno(), end - done, offset_src=done, offset_dst=done
                )
                if n == 0:
                    break
                done += n
            offset = end


def _format_and_mount(image: Path, mount: Path, quota_mb: int) -> None:
    _clone_sparse(_template(image.parent.parent, quota_mb), image)
    mount.mkdir(mode=0o711)
    # noinit_itable: no background zeroing of inode tables (a sparse file reads as zeros).
    options = "loop,noinit_itable,nosuid,nodev,noatime"
    _run(["mount", "-t", "ext4", "-o", options, str(image), str(mount)], "mount")


def _remove(path: Path) -> None:
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink()


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_mode, a.st_size, a.st_mtime_ns) == (b.st_mode, b.st_size, b.st_mtime_ns)


#: Folders deeper than this below the workdir are not copied back (the folder at the limit
#: comes back empty, and the run's result says so): the host's own tools (``shutil.rmtree``
#: of a scratch folder, in every caller) recurse once per level and a run could otherwise
#: make a tree deep enough to crash them. No test suite nests folders this deep.
MAX_DEPTH = 128


def sync_back(src: Path, dst: Path, uid: int, gid: int, what: str = "copied back") -> list[str]:
    """Make ``dst`` hold what ``src`` holds, copying only entries that differ.

    Why not ``cp -a`` of everything: a checkout's files mostly come back unchanged, and
    copying them again doubled the cost of a large workdir. Never follows a symlink the
    run made; copies regular files, symlinks, folders and FIFOs (no sockets or devices);
    everything is owned by ``uid``/``gid`` with setuid/setgid bits dropped. An entry the
    run changed while keeping its size and mtime is taken as unchanged. Iterative, so a
    run's 2,000-deep folder tree does not exhaust the host's recursion limit. Returns
    notes on what was left out (folders past `MAX_DEPTH`).
    """
    folders: list[tuple[Path, Path, int]] = [(src, dst, 0)]
    made: list[tuple[Path, os.stat_result]] = []  # folders whose metadata is set last
    cut: list[str] = []
    while folders:
        src_dir, dst_dir, depth = folders.pop()
        if depth >= MAX_DEPTH:
            cut.append(str(dst_dir.relative_to(dst)))
            continue
        names = set(os.listdir(src_dir))
        for name in os.listdir(dst_dir):
            if name not in names:
                _remove(dst_dir / name)
        for name in sorted(names):
            s, d = src_dir / name, dst_dir / name
            st = os.lstat(s)
            try:
                dt: os.stat_result | None = os.lstat(d)
            except FileNotFoundError:
                dt = None
            if stat.S_ISDIR(st.st_mode):
                if dt is not None and not stat.S_ISDIR(dt.st_mode):
                    _remove(d)
                    dt = None
                if dt is None:
                    os.mkdir(d)
                folders.append((s, d, depth + 1))
                made.append((d, st))
                continue
            if (
                dt is not None
                and _same(st, dt)
                and (not stat.S_ISLNK(st.st_mode) or os.readlink(s) == os.readlink(d))
            ):
                continue
            if dt is not None:
                _remove(d)
            if stat.S_ISLNK(st.st_mode):
                os.symlink(os.readlink(s), d)
            elif stat.S_ISREG(st.st_mode):
                shutil.copyfile(s, d, follow_symlinks=False)
            elif stat.S_ISFIFO(st.st_mode):
                os.mkfifo(d)
            else:
                continue
            _set_meta(d, st, uid, gid)
    for d, st in reversed(made):  # deepest first: setting a folder's mtime is the last write
        _set_meta(d, st, uid, gid)
    return [
        f"workdir content deeper than {MAX_DEPTH} folders not {what}: {path[:200]}…"
        for path in cut[:3]
    ]


def _set_meta(path: Path, st: os.stat_result, uid: int, gid: int) -> None:
    os.lchown(path, uid, gid)
    if not stat.S_ISLNK(st.st_mode):
        os.chmod(path, stat.S_IMODE(st.st_mode) & 0o1777)
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns), follow_symlinks=False)


def check_tools() -> None:
    """Raise `QuotaUnavailable` unless this host can make quota file systems."""
    if os.geteuid() != 0:
        raise QuotaUnavailable("a per-run disk quota needs root (loop mounts)")
    missing = [tool for tool in _TOOLS if shutil.which(tool) is None]
    if missing:
        raise QuotaUnavailable(f"a per-run disk quota needs {', '.join(missing)} (e2fsprogs)")


@contextlib.contextmanager
def run_disk(
    workdir: Path,
    quota_mb: int,
    uid: int,
    gid: int,
    disk_dir: Path = DEFAULT_DISK_DIR,
) -> Iterator[RunDisk]:
    """Mount a fresh quota file system holding a copy of ``workdir`` lent to ``uid``.

    On exit the workdir is made to hold what the copy holds (`sync_back`, owned by the
    workdir's owner again), even when the run failed; the file system is then unmounted
    and deleted in the background (`settle` waits for it). Raises `QuotaUnavailable`
    when the file system cannot be made here, a plain `SandboxError` when the workdir is
    larger than the quota or cannot be copied back.
    """
    check_tools()
    sweep_stale(disk_dir)
    run_dir, lock = _prepare_dir(disk_dir)
    disk = RunDisk(image=run_dir / "disk.img", mount=run_dir / "mnt", quota_mb=quota_mb)
    try:
        _format_and_mount(disk.image, disk.mount, quota_mb)
        (disk.mount / "lost+found").rmdir()
        disk.mount.chmod(0o711)
        st = workdir.stat()
        disk.work.mkdir(mode=stat.S_IMODE(st.st_mode) & 0o1777)
        os.chown(disk.work, uid, gid)
        try:
            # The copy in, lent to the sandbox uid as it is made (same rules as the copy
            # back: no symlink followed, no setuid bit, FIFOs as FIFOs).
            disk.notes.extend(sync_back(workdir, disk.work, uid, gid, "copied in"))
        except OSError as exc:
            if exc.errno != errno.ENOSPC and not disk.full():
                raise SandboxError(f"copying {workdir} to its disk failed: {exc}") from exc
            # Not a missing feature: the checkout itself is too large. Say so; never run
            # without the quota because of what the repository holds.
            raise SandboxError(
                f"the workdir {workdir} does not fit in its {quota_mb} MiB disk quota "
                "(raise FIXTRACE_SANDBOX_DISK_QUOTA_MB)"
            ) from exc
        for private in (disk.tmp, disk.shm):
            private.mkdir(mode=0o700)
            os.chown(private, uid, gid)
        try:
            yield disk
        finally:
            try:
                disk.notes.extend(sync_back(disk.work, workdir, st.st_uid, st.st_gid))
            except OSError as exc:
                raise SandboxError(f"copying the run's workdir back failed: {exc}") from exc
    finally:
        _REAPER.discard(run_dir, lock)


class _Reaper:
    """Unmounts and deletes finished runs' disks in a background thread.

    Why not inline: freeing even a few MiB of an image's blocks costs 15-50 ms on this
    host's file system (measured: ``unlink`` of a formatted sparse image, whatever its
    size), about as much as the rest of the sandbox's start-up; the run's result does not
    wait for it. The run's folder stays locked until its disk is gone, so a process that
    exits first leaves a folder the next run sweeps (`sweep_stale`). `settle` waits for
    the queue (tests, and callers that must see the host disk freed).
    """

    def __init__(self) -> None:
        self.queue: queue.Queue[tuple[Path, int]] = queue.Queue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()

    def discard(self, run_dir: Path, lock_fd: int) -> None:
        with self.lock:
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(
                    target=self._work, name="fixtrace-disk-reaper", daemon=True
                )
                self.thread.start()
        self.queue.put((run_dir, lock_fd))

    def _work(self) -> None:
        while True:
            run_dir, lock_fd = self.queue.get()
            try:
                _remove_run_dir(run_dir)
            except OSError:
                pass  # left locked-free: the next run's sweep retries
            finally:
                os.close(lock_fd)
                self.queue.task_done()

    def settle(self) -> None:
        self.queue.join()


_REAPER = _Reaper()


def settle() -> None:
    """Wait until every finished run's disk is unmounted and deleted."""
    _REAPER.settle()


_libc = ctypes.CDLL(None, use_errno=True)
_MNT_DETACH = 2


def _unmount(mount: Path) -> None:
    """Unmount with umount(2) (no helper process; the loop device is released with it:
    mount's ``loop`` sets autoclear). A file still held open (a run's process being reaped)
    makes it busy: then detach lazily."""
    path = os.fsencode(mount)
    if _libc.umount2(path, 0) != 0:
        _libc.umount2(path, _MNT_DETACH)
